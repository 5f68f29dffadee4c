/**
 * Opening an outline in the digitiser: a contour file put back over its picture in picture
 * pixels (`placeContour` at the picture's width about its centre, the inverse of what Save
 * wrote), or a plain point list (`parsePointList`) read as picture pixels. Pure: no DOM.
 */
import { parseContour, parsePointList, placeContour } from '@contactkit/collision2d';

/** An outline in picture pixels, and a remark for the person when the file needs one. */
export interface OpenedOutline {
  points: Array<[number, number]>;
  closed: boolean;
  /** What the file was, and anything to know about how it was placed. */
  note: string;
}

/**
 * The outline a contour file or point list holds, in the pixels of a picture `width` x
 * `height`. A contour file is recognised by its header line; anything else is a point list,
 * closed when its last point repeats its first (the repeat is dropped). Throws the parser's error
 * (with the line number) for a malformed file, and a RangeError for a contour file that records
 * no picture (version 1).
 */
export function openOutline(
  text: string,
  picture: { width: number; height: number; },
): OpenedOutline {
  const firstLine =
    text.split(/\r?\n/).map((line) => line.trim()).find((line) =>
      line !== '' && !line.startsWith('#')
    ) ?? '';
  if (firstLine.startsWith('contactkit-contour')) {
    const contour = parseContour(text);
    if (contour.image === null) {
      throw new RangeError(
        'this contour file (version 1) does not record the picture it was taken from, so it ' +
          'cannot be put back over one',
      );
    }
    const placed = placeContour(contour, picture.width, [picture.width / 2, picture.height / 2]);
    const { width, height } = contour.image;
    const same = width === picture.width && height === picture.height;
    const note =
      `A contour file (${contour.closed ? 'closed' : 'open'}, ${contour.points.length} points)` +
      (same
        ? '.'
        : `, taken from a ${width} x ${height} picture: placed by width over this ` +
          `${picture.width} x ${picture.height} one${
            Math.abs(width / height - picture.width / picture.height) > 1e-9
              ? ' (their shapes differ)'
              : ''
          }.`);
    return { points: placed.points, closed: contour.closed, note };
  }
  const points = parsePointList(text);
  const n = points.length;
  const closed = n > 3 && points[0]![0] === points[n - 1]![0] &&
    points[0]![1] === points[n - 1]![1];
  if (closed) points.pop();
  return {
    points,
    closed,
    note: `A point list (${points.length} points, ${
      closed ? 'closed: its last point repeats the first' : 'open'
    }), read as picture pixels.`,
  };
}
