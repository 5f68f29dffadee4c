/**
 * Seeded benchmark inputs: N configurations per shape pair, mixing overlapping, touching and
 * separated pairs in stated proportions. Each configuration is built so that its category holds
 * by construction (the derivation is beside each generator); `harness.test.ts` checks the labels
 * against Rapier and SAT.js. The tuples here are converted once, before timing, into each
 * library's own objects.
 */
import { Random } from '@contactkit/test-support';
import {
  type Q,
  type V2,
  type V3,
  add3,
  axisAngleQ,
  boxCorners,
  cross3,
  dot3,
  fromToQ,
  multiplyQ,
  normalize3,
  perpendicular3,
  place2,
  rotate3,
  scale3,
} from './space.js';

export type Category = 'overlapping' | 'touching' | 'separated';

/**
 * Share of each category among the configurations. A broadphase hands the narrowphase pairs whose
 * bounding boxes overlap: in a settled scene most are resting contacts (overlapping by a little),
 * some are exactly touching, and about a third are near misses.
 */
export const MIX: Readonly<Record<Category, number>> = {
  overlapping: 0.6,
  touching: 0.1,
  separated: 0.3,
};

/** Configurations per pair; a power of two so the index wraps with a mask. */
export const CONFIGURATIONS = 1024;

/** The categories of `count` configurations: exact counts from MIX, in seeded random order. */
export function categories(count: number, random: Random): Category[] {
  const overlapping = Math.round(count * MIX.overlapping);
  const touching = Math.round(count * MIX.touching);
  const list: Category[] = [];
  for (let i = 0; i < count; i++) {
    list.push(
      i < overlapping ? 'overlapping' : i < overlapping + touching ? 'touching' : 'separated',
    );
  }
  return random.shuffle(list);
}

export interface SphereSpec {
  kind: 'sphere';
  radius: number;
  position: V3;
  quaternion: Q;
}
export interface BoxSpec {
  kind: 'box';
  halfSize: V3;
  position: V3;
  quaternion: Q;
}
/** The solid `dot(normal, x) <= offset`. */
export interface HalfSpaceSpec {
  kind: 'halfspace';
  normal: V3;
  offset: number;
}
/** A capsule along its local Y: the segment from -halfLength to +halfLength, inflated by radius. */
export interface CapsuleSpec {
  kind: 'capsule';
  radius: number;
  halfLength: number;
  position: V3;
  quaternion: Q;
}
/** A convex hull of `points` (flat x, y, z triples in its own frame), posed. */
export interface HullSpec {
  kind: 'hull';
  points: number[];
  position: V3;
  quaternion: Q;
}
/**
 * A grid of heights (row-major, `rows x columns` points `cellSize` apart), laid out as DESIGN.md's
 * heightfield.
 */
export interface Terrain {
  rows: number;
  columns: number;
  heights: Float64Array;
  cellSize: number;
}
/**
 * Static terrain at the origin, unrotated: the grid's triangles as a triangle mesh, or the grid
 * as a heightfield. Every configuration of a row shares one object, which each library converts
 * once.
 */
export interface TerrainSpec {
  kind: 'trianglemesh' | 'heightfield';
  terrain: Terrain;
}
export type Shape3Spec =
  | SphereSpec
  | BoxSpec
  | HalfSpaceSpec
  | CapsuleSpec
  | HullSpec
  | TerrainSpec;

export interface Pair<A, B> {
  category: Category;
  a: A;
  b: B;
}
/** Any 3D pair list, as the 3D adapters take it. */
export type Pairs3 = readonly Pair<Shape3Spec, Shape3Spec>[];

/** Signed depth for a category: positive overlap, zero, or a negative gap, scaled by `size`. */
function depthFor(category: Category, size: number, random: Random): number {
  if (category === 'overlapping') return random.range(0.005, 0.15) * size;
  if (category === 'touching') return 0;
  return -random.range(0.005, 0.5) * size;
}

function randomPosition(random: Random, extent = 10): V3 {
  return [
    random.range(-extent, extent),
    random.range(-extent, extent),
    random.range(-extent, extent),
  ];
}

/**
 * Sphere-sphere: B's centre at distance `rA + rB - depth` from A's along a random direction, so
 * the penetration is exactly `depth`.
 */
export function sphereSpherePairs(count: number, seed: number): Pair<SphereSpec, SphereSpec>[] {
  const random = new Random(seed);
  return categories(count, random).map((category) => {
    const ra = random.range(0.2, 1), rb = random.range(0.2, 1);
    const position = randomPosition(random);
    const distance = ra + rb - depthFor(category, ra + rb, random);
    return {
      category,
      a: { kind: 'sphere', radius: ra, position, quaternion: random.rotation() },
      b: {
        kind: 'sphere',
        radius: rb,
        position: add3(position, scale3(random.unitVector(), distance)),
        quaternion: random.rotation(),
      },
    };
  });
}

/**
 * Box (first) and sphere (second). A point p on the box surface and an outward direction u in
 * the normal cone of p's feature (face 70%, edge 20%, vertex 10%); the sphere's centre is at
 * `p + u (r - depth)`, outside the box, so p is its closest box point and the penetration is
 * `depth`.
 */
export function boxSpherePairs(count: number, seed: number): Pair<BoxSpec, SphereSpec>[] {
  const random = new Random(seed);
  return categories(count, random).map((category) => {
    const h: V3 = [random.range(0.2, 1), random.range(0.2, 1), random.range(0.2, 1)];
    const radius = random.range(0.1, 0.8);
    const q = random.rotation();
    const position = randomPosition(random);
    const feature = random.next();
    const p: V3 = [0, 0, 0];
    const u: V3 = [0, 0, 0];
    const free = random.int(3);
    for (let axis = 0; axis < 3; axis++) {
      const s = random.sign();
      // Face: one fixed axis; edge: two; vertex: three. A fixed axis sits on the surface and may
      // carry a component of u; a free axis is inside the face or edge and carries none.
      const fixed = feature < 0.7 ? axis === free : feature < 0.9 ? axis !== free : true;
      if (fixed) {
        p[axis] = s * h[axis]!;
        u[axis] = s * random.range(0.2, 1);
      } else {
        p[axis] = random.range(-0.95, 0.95) * h[axis]!;
      }
    }
    const local = add3(p, scale3(normalize3(u), radius - depthFor(category, radius, random)));
    return {
      category,
      a: { kind: 'box', halfSize: h, position, quaternion: q },
      b: {
        kind: 'sphere',
        radius,
        position: add3(position, rotate3(q, local)),
        quaternion: random.rotation(),
      },
    };
  });
}

function randomHalfSpace(random: Random): HalfSpaceSpec {
  return { kind: 'halfspace', normal: random.unitVector(), offset: random.range(-2, 2) };
}

/** A point of the plane `dot(n, x) = offset` moved sideways by up to `extent`. */
function onPlane(plane: HalfSpaceSpec, random: Random, extent = 5): V3 {
  const t1 = perpendicular3(plane.normal);
  const t2 = cross3(plane.normal, t1);
  return add3(
    scale3(plane.normal, plane.offset),
    add3(scale3(t1, random.range(-extent, extent)), scale3(t2, random.range(-extent, extent))),
  );
}

/** Sphere over a half-space: centre at height `r - depth` above the boundary plane. */
export function sphereHalfSpacePairs(
  count: number,
  seed: number,
): Pair<SphereSpec, HalfSpaceSpec>[] {
  const random = new Random(seed);
  return categories(count, random).map((category) => {
    const plane = randomHalfSpace(random);
    const radius = random.range(0.1, 1);
    const height = radius - depthFor(category, radius, random);
    return {
      category,
      a: {
        kind: 'sphere',
        radius,
        position: add3(onPlane(plane, random), scale3(plane.normal, height)),
        quaternion: random.rotation(),
      },
      b: plane,
    };
  });
}

/**
 * A box resting face down: local face axis `k` (sign s) turned onto `-down`, twisted about it by a
 * random angle, then tilted by at most `tilt` radians about a random axis perpendicular to it.
 */
function restingOrientation(random: Random, up: V3, tilt: number): { untilted: Q; tilted: Q; } {
  const local: V3 = [0, 0, 0];
  local[random.int(3)] = random.sign();
  const faceDown = fromToQ(local, scale3(up, -1));
  const twist = multiplyQ(axisAngleQ(up, random.range(0, 2 * Math.PI)), faceDown);
  if (tilt === 0) return { untilted: twist, tilted: twist };
  const t1 = perpendicular3(up);
  const angle = random.range(0, 2 * Math.PI);
  const axis = add3(scale3(t1, Math.cos(angle)), scale3(cross3(up, t1), Math.sin(angle)));
  return { untilted: twist, tilted: multiplyQ(axisAngleQ(axis, random.range(0, tilt)), twist) };
}

/**
 * Box over a half-space, half resting face down (tilted up to 3 degrees), half in random
 * orientation. The box is moved along the normal so that its lowest corner is `depth` below the
 * plane: the penetration is exactly `depth`.
 */
export function boxHalfSpacePairs(count: number, seed: number): Pair<BoxSpec, HalfSpaceSpec>[] {
  const random = new Random(seed);
  return categories(count, random).map((category) => {
    const plane = randomHalfSpace(random);
    const h: V3 = [random.range(0.2, 1), random.range(0.2, 1), random.range(0.2, 1)];
    const q = random.next() < 0.5
      ? restingOrientation(random, plane.normal, (3 * Math.PI) / 180).tilted
      : random.rotation();
    const lowest = Math.min(
      ...boxCorners(h, [0, 0, 0], q).map((corner) => dot3(corner, plane.normal)),
    );
    const depth = depthFor(category, Math.min(...h), random);
    const base = onPlane(plane, random);
    return {
      category,
      a: {
        kind: 'box',
        halfSize: h,
        position: add3(base, scale3(plane.normal, -lowest - depth)),
        quaternion: q,
      },
      b: plane,
    };
  });
}

/** Box support distance along the unit `d`: `sum h_i |d . axis_i|`. */
function boxSupport(h: V3, q: Q, d: V3): number {
  let sum = 0;
  for (let i = 0; i < 3; i++) {
    const axis: V3 = [0, 0, 0];
    axis[i] = 1;
    sum += h[i]! * Math.abs(dot3(rotate3(q, axis), d));
  }
  return sum;
}

/**
 * Box-box, every box in a random pose.
 * - Overlapping: 70% resting face on face, B's bottom face centre `depth` inside A's top face
 *   within the middle half of it and tilted up to 2 degrees (that point is inside both boxes:
 *   they overlap);
 *   30% random orientations with centres closer than the sum of the inscribed radii.
 * - Touching: resting face on face, untilted, depth 0.
 * - Separated: half resting untilted with a gap; half random orientations moved apart along a
 *   random direction d until the boxes' extents along d are `gap` apart (d separates them).
 */
export function boxBoxPairs(count: number, seed: number): Pair<BoxSpec, BoxSpec>[] {
  const random = new Random(seed);
  return categories(count, random).map((category) => {
    const ha: V3 = [random.range(0.3, 1), random.range(0.3, 1), random.range(0.3, 1)];
    const hb: V3 = [random.range(0.3, 1), random.range(0.3, 1), random.range(0.3, 1)];
    const qa = random.rotation();
    const pa = randomPosition(random);
    const a: BoxSpec = { kind: 'box', halfSize: ha, position: pa, quaternion: qa };
    const style = random.next();
    if (category === 'overlapping' && style >= 0.7) {
      const reach = (Math.min(...ha) + Math.min(...hb)) * random.range(0.05, 0.95);
      return {
        category,
        a,
        b: {
          kind: 'box',
          halfSize: hb,
          position: add3(pa, scale3(random.unitVector(), reach)),
          quaternion: random.rotation(),
        },
      };
    }
    if (category === 'separated' && style >= 0.5) {
      const d = random.unitVector();
      const qb = random.rotation();
      const gap = random.range(0.005, 0.5) * Math.min(...ha, ...hb);
      const reach = boxSupport(ha, qa, d) + boxSupport(hb, qb, d) + gap;
      return {
        category,
        a,
        b: { kind: 'box', halfSize: hb, position: add3(pa, scale3(d, reach)), quaternion: qb },
      };
    }
    // Resting: A's face (axis k, sign s) is the ground for B.
    const k = random.int(3);
    const localUp: V3 = [0, 0, 0];
    localUp[k] = random.sign();
    const up = rotate3(qa, localUp);
    const { untilted, tilted: qb } = restingOrientation(
      random,
      up,
      category === 'overlapping' ? (2 * Math.PI) / 180 : 0,
    );
    // The untilted extent puts B's bottom face centre at `depth` (less hb (1 - cos 2deg) < 0.0007
    // for the tilt, under the least depth 0.0015) inside A's face.
    const bottom = boxSupport(hb, untilted, up);
    const depth = depthFor(category, Math.min(...ha, ...hb), random);
    let position = add3(pa, scale3(up, ha[k]! + bottom - depth));
    for (let axis = 0; axis < 3; axis++) {
      if (axis === k) continue;
      const side: V3 = [0, 0, 0];
      side[axis] = 1;
      position = add3(position, scale3(rotate3(qa, side), random.range(-0.5, 0.5) * ha[axis]!));
    }
    return { category, a, b: { kind: 'box', halfSize: hb, position, quaternion: qb } };
  });
}

/**
 * Box-box resting contacts, as between the boxes of a settled stack: every pair overlapping by a
 * little, face on face. A is upright (turned about the vertical y axis only) with half sizes 0.4
 * to 0.6, like crates; B lies on A's top face with a random face down, twisted about y, tilted up
 * to 0.5 degrees, its bottom face centre within the middle half of A's top face and `depth`
 * inside it, 0.2% to 2% of the smallest half size (a solver keeps a stack about that deep: Box2D's
 * linear slop is 0.005 for boxes of 0.5). The tilt lowers the face centre by under
 * 0.6 (1 - cos 0.5deg) < 3e-5, under the least depth 8e-4, so every pair overlaps.
 */
export function boxStackPairs(count: number, seed: number): Pair<BoxSpec, BoxSpec>[] {
  const random = new Random(seed);
  const up: V3 = [0, 1, 0];
  const pairs: Pair<BoxSpec, BoxSpec>[] = [];
  for (let i = 0; i < count; i++) {
    const ha: V3 = [random.range(0.4, 0.6), random.range(0.4, 0.6), random.range(0.4, 0.6)];
    const hb: V3 = [random.range(0.4, 0.6), random.range(0.4, 0.6), random.range(0.4, 0.6)];
    const qa = axisAngleQ(up, random.range(0, 2 * Math.PI));
    const pa = randomPosition(random);
    const { untilted, tilted: qb } = restingOrientation(random, up, (0.5 * Math.PI) / 180);
    const depth = random.range(0.002, 0.02) * Math.min(...ha, ...hb);
    let position = add3(pa, scale3(up, ha[1] + boxSupport(hb, untilted, up) - depth));
    for (const axis of [0, 2]) {
      const side: V3 = [0, 0, 0];
      side[axis] = 1;
      position = add3(position, scale3(rotate3(qa, side), random.range(-0.5, 0.5) * ha[axis]!));
    }
    pairs.push({
      category: 'overlapping',
      a: { kind: 'box', halfSize: ha, position: pa, quaternion: qa },
      b: { kind: 'box', halfSize: hb, position, quaternion: qb },
    });
  }
  return pairs;
}

/** The capsule whose local Y axis lies along the unit `axis`, centred at `centre`. */
function capsuleAlong(radius: number, halfLength: number, centre: V3, axis: V3): CapsuleSpec {
  return {
    kind: 'capsule',
    radius,
    halfLength,
    position: centre,
    quaternion: fromToQ([0, 1, 0], axis),
  };
}

/**
 * Capsule-capsule. A point of A's segment (its middle 80%) and a direction n across A's axis; B's
 * axis is across n too and its segment passes through `pA + n (rA + rB - depth)` (its middle 80%).
 * Both closest points are then inside their segments with the difference along n, so the segment
 * distance is `rA + rB - depth` exactly. 30% of the pairs lie near parallel (B's axis within 3
 * degrees of A's, the two-point case), the rest at a random angle.
 */
export function capsuleCapsulePairs(count: number, seed: number): Pair<CapsuleSpec, CapsuleSpec>[] {
  const random = new Random(seed);
  return categories(count, random).map((category) => {
    const ra = random.range(0.1, 0.5), rb = random.range(0.1, 0.5);
    const la = random.range(0.2, 1), lb = random.range(0.2, 1);
    const centre = randomPosition(random);
    const axisA = random.unitVector();
    const n = perpendicular3(axisA);
    const across = cross3(axisA, n);
    // B's axis in the plane across n: near A's axis, or at any angle.
    const angle = random.next() < 0.3 ? random.range(-0.05, 0.05) : random.range(0, Math.PI);
    const axisB = add3(scale3(axisA, Math.cos(angle)), scale3(across, Math.sin(angle)));
    const pA = add3(centre, scale3(axisA, random.range(-0.8, 0.8) * la));
    const pB = add3(pA, scale3(n, ra + rb - depthFor(category, ra + rb, random)));
    return {
      category,
      a: capsuleAlong(ra, la, centre, axisA),
      b: capsuleAlong(rb, lb, add3(pB, scale3(axisB, random.range(-0.8, 0.8) * lb)), axisB),
    };
  });
}

/**
 * Box (first) and capsule (second). A point q inside a face of the box (its middle 80%) and the
 * face's outward normal f; the capsule's segment starts at `q + f (r - depth)` and runs away
 * from the face or along it (every segment point at least that high above the face's plane,
 * and the start above the face: it is the closest point, the distance is `r - depth`). 40% lie
 * along the face (the two-point case), 60% rise at a random angle.
 */
export function boxCapsulePairs(count: number, seed: number): Pair<BoxSpec, CapsuleSpec>[] {
  const random = new Random(seed);
  return categories(count, random).map((category) => {
    const h: V3 = [random.range(0.2, 1), random.range(0.2, 1), random.range(0.2, 1)];
    const q = random.rotation();
    const position = randomPosition(random);
    const radius = random.range(0.1, 0.5), halfLength = random.range(0.2, 1);
    const k = random.int(3), s = random.sign();
    const f: V3 = [0, 0, 0];
    f[k] = s;
    const p: V3 = [0, 0, 0];
    for (let axis = 0; axis < 3; axis++) {
      p[axis] = axis === k ? s * h[axis]! : random.range(-0.8, 0.8) * h[axis]!;
    }
    const start = add3(p, scale3(f, radius - depthFor(category, radius, random)));
    // A direction with a non-negative component along f: along the face, or rising.
    const side = perpendicular3(f);
    const turn = random.range(0, 2 * Math.PI);
    const inFace = add3(scale3(side, Math.cos(turn)), scale3(cross3(f, side), Math.sin(turn)));
    const rise = random.next() < 0.4 ? 0 : random.range(0.1, 1);
    const local = normalize3(add3(inFace, scale3(f, rise)));
    const centre = add3(start, scale3(local, halfLength));
    return {
      category,
      a: { kind: 'box', halfSize: h, position, quaternion: q },
      b: capsuleAlong(radius, halfLength, add3(position, rotate3(q, centre)), rotate3(q, local)),
    };
  });
}

/**
 * Capsule over a half-space: its lower end at height `r - depth` above the plane, the axis
 * lying along the plane (40%, both ends at that height: two points) or rising at a random angle.
 */
export function capsuleHalfSpacePairs(
  count: number,
  seed: number,
): Pair<CapsuleSpec, HalfSpaceSpec>[] {
  const random = new Random(seed);
  return categories(count, random).map((category) => {
    const plane = randomHalfSpace(random);
    const radius = random.range(0.1, 0.5), halfLength = random.range(0.2, 1);
    const side = perpendicular3(plane.normal);
    const turn = random.range(0, 2 * Math.PI);
    const inPlane = add3(
      scale3(side, Math.cos(turn)),
      scale3(cross3(plane.normal, side), Math.sin(turn)),
    );
    const rise = random.next() < 0.4 ? 0 : random.range(0.1, 1);
    const axis = normalize3(add3(inPlane, scale3(plane.normal, rise)));
    const lower = add3(
      onPlane(plane, random),
      scale3(plane.normal, radius - depthFor(category, radius, random)),
    );
    return {
      category,
      a: capsuleAlong(radius, halfLength, add3(lower, scale3(axis, halfLength)), axis),
      b: plane,
    };
  });
}

export interface CircleSpec {
  kind: 'circle';
  radius: number;
  position: V2;
  angle: number;
}
/** A convex polygon, vertices counter-clockwise in its own frame. */
export interface PolygonSpec {
  kind: 'polygon';
  points: V2[];
  position: V2;
  angle: number;
}

/**
 * A convex polygon of 3 to 8 vertices, or a rectangle (30%): points on an ellipse at jittered,
 * increasing angles (points on an ellipse are in convex position), counter-clockwise, of size
 * about `radius`.
 */
function randomConvex(random: Random, radius: number): V2[] {
  if (random.next() < 0.3) {
    const hx = radius * random.range(0.4, 1), hy = radius * random.range(0.4, 1);
    return [[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]];
  }
  const n = 3 + random.int(6);
  const stretch = random.range(0.7, 1);
  const points: V2[] = [];
  const start = random.range(0, 2 * Math.PI);
  for (let i = 0; i < n; i++) {
    const angle = start + ((i + random.range(-0.3, 0.3)) * 2 * Math.PI) / n;
    points.push([radius * Math.cos(angle), radius * stretch * Math.sin(angle)]);
  }
  return points;
}

export type Shape2Spec = CircleSpec | PolygonSpec;
/** Any 2D pair list, as the 2D adapters take it. */
export type Pairs2 = readonly Pair<Shape2Spec, Shape2Spec>[];

/** World vertices of a polygon spec. */
export function worldPoints(polygon: PolygonSpec): V2[] {
  return polygon.points.map((p) => place2(p, polygon.position, polygon.angle));
}

function randomPlacement(random: Random): { position: V2; angle: number; } {
  return {
    position: [random.range(-10, 10), random.range(-10, 10)],
    angle: random.range(-Math.PI, Math.PI),
  };
}

/**
 * A point on edge `i` of A (world), in the middle half of it, with the edge's outward unit normal.
 */
function edgePoint(worldA: V2[], i: number, random: Random): { point: V2; normal: V2; } {
  const p = worldA[i]!, q = worldA[(i + 1) % worldA.length]!;
  const t = random.range(0.25, 0.75);
  const ex = q[0] - p[0], ey = q[1] - p[1];
  const length = Math.hypot(ex, ey);
  // Counter-clockwise winding: the outward normal is the edge turned clockwise.
  return { point: [p[0] + t * ex, p[1] + t * ey], normal: [ey / length, -ex / length] };
}

/**
 * Convex polygon pairs. B's vertex deepest along -n (n the outward normal of a random edge of A)
 * is put on a point of that edge, so B lies on the far side of the edge's line and A on the near
 * side: they touch there. B is then moved by `-depth n` (overlap: its vertex is inside A, depth
 * being under a tenth of A's size) or by a gap along n (separated by that line).
 */
export function polygonPolygonPairs(count: number, seed: number): Pair<PolygonSpec, PolygonSpec>[] {
  const random = new Random(seed);
  return categories(count, random).map((category) => {
    const a: PolygonSpec = {
      kind: 'polygon',
      points: randomConvex(random, random.range(0.5, 1.5)),
      ...randomPlacement(random),
    };
    const worldA = worldPoints(a);
    const { point, normal } = edgePoint(worldA, random.int(worldA.length), random);
    const pointsB = randomConvex(random, random.range(0.5, 1.5));
    const angleB = random.range(-Math.PI, Math.PI);
    let deepest = pointsB[0]!;
    let deepestDot = Infinity;
    for (const p of pointsB) {
      const r = place2(p, [0, 0], angleB);
      const along = r[0] * normal[0] + r[1] * normal[1];
      if (along < deepestDot) {
        deepestDot = along;
        deepest = r;
      }
    }
    const depth = depthFor(category, 0.5, random);
    const position: V2 = [
      point[0] - deepest[0] - depth * normal[0],
      point[1] - deepest[1] - depth * normal[1],
    ];
    return { category, a, b: { kind: 'polygon', points: pointsB, position, angle: angleB } };
  });
}

/**
 * Circle (first) and convex polygon (second). The circle's centre is at `r - depth` from its
 * closest polygon point along a direction in that point's normal cone: an edge's outward normal
 * (75%) or, at a vertex, a blend of its two edges' normals (25%).
 */
export function circlePolygonPairs(count: number, seed: number): Pair<CircleSpec, PolygonSpec>[] {
  const random = new Random(seed);
  return categories(count, random).map((category) => {
    const polygon: PolygonSpec = {
      kind: 'polygon',
      points: randomConvex(random, random.range(0.5, 1.5)),
      ...randomPlacement(random),
    };
    const world = worldPoints(polygon);
    const radius = random.range(0.1, 0.8);
    const i = random.int(world.length);
    let point: V2, direction: V2;
    if (random.next() < 0.75) {
      ({ point, normal: direction } = edgePoint(world, i, random));
    } else {
      const before = edgePoint(world, (i + world.length - 1) % world.length, random).normal;
      const after = edgePoint(world, i, random).normal;
      const t = random.range(0.1, 0.9);
      const bx = before[0] * (1 - t) + after[0] * t, by = before[1] * (1 - t) + after[1] * t;
      const length = Math.hypot(bx, by);
      point = world[i]!;
      direction = [bx / length, by / length];
    }
    const reach = radius - depthFor(category, radius, random);
    const circle: CircleSpec = {
      kind: 'circle',
      radius,
      position: [point[0] + direction[0] * reach, point[1] + direction[1] * reach],
      angle: 0,
    };
    return { category, a: circle, b: polygon };
  });
}

/** Circle-circle: centres `rA + rB - depth` apart. */
export function circleCirclePairs(count: number, seed: number): Pair<CircleSpec, CircleSpec>[] {
  const random = new Random(seed);
  return categories(count, random).map((category) => {
    const ra = random.range(0.2, 1), rb = random.range(0.2, 1);
    const { position } = randomPlacement(random);
    const angle = random.range(0, 2 * Math.PI);
    const distance = ra + rb - depthFor(category, ra + rb, random);
    return {
      category,
      a: { kind: 'circle', radius: ra, position, angle: 0 },
      b: {
        kind: 'circle',
        radius: rb,
        position: [
          position[0] + distance * Math.cos(angle),
          position[1] + distance * Math.sin(angle),
        ],
        angle: 0,
      },
    };
  });
}

/** 16 points on an ellipsoid of semi-axes `size` times 0.5 to 1: every one a vertex of their hull. */
export function ellipsoidPoints(random: Random, size: number): number[] {
  const axes = [
    random.range(0.5, 1) * size,
    random.range(0.5, 1) * size,
    random.range(0.5, 1) * size,
  ];
  const points: number[] = [];
  for (let i = 0; i < 16; i++) {
    const u = random.unitVector();
    points.push(u[0] * axes[0]!, u[1] * axes[1]!, u[2] * axes[2]!);
  }
  return points;
}

/**
 * Hull-hull: two random 16-vertex hulls (points on ellipsoids, sizes 0.5 to 1). B is moved from
 * A along a random direction to the distance where the two just touch, found by bisection with
 * `touches` (the library's boolean test, at 60 halvings of the distance: exact to round-off),
 * then moved in by 0.5% to 15% of the size (overlapping: the overlap only grows moving in), left
 * there (touching, within round-off) or moved out by 0.5% to 50% (separated).
 */
export function hullHullPairs(
  count: number,
  seed: number,
  touches: (a: HullSpec, b: HullSpec) => boolean,
): Pair<HullSpec, HullSpec>[] {
  const random = new Random(seed);
  return categories(count, random).map((category) => {
    const a: HullSpec = {
      kind: 'hull',
      points: ellipsoidPoints(random, 1),
      position: randomPosition(random),
      quaternion: random.rotation(),
    };
    const b: HullSpec = {
      kind: 'hull',
      points: ellipsoidPoints(random, 1),
      position: a.position,
      quaternion: random.rotation(),
    };
    const d = random.unitVector();
    let inside = 0, outside = 4;
    const at = (s: number): HullSpec => ({ ...b, position: add3(a.position, scale3(d, s)) });
    for (let k = 0; k < 60; k++) {
      const middle = 0.5 * (inside + outside);
      if (touches(a, at(middle))) inside = middle;
      else outside = middle;
    }
    return { category, a, b: at(inside - depthFor(category, 1, random)) };
  });
}

/**
 * Hull-capsule: a random 16-vertex hull and a capsule (radius 0.1 to 0.5, half length 0.2 to 1)
 * at a random rotation, moved along a random direction from the hull's centre until it touches
 * (a bisection on `touches`), then back by the category's depth.
 */
export function hullCapsulePairs(
  count: number,
  seed: number,
  touches: (a: HullSpec, b: CapsuleSpec) => boolean,
): Pair<HullSpec, CapsuleSpec>[] {
  const random = new Random(seed);
  return categories(count, random).map((category) => {
    const a: HullSpec = {
      kind: 'hull',
      points: ellipsoidPoints(random, 1),
      position: randomPosition(random),
      quaternion: random.rotation(),
    };
    const radius = random.range(0.1, 0.5), halfLength = random.range(0.2, 1);
    const b = capsuleAlong(radius, halfLength, a.position, random.unitVector());
    const d = random.unitVector();
    let inside = 0, outside = 4;
    const at = (s: number): CapsuleSpec => ({ ...b, position: add3(a.position, scale3(d, s)) });
    for (let k = 0; k < 60; k++) {
      const middle = 0.5 * (inside + outside);
      if (touches(a, at(middle))) inside = middle;
      else outside = middle;
    }
    return { category, a, b: at(inside - depthFor(category, radius, random)) };
  });
}

/** A box spec as the hull of its 8 corners (in its own frame), at the same pose. */
export function boxAsHull(box: BoxSpec): HullSpec {
  const points: number[] = [];
  for (const corner of boxCorners(box.halfSize, [0, 0, 0], [0, 0, 0, 1])) points.push(...corner);
  return { kind: 'hull', points, position: box.position, quaternion: box.quaternion };
}

/**
 * Hull-half-space: a random 16-vertex hull over a random half-space, moved along the normal so
 * that its lowest vertex lies exactly `depth` below the plane (computed from the posed vertices).
 */
export function hullHalfSpacePairs(count: number, seed: number): Pair<HullSpec, HalfSpaceSpec>[] {
  const random = new Random(seed);
  return categories(count, random).map((category) => {
    const points = ellipsoidPoints(random, 1);
    const quaternion = random.rotation();
    const plane: HalfSpaceSpec = {
      kind: 'halfspace',
      normal: random.unitVector(),
      offset: random.range(-2, 2),
    };
    const start = randomPosition(random, 3);
    let lowest = Infinity;
    for (let i = 0; i < points.length; i += 3) {
      const v = rotate3(quaternion, [points[i]!, points[i + 1]!, points[i + 2]!]);
      lowest = Math.min(lowest, dot3(plane.normal, v));
    }
    const height = dot3(plane.normal, start) + lowest;
    const depth = depthFor(category, 1, random);
    const position = add3(start, scale3(plane.normal, plane.offset - depth - height));
    return { category, a: { kind: 'hull', points, position, quaternion }, b: plane };
  });
}
