/**
 * Box-box defects found by comparing with other libraries and by adversarial runs, each with a
 * hand-worked case and a seeded property test over the space that produced it.
 * Property runs: 10,000 each by default; CONTACTKIT_PROPERTY_RUNS raises the count (100,000 for
 * the long run), CONTACTKIT_PROPERTY_SEED changes the seed, as in properties.test.ts.
 */
import { ContactKind } from '@contactkit/math';
import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { collideBoxBox, overlapBoxBox } from './box-box.js';
import { CollisionData } from '../manifold/collision-data.js';
import type { Contact } from '../manifold/contact.js';
import { Box } from '../shapes/primitives.js';
import { oracle } from '../test-support/oracle.js';
import {
  axisAngle,
  cross,
  dot,
  length,
  multiplyQuat,
  rotate,
  rotateInverse,
  sub,
  type Quat,
  type Vec3,
} from '../test-support/shapes.js';

const RUNS = Math.max(10_000, Number(process.env['CONTACTKIT_PROPERTY_RUNS'] ?? 0) || 0);
const SEED = Number(process.env['CONTACTKIT_PROPERTY_SEED'] ?? 0x5eed3d) >>> 0;

interface BoxPose {
  halfSize: Vec3;
  position: Vec3;
  rotation: Quat;
}

function build(pose: BoxPose): Box {
  return new Box(pose.halfSize).setPose(pose.position, pose.rotation);
}

function scaled(pose: BoxPose, s: number): BoxPose {
  return {
    halfSize: pose.halfSize.map((h) => h * s) as Vec3,
    position: pose.position.map((x) => x * s) as Vec3,
    rotation: pose.rotation,
  };
}

function contactsOf(first: BoxPose, second: BoxPose, tolerance = 0): Contact[] {
  const data = new CollisionData({ capacity: 16, tolerance });
  const count = collideBoxBox(build(first), build(second), data);
  return data.contacts.slice(0, count);
}

/** How far `point` lies outside the box (0 inside), by its local coordinates. */
function outside(pose: BoxPose, point: ArrayLike<number>): number {
  const local = rotateInverse(pose.rotation, sub(Array.from(point), pose.position));
  return Math.max(0, ...local.map((x, k) => Math.abs(x) - pose.halfSize[k]!));
}

/** Angle in radians between two unit vectors. */
function angle(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const u = Array.from(a), v = Array.from(b);
  return Math.atan2(length(cross(u, v)), dot(u, v));
}

describe('defect: a box resting on another with a hair of tilt got one edge-edge contact (issue 11, defect 1)', () => {
  // The example. The least overlap is on an edge axis (0.0013505); the best face axis
  // overlaps 0.0014334, 6% more, because it measures a corner of B's face that hangs beyond A's
  // face. Rapier, cannon-es and a hand clip of the two faces give 4 points, depths 0.00079 to 0.00135.
  const A: BoxPose = {
    halfSize: [0.61563006, 0.529381724, 0.2683681],
    position: [1.128513036, 0.086628269, 0.680580323],
    rotation: [0.224335418, -0.009787749, 0.006442586, -0.974441539],
  };
  const B: BoxPose = {
    halfSize: [0.4653526, 0.739374533, 0.397218548],
    position: [1.188707896, 1.176896913, 0.024979918],
    rotation: [-0.176771679, -0.614362162, 0.138482106, 0.756395144],
  };

  for (const s of [1, 1e-3, 1e3]) {
    it(`gets the 4-point face patch at scale ${s}, in both argument orders`, () => {
      const forward = contactsOf(scaled(A, s), scaled(B, s));
      const backward = contactsOf(scaled(B, s), scaled(A, s));
      expect(forward.length).toBe(4);
      expect(backward.length).toBe(4);
      const depths = forward.map((c) => c.penetration / s).sort((x, y) => x - y);
      expect(depths[0]).toBeCloseTo(0.00079, 5);
      expect(depths[3]).toBeCloseTo(0.0013505, 6);
      // One normal for the patch: a face normal of A or B (within round-off).
      const n = Array.from(forward[0]!.normal);
      const faceNormals = [A.rotation, B.rotation].flatMap((
        q,
      ) => [rotate(q, [1, 0, 0]), rotate(q, [0, 1, 0]), rotate(q, [0, 0, 1])]);
      expect(Math.min(...faceNormals.map((f) => Math.abs(Math.abs(dot(f, n)) - 1)))).toBeLessThan(
        1e-12,
      );
      for (let i = 0; i < 4; i++) {
        const f = forward[i]!, b = backward[i]!;
        for (let k = 0; k < 3; k++) {
          expect(b.normal[k]).toBe(0 - f.normal[k]!);
          expect(Math.abs(b.point[k]! - f.point[k]!)).toBeLessThan(1e-12 * s);
        }
        expect(b.penetration).toBe(f.penetration);
        expect(b.featureId).toBe(f.featureId);
      }
    });
  }

  for (const s of [1, 1e-3, 1e3]) {
    it(`still gives one edge-edge contact for two crossed edges at scale ${s}`, () => {
      // A unit cube turned 45 degrees about z (an edge along y on top... and one along x below):
      // the lower cube's top edge runs along x, the upper cube's bottom edge along y, crossing
      // 0.1 deep: one EdgeEdge contact of depth 0.1 at their crossing, normal +z.
      const half = Math.SQRT1_2;
      const lower: BoxPose = {
        halfSize: [0.5, 0.5, 0.5],
        position: [0, 0, 0],
        rotation: axisAngle([1, 0, 0], Math.PI / 4),
      };
      const upper: BoxPose = {
        halfSize: [0.5, 0.5, 0.5],
        position: [0, 0, 2 * half - 0.1],
        rotation: axisAngle([0, 1, 0], Math.PI / 4),
      };
      const contacts = contactsOf(scaled(upper, s), scaled(lower, s));
      expect(contacts.length).toBe(1);
      expect(contacts[0]!.kind).toBe(ContactKind.EdgeEdge);
      expect(contacts[0]!.penetration / s).toBeCloseTo(0.1, 12);
      expect(contacts[0]!.normal[2]).toBeCloseTo(1, 12);
      expect(contacts[0]!.point[2]! / s).toBeCloseTo(half - 0.05, 12);
    });
  }
});

/**
 * A box resting on another: tilted by 1e-5 to 1e-2 rad about a random horizontal axis, any
 * yaw, its lowest corner over a random point of the lower box's top face or up to 20% beyond
 * it, sunk 0 to 1% of the smaller box's smallest edge below the face's plane; either box first;
 * the whole pair under a random rigid motion. A corner hanging beyond the face may leave the
 * boxes apart, or make the shortest way out sideways (a box sliding off the edge, not resting):
 * the brute-force oracle says which, and those only have to get no contact when apart.
 */
function tiltedResting(random: Random): { first: BoxPose; second: BoxPose; up: Vec3; } {
  const lowerHalf: Vec3 = [random.range(0.2, 1), random.range(0.2, 1), random.range(0.2, 1)];
  const upperHalf: Vec3 = [random.range(0.2, 1), random.range(0.2, 1), random.range(0.2, 1)];
  const tilt = random.logRange(1e-5, 1e-2),
    heading = random.range(0, 2 * Math.PI),
    yaw = random.range(0, 2 * Math.PI);
  const upperLocal = multiplyQuat(
    axisAngle([Math.cos(heading), Math.sin(heading), 0], tilt),
    axisAngle([0, 0, 1], yaw),
  );
  let lowest: Vec3 = [0, 0, Infinity];
  for (let corner = 0; corner < 8; corner++) {
    const v = rotate(upperLocal, upperHalf.map((h, k) => ((corner >> k) & 1 ? h : -h)));
    if (v[2] < lowest[2]) lowest = v;
  }
  const depth = random.range(0, 0.01) * 2 * Math.min(...lowerHalf, ...upperHalf);
  // Over the top face or hanging up to 20% of it beyond an edge (the example hangs over).
  const target: Vec3 = [
    random.range(-1.2, 1.2) * lowerHalf[0],
    random.range(-1.2, 1.2) * lowerHalf[1],
    lowerHalf[2] - depth,
  ];
  const upperCentre = sub(target, lowest);
  const motion = random.rotation(),
    shift: Vec3 = [random.range(-5, 5), random.range(-5, 5), random.range(-5, 5)];
  const place = (p: readonly number[]): Vec3 =>
    rotate(motion, p).map((x, k) => x + shift[k]!) as Vec3;
  const lower: BoxPose = { halfSize: lowerHalf, position: place([0, 0, 0]), rotation: motion };
  const upper: BoxPose = {
    halfSize: upperHalf,
    position: place(upperCentre),
    rotation: multiplyQuat(motion, upperLocal),
  };
  const up = rotate(motion, [0, 0, 1]);
  return random.chance(0.5)
    ? { first: upper, second: lower, up }
    : { first: lower, second: upper, up: up.map((x) => -x) as Vec3 };
}

/** Whether `normal` is (up to round-off) a face normal of one of the boxes. */
function isFaceNormal(normal: ArrayLike<number>, ...poses: BoxPose[]): boolean {
  const n = Array.from(normal);
  return poses.some((pose) =>
    [[1, 0, 0], [0, 1, 0], [0, 0, 1]].some((axis) =>
      Math.abs(Math.abs(dot(rotate(pose.rotation, axis), n)) - 1) < 1e-9
    )
  );
}

describe(`tilted resting boxes: ${RUNS} seeded configurations (issue 11, defect 1)`, () => {
  // "No lone edge contact": the normal is a face normal (the face patch, never the edge axis's
  // single contact). At tolerance 0 the patch may be one point: a face resting on the other box's
  // edge touches along a segment whose far end lies a hair above; with a speculative tolerance of
  // 3% of the larger box (more than the tilt can lift any corner of the patch) it has 3 or more.
  // Within the overlap: a point lies halfway between its witness points along the normal, so
  // near a corner of the tilted box it may leave that box's side by up to tilt * depth / 2
  // (below 0.01 * depth here); beyond that, and round-off, it must lie in both boxes.
  it(
    'the face patch (3+ points with a speculative margin), normal within 0.6 degrees of the ' +
      'stacking axis, every point within the overlap',
    () => {
      const random = new Random(SEED);
      const failures: string[] = [];
      let notResting = 0;
      for (let run = 0; run < RUNS && failures.length < 5; run++) {
        const { first, second, up } = tiltedResting(random);
        const contacts = contactsOf(first, second);
        const size = Math.max(...first.halfSize, ...second.halfSize);
        const truth = oracle({ kind: 'box', ...first }, { kind: 'box', ...second });
        const apart = truth.depth < -1e-12 * size;
        // Sliding off the edge rather than resting: the shortest way out is sideways.
        const sideways = !apart && angle(truth.direction, up) > Math.PI / 180;
        if (apart || sideways) notResting++;
        let problem = '';
        if (apart) {
          if (contacts.length > 0) problem = 'a contact for boxes apart';
        } else if (!sideways) {
          const speculative = contactsOf(first, second, 0.03 * size);
          if (contacts.length === 0) problem = 'no contact';
          else if (!isFaceNormal(contacts[0]!.normal, first, second)) {
            problem = `an edge-axis contact of depth ${contacts[0]!.penetration}`;
          } else if (contacts.some((c) => angle(c.normal, up) > (0.6 * Math.PI) / 180)) {
            problem = `normal ${angle(contacts[0]!.normal, up)} rad off the stacking axis`;
          } else if (
            contacts.some((c) =>
              Math.max(outside(first, c.point), outside(second, c.point)) >
                1e-9 * size + 0.01 * c.penetration
            )
          ) problem = 'a point outside the overlap';
          else if (speculative.length < 3) {
            problem = `${speculative.length} points with the speculative margin`;
          }
        }
        if (problem !== '') {
          failures.push(`run ${run}: ${problem}; ${JSON.stringify({ first, second })}`);
        }
      }
      expect(failures).toEqual([]);
      // Most configurations rest (the property is about them).
      expect(notResting).toBeLessThan(RUNS / 4);
    },
    600_000,
  );
});

describe('defect: a box resting across the edge of another was pushed out sideways (long property run)', () => {
  // Found by the tilted-resting property at 10^5 runs (run 12874). Overlaps by corner projection:
  // along B's axis 2 (the stacking axis) 0.0037711; along A's axis 1 (a side face) 0.0036839,
  // 2.4% less; along the edge axis a_0 x b_1 (0.3 degrees off the stacking axis) 0.0036659, the
  // least. The face preference declines the edge axis; the least-overlap face would push the
  // box out sideways, so the face nearest the edge axis, the stacking face, must describe it.
  const first: BoxPose = {
    halfSize: [0.5678290087729693, 0.2071696171537042, 0.8679475242272019],
    position: [-2.3213987477558913, 1.6029851530321528, -0.7866013505691887],
    rotation: [-0.508310995525708, 0.42193862499149126, -0.3366346719674036, -0.6710177540105418],
  };
  const second: BoxPose = {
    halfSize: [0.7169649176299573, 0.20667419973760845, 0.9596408262848855],
    position: [-2.3774306080304086, 3.4704287070780993, -1.0426222113892436],
    rotation: [-0.41702121019197563, -0.5135303304946027, 0.6732798128424127, -0.3302638392724973],
  };
  /** The overlap of the two boxes' corner intervals along unit `axis`. */
  const overlapAlong = (p: BoxPose, q: BoxPose, axis: Vec3): number => {
    const project = (pose: BoxPose): number[] => cornersOf(pose).map((corner) => dot(corner, axis));
    const u = project(p), v = project(q);
    return Math.min(Math.max(...u) - Math.min(...v), Math.max(...v) - Math.min(...u));
  };
  const stacking = rotate(second.rotation, [0, 0, 1]);
  const side = rotate(first.rotation, [0, 1, 0]);

  it('is the trap described: the side face overlaps less than the stacking face', () => {
    expect(overlapAlong(first, second, stacking)).toBeCloseTo(0.0037711, 7);
    expect(overlapAlong(first, second, side)).toBeCloseTo(0.0036839, 7);
  });

  for (const s of [1, 1e-3, 1e3]) {
    it(`pushes the box out along the stacking axis at scale ${s}, in both argument orders`, () => {
      for (const [p, q, sign] of [[first, second, 1], [second, first, -1]] as const) {
        const contacts = contactsOf(scaled(p, s), scaled(q, s));
        expect(contacts.length).toBeGreaterThan(0);
        for (const c of contacts) {
          // From the second box toward the first: B's +z for (first, second), A lying on B's +z face.
          expect(dot(Array.from(c.normal), stacking) * sign).toBeGreaterThan(1 - 1e-12);
          expect(c.penetration / s).toBeGreaterThan(0);
          expect(c.penetration / s).toBeLessThan(0.0037711 + 1e-7);
        }
      }
    });
  }
});

describe('defect: overlapBoxBox said true for thin boxes apart by 2.2e-5 (issue 16, item 4)', () => {
  // Two rods of half sizes [1, 1e-4, 1e-4], the second turned 5e-4 rad about u = (0, 1, -1)/sqrt(2)
  // and moved by D along u. u is the only axis that can separate them: it is (up to length) the
  // cross product of the two rods' long edges, parallel to within 5e-4 rad. Each rod reaches
  // 1e-4 (|u . y| + |u . z|) = sqrt(2) 1e-4 along u (the turn about u leaves that unchanged), so
  // the gap is D - 2 sqrt(2) 1e-4. Every face axis sees the rods overlap (the long edges lean
  // 5e-4 / sqrt(2) = 3.5e-4 across y and z, more than D / sqrt(2)).
  const u: Vec3 = [0, Math.SQRT1_2, -Math.SQRT1_2];
  const rod = (D: number, rotation: Quat): BoxPose => ({
    halfSize: [1, 1e-4, 1e-4],
    position: [0, D * u[1], D * u[2]],
    rotation,
  });
  const first = rod(0, [0, 0, 0, 1]);
  const turned = axisAngle(u, 5e-4);

  it('apart by 2.2e-5: no overlap and no contact, in both orders', () => {
    const second = rod(2 * Math.SQRT2 * 1e-4 + 2.2e-5, turned);
    expect(overlapBoxBox(build(first), build(second))).toBe(false);
    expect(overlapBoxBox(build(second), build(first))).toBe(false);
    expect(contactsOf(first, second).length).toBe(0);
    expect(contactsOf(second, first).length).toBe(0);
  });

  it('overlapping by 2.2e-5: overlap and a contact, in both orders', () => {
    const second = rod(2 * Math.SQRT2 * 1e-4 - 2.2e-5, turned);
    expect(overlapBoxBox(build(first), build(second))).toBe(true);
    expect(overlapBoxBox(build(second), build(first))).toBe(true);
    expect(contactsOf(first, second).length).toBeGreaterThan(0);
    expect(contactsOf(second, first).length).toBeGreaterThan(0);
  });
});

/**
 * The distance between segments pq and rs by cases (no shared code with the detectors): the
 * closest points of the two lines when both fall inside the segments (the common perpendicular),
 * else the nearest of the four endpoint-to-segment distances.
 */
function segmentDistance(p: Vec3, q: Vec3, r: Vec3, s: Vec3): number {
  const toSegment = (x: Vec3, a: Vec3, b: Vec3) => {
    const ab = sub(b, a), t = Math.min(1, Math.max(0, dot(sub(x, a), ab) / dot(ab, ab)));
    return length(sub(x, a.map((v, k) => v + t * ab[k]!)));
  };
  let best = Math.min(
    toSegment(p, r, s),
    toSegment(q, r, s),
    toSegment(r, p, q),
    toSegment(s, p, q),
  );
  const u = sub(q, p), v = sub(s, r), n = cross(u, v), nn = dot(n, n);
  if (nn > 1e-24 * dot(u, u) * dot(v, v)) {
    // p + a u - (r + b v) is perpendicular to u and v: a = ((r - p) x v) . n / |n|^2, b = ((r - p) x u) . n / |n|^2.
    const w = sub(r, p), a = dot(cross(w, v), n) / nn, b = dot(cross(w, u), n) / nn;
    if (a >= 0 && a <= 1 && b >= 0 && b <= 1) {
      best = Math.min(best, Math.abs(dot(w, n)) / Math.sqrt(nn));
    }
  }
  return best;
}

describe('defect: a speculative face contact reported a larger gap than two edges have (fuzz/FINDINGS.md F9)', () => {
  // Two boxes 0.0068 apart at tolerance 0.01: the face axis kept by the face preference was
  // clipped and its points, 0.00688 from the other box, were reported, while an edge of each box
  // lies 0.00678 from the other. The gap reported must not exceed the distance of any two edges
  // (their distance is a distance between points of the two boxes).
  const first: BoxPose = {
    halfSize: [0.5, 0.5, 0.5],
    position: [-3.1576100067990134, 2.143236482496002, -0.8969930889111577],
    rotation: [0.013039625643479644, -0.26624756531907157, 0.9242196068750907, -0.2734233354935113],
  };
  const second: BoxPose = {
    halfSize: [0.23730546016790888, 0.7128791446735212, 0.07711705695898824],
    position: [-2.3509375085122883, 2.005176728591323, -0.5906752911396325],
    rotation: [0.6173730944383524, -0.362252512982279, -0.3167197937136778, 0.622344077959775],
  };
  const edges = (pose: BoxPose): [Vec3, Vec3][] => {
    const c = cornersOf(pose), out: [Vec3, Vec3][] = [];
    for (let i = 0; i < 8; i++) {
      for (let k = 0; k < 3; k++) if (!(i & (1 << k))) out.push([c[i]!, c[i | (1 << k)]!]);
    }
    return out;
  };
  let closest = Infinity;
  for (const [p, q] of edges(first)) {
    for (const [r, s] of edges(second)) closest = Math.min(closest, segmentDistance(p, q, r, s));
  }

  it('is the case described: the boxes are 0.0068 apart and no edge pair closer than 0.00677', () => {
    expect(bruteSeparation(first, second).separation).toBeGreaterThan(0.006);
    expect(closest).toBeCloseTo(0.00678, 5);
  });

  for (const [name, a, b] of [['in order', first, second], ['swapped', second, first]] as const) {
    it(`reports no gap larger than the closest edges, ${name}`, () => {
      const contacts = contactsOf(a, b, 0.01);
      expect(contacts.length).toBeGreaterThan(0);
      const deepest = Math.max(...contacts.map((c) => c.penetration));
      expect(-deepest).toBeLessThanOrEqual(closest + 1e-12);
      expect(contacts[0]!.kind).toBe(ContactKind.EdgeEdge);
    });
  }
});

/** Corners of a box, world space. */
function cornersOf(pose: BoxPose): Vec3[] {
  const corners: Vec3[] = [];
  for (let corner = 0; corner < 8; corner++) {
    const local = pose.halfSize.map((h, k) => ((corner >> k) & 1 ? h : -h));
    corners.push(rotate(pose.rotation, local).map((x, k) => x + pose.position[k]!) as Vec3);
  }
  return corners;
}

/**
 * The largest separation of the two boxes' corner intervals over the 15 axes (cross products of
 * any length above 1e-15, normalised): > 0 proves the boxes apart by at least that much; <= 0 on
 * every axis proves them overlapping (the axes are then complete).
 */
function bruteSeparation(
  first: BoxPose,
  second: BoxPose,
): { separation: number; complete: boolean; } {
  const a = cornersOf(first), b = cornersOf(second);
  const axesA = [0, 1, 2].map((k) =>
    rotate(first.rotation, [k === 0 ? 1 : 0, k === 1 ? 1 : 0, k === 2 ? 1 : 0])
  );
  const axesB = [0, 1, 2].map((k) =>
    rotate(second.rotation, [k === 0 ? 1 : 0, k === 1 ? 1 : 0, k === 2 ? 1 : 0])
  );
  const axes: Vec3[] = [...axesA, ...axesB];
  let complete = true;
  for (const x of axesA) {
    for (const y of axesB) {
      const c = cross(x, y), l = length(c);
      if (l > 1e-15) axes.push(c.map((v) => v / l) as Vec3);
      else complete = false;
    }
  }
  let separation = -Infinity;
  for (const axis of axes) {
    let minA = Infinity, maxA = -Infinity, minB = Infinity, maxB = -Infinity;
    for (const p of a) {
      const d = dot(p, axis);
      minA = Math.min(minA, d);
      maxA = Math.max(maxA, d);
    }
    for (const p of b) {
      const d = dot(p, axis);
      minB = Math.min(minB, d);
      maxB = Math.max(maxB, d);
    }
    separation = Math.max(separation, minB - maxA, minA - maxB);
  }
  return { separation, complete };
}

/**
 * Two thin boxes (each half size 1e-4 with probability 1/2, else 1e-4 to 1; at least one
 * 1e-4), half the time nearly parallel (turned 1e-7 to 1e-2 rad from each other), the second
 * moved along a random direction to within +-3e-5 of touching the first.
 */
function thinPair(random: Random): { first: BoxPose; second: BoxPose; } {
  const thinSize = (): Vec3 => {
    const h = [0, 1, 2].map(() => (random.chance(0.5) ? 1e-4 : random.range(1e-4, 1))) as Vec3;
    h[random.int(3)] = 1e-4;
    return h;
  };
  const rotation = random.rotation();
  const secondRotation = random.chance(0.5)
    ? multiplyQuat(rotation, axisAngle(random.unitVector(), random.logRange(1e-7, 1e-2)))
    : random.rotation();
  const first: BoxPose = {
    halfSize: thinSize(),
    position: [random.range(-1, 1), random.range(-1, 1), random.range(-1, 1)],
    rotation,
  };
  const direction = random.unitVector();
  const at = (s: number): BoxPose => ({
    halfSize: second.halfSize,
    position: first.position.map((x, k) => x + s * direction[k]!) as Vec3,
    rotation: secondRotation,
  });
  const second: BoxPose = {
    halfSize: thinSize(),
    position: first.position,
    rotation: secondRotation,
  };
  // Bisection for the touching distance along the direction (the separation grows along the ray).
  let low = 0, high = 2 * (length(first.halfSize) + length(second.halfSize));
  for (let i = 0; i < 40; i++) {
    const middle = 0.5 * (low + high);
    if (bruteSeparation(first, at(middle)).separation > 0) high = middle;
    else low = middle;
  }
  return { first, second: at(low + random.range(-3e-5, 3e-5)) };
}

describe(`thin boxes near touching: ${RUNS} seeded pairs (issue 16, item 4)`, () => {
  it(
    'overlapBoxBox agrees with collideBoxBox both ways, and with a brute-force SAT up to its stated margin',
    () => {
      const random = new Random(SEED ^ 0x16);
      const failures: string[] = [];
      let apart = 0, overlapping = 0;
      for (let run = 0; run < RUNS && failures.length < 5; run++) {
        const { first, second } = thinPair(random);
        const a = build(first), b = build(second);
        const answers = [
          overlapBoxBox(a, b),
          overlapBoxBox(b, a),
          contactsOf(first, second).length > 0,
          contactsOf(second, first).length > 0,
        ];
        const overlap = answers[0]!;
        const longest = Math.max(...first.halfSize, ...second.halfSize);
        const brute = bruteSeparation(first, second);
        if (overlap) overlapping++;
        else apart++;
        let problem = '';
        if (answers.some((answer) => answer !== overlap)) {
          problem = `overlap both ways, contacts both ways: ${answers.join(', ')}`;
        } // The stated margin: apart by less than 1e-6 of the longest half edge may count as touching.
        else if (overlap && brute.separation > 1e-6 * longest) {
          problem = `overlap for boxes apart by ${brute.separation}`;
        } else if (!overlap && brute.complete && brute.separation < -1e-12 * longest) {
          problem = `no overlap for boxes overlapping by ${-brute.separation}`;
        }
        if (problem !== '') {
          failures.push(`run ${run}: ${problem}; ${JSON.stringify({ first, second })}`);
        }
      }
      expect(failures).toEqual([]);
      // Both answers are common (the pairs are near touching).
      expect(Math.min(apart, overlapping)).toBeGreaterThan(RUNS / 5);
    },
    600_000,
  );
});
