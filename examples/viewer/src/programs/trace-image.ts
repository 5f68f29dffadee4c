/**
 * The digitiser's automatic trace, shared by the page, the comet script and the tests: RGBA
 * pixels -> a mask (alpha, dark or light pixels against a threshold) -> `traceOutline`
 * (marching squares) -> `simplifyContour` (Douglas-Peucker) -> `normalizeContour` ->
 * `formatContour`. Pure: no DOM, so Node makes exactly the contour the page makes.
 */
import {
  formatContour,
  normalizeContour,
  simplifyContour,
  traceOutline,
} from '@contactkit/collision2d';
import type { Contour, ContourNormalization } from '@contactkit/collision2d';

/** RGBA pixels, 4 bytes each, row by row from the top (what a canvas's `getImageData` gives). */
export interface RgbaImage {
  width: number;
  height: number;
  data: ArrayLike<number>;
}

/** Which pixels count as the object. */
export type TraceMask = 'alpha' | 'dark' | 'light';

/** Settings of `traceImage`. */
export interface TraceSettings {
  /** `'alpha'`: opaque pixels (a cut-out on a transparent ground); `'dark'` / `'light'`: by brightness. */
  mask: TraceMask;
  /** 0 to 255: alpha at least this, or brightness below (`'dark'`) or at least (`'light'`) this. */
  threshold: number;
  /** Douglas-Peucker by a tolerance in pixels or to a point count. */
  simplify: { tolerance: number; } | { count: number; };
}

/** The brightness 0 to 255 of each pixel (Rec. 601 luma), composited over white by its alpha. */
export function brightness(image: RgbaImage): Float32Array {
  const out = new Float32Array(image.width * image.height);
  const d = image.data;
  for (let i = 0; i < out.length; i++) {
    const alpha = d[4 * i + 3]! / 255;
    const luma = 0.299 * d[4 * i]! + 0.587 * d[4 * i + 1]! + 0.114 * d[4 * i + 2]!;
    out[i] = alpha * luma + (1 - alpha) * 255;
  }
  return out;
}

/**
 * The outline of the largest object in `image`, in pixel coordinates (x right, y down, the image
 * covering `[0, width] x [0, height]`), simplified as `settings` say; empty when nothing passes
 * the threshold.
 */
export function traceImage(image: RgbaImage, settings: TraceSettings): Array<[number, number]> {
  const raw = settings.mask === 'alpha'
    ? traceOutline({ data: image.data, width: image.width, height: image.height }, {
      threshold: settings.threshold,
      stride: 4,
      offset: 3,
    })
    : traceOutline({ data: brightness(image), width: image.width, height: image.height }, {
      threshold: settings.threshold,
      invert: settings.mask === 'dark',
    });
  if (raw.length === 0) return raw;
  return simplifyContour(raw, { ...settings.simplify, closed: true });
}

/** The contour file of an outline taken from an image `width` x `height` (pixel coordinates). */
export function contourOfOutline(
  points: ArrayLike<ArrayLike<number>>,
  closed: boolean,
  image: { width: number; height: number; },
  normalization: ContourNormalization = 'center',
): Contour {
  return normalizeContour(points, { closed, normalization, image }).contour;
}

/** How the shipped comet contour is made from the shipped comet image (`scripts/make-comet.ts`). */
export const COMET_TRACE: TraceSettings = {
  mask: 'alpha',
  threshold: 128,
  simplify: { tolerance: 1.5 },
};

/** The shipped comet contour file's text, made from its image by the digitiser's pipeline. */
export function cometContourText(image: RgbaImage): string {
  return formatContour(contourOfOutline(traceImage(image, COMET_TRACE), true, image));
}
