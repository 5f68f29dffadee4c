/**
 * An independent brute-force oracle for the property tests, written from the definitions and
 * sharing no code with the detectors: it reads only the plain-number shape specs.
 *
 * `depth` is the minimum translation distance when the shapes overlap (> 0) and minus a gap
 * when they do not (< 0); `direction` is the unit direction, from the second shape toward the
 * first, along which moving the first shape by `depth` makes the pair touch. Per pair:
 * - sphere-sphere: `r1 + r2 - |c1 - c2|`, exact both ways;
 * - sphere against a half-space: `r - (n.c - d)`; against a true plane: `r - |n.c - d|`; exact;
 * - box against a half-space: the deepest corner, `d - min n.v`; against a true plane the
 *   cheaper of pushing the box wholly above or wholly below; exact;
 * - box-sphere: the closest point of the box by clamping the centre in the box frame; a centre
 *   inside the box leaves through the nearest face (depth = that face distance + radius); exact;
 * - box-box: the 15-axis separating-axis test, each axis measured by projecting all 16 corners.
 *   The penetration depth of two convex polyhedra is attained on a face normal or an edge-edge
 *   cross product, so the overlapping depth is exact; a negative depth is the largest axis
 *   separation, a lower bound of the true gap.
 */
import {
  boxCorners,
  cross,
  dot,
  length,
  rotate,
  rotateInverse,
  rotationColumns,
  scale,
  sub,
  worldPlane,
  type BoxSpec,
  type PlaneSpec,
  type ShapeSpec,
  type SphereSpec,
  type Vec3,
} from './shapes.js';

export interface OracleAnswer {
  /** > 0: penetration depth; < 0: minus the gap (a lower bound of it for box-box). */
  depth: number;
  /** Unit vector from the second shape toward the first: the minimum translation's direction. */
  direction: Vec3;
}

/** The oracle's answer for any pair the library supports, in either order (not plane-plane). */
export function oracle(first: ShapeSpec, second: ShapeSpec): OracleAnswer {
  if (first.kind === 'sphere' && second.kind === 'sphere') return sphereSphere(first, second);
  if (first.kind === 'sphere' && (second.kind === 'plane' || second.kind === 'halfSpace')) {
    return sphereOnPlane(first, second);
  }
  if (first.kind === 'box' && (second.kind === 'plane' || second.kind === 'halfSpace')) {
    return boxOnPlane(first, second);
  }
  if (first.kind === 'box' && second.kind === 'sphere') return boxSphere(first, second);
  if (first.kind === 'box' && second.kind === 'box') return boxBox(first, second);
  if (first.kind === 'plane' || first.kind === 'halfSpace') {
    if (second.kind === 'plane' || second.kind === 'halfSpace') {
      throw new Error('the oracle has no plane-plane pair');
    }
    return reversed(oracle(second, first));
  }
  // Sphere first, box second.
  return reversed(oracle(second, first));
}

function reversed(answer: OracleAnswer): OracleAnswer {
  return { depth: answer.depth, direction: scale(answer.direction, -1) };
}

function sphereSphere(first: SphereSpec, second: SphereSpec): OracleAnswer {
  const between = sub(first.position, second.position);
  const distance = length(between);
  return {
    depth: first.radius + second.radius - distance,
    direction: distance > 0 ? scale(between, 1 / distance) : [1, 0, 0],
  };
}

function sphereOnPlane(sphere: SphereSpec, plane: PlaneSpec): OracleAnswer {
  const { normal, offset } = worldPlane(plane);
  const height = dot(normal, sphere.position) - offset;
  if (plane.kind === 'halfSpace') return { depth: sphere.radius - height, direction: normal };
  return {
    depth: sphere.radius - Math.abs(height),
    direction: height < 0 ? scale(normal, -1) : normal,
  };
}

function boxOnPlane(box: BoxSpec, plane: PlaneSpec): OracleAnswer {
  const { normal, offset } = worldPlane(plane);
  let lowest = Infinity, highest = -Infinity;
  for (const corner of boxCorners(box)) {
    const height = dot(normal, corner) - offset;
    lowest = Math.min(lowest, height);
    highest = Math.max(highest, height);
  }
  // Lifting the box by -lowest puts it wholly above the plane; lowering it by highest wholly below.
  const up = -lowest;
  if (plane.kind === 'halfSpace' || up <= highest) return { depth: up, direction: normal };
  return { depth: highest, direction: scale(normal, -1) };
}

function boxSphere(box: BoxSpec, sphere: SphereSpec): OracleAnswer {
  const local = rotateInverse(box.rotation, sub(sphere.position, box.position));
  const h = box.halfSize;
  const clamped: Vec3 = [0, 1, 2].map((k) => Math.min(h[k]!, Math.max(-h[k]!, local[k]!))) as Vec3;
  const outside = sub(clamped, local);
  const distance = length(outside);
  if (distance > 0) {
    // Box minus centre points from the sphere toward the box.
    return {
      depth: sphere.radius - distance,
      direction: rotate(box.rotation, scale(outside, 1 / distance)),
    };
  }
  let face = 0;
  for (let k = 1; k < 3; k++) {
    if (h[k]! - Math.abs(local[k]!) < h[face]! - Math.abs(local[face]!)) face = k;
  }
  // The centre leaves through face `face` on its own side, so the box moves the other way.
  const exit: Vec3 = [0, 0, 0];
  exit[face] = local[face]! < 0 ? 1 : -1;
  return {
    depth: sphere.radius + h[face]! - Math.abs(local[face]!),
    direction: rotate(box.rotation, exit),
  };
}

/** Shortest normalised cross axis kept; shorter ones (near-parallel edges) add nothing a face axis misses. */
const MIN_CROSS_LENGTH = 1e-6;

function boxBox(first: BoxSpec, second: BoxSpec): OracleAnswer {
  const axesFirst = rotationColumns(first.rotation);
  const axesSecond = rotationColumns(second.rotation);
  const candidates: Vec3[] = [...axesFirst, ...axesSecond];
  for (const a of axesFirst) {
    for (const b of axesSecond) {
      const axis = cross(a, b);
      const axisLength = length(axis);
      if (axisLength >= MIN_CROSS_LENGTH) candidates.push(scale(axis, 1 / axisLength));
    }
  }
  const cornersFirst = boxCorners(first);
  const cornersSecond = boxCorners(second);
  let best: OracleAnswer = { depth: Infinity, direction: [1, 0, 0] };
  for (const axis of candidates) {
    const [minFirst, maxFirst] = interval(cornersFirst, axis);
    const [minSecond, maxSecond] = interval(cornersSecond, axis);
    // Moving the first box by +axis needs maxSecond - minFirst to clear; by -axis, maxFirst - minSecond.
    const forward = maxSecond - minFirst, backward = maxFirst - minSecond;
    if (forward < best.depth) best = { depth: forward, direction: axis };
    if (backward < best.depth) best = { depth: backward, direction: scale(axis, -1) };
  }
  return best;
}

function interval(corners: readonly Vec3[], axis: Vec3): [number, number] {
  let low = Infinity, high = -Infinity;
  for (const corner of corners) {
    const p = dot(corner, axis);
    low = Math.min(low, p);
    high = Math.max(high, p);
  }
  return [low, high];
}

/**
 * Distance from `point` to the surface of `shape` (0 on it): for a box the distance to the box
 * from outside or to the nearest face from inside; for a plane or half-space the distance to
 * its boundary plane.
 */
export function surfaceDistance(shape: ShapeSpec, point: readonly number[]): number {
  switch (shape.kind) {
    case 'sphere':
      return Math.abs(length(sub(point, shape.position)) - shape.radius);
    case 'box': {
      const local = rotateInverse(shape.rotation, sub(point, shape.position));
      let outsideSquared = 0;
      let inside = Infinity;
      for (let k = 0; k < 3; k++) {
        const excess = Math.abs(local[k]!) - shape.halfSize[k]!;
        if (excess > 0) outsideSquared += excess * excess;
        inside = Math.min(inside, -excess);
      }
      return outsideSquared > 0 ? Math.sqrt(outsideSquared) : inside;
    }
    case 'plane':
    case 'halfSpace': {
      const { normal, offset } = worldPlane(shape);
      return Math.abs(dot(normal, point) - offset);
    }
  }
}

/** Whether `point` lies on the surface of `shape` within `eps` (see `surfaceDistance`). */
export function isOnSurface(shape: ShapeSpec, point: readonly number[], eps: number): boolean {
  return surfaceDistance(shape, point) <= eps;
}
