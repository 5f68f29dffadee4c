/**
 * From the picture's frame to the world's. A contour file, like the image it was digitised from,
 * has x to the right and y down (rows counted from the top); a world where things fall, as
 * motion2d's `ContourBall` with gravity along -y, has y up. `contourToWorld` is the one place
 * where y changes sign, so a program never flips it by hand (or twice).
 */
import { type Contour, placeContour, scaleContour } from './contour.js';

/** Options of `contourToWorld`: `width` or `size` (not both), and `position`. */
export interface ContourToWorldOptions {
  /**
   * The world width of the picture the contour was taken from: the contour comes out in register
   * with the picture drawn that wide (`placeContour`). Needs `contour.image` (a version 2 file).
   */
  width?: number;
  /**
   * Or the world length of the outline's largest dimension (1 in the normalised contour):
   * `scaleContour` by `size`. The default, when neither is given, is 1.
   */
  size?: number;
  /**
   * The world point that the picture's centre goes to (with `width`), or the contour's origin
   * (with `size`: the picture's centre for `'center'` normalisation, the centroid for
   * `'gravity'`). Default `[0, 0]`.
   */
  position?: ArrayLike<number>;
}

const HALF_PI = Math.PI / 2;

function finitePair(value: unknown): value is ArrayLike<number> {
  if (value === null || typeof value !== 'object') return false;
  const pair = value as ArrayLike<unknown>;
  return pair.length === 2 && Number.isFinite(pair[0]) && Number.isFinite(pair[1]);
}

/** A value as an error message shows it. */
function shown(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'string' ? JSON.stringify(value) : String(value);
  }
  if (Array.isArray(value)) return `[${value.map(shown).join(', ')}]`;
  return 'an object';
}

/**
 * The contour in the world's frame (y up) from the picture's (y down): scaled (`options.width`
 * or `options.size`), then every y negated, then moved to `options.position`. A picture point
 * (px, py) of an image W wide and H high, the picture drawn `width` wide with its centre at
 * `position`, lands at `position + (px - W/2, -(py - H/2)) * width / W`.
 *
 * The points keep their order, so the winding reverses: an outline counter-clockwise in the
 * picture comes out clockwise (`Polygon` and `Chain` take either; an open profile keeps its
 * first point first). Area and second moment are unchanged by the mirror (scaled as
 * `scaleContour` scales them), the centroid is mirrored with the points, and the orientation of
 * the long axis changes sign (pi/2 stays pi/2, the range being (-pi/2, pi/2]). The result has
 * `image` null: it no longer lies in its picture's frame, so `placeContour` refuses it, and it is
 * not a contour file's content (files stay in the picture's frame). Allocates a new contour.
 *
 * Throws `TypeError`/`RangeError` naming the option for options that are not an object, both
 * `width` and `size`, a `width` or `size` that is not a finite number > 0, a `position` that is
 * not two finite numbers, and `width` for a contour without an image (a version 1 file); and
 * what `scaleContour` throws for a malformed contour.
 */
export function contourToWorld(contour: Contour, options: ContourToWorldOptions = {}): Contour {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`contourToWorld: options must be an object, got ${shown(options)}`);
  }
  const { width, size, position = [0, 0] } = options;
  if (width !== undefined && size !== undefined) {
    throw new RangeError(
      `contourToWorld: give options.width or options.size, not both (got ${shown(width)} and ${
        shown(size)
      })`,
    );
  }
  for (const [name, value] of [['width', width], ['size', size]] as const) {
    if (
      value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value > 0)
    ) {
      throw new RangeError(
        `contourToWorld: options.${name} must be a finite number > 0, got ${shown(value)}`,
      );
    }
  }
  if (!finitePair(position)) {
    throw new TypeError(
      `contourToWorld: options.position must be two finite numbers [x, y], got ${shown(position)}`,
    );
  }
  if (width !== undefined && contour !== null && typeof contour === 'object' && !contour.image) {
    throw new RangeError(
      'contourToWorld: options.width needs contour.image, which is null (a version 1 file); give options.size',
    );
  }
  const scaled = width !== undefined
    ? placeContour(contour, width)
    : scaleContour(contour, size ?? 1);
  const x = position[0]!, y = position[1]!;
  return {
    points: scaled.points.map(([px, py]) => [px + x, y - py]),
    closed: scaled.closed,
    normalization: scaled.normalization,
    image: null,
    area: scaled.area,
    centroid: scaled.closed ? [scaled.centroid[0] + x, y - scaled.centroid[1]] : [0, 0],
    secondMoment: scaled.secondMoment,
    largestAxis: scaled.largestAxis,
    // Mirroring y negates the product moment Ixy, hence 2 angle = atan2(2 Ixy, Iyy - Ixx).
    orientation: scaled.orientation === HALF_PI ? HALF_PI : 0 - scaled.orientation,
  };
}
