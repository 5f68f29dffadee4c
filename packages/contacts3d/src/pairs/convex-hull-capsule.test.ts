import { ContactKind, packFeatureId } from '@contactkit/math';
import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { PairCache } from '../manifold/pair-cache.js';
import { overlap } from '../overlap.js';
import { Capsule } from '../shapes/capsule.js';
import { ConvexHull } from '../shapes/convex-hull.js';
import { Box } from '../shapes/primitives.js';
import { alongDirection, expectContacts } from '../test-support/capsule-cases.js';
import {
  hullOf,
  polytope,
  polytopeSignedDistance,
  randomHull,
  type Polytope,
} from '../test-support/hull-oracle.js';
import {
  add,
  cross,
  dot,
  length,
  rotate,
  scale,
  sub,
  type Quat,
  type Vec3,
} from '../test-support/shapes.js';
import { collideBoxCapsule } from './box-capsule.js';
import { collideConvexHullCapsule, overlapConvexHullCapsule } from './convex-hull-capsule.js';

const RUNS = Math.max(10_000, Number(process.env['CONTACTKIT_PROPERTY_RUNS'] ?? 0) || 0);
const SEED = Number(process.env['CONTACTKIT_PROPERTY_SEED'] ?? 0xca75) >>> 0;
const TIMEOUT = Math.max(60_000, 12 * RUNS);

/**
 * A square pyramid scaled by s: base corners (+-2, 0, +-2), apex (0, 2, 0). Its slanted faces
 * have normals (+-1, 1, 0) / sqrt 2 and (0, 1, +-1) / sqrt 2, each at offset sqrt 2.
 */
function pyramid(s: number): ConvexHull {
  const points: number[] = [0, 2 * s, 0];
  for (const x of [-2, 2]) for (const z of [-2, 2]) points.push(x * s, 0, z * s);
  return ConvexHull.fromPoints(points);
}

/** The code of the hull's face whose outward normal is `normal` (unit). */
function faceCode(hull: ConvexHull, normal: readonly number[]): number {
  for (let f = 0; f < hull.faceCount; f++) {
    const n = Array.from(hull.planes.subarray(4 * f, 4 * f + 3));
    if (Math.abs(dot(n, normal) - 1) < 1e-12) return hull.faceCodes[f]!;
  }
  throw new Error(`no face with normal ${normal.join(', ')}`);
}

/** The code of the hull's vertex at `point`. */
function vertexCode(hull: ConvexHull, point: readonly number[]): number {
  for (let v = 0; v < hull.vertexCount; v++) {
    if (length(sub(Array.from(hull.vertices.subarray(3 * v, 3 * v + 3)), point)) < 1e-12) {
      return hull.vertexCodes[v]!;
    }
  }
  throw new Error(`no vertex at ${point.join(', ')}`);
}

function capsule(
  s: number,
  radius: number,
  halfLength: number,
  position: number[],
  rotation: number[],
) {
  return new Capsule(radius * s, halfLength * s).setPose(position.map((v) => v * s), rotation);
}

const ALONG_X = alongDirection(1, 0, 0);

describe('collideConvexHullCapsule by hand (both orders, scales 1e-3, 1, 1e3)', () => {
  it('a capsule lying on a face gets two points, PointFace at its ends', () => {
    // Under the base (normal -y, offset 0), 0.4 below it, along x: both ends within the face,
    // depth 0.5 - 0.4 = 0.1 along +y (from the capsule toward the hull); witnesses (+-1, 0, 0),
    // points moved by 0.05 along +y.
    const base = faceCode(pyramid(1), [0, -1, 0]);
    expectContacts(
      (s) => [pyramid(s), capsule(s, 0.5, 1, [0, -0.4, 0], ALONG_X)],
      collideConvexHullCapsule,
      [0, 1, 0],
      [
        {
          point: [1, 0.05, 0],
          penetration: 0.1,
          kind: ContactKind.PointFace,
          featureId: packFeatureId(base, 2),
        },
        {
          point: [-1, 0.05, 0],
          penetration: 0.1,
          kind: ContactKind.PointFace,
          featureId: packFeatureId(base, 1),
        },
      ],
    );
  });

  it("a capsule longer than the face, lying across it: two points where the face's sides cut it", () => {
    // Half length 3 under the base (x from -3 to 3): the side planes x = +-2 cut it; the points
    // are the base's edges at x = +-2 against the capsule's side, EdgeEdge, depth 0.1.
    const hull = pyramid(1);
    const data = new CollisionData({ capacity: 4 });
    expect(collideConvexHullCapsule(hull, capsule(1, 0.5, 3, [0, -0.4, 0.5], ALONG_X), data)).toBe(
      2,
    );
    const xs = data.contacts.slice(0, 2).map((c) => c.point[0]!).sort((a, b) => a - b);
    expect(xs[0]).toBeCloseTo(-2, 12);
    expect(xs[1]).toBeCloseTo(2, 12);
    for (const c of data.contacts.slice(0, 2)) {
      expect(c.kind).toBe(ContactKind.EdgeEdge);
      expect(c.penetration).toBeCloseTo(0.1, 12);
      expect(c.normal[1]).toBeCloseTo(1, 12);
    }
  });

  it('a capsule standing on a slanted face: one PointFace point at its lower end', () => {
    // Face +x: normal n = (1, 1, 0) / sqrt 2 through (1, 1, 0). The capsule along n, its lower end
    // (code 1) 0.4 above (1, 1, 0): depth 0.1 along -n, witness (1, 1, 0), point (1, 1, 0) - 0.05 n.
    const r = Math.SQRT1_2;
    const slanted = faceCode(pyramid(1), [r, r, 0]);
    expectContacts(
      (
        s,
      ) => [pyramid(s), capsule(s, 0.5, 1, [1 + 1.4 * r, 1 + 1.4 * r, 0], alongDirection(r, r, 0))],
      collideConvexHullCapsule,
      [-r, -r, 0],
      [{
        point: [1 - 0.05 * r, 1 - 0.05 * r, 0],
        penetration: 0.1,
        kind: ContactKind.PointFace,
        featureId: packFeatureId(slanted, 1),
      }],
    );
  });

  it('a capsule across the apex: PointEdge (the vertex against its side)', () => {
    // Along z, 0.4 above the apex (0, 2, 0): depth 0.1 along -y, witness the apex, point 0.05 below.
    const apex = vertexCode(pyramid(1), [0, 2, 0]);
    expectContacts(
      (s) => [pyramid(s), capsule(s, 0.5, 1, [0, 2.4, 0.3], alongDirection(0, 0, 1))],
      collideConvexHullCapsule,
      [0, -1, 0],
      [{
        point: [0, 1.95, 0],
        penetration: 0.1,
        kind: ContactKind.PointEdge,
        featureId: packFeatureId(apex, 0),
      }],
    );
  });

  it('a capsule through the base: the separating-axis contact at its upper end', () => {
    // Along y from y = -0.5 to 0.5 at x = z = 0.5 (radius 0.25): the base's axis separates least
    // (-0.5: the upper end lies 0.5 inside the base plane; the slanted faces' -1.41, the base
    // edges' axes -1.5), so the normal is +y and the depth 0.25 + 0.5. The lower end lies 0.5
    // below the base (depth -0.25: dropped at tolerance 0); the upper end's witness is its
    // projection (0.5, 0, 0.5), its point 0.375 above it.
    const base = faceCode(pyramid(1), [0, -1, 0]);
    expectContacts(
      (s) => [pyramid(s), capsule(s, 0.25, 0.5, [0.5, 0, 0.5], [0, 0, 0, 1])],
      collideConvexHullCapsule,
      [0, 1, 0],
      [{
        point: [0.5, 0.375, 0.5],
        penetration: 0.75,
        kind: ContactKind.PointFace,
        featureId: packFeatureId(base, 2),
      }],
    );
  });

  it('apart: nothing, and overlapConvexHullCapsule says false; touching: one contact of depth 0', () => {
    for (const s of [1e-3, 1, 1e3]) {
      const hull = pyramid(s);
      const data = new CollisionData({ capacity: 4 });
      const apart = capsule(s, 0.5, 1, [0, 2.6, 0], alongDirection(0, 0, 1));
      expect(collideConvexHullCapsule(hull, apart, data)).toBe(0);
      expect(collide(apart, hull, data)).toBe(0);
      expect(overlapConvexHullCapsule(hull, apart)).toBe(false);
      expect(overlap(apart, hull)).toBe(false);
      // Touching up to round-off: one contact within a tolerance of 1e-12 of the size.
      const touching = capsule(s, 0.5, 1, [0, 2.5, 0], alongDirection(0, 0, 1));
      const near = new CollisionData({ capacity: 4, tolerance: 1e-12 * s });
      expect(collideConvexHullCapsule(hull, touching, near)).toBe(1);
      expect(near.contacts[0]!.penetration / s).toBeCloseTo(0, 12);
      expect(overlap(capsule(s, 0.5, 1, [0, 2.49, 0], alongDirection(0, 0, 1)), hull)).toBe(true);
    }
  });

  it('the fourth argument (a pair cache) changes nothing', () => {
    const hull = pyramid(1), body = capsule(1, 0.5, 1, [0, -0.4, 0], ALONG_X);
    const plain = new CollisionData({ capacity: 4 }), cached = new CollisionData({ capacity: 4 });
    collideConvexHullCapsule(hull, body, plain);
    collideConvexHullCapsule(hull, body, cached, new PairCache());
    expect(cached.contacts.slice(0, 2).map((c) => [...c.point, c.penetration, c.featureId]))
      .toEqual(
        plain.contacts.slice(0, 2).map((c) => [...c.point, c.penetration, c.featureId]),
      );
  });
});

/** A capsule's spec: its core's ends and radius, in world space. */
interface CapsuleCore {
  from: Vec3;
  to: Vec3;
  radius: number;
}

function coreOf(c: Capsule): CapsuleCore {
  const m = c.transform, h = c.halfLength;
  const axis: Vec3 = [m[4]!, m[5]!, m[6]!], centre: Vec3 = [m[12]!, m[13]!, m[14]!];
  return { from: add(centre, scale(axis, -h)), to: add(centre, scale(axis, h)), radius: c.radius };
}

/**
 * The oracle, sharing no code with the detector (the capsule is the set of points within its
 * radius of its core): when the core stays outside the polytope, the least distance of the core
 * to it by golden-section search over the core's parameter (the distance to a convex set is
 * convex along a segment) of the oracle's point-to-polytope distance, depth `radius - distance`;
 * when the core enters it, the separating-axis depth over the polytope's face normals and the
 * core's direction crossed with every polytope edge, each axis measured by projecting every
 * vertex and both core ends (exact: those are the face normals of the Minkowski difference).
 */
function capsuleOracle(solid: Polytope, core: CapsuleCore): number {
  const at = (t: number) => add(core.from, scale(sub(core.to, core.from), t));
  const outside = (t: number) => Math.max(0, polytopeSignedDistance(solid, at(t)));
  let low = 0, high = 1;
  const golden = (Math.sqrt(5) - 1) / 2;
  for (let k = 0; k < 64; k++) {
    const a = high - golden * (high - low), b = low + golden * (high - low);
    if (outside(a) <= outside(b)) high = b;
    else low = a;
  }
  const distance = Math.min(outside(0), outside(1), outside(0.5 * (low + high)));
  // Near 0 the search may end on the rim of a stretch inside (or miss a short one): then the
  // separating-axis depth, exact whenever the cores meet (and within the distance otherwise).
  const extent = solid.vertices.reduce(
    (m, v) => Math.max(m, length(sub(v, solid.vertices[0]!))),
    0,
  );
  if (distance > 1e-9 * (extent + length(sub(core.to, core.from)))) return core.radius - distance;
  const direction = sub(core.to, core.from);
  const axes: Vec3[] = [...solid.normals];
  for (const e of solid.edges) {
    const l = cross(direction, e), n = length(l);
    if (n > 1e-9 * length(direction) * length(e)) axes.push(scale(l, 1 / n));
  }
  let depth = Infinity;
  for (const axis of axes) {
    const hull = solid.vertices.map((v) => dot(v, axis));
    const a0 = dot(core.from, axis), a1 = dot(core.to, axis);
    const overlapAlong = Math.min(
      Math.max(...hull) - Math.min(a0, a1),
      Math.max(a0, a1) - Math.min(...hull),
    );
    depth = Math.min(depth, overlapAlong);
  }
  return core.radius + depth;
}

/** Signed distance of p from the capsule's surface (< 0 inside). */
function capsuleSurface(core: CapsuleCore, p: Vec3): number {
  const d = sub(core.to, core.from), dd = dot(d, d);
  const t = dd > 0 ? Math.max(0, Math.min(1, dot(sub(p, core.from), d) / dd)) : 0;
  return length(sub(p, add(core.from, scale(d, t)))) - core.radius;
}

interface Case {
  hull: ConvexHull;
  solid: Polytope;
  body: Capsule;
  /** The hull's position: the oracle's shapes are relative to it. */
  origin: Vec3;
  size: number;
  describe: string;
}

/**
 * A random hull (hostile clouds, sizes 1e-3 to 1e3) and a capsule near it: apart, touching,
 * entering or lying along a face (parallel to a random face, at a height about its radius).
 */
function randomCase(random: Random): Case {
  const rotation = random.rotation() as Quat;
  const spec = randomHull(random, rotation);
  const position: Vec3 = random.chance(0.1)
    ? [random.range(-1e5, 1e5), random.range(-1e5, 1e5), random.range(-1e5, 1e5)]
    : [0, 0, 0];
  const hull = hullOf(spec.points);
  const size = hull.size;
  hull.setPose(position, rotation);
  // The oracle works relative to the hull's position (its own round-off stays that of the sizes).
  const solid = polytope(spec);
  const radius = size * random.logRange(0.02, 1);
  const halfLength = random.chance(0.1) ? 0 : size * random.range(0, 2);
  let centre: Vec3, axis: Vec3;
  const mode = random.int(3);
  if (mode === 0) {
    // Lying along a face: the axis in the face's plane, the core at a height near the radius.
    const f = random.int(solid.normals.length);
    const n = solid.normals[f]!, loop = solid.faces[f]!;
    let inFace: Vec3 = [0, 0, 0];
    for (const v of loop) inFace = add(inFace, scale(solid.vertices[v]!, 1 / loop.length));
    const tangent = cross(n, random.unitVector());
    axis = scale(tangent, 1 / length(tangent));
    centre = add(inFace, scale(n, radius * random.range(0.7, 1.1)));
  } else {
    axis = random.unitVector() as Vec3;
    const reach = size + radius + halfLength;
    centre = scale(random.unitVector(), reach * random.range(mode === 1 ? 0.5 : 0, 1.2));
  }
  const q = alongDirection(axis[0], axis[1], axis[2]);
  const body = new Capsule(radius, halfLength).setPose(add(centre, position), q);
  return {
    hull,
    solid,
    body,
    origin: position,
    size: Math.max(size, radius + halfLength),
    describe: JSON.stringify({
      points: spec.points,
      position,
      rotation,
      radius,
      halfLength,
      centre: add(centre, position),
      q,
    }),
  };
}

describe(`collideConvexHullCapsule against the oracle (${RUNS} runs, seed ${SEED})`, () => {
  it(
    'a contact exactly when they overlap; the deepest is the exact depth and frees the pair; ' +
      'witnesses on the surfaces; both orders agree',
    () => {
      const random = new Random(SEED);
      let overlapping = 0, pairs = 0;
      const data = new CollisionData({ capacity: 8 }), swapped = new CollisionData({ capacity: 8 });
      for (let run = 0; run < RUNS; run++) {
        const c = randomCase(random);
        const world = coreOf(c.body);
        const core = { ...world, from: sub(world.from, c.origin), to: sub(world.to, c.origin) };
        const depth = capsuleOracle(c.solid, core);
        const reachOf = Math.max(...c.hull.transform.subarray(12, 15).map(Math.abs), 1);
        const shell = 1e-9 * c.size + 1e-12 * reachOf;
        data.reset();
        swapped.reset();
        const count = collideConvexHullCapsule(c.hull, c.body, data);
        expect(collide(c.body, c.hull, swapped), c.describe).toBe(count);
        expect(overlapConvexHullCapsule(c.hull, c.body), c.describe).toBe(count > 0);
        if (depth > shell) expect(count, c.describe).toBeGreaterThan(0);
        if (depth < -shell) expect(count, c.describe).toBe(0);
        if (count === 0) continue;
        overlapping++;
        if (count === 2) pairs++;
        const contacts = data.contacts.slice(0, count);
        const deepest = contacts.reduce((a, b) => (b.penetration > a.penetration ? b : a));
        // The face preference may keep a face whose depth exceeds an edge axis's by its margin.
        const tolerance = 1e-7 * c.size + 1e-12 * reachOf;
        expect(deepest.penetration - depth, c.describe).toBeGreaterThan(-tolerance);
        expect(deepest.penetration - depth, c.describe).toBeLessThan(tolerance + 1e-6 * c.size);
        // Moved by the deepest depth along the normal, the hull touches the capsule.
        const move = scale(Array.from(deepest.normal), deepest.penetration);
        const moved = {
          ...c.solid,
          vertices: c.solid.vertices.map((v) => add(v, move)),
          offsets: c.solid.normals.map((n, f) => c.solid.offsets[f]! + dot(n, move)),
        };
        expect(Math.abs(capsuleOracle(moved, core)), `moved: ${c.describe}`).toBeLessThan(
          2e-6 * c.size + 1e-12 * reachOf,
        );
        for (const contact of contacts) {
          const h = contact.penetration / 2;
          const point = sub(Array.from(contact.point), c.origin);
          const onHull = sub(point, scale(Array.from(contact.normal), h));
          const onCapsule = add(point, scale(Array.from(contact.normal), h));
          const hullSide = polytopeSignedDistance(c.solid, onHull);
          const capsuleSide = capsuleSurface(core, onCapsule);
          // Every witness within both shapes; the deepest's on both surfaces (a shallower end's
          // witness on the capsule is its end sphere's deepest point, inside when tilted).
          expect(Math.abs(hullSide), `hull witness: ${c.describe}`).toBeLessThan(tolerance);
          expect(capsuleSide, `capsule witness: ${c.describe}`).toBeLessThan(tolerance);
          if (contact === deepest) {
            expect(Math.abs(capsuleSide), c.describe).toBeLessThan(tolerance);
          }
          const mirror = swapped.contacts.slice(0, count).find((s) =>
            s.featureId === contact.featureId
          );
          expect(mirror, c.describe).toBeDefined();
          expect(length(sub(Array.from(mirror!.point), Array.from(contact.point)))).toBeLessThan(
            tolerance,
          );
          expect(length(add(Array.from(mirror!.normal), Array.from(contact.normal)))).toBeLessThan(
            1e-12,
          );
        }
      }
      expect(overlapping).toBeGreaterThan(RUNS / 4);
      expect(pairs).toBeGreaterThan(RUNS / 20);
    },
    TIMEOUT,
  );

  it("a box-shaped hull gives collideBoxCapsule's points, depths and normal", () => {
    const random = new Random(SEED + 1);
    let compared = 0, ties = 0;
    for (let run = 0; run < RUNS; run++) {
      const half: Vec3 = [random.range(0.2, 1), random.range(0.2, 1), random.range(0.2, 1)];
      const s = random.logRange(1e-3, 1e3);
      const corners: number[] = [];
      for (let i = 0; i < 8; i++) {
        corners.push(
          (i & 1 ? 1 : -1) * half[0] * s,
          (i & 2 ? 1 : -1) * half[1] * s,
          (i & 4 ? 1 : -1) * half[2] * s,
        );
      }
      const rotation = random.rotation();
      const hull = ConvexHull.fromPoints(corners).setPose([0, 0, 0], rotation);
      const box = new Box(half.map((h) => h * s)).setPose([0, 0, 0], rotation);
      const axis = random.chance(0.3)
        ? rotate(rotation, [[1, 0, 0], [0, 1, 0], [0, 0, 1]][random.int(3)]!)
        : random.unitVector();
      const radius = s * random.range(0.05, 0.6), halfLength = s * random.range(0, 1.5);
      const centre = scale(random.unitVector(), s * random.range(0, 2));
      const body = new Capsule(radius, halfLength).setPose(
        centre,
        alongDirection(axis[0]!, axis[1]!, axis[2]!),
      );
      const fromBox = new CollisionData({ capacity: 8 }),
        fromHull = new CollisionData({ capacity: 8 });
      const boxCount = collideBoxCapsule(box, body, fromBox);
      const hullCount = collideConvexHullCapsule(hull, body, fromHull);
      // box-capsule gives a capsule along an edge two points (PointEdge): hulls give one.
      const alongEdge = boxCount === 2 && fromBox.contacts[0]!.kind === ContactKind.PointEdge &&
        fromBox.contacts[1]!.kind === ContactKind.PointEdge;
      if (alongEdge) continue;
      const describe = JSON.stringify({ half, s, rotation, radius, halfLength, centre, axis });
      expect(hullCount, describe).toBe(boxCount);
      compared++;
      // Where the closest points are not unique (a segment parallel to a face or an edge), the
      // two may name different points (and features) of the same stretch: then the hull's must
      // lie on both surfaces, at the same depth and normal.
      const core = coreOf(body);
      for (const b of fromBox.contacts.slice(0, boxCount)) {
        const sameDepth = (h: (typeof fromHull.contacts)[number]) =>
          Math.abs(h.penetration - b.penetration) < 1e-9 * s &&
          length(sub(Array.from(h.normal), Array.from(b.normal))) < 1e-9;
        const hulls = fromHull.contacts.slice(0, hullCount);
        const exact = hulls.find((h) =>
          sameDepth(h) && length(sub(Array.from(h.point), Array.from(b.point))) < 1e-9 * s
        );
        if (exact) {
          expect(exact.kind, describe).toBe(b.kind);
          continue;
        }
        // A tie names other features of the same stretch (a vertex for an edge's interior, say).
        const same = hulls.find(sameDepth);
        expect(same, describe).toBeDefined();
        expect(hullCount, `a tie, one point only: ${describe}`).toBe(1);
        const h = same!.penetration / 2, n = Array.from(same!.normal);
        const onBox = sub(Array.from(same!.point), scale(n, h));
        const local = [0, 1, 2].map((k) =>
          dot(sub(onBox, [0, 0, 0]), rotate(rotation, [0, 1, 2].map((j) => j === k ? 1 : 0)))
        );
        const outside = Math.hypot(...local.map((x, k) => Math.max(0, Math.abs(x) - half[k]! * s)));
        const inside = Math.min(...local.map((x, k) => half[k]! * s - Math.abs(x)));
        expect(outside > 0 ? outside : inside, describe).toBeLessThan(1e-9 * s);
        expect(Math.abs(capsuleSurface(core, add(Array.from(same!.point), scale(n, h)))), describe)
          .toBeLessThan(1e-9 * s);
        ties++;
      }
    }
    expect(compared).toBeGreaterThan(RUNS / 2);
    expect(ties).toBeLessThan(compared / 20);
  }, TIMEOUT);
});
