/**
 * Contour files: an object's outline digitised from its image, stored normalised (largest
 * dimension 1) with what a simulation needs (area, centroid, second moment of area, orientation
 * of the long axis) and what puts the outline back over its image (the image's size, the
 * normalisation used, the point of the image that became the origin).
 *
 * Two normalisations, as in the digitiser this format serves: "center" scales about the centre of
 * the image, so image and contour stay congruent when both are scaled by the displayed width (a
 * fixed obstacle drawn as a picture); "gravity" scales about the centroid (a body that turns about
 * its centre of mass). A contour is closed (a body, loaded as a `Polygon`) or open (a profile,
 * loaded as a `Chain`); an open profile has no area, centroid or moment.
 *
 * The file format (version 2; the package README shows whole files and every rule):
 *
 *   contactkit-contour 2          header: the format name and version, the first non-comment line
 *   outline closed|open           a body (closed) or a profile (open)
 *   normalization center|gravity  the point scaled about: the image centre or the centroid
 *   image W H                     the image's width and height, in the units of the digitised points
 *   size S                        the outline's largest dimension in those units: the scale
 *   origin x y                    the image point that became (0, 0): (W/2, H/2) for center
 *   points N                      N >= 3 closed, >= 2 open, then exactly N lines "x y"
 *   area A                        closed only: A >= 0
 *   centroid x y                  closed only
 *   second-moment J               closed only: polar second moment about the centroid, J >= 0
 *   largest-axis x|y              which bounding-box side is the largest dimension
 *   orientation angle             closed only: radians in (-pi/2, pi/2], the long axis
 *
 * Version 1 files (a closed outline centred on its centroid, without the outline, normalization,
 * image, size and origin lines) are still read.
 */
import { polygonArea, polygonCentroid, polygonSecondMoments, flattenPoints } from './mass.js';
import { Polygon, Chain } from '../shapes/shapes.js';

/** The version of the contour file format that `formatContour` writes; `parseContour` also reads version 1. */
export const CONTOUR_FORMAT_VERSION = 2;

/** Longest line (characters, comment included, line end excluded) a contour or point-list file may hold. */
export const MAX_CONTOUR_LINE_LENGTH = 256;

/** Longest number (characters) a contour or point-list file may hold; a double needs at most 24. */
export const MAX_CONTOUR_NUMBER_LENGTH = 64;

/** The point a contour was scaled about: the image centre (`'center'`) or its centroid (`'gravity'`). */
export type ContourNormalization = 'center' | 'gravity';

/** Where a contour was taken from, in the units of its digitised points (pixels of the image, usually). */
export interface ContourImage {
  /** Width of the image; the image covers `[0, width] x [0, height]`. */
  width: number;
  /** Height of the image. */
  height: number;
  /** The outline's largest bounding-box dimension: normalised points are `(p - origin) / size`. */
  size: number;
  /** The image point that became the origin: `[width / 2, height / 2]` for `'center'`, the centroid for `'gravity'`. */
  origin: [number, number];
}

/** A contour and its properties, as held in a contour file. */
export interface Contour {
  /** The outline, `[x, y]` pairs; closed outlines do not repeat the first point at the end. */
  points: Array<[number, number]>;
  /** A body (`true`, loaded as a `Polygon`) or a profile (`false`, loaded as a `Chain`). */
  closed: boolean;
  /** The point the contour was scaled about. */
  normalization: ContourNormalization;
  /** The image the contour was taken from, or `null` (a version 1 file does not say). */
  image: ContourImage | null;
  /** Area enclosed by `points` (unit density); 0 for an open profile. */
  area: number;
  /** Centroid `[x, y]`; `[0, 0]` for an open profile (it has none). */
  centroid: [number, number];
  /** Polar second moment of area about the centroid (unit density); 0 for an open profile. */
  secondMoment: number;
  /** The bounding-box side that is the largest dimension: `'x'` (width) or `'y'` (height). */
  largestAxis: 'x' | 'y';
  /** Angle (radians, (-pi/2, pi/2]) of the principal axis of least second moment; 0 for an open profile. */
  orientation: number;
}

/** A contour brought to normal form, and the size and position to scale it back. */
export interface NormalizedContour {
  /** The normalised contour: the origin at the image centre or the centroid, largest dimension 1. */
  contour: Contour;
  /** The outline's largest dimension (its scale factor). */
  size: number;
  /** The point of the input's frame that became the origin. */
  centre: [number, number];
}

/** Options of `normalizeContour` and `importPointList`. */
export interface NormalizeContourOptions {
  /** A body (`true`, the default) or an open profile (`false`, kept open). */
  closed?: boolean;
  /** `'center'` (the default) or `'gravity'` (closed outlines only). */
  normalization?: ContourNormalization;
  /**
   * The image the points were taken from, covering `[0, width] x [0, height]` in the points'
   * frame. Default: the outline's bounding box (an image cropped tight around it).
   */
  image?: {
    /** Width of the image, in the units of the points. */
    width: number;
    /** Height of the image. */
    height: number;
  };
}

// A decimal number, written so that no part of the pattern can match the same digits two ways:
// the match is linear in the length (a pattern like `\d+\.?\d*` backtracks quadratically).
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const HALF_PI = Math.PI / 2;

function formatNumber(value: number): string {
  return Object.is(value, -0) ? '-0' : String(value);
}

/** A value as an error message shows it. */
function shown(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  }
  if (Array.isArray(value)) return `[${value.map(shown).join(', ')}]`;
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/**
 * `value` as a point `[x, y]` of two finite numbers, else an error naming the component at fault:
 * a TypeError for what is not a pair (`centre[1] (y) is missing` for `[1]`), a RangeError for a
 * component that is not a finite number.
 */
function readPoint(field: string, value: unknown): [number, number] {
  const list = value as ArrayLike<unknown> | null;
  if (list === null || typeof list !== 'object' || typeof list.length !== 'number') {
    throw new TypeError(`${field} must be two finite numbers [x, y], got ${shown(value)}`);
  }
  if (list.length < 2) {
    const missing = list.length === 0
      ? `${field}[0] (x) and ${field}[1] (y) are missing`
      : `${field}[1] (y) is missing`;
    throw new TypeError(
      `${field} must be two finite numbers [x, y]: ${missing}, got ${shown(value)}`,
    );
  }
  if (list.length > 2) {
    throw new TypeError(
      `${field} must be two finite numbers [x, y]: it has ${list.length}, got ${shown(value)}`,
    );
  }
  for (let i = 0; i < 2; i++) {
    const component = list[i];
    if (typeof component !== 'number' || !Number.isFinite(component)) {
      throw new RangeError(
        `${field}[${i}] (${i === 0 ? 'x' : 'y'}) must be a finite number, got ${
          shown(component)
        } in ${shown(value)}`,
      );
    }
  }
  return [list[0] as number, list[1] as number];
}

function inOrientationRange(angle: number): boolean {
  return angle > -HALF_PI && angle <= HALF_PI;
}

/**
 * Writes `contour` in the contour file format (version 2), with a comment line naming the
 * format. Numbers are written in their shortest exact form, so `parseContour` gives back an
 * equal contour. Throws `TypeError` or `RangeError` naming the field for a contour the reader
 * would reject: a point that is not two finite numbers, too few points, a negative area or
 * moment, an orientation outside (-pi/2, pi/2], a `'center'` origin other than the image
 * centre, an open outline with `'gravity'` normalisation or non-zero area, centroid, moment or
 * orientation, an image without `size` and `origin`.
 */
export function formatContour(contour: Contour): string {
  if (contour === null || typeof contour !== 'object') {
    throw new TypeError(`contour must be an object, got ${shown(contour)}`);
  }
  const {
    points,
    closed,
    normalization,
    image,
    area,
    centroid,
    secondMoment,
    largestAxis,
    orientation,
  } = contour;
  const check = (
    field: string,
    value: unknown,
    rule: 'any' | 'nonNegative' | 'positive' = 'any',
  ): string => {
    if (typeof value !== 'number') {
      throw new TypeError(`${field} must be a number, got ${shown(value)}`);
    }
    if (
      !Number.isFinite(value) || (rule === 'nonNegative' && value < 0) ||
      (rule === 'positive' && value <= 0)
    ) {
      throw new RangeError(
        `${field} must be a finite${
          rule === 'nonNegative' ? ' non-negative' : rule === 'positive' ? ' positive' : ''
        } number, got ${value}`,
      );
    }
    return formatNumber(value);
  };
  const pair = (field: string, value: unknown): string => {
    if (!Array.isArray(value) || value.length !== 2) {
      throw new TypeError(`${field} must be an [x, y] pair, got ${shown(value)}`);
    }
    return `${check(`${field}[0]`, value[0])} ${check(`${field}[1]`, value[1])}`;
  };
  if (typeof closed !== 'boolean') {
    throw new TypeError(`contour.closed must be true or false, got ${shown(closed)}`);
  }
  if (normalization !== 'center' && normalization !== 'gravity') {
    throw new RangeError(
      `contour.normalization must be 'center' or 'gravity', got ${shown(normalization)}`,
    );
  }
  if (!closed && normalization === 'gravity') {
    throw new RangeError(
      `contour.normalization must be 'center' for an open outline (a profile has no centroid), got 'gravity'`,
    );
  }
  const least = closed ? 3 : 2;
  if (!Array.isArray(points) || points.length < least) {
    throw new RangeError(
      `contour.points must hold at least ${least} points for ${
        closed ? 'a closed' : 'an open'
      } outline, got ${Array.isArray(points) ? points.length : shown(points)}`,
    );
  }
  if (largestAxis !== 'x' && largestAxis !== 'y') {
    throw new RangeError(`contour.largestAxis must be 'x' or 'y', got ${shown(largestAxis)}`);
  }
  const lines = [
    `contactkit-contour ${CONTOUR_FORMAT_VERSION}`,
    '# a contactkit contour file (the README of @contactkit/collision2d describes the format)',
    `outline ${closed ? 'closed' : 'open'}`,
    `normalization ${normalization}`,
  ];
  if (image !== null) {
    if (typeof image !== 'object') {
      throw new TypeError(`contour.image must be an object or null, got ${shown(image)}`);
    }
    const width = check('contour.image.width', image.width, 'positive');
    const height = check('contour.image.height', image.height, 'positive');
    const size = check('contour.image.size', image.size, 'positive');
    const origin = pair('contour.image.origin', image.origin);
    if (
      normalization === 'center' &&
      (image.origin[0] !== image.width / 2 || image.origin[1] !== image.height / 2)
    ) {
      throw new RangeError(
        `contour.image.origin must be the image centre [${image.width / 2}, ${
          image.height / 2
        }] for 'center' normalization, got [${origin.replace(' ', ', ')}]`,
      );
    }
    lines.push(`image ${width} ${height}`, `size ${size}`, `origin ${origin}`);
  }
  lines.push(`points ${points.length}`);
  points.forEach((p, i) => lines.push(pair(`contour.points[${i}]`, p)));
  const areaText = check('contour.area', area, 'nonNegative');
  const centroidText = pair('contour.centroid', centroid);
  const momentText = check('contour.secondMoment', secondMoment, 'nonNegative');
  const orientationText = check('contour.orientation', orientation);
  if (!inOrientationRange(orientation)) {
    throw new RangeError(`contour.orientation must be in (-pi/2, pi/2], got ${orientation}`);
  }
  if (closed) {
    lines.push(`area ${areaText}`, `centroid ${centroidText}`, `second-moment ${momentText}`);
  } else {
    // An open profile encloses nothing: the file has no lines for these, so they must be 0.
    const fields: Array<[string, number]> = [
      ['area', area],
      ['centroid[0]', centroid[0]],
      ['centroid[1]', centroid[1]],
      ['secondMoment', secondMoment],
      ['orientation', orientation],
    ];
    for (const [name, value] of fields) {
      if (value !== 0) {
        throw new RangeError(`contour.${name} must be 0 for an open outline, got ${value}`);
      }
    }
  }
  lines.push(`largest-axis ${largestAxis}`);
  if (closed) lines.push(`orientation ${orientationText}`);
  return lines.join('\n') + '\n';
}

/**
 * Calls `visit` with the content of each line of `text` that is not blank or a comment (`#` to
 * the end of the line; `\n` or `\r\n` ends a line), trimmed, and its 1-based number. Refuses a
 * line longer than `MAX_CONTOUR_LINE_LENGTH` before looking inside it, so the work stays linear
 * in the length of the text. Returns the number of the last line that is not blank.
 */
function forEachContentLine(
  text: string,
  visit: (content: string, lineNumber: number) => void,
): number {
  let start = 0, lineNumber = 0, lastNonBlank = 1;
  while (start <= text.length) {
    lineNumber++;
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const contentEnd = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    if (contentEnd - start > MAX_CONTOUR_LINE_LENGTH) {
      throw new Error(
        `line ${lineNumber}: longer than ${MAX_CONTOUR_LINE_LENGTH} characters (${
          contentEnd - start
        })`,
      );
    }
    const line = text.slice(start, contentEnd);
    if (line.trim() !== '') lastNonBlank = lineNumber;
    const hash = line.indexOf('#');
    const content = (hash >= 0 ? line.slice(0, hash) : line).trim();
    if (content !== '') visit(content, lineNumber);
    start = end + 1;
  }
  return lastNonBlank;
}

/** Reads `values` as `count` decimal numbers, or throws with the line number and what was expected. */
function readNumbers(values: string[], count: number, what: string, lineNumber: number): number[] {
  const fail = (detail = ''): never => {
    throw new Error(`line ${lineNumber}: expected ${what}, got "${values.join(' ')}"${detail}`);
  };
  if (values.length !== count) fail();
  const numbers: number[] = [];
  for (const value of values) {
    if (value.length > MAX_CONTOUR_NUMBER_LENGTH) {
      throw new Error(
        `line ${lineNumber}: a number longer than ${MAX_CONTOUR_NUMBER_LENGTH} characters (${value.length})`,
      );
    }
    if (!NUMBER.test(value)) fail();
    const number = Number(value);
    if (!Number.isFinite(number)) fail(' (out of range)');
    numbers.push(number);
  }
  return numbers;
}

const KEYS_1 = ['points', 'area', 'centroid', 'second-moment', 'largest-axis', 'orientation'];
const KEYS_2 = ['outline', 'normalization', 'image', 'size', 'origin', ...KEYS_1];
const CLOSED_ONLY = ['area', 'centroid', 'second-moment', 'orientation'];
const IMAGE_KEYS = ['image', 'size', 'origin'];

/**
 * Reads a contour file (format above; versions 1 and 2). Throws an `Error` whose message starts
 * with the 1-based line number of the problem and says what was expected, e.g.
 * `line 9: expected two numbers, got "1.0 abc"`: a missing or wrong header, an unsupported
 * version, a line or number longer than the limits, an unknown or repeated key, a malformed
 * number, too few points, an axis other than `x`/`y`, a negative area or moment, an orientation
 * outside (-pi/2, pi/2], a `center` origin other than the image centre, a key an open outline
 * cannot have, a key missing at the end of the file (reported on the last line). The area,
 * centroid and moment are read as written; `importPointList` computes them from points.
 * The work is linear in the length of the text.
 */
export function parseContour(text: string): Contour {
  if (typeof text !== 'string') {
    throw new TypeError(`contour text must be a string, got ${shown(text)}`);
  }
  const contour: Contour = {
    points: [],
    closed: true,
    normalization: 'gravity',
    image: null,
    area: 0,
    centroid: [0, 0],
    secondMoment: 0,
    largestAxis: 'x',
    orientation: 0,
  };
  const seen = new Map<string, number>();
  const image = { width: 0, height: 0, size: 0, origin: [0, 0] as [number, number] };
  let version = 0;
  let pointsLeft = 0;
  const last = forEachContentLine(text, (content, lineNumber) => {
    const fail = (message: string): never => {
      throw new Error(`line ${lineNumber}: ${message}`);
    };
    const fields = content.split(/[ \t]+/);
    if (version === 0) {
      if (fields[0] !== 'contactkit-contour' || fields.length !== 2) {
        fail(
          `expected the header "contactkit-contour ${CONTOUR_FORMAT_VERSION}", got ${
            shown(content)
          }`,
        );
      }
      if (fields[1] !== '1' && fields[1] !== '2') {
        fail(`unsupported contour format version ${shown(fields[1])} (this reader knows 1 and 2)`);
      }
      version = Number(fields[1]);
      if (version === 2) contour.normalization = 'center';
      return;
    }
    if (pointsLeft > 0) {
      const [x, y] = readNumbers(fields, 2, 'two numbers (a point)', lineNumber);
      contour.points.push([x!, y!]);
      pointsLeft--;
      return;
    }
    const key = fields[0]!;
    const keys = version === 1 ? KEYS_1 : KEYS_2;
    if (!keys.includes(key)) fail(`unknown key ${shown(key)} (expected one of ${keys.join(', ')})`);
    const first = seen.get(key);
    if (first !== undefined) fail(`"${key}" appears twice (first on line ${first})`);
    if (!contour.closed && CLOSED_ONLY.includes(key)) {
      fail(`"${key}" is not allowed for an open outline (a profile encloses no area)`);
    }
    seen.set(key, lineNumber);
    const values = fields.slice(1);
    const words = (allowed: string[]): string => {
      if (values.length !== 1 || !allowed.includes(values[0]!)) {
        fail(`expected ${allowed.map((w) => `"${w}"`).join(' or ')}, got "${values.join(' ')}"`);
      }
      return values[0]!;
    };
    switch (key) {
      case 'outline': {
        contour.closed = words(['closed', 'open']) === 'closed';
        for (const closedKey of CLOSED_ONLY) {
          const line = seen.get(closedKey);
          if (!contour.closed && line !== undefined) {
            fail(`an open outline cannot have "${closedKey}" (line ${line})`);
          }
        }
        break;
      }
      case 'normalization':
        contour.normalization = words(['center', 'gravity']) as ContourNormalization;
        break;
      case 'image': {
        const [width, height] = readNumbers(
          values,
          2,
          'two numbers (width and height)',
          lineNumber,
        );
        if (!(width! > 0 && height! > 0)) {
          fail(`image width and height must be positive, got "${values.join(' ')}"`);
        }
        image.width = width!;
        image.height = height!;
        break;
      }
      case 'size': {
        image.size = readNumbers(values, 1, 'one number', lineNumber)[0]!;
        if (!(image.size > 0)) fail(`size must be positive, got ${values[0]!}`);
        break;
      }
      case 'origin': {
        const [x, y] = readNumbers(values, 2, 'two numbers', lineNumber);
        image.origin = [x!, y!];
        break;
      }
      case 'points': {
        if (values.length !== 1 || !/^\d{1,9}$/.test(values[0]!)) {
          fail(`expected a whole number of points, got "${values.join(' ')}"`);
        }
        pointsLeft = Number(values[0]);
        if (pointsLeft < 2) {
          fail(`an outline needs at least 2 points (3 when closed), got ${pointsLeft}`);
        }
        break;
      }
      case 'area': {
        contour.area = readNumbers(values, 1, 'one number', lineNumber)[0]!;
        if (contour.area < 0) fail(`area must not be negative, got ${values[0]!}`);
        break;
      }
      case 'centroid': {
        const [x, y] = readNumbers(values, 2, 'two numbers', lineNumber);
        contour.centroid = [x!, y!];
        break;
      }
      case 'second-moment': {
        contour.secondMoment = readNumbers(values, 1, 'one number', lineNumber)[0]!;
        if (contour.secondMoment < 0) fail(`second-moment must not be negative, got ${values[0]!}`);
        break;
      }
      case 'largest-axis':
        contour.largestAxis = words(['x', 'y']) as 'x' | 'y';
        break;
      case 'orientation': {
        contour.orientation = readNumbers(values, 1, 'one number', lineNumber)[0]!;
        if (!inOrientationRange(contour.orientation)) {
          fail(`orientation must be in (-pi/2, pi/2], got ${values[0]!}`);
        }
        break;
      }
    }
  });
  // Errors found at the end of the text name its last line that is not blank.
  const atEnd = (message: string): never => {
    throw new Error(`line ${last}: ${message}`);
  };
  if (version === 0) {
    atEnd(`expected the header "contactkit-contour ${CONTOUR_FORMAT_VERSION}", got an empty file`);
  }
  if (pointsLeft > 0) atEnd(`the file ends ${pointsLeft} point(s) short of the declared count`);
  const required = version === 1
    ? KEYS_1
    : KEYS_2.filter((key) =>
      !IMAGE_KEYS.includes(key) && (contour.closed || !CLOSED_ONLY.includes(key))
    );
  for (const key of required) if (!seen.has(key)) atEnd(`the file ends without "${key}"`);
  if (contour.closed && contour.points.length < 3) {
    throw new Error(
      `line ${seen.get(
        'points',
      )!}: a closed outline needs at least 3 points, got ${contour.points.length}`,
    );
  }
  const imageKeys = IMAGE_KEYS.filter((key) => seen.has(key));
  if (imageKeys.length > 0) {
    for (const key of IMAGE_KEYS) {
      if (!seen.has(key)) {
        atEnd(
          `"${imageKeys[0]!}" (line ${seen.get(
            imageKeys[0]!,
          )!}) needs "${key}" too: image, size and origin come together`,
        );
      }
    }
    if (
      contour.normalization === 'center' &&
      (image.origin[0] !== image.width / 2 || image.origin[1] !== image.height / 2)
    ) {
      throw new Error(
        `line ${seen.get('origin')!}: expected the image centre ${image.width / 2} ${
          image.height / 2
        } as the origin of a "center" normalization, got ${image.origin[0]} ${image.origin[1]}`,
      );
    }
    contour.image = image;
  }
  if (!contour.closed && contour.normalization === 'gravity') {
    throw new Error(
      `line ${seen.get(
        'normalization',
      )!}: expected "center" for an open outline (a profile has no centroid), got "gravity"`,
    );
  }
  return contour;
}

/**
 * Reads a plain point list, the simplest exchange with other tools: one point per line, `x y`,
 * `x,y` or `x;y` (spaces or tabs around the separator allowed), blank lines and `#` comments
 * ignored, the line and number limits of contour files. Throws an `Error` starting with the line
 * number, e.g. `line 3: expected a point "x y", "x,y" or "x;y", got "1 2 3"`.
 */
export function parsePointList(text: string): Array<[number, number]> {
  if (typeof text !== 'string') {
    throw new TypeError(`point list text must be a string, got ${shown(text)}`);
  }
  const points: Array<[number, number]> = [];
  const last = forEachContentLine(text, (content, lineNumber) => {
    const fields = content.split(/[ \t]*[,;][ \t]*|[ \t]+/);
    const [x, y] = readNumbers(fields, 2, 'a point "x y", "x,y" or "x;y"', lineNumber);
    points.push([x!, y!]);
  });
  if (points.length === 0) {
    throw new Error(`line ${last}: expected a point "x y", "x,y" or "x;y", got an empty list`);
  }
  return points;
}

/**
 * A normalised contour from a plain point list (`parsePointList`): the area, centroid, second
 * moment and orientation are computed from the points (`normalizeContour` with `options`), never
 * read. A closed list may repeat its first point at the end; the repeat is dropped.
 */
export function importPointList(
  text: string,
  options: NormalizeContourOptions = {},
): NormalizedContour {
  return normalizeContour(parsePointList(text), options);
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
 * Brings an outline to normal form: scaled so that its largest bounding-box dimension is 1, about
 * the image centre (`normalization: 'center'`, the default: the contour stays congruent with its
 * image) or about its centroid (`'gravity'`, closed outlines only: centroid at the origin).
 * `points`: `[x, y]` pairs or a flat list in the image's frame (see `options.image`). A closed
 * outline (the default) is simple, convex or concave, either winding, kept as given; a last point
 * equal to the first is dropped; its area, centroid, second moment and orientation are computed
 * from the normalised points. An open profile (`closed: false`) is kept open, every point as
 * given; it has no area (those fields are 0). Returns the contour with `size` and `centre` (the
 * point that became the origin) that `scaleContour` takes to restore it.
 * Throws `TypeError`/`RangeError` naming the argument for malformed or non-finite points, too few
 * points, a closed outline of zero area, an open one of zero size, `'gravity'` for an open
 * outline, a bad option.
 */
export function normalizeContour(
  points: ArrayLike<ArrayLike<number>> | ArrayLike<number>,
  options: NormalizeContourOptions = {},
): NormalizedContour {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`options must be an object, got ${shown(options)}`);
  }
  const closed = options.closed ?? true;
  if (typeof closed !== 'boolean') {
    throw new TypeError(`options.closed must be true or false, got ${shown(closed)}`);
  }
  const normalization = options.normalization ?? 'center';
  if (normalization !== 'center' && normalization !== 'gravity') {
    throw new RangeError(
      `options.normalization must be 'center' or 'gravity', got ${shown(normalization)}`,
    );
  }
  if (!closed && normalization === 'gravity') {
    throw new RangeError(
      `options.normalization must be 'center' for an open outline (a profile has no centroid), got 'gravity'`,
    );
  }
  let flat = flattenPoints(points);
  let count = flat.length >> 1;
  if (closed && count > 1 && flat[0] === flat[2 * count - 2] && flat[1] === flat[2 * count - 1]) {
    count--;
    flat = flat.slice(0, 2 * count);
  }
  const least = closed ? 3 : 2;
  if (count < least) {
    throw new RangeError(
      `points must hold at least ${least} ${
        closed ? 'distinct points for a closed outline' : 'points for an open outline'
      }, got ${count}`,
    );
  }
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < count; i++) {
    const x = flat[2 * i]!, y = flat[2 * i + 1]!;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const width = maxX - minX, height = maxY - minY;
  const size = Math.max(width, height);
  if (!(size > 0)) {
    throw new RangeError(`points must not all coincide, got every point at [${minX}, ${minY}]`);
  }
  if (closed) {
    const area = polygonArea(flat);
    if (!(area > 0)) {
      throw new RangeError(
        `points must enclose a non-zero area for a closed outline, got area ${area}`,
      );
    }
  }
  // The image, in the points' frame: given, or the bounding box.
  let imageX = minX, imageY = minY, imageWidth = width, imageHeight = height;
  if (options.image !== undefined) {
    const given = options.image;
    if (given === null || typeof given !== 'object') {
      throw new TypeError(`options.image must be { width, height }, got ${shown(given)}`);
    }
    for (const field of ['width', 'height'] as const) {
      const value = given[field];
      if (typeof value !== 'number') {
        throw new TypeError(`options.image.${field} must be a number, got ${shown(value)}`);
      }
      if (!(value > 0 && Number.isFinite(value))) {
        throw new RangeError(
          `options.image.${field} must be a finite positive number, got ${value}`,
        );
      }
    }
    imageX = 0;
    imageY = 0;
    imageWidth = given.width;
    imageHeight = given.height;
  } else if (!(width > 0 && height > 0)) {
    throw new RangeError(
      `options.image is needed for a flat outline (its bounding box is ${width} by ${height}, not an image)`,
    );
  }
  const centre: [number, number] = normalization === 'center'
    ? [imageX + imageWidth / 2, imageY + imageHeight / 2]
    : polygonCentroid(flat);
  const normalised: Array<[number, number]> = [];
  for (let i = 0; i < count; i++) {
    normalised.push([(flat[2 * i]! - centre[0]) / size, (flat[2 * i + 1]! - centre[1]) / size]);
  }
  const contour: Contour = {
    points: normalised,
    closed,
    normalization,
    image: {
      width: imageWidth,
      height: imageHeight,
      size,
      // In the image's own frame (its corner at 0, 0); the image centre is exactly half the size.
      origin: normalization === 'center'
        ? [imageWidth / 2, imageHeight / 2]
        : [centre[0] - imageX, centre[1] - imageY],
    },
    area: 0,
    centroid: [0, 0],
    secondMoment: 0,
    largestAxis: width >= height ? 'x' : 'y',
    orientation: 0,
  };
  if (closed) {
    polygonSecondMoments(normalised, momentScratch);
    contour.area = polygonArea(normalised);
    // 'gravity' centred the points on the centroid: it is the origin by construction.
    contour.centroid = normalization === 'gravity' ? [0, 0] : polygonCentroid(normalised);
    contour.secondMoment = momentScratch[0]! + momentScratch[1]!;
    contour.orientation = principalAxisAngle(
      momentScratch[0]!,
      momentScratch[1]!,
      momentScratch[2]!,
    );
  }
  return { contour, size, centre };
}

function requireContour(contour: unknown): asserts contour is Contour {
  if (
    contour === null || typeof contour !== 'object' || !Array.isArray((contour as Contour).points)
  ) {
    throw new TypeError(
      `contour must be a contour ({ points, closed, ... }), got ${shown(contour)}`,
    );
  }
}

/**
 * Scales a (normalised) contour to world size: points `p * size + centre`, area `* size^2`,
 * centroid `* size + centre` (a closed outline's), second moment `* size^4` (lengths to the fourth
 * power); everything else unchanged. Returns a new contour. `size` must be finite and > 0 and
 * `centre` two finite numbers (default origin), else `TypeError`/`RangeError` naming the argument.
 */
export function scaleContour(
  contour: Contour,
  size: number,
  centre: ArrayLike<number> = [0, 0],
): Contour {
  requireContour(contour);
  if (typeof size !== 'number' || !Number.isFinite(size) || size <= 0) {
    throw new RangeError(`size must be a finite number > 0, got ${shown(size)}`);
  }
  const [cx, cy] = readPoint('centre', centre);
  return {
    points: contour.points.map(([x, y]) => [x * size + cx, y * size + cy]),
    closed: contour.closed,
    normalization: contour.normalization,
    image: contour.image,
    area: contour.area * size * size,
    centroid: contour.closed
      ? [contour.centroid[0] * size + cx, contour.centroid[1] * size + cy]
      : [0, 0],
    secondMoment: contour.secondMoment * size * size * size * size,
    largestAxis: contour.largestAxis,
    orientation: contour.orientation,
  };
}

/**
 * The contour in register with its image drawn `displayedWidth` wide with its centre at
 * `imageCentre` (default the origin), axes along the image's: `scaleContour` by
 * `displayedWidth * image.size / image.width` about the displayed position of `image.origin`
 * (the image centre itself for `'center'` normalisation). Throws `RangeError` when the contour
 * does not record its image (a version 1 file) or `displayedWidth` is not a finite number > 0.
 */
export function placeContour(
  contour: Contour,
  displayedWidth: number,
  imageCentre: ArrayLike<number> = [0, 0],
): Contour {
  requireContour(contour);
  const image = contour.image;
  if (image === null || typeof image !== 'object') {
    throw new RangeError(
      'contour.image is null: the contour does not record the image it was taken from (a version ' +
        '1 file); use scaleContour',
    );
  }
  if (
    typeof displayedWidth !== 'number' || !Number.isFinite(displayedWidth) || displayedWidth <= 0
  ) {
    throw new RangeError(
      `displayedWidth must be a finite number > 0, got ${shown(displayedWidth)}`,
    );
  }
  const [cx, cy] = readPoint('imageCentre', imageCentre);
  const perUnit = displayedWidth / image.width;
  const centre = contour.normalization === 'center'
    ? [cx, cy]
    : [
      cx + (image.origin[0] - image.width / 2) * perUnit,
      cy + (image.origin[1] - image.height / 2) * perUnit,
    ];
  return scaleContour(contour, image.size * perUnit, centre);
}

/**
 * The collision shape of a contour, in the contour's own units (scale it first with
 * `scaleContour` or `placeContour`): a `Polygon` for a closed outline (a body), a `Chain` for an
 * open one (a profile). The shape's constructor validates the points.
 */
export function shapeFromContour(contour: Contour): Polygon | Chain {
  requireContour(contour);
  return contour.closed ? new Polygon(contour.points) : new Chain(contour.points);
}
