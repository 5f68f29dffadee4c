/**
 * Tracing an outline from an image, for a digitiser: marching squares on a mask (Lorensen and
 * Cline's cube cases in two dimensions) gives the outer contour of the shape, and Douglas-Peucker
 * simplification (Douglas and Peucker, 1973) brings it down to a tolerance or a point count.
 * Pure functions over typed arrays: no DOM, no canvas.
 */

/** A raster: `width * height` pixels row by row from the top, each read from `data`. */
export interface Raster {
  /** The pixel values; pixel `(i, j)` (column i, row j) is `data[(j * width + i) * stride + offset]`. */
  data: ArrayLike<number>;
  /** Columns of pixels. */
  width: number;
  /** Rows of pixels. */
  height: number;
}

/** Options of `traceOutline`. */
export interface TraceOptions {
  /** A pixel is inside when its value is at least this (default 0.5: any non-zero integer value). */
  threshold?: number;
  /** Inside when the value is below the threshold instead (a dark shape on a light ground). */
  invert?: boolean;
  /** Array elements per pixel (default 1; 4 for RGBA image data). */
  stride?: number;
  /** Which element of a pixel to read (default 0; 3 reads the alpha of RGBA image data). */
  offset?: number;
}

/** Options of `simplifyContour`: exactly one of `tolerance` and `count`. */
export interface SimplifyOptions {
  /** Keep the points that lie farther than this from the simplified outline (>= 0). */
  tolerance?: number;
  /** Keep this many points (at least 2 open, 3 closed; all of them when there are fewer). */
  count?: number;
  /** Whether the outline is closed (default true); an open one keeps both end points. */
  closed?: boolean;
}

function requireIntegerIn(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(
      `${field} must be an integer in [${min}, ${max}], got ${
        typeof value === 'string' ? JSON.stringify(value) : String(value)
      }`,
    );
  }
  return value;
}

/**
 * The outer contour of the largest shape in a raster, by marching squares. Pixel `(i, j)` covers
 * `[i, i + 1] x [j, j + 1]` (x along a row, y down the rows, as the raster is stored) and is
 * sampled at its centre; the contour passes through the midpoints between inside and outside
 * neighbours, so a shape made of whole pixels comes back with its sides exact and each corner cut
 * by a triangle of 1/8 pixel (taken off at a convex corner, added at a concave one). Pixels that
 * touch only at a corner belong to one shape (8-connected). Holes are ignored; of several shapes
 * the one of largest area is returned. Returns the loop as `[x, y]` points, every pixel step (use
 * `simplifyContour` to thin it), with positive signed area in these coordinates (`polygonSignedArea`);
 * an empty array when no pixel is inside. Throws `TypeError`/`RangeError` naming a bad argument.
 */
export function traceOutline(raster: Raster, options: TraceOptions = {}): Array<[number, number]> {
  if (raster === null || typeof raster !== 'object') {
    throw new TypeError(`raster must be { data, width, height }, got ${String(raster)}`);
  }
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`options must be an object, got ${String(options)}`);
  }
  const width = requireIntegerIn('raster.width', raster.width, 1, 1 << 15);
  const height = requireIntegerIn('raster.height', raster.height, 1, 1 << 15);
  const stride = requireIntegerIn('options.stride', options.stride ?? 1, 1, 64);
  const offset = requireIntegerIn('options.offset', options.offset ?? 0, 0, stride - 1);
  const threshold = options.threshold ?? 0.5;
  if (typeof threshold !== 'number' || !Number.isFinite(threshold)) {
    throw new RangeError(`options.threshold must be a finite number, got ${String(threshold)}`);
  }
  const invert = options.invert ?? false;
  if (typeof invert !== 'boolean') {
    throw new TypeError(`options.invert must be true or false, got ${String(invert)}`);
  }
  const data = raster.data;
  if (data === null || typeof data !== 'object' || typeof data.length !== 'number') {
    throw new TypeError(`raster.data must be an array of pixel values, got ${String(data)}`);
  }
  const needed = (width * height - 1) * stride + offset + 1;
  if (data.length < needed) {
    throw new RangeError(
      `raster.data must hold ${width} x ${height} pixels of ${stride} values (${needed} values), got ${data.length}`,
    );
  }

  const inside = (i: number, j: number): boolean => {
    if (i < 0 || j < 0 || i >= width || j >= height) return false;
    const value = data[(j * width + i) * stride + offset]!;
    // A NaN value is outside either way.
    return invert ? value < threshold : value >= threshold;
  };
  // A crossing point lies on the line between two 4-neighbour pixels; it is named by the pair:
  // horizontal pairs (i, j)-(i + 1, j) and vertical pairs (i, j)-(i, j + 1), i and j from -1 (the
  // border outside the raster, so a shape touching the edge still closes).
  const columns = width + 2, rows = height + 2;
  const horizontal = (i: number, j: number) => (j + 1) * columns + (i + 1);
  const vertical = (i: number, j: number) => columns * rows + (j + 1) * columns + (i + 1);
  const pointOf = (id: number): [number, number] => {
    const isVertical = id >= columns * rows;
    const local = isVertical ? id - columns * rows : id;
    const i = (local % columns) - 1, j = Math.floor(local / columns) - 1;
    return isVertical ? [i + 0.5, j + 1] : [i + 1, j + 0.5];
  };

  // Each cell between four pixel centres a (i, j), b (i + 1, j), c (i + 1, j + 1), d (i, j + 1),
  // walked a -> b -> c -> d (positive orientation in these coordinates), has an exit crossing
  // where an inside corner is followed by an outside one and an entry crossing at the reverse.
  // Each exit joins the next entry in that order: the inside stays on the left of every segment,
  // and in a saddle cell the two inside corners are joined (8-connectivity).
  const next = new Map<number, number>();
  const corners = [false, false, false, false];
  const edges = [0, 0, 0, 0];
  for (let j = -1; j < height; j++) {
    for (let i = -1; i < width; i++) {
      corners[0] = inside(i, j);
      corners[1] = inside(i + 1, j);
      corners[2] = inside(i + 1, j + 1);
      corners[3] = inside(i, j + 1);
      if (corners[0] === corners[1] && corners[1] === corners[2] && corners[2] === corners[3]) {
        continue;
      }
      edges[0] = horizontal(i, j);
      edges[1] = vertical(i + 1, j);
      edges[2] = horizontal(i, j + 1);
      edges[3] = vertical(i, j);
      for (let k = 0; k < 4; k++) {
        if (!(corners[k] && !corners[(k + 1) & 3])) continue;
        for (let step = 1; step < 4; step++) {
          const m = (k + step) & 3;
          if (!corners[m] && corners[(m + 1) & 3]) {
            next.set(edges[k]!, edges[m]!);
            break;
          }
        }
      }
    }
  }

  // Follow the segments into loops; keep the one of largest positive area (an outer boundary:
  // holes run the other way).
  let best: number[] = [];
  let bestArea = 0;
  const visited = new Set<number>();
  for (const start of next.keys()) {
    if (visited.has(start)) continue;
    const loop: number[] = [];
    let twiceArea = 0;
    let id = start;
    let [px, py] = pointOf(start);
    do {
      visited.add(id);
      loop.push(id);
      id = next.get(id)!;
      const [x, y] = pointOf(id);
      twiceArea += px * y - x * py;
      px = x;
      py = y;
    } while (id !== start);
    if (twiceArea > bestArea) {
      bestArea = twiceArea;
      best = loop;
    }
  }
  return best.map(pointOf);
}

/**
 * Distance from point `p` to the segment `a`-`b` of the flat list; 0 exactly for a point on the
 * segment's line between its ends when the arithmetic is exact.
 */
function segmentDistance(flat: Float64Array, p: number, a: number, b: number): number {
  const ax = flat[2 * a]!,
    ay = flat[2 * a + 1]!,
    dx = flat[2 * b]! - ax,
    dy = flat[2 * b + 1]! - ay;
  const px = flat[2 * p]! - ax, py = flat[2 * p + 1]! - ay;
  const lengthSquared = dx * dx + dy * dy;
  const along = px * dx + py * dy;
  if (lengthSquared === 0 || along <= 0) return Math.hypot(px, py);
  if (along >= lengthSquared) return Math.hypot(px - dx, py - dy);
  // Within the segment: the cross product over the length (Ericson 5.1.2), which is exactly 0
  // for a collinear point with small integer or half-integer coordinates, as a trace gives.
  return Math.abs(px * dy - py * dx) / Math.sqrt(lengthSquared);
}

/**
 * Douglas-Peucker simplification (Douglas and Peucker, 1973) of an outline, to a tolerance or to
 * a point count. Points are kept in order; a point is kept when it is the farthest (by distance
 * to the segment) from the chord of the part of the outline it lies in and farther than the
 * tolerance; by count, the farthest point of all parts is kept next until `count` are kept (ties:
 * the lower index). An open outline keeps its end points; a closed one starts from its first
 * point and the point farthest from it, and keeps at least 3 points. With tolerance 0 exactly the
 * points on the line of their neighbours' chord are dropped. Returns new `[x, y]` pairs.
 * Throws `TypeError`/`RangeError` naming a bad argument.
 */
export function simplifyContour(
  points: ArrayLike<ArrayLike<number>>,
  options: SimplifyOptions,
): Array<[number, number]> {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`options must be { tolerance } or { count }, got ${String(options)}`);
  }
  if (points === null || typeof points !== 'object' || typeof points.length !== 'number') {
    throw new TypeError(`points must be an array of [x, y] pairs, got ${String(points)}`);
  }
  const closed = options.closed ?? true;
  if (typeof closed !== 'boolean') {
    throw new TypeError(`options.closed must be true or false, got ${String(closed)}`);
  }
  const { tolerance, count } = options;
  if ((tolerance === undefined) === (count === undefined)) {
    throw new TypeError('options must give exactly one of tolerance and count');
  }
  if (
    tolerance !== undefined &&
    !(typeof tolerance === 'number' && tolerance >= 0 && Number.isFinite(tolerance))
  ) {
    throw new RangeError(
      `options.tolerance must be a finite number >= 0, got ${String(tolerance)}`,
    );
  }
  const least = closed ? 3 : 2;
  if (count !== undefined) requireIntegerIn('options.count', count, least, Number.MAX_SAFE_INTEGER);
  const n = points.length;
  const flat = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const p = points[i];
    if (
      p === null || typeof p !== 'object' || typeof p[0] !== 'number' || typeof p[1] !== 'number' ||
      !Number.isFinite(p[0]) || !Number.isFinite(p[1])
    ) {
      throw new TypeError(
        `points[${i}] must be an [x, y] pair of finite numbers, got ${
          Array.isArray(p) ? `[${p.join(', ')}]` : String(p)
        }`,
      );
    }
    flat[2 * i] = p[0];
    flat[2 * i + 1] = p[1];
  }
  const copy = (indices: number[]) =>
    indices.map((i): [number, number] => [flat[2 * i]!, flat[2 * i + 1]!]);
  if (n <= least || (count !== undefined && count >= n)) {
    return copy(Array.from({ length: n }, (_, i) => i));
  }

  const keep = new Uint8Array(n);
  let kept = 0;
  const mark = (i: number) => {
    if (!keep[i]) kept++;
    keep[i] = 1;
  };
  // Parts of the outline, each a chord (first, last) with its farthest interior point, in a
  // binary heap by distance (larger first, then lower index). Index n stands for point 0 again
  // in a closed outline.
  const heap: Array<{ first: number; last: number; farthest: number; distance: number; }> = [];
  const before = (x: (typeof heap)[number], y: (typeof heap)[number]) =>
    x.distance > y.distance || (x.distance === y.distance && x.farthest < y.farthest);
  const push = (first: number, last: number) => {
    if (last - first < 2) return;
    let farthest = first + 1, distance = -1;
    for (let p = first + 1; p < last; p++) {
      const d = segmentDistance(flat, p, first, last % n);
      if (d > distance) {
        distance = d;
        farthest = p;
      }
    }
    const item = { first, last, farthest, distance };
    let k = heap.push(item) - 1;
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if (!before(item, heap[parent]!)) break;
      heap[k] = heap[parent]!;
      k = parent;
    }
    heap[k] = item;
  };
  const pop = () => {
    const top = heap[0]!, last = heap.pop()!;
    if (heap.length > 0) {
      let k = 0;
      for (;;) {
        let child = 2 * k + 1;
        if (child >= heap.length) break;
        if (child + 1 < heap.length && before(heap[child + 1]!, heap[child]!)) child++;
        if (!before(heap[child]!, last)) break;
        heap[k] = heap[child]!;
        k = child;
      }
      heap[k] = last;
    }
    return top;
  };

  mark(0);
  if (closed) {
    let far = 1, farDistance = -1;
    for (let p = 1; p < n; p++) {
      const d = Math.hypot(flat[2 * p]! - flat[0]!, flat[2 * p + 1]! - flat[1]!);
      if (d > farDistance) {
        farDistance = d;
        far = p;
      }
    }
    mark(far);
    push(0, far);
    push(far, n);
  } else {
    mark(n - 1);
    push(0, n - 1);
  }
  while (heap.length > 0) {
    if (count !== undefined ? kept >= count : kept >= least && heap[0]!.distance <= tolerance!) {
      break;
    }
    const part = pop();
    mark(part.farthest);
    push(part.first, part.farthest);
    push(part.farthest, part.last);
  }
  const indices: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) indices.push(i);
  return copy(indices);
}
