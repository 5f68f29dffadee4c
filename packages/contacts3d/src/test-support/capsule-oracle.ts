/**
 * An independent oracle for the capsule pairs' property tests, written from the definitions on
 * plain numbers and sharing no code with the detectors: distances by golden-section search over
 * the segment's parameter (the distance from a segment point to a convex set is convex along the
 * segment), point-to-segment and point-to-box distances in closed form, and, for a segment that
 * enters a box, the separating-axis depth over the box's face normals and the cross products of
 * the segment with the box's edges (the face normals of their Minkowski difference, so exact).
 * Tests only.
 */
import {
  add,
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
  type Quat,
  type SphereSpec,
  type Vec3,
} from './shapes.js';

export interface CapsuleSpec {
  kind: 'capsule';
  radius: number;
  halfLength: number;
  position: Vec3;
  rotation: Quat;
}

export type CapsulePairSpec = CapsuleSpec | SphereSpec | BoxSpec | PlaneSpec;

export interface CapsuleOracleAnswer {
  /** > 0 penetration, < 0 minus the gap. */
  depth: number;
  /** Unit direction from the second shape toward the first (unreliable when the cores touch). */
  direction: Vec3;
}

/** The capsule's segment ends, at -halfLength then +halfLength along its local Y. */
export function segmentOf(capsule: CapsuleSpec): [Vec3, Vec3] {
  const half = rotate(capsule.rotation, [0, capsule.halfLength, 0]);
  return [sub(capsule.position, half), add(capsule.position, half)];
}

function lerp(a: Vec3, b: Vec3, t: number): Vec3 {
  return add(a, scale(sub(b, a), t));
}

/** Closest point of segment ab to p, by projection clamped to [0, 1]. */
export function closestOnSegment(p: Vec3, a: Vec3, b: Vec3): Vec3 {
  const ab = sub(b, a);
  const lengthSquared = dot(ab, ab);
  const t = lengthSquared > 0 ? Math.min(1, Math.max(0, dot(sub(p, a), ab) / lengthSquared)) : 0;
  return lerp(a, b, t);
}

/** The closest point of the (solid) box to p, as a function: the local coordinates clamped. */
export function closestOnBox(box: BoxSpec): (p: Vec3) => Vec3 {
  const axes = rotationColumns(box.rotation);
  const h = box.halfSize, c = box.position;
  return (p) => {
    const d = sub(p, c);
    let out: Vec3 = [c[0], c[1], c[2]];
    for (let k = 0; k < 3; k++) {
      const local = Math.min(h[k]!, Math.max(-h[k]!, dot(axes[k]!, d)));
      out = add(out, scale(axes[k]!, local));
    }
    return out;
  };
}

/** The t in [0, 1] minimising a convex `f`, by golden-section search. */
function goldenMinimum(f: (t: number) => number): number {
  const ratio = (Math.sqrt(5) - 1) / 2;
  let low = 0, high = 1;
  let x1 = high - ratio * (high - low), x2 = low + ratio * (high - low);
  let f1 = f(x1), f2 = f(x2);
  for (let i = 0; i < 90; i++) {
    if (f1 <= f2) {
      high = x2;
      x2 = x1;
      f2 = f1;
      x1 = high - ratio * (high - low);
      f1 = f(x1);
    } else {
      low = x1;
      x1 = x2;
      f1 = f2;
      x2 = low + ratio * (high - low);
      f2 = f(x2);
    }
  }
  const middle = (low + high) / 2;
  // The ends too: a minimum at 0 or 1 is approached only to the search's precision.
  let best = middle;
  for (const t of [0, 1]) if (f(t) < f(best)) best = t;
  return best;
}

/** Closest points of a segment and a convex set given by its closest-point function. */
function segmentTo(
  a: Vec3,
  b: Vec3,
  closest: (p: Vec3) => Vec3,
): { onSegment: Vec3; onSet: Vec3; } {
  const t = goldenMinimum((s) => {
    const p = lerp(a, b, s);
    return length(sub(p, closest(p)));
  });
  const onSegment = lerp(a, b, t);
  return { onSegment, onSet: closest(onSegment) };
}

function answerFrom(from: Vec3, to: Vec3, reach: number, fallback: Vec3): CapsuleOracleAnswer {
  const between = sub(to, from);
  const distance = length(between);
  return {
    depth: reach - distance,
    direction: distance > 0 ? scale(between, 1 / distance) : fallback,
  };
}

function capsuleCapsule(first: CapsuleSpec, second: CapsuleSpec): CapsuleOracleAnswer {
  const [a0, a1] = segmentOf(first), [b0, b1] = segmentOf(second);
  const { onSegment, onSet } = segmentTo(a0, a1, (p) => closestOnSegment(p, b0, b1));
  return answerFrom(onSet, onSegment, first.radius + second.radius, [0, 1, 0]);
}

function capsuleSphere(capsule: CapsuleSpec, sphere: SphereSpec): CapsuleOracleAnswer {
  const [a0, a1] = segmentOf(capsule);
  const q = closestOnSegment(sphere.position, a0, a1);
  return answerFrom(sphere.position, q, capsule.radius + sphere.radius, [1, 0, 0]);
}

function capsulePlane(capsule: CapsuleSpec, plane: PlaneSpec): CapsuleOracleAnswer {
  const { normal, offset } = worldPlane(plane);
  const heights = segmentOf(capsule).map((p) => dot(normal, p) - offset);
  const up = capsule.radius - Math.min(...heights);
  const down = capsule.radius + Math.max(...heights);
  if (plane.kind === 'halfSpace' || up <= down) return { depth: up, direction: normal };
  return { depth: down, direction: scale(normal, -1) };
}

/** Box first, capsule second. */
function boxCapsule(box: BoxSpec, capsule: CapsuleSpec): CapsuleOracleAnswer {
  const [a, b] = segmentOf(capsule);
  const axes = rotationColumns(box.rotation);
  // The distance outside the box from the local coordinates: exactly 0 inside (rebuilding the
  // clamped point in world space would leave round-off where there is no gap).
  const outside = (p: Vec3) => {
    const d = sub(p, box.position);
    let sum = 0;
    for (let k = 0; k < 3; k++) {
      const excess = Math.max(0, Math.abs(dot(axes[k]!, d)) - box.halfSize[k]!);
      sum += excess * excess;
    }
    return Math.sqrt(sum);
  };
  const t = goldenMinimum((s) => outside(lerp(a, b, s)));
  const onSegment = lerp(a, b, t);
  // The search ends at the boundary of a zero stretch, where round-off leaves a tiny distance:
  // within 1e-9 of the sizes (and the round-off of the coordinates) the segment meets the box,
  // and the axes below answer exactly.
  const size = Math.max(...box.halfSize, capsule.halfLength);
  const far = Math.max(...box.position.map(Math.abs), ...capsule.position.map(Math.abs));
  if (outside(onSegment) > 1e-9 * size + 1e-14 * far) {
    return answerFrom(onSegment, closestOnBox(box)(onSegment), capsule.radius, [0, 1, 0]);
  }
  // The segment meets the box: the least overlap over the candidate axes.
  const candidates: Vec3[] = [...axes];
  const along = sub(b, a);
  for (const axis of axes) {
    const c = cross(along, axis);
    if (length(c) > 1e-9 * Math.max(length(along), 1e-300)) {
      candidates.push(scale(c, 1 / length(c)));
    }
  }
  const corners = boxCorners(box);
  let best: CapsuleOracleAnswer = { depth: Infinity, direction: [0, 1, 0] };
  for (const axis of candidates) {
    const boxValues = corners.map((p) => dot(p, axis));
    const segmentValues = [dot(a, axis), dot(b, axis)];
    // Moving the box by +axis clears when it rises past the segment's top; by -axis the other way.
    const forward = Math.max(...segmentValues) - Math.min(...boxValues);
    const backward = Math.max(...boxValues) - Math.min(...segmentValues);
    if (forward < best.depth) best = { depth: forward, direction: axis };
    if (backward < best.depth) best = { depth: backward, direction: scale(axis, -1) };
  }
  return { depth: best.depth + capsule.radius, direction: best.direction };
}

function reversed(answer: CapsuleOracleAnswer): CapsuleOracleAnswer {
  return { depth: answer.depth, direction: scale(answer.direction, -1) };
}

/** The oracle's answer for a capsule pair in the order given (the first or second is a capsule). */
export function capsuleOracle(
  first: CapsulePairSpec,
  second: CapsulePairSpec,
): CapsuleOracleAnswer {
  if (first.kind === 'capsule' && second.kind === 'capsule') return capsuleCapsule(first, second);
  if (first.kind === 'capsule' && second.kind === 'sphere') return capsuleSphere(first, second);
  if (first.kind === 'capsule' && (second.kind === 'plane' || second.kind === 'halfSpace')) {
    return capsulePlane(first, second);
  }
  if (first.kind === 'box' && second.kind === 'capsule') return boxCapsule(first, second);
  if (second.kind === 'capsule') return reversed(capsuleOracle(second, first));
  if (first.kind === 'capsule' && second.kind === 'box') return reversed(boxCapsule(second, first));
  throw new Error(`the capsule oracle has no pair ${first.kind}-${second.kind}`);
}

/**
 * Signed distance of p from the surface of a shape: < 0 inside. Planes: the height (two-sided:
 * its absolute value).
 */
export function signedSurfaceDistance(p: Vec3, shape: CapsulePairSpec): number {
  switch (shape.kind) {
    case 'capsule': {
      const [a, b] = segmentOf(shape);
      return length(sub(p, closestOnSegment(p, a, b))) - shape.radius;
    }
    case 'sphere':
      return length(sub(p, shape.position)) - shape.radius;
    case 'box': {
      const local = rotateInverse(shape.rotation, sub(p, shape.position));
      const outside = [0, 1, 2].map((k) => Math.max(0, Math.abs(local[k]!) - shape.halfSize[k]!));
      const inside = Math.min(...[0, 1, 2].map((k) => shape.halfSize[k]! - Math.abs(local[k]!)));
      return length(outside) > 0 ? length(outside) : -inside;
    }
    case 'plane':
    case 'halfSpace': {
      const { normal, offset } = worldPlane(shape);
      const height = dot(normal, p) - offset;
      return shape.kind === 'plane' ? Math.abs(height) : height;
    }
  }
}
