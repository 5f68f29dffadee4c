/**
 * The 2D oracle: brute-force geometry that shares no code with the detectors (no import from
 * the packages under test). Shapes are plain world-space data: a circle (centre, radius), a
 * closed outline (polygon) or an open one (chain), as lists of `[x, y]` points. Everything is
 * loops over points and segments: slow, plain and easy to check by eye.
 */

/** A world-space 2D shape as the oracle sees it. */
export type Geometry2 =
  | { kind: 'circle'; centre: Point; radius: number; }
  | { kind: 'polygon'; points: Point[]; }
  | { kind: 'chain'; points: Point[]; };

/** A point `[x, y]`. */
export type Point = readonly [number, number];

/** Distance from `p` to the segment `a b` (Ericson 5.1.2, written out here). */
export function pointSegmentDistance(p: Point, a: Point, b: Point): number {
  const ex = b[0] - a[0], ey = b[1] - a[1];
  const lengthSquared = ex * ex + ey * ey;
  let t = lengthSquared > 0 ? ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / lengthSquared : 0;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(p[0] - (a[0] + t * ex), p[1] - (a[1] + t * ey));
}

/** The segments of an outline: closed for a polygon, open for a chain. */
export function segmentsOf(geometry: Geometry2): [Point, Point][] {
  if (geometry.kind === 'circle') return [];
  const points = geometry.points, closed = geometry.kind === 'polygon';
  const segments: [Point, Point][] = [];
  const count = closed ? points.length : points.length - 1;
  for (let i = 0; i < count; i++) segments.push([points[i]!, points[(i + 1) % points.length]!]);
  return segments;
}

/** Distance from `p` to the boundary of the shape (the outline, or the circle). */
export function boundaryDistance(p: Point, geometry: Geometry2): number {
  if (geometry.kind === 'circle') {
    return Math.abs(
      Math.hypot(p[0] - geometry.centre[0], p[1] - geometry.centre[1]) - geometry.radius,
    );
  }
  let best = Infinity;
  for (const [a, b] of segmentsOf(geometry)) best = Math.min(best, pointSegmentDistance(p, a, b));
  return best;
}

/** Whether `p` lies inside or on a closed shape (a chain encloses nothing): crossing count. */
export function contains(geometry: Geometry2, p: Point): boolean {
  if (geometry.kind === 'circle') {
    return Math.hypot(p[0] - geometry.centre[0], p[1] - geometry.centre[1]) <= geometry.radius;
  }
  if (geometry.kind === 'chain') return false;
  const points = geometry.points;
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i]!, [xj, yj] = points[j]!;
    // A horizontal ray to +x crosses edge j -> i (half-open in y, so a vertex counts once).
    if ((yi > p[1]) !== (yj > p[1])) {
      const x = xj + (p[1] - yj) / (yi - yj) * (xi - xj);
      if (p[0] < x) inside = !inside;
    }
  }
  return inside || boundaryDistance(p, geometry) === 0;
}

function orientation(a: Point, b: Point, c: Point): number {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

/**
 * Whether closed segments `a b` and `c d` share a point. A proper crossing needs the orientation
 * signs to alternate by more than round-off (1e-12 of the squared length: an endpoint farther
 * than 1e-12 of the length from the other's line); otherwise (nearly collinear or nearly
 * touching segments, whose signs are noise) they meet when an endpoint lies within 1e-12 of the
 * length of the other segment.
 */
export function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = orientation(c, d, a), d2 = orientation(c, d, b);
  const d3 = orientation(a, b, c), d4 = orientation(a, b, d);
  const lengthSquared = Math.max(
    (b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2,
    (d[0] - c[0]) ** 2 + (d[1] - c[1]) ** 2,
  );
  const noise = 1e-12 * lengthSquared;
  const clear = Math.min(Math.abs(d1), Math.abs(d2), Math.abs(d3), Math.abs(d4)) > noise;
  if (clear) return d1 > 0 !== d2 > 0 && d3 > 0 !== d4 > 0;
  const reach = 1e-12 * Math.sqrt(lengthSquared);
  return pointSegmentDistance(a, c, d) <= reach || pointSegmentDistance(b, c, d) <= reach ||
    pointSegmentDistance(c, a, b) <= reach || pointSegmentDistance(d, a, b) <= reach;
}

/** Distance between two segments: 0 when they cross, else the least of the four end distances. */
export function segmentSegmentDistance(a: Point, b: Point, c: Point, d: Point): number {
  if (segmentsCross(a, b, c, d)) return 0;
  return Math.min(
    pointSegmentDistance(a, c, d),
    pointSegmentDistance(b, c, d),
    pointSegmentDistance(c, a, b),
    pointSegmentDistance(d, a, b),
  );
}

/**
 * The gap between two shapes: 0 when they overlap or touch, else the least distance between
 * them (circles by their centres, outlines segment by segment; containment counts as overlap).
 */
export function gap(first: Geometry2, second: Geometry2): number {
  if (first.kind === 'circle' && second.kind === 'circle') {
    const d = Math.hypot(first.centre[0] - second.centre[0], first.centre[1] - second.centre[1]);
    return Math.max(0, d - first.radius - second.radius);
  }
  if (first.kind === 'circle' || second.kind === 'circle') {
    const circle = (first.kind === 'circle' ? first : second) as Extract<
      Geometry2,
      { kind: 'circle'; }
    >;
    const other = first.kind === 'circle' ? second : first;
    if (contains(other, circle.centre)) return 0;
    return Math.max(0, boundaryDistance(circle.centre, other) - circle.radius);
  }
  if (first.points.some((p) => contains(second, p))) return 0;
  if (second.points.some((p) => contains(first, p))) return 0;
  let best = Infinity;
  for (const [a, b] of segmentsOf(first)) {
    for (const [c, d] of segmentsOf(second)) {
      best = Math.min(best, segmentSegmentDistance(a, b, c, d));
      if (best === 0) return 0;
    }
  }
  return best;
}

/** Whether the two shapes overlap or touch (`gap` is 0), without measuring the distance when apart. */
export function meets(first: Geometry2, second: Geometry2): boolean {
  if (first.kind === 'circle' || second.kind === 'circle') return gap(first, second) === 0;
  if (first.points.some((p) => contains(second, p))) return true;
  if (second.points.some((p) => contains(first, p))) return true;
  for (const [a, b] of segmentsOf(first)) {
    for (const [c, d] of segmentsOf(second)) if (segmentsCross(a, b, c, d)) return true;
  }
  return false;
}

/** Points on a shape's boundary: vertices and `perEdge` evenly spaced points inside each segment. */
export function boundarySamples(geometry: Geometry2, perEdge = 4): Point[] {
  if (geometry.kind === 'circle') {
    const samples: Point[] = [];
    for (let k = 0; k < 16; k++) {
      const angle = (2 * Math.PI * k) / 16;
      samples.push([
        geometry.centre[0] + geometry.radius * Math.cos(angle),
        geometry.centre[1] + geometry.radius * Math.sin(angle),
      ]);
    }
    return samples;
  }
  const samples: Point[] = [...geometry.points];
  for (const [a, b] of segmentsOf(geometry)) {
    for (let k = 1; k <= perEdge; k++) {
      const t = k / (perEdge + 1);
      samples.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
    }
  }
  return samples;
}

/**
 * A lower bound of the penetration depth (the shortest translation that frees the pair): the
 * largest distance, from the other shape's boundary, of a boundary point of one shape lying
 * inside the other. A point of the first's boundary at distance d inside the second stays inside
 * under any translation shorter than d, so the pair cannot be freed by less. For a circle the
 * exact value: its radius plus how far its centre is inside (or minus how far outside). 0 when
 * no sample is inside.
 */
export function depthLowerBound(first: Geometry2, second: Geometry2): number {
  if (first.kind === 'circle' || second.kind === 'circle') {
    const circle = (first.kind === 'circle' ? first : second) as Extract<
      Geometry2,
      { kind: 'circle'; }
    >;
    const other = first.kind === 'circle' ? second : first;
    if (other.kind === 'circle') {
      const d = Math.hypot(circle.centre[0] - other.centre[0], circle.centre[1] - other.centre[1]);
      // Circle in circle: the smaller cannot leave by less than its whole overlap with the rim.
      return Math.max(
        0,
        Math.min(circle.radius + other.radius - d, 2 * Math.min(circle.radius, other.radius)),
      );
    }
    const distance = boundaryDistance(circle.centre, other);
    const inside = contains(other, circle.centre);
    return Math.max(0, inside ? circle.radius + distance : circle.radius - distance);
  }
  let best = 0;
  for (const [from, into] of [[first, second], [second, first]] as const) {
    if (into.kind !== 'polygon') continue;
    for (const p of boundarySamples(from)) {
      if (contains(into, p)) best = Math.max(best, boundaryDistance(p, into));
    }
  }
  // A chain's segments crossing a polygon's edge: the chain's points inside count above.
  return best;
}

/** The shape moved by `(dx, dy)`. */
export function translated(geometry: Geometry2, dx: number, dy: number): Geometry2 {
  if (geometry.kind === 'circle') {
    return {
      kind: 'circle',
      centre: [geometry.centre[0] + dx, geometry.centre[1] + dy],
      radius: geometry.radius,
    };
  }
  return {
    kind: geometry.kind,
    points: geometry.points.map((p) => [p[0] + dx, p[1] + dy] as Point),
  };
}

/** The feature a contact names on one shape: a point (vertex, circle) or a segment (edge). */
export type Feature2 =
  | { kind: 'point'; at: Point; }
  | { kind: 'segment'; from: Point; to: Point; }
  | { kind: 'circle'; centre: Point; radius: number; }
  | { kind: 'internal'; };

/**
 * How far along `n` the first feature must move to clear the second one locally: for a point
 * against a segment, the distance along `n` from the point to the segment's line (the ray from
 * the point, backwards along `n`, meets it); for a circle, from its lowest point along `n`; for
 * two points, their separation along `n`; null when the pair names no such measure (two
 * segments, an internal edge, a segment parallel to `n`).
 */
export function featureOverlap(
  first: Feature2,
  second: Feature2,
  nx: number,
  ny: number,
): number | null {
  const a = supportPoint(first, -nx, -ny);
  const b = supportPoint(second, nx, ny);
  if (first.kind === 'segment' && second.kind === 'segment') return null;
  if (first.kind === 'internal' || second.kind === 'internal') return null;
  if (second.kind === 'segment' && a !== null) {
    return alongToLine(a, second.from, second.to, nx, ny);
  }
  if (first.kind === 'segment' && b !== null) {
    const t = alongToLine(b, first.from, first.to, -nx, -ny);
    return t;
  }
  if (a !== null && b !== null) return (b[0] - a[0]) * nx + (b[1] - a[1]) * ny;
  return null;
}

/** The feature's point extreme along `(dx, dy)` (a circle's rim point), or null for a segment. */
function supportPoint(feature: Feature2, dx: number, dy: number): Point | null {
  if (feature.kind === 'point') return feature.at;
  if (feature.kind === 'circle') {
    return [feature.centre[0] + dx * feature.radius, feature.centre[1] + dy * feature.radius];
  }
  return null;
}

/** t with `p + t n` on the line through `a b` (null when the line is parallel to n). */
function alongToLine(p: Point, a: Point, b: Point, nx: number, ny: number): number | null {
  // Line normal m = (-(by - ay), bx - ax): (p + t n - a) . m = 0.
  const mx = -(b[1] - a[1]), my = b[0] - a[0];
  const denominator = nx * mx + ny * my;
  const length = Math.hypot(mx, my);
  if (Math.abs(denominator) <= 1e-3 * length) return null;
  return ((a[0] - p[0]) * mx + (a[1] - p[1]) * my) / denominator;
}

/**
 * Whether a closed outline is simple: no two edges share a point except neighbours at their
 * common vertex (and neighbours do not fold back over each other).
 */
export function isSimple(points: readonly Point[]): boolean {
  const n = points.length;
  if (n < 3) return false;
  for (let i = 0; i < n; i++) {
    const a = points[i]!, b = points[(i + 1) % n]!;
    for (let j = i + 1; j < n; j++) {
      const c = points[j]!, d = points[(j + 1) % n]!;
      const neighbours = j === i + 1 || (i === 0 && j === n - 1);
      if (!neighbours) {
        if (segmentsCross(a, b, c, d)) return false;
        continue;
      }
      // Neighbours share one vertex; they must not overlap beyond it (a fold back).
      const [shared, p, q] = j === i + 1 ? [b, a, d] : [a, b, c];
      const ux = p[0] - shared[0],
        uy = p[1] - shared[1],
        vx = q[0] - shared[0],
        vy = q[1] - shared[1];
      if (ux * vy - uy * vx === 0 && ux * vx + uy * vy > 0) return false;
    }
  }
  return true;
}
