/**
 * Contour files (seed 003): an object's outline digitised from its image, stored normalised
 * (centred on its centroid, largest dimension 1) with the properties a simulation needs
 * (area, centroid, second moment of area, orientation of the largest dimension), and scaled
 * back to world size when loaded, as the seed does with its `polygonWidth`.
 *
 * The file format, version 1 (the package README shows a whole file):
 *
 *   contactkit-contour 1          header: the format name and version, the first non-comment line
 *   points N                      N >= 3, followed by exactly N lines "x y" (closed outline,
 *   x y                           the first point is not repeated at the end)
 *   ...
 *   area A                        A >= 0 (unit density, in the file's units)
 *   centroid x y
 *   second-moment J               J >= 0: polar second moment of area about the centroid
 *   largest-axis x|y              which bounding-box side is the largest dimension (the seed's "x"/"y")
 *   orientation angle             radians in (-pi/2, pi/2]: the principal axis of least
 *                                 second moment (the long axis), from the second moments
 *
 * One item per line, fields separated by spaces or tabs; blank lines are ignored; `#` starts a
 * comment that runs to the end of the line. After the header the keys may come in any order,
 * each exactly once. Numbers are decimal (`-1.5`, `2e-3`, `.5`); `formatContour` writes the
 * shortest form that reads back to the same double (JavaScript's `String(number)`, `-0` kept),
 * so `parseContour(formatContour(c))` equals `c` exactly.
 */
import { polygonArea, polygonCentroid, polygonSecondMoments, flattenPoints } from './mass.js';

/** The current (and only) version of the contour file format. */
export const CONTOUR_FORMAT_VERSION = 1;

/** A contour and its mass properties, as held in a contour file. */
export interface Contour {
  /** Closed outline, `[x, y]` pairs, first point not repeated at the end. */
  points: Array<[number, number]>;
  /** Area enclosed by `points` (unit density). */
  area: number;
  /** Centroid `[x, y]`. */
  centroid: [number, number];
  /** Polar second moment of area about the centroid (unit density). */
  secondMoment: number;
  /** The bounding-box side that is the largest dimension: `'x'` (width) or `'y'` (height). */
  largestAxis: 'x' | 'y';
  /** Angle (radians, (-pi/2, pi/2]) of the principal axis of least second moment: the long axis. */
  orientation: number;
}

/** A world contour brought to normal form, and the size and position to scale it back. */
export interface NormalizedContour {
  /** The normalised contour: centroid at the origin, largest dimension 1. */
  contour: Contour;
  /** The world contour's largest dimension (its scale factor). */
  size: number;
  /** The world contour's centroid. */
  centre: [number, number];
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const KEYS = ['points', 'area', 'centroid', 'second-moment', 'largest-axis', 'orientation'] as const;
type Key = (typeof KEYS)[number];

function formatNumber(value: number): string {
  return Object.is(value, -0) ? '-0' : String(value);
}

/**
 * Writes `contour` in the contour file format (version 1), with a comment line naming the
 * format. Numbers are written in their shortest exact form. Throws `RangeError` for a contour
 * that the reader would reject (fewer than 3 points, a non-finite number, a negative area or
 * second moment, a largest axis other than `'x'`/`'y'`), naming the field.
 */
export function formatContour(contour: Contour): string {
  const { points, area, centroid, secondMoment, largestAxis, orientation } = contour;
  if (!Array.isArray(points) || points.length < 3) {
    throw new RangeError(`contour.points must hold at least 3 points, got ${Array.isArray(points) ? points.length : String(points)}`);
  }
  const check = (field: string, value: unknown, nonNegative = false): string => {
    if (typeof value !== 'number' || !Number.isFinite(value) || (nonNegative && value < 0)) {
      throw new RangeError(`${field} must be a finite${nonNegative ? ' non-negative' : ''} number, got ${String(value)}`);
    }
    return formatNumber(value);
  };
  if (largestAxis !== 'x' && largestAxis !== 'y') {
    throw new RangeError(`contour.largestAxis must be 'x' or 'y', got ${String(largestAxis)}`);
  }
  const lines = [`contactkit-contour ${CONTOUR_FORMAT_VERSION}`, '# normalised contour: centroid at the origin, largest dimension 1 (seed 003)', `points ${points.length}`];
  points.forEach((p, i) => lines.push(`${check(`contour.points[${i}][0]`, p[0])} ${check(`contour.points[${i}][1]`, p[1])}`));
  lines.push(`area ${check('contour.area', area, true)}`);
  lines.push(`centroid ${check('contour.centroid[0]', centroid[0])} ${check('contour.centroid[1]', centroid[1])}`);
  lines.push(`second-moment ${check('contour.secondMoment', secondMoment, true)}`);
  lines.push(`largest-axis ${largestAxis}`);
  lines.push(`orientation ${check('contour.orientation', orientation)}`);
  return lines.join('\n') + '\n';
}

/**
 * Reads a contour file (format above). Throws an `Error` whose message starts with the
 * 1-based line number of the problem, e.g. `line 7: expected two numbers, got "1.0 abc"`:
 * a missing or wrong header, an unsupported version, an unknown or repeated key, a malformed
 * number, a point count below 3, too few point lines, a largest axis other than `x`/`y`, a
 * negative area or second moment, a key missing at the end of the file (reported on the last
 * line). Accepts `\n` and `\r\n` line ends. The stored area, centroid and moment are taken as
 * written (not recomputed from the points).
 */
export function parseContour(text: string): Contour {
  if (typeof text !== 'string') throw new TypeError(`contour text must be a string, got ${typeof text}`);
  const lines = text.split(/\r?\n/);
  const seen = new Map<Key, number>();
  const contour: Contour = { points: [], area: 0, centroid: [0, 0], secondMoment: 0, largestAxis: 'x', orientation: 0 };
  let headerRead = false;
  let pointsLeft = 0;
  for (let index = 0; index < lines.length; index++) {
    const lineNumber = index + 1;
    const hash = lines[index]!.indexOf('#');
    const content = (hash >= 0 ? lines[index]!.slice(0, hash) : lines[index]!).trim();
    if (content === '') continue;
    const fail = (message: string): never => {
      throw new Error(`line ${lineNumber}: ${message}`);
    };
    const fields = content.split(/[ \t]+/);
    const readNumbers = (values: string[], count: number, what: string): number[] => {
      if (values.length !== count || !values.every((v) => NUMBER.test(v))) fail(`expected ${what}, got "${values.join(' ')}"`);
      const numbers = values.map(Number);
      if (!numbers.every(Number.isFinite)) fail(`expected ${what}, got "${values.join(' ')}" (out of range)`);
      return numbers;
    };
    if (!headerRead) {
      if (fields[0] !== 'contactkit-contour' || fields.length !== 2) fail(`expected the header "contactkit-contour ${CONTOUR_FORMAT_VERSION}", got "${content}"`);
      if (fields[1] !== String(CONTOUR_FORMAT_VERSION)) fail(`unsupported contour format version "${fields[1]!}" (this reader knows ${CONTOUR_FORMAT_VERSION})`);
      headerRead = true;
      continue;
    }
    if (pointsLeft > 0) {
      const [x, y] = readNumbers(fields, 2, 'two numbers');
      contour.points.push([x!, y!]);
      pointsLeft--;
      continue;
    }
    const key = fields[0]! as Key;
    if (!KEYS.includes(key)) fail(`unknown key "${fields[0]!}" (expected one of ${KEYS.join(', ')})`);
    const first = seen.get(key);
    if (first !== undefined) fail(`"${key}" appears twice (first on line ${first})`);
    seen.set(key, lineNumber);
    const values = fields.slice(1);
    switch (key) {
      case 'points': {
        if (values.length !== 1 || !/^\d+$/.test(values[0]!)) fail(`expected a whole number of points, got "${values.join(' ')}"`);
        pointsLeft = Number(values[0]);
        if (pointsLeft < 3) fail(`a contour needs at least 3 points, got ${pointsLeft}`);
        break;
      }
      case 'area': {
        contour.area = readNumbers(values, 1, 'one number')[0]!;
        if (contour.area < 0) fail(`area must not be negative, got ${values[0]!}`);
        break;
      }
      case 'centroid': {
        const [x, y] = readNumbers(values, 2, 'two numbers');
        contour.centroid = [x!, y!];
        break;
      }
      case 'second-moment': {
        contour.secondMoment = readNumbers(values, 1, 'one number')[0]!;
        if (contour.secondMoment < 0) fail(`second-moment must not be negative, got ${values[0]!}`);
        break;
      }
      case 'largest-axis': {
        if (values.length !== 1 || (values[0] !== 'x' && values[0] !== 'y')) fail(`expected "x" or "y", got "${values.join(' ')}"`);
        contour.largestAxis = values[0] as 'x' | 'y';
        break;
      }
      case 'orientation': {
        contour.orientation = readNumbers(values, 1, 'one number')[0]!;
        break;
      }
    }
  }
  // Errors found at the end of the text name its last line.
  let last = lines.length;
  while (last > 1 && lines[last - 1]!.trim() === '') last--;
  if (!headerRead) throw new Error(`line ${last}: expected the header "contactkit-contour ${CONTOUR_FORMAT_VERSION}", got an empty file`);
  if (pointsLeft > 0) throw new Error(`line ${last}: the file ends ${pointsLeft} point(s) short of the declared count`);
  for (const key of KEYS) {
    if (!seen.has(key)) throw new Error(`line ${last}: the file ends without "${key}"`);
  }
  return contour;
}

const momentScratch = new Float64Array(3);

/**
 * Angle in (-pi/2, pi/2] of the principal axis of least second moment (the long axis) from the
 * centroidal moments `Ixx = int y^2`, `Iyy = int x^2`, `Ixy = int x y`. The moment about the
 * axis at angle theta is `(Ixx + Iyy)/2 + (Ixx - Iyy)/2 cos 2theta - Ixy sin 2theta`; it is least
 * at `2 theta = atan2(2 Ixy, Iyy - Ixx)`. A shape with no preferred axis (`Ixx = Iyy`, `Ixy = 0`,
 * e.g. a square or a regular polygon) gets 0; near that case the angle is ill-conditioned.
 */
export function principalAxisAngle(ixx: number, iyy: number, ixy: number): number {
  const angle = 0.5 * Math.atan2(2 * ixy, iyy - ixx);
  // atan2 returns -pi for (-0, negative): fold onto the half-open range.
  return angle === -Math.PI / 2 ? Math.PI / 2 : angle;
}

/**
 * Brings a world contour to normal form (seed 003): centred on its centroid, scaled so that its
 * largest bounding-box dimension is 1; computes area, second moment (of the normalised points),
 * the largest axis and the orientation from the second moments. `points`: `[x, y]` pairs or a flat
 * list, a simple closed outline (convex or concave, either winding, kept as given; a last point
 * equal to the first is dropped). Returns the contour with `size` (the largest dimension) and
 * `centre` (the centroid) that `scaleContour` takes to restore it. Throws `RangeError` for fewer
 * than 3 points or zero area, `TypeError`/`RangeError` for malformed or non-finite points.
 */
export function normalizeContour(points: ArrayLike<ArrayLike<number>> | ArrayLike<number>): NormalizedContour {
  let flat = flattenPoints(points);
  let count = flat.length >> 1;
  if (count > 1 && flat[0] === flat[2 * count - 2] && flat[1] === flat[2 * count - 1]) {
    count--;
    flat = flat.slice(0, 2 * count);
  }
  if (count < 3) throw new RangeError(`points must hold at least 3 distinct points, got ${count}`);
  const area = polygonArea(flat);
  if (!(area > 0)) throw new RangeError(`points must enclose a non-zero area, got area ${area}`);
  const centre = polygonCentroid(flat);
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < count; i++) {
    const x = flat[2 * i]!, y = flat[2 * i + 1]!;
    minX = Math.min(minX, x); maxX = Math.max(maxX, x);
    minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const width = maxX - minX, height = maxY - minY;
  const size = Math.max(width, height);
  const normalised: Array<[number, number]> = [];
  for (let i = 0; i < count; i++) normalised.push([(flat[2 * i]! - centre[0]) / size, (flat[2 * i + 1]! - centre[1]) / size]);
  polygonSecondMoments(normalised, momentScratch);
  return {
    contour: {
      points: normalised,
      area: polygonArea(normalised),
      // The points were centred on the centroid: it is the origin by construction.
      centroid: [0, 0],
      secondMoment: momentScratch[0]! + momentScratch[1]!,
      largestAxis: width >= height ? 'x' : 'y',
      orientation: principalAxisAngle(momentScratch[0]!, momentScratch[1]!, momentScratch[2]!),
    },
    size,
    centre,
  };
}

/**
 * Scales a (normalised) contour to world size: points `p * size + centre`, area `* size^2`,
 * centroid `* size + centre`, second moment `* size^4` (lengths to the fourth power); largest
 * axis and orientation unchanged. Returns a new contour. `size` must be finite and > 0 and
 * `centre` two finite numbers (default origin), else `RangeError` naming the field.
 */
export function scaleContour(contour: Contour, size: number, centre: ArrayLike<number> = [0, 0]): Contour {
  if (typeof size !== 'number' || !Number.isFinite(size) || size <= 0) throw new RangeError(`size must be a finite number > 0, got ${String(size)}`);
  const cx = centre[0], cy = centre[1];
  if (typeof cx !== 'number' || typeof cy !== 'number' || !Number.isFinite(cx) || !Number.isFinite(cy)) {
    throw new RangeError(`centre must be two finite numbers, got [${String(cx)}, ${String(cy)}]`);
  }
  return {
    points: contour.points.map(([x, y]) => [x * size + cx, y * size + cy]),
    area: contour.area * size * size,
    centroid: [contour.centroid[0] * size + cx, contour.centroid[1] * size + cy],
    secondMoment: contour.secondMoment * size * size * size * size,
    largestAxis: contour.largestAxis,
    orientation: contour.orientation,
  };
}
