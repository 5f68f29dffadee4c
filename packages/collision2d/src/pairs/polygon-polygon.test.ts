import { ContactKind, firstFeatureOf, packFeatureId, secondFeatureOf } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { collide2d } from '../collide2d.js';
import { CollisionData2 } from '../manifold/contact2.js';
import { mulberry32 } from '@contactkit/test-support';
import {
  contactList,
  distanceToFeature,
  mirroredMismatch,
  outlinesCross,
  randomConvexPoints,
  regionDistance,
  satOverlap,
  scaledMismatch,
  signedDistanceToOutline,
  worldPoints,
} from '../test-support/contacts.js';
import { collidePolygonPolygon } from './polygon-polygon.js';
import { Aabb, INTERNAL_EDGE_FEATURE, Polygon, VERTEX_FEATURE } from '../shapes/shapes.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';

const box = (hx: number, hy: number): number[][] => [[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]];

function run(a: Polygon, b: Polygon, tolerance = 0): ReturnType<typeof contactList> {
  const data = new CollisionData2({ tolerance });
  collidePolygonPolygon(a, b, data);
  return contactList(data);
}

describe('collidePolygonPolygon: hand-computed cases', () => {
  it('rests a box on a wider box: two clipped points on the reference face', () => {
    // Crate [-1, 1] x [-0.5, 0.5] at (0, 0.9): bottom at y = 0.4. Ground [-2, 2] x [-0.5, 0.5] at
    // the origin: top at y = 0.5. Both face axes separate by -0.1; the crate (smaller id) is the
    // reference. Its bottom edge (edge 0, x in [-1, 1]) clips the ground's top edge (edge 2,
    // (2, 0.5) -> (-2, 0.5)) to (1, 0.5) and (-1, 0.5), each 0.1 deep; the contact points are
    // halfway to the crate's bottom line, (+-1, 0.45); normal (0, 1) from the ground to the crate.
    const crate = new Polygon(box(1, 0.5)).setPose([0, 0.9], 0);
    const ground = new Polygon(box(2, 0.5));
    const contacts = run(crate, ground);
    expect(contacts.length).toBe(2);
    const [right, left] = contacts;
    expect(right!.point[0]).toBeCloseTo(1, 15);
    expect(right!.point[1]).toBeCloseTo(0.45, 15);
    expect(left!.point[0]).toBeCloseTo(-1, 15);
    expect(left!.point[1]).toBeCloseTo(0.45, 15);
    for (const c of contacts) {
      expect(c.normal).toEqual([0, 1]);
      expect(c.penetration).toBeCloseTo(0.1, 15);
      // Made by clipping at a corner of the crate's bottom edge.
      expect(c.kind).toBe(ContactKind.PointEdge);
    }
    // Corner 1 (right end of the bottom edge) and corner 0 of the crate, edge 2 of the ground.
    expect(right!.featureId).toBe(packFeatureId(VERTEX_FEATURE | 1, 2));
    expect(left!.featureId).toBe(packFeatureId(VERTEX_FEATURE | 0, 2));
  });

  it("gives identical squares at the same pose a defined answer: out through the first one's edge 0", () => {
    // Squares [-1, 1]^2: every face axis overlaps by 2. The first (smaller id) keeps its edge 0
    // (bottom, normal (0, -1)) as reference; the incident edge is the second's top, (1, 1) -> (-1, 1),
    // 2 deep; points halfway to the reference line y = -1: (1, 0) and (-1, 0); normal (0, 1)
    // from the second toward the first.
    const first = new Polygon(box(1, 1)), second = new Polygon(box(1, 1));
    const contacts = run(first, second);
    expect(contacts.map((c) => [c.point[0], c.point[1], c.normal[0], c.normal[1], c.penetration]))
      .toEqual([[1, 0, 0, 1, 2], [-1, 0, 0, 1, 2]]);
    expect(mirroredMismatch(contacts, run(second, first))).toBeNull();
  });

  it('keeps feature ids while a resting box slides and tilts slightly', () => {
    // The ground (created first, so the pair's first shape) keeps its top edge 2 as reference;
    // the crate's bottom corners 0 and 1 stay the incident points at every step, 0.08 to 0.12
    // deep: two PointFace contacts, ids (2, corner 0) and (2, corner 1), the whole way.
    const ground = new Polygon(box(2, 0.5));
    const crate = new Polygon(box(1, 0.5));
    const expected = [packFeatureId(2, VERTEX_FEATURE | 0), packFeatureId(2, VERTEX_FEATURE | 1)]
      .join(' ');
    for (let step = 0; step < 10; step++) {
      crate.setPose([0.01 * step, 0.9 - 0.001 * step], 0.002 * (step - 5));
      const contacts = run(crate, ground);
      expect(contacts.length).toBe(2);
      expect(contacts.map((c) => c.featureId).sort((p, q) => p - q).join(' ')).toBe(expected);
      for (const c of contacts) {
        expect(c.kind).toBe(ContactKind.PointFace);
        expect(c.penetration).toBeGreaterThan(0.08);
        expect(c.penetration).toBeLessThan(0.12);
      }
    }
  });

  it('touches a face with a single vertex', () => {
    // A diamond (vertices (0, -1), (1, 0), (0, 1), (-1, 0)) at (0, 1.4): its bottom vertex (0, 0.4)
    // is 0.1 below the ground's top y = 0.5; its neighbours (+-1, 1.4) are 0.9 above, out of
    // reach. One contact at (0, 0.45), normal (0, 1), penetration 0.1, the diamond's vertex 0
    // against the ground's top edge 2.
    const diamond = new Polygon([[0, -1], [1, 0], [0, 1], [-1, 0]]).setPose([0, 1.4], 0);
    const ground = new Polygon(box(2, 0.5));
    const contacts = run(diamond, ground);
    expect(contacts.length).toBe(1);
    const c = contacts[0]!;
    expect(c.point[0]).toBeCloseTo(0, 15);
    expect(c.point[1]).toBeCloseTo(0.45, 15);
    expect(c.normal[0]).toBeCloseTo(0, 15);
    expect(c.normal[1]).toBeCloseTo(1, 15);
    expect(c.penetration).toBeCloseTo(0.1, 15);
    expect(c.kind).toBe(ContactKind.PointFace);
    expect(c.featureId).toBe(packFeatureId(VERTEX_FEATURE | 0, 2));
  });

  it('reports a gap within the tolerance and nothing beyond', () => {
    // Crate bottom at y = 0.7, ground top at 0.5: gap 0.2.
    const crate = new Polygon(box(1, 0.5)).setPose([0, 1.2], 0), ground = new Polygon(box(2, 0.5));
    expect(run(crate, ground, 0.1).length).toBe(0);
    const contacts = run(crate, ground, 0.25);
    expect(contacts.length).toBe(2);
    for (const c of contacts) expect(c.penetration).toBeCloseTo(-0.2, 15);
  });

  it('takes Aabb as a polygon and writes bodies in argument order', () => {
    const crate = new Aabb([-1, -0.5], [1, 0.5]).setPose([0, 0.9], 0);
    const ground = new Aabb([-2, -0.5], [2, 0.5]);
    crate.body = 'crate';
    ground.body = 'ground';
    const data = new CollisionData2();
    expect(collide2d(ground, crate, data)).toBe(2);
    expect(data.contacts[0]!.bodies).toEqual(['ground', 'crate']);
    expect(Array.from(data.contacts[0]!.normal)).toEqual([0, -1]);
  });

  it('keeps the reference face while two axes are nearly equal (bias toward the smaller id)', () => {
    // Equal boxes overlapping by 0.1 on x and by 0.1 + 1e-4 on y: x is the better axis, but by
    // less than the margin (0.05 * 0.1 + 1e-3 * size); the result must not depend on the order.
    // a (the smaller id) keeps its right edge 1 as reference in both orders: normal (-1, 0)
    // from b toward a, depth 0.1; b's left edge x = 0.4 clipped to y in [-0.5, 0.5] gives a's
    // corner 2 at y = 0.5 (PointEdge, against b's edge 3) and b's corner 0 at y = 0.3999
    // (PointFace, against a's edge 1), halfway to x = 0.5: x = 0.45.
    const a = new Polygon(box(0.5, 0.5)),
      b = new Polygon(box(0.5, 0.5)).setPose([0.9, 0.9 - 1e-4], 0);
    const ab = run(a, b), ba = run(b, a);
    expect(ab.map((c) => [c.point[0], c.point[1], c.normal[0], c.normal[1], c.kind, c.featureId]))
      .toEqual([
        [0.45, 0.5, -1, 0, ContactKind.PointEdge, packFeatureId(VERTEX_FEATURE | 2, 3)],
        [
          0.45,
          0.9 - 1e-4 - 0.5,
          -1,
          0,
          ContactKind.PointFace,
          packFeatureId(1, VERTEX_FEATURE | 0),
        ],
      ]);
    for (const c of ab) expect(c.penetration).toBeCloseTo(0.1, 14);
    expect(mirroredMismatch(ab, ba)).toBeNull();
  });

  it('flags a full buffer and keeps the deeper point', () => {
    // Crate tilted so its right corner is deeper than its left.
    const crate = new Polygon(box(1, 0.5)).setPose([0, 0.9], -0.02),
      ground = new Polygon(box(2, 0.5));
    const all = run(crate, ground);
    const data = new CollisionData2({ capacity: 1 });
    expect(collidePolygonPolygon(crate, ground, data)).toBe(1);
    expect(data.overflowed).toBe(true);
    expect(data.contacts[0]!.penetration).toBe(Math.max(all[0]!.penetration, all[1]!.penetration));
  });
});

describe('collidePolygonPolygon: regressions', () => {
  it(
    'test_false_negative_beside_short_reference_edge: an overlap whose incident edge misses the ' +
      'reference edge still gets a contact',
    () => {
      // Seeded case 5771 of the property test: the face of least overlap is a short edge of a,
      // and b's most anti-parallel edge lies beside it, so clipping kept nothing. The deepest
      // vertex of b against that edge's line must be reported instead, and moving a by
      // normal * penetration must separate the pair.
      const a = new Polygon([
        [0.3538892048738967, 0.2919923158941624],
        [-0.03674712753935658, 0.41020713150380955],
        [-0.5024218798355328, 0.0059995013522045355],
        [-0.16947378316286124, -0.3872079544625012],
        [-0.08230958375957682, -0.4057526397961545],
        [0.1359879382322012, -0.39595919231521176],
        [0.5006123103633481, -0.035386032672372385],
      ]).setPose([0.5091795739717782, -0.6194059113040566], 2.138145118486136);
      const b = new Polygon([
        [0.2687108483313163, 0.647112254987002],
        [-0.13952186294351476, 0.8005099997224616],
        [-0.40646346242094383, 0.16474718607326694],
        [-0.4137271362973081, -0.04535144329575157],
        [-0.3539711728975199, -0.44183117379854103],
        [0.0715801860250059, -0.8373809776695819],
        [0.1325238666484258, -0.8055012342769557],
      ]).setPose([0, 0], 2.463641599752009);
      const overlap = satOverlap(worldPoints(a), worldPoints(b));
      expect(overlap).toBeGreaterThan(0.09);
      const contacts = run(a, b, 0.02);
      expect(contacts.length).toBeGreaterThan(0);
      const deepest = contacts.reduce((best, c) => (c.penetration > best.penetration ? c : best));
      a.setPose([
        a.transform.x + deepest.normal[0]! * deepest.penetration,
        a.transform.y + deepest.normal[1]! * deepest.penetration,
      ], a.transform.angle);
      expect(satOverlap(worldPoints(a), worldPoints(b))).toBeLessThan(1e-9);
    },
  );
});

describe('collidePolygonPolygon: regressions (concave)', () => {
  // T: stem [-0.4, 0.4] x [-1.15, 0] under a bar [-1.6, 1.6] x [0, 0.5]. Its decomposition puts
  // the stem's top diagonal (-0.4, 0) -> (0.4, 0) in line with the bar's two bottom edges, so the
  // bar's piece has three edges on the line y = 0 (outline, internal, outline).
  const tShape = [[-0.4, -1.15], [0.4, -1.15], [0.4, 0], [1.6, 0], [1.6, 0.5], [-1.6, 0.5], [
    -1.6,
    0,
  ], [-0.4, 0]];
  // U: block [-2, 2] x [-1, 1] with a notch [-1.1, 1.1] x [-0.2, 1].
  const uShape = [[-2, -1], [2, -1], [2, 1], [1.1, 1], [1.1, -0.2], [-1.1, -0.2], [-1.1, 1], [
    -2,
    1,
  ]];
  // T at (0, 0.9): bar bottom at y = 0.9 sinks 0.1 into the pillars' tops (y = 1) over
  // x in [1.1, 1.6] and [-1.6, -1.1]: four points at x = +-1.6 (T's bar corners) and x = +-1.1
  // (U's notch corners), halfway between y = 0.9 and y = 1: y = 0.95, depth 0.1. The stem's
  // bottom (y = -0.25) sinks 0.05 into the notch floor (y = -0.2): points x = +-0.4 at
  // y = -0.225, depth 0.05. The stem's sides stay 0.7 from the notch walls. Normal (0, 1) from U to T.
  const expected = [
    [-1.6, 0.95, 0.1],
    [-1.1, 0.95, 0.1],
    [-0.4, -0.225, 0.05],
    [0.4, -0.225, 0.05],
    [1.1, 0.95, 0.1],
    [1.6, 0.95, 0.1],
  ];
  const sorted = (contacts: ReturnType<typeof contactList>, sign: number): number[][] =>
    contacts.map((c) => {
      expect(c.normal[0]).toBeCloseTo(0, 15);
      expect(c.normal[1]).toBeCloseTo(sign, 15);
      return [c.point[0]!, c.point[1]!, c.penetration];
    }).sort((p, q) => p[0]! - q[0]!);

  for (const order of ['T created first', 'U created first']) {
    it(`test_collinear_piece_edges_t_in_u_notch (${order}): six contacts in both argument orders`, () => {
      // The creation order decides which shape is computed first (the smaller id).
      const early = order === 'U created first' ? new Polygon(uShape) : null;
      const t = new Polygon(tShape).setPose([0, 0.9], 0);
      const u = early ?? new Polygon(uShape);
      for (const [a, b, sign] of [[t, u, 1], [u, t, -1]] as const) {
        const data = new CollisionData2();
        expect(collide2d(a, b, data)).toBe(6);
        const got = sorted(contactList(data), sign);
        got.forEach((p, i) => {
          expect(p[0]).toBeCloseTo(expected[i]![0]!, 12);
          expect(p[1]).toBeCloseTo(expected[i]![1]!, 12);
          expect(p[2]).toBeCloseTo(expected[i]![2]!, 12);
        });
      }
    });
  }
});

describe('collidePolygonPolygon: concave polygons', () => {
  // L: floor [0, 4] x [0, 1] and wall [0, 1] x [0, 4]; vertex 3 (1, 1) is the reflex corner.
  const lShape = [[0, 0], [4, 0], [4, 1], [1, 1], [1, 4], [0, 4]];
  // U: floor [0, 6] x [0, 1] with walls [0, 1] and [5, 6] up to y = 3.
  const uShape = [[0, 0], [6, 0], [6, 3], [5, 3], [5, 1], [1, 1], [1, 3], [0, 3]];

  it('pushes a box in the inside corner of an L out of both the floor and the wall', () => {
    // Box [-0.5, 0.5]^2 at (1.4, 1.4): 0.1 into the floor (y = 1) and 0.1 into the wall (x = 1).
    // Floor: normal (0, 1), points (1.9, 0.95) (the box's corner over the floor) and (1, 0.95)
    // (the L's corner under the box's bottom). Wall: normal (1, 0), points (0.95, 1.9) and (0.95, 1).
    const contacts = run(new Polygon(box(0.5, 0.5)).setPose([1.4, 1.4], 0), new Polygon(lShape));
    const summary = contacts.map((c): number[] => [
      c.normal[0]!,
      c.normal[1]!,
      Math.round(c.point[0]! * 100) / 100,
      Math.round(c.point[1]! * 100) / 100,
    ]);
    // In any order (the order follows the decomposition's pieces).
    const byPoint = (p: number[], q: number[]): number => p[2]! - q[2]! || p[3]! - q[3]!;
    expect(summary.sort(byPoint)).toEqual(
      [[0, 1, 1.9, 0.95], [0, 1, 1, 0.95], [1, 0, 0.95, 1], [1, 0, 0.95, 1.9]].sort(byPoint),
    );
    for (const c of contacts) expect(c.penetration).toBeCloseTo(0.1, 14);
  });

  it('never pushes out through an internal edge and merges the points two pieces share', () => {
    // A box [-1, 1] x [-0.5, 0.5] at (3, 1.4) rests 0.1 deep on the U's floor (y = 1), across the
    // pieces of its decomposition: two contacts at the box's corners (2, 0.95) and (4, 0.95), normal (0, 1).
    const u = new Polygon(uShape);
    expect(u.convexPieces().length).toBeGreaterThan(1);
    const contacts = run(new Polygon(box(1, 0.5)).setPose([3, 1.4], 0), u);
    expect(contacts.map((c) => [c.point[0], c.point[1], ...c.normal])).toEqual([[2, 0.95, 0, 1], [
      4,
      0.95,
      0,
      1,
    ]]);
    for (const c of contacts) {
      expect(c.penetration).toBeCloseTo(0.1, 14);
      expect(secondFeatureOf(c.featureId)).not.toBe(INTERNAL_EDGE_FEATURE);
    }
  });

  it(
    `holds over ${PROPERTY_RUNS} seeded concave configurations: finite, unit normals, within ` +
      'tolerance, mirrored swaps, no internal reference edge',
    () => {
      const random = mulberry32(41);
      const data = new CollisionData2({ tolerance: 0.02 }),
        swapped = new CollisionData2({ tolerance: 0.02 });
      const failures: string[] = [];
      let touching = 0;
      const star = (): number[][] => {
        const points: number[][] = [];
        const count = 5 + Math.floor(random() * 8);
        for (let i = 0; i < count; i++) {
          const angle = (2 * Math.PI * (i + 0.8 * random())) / count, radius = 0.3 + random();
          points.push([radius * Math.cos(angle), radius * Math.sin(angle)]);
        }
        return points;
      };
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        const a = new Polygon(star()).setPose([2 * random() - 1, 2 * random() - 1], 6 * random());
        const b = new Polygon(
          n % 2 === 0 ? star() : randomConvexPoints(random, 3 + Math.floor(random() * 4), 0.8, 0.5),
        ).setPose([0, 0], 6 * random());
        data.reset();
        swapped.reset();
        const written = collidePolygonPolygon(a, b, data);
        collide2d(b, a, swapped);
        const mismatch = mirroredMismatch(contactList(data), contactList(swapped));
        if (mismatch) failures.push(`swap ${n}: ${mismatch}`);
        if (written > 0) touching++;
        for (let i = 0; i < written; i++) {
          const c = data.contacts[i]!;
          if (!Number.isFinite(c.point[0]! + c.point[1]! + c.penetration)) {
            failures.push(`not finite ${n}`);
          }
          if (Math.abs(Math.hypot(c.normal[0]!, c.normal[1]!) - 1) > 1e-12) {
            failures.push(`normal ${n}`);
          }
          if (c.penetration < -0.02 - 1e-12) failures.push(`beyond tolerance ${n}`);
          if (
            c.kind === ContactKind.PointFace &&
            (firstFeatureOf(c.featureId) === INTERNAL_EDGE_FEATURE ||
              secondFeatureOf(c.featureId) === INTERNAL_EDGE_FEATURE)
          ) {
            failures.push(`internal reference edge ${n}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(touching).toBeGreaterThan(2000);
    },
    PROPERTY_TIMEOUT,
  );
});

describe('collidePolygonPolygon: concave properties', () => {
  /**
   * A random staircase profile symmetric about x = 0 on a grid: breakpoints at |x| = step * i +
   * shift (i = 1..k, distinct), one level per stretch (neighbouring levels differ), levels
   * multiples of 0.1. Returns the breakpoints left to right and the level of each stretch.
   */
  function profile(random: () => number, shift: number): { xs: number[]; levels: number[]; } {
    const k = 1 + Math.floor(random() * 4);
    const half: number[] = [];
    let x = 0;
    for (let i = 0; i < k; i++) {
      x += 0.1 * (1 + Math.floor(random() * 5));
      half.push(x + shift);
    }
    const halfLevels: number[] = [];
    for (let i = 0; i < k; i++) {
      let level: number;
      do level = 0.1 * Math.floor(random() * 12); while (i > 0 && level === halfLevels[i - 1]);
      halfLevels.push(level);
    }
    // Stretches: [-x_k, -x_{k-1}], ..., [-x_1, x_1], ..., [x_{k-1}, x_k].
    const xs = [...half.map((v) => -v).reverse(), ...half];
    const levels = [...halfLevels.slice(1).reverse(), ...halfLevels];
    return { xs, levels };
  }

  /** Outline above a bottom profile, up to `top` (a T-like hanging shape), counter-clockwise. */
  function hanging(xs: number[], levels: number[], top: number): number[][] {
    const out: number[][] = [];
    levels.forEach((level, i) => out.push([xs[i]!, level], [xs[i + 1]!, level]));
    out.push([xs[xs.length - 1]!, top], [xs[0]!, top]);
    return out;
  }

  /** Outline below a top profile, down to `bottom` (a U-like container), counter-clockwise. */
  function standing(xs: number[], levels: number[], bottom: number): number[][] {
    const out: number[][] = [[xs[0]!, bottom], [xs[xs.length - 1]!, bottom]];
    for (let i = levels.length - 1; i >= 0; i--) {
      out.push([xs[i + 1]!, levels[i]!], [xs[i]!, levels[i]!]);
    }
    return out;
  }

  /** The level of a profile at x (x inside a stretch, not on a breakpoint), or null outside it. */
  function levelAt(xs: number[], levels: number[], x: number): number | null {
    for (let i = 0; i < levels.length; i++) if (x > xs[i]! && x < xs[i + 1]!) return levels[i]!;
    return null;
  }

  it(
    `rests symmetric staircases on each other (${PROPERTY_RUNS} configurations): ` +
      'mirror-symmetric contacts, the same set in every order, witnesses on the outlines',
    () => {
      // A hangs above B, both symmetric about x = 0, A's breakpoints on the grid shifted by 0.05
      // from B's so that side overlaps are at least 0.05. A is placed touching B (the lowest gap
      // over the stretches, an independent computation), then lowered by depth in (0, 0.04]: the
      // only overlaps are vertical, so every contact has the normal (0, 1) from B to A, the depth,
      // and lies where a stretch of A touches B: mirrored about x = 0 as the shapes are.
      const random = mulberry32(71);
      const failures: string[] = [];
      let touching = 0;
      const data = new CollisionData2();
      const key = (c: { point: number[]; penetration: number; }, sign = 1): string =>
        `${(sign * c.point[0]!).toFixed(9)},${c.point[1]!.toFixed(9)},${c.penetration.toFixed(9)}`;
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        const a = profile(random, 0.05), b = profile(random, 0);
        const hangingPoints = hanging(a.xs, a.levels, Math.max(...a.levels) + 0.3);
        const standingPoints = standing(b.xs, b.levels, -0.5);
        // Lowest gap between A's bottom and B's top over the stretches where both exist.
        const breaks = [...a.xs, ...b.xs].sort((p, q) => p - q);
        let gap = Infinity;
        for (let i = 0; i + 1 < breaks.length; i++) {
          const x = 0.5 * (breaks[i]! + breaks[i + 1]!);
          const above = levelAt(a.xs, a.levels, x), below = levelAt(b.xs, b.levels, x);
          if (above !== null && below !== null) gap = Math.min(gap, above - below);
        }
        if (gap === Infinity) continue;
        const depth = 0.04 * (1 - random());
        const y = 1 - gap - depth;
        // Every creation order (which id is smaller) and both argument orders.
        const sets: string[][] = [];
        for (const order of [0, 1]) {
          const early = order === 1 ? new Polygon(standingPoints) : null;
          const top = new Polygon(hangingPoints).setPose([0, y - 1], 0);
          const bottom = early ?? new Polygon(standingPoints);
          for (const [first, second, sign] of [[top, bottom, 1], [bottom, top, -1]] as const) {
            data.reset();
            collide2d(first, second, data);
            const contacts = contactList(data);
            for (const c of contacts) {
              if (Math.abs(c.normal[0]!) > 1e-12 || Math.abs(c.normal[1]! - sign) > 1e-12) {
                failures.push(`normal ${c.normal} at ${n}`);
              }
              if (Math.abs(c.penetration - depth) > 1e-9) {
                failures.push(`depth ${c.penetration} vs ${depth} at ${n}`);
              }
              // Each witness lies on its own shape's outline.
              const onFirst = data.contacts[contacts.indexOf(c)]!.pointOnFirst(new Float64Array(2));
              const onSecond = data.contacts[contacts.indexOf(c)]!.pointOnSecond(
                new Float64Array(2),
              );
              const firstDistance = Math.abs(
                signedDistanceToOutline(worldPoints(first), onFirst[0]!, onFirst[1]!),
              );
              const secondDistance = Math.abs(
                signedDistanceToOutline(worldPoints(second), onSecond[0]!, onSecond[1]!),
              );
              if (firstDistance > 1e-9 || secondDistance > 1e-9) {
                failures.push(
                  `witness off the outline by ${firstDistance}, ${secondDistance} at ${n}`,
                );
              }
            }
            const set = contacts.map((c) => key(c)).sort();
            sets.push(set);
            // A pair cut to maxContactsPerPair keeps the first of equally deep points: not symmetric.
            if (contacts.length === data.maxContactsPerPair) continue;
            const mirrored = contacts.map((c) => key(c, -1)).sort();
            if (set.join(';') !== mirrored.join(';')) {
              failures.push(`not mirror-symmetric at ${n}: ${set.join(' ')}`);
            }
          }
        }
        const cut = sets[0]!.length === data.maxContactsPerPair;
        if (!cut && sets.some((set) => set.join(';') !== sets[0]!.join(';'))) {
          failures.push(`order-dependent at ${n}: ${sets.map((set) => set.length)}`);
        }
        if (sets[0]!.length > 0) touching++;
      }
      expect(failures).toEqual([]);
      expect(touching).toBeGreaterThan(PROPERTY_RUNS / 2);
    },
    PROPERTY_TIMEOUT,
  );
});

describe('collidePolygonPolygon: the emit step and the tolerance', () => {
  it(
    `writes the deepest of a pair's points into a short buffer and flags it, in both orders ` +
      `(${PROPERTY_RUNS} convex pairs)`,
    () => {
      // The same pair into a roomy buffer and into one cut by maxContactsPerPair or by capacity
      // (sometimes already full): the cut buffer holds the deepest points of the roomy one, deepest
      // first, and says overflowed exactly when capacity (not maxContactsPerPair) cut them.
      const random = mulberry32(81);
      const failures: string[] = [];
      let cut = 0;
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        const shape = (): number[][] =>
          random() < 0.3
            ? box(0.2 + random(), 0.2 + random())
            : randomConvexPoints(
              random,
              3 + Math.floor(random() * 8),
              0.3 + random(),
              0.3 + random(),
            );
        const a = new Polygon(shape()), b = new Polygon(shape());
        const angle = random() < 0.3 ? 0 : 6 * random();
        a.setPose([2 * random() - 1, 2 * random() - 1], angle);
        b.setPose([0, 0], random() < 0.5 ? angle : 6 * random());
        a.body = 'a';
        b.body = 'b';
        const tolerance = random() < 0.5 ? 0 : 0.05;
        const maxContactsPerPair = random() < 0.5 ? 1 : 8;
        const capacity = random() < 0.5 ? 1 : 16;
        const prefill = capacity === 1 && random() < 0.3;
        for (const [first, second] of [[a, b], [b, a]] as const) {
          const roomy = new CollisionData2({ tolerance });
          collidePolygonPolygon(first, second, roomy);
          const all = contactList(roomy);
          const short = new CollisionData2({ tolerance, maxContactsPerPair, capacity });
          if (prefill) {
            collidePolygonPolygon(new Polygon(box(1, 1)), new Polygon(box(1, 1)), short);
            short.overflowed = false;
          }
          const start = short.contactCount;
          const written = collidePolygonPolygon(first, second, short);
          const room = capacity - start;
          const expected = [...all].sort((p, q) => q.penetration - p.penetration).slice(
            0,
            Math.min(maxContactsPerPair, room),
          );
          if (written !== expected.length) {
            failures.push(`count ${written} vs ${expected.length} at ${n}`);
          }
          if (JSON.stringify(contactList(short, start)) !== JSON.stringify(expected)) {
            failures.push(`contacts at ${n}`);
          }
          if (short.overflowed !== Math.min(all.length, maxContactsPerPair) > room) {
            failures.push(`overflowed at ${n}`);
          }
          if (
            short.contacts.slice(start, start + written).some((c) =>
              c.bodies[0] !== first.body || c.bodies[1] !== second.body
            )
          ) failures.push(`bodies at ${n}`);
          if (written < all.length) cut++;
        }
      }
      expect(failures).toEqual([]);
      expect(cut).toBeGreaterThan(PROPERTY_RUNS / 10);
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'reports a pair exactly when its distance is within the tolerance, with a gap of at least ' +
      `half the distance (${PROPERTY_RUNS} convex pairs far from the origins, up to 64 vertices, ` +
      'slivers)',
    () => {
      // Outlines up to 1000 from their own origins and poses up to 1000 from the world's, outlines
      // of up to 64 vertices (long scans, near-parallel edges), slivers (a bound within their
      // thickness of the separation), tolerances up to 0.5: the brute-force distance between the
      // outlines decides whether there is a contact (up to 1e-9 of the scale), and a speculative
      // contact's gap is at least half that distance.
      const random = mulberry32(82);
      const failures: string[] = [];
      let speculative = 0, touching = 0;
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        const offset = random() < 0.5 ? 0 : 1000 * (random() - 0.5);
        const shape = (): number[][] => {
          const count = random() < 0.2
            ? 20 + Math.floor(random() * 45)
            : 3 + Math.floor(random() * 8);
          const thickness = random() < 0.3 ? 0.001 + 0.01 * random() : 0.3 + random();
          return randomConvexPoints(random, count, 0.3 + random(), thickness).map((
            [x, y],
          ) => [x! + offset, y! - offset]);
        };
        const a = new Polygon(shape()), b = new Polygon(shape());
        const far = random() < 0.5 ? 0 : 1000 * (random() - 0.5);
        const angle = 6 * random();
        a.setPose([far + 2.5 * random() - 1.25, far + 2.5 * random() - 1.25], angle);
        b.setPose([far, far], random() < 0.5 ? angle : 6 * random());
        const tolerance = random() < 0.3 ? 0 : 0.5 * random();
        const distance = regionDistance(worldPoints(a), worldPoints(b));
        const scale = 1e-9 * (1 + Math.abs(far) + Math.abs(offset));
        for (const [first, second] of [[a, b], [b, a]] as const) {
          const data = new CollisionData2({ tolerance });
          const written = collidePolygonPolygon(first, second, data);
          if (Math.abs(distance - tolerance) > scale && written > 0 !== distance <= tolerance) {
            failures.push(
              `${written} contacts at distance ${distance}, tolerance ${tolerance} at ${n}`,
            );
          }
          for (const c of contactList(data)) {
            if (distance > scale && -c.penetration < 0.5 * distance - scale) {
              failures.push(`gap ${-c.penetration} below half the distance ${distance} at ${n}`);
            }
            if (c.penetration < -tolerance - scale) {
              failures.push(`gap ${-c.penetration} beyond the tolerance at ${n}`);
            }
          }
          if (written > 0) touching++;
          if (written > 0 && distance > 0) speculative++;
        }
      }
      expect(failures).toEqual([]);
      expect(touching).toBeGreaterThan(PROPERTY_RUNS / 4);
      expect(speculative).toBeGreaterThan(PROPERTY_RUNS / 20);
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'test_speculative_contacts_beyond_tolerance_convex_convex: two polygons 7.61 apart get ' +
      'nothing at tolerance 7.2',
    () => {
      // Found by a seeded search like the adversarial run's: measured along b's best edge normal
      // the triangle seemed 3.42 away (a lower bound of the distance; corners facing each other
      // make it far less), and a contact came out; the brute-force distance is 7.612. Beyond the
      // tolerance there is no contact; at tolerance 8 the gap reported is at least half the
      // distance and at most the tolerance.
      const a = new Polygon([[14.17344884645326, 4.4078968891248635], [
        12.052731795573767,
        5.709326442015848,
      ], [16.559803155993, -1.4377894664333566]])
        .setPose([-21.572484048083425, -12.604398960247636], 4.97164245788008);
      const b = new Polygon([
        [-0.5471852915611082, 10.643712435604282],
        [-2.5334028378402507, 10.60361621991179],
        [-16.452447316590593, -8.697232433350372],
        [21.938240872941936, -6.805774506528637],
      ])
        .setPose([0, 0], 0.5589780765585601);
      const distance = regionDistance(worldPoints(a), worldPoints(b));
      expect(distance).toBeCloseTo(7.612362047160335, 9);
      expect(run(a, b, 7.2)).toEqual([]);
      expect(run(b, a, 7.2)).toEqual([]);
      for (const [first, second] of [[a, b], [b, a]] as const) {
        const contacts = run(first, second, 8);
        expect(contacts.length).toBeGreaterThan(0);
        for (const c of contacts) {
          expect(-c.penetration).toBeGreaterThanOrEqual(distance / 2);
          expect(-c.penetration).toBeLessThanOrEqual(8);
        }
      }
    },
  );

  it('reports a triangle tip at gaps about the tolerance exactly when its distance is within it', () => {
    // A unit square and a thin triangle pointing down at its top edge, turned a little: the
    // tip's distance to the square is what decides, on both sides of the tolerance.
    const tolerance = 0.05;
    const square = new Polygon(box(0.5, 0.5)).setPose([0, 0], 0);
    const triangle = new Polygon([[0, 0], [0.1, 1], [-0.1, 1]]);
    const failures: string[] = [];
    let written = 0;
    for (let k = -20; k <= 120; k++) {
      triangle.setPose([0.1, 0.5 + k / 1000], 0.2 * Math.sin(k));
      const distance = regionDistance(worldPoints(square), worldPoints(triangle));
      for (const [first, second] of [[square, triangle], [triangle, square]] as const) {
        const data = new CollisionData2({ tolerance });
        const count = collidePolygonPolygon(first, second, data);
        if (Math.abs(distance - tolerance) > 1e-12 && count > 0 !== distance <= tolerance) {
          failures.push(`${count} contacts at distance ${distance}`);
        }
        written += count;
      }
    }
    expect(failures).toEqual([]);
    expect(written).toBeGreaterThan(0);
  });
});

describe('collidePolygonPolygon: convex properties', () => {
  it(
    'separates the pair by normal * penetration, finds every overlap, and mirrors exactly, over ' +
      `${PROPERTY_RUNS} configurations`,
    () => {
      const random = mulberry32(51);
      const tolerance = 0.02;
      const data = new CollisionData2({ tolerance }), swapped = new CollisionData2({ tolerance });
      const failures: string[] = [];
      let touching = 0;
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        const a = new Polygon(
          randomConvexPoints(random, 3 + Math.floor(random() * 6), 0.3 + random(), 0.3 + random()),
        )
          .setPose([2 * random() - 1, 2 * random() - 1], 6 * random());
        const b = new Polygon(
          randomConvexPoints(random, 3 + Math.floor(random() * 6), 0.3 + random(), 0.3 + random()),
        )
          .setPose([0, 0], 6 * random());
        data.reset();
        swapped.reset();
        const written = collidePolygonPolygon(a, b, data);
        collide2d(b, a, swapped);
        const mismatch = mirroredMismatch(contactList(data), contactList(swapped));
        if (mismatch) failures.push(`swap ${n}: ${mismatch}`);
        const overlap = satOverlap(worldPoints(a), worldPoints(b));
        if (written === 0) {
          if (overlap > 1e-9) failures.push(`missed overlap ${overlap} at ${n}`);
          continue;
        }
        if (overlap < -tolerance - 1e-9) {
          failures.push(`contact beyond tolerance at ${n}: overlap ${overlap}`);
        }
        if (written > 2) failures.push(`more than 2 points at ${n}`);
        touching++;
        let deepest = data.contacts[0]!;
        for (let i = 0; i < written; i++) {
          const c = data.contacts[i]!;
          if (!Number.isFinite(c.point[0]! + c.point[1]! + c.penetration)) {
            failures.push(`not finite ${n}`);
          }
          if (Math.abs(Math.hypot(c.normal[0]!, c.normal[1]!) - 1) > 1e-12) {
            failures.push(`normal ${n}`);
          }
          if (c.penetration > deepest.penetration) deepest = c;
        }
        if (deepest.penetration <= 0) continue;
        // Moving a by normal * penetration: the independent SAT finds them touching or apart.
        a.setPose([
          a.transform.x + deepest.normal[0]! * deepest.penetration,
          a.transform.y + deepest.normal[1]! * deepest.penetration,
        ], a.transform.angle);
        const after = satOverlap(worldPoints(a), worldPoints(b));
        if (after > 1e-9) {
          failures.push(
            `still overlapping by ${after} at ${n} (depth ${deepest.penetration}, overlap before ${overlap})`,
          );
        }
      }
      expect(failures).toEqual([]);
      expect(touching).toBeGreaterThan(2000);
    },
    PROPERTY_TIMEOUT,
  );

  it('is invariant under moving both polygons together', () => {
    const random = mulberry32(61);
    const failures: string[] = [];
    for (let n = 0; n < 500; n++) {
      const pa = randomConvexPoints(random, 4, 1, 0.5),
        pb = randomConvexPoints(random, 5, 0.7, 0.7);
      const ax = random() - 0.5, ay = random() - 0.5, aa = 6 * random(), ba = 6 * random();
      const before = run(
        new Polygon(pa).setPose([ax, ay], aa),
        new Polygon(pb).setPose([0, 0], ba),
      );
      const theta = 6 * random(),
        tx = 20 * random() - 10,
        ty = 20 * random() - 10,
        c = Math.cos(theta),
        s = Math.sin(theta);
      const move = (x: number, y: number): number[] => [c * x - s * y + tx, s * x + c * y + ty];
      const after = run(
        new Polygon(pa).setPose(move(ax, ay), aa + theta),
        new Polygon(pb).setPose(move(0, 0), ba + theta),
      );
      if (before.length !== after.length) {
        failures.push(`count ${n}`);
        continue;
      }
      before.forEach((p, i) => {
        const q = after[i]!;
        const [x, y] = move(p.point[0]!, p.point[1]!);
        const nx = c * p.normal[0]! - s * p.normal[1]!, ny = s * p.normal[0]! + c * p.normal[1]!;
        if (
          Math.hypot(x! - q.point[0]!, y! - q.point[1]!) > 1e-9 ||
          Math.hypot(nx - q.normal[0]!, ny - q.normal[1]!) > 1e-9 ||
          Math.abs(p.penetration - q.penetration) > 1e-9 || p.featureId !== q.featureId
        ) failures.push(`contact ${n}`);
      });
    }
    expect(failures).toEqual([]);
  });
});

/**
 * The contacts of `a` against `b` and whether moving `a` by one of them (normal * penetration, a
 * hair more) leaves them apart.
 */
function separatingContact(
  a: Polygon,
  b: Polygon,
  contacts: ReturnType<typeof contactList>,
  scale: number,
): boolean {
  const start = [a.transform.x, a.transform.y], angle = a.transform.angle;
  let separates = false;
  for (const c of contacts) {
    const push = c.penetration + 1e-9 * scale;
    a.setPose([start[0]! + c.normal[0]! * push, start[1]! + c.normal[1]! * push], angle);
    if (regionDistance(worldPoints(a), worldPoints(b)) > 0) separates = true;
  }
  a.setPose(start, angle);
  return separates;
}

/** Whether a contact names an internal (decomposition) edge. */
const namesInternalEdge = (c: { featureId: number; }): boolean =>
  firstFeatureOf(c.featureId) === INTERNAL_EDGE_FEATURE ||
  secondFeatureOf(c.featureId) === INTERNAL_EDGE_FEATURE;

/**
 * How far a contact's witness points lie inside their own shapes (signed distance to the outline,
 * negated; 0 on it): a witness on an internal edge lies inside its polygon.
 */
function witnessDepths(data: CollisionData2, i: number, a: Polygon, b: Polygon): [number, number] {
  const c = data.contacts[i]!;
  const onFirst = c.pointOnFirst(new Float64Array(2)),
    onSecond = c.pointOnSecond(new Float64Array(2));
  return [
    -signedDistanceToOutline(worldPoints(a), onFirst[0]!, onFirst[1]!),
    -signedDistanceToOutline(worldPoints(b), onSecond[0]!, onSecond[1]!),
  ];
}

describe('collidePolygonPolygon: polygons inside concave polygons and internal edges (issue 11)', () => {
  const scaled = (points: number[][], s: number): number[][] =>
    points.map(([x, y]) => [x! * s, y! * s]);
  // U: floor [0, 6] x [0, 1], walls [0, 1] and [5, 6] up to y = 3. Its decomposition puts the
  // diagonal (0, 0) -> (1, 1) between the left wall's piece and the floor's.
  const uShape = [[0, 0], [6, 0], [6, 3], [5, 3], [5, 1], [1, 1], [1, 3], [0, 3]];

  for (const s of [1e-3, 1, 1e3]) {
    it(
      `test_nested_convex_across_internal_edge (scale ${s}): a box inside a U across its ` +
        'diagonal gets contacts, one of which separates it, both orders',
      () => {
        // Box [0.3, 0.7]^2 (created first: P) lies wholly inside the U, across the diagonal between
        // the left wall's piece ((1, 1), (1, 3), (0, 3), (0, 0)) and the floor's. Box against the
        // wall piece: every face axis overlaps by 0.7 and the box keeps its right edge (x = 0.7,
        // the first best in its scan) as reference; the wall's incident edge x = 0 clipped to
        // y in [0.3, 0.7] gives two points 0.7 deep, halfway at (0.35, 0.7) and (0.35, 0.3), normal
        // (-1, 0), at the box's corners 2 and 1 against the U's edge 7. The box lies wholly inside
        // the U, so the pair also gets the least push along an edge normal that frees it: down 0.7
        // (the box's bottom normal, first in order, ties with left 0.7), witnesses its corner
        // (0.7, 0.7) and (0.7, 0) on the U's bottom line: point (0.7, 0.35), corner 0 of the U.
        const box = new Polygon(scaled([[-0.2, -0.2], [0.2, -0.2], [0.2, 0.2], [-0.2, 0.2]], s))
          .setPose([0.5 * s, 0.5 * s], 0);
        const u = new Polygon(scaled(uShape, s));
        const expected = [
          [0.35, 0.7, -1, 0, ContactKind.PointEdge, packFeatureId(VERTEX_FEATURE | 2, 7)],
          [0.35, 0.3, -1, 0, ContactKind.PointEdge, packFeatureId(VERTEX_FEATURE | 1, 7)],
          [
            0.7,
            0.35,
            0,
            -1,
            ContactKind.PointPoint,
            packFeatureId(VERTEX_FEATURE | 2, VERTEX_FEATURE | 0),
          ],
        ];
        for (const [first, second, sign] of [[box, u, 1], [u, box, -1]] as const) {
          const data = new CollisionData2();
          expect(collide2d(first, second, data)).toBe(3);
          contactList(data).forEach((c, i) => {
            const [x, y, nx, ny, kind, featureId] = expected[i]!;
            expect(c.point[0]! / s).toBeCloseTo(x!, 12);
            expect(c.point[1]! / s).toBeCloseTo(y!, 12);
            expect(c.normal[0]).toBeCloseTo(sign * nx!, 12);
            expect(c.normal[1]).toBeCloseTo(sign * ny!, 12);
            expect(c.penetration / s).toBeCloseTo(0.7, 12);
            expect(c.kind).toBe(kind);
            expect(c.featureId).toBe(featureId);
          });
        }
        expect(separatingContact(box, u, run(box, u), s)).toBe(true);
      },
    );

    it(
      `test_nested_concave (scale ${s}): an L inside a U across its diagonal, and a box in a ` +
        `star's middle, get a contact that separates them, both orders`,
      () => {
        // An L of legs 0.3 and width 0.1 at (0.35, 0.35) lies inside the U across the diagonal; a
        // box [-0.2, 0.2]^2 in the middle of a five-pointed star (tips at 3, notches at 1) lies in
        // the piece of the decomposition that has no outline edge at all.
        const l = new Polygon(
          scaled([[0, 0], [0.3, 0], [0.3, 0.1], [0.1, 0.1], [0.1, 0.3], [0, 0.3]], s),
        ).setPose([0.35 * s, 0.35 * s], 0);
        const u = new Polygon(scaled(uShape, s));
        const starPoints: number[][] = [];
        for (let i = 0; i < 10; i++) {
          starPoints.push([
            (i % 2 ? 1 : 3) * s * Math.cos((i * Math.PI) / 5),
            (i % 2 ? 1 : 3) * s * Math.sin((i * Math.PI) / 5),
          ]);
        }
        const star = new Polygon(starPoints);
        const box = new Polygon(scaled([[-0.2, -0.2], [0.2, -0.2], [0.2, 0.2], [-0.2, 0.2]], s))
          .setPose([0.1 * s, -0.05 * s], 0.3);
        for (const [inner, outer] of [[l, u], [box, star]] as const) {
          for (const [a, b] of [[inner, outer], [outer, inner]] as const) {
            const contacts = run(a, b);
            expect(contacts.length).toBeGreaterThan(0);
            expect(separatingContact(a, b, contacts, s)).toBe(true);
            for (const c of contacts) expect(namesInternalEdge(c)).toBe(false);
          }
        }
      },
    );

    it(
      `test_no_contact_on_internal_edge_diagonal (scale ${s}): a diamond pressing 0.015 across ` +
        `a U's diagonal gets no point on that diagonal, both orders`,
      () => {
        // A square of half size 0.1 turned 45 degrees at (0.33, 0.45), inside the U's wall, crosses
        // the diagonal (0, 0) -> (1, 1) between the wall's piece and the floor's by 0.015 with its
        // face of normal (1, -1) / sqrt 2. Against the floor's piece that face is the reference and
        // the diagonal, the floor piece's most anti-parallel edge, the incident edge: its clipped
        // points lie inside the U, on no surface. No contact may name the diagonal or have a
        // witness inside its own polygon.
        const diamond = new Polygon(scaled([[-0.1, -0.1], [0.1, -0.1], [0.1, 0.1], [-0.1, 0.1]], s))
          .setPose([0.33 * s, 0.45 * s], Math.PI / 4);
        const u = new Polygon(scaled(uShape, s));
        for (const [a, b] of [[diamond, u], [u, diamond]] as const) {
          const data = new CollisionData2();
          const written = collidePolygonPolygon(a, b, data);
          expect(written).toBeGreaterThan(0);
          for (let i = 0; i < written; i++) {
            expect(namesInternalEdge(data.contacts[i]!)).toBe(false);
            const [first, second] = witnessDepths(data, i, a, b);
            expect(first).toBeLessThan(1e-9 * s);
            expect(second).toBeLessThan(1e-9 * s);
          }
        }
        expect(separatingContact(diamond, u, run(diamond, u), s)).toBe(true);
      },
    );

    it(
      `test_no_contact_on_internal_edge (scale ${s}): a T's stem in a U's notch reports only ` +
        'outline features, witnesses on the outlines, both orders',
      () => {
        // The T of the regression above, sunk 0.1 into the U's pillars and 0.05 into the notch
        // floor, turned by 0.02 so that pieces meet at slants: every contact names outline
        // features, and each witness lies on its own outline (within 1e-9 of the scale).
        const t = new Polygon(
          scaled([
            [-0.4, -1.15],
            [0.4, -1.15],
            [0.4, 0],
            [1.6, 0],
            [1.6, 0.5],
            [-1.6, 0.5],
            [-1.6, 0],
            [-0.4, 0],
          ], s),
        ).setPose([0, 0.9 * s], 0.02);
        const notch = new Polygon(
          scaled(
            [[-2, -1], [2, -1], [2, 1], [1.1, 1], [1.1, -0.2], [-1.1, -0.2], [-1.1, 1], [-2, 1]],
            s,
          ),
        );
        for (const [a, b] of [[t, notch], [notch, t]] as const) {
          const data = new CollisionData2();
          const written = collidePolygonPolygon(a, b, data);
          expect(written).toBeGreaterThan(1);
          for (let i = 0; i < written; i++) {
            expect(namesInternalEdge(data.contacts[i]!)).toBe(false);
            const [first, second] = witnessDepths(data, i, a, b);
            expect(Math.abs(first)).toBeLessThan(1e-9 * s);
            expect(Math.abs(second)).toBeLessThan(1e-9 * s);
          }
        }
      },
    );
  }
});

describe('collidePolygonPolygon: concave pairs against brute force (issue 11)', () => {
  it(
    'gives a contact exactly when the outlines overlap, none on an internal edge, and one that ' +
      `frees a nested polygon (${PROPERTY_RUNS} concave pairs, a third nested)`,
    () => {
      // Stars of 5 to 12 points (concave), against stars or convex polygons: a third placed wholly
      // inside the other (small, at a random point inside), the rest anywhere near. Brute force (no
      // code shared with the detector) says whether they overlap; pairs within 1e-9 of touching are
      // left out. Every contact names outline features only, neither witness lies inside its own
      // polygon by more than 10% of the penetration (a witness on an internal edge does), and a
      // nested polygon gets a contact whose normal * penetration frees it.
      const random = mulberry32(43);
      const failures: string[] = [];
      let overlapping = 0, nested = 0;
      const star = (size: number): number[][] => {
        const points: number[][] = [];
        const count = 5 + Math.floor(random() * 8);
        for (let i = 0; i < count; i++) {
          const angle = (2 * Math.PI * (i + 0.8 * random())) / count,
            radius = size * (0.3 + random());
          points.push([radius * Math.cos(angle), radius * Math.sin(angle)]);
        }
        return points;
      };
      const data = new CollisionData2({ capacity: 64 });
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        const inside = n % 3 === 0;
        const outer = new Polygon(star(1)).setPose([0, 0], 6 * random());
        const size = inside ? 0.05 + 0.15 * random() : 0.3 + 0.7 * random();
        const other = new Polygon(
          random() < 0.5
            ? star(size)
            : randomConvexPoints(random, 3 + Math.floor(random() * 5), size, 0.6 * size),
        );
        // Nested: a point inside the outer star (rejection sampling), else anywhere within reach.
        let x = 0, y = 0;
        for (let tries = 0; tries < 100; tries++) {
          x = 2.6 * random() - 1.3;
          y = 2.6 * random() - 1.3;
          if (!inside || signedDistanceToOutline(worldPoints(outer), x, y) < -size) break;
        }
        other.setPose([x, y], 6 * random());
        const a = random() < 0.5 ? outer : other, b = a === outer ? other : outer;
        const worldA = worldPoints(a), worldB = worldPoints(b);
        const distance = regionDistance(worldA, worldB);
        // Nested: the vertices of one inside the other and no edges crossing (a polygon whose
        // vertices lie inside but whose edges cross the outline is wedged: issue 21).
        const isNested = (worldB.every(([px, py]) =>
          signedDistanceToOutline(worldA, px!, py!) < 0
        ) || worldA.every(([px, py]) => signedDistanceToOutline(worldB, px!, py!) < 0)) &&
          !outlinesCross(worldA, worldB);
        if (distance > 0 && distance < 1e-9) continue;
        data.reset();
        const written = collidePolygonPolygon(a, b, data);
        if (written > 0 !== (distance === 0)) {
          failures.push(`${written} contacts at distance ${distance} (n ${n})`);
        }
        if (distance === 0) overlapping++;
        for (let i = 0; i < written; i++) {
          const c = data.contacts[i]!;
          if (namesInternalEdge(c)) failures.push(`internal edge named at ${n}`);
          const [first, second] = witnessDepths(data, i, a, b);
          const allowed = 0.1 * Math.max(c.penetration, 0) + 1e-9;
          if (first > allowed || second > allowed) {
            failures.push(
              `witness inside its polygon by ${first}, ${second} (penetration ${c.penetration}) at ${n}`,
            );
          }
        }
        if (isNested && distance === 0) {
          nested++;
          if (!separatingContact(a, b, contactList(data), 1)) {
            failures.push(`no contact frees the nested pair at ${n}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(overlapping).toBeGreaterThan(PROPERTY_RUNS / 2);
      expect(nested).toBeGreaterThan(PROPERTY_RUNS / 4);
    },
    4 * PROPERTY_TIMEOUT,
  );
});

/**
 * Why a contact of `a` against `b` (arguments in that order) is not made of two witness points
 * on the features it names, each on its own outline (within `epsilon`), or null: then its depth
 * is the overlap of those features along its normal. The feature in the id's high half is the
 * shape of the smaller id's.
 */
function witnessMismatch(
  c: ReturnType<typeof contactList>[number],
  a: Polygon,
  b: Polygon,
  epsilon: number,
): string | null {
  const half = 0.5 * c.penetration;
  const onA = [c.point[0]! - c.normal[0]! * half, c.point[1]! - c.normal[1]! * half],
    onB = [c.point[0]! + c.normal[0]! * half, c.point[1]! + c.normal[1]! * half];
  const aCode = a.id < b.id ? firstFeatureOf(c.featureId) : secondFeatureOf(c.featureId),
    bCode = a.id < b.id ? secondFeatureOf(c.featureId) : firstFeatureOf(c.featureId);
  const worldA = worldPoints(a), worldB = worldPoints(b);
  // The documented reference-edge fallback of two convex polygons (the deepest vertex when the
  // incident edge lies beside a short reference edge) has its edge witness on the edge's line.
  const fallback = a.isConvex && b.isConvex && c.kind === ContactKind.PointFace;
  const onLine = (points: number[][], code: number, x: number, y: number): number => {
    const [px, py] = points[code]!, [qx, qy] = points[(code + 1) % points.length]!;
    return ((x - px!) * (qy! - py!) - (y - py!) * (qx! - px!)) / Math.hypot(qx! - px!, qy! - py!);
  };
  const isEdge = (code: number): boolean => (code & VERTEX_FEATURE) === 0;
  const checks: [string, number][] = [
    [
      'first witness off its outline',
      fallback && isEdge(aCode)
        ? onLine(worldA, aCode, onA[0]!, onA[1]!)
        : signedDistanceToOutline(worldA, onA[0]!, onA[1]!),
    ],
    [
      'second witness off its outline',
      fallback && isEdge(bCode)
        ? onLine(worldB, bCode, onB[0]!, onB[1]!)
        : signedDistanceToOutline(worldB, onB[0]!, onB[1]!),
    ],
    [
      'first witness off its feature',
      fallback && isEdge(aCode)
        ? onLine(worldA, aCode, onA[0]!, onA[1]!)
        : distanceToFeature(worldA, aCode, onA[0]!, onA[1]!),
    ],
    [
      'second witness off its feature',
      fallback && isEdge(bCode)
        ? onLine(worldB, bCode, onB[0]!, onB[1]!)
        : distanceToFeature(worldB, bCode, onB[0]!, onB[1]!),
    ],
  ];
  for (const [what, distance] of checks) {
    if (!(Math.abs(distance) <= epsilon)) return `${what} by ${distance}`;
  }
  return null;
}

describe(
  'collidePolygonPolygon: a polygon wedged in a notch of a concave polygon gets a ' +
    'spurious deep contact (issue 21)',
  () => {
    const scaled = (points: number[][], s: number): number[][] =>
      points.map(([x, y]) => [x! * s, y! * s]);
    const u = [[0, 0], [6, 0], [6, 5], [4, 5], [4, 1], [2, 1], [2, 5], [0, 5]];
    const l = [[0, 0], [2, 0], [2, 1], [1, 1], [1, 2], [0, 2]];
    const sorted = (contacts: ReturnType<typeof contactList>): ReturnType<typeof contactList> =>
      [...contacts].sort((p, q) => p.point[0]! - q.point[0]! || p.point[1]! - q.point[1]!);

    for (const s of [1e-3, 1, 1e3]) {
      it(
        `a box of half sizes (1.04, 0.6) in a U's notch gets the four wall contacts and no other ` +
          `(scale ${s}, both orders)`,
        () => {
          // The notch is x in [2, 4]; the box spans x in [1.96, 4.04], y in [2.4, 3.6]: its corners
          // lie in the U's arms, 0.04 past each inner wall, its top and bottom sides cross the
          // walls. Each corner against its wall: depth 0.04, normal out of the wall toward the
          // notch ((-1, 0) at x = 4, (1, 0) at x = 2), point halfway from the corner to the wall (x
          // 4.02 or 1.98).
          const box = new Polygon(
            scaled([[-1.04, -0.6], [1.04, -0.6], [1.04, 0.6], [-1.04, 0.6]], s),
          )
            .setPose([3 * s, 3 * s], 0);
          const notched = new Polygon(scaled(u, s));
          const expected = [[1.98, 2.4, 1], [1.98, 3.6, 1], [4.02, 2.4, -1], [4.02, 3.6, -1]];
          for (const [a, b, sign] of [[box, notched, 1], [notched, box, -1]] as const) {
            const contacts = run(a, b);
            expect(contacts.length).toBe(4);
            sorted(contacts).forEach((c, i) => {
              const [x, y, nx] = expected[i]!;
              expect(c.point[0]! / s).toBeCloseTo(x!, 12);
              expect(c.point[1]! / s).toBeCloseTo(y!, 12);
              expect(c.normal[0]).toBeCloseTo(sign * nx!, 12);
              expect(c.normal[1]).toBeCloseTo(0, 12);
              expect(c.penetration / s).toBeCloseTo(0.04, 12);
              expect(witnessMismatch(c, a, b, 1e-12 * s)).toBeNull();
            });
          }
          // Wedged: no single contact frees it (moving by any one leaves it across the other wall).
          expect(separatingContact(box, notched, run(box, notched), s)).toBe(false);
        },
      );

      it(
        `a square across the inner corner of an L gets the corner's two contacts and no other ` +
          `(scale ${s}, both orders)`,
        () => {
          // A square of diagonal 1 turned 45 degrees about (0.9, 0.9): corners (0.9, 0.4), (1.4,
          // 0.9), (0.9, 1.4), (0.4, 0.9), all inside the L; its side from (1.4, 0.9) to (0.9, 1.4)
          // crosses the notch past the L's reflex corner (1, 1), which lies inside the square, 0.5
          // / sqrt 2 from its sides 0 ((0.9, 0.4) -> (1.4, 0.9), normal (1, -1) / sqrt 2) and 2
          // ((0.9, 1.4) -> (0.4, 0.9), normal (-1, 1) / sqrt 2). Contacts: that corner against each
          // side, normal from the L toward the square the side's inward normal, depth 0.5 / sqrt 2,
          // witnesses (1, 1) and (1.25, 0.75) or (0.75, 1.25), points halfway.
          const h = 0.5 * Math.SQRT1_2;
          const square = new Polygon(scaled([[-h, -h], [h, -h], [h, h], [-h, h]], s))
            .setPose([0.9 * s, 0.9 * s], Math.PI / 4);
          const corner = new Polygon(scaled(l, s));
          const expected = [[0.875, 1.125, 1, -1], [1.125, 0.875, -1, 1]];
          for (const [a, b, sign] of [[square, corner, 1], [corner, square, -1]] as const) {
            const contacts = run(a, b);
            expect(contacts.length).toBe(2);
            sorted(contacts).forEach((c, i) => {
              const [x, y, nx, ny] = expected[i]!;
              expect(c.point[0]! / s).toBeCloseTo(x!, 12);
              expect(c.point[1]! / s).toBeCloseTo(y!, 12);
              expect(c.normal[0]).toBeCloseTo(sign * nx! * Math.SQRT1_2, 12);
              expect(c.normal[1]).toBeCloseTo(sign * ny! * Math.SQRT1_2, 12);
              expect(c.penetration / s).toBeCloseTo(0.5 * Math.SQRT1_2, 12);
              expect(witnessMismatch(c, a, b, 1e-12 * s)).toBeNull();
            });
          }
        },
      );
    }

    it(
      `puts every contact's witnesses on the two features it names, on both outlines ` +
        `(${PROPERTY_RUNS} concave pairs: stars, notches, Ls; nested, wedged, crossing)`,
      () => {
        // Concave outlines (stars of 5 to 12 points, U-shaped notches of random width and depth,
        // Ls) against those or convex polygons, scales 1e-3, 1 and 1e3, both argument orders. Every
        // contact: witnesses on the features it names and on the outlines (within 1e-9 of the
        // scale), so its depth is the overlap of those two features along its normal, except the
        // one contact that frees a polygon wholly inside the other (vertices inside, no edges
        // crossing), whose witness on the container lies on its supporting line: that one must free
        // the pair. A wedged polygon (vertices inside, edges across the outline) is not asked to be
        // freed by one contact. An overlap always has a contact.
        const random = mulberry32(2121);
        const star = (size: number): number[][] => {
          const points: number[][] = [];
          const count = 5 + Math.floor(random() * 8);
          for (let i = 0; i < count; i++) {
            const angle = (2 * Math.PI * (i + 0.8 * random())) / count,
              radius = size * (0.3 + random());
            points.push([radius * Math.cos(angle), radius * Math.sin(angle)]);
          }
          return points;
        };
        let width = 0, floor = 0;
        const notch = (size: number): number[][] => {
          width = 0.1 + 0.8 * random();
          floor = 0.1 + 0.8 * random();
          return [
            [-1, -1],
            [1, -1],
            [1, 1],
            [width, 1],
            [width, floor * 2 - 1],
            [-width, floor * 2 - 1],
            [-width, 1],
            [-1, 1],
          ].map(([x, y]) => [size * x!, size * y!]);
        };
        const ell = (size: number): number[][] =>
          [[-1, -1], [1, -1], [1, 0], [0, 0], [0, 1], [-1, 1]].map((
            [x, y],
          ) => [size * x!, size * y!]);
        const concave = [star, notch, ell];
        const failures: string[] = [];
        let contacts = 0, nested = 0, wedged = 0, overlapping = 0;
        const data = new CollisionData2({ capacity: 64 }),
          swapped = new CollisionData2({ capacity: 64 });
        for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
          const s = [1e-3, 1, 1e3][n % 3]!;
          const wedge = n % 5 === 4, angle = 6 * random();
          const outer = new Polygon(concave[wedge ? 1 : Math.floor(random() * 3)]!(s)).setPose(
            [0, 0],
            angle,
          );
          let other: Polygon;
          if (wedge) {
            // A box across the notch (in the outer's frame: centred on the notch's middle line,
            // up to 10% of the arm's width past each wall), turned with the outer.
            const hx = s * (width + 0.1 * (1 - width) * random()),
              hy = s * (1 - floor) * (0.05 + 0.5 * random()),
              y = s * floor;
            other = new Polygon([[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]]).setPose(
              [-Math.sin(angle) * y, Math.cos(angle) * y],
              angle + 0.02 * (random() - 0.5),
            );
          } else {
            const size = s * (0.1 + 0.9 * random());
            other = new Polygon(
              random() < 0.7
                ? concave[Math.floor(random() * 3)]!(size)
                : randomConvexPoints(random, 3 + Math.floor(random() * 5), size, 0.6 * size),
            ).setPose([s * (2 * random() - 1), s * (2 * random() - 1)], 6 * random());
          }
          const a = random() < 0.5 ? outer : other, b = a === outer ? other : outer;
          const worldA = worldPoints(a), worldB = worldPoints(b);
          const distance = regionDistance(worldA, worldB);
          if (distance > 0 && distance < 1e-9 * s) continue;
          const inside = (points: number[][], outline: number[][]): boolean =>
            points.every(([x, y]) => signedDistanceToOutline(outline, x!, y!) < 0);
          const verticesInside = inside(worldB, worldA) || inside(worldA, worldB);
          const crossing = outlinesCross(worldA, worldB);
          const isNested = verticesInside && !crossing;
          data.reset();
          swapped.reset();
          const written = collidePolygonPolygon(a, b, data);
          collidePolygonPolygon(b, a, swapped);
          const mismatch = mirroredMismatch(contactList(data), contactList(swapped));
          if (mismatch) failures.push(`swap ${n}: ${mismatch}`);
          if (written > 0 !== (distance === 0)) {
            failures.push(`${written} contacts at distance ${distance / s} x scale (n ${n})`);
          }
          if (distance === 0) overlapping++;
          if (distance === 0 && isNested) nested++;
          if (distance === 0 && verticesInside && crossing) wedged++;
          const list = contactList(data);
          for (const c of list) {
            contacts++;
            if (isNested && c.kind === ContactKind.PointPoint) continue;
            const why = witnessMismatch(c, a, b, 1e-9 * s);
            if (why) failures.push(`${why} (n ${n}, kind ${c.kind})`);
          }
          if (isNested && distance === 0 && !separatingContact(a, b, list, s)) {
            failures.push(`no contact frees the nested pair at ${n}`);
          }
        }
        expect(failures).toEqual([]);
        expect(overlapping).toBeGreaterThan(PROPERTY_RUNS / 3);
        expect(nested).toBeGreaterThan(PROPERTY_RUNS / 100);
        expect(wedged).toBeGreaterThan(PROPERTY_RUNS / 10);
        expect(contacts).toBeGreaterThan(PROPERTY_RUNS);
      },
      4 * PROPERTY_TIMEOUT,
    );
  },
);

/** Polygon `points` scaled by `s`, at `position` (scaled) and `angle`. */
function scaledPolygon(
  points: [number, number][],
  s: number,
  position: [number, number],
  angle: number,
): Polygon {
  return new Polygon(points.map(([x, y]) => [x * s, y * s])).setPose(
    [position[0] * s, position[1] * s],
    angle,
  );
}

/** The contacts of `first` against `second`, and of the swapped call. */
function bothOrders(first: Polygon, second: Polygon) {
  const data = new CollisionData2({ capacity: 64 }), swapped = new CollisionData2({ capacity: 64 });
  collidePolygonPolygon(first, second, data);
  collidePolygonPolygon(second, first, swapped);
  return { contacts: contactList(data), swapped: contactList(swapped) };
}

describe('FINDINGS.md F2: polygon against polygon, the contacts change with the scale at collinear vertices', () => {
  // The pair the adversarial suite found (regime collinear): two convex outlines with vertices
  // put on their sides; 7 contacts at one scale, 5 at another.
  const first: [number, number][] = [
    [1.9315317926254538, 0.10446001165974399],
    [1.9196259382859973, 0.12081251435084593],
    [1.8911291043056677, 0.15995246525776152],
    [1.8507264159858816, 0.21544491885577907],
    [0.4032528607761264, 0.6522494948084856],
    [0.09396907914753116, 0.5806616248906425],
    [-0.7621277257574579, 0.3825065635941691],
    [-1.927508312291042, 0.11276363237985261],
    [-1.8602101710076777, -0.07674241158199673],
    [-1.7929120297243133, -0.2662484555438461],
    [0.18447854055662183, -0.663601224461004],
    [1.4078246639382785, -0.46268231843629715],
    [1.4657176527212483, -0.4402937028685536],
    [1.5236106415042179, -0.41790508730081005],
    [1.7275712170648359, -0.15672253782053303],
  ];
  const second: [number, number][] = [
    [0.7157977507076648, 0.0316147211562006],
    [0.5568368375240106, 0.2805589726451693],
    [0.36633607156245396, 0.3411738511864734],
    [0.30005611884976996, 0.3622632744395719],
    [0.04327540017552929, 0.4439675762339745],
    [-0.02353614994942431, 0.4278176195634042],
    [-0.5168086540462321, 0.3085818055005931],
    [-0.7124720745039217, -0.05314323624822345],
    [-0.5448890748550618, -0.28943048500541013],
    [-0.015474641336260128, -0.44467363802599214],
    [0.3510673094319644, -0.22304162260470914],
    [0.717609260200189, -0.0014096071834261608],
    [0.7161744756861994, 0.02474691867644134],
  ];
  const pairAt = (s: number): [Polygon, Polygon] => [
    scaledPolygon(first, s, [0.05598889536762283, -0.10486637092514371], 1.3209597462927842),
    scaledPolygon(second, s, [0, 0], 2.55212046212979),
  ];

  for (const s of [1e-3, 1, 1e3]) {
    it(`x ${s}: the contacts at scale 1, scaled, in both argument orders, each witness on the feature it names`, () => {
      const [a, b] = pairAt(s);
      expect(a.isConvex && b.isConvex).toBe(true);
      const { contacts, swapped } = bothOrders(a, b);
      expect(contacts.length).toBeGreaterThan(0);
      expect(scaledMismatch(bothOrders(...pairAt(1)).contacts, contacts, s, 1e-9)).toBeNull();
      expect(mirroredMismatch(contacts, swapped)).toBeNull();
      // Features in the pair's canonical order: the shape of the smaller id (a) first.
      const outlineA = worldPoints(a), outlineB = worldPoints(b);
      for (const c of contacts) {
        const half = 0.5 * c.penetration;
        const onA = [c.point[0]! - c.normal[0]! * half, c.point[1]! - c.normal[1]! * half],
          onB = [c.point[0]! + c.normal[0]! * half, c.point[1]! + c.normal[1]! * half];
        expect(distanceToFeature(outlineA, firstFeatureOf(c.featureId), onA[0]!, onA[1]!))
          .toBeLessThan(1e-9 * s);
        expect(distanceToFeature(outlineB, secondFeatureOf(c.featureId), onB[0]!, onB[1]!))
          .toBeLessThan(1e-9 * s);
      }
    });
  }
});

describe(
  'FINDINGS.md F3: a convex polygon with collinear vertices taken as concave: its ' +
    'contacts do not free the pair',
  () => {
    // A convex tile with vertices put on its sides (vertex 1 turns by about -1e-17 as rounded) and
    // a box across it.
    const tile: [number, number][] = [
      [0.6583928045441058, 0.21583580970285476],
      [0.5220328331938858, 0.26561169150859765],
      [0.03350160605232161, 0.31361271639570365],
      [-0.12921798410116273, 0.3296008593487717],
      [-0.33656122675551126, 0.18207407093482486],
      [-0.7864205229566784, -0.13800531220356144],
      [-0.08687620842436879, -0.3316609251970763],
      [0.00044275074165388284, -0.26751382635576154],
      [0.2857582980598685, -0.05791255774711074],
    ];
    const box: [number, number][] = [
      [-0.21726300251688782, -0.20691531478903996],
      [0.21726300251688782, -0.20691531478903996],
      [0.21726300251688782, 0.20691531478903996],
      [-0.21726300251688782, 0.20691531478903996],
    ];
    const tilePose: [[number, number], number] = [
      [-0.0866063011443382, -0.025397939840018268],
      -0.6011449728096281,
    ];
    const boxPose: [[number, number], number] = [[0, 0], -1.8089838047394151];

    for (const s of [1e-3, 1, 1e3]) {
      for (const tileFirst of [true, false]) {
        it(
          `x ${s}, ${tileFirst ? 'tile first' : 'box first'}: convex, and its deepest contact is ` +
            'the least translation that frees the pair',
          () => {
            const t = scaledPolygon(tile, s, ...tilePose), b = scaledPolygon(box, s, ...boxPose);
            expect(t.isConvex).toBe(true);
            expect(t.convexPieces().length).toBe(1);
            const [first, second] = tileFirst ? [t, b] : [b, t];
            const { contacts } = bothOrders(first, second);
            expect(contacts.length).toBeGreaterThan(0);
            const deepest = contacts.reduce((d, c) => (c.penetration > d.penetration ? c : d));
            // The two outlines' own separating-axis overlap (test-support), with the first polygon
            // moved along the normal by a fraction of the depth.
            const overlapAfter = (fraction: number): number => {
              const moved = scaledPolygon(
                tileFirst ? tile : box,
                s,
                ...(tileFirst ? tilePose : boxPose),
              );
              const x = moved.transform.x, y = moved.transform.y;
              moved.setPose([
                x + fraction * deepest.penetration * deepest.normal[0]!,
                y + fraction * deepest.penetration * deepest.normal[1]!,
              ], moved.transform.angle);
              return satOverlap(worldPoints(moved), worldPoints(second));
            };
            expect(deepest.penetration).toBeCloseTo(
              satOverlap(worldPoints(first), worldPoints(second)),
              9 - Math.log10(s),
            );
            expect(overlapAfter(1.02)).toBeLessThan(0);
            expect(overlapAfter(0.98)).toBeGreaterThan(0);
          },
        );
      }
    }
  },
);
