/**
 * The 3D oracle: brute-force geometry sharing no code with the detectors. Shapes are world-space
 * data (a sphere's centre and radius; a box's centre, axes and half sizes; a plane's unit normal
 * and offset); boxes are met vertex by vertex, edge by edge (each edge clipped against the other
 * box's slabs), never by a separating-axis test. A capsule is its segment (the core) and its
 * radius: every measure of it is the core's, less the radius (the capsule is the set within
 * `radius` of the core, Ericson 4.5.1). A convex hull is the polytope of oracle-hull3d.ts (its
 * design's facets by brute force): met vertex by vertex and edge by edge like boxes, each edge
 * clipped against the other's face planes; a box meeting a hull is met as the polytope of its
 * corners and face planes.
 */
import { type Polytope3, polytopeOf } from './oracle-hull3d.js';

/** A point or vector `[x, y, z]`. */
export type Vec3 = readonly [number, number, number];

/** A world-space 3D shape as the oracle sees it. */
export type Geometry3 =
  | { kind: 'sphere'; centre: Vec3; radius: number; }
  | { kind: 'box'; centre: Vec3; axes: [Vec3, Vec3, Vec3]; half: Vec3; }
  | { kind: 'capsule'; from: Vec3; to: Vec3; radius: number; }
  | { kind: 'hull'; polytope: Polytope3; }
  | { kind: 'plane'; normal: Vec3; offset: number; }
  | { kind: 'halfspace'; normal: Vec3; offset: number; };

/** `a . b`. */
export const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
/** `a - b`. */
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
/** `a + s b`. */
export const add = (a: Vec3, b: Vec3, s = 1): Vec3 => [
  a[0] + s * b[0],
  a[1] + s * b[1],
  a[2] + s * b[2],
];
/**
 * The length of (x, y, z) as `Math.hypot` works it out (V8's builtin: the largest magnitude
 * factored out, the squares of the quotients summed with Kahan's compensation, the square root
 * scaled back), so the same number to the last bit, without the argument list `Math.hypot`
 * allocates at every call: the mesh oracle takes some hundred lengths per triangle it measures.
 * mesh-oracle3d.test.ts compares the two.
 */
export function hypot3(x: number, y: number, z: number): number {
  const ax = Math.abs(x), ay = Math.abs(y), az = Math.abs(z);
  // The largest of those that are numbers: an infinite one wins over a NaN.
  let max = 0;
  if (ax > max) max = ax;
  if (ay > max) max = ay;
  if (az > max) max = az;
  if (max === Infinity) return Infinity;
  if (Number.isNaN(x) || Number.isNaN(y) || Number.isNaN(z)) return NaN;
  if (max === 0) return 0;
  let n = ax / max, summand = n * n, sum = summand;
  let compensation = sum - 0 - summand;
  n = ay / max, summand = n * n - compensation;
  let preliminary = sum + summand;
  compensation = preliminary - sum - summand, sum = preliminary;
  n = az / max, summand = n * n - compensation;
  return Math.sqrt(sum + summand) * max;
}

/** `|a|`. */
export const length = (a: Vec3) => hypot3(a[0], a[1], a[2]);

/** The rotation matrix columns of a quaternion `[x, y, z, w]` (normalised here first). */
export function axesOf(q: readonly number[]): [Vec3, Vec3, Vec3] {
  const n = Math.hypot(q[0]!, q[1]!, q[2]!, q[3]!);
  const x = q[0]! / n, y = q[1]! / n, z = q[2]! / n, w = q[3]! / n;
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)],
    [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)],
    [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)],
  ];
}

type Box3 = Extract<Geometry3, { kind: 'box'; }>;
type Capsule3 = Extract<Geometry3, { kind: 'capsule'; }>;
type Hull3 = Extract<Geometry3, { kind: 'hull'; }>;

/** Distance from `p` to the segment `a b` (the clamped projection). */
function pointSegment(p: Vec3, a: Vec3, b: Vec3): number {
  const d = sub(b, a), dd = dot(d, d);
  const t = dd > 0 ? Math.max(0, Math.min(1, dot(sub(p, a), d) / dd)) : 0;
  return length(sub(p, add(a, d, t)));
}

/**
 * Distance from the segment `a b` to the solid box: 0 when they meet, else the least of the
 * ends' and the box edges'.
 */
function segmentBoxDistance(box: Box3, a: Vec3, b: Vec3): number {
  if (segmentMeetsBox(box, a, b)) return 0;
  // Apart: the closest pair has an end of the segment or a box edge point (a segment interior
  // point closest to a face interior makes the segment parallel to it, and an end ties it).
  let best = Math.min(outsideDistance(box, a), outsideDistance(box, b));
  for (const [p, q] of boxEdges(box)) best = Math.min(best, segmentDistance(a, b, p, q));
  return best;
}

/** Points of the segment `a b`: its ends and 15 between. */
function segmentSamples(a: Vec3, b: Vec3): Vec3[] {
  const out: Vec3[] = [];
  for (let k = 0; k <= 16; k++) out.push(add(a, sub(b, a), k / 16));
  return out;
}

/** The 8 vertices of a box. */
export function boxVertices(box: Box3): Vec3[] {
  const out: Vec3[] = [];
  for (const sx of [-1, 1]) {
    for (const sy of [-1, 1]) {
      for (const sz of [-1, 1]) {
        let p = add(box.centre, box.axes[0], sx * box.half[0]);
        p = add(p, box.axes[1], sy * box.half[1]);
        out.push(add(p, box.axes[2], sz * box.half[2]));
      }
    }
  }
  return out;
}

/** The 12 edges of a box, as vertex pairs. */
export function boxEdges(box: Box3): [Vec3, Vec3][] {
  const v = boxVertices(box), out: [Vec3, Vec3][] = [];
  for (let i = 0; i < 8; i++) {
    for (const bit of [1, 2, 4]) if ((i & bit) === 0) out.push([v[i]!, v[i | bit]!]);
  }
  return out;
}

/** `p` in the box's frame. */
function local(box: Box3, p: Vec3): Vec3 {
  const d = sub(p, box.centre);
  return [dot(d, box.axes[0]), dot(d, box.axes[1]), dot(d, box.axes[2])];
}

/** Distance from `p` to the solid box (0 inside). */
function outsideDistance(box: Box3, p: Vec3): number {
  const u = local(box, p);
  return hypot3(
    Math.max(0, Math.abs(u[0]) - box.half[0]),
    Math.max(0, Math.abs(u[1]) - box.half[1]),
    Math.max(0, Math.abs(u[2]) - box.half[2]),
  );
}

/** Whether `p` lies in the closed solid (a plane is a sheet: only its points). */
export function contains3(shape: Geometry3, p: Vec3): boolean {
  if (shape.kind === 'sphere') return length(sub(p, shape.centre)) <= shape.radius;
  if (shape.kind === 'capsule') return pointSegment(p, shape.from, shape.to) <= shape.radius;
  if (shape.kind === 'box') return local(shape, p).every((x, k) => Math.abs(x) <= shape.half[k]!);
  if (shape.kind === 'hull') return polytopeHeight(shape.polytope, p) <= 0;
  const height = dot(shape.normal, p) - shape.offset;
  return shape.kind === 'plane' ? height === 0 : height <= 0;
}

/** Distance from `p` to the shape's surface. */
export function surfaceDistance(shape: Geometry3, p: Vec3): number {
  if (shape.kind === 'sphere') return Math.abs(length(sub(p, shape.centre)) - shape.radius);
  if (shape.kind === 'capsule') {
    return Math.abs(pointSegment(p, shape.from, shape.to) - shape.radius);
  }
  if (shape.kind === 'box') {
    const outside = outsideDistance(shape, p);
    if (outside > 0) return outside;
    const u = local(shape, p);
    return Math.min(...u.map((x, k) => shape.half[k]! - Math.abs(x)));
  }
  if (shape.kind === 'hull') {
    const height = polytopeHeight(shape.polytope, p);
    return height <= 0 ? -height : polytopeOutside(shape.polytope, p);
  }
  return Math.abs(dot(shape.normal, p) - shape.offset);
}

/** Whether the segment `a b` meets the solid box: Liang-Barsky clipping against its three slabs. */
function segmentMeetsBox(box: Box3, a: Vec3, b: Vec3): boolean {
  const ua = local(box, a), ub = local(box, b);
  let low = 0, high = 1;
  for (let k = 0; k < 3; k++) {
    const d = ub[k]! - ua[k]!, h = box.half[k]!;
    if (d === 0) {
      if (Math.abs(ua[k]!) > h) return false;
      continue;
    }
    let t0 = (-h - ua[k]!) / d, t1 = (h - ua[k]!) / d;
    if (t0 > t1) [t0, t1] = [t1, t0];
    low = Math.max(low, t0);
    high = Math.min(high, t1);
    if (low > high) return false;
  }
  return true;
}

/**
 * Closest distance between segments `p1 q1` and `p2 q2`: the clamped stationary point of the
 * squared distance (Ericson 5.1.9, written out here), and the four end-to-segment distances as a
 * safety net for near-parallel segments (every candidate is a true distance, so the least is).
 */
function segmentDistance(p1: Vec3, q1: Vec3, p2: Vec3, q2: Vec3): number {
  const d1 = sub(q1, p1), d2 = sub(q2, p2), r = sub(p1, p2);
  const a = dot(d1, d1), e = dot(d2, d2), b = dot(d1, d2), c = dot(d1, r), f = dot(d2, r);
  const clamp = (x: number) => Math.max(0, Math.min(1, x));
  const closest = (p: Vec3, o: Vec3, d: Vec3) => {
    const dd = dot(d, d);
    return length(sub(p, add(o, d, dd > 0 ? clamp(dot(sub(p, o), d) / dd) : 0)));
  };
  const denominator = a * e - b * b;
  let s = denominator > 0 ? clamp((b * f - c * e) / denominator) : 0;
  let t = e > 0 ? (b * s + f) / e : 0;
  if (t < 0) (t = 0, s = a > 0 ? clamp(-c / a) : 0);
  else if (t > 1) (t = 1, s = a > 0 ? clamp((b - c) / a) : 0);
  return Math.min(
    length(sub(add(p1, d1, s), add(p2, d2, t))),
    closest(p1, p2, d2),
    closest(q1, p2, d2),
    closest(p2, p1, d1),
    closest(q2, p1, d1),
  );
}

/** 0 when the two shapes overlap or touch, else the distance between them. */
export function gap3(first: Geometry3, second: Geometry3): number {
  if (first.kind === 'plane' || first.kind === 'halfspace') return gap3(second, first);
  if (first.kind === 'capsule' || second.kind === 'capsule') return capsuleGap(first, second);
  if (second.kind === 'plane' || second.kind === 'halfspace') {
    const heights = first.kind === 'sphere'
      ? [
        dot(second.normal, first.centre) - second.offset - first.radius,
        dot(second.normal, first.centre) - second.offset + first.radius,
      ]
      : cornersOf(first).map((v) => dot(second.normal, v) - second.offset);
    const low = Math.min(...heights), high = Math.max(...heights);
    if (second.kind === 'halfspace') return Math.max(0, low);
    return low <= 0 && high >= 0 ? 0 : Math.min(Math.abs(low), Math.abs(high));
  }
  if (first.kind === 'sphere' && second.kind === 'sphere') {
    return Math.max(0, length(sub(first.centre, second.centre)) - first.radius - second.radius);
  }
  if (first.kind === 'sphere' || second.kind === 'sphere') {
    const sphere = (first.kind === 'sphere' ? first : second) as Extract<
      Geometry3,
      { kind: 'sphere'; }
    >;
    const solid = first.kind === 'sphere' ? second : first;
    if (solid.kind === 'hull') {
      return Math.max(0, polytopeOutside(solid.polytope, sphere.centre) - sphere.radius);
    }
    return Math.max(0, outsideDistance(solid as Box3, sphere.centre) - sphere.radius);
  }
  if (first.kind === 'hull' || second.kind === 'hull') {
    return polytopeGap(polytopeOfSolid(first), polytopeOfSolid(second));
  }
  const a = first as Box3, b = second as Box3;
  if (boxesMeet(a, b)) return 0;
  let best = Infinity;
  for (const v of boxVertices(a)) best = Math.min(best, outsideDistance(b, v));
  for (const v of boxVertices(b)) best = Math.min(best, outsideDistance(a, v));
  const edgesA = boxEdges(a), edgesB = boxEdges(b);
  for (const [p, q] of edgesA) {
    for (const [r, s] of edgesB) best = Math.min(best, segmentDistance(p, q, r, s));
  }
  return best;
}

/**
 * Whether two boxes overlap or touch: an edge of one meets the other solid, or (faces lying on
 * each other's planes put every edge on the boundary, where round-off may say outside) a face
 * point of one lies in the other.
 */
function boxesMeet(a: Box3, b: Box3): boolean {
  if (boxEdges(a).some(([p, q]) => segmentMeetsBox(b, p, q))) return true;
  if (boxEdges(b).some(([p, q]) => segmentMeetsBox(a, p, q))) return true;
  return surfaceSamples(a).some((p) => contains3(b, p)) ||
    surfaceSamples(b).some((p) => contains3(a, p));
}

/** Whether the two shapes overlap or touch (`gap3` is 0), without measuring the distance when apart. */
export function meets3(first: Geometry3, second: Geometry3): boolean {
  if (first.kind === 'box' && second.kind === 'box') return boxesMeet(first, second);
  if (
    (first.kind === 'hull' || second.kind === 'hull') &&
    (first.kind === 'box' || first.kind === 'hull') &&
    (second.kind === 'box' || second.kind === 'hull')
  ) return polytopesMeet(polytopeOfSolid(first), polytopeOfSolid(second));
  return gap3(first, second) === 0;
}

/** Points on a shape's surface: a box's vertices, edge points and face grids; a sphere's 26 directions. */
function surfaceSamples(shape: Geometry3): Vec3[] {
  if (shape.kind === 'sphere') {
    const out: Vec3[] = [];
    for (const x of [-1, 0, 1]) {
      for (const y of [-1, 0, 1]) {
        for (const z of [-1, 0, 1]) {
          const n = hypot3(x, y, z);
          if (n > 0) out.push(add(shape.centre, [x / n, y / n, z / n], shape.radius));
        }
      }
    }
    return out;
  }
  if (shape.kind !== 'box') return [];
  const out: Vec3[] = [];
  const steps = [-1, -0.5, 0, 0.5, 1];
  for (const sx of steps) {
    for (const sy of steps) {
      for (const sz of steps) {
        if (Math.abs(sx) !== 1 && Math.abs(sy) !== 1 && Math.abs(sz) !== 1) continue;
        let p = add(shape.centre, shape.axes[0], sx * shape.half[0]);
        p = add(p, shape.axes[1], sy * shape.half[1]);
        out.push(add(p, shape.axes[2], sz * shape.half[2]));
      }
    }
  }
  return out;
}

/**
 * A lower bound of the penetration depth: exact for spheres and for a shape against a plane or
 * half-space; for boxes, the deepest surface sample of one inside the other (a surface point d
 * inside the other solid stays inside under any shorter translation).
 */
export function depthLowerBound3(first: Geometry3, second: Geometry3): number {
  if (first.kind === 'plane' || first.kind === 'halfspace') return depthLowerBound3(second, first);
  if (first.kind === 'capsule' || second.kind === 'capsule') return capsuleDepth(first, second);
  if (second.kind === 'plane' || second.kind === 'halfspace') {
    const heights = first.kind === 'sphere'
      ? [
        dot(second.normal, first.centre) - second.offset - first.radius,
        dot(second.normal, first.centre) - second.offset + first.radius,
      ]
      : cornersOf(first).map((v) => dot(second.normal, v) - second.offset);
    const low = Math.min(...heights), high = Math.max(...heights);
    if (second.kind === 'halfspace') return Math.max(0, -low);
    return Math.max(0, Math.min(-low, high));
  }
  if (first.kind === 'sphere' && second.kind === 'sphere') {
    const d = length(sub(first.centre, second.centre));
    return Math.max(
      0,
      Math.min(first.radius + second.radius - d, 2 * Math.min(first.radius, second.radius)),
    );
  }
  if (first.kind === 'sphere' || second.kind === 'sphere') {
    const sphere = (first.kind === 'sphere' ? first : second) as Extract<
      Geometry3,
      { kind: 'sphere'; }
    >;
    const solid = first.kind === 'sphere' ? second : first;
    const inside = contains3(solid, sphere.centre);
    return Math.max(
      0,
      inside
        ? sphere.radius + surfaceDistance(solid, sphere.centre)
        : sphere.radius - (solid.kind === 'hull'
          ? polytopeOutside(solid.polytope, sphere.centre)
          : outsideDistance(solid as Box3, sphere.centre)),
    );
  }
  if (first.kind === 'hull' || second.kind === 'hull') {
    return polytopeDepth(polytopeOfSolid(first), polytopeOfSolid(second));
  }
  let best = 0;
  for (const [from, into] of [[first, second], [second, first]] as const) {
    for (const p of surfaceSamples(from)) {
      if (contains3(into, p)) best = Math.max(best, surfaceDistance(into, p));
    }
  }
  return best;
}

/** The shape moved by `d`. */
export function translated3(shape: Geometry3, d: Vec3): Geometry3 {
  if (shape.kind === 'plane' || shape.kind === 'halfspace') {
    return { ...shape, offset: shape.offset + dot(shape.normal, d) };
  }
  if (shape.kind === 'capsule') return { ...shape, from: add(shape.from, d), to: add(shape.to, d) };
  if (shape.kind === 'hull') {
    const p = shape.polytope;
    return {
      kind: 'hull',
      polytope: {
        ...p,
        vertices: p.vertices.map((v) => add(v, d)),
        offsets: p.offsets.map((o, f) => o + dot(p.normals[f]!, d)),
      },
    };
  }
  return { ...shape, centre: add(shape.centre, d) };
}

/**
 * The distance from a capsule's core to the other shape's solid (its core for a capsule, its
 * centre for a sphere; signed heights for a plane or half-space), and the other's own radius.
 */
function coreDistance(capsule: Capsule3, other: Geometry3): number {
  const a = capsule.from, b = capsule.to;
  if (other.kind === 'plane' || other.kind === 'halfspace') {
    const ha = dot(other.normal, a) - other.offset, hb = dot(other.normal, b) - other.offset;
    const low = Math.min(ha, hb), high = Math.max(ha, hb);
    if (other.kind === 'halfspace') return Math.max(0, low);
    return low <= 0 && high >= 0 ? 0 : Math.min(Math.abs(low), Math.abs(high));
  }
  if (other.kind === 'sphere') return Math.max(0, pointSegment(other.centre, a, b) - other.radius);
  if (other.kind === 'capsule') {
    return Math.max(0, segmentDistance(a, b, other.from, other.to) - other.radius);
  }
  // Capsule against hull is another subject's (its own oracle).
  if (other.kind === 'hull') throw new Error('the oracle has no capsule-hull distance');
  return segmentBoxDistance(other, a, b);
}

function capsuleGap(first: Geometry3, second: Geometry3): number {
  const capsule = (first.kind === 'capsule' ? first : second) as Capsule3;
  const other = capsule === first ? second : first;
  return Math.max(0, coreDistance(capsule, other) - capsule.radius);
}

/**
 * A lower bound of the depth of a pair with a capsule: the radius less the core's distance (the
 * distance is 1-Lipschitz in a translation: exact for a plane, half-space, sphere or capsule whose
 * cores are apart); where the cores meet, also each core point inside the other solid, at depth
 * e, needs a translation of at least radius + e (sampled along the core; against a plane, the
 * deepest end's height, exact).
 */
function capsuleDepth(first: Geometry3, second: Geometry3): number {
  const capsule = (first.kind === 'capsule' ? first : second) as Capsule3;
  const other = capsule === first ? second : first;
  const r = capsule.radius;
  let best = Math.max(0, r - coreDistance(capsule, other));
  if (other.kind === 'plane' || other.kind === 'halfspace') {
    const ha = dot(other.normal, capsule.from) - other.offset,
      hb = dot(other.normal, capsule.to) - other.offset;
    const low = Math.min(ha, hb) - r, high = Math.max(ha, hb) + r;
    return other.kind === 'halfspace' ? Math.max(0, -low) : Math.max(0, Math.min(-low, high));
  }
  for (const p of segmentSamples(capsule.from, capsule.to)) {
    if (other.kind === 'box' && contains3(other, p)) {
      best = Math.max(best, r + surfaceDistance(other, p));
    }
    if (other.kind === 'sphere' || other.kind === 'capsule') {
      const inner = other.kind === 'sphere'
        ? other.radius - length(sub(p, other.centre))
        : other.radius - pointSegment(p, other.from, other.to);
      if (inner > 0) best = Math.max(best, r + inner);
    }
  }
  return best;
}

/** The corners of a box or hull (the points a plane meets first). */
function cornersOf(shape: Geometry3): readonly Vec3[] {
  return shape.kind === 'hull' ? shape.polytope.vertices : boxVertices(shape as Box3);
}

/** A box or hull as a polytope (a box: its corners and its six face planes). */
function polytopeOfSolid(shape: Geometry3): Polytope3 {
  if (shape.kind === 'hull') return shape.polytope;
  const box = shape as Box3, planes: { normal: Vec3; offset: number; }[] = [];
  for (let k = 0; k < 3; k++) {
    for (const sign of [1, -1]) {
      const normal: Vec3 = [sign * box.axes[k]![0], sign * box.axes[k]![1], sign * box.axes[k]![2]];
      planes.push({ normal, offset: dot(normal, box.centre) + box.half[k]! });
    }
  }
  // Corners lie on their face planes up to the round-off of the centre's coordinates.
  const eps = 1e-9 * Math.max(...box.half) + 1e-13 * length(box.centre);
  return polytopeOf(boxVertices(box), planes, eps)!;
}

/** The height of `p` above the polytope: the largest of its face planes' (<= 0 inside). */
function polytopeHeight(shape: Polytope3, p: Vec3): number {
  let height = -Infinity;
  for (let f = 0; f < shape.normals.length; f++) {
    height = Math.max(height, dot(shape.normals[f]!, p) - shape.offsets[f]!);
  }
  return height;
}

/**
 * Distance from `p` to the solid polytope (0 inside): the height above a face whose polygon holds
 * p's projection, else the nearest edge (its ends are the vertices).
 */
function polytopeOutside(shape: Polytope3, p: Vec3): number {
  if (polytopeHeight(shape, p) <= 0) return 0;
  let best = Infinity;
  const v = shape.vertices;
  shape.faces.forEach((loop, f) => {
    const n = shape.normals[f]!, h = dot(n, p) - shape.offsets[f]!;
    if (h <= 0) return;
    const q = add(p, n, -h);
    let inside = true;
    for (let k = 0; k < loop.length && inside; k++) {
      const a = v[loop[k]!]!, b = v[loop[(k + 1) % loop.length]!]!;
      // Counter-clockwise seen from outside: the inside lies left of each edge, (b - a) x n points out.
      const e = sub(b, a);
      const side: Vec3 = [
        e[1] * n[2] - e[2] * n[1],
        e[2] * n[0] - e[0] * n[2],
        e[0] * n[1] - e[1] * n[0],
      ];
      inside = dot(side, sub(q, a)) <= 0;
    }
    if (inside) best = Math.min(best, h);
  });
  for (const [i, j] of shape.edges) best = Math.min(best, pointSegment(p, v[i]!, v[j]!));
  return best;
}

/** Whether the segment `a b` meets the solid polytope: Liang-Barsky against each face plane. */
function segmentMeetsPolytope(shape: Polytope3, a: Vec3, b: Vec3): boolean {
  let low = 0, high = 1;
  for (let f = 0; f < shape.normals.length; f++) {
    const n = shape.normals[f]!,
      ha = dot(n, a) - shape.offsets[f]!,
      hb = dot(n, b) - shape.offsets[f]!;
    if (ha > 0 && hb > 0) return false;
    if (ha <= 0 && hb <= 0) continue;
    const t = ha / (ha - hb);
    if (ha > 0) low = Math.max(low, t);
    else high = Math.min(high, t);
    if (low > high) return false;
  }
  return true;
}

/** Points on a polytope's surface: its vertices, edge midpoints and face centroids. */
function polytopeSamples(shape: Polytope3): Vec3[] {
  const v = shape.vertices, out: Vec3[] = [...v];
  for (const [i, j] of shape.edges) out.push(add(v[i]!, sub(v[j]!, v[i]!), 0.5));
  for (const loop of shape.faces) {
    const c: Vec3 = [0, 1, 2].map((k) =>
      loop.reduce((s, i) => s + v[i]![k]!, 0) / loop.length
    ) as unknown as Vec3;
    out.push(c);
  }
  return out;
}

/** Whether two polytopes overlap or touch: an edge of one meets the other, or a surface sample lies in it. */
function polytopesMeet(a: Polytope3, b: Polytope3): boolean {
  const edgeMeets = (from: Polytope3, into: Polytope3) =>
    from.edges.some(([i, j]) => segmentMeetsPolytope(into, from.vertices[i]!, from.vertices[j]!));
  if (edgeMeets(a, b) || edgeMeets(b, a)) return true;
  return polytopeSamples(a).some((p) => polytopeHeight(b, p) <= 0) ||
    polytopeSamples(b).some((p) => polytopeHeight(a, p) <= 0);
}

/** 0 when two polytopes meet, else their distance: the least vertex-to-solid and edge-to-edge distance. */
function polytopeGap(a: Polytope3, b: Polytope3): number {
  if (polytopesMeet(a, b)) return 0;
  let best = Infinity;
  for (const v of a.vertices) best = Math.min(best, polytopeOutside(b, v));
  for (const v of b.vertices) best = Math.min(best, polytopeOutside(a, v));
  // Each edge as a ball about its midpoint: a pair whose balls lie farther apart than the best
  // distance so far cannot be closer (a sound skip of most pairs).
  const balls = (p: Polytope3) =>
    p.edges.map(([i, j]) => {
      const from = p.vertices[i]!, to = p.vertices[j]!;
      return { from, to, centre: add(from, sub(to, from), 0.5), radius: length(sub(to, from)) / 2 };
    });
  const edgesB = balls(b);
  for (const e of balls(a)) {
    for (const f of edgesB) {
      if (length(sub(e.centre, f.centre)) - e.radius - f.radius >= best) continue;
      best = Math.min(best, segmentDistance(e.from, e.to, f.from, f.to));
    }
  }
  return best;
}

/** A lower bound of two polytopes' penetration depth: the deepest surface sample of one inside the other. */
function polytopeDepth(a: Polytope3, b: Polytope3): number {
  let best = 0;
  for (const [from, into] of [[a, b], [b, a]] as const) {
    for (const p of polytopeSamples(from)) best = Math.max(best, -polytopeHeight(into, p));
  }
  return best;
}
