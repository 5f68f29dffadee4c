import { ContactKind, firstFeatureOf, packFeatureId, secondFeatureOf } from '@contactkit/math';
import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { collide2d } from '../collide2d.js';
import { CollisionData2 } from '../manifold/contact2.js';
import { overlap2d } from '../queries/overlap2d.js';
import { Capsule2 } from '../shapes/capsule2.js';
import { Chain, Circle, Polygon, type Shape2, VERTEX_FEATURE } from '../shapes/shapes.js';
import { capsuleCore, coreToPolyline, coreToRegion } from '../test-support/capsule-oracle.js';
import {
  box,
  scaled,
  contactList,
  distanceToPolyline,
  mirroredMismatch,
  randomConvexPoints,
  regionDistance,
  signedDistanceToOutline,
  worldPoints,
} from '../test-support/contacts.js';
import { capsuleLyingOn, lyingMismatch } from '../test-support/capsule-lying.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';
import { collideCapsule2Polygon } from './capsule2-polygon.js';
import { collideCirclePolygon } from './circle-polygon.js';
import { collidePolygonChain } from './polygon-chain.js';
import { collidePolygonPolygon } from './polygon-polygon.js';

type Contacts = ReturnType<typeof contactList>;

/** The pair through `detector` (argument order as given) and swapped through collide2d. */
function both(
  detector: (a: never, b: never, data: CollisionData2) => number,
  a: Shape2,
  b: Shape2,
  tolerance = 0,
): { contacts: Contacts; mirrored: string | null; } {
  const data = new CollisionData2({ tolerance }), swapped = new CollisionData2({ tolerance });
  const written = (detector as (a: Shape2, b: Shape2, d: CollisionData2) => number)(a, b, data);
  expect(written).toBe(data.contactCount);
  collide2d(b, a, swapped);
  const contacts = contactList(data);
  return { contacts, mirrored: mirroredMismatch(contacts, contactList(swapped)) };
}

describe('rounded polygons: hand-computed cases, both orders, scales 1e-3, 1, 1e3', () => {
  for (const s of [1e-3, 1, 1e3]) {
    it(`x ${s}: a rounded box resting on a box gets two points, the radius counted`, () => {
      // Core [-1, 1] x [-0.5, 0.5], radius 0.1, at (0, 1.05): core bottom 0.55, rounded bottom
      // 0.45, 0.05 into the slab's top y = 0.5. Witnesses (x, 0.45) and (x, 0.5): points at
      // y = 0.475, x = -1 and 1 (the core's corners clipped to the slab's top face).
      const rounded = new Polygon(scaled(box(1, 0.5), s), { radius: 0.1 * s }).setPose([
        0,
        1.05 * s,
      ], 0);
      const slab = new Polygon(scaled(box(2, 0.5), s));
      const { contacts, mirrored } = both(collidePolygonPolygon, rounded, slab);
      expect(mirrored).toBeNull();
      expect(contacts.length).toBe(2);
      const xs = contacts.map((c) => c.point[0]! / s).sort((a, b) => a - b);
      expect(xs[0]).toBeCloseTo(-1, 12);
      expect(xs[1]).toBeCloseTo(1, 12);
      for (const c of contacts) {
        expect(c.normal[0]).toBeCloseTo(0, 15);
        expect(c.normal[1]).toBeCloseTo(1, 15);
        expect(c.penetration / s).toBeCloseTo(0.05, 12);
        expect(c.point[1]! / s).toBeCloseTo(0.475, 12);
      }
      // Without the radius the core is 0.05 above: nothing at tolerance 0.
      const plain = new Polygon(scaled(box(1, 0.5), s)).setPose([0, 1.05 * s], 0);
      expect(both(collidePolygonPolygon, plain, slab).contacts.length).toBe(0);
    });

    it(`x ${s}: two rounded squares corner to corner get one contact along the diagonal`, () => {
      // Cores [-1, 1]^2, radius 0.5 each; the second at (2.6, 2.6): its corner (1.6, 1.6) (vertex 0)
      // 0.6 sqrt 2 = 0.8485 from the first's corner (1, 1) (vertex 2); R = 1: penetration
      // 1 - 0.6 sqrt 2 along (1, 1) / sqrt 2 from the second toward... the first is `a` here, so
      // the normal points from b = upper toward a = lower: -(1, 1) / sqrt 2. Witnesses: (1, 1) +
      // 0.5 (1, 1) / sqrt 2 on a and (1.6, 1.6) - 0.5 (1, 1) / sqrt 2 on b; point 1.3 on both axes.
      const a = new Polygon(scaled(box(1, 1), s), { radius: 0.5 * s });
      const b = new Polygon(scaled(box(1, 1), s), { radius: 0.5 * s }).setPose(
        [2.6 * s, 2.6 * s],
        0,
      );
      const { contacts, mirrored } = both(collidePolygonPolygon, a, b);
      expect(mirrored).toBeNull();
      expect(contacts.length).toBe(1);
      const c = contacts[0]!;
      expect(c.normal[0]).toBeCloseTo(-Math.SQRT1_2, 12);
      expect(c.normal[1]).toBeCloseTo(-Math.SQRT1_2, 12);
      expect(c.penetration / s).toBeCloseTo(1 - 0.6 * Math.SQRT2, 12);
      expect(c.point[0]! / s).toBeCloseTo(1.3, 12);
      expect(c.point[1]! / s).toBeCloseTo(1.3, 12);
      expect(c.kind).toBe(ContactKind.PointPoint);
      expect(c.featureId).toBe(packFeatureId(VERTEX_FEATURE | 2, VERTEX_FEATURE | 0));
      // 1.2 sqrt 2 = 1.697 apart: beyond R = 1, nothing; within a tolerance of 0.7, a gap.
      b.setPose([3.2 * s, 3.2 * s], 0);
      expect(both(collidePolygonPolygon, a, b).contacts.length).toBe(0);
      const far = both(collidePolygonPolygon, a, b, 0.7 * s);
      expect(far.contacts.length).toBe(1);
      expect(far.contacts[0]!.penetration / s).toBeCloseTo(1 - 1.2 * Math.SQRT2, 12);
    });

    it(`x ${s}: a circle on a rounded box, and inside its rounded corner`, () => {
      // Core [-1, 1] x [-0.5, 0.5], radius 0.25; circle radius 0.5 at (0, 1.1): circle bottom 0.6,
      // rounded top 0.75: penetration 0.15, normal (0, 1), witnesses (0, 0.6) and (0, 0.75).
      const rounded = new Polygon(scaled(box(1, 0.5), s), { radius: 0.25 * s });
      const top = both(collideCirclePolygon, new Circle(0.5 * s).setPose([0, 1.1 * s], 0), rounded);
      expect(top.mirrored).toBeNull();
      expect(top.contacts.length).toBe(1);
      expect(top.contacts[0]!.normal).toEqual([0, 1]);
      expect(top.contacts[0]!.penetration / s).toBeCloseTo(0.15, 12);
      expect(top.contacts[0]!.point[1]! / s).toBeCloseTo(0.675, 12);
      expect(secondFeatureOf(top.contacts[0]!.featureId)).toBe(2);
      // At (1.5, 1) the centre is 0.5 sqrt 2 = 0.7071 from the corner (1, 0.5): penetration
      // 0.75 - 0.7071 along (1, 1) / sqrt 2, the corner's radial normal.
      const corner = both(
        collideCirclePolygon,
        new Circle(0.5 * s).setPose([1.5 * s, 1 * s], 0),
        rounded,
      );
      expect(corner.mirrored).toBeNull();
      expect(corner.contacts.length).toBe(1);
      expect(corner.contacts[0]!.normal[0]).toBeCloseTo(Math.SQRT1_2, 12);
      expect(corner.contacts[0]!.normal[1]).toBeCloseTo(Math.SQRT1_2, 12);
      expect(corner.contacts[0]!.penetration / s).toBeCloseTo(0.75 - 0.5 * Math.SQRT2, 12);
      expect(secondFeatureOf(corner.contacts[0]!.featureId)).toBe(VERTEX_FEATURE | 2);
    });

    it(`x ${s}: a capsule lying on a rounded box gets two points`, () => {
      // Core [-2, 2] x [-1, 1], radius 0.2; capsule radius 0.5, half length 1 at (0.3, 1.6):
      // its bottom 1.1, the rounded top 1.2: penetration 0.1; points at y = 1.15, x = -0.7, 1.3.
      const rounded = new Polygon(scaled(box(2, 1), s), { radius: 0.2 * s });
      const { contacts, mirrored } = both(collideCapsule2Polygon, capsuleLyingOn(1.2, s), rounded);
      expect(mirrored).toBeNull();
      expect(lyingMismatch(contacts, 1.2, s)).toBeNull();
    });

    it(`x ${s}: a rounded box sliding over a chain's vertex gets the chain's normal only`, () => {
      // Core half size 0.25, radius 0.05, at (0.7522, 0.29): core bottom 0.04, rounded bottom
      // -0.01: penetration 0.01, every normal (0, 1) though the core's corner is 0.0022 past the
      // vertex at x = 1 (the ghost-contact case of the README, rounded).
      const floor = new Chain(scaled([[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]], s));
      const crate = new Polygon(scaled(box(0.25, 0.25), s), { radius: 0.05 * s })
        .setPose([0.7522 * s, 0.29 * s], 0);
      const { contacts, mirrored } = both(collidePolygonChain, crate, floor);
      expect(mirrored).toBeNull();
      expect(contacts.length).toBeGreaterThan(0);
      for (const c of contacts) {
        expect(c.normal[0]).toBe(0);
        expect(c.normal[1]).toBe(1);
      }
      expect(Math.max(...contacts.map((c) => c.penetration)) / s).toBeCloseTo(0.01, 12);
    });

    it(`x ${s}: a rounded L holds a circle in its notch with two contacts`, () => {
      // L of the README, radius 0.1; circle radius 0.5 at (1.3, 1.3): 0.3 from the floor y = 1 and
      // the wall x = 1, penetration 0.5 + 0.1 - 0.3 = 0.3 on each.
      const lShape = new Polygon(scaled([[0, 0], [2, 0], [2, 1], [1, 1], [1, 2], [0, 2]], s), {
        radius: 0.1 * s,
      });
      const { contacts, mirrored } = both(
        collideCirclePolygon,
        new Circle(0.5 * s).setPose([1.3 * s, 1.3 * s], 0),
        lShape,
      );
      expect(mirrored).toBeNull();
      expect(contacts.length).toBe(2);
      for (const c of contacts) expect(c.penetration / s).toBeCloseTo(0.3, 12);
      expect(overlap2d(lShape, new Circle(0.5 * s).setPose([1.3 * s, 1.3 * s], 0))).toBe(true);
      // 0.55 from both inner sides: 0.6 - 0.55 = 0.05 deep still; at 0.65, apart.
      expect(overlap2d(lShape, new Circle(0.5 * s).setPose([1.55 * s, 1.55 * s], 0))).toBe(true);
      expect(overlap2d(lShape, new Circle(0.5 * s).setPose([1.65 * s, 1.65 * s], 0))).toBe(false);
    });
  }
});

/**
 * The closest points of a closed outline's vertices and edges to an open polyline's, by brute
 * force over every vertex against every segment (Ericson 5.1.2): the distance, the points and
 * the indices of the two vertices when both are vertices (else -1).
 */
function closestOutlineToPolyline(outline: number[][], line: number[][]): {
  distance: number;
  onOutline: number[];
  onLine: number[];
} {
  let best = { distance: Infinity, onOutline: [0, 0], onLine: [0, 0] };
  const closestOnSegment = (p: number[], a: number[], b: number[]): number[] => {
    const ex = b[0]! - a[0]!, ey = b[1]! - a[1]!;
    const t = Math.min(
      1,
      Math.max(0, ((p[0]! - a[0]!) * ex + (p[1]! - a[1]!) * ey) / (ex * ex + ey * ey)),
    );
    return [a[0]! + t * ex, a[1]! + t * ey];
  };
  const consider = (onOutline: number[], onLine: number[]): void => {
    const distance = Math.hypot(onOutline[0]! - onLine[0]!, onOutline[1]! - onLine[1]!);
    if (distance < best.distance) best = { distance, onOutline, onLine };
  };
  for (const p of outline) {
    for (let k = 0; k + 1 < line.length; k++) {
      consider(p, closestOnSegment(p, line[k]!, line[k + 1]!));
    }
  }
  for (const q of line) {
    for (let k = 0; k < outline.length; k++) {
      consider(closestOnSegment(q, outline[k]!, outline[(k + 1) % outline.length]!), q);
    }
  }
  return best;
}

describe("FINDINGS.md F101: a rounded polygon beyond a chain's open end, the radius large", () => {
  // The pair of the adversarial run: a triangle of radius 3.69 whose core lies 3.6508 from the
  // chain's open end (vertex 2), past that end. The piece pair's separating axis is the
  // triangle's edge 0 (a gap of 2.32, below the distance), leaning toward the chain's interior
  // vertex 1, outside its cone; snapped to the segment's face it met nothing (the core lies
  // beyond the segment's end), and the pair got no contact where it overlaps by 0.04.
  const core = [
    [-0.03475364015272984, 0.3940212542352861],
    [-0.30458884138778625, 0.062485474294329546],
    [0.20896113916343848, -0.291678951488089],
  ];
  const line = [[-2, 0], [-1.1463010433828458, -0.093860125914216], [
    -0.02598516743164514,
    -0.007884906046092488,
  ]];
  const radius = 3.690842594951391;
  for (const s of [1e-3, 1, 1e3]) {
    const rounded = (): Polygon =>
      new Polygon(scaled(core, s), { radius: radius * s }).setPose([0, 0], -2.720952867934312);
    const chain = (): Chain =>
      new Chain(scaled(line, s)).setPose(
        [1.7126342544449447 * s, -3.638301701674404 * s],
        1.225196353477374,
      );

    it(`test_f101_rounded_polygon_beyond_chain_end_x${s}: the contact of the closest points, both orders`, () => {
      const a = rounded(), b = chain();
      const near = closestOutlineToPolyline(worldPoints(a), worldPoints(b));
      // By hand from the brute force: the core's vertex 0 and the chain's end 3.6508 apart.
      expect(near.distance / s).toBeCloseTo(3.650785350023451, 12);
      const p = near.onOutline, q = near.onLine, d = near.distance;
      const nx = (p[0]! - q[0]!) / d, ny = (p[1]! - q[1]!) / d;
      const { contacts, mirrored } = both(collidePolygonChain, a, b);
      expect(mirrored).toBeNull();
      expect(contacts.length).toBe(1);
      const c = contacts[0]!;
      expect(c.penetration / s).toBeCloseTo(radius - d / s, 12);
      expect(c.penetration / s).toBeCloseTo(0.04005724, 8);
      expect(c.normal[0]).toBeCloseTo(nx, 12);
      expect(c.normal[1]).toBeCloseTo(ny, 12);
      // Witnesses: the core's vertex moved in by the radius, and the chain's end.
      expect(c.point[0]! / s).toBeCloseTo((p[0]! - nx * radius * s + q[0]!) / 2 / s, 12);
      expect(c.point[1]! / s).toBeCloseTo((p[1]! - ny * radius * s + q[1]!) / 2 / s, 12);
      expect(c.featureId).toBe(packFeatureId(VERTEX_FEATURE | 0, VERTEX_FEATURE | 2));
    });

    it(`test_f101_core_beyond_chain_end_speculative_x${s}: within a tolerance of the radius`, () => {
      // The same core without its radius, the tolerance the radius: the speculative contact of
      // the closest points, its gap their distance.
      const plain = new Polygon(scaled(core, s)).setPose([0, 0], -2.720952867934312), b = chain();
      const near = closestOutlineToPolyline(worldPoints(plain), worldPoints(b));
      const { contacts, mirrored } = both(collidePolygonChain, plain, b, radius * s);
      expect(mirrored).toBeNull();
      expect(contacts.length).toBe(1);
      expect(contacts[0]!.penetration / s).toBeCloseTo(-near.distance / s, 12);
      expect(contacts[0]!.featureId).toBe(packFeatureId(VERTEX_FEATURE | 0, VERTEX_FEATURE | 2));
    });
  }
});

/** A core outline: convex (3 to 8 points, slivers and near-duplicates now and then) or concave. */
function randomOutline(random: Random, s: number): { points: number[][]; convex: boolean; } {
  const kind = random.int(5);
  if (kind === 0) {
    // An L or a U.
    const outline = random.chance(0.5)
      ? [[0, 0], [2, 0], [2, 1], [1, 1], [1, 2], [0, 2]]
      : [[0, 0], [3, 0], [3, 2], [2, 2], [2, 0.5], [1, 0.5], [1, 2], [0, 2]];
    return { points: scaled(outline.map(([x, y]) => [x! - 1, y! - 1]), 0.8 * s), convex: false };
  }
  if (kind === 1) {
    // A star of alternating radii.
    const count = 6 + 2 * random.int(3), points: number[][] = [];
    for (let i = 0; i < count; i++) {
      const angle = (2 * Math.PI * i) / count,
        r = s * (i % 2 === 0 ? random.range(0.8, 1.3) : random.range(0.3, 0.7));
      points.push([r * Math.cos(angle), r * Math.sin(angle)]);
    }
    return { points, convex: false };
  }
  if (kind === 2) {
    // A sliver: a long thin triangle or box.
    const w = s * random.logRange(1e-3, 0.05);
    return {
      points: random.chance(0.5) ? box(s, w) : [[-s, 0], [s, -w], [s * 0.9, w]],
      convex: true,
    };
  }
  if (kind === 3) {
    // A box with a vertex on a side (collinear).
    return {
      points: [[-s, -0.5 * s], [0, -0.5 * s], [s, -0.5 * s], [s, 0.5 * s], [-s, 0.5 * s]],
      convex: true,
    };
  }
  const count = 3 + random.int(6);
  for (;;) {
    const points = randomConvexPoints(
      random.next,
      count,
      s * random.range(0.3, 1.2),
      s * random.range(0.3, 1.2),
    );
    try {
      new Polygon(points);
      return { points, convex: true };
    } catch {
      // Too few distinct points or no area: draw again.
    }
  }
}

/** A radius for scale s: 0 exactly, tiny, comparable, or much larger than the core. */
function randomRadius(random: Random, s: number): number {
  const kind = random.int(5);
  if (kind === 0) return 0;
  if (kind === 1) return s * random.logRange(1e-6, 1e-3);
  if (kind === 4) return s * random.range(1, 4);
  return s * random.range(0.02, 0.6);
}

/** The signed distance from (x, y) to a core: a polygon region, a segment or a point. */
type CoreDistance = (x: number, y: number) => number;

function coreOf(shape: Shape2): CoreDistance {
  if (shape instanceof Polygon) {
    const outline = worldPoints(shape);
    return (x, y) => signedDistanceToOutline(outline, x, y);
  }
  if (shape instanceof Capsule2) {
    const [a, b] = capsuleCore(shape) as [number[], number[]];
    return (x, y) => distanceToPolyline([a, b], x, y) - shape.radius;
  }
  if (shape instanceof Circle) {
    return (x, y) => Math.hypot(x - shape.transform.x, y - shape.transform.y) - shape.radius;
  }
  const line = worldPoints(shape as Chain);
  return (x, y) => distanceToPolyline(line, x, y);
}

/**
 * Checks the contacts of `a` (rounded by rA) and `b` (rB) against the brute-force distance `d`
 * between their cores (circle and capsule radii are part of their "core" distance here, so R is
 * the rounded polygons' radii): a contact exactly when d <= R + tolerance; every depth at most
 * R - d when the cores are apart, the deepest exactly that with `exact`; at least R when they
 * overlap (convex pairs); each witness within its shape (its signed distance to the core at most
 * the radius); unit finite normals.
 */
function roundedProperties(
  a: Shape2,
  b: Shape2,
  rA: number,
  rB: number,
  d: number,
  contacts: Contacts,
  tolerance: number,
  s: number,
  exact: boolean,
  convex: boolean,
): string | null {
  const R = rA + rB, slack = 1e-8 * s + 1e-9 * (Math.abs(a.transform.x) + Math.abs(b.transform.x));
  if (d > R + tolerance + slack && contacts.length > 0) return `contact at distance ${d} > R ${R}`;
  if (d < R + tolerance - slack && contacts.length === 0) {
    return `no contact at distance ${d} < R ${R}`;
  }
  if (contacts.length === 0) return null;
  const deepest = Math.max(...contacts.map((c) => c.penetration));
  if (d > 0 && deepest > R - d + slack) return `depth ${deepest} > R - d ${R - d}`;
  if (d > 0 && exact && deepest < R - d - slack) return `depth ${deepest} < R - d ${R - d}`;
  if (d === 0 && convex && deepest < R - slack) {
    return `overlapping cores, depth ${deepest} < R ${R}`;
  }
  const coreA = coreOf(a), coreB = coreOf(b);
  // Concave shapes and chains: a contact of a piece or segment apart from the other core is the
  // core detector's speculative one, whose witness may lie on a reference edge's line (README:
  // what a speculative contact promises), made real by the radius.
  const witnesses = convex;
  for (const c of contacts) {
    const [nx, ny] = c.normal as [number, number];
    if (!Number.isFinite(c.penetration) || Math.abs(Math.hypot(nx, ny) - 1) > 1e-12) {
      return `bad normal or depth ${c.normal} ${c.penetration}`;
    }
    if (c.penetration < -tolerance - slack) return `depth ${c.penetration} below -tolerance`;
    if (!witnesses) continue;
    const half = c.penetration / 2;
    const onA = [c.point[0]! - nx * half, c.point[1]! - ny * half];
    const onB = [c.point[0]! + nx * half, c.point[1]! + ny * half];
    if (coreA(onA[0]!, onA[1]!) > rA + slack) {
      return `witness off the first shape by ${coreA(onA[0]!, onA[1]!) - rA}`;
    }
    if (coreB(onB[0]!, onB[1]!) > rB + slack) {
      return `witness off the second shape by ${coreB(onB[0]!, onB[1]!) - rB}`;
    }
  }
  return null;
}

describe('rounded polygons against the brute-force core distance (both orders)', () => {
  const runs = PROPERTY_RUNS;
  it(`${runs} pairs of every kind at scales 1e-3 to 1e3, some near 1e5`, () => {
    const random = new Random(2024);
    const data = new CollisionData2(), swapped = new CollisionData2();
    let checked = 0, touching = 0;
    for (let run = 0; run < runs; run++) {
      const s = random.pick([1e-3, 1, 1e3]);
      const offset = random.chance(0.1) ? 1e5 * random.sign() : 0;
      const outline = randomOutline(random, s), radius = randomRadius(random, s);
      const rounded = new Polygon(outline.points, { radius })
        .setPose([offset + s * random.range(-2, 2), s * random.range(-2, 2)], random.range(-4, 4));
      const kind = random.int(4);
      const pose = (): [
        number[],
        number,
      ] => [
        [offset + s * random.range(-2.5, 2.5), s * random.range(-2.5, 2.5)],
        random.range(-4, 4),
      ];
      let other: Shape2, d: number, rOther = 0, convex = outline.convex, exact = false;
      const roundedOutline = worldPoints(rounded);
      if (kind === 0) {
        const circle = new Circle(s * random.logRange(0.01, 1)).setPose(...pose());
        other = circle;
        d = Math.max(
          0,
          -signedDistanceToOutline(roundedOutline, circle.transform.x, circle.transform.y) < 0
            ? signedDistanceToOutline(roundedOutline, circle.transform.x, circle.transform.y)
            : 0,
        );
        rOther = circle.radius;
        exact = outline.convex;
      } else if (kind === 1) {
        const capsule = new Capsule2(
          s * random.logRange(0.01, 1),
          random.chance(0.1) ? 0 : s * random.range(0.05, 1.2),
        ).setPose(...pose());
        other = capsule;
        d = coreToRegion(capsuleCore(capsule), roundedOutline);
        rOther = capsule.radius;
        exact = outline.convex;
      } else if (kind === 2) {
        const second = randomOutline(random, s);
        const otherRadius = random.chance(0.3) ? 0 : randomRadius(random, s);
        other = new Polygon(second.points, { radius: otherRadius }).setPose(...pose());
        d = regionDistance(roundedOutline, worldPoints(other as Polygon));
        rOther = otherRadius;
        convex = convex && second.convex;
        exact = convex;
      } else {
        const points: number[][] = [];
        let x = -2 * s, y = s * random.range(-1, 1);
        const count = 2 + random.int(5);
        for (let i = 0; i < count; i++) {
          points.push([x, y]);
          x += s * random.range(0.2, 1.5);
          y += random.chance(0.3) ? 0 : s * random.range(-0.8, 0.8);
        }
        other = new Chain(points).setPose(...pose());
        d = regionDistance(roundedOutline, worldPoints(other as Chain), false);
        convex = false;
      }
      const tolerance = random.chance(0.3) ? s * random.range(0, 0.3) : 0;
      data.tolerance = tolerance;
      swapped.tolerance = tolerance;
      data.reset();
      swapped.reset();
      collide2d(rounded, other, data);
      collide2d(other, rounded, swapped);
      const contacts = contactList(data);
      const mirrored = mirroredMismatch(contacts, contactList(swapped));
      const problem = mirrored ??
        roundedProperties(rounded, other, radius, rOther, d, contacts, tolerance, s, exact, convex);
      if (problem !== null) {
        throw new Error(
          `run ${run} (kind ${kind}, s ${s}, r ${radius}, other r ${rOther}): ${problem}`,
        );
      }
      checked++;
      if (contacts.length > 0) touching++;
    }
    expect(checked).toBe(runs);
    // The generator must make contacts often (the test fails if the detectors write nothing).
    expect(touching).toBeGreaterThan(runs / 4);
  }, PROPERTY_TIMEOUT);
});
