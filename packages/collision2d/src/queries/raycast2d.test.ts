import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { IdList } from '../broadphase/broadphase.js';
import { Playfield } from '../broadphase/playfield.js';
import { Capsule2, CAPSULE2_UPPER_SIDE, capsule2EndFeature } from '../shapes/capsule2.js';
import {
  Aabb,
  Chain,
  Circle,
  Polygon,
  Segment,
  type Shape2,
  VERTEX_FEATURE,
} from '../shapes/shapes.js';
import {
  distanceToPolyline,
  signedDistanceToOutline,
  worldPoints,
} from '../test-support/contacts.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';
import { raycast2d, RayHit2 } from './raycast2d.js';

function cast(
  shape: Shape2 | Playfield,
  origin: number[],
  direction: number[],
  maxDistance = Infinity,
): RayHit2 | null {
  const hit = new RayHit2();
  hit.distance = 123;
  const found = raycast2d(shape, origin, direction, maxDistance, hit);
  if (!found) {
    expect(hit.distance).toBe(123);
    return null;
  }
  return hit;
}

function expectHit(
  hit: RayHit2 | null,
  distance: number,
  point: number[],
  normal: number[],
  featureId: number,
  digits = 12,
): void {
  expect(hit).not.toBeNull();
  expect(hit!.distance).toBeCloseTo(distance, digits);
  expect(hit!.point[0]).toBeCloseTo(point[0]!, digits);
  expect(hit!.point[1]).toBeCloseTo(point[1]!, digits);
  expect(hit!.normal[0]).toBeCloseTo(normal[0]!, 12);
  expect(hit!.normal[1]).toBeCloseTo(normal[1]!, 12);
  expect(hit!.featureId).toBe(featureId);
}

describe('raycast2d by hand', () => {
  it('a circle: the near root, outward normal, a non-unit direction normalised; inside: distance 0', () => {
    const circle = new Circle(1).setPose([5, 0], 0);
    expectHit(cast(circle, [0, 0], [2, 0]), 4, [4, 0], [-1, 0], 0);
    expectHit(cast(circle, [0, 0], [1, 0], 4), 4, [4, 0], [-1, 0], 0);
    expect(cast(circle, [0, 0], [1, 0], 3.999)).toBeNull();
    expect(cast(circle, [0, 0], [-1, 0])).toBeNull();
    expect(cast(circle, [0, 1.001], [1, 0])).toBeNull();
    // Grazing: the tangent point.
    expectHit(cast(circle, [0, 1], [1, 0]), 5, [5, 1], [0, 1], 0);
    expectHit(cast(circle, [5.5, 0], [3, 4]), 0, [5.5, 0], [-0.6, -0.8], -1);
    expectHit(cast(circle, [6, 0], [1, 0]), 0, [6, 0], [-1, 0], -1);
  });

  it('a square polygon: the entering edge, through a vertex, along an edge, turned', () => {
    // Clockwise input: stored counter-clockwise from (1, 0), edges 0 right, 1 top, 2 left, 3 bottom.
    const square = new Polygon([[0, 0], [0, 1], [1, 1], [1, 0]]);
    expect(Array.from(square.vertices)).toEqual([1, 0, 1, 1, 0, 1, 0, 0]);
    expectHit(cast(square, [-2, 0.5], [1, 0]), 2, [0, 0.5], [-1, 0], 2);
    expectHit(cast(square, [0.5, 3], [0, -1]), 2, [0.5, 1], [0, 1], 1);
    // Along the bottom edge's line: met at its end (0, 0), by the left edge.
    expectHit(cast(square, [-2, 0], [1, 0]), 2, [0, 0], [-1, 0], 2);
    // Through the corner (1, 1) diagonally: one of its two edges.
    const corner = cast(square, [2, 2], [-1, -1])!;
    expect(corner.distance).toBeCloseTo(Math.SQRT2, 14);
    expect([0, 1]).toContain(corner.featureId);
    // Grazing the corner (1, 1) from above-left: touching counts.
    expectHit(cast(square, [-1, 3], [1, -1]), 2 * Math.SQRT2, [1, 1], [0, 1], 1);
    expect(cast(square, [-1, 3.0000001], [1, -1])).toBeNull();
    expectHit(cast(square, [0.5, 0.5], [0, 1]), 0, [0.5, 0.5], [-0, -1], -1);
    // On the boundary counts as inside.
    expectHit(cast(square, [1, 0.5], [1, 0]), 0, [1, 0.5], [-1, -0], -1);
    square.setPose([10, 0], Math.PI / 2);
    expectHit(cast(square, [0, 0.5], [1, 0]), 9, [9, 0.5], [-1, 0], 1, 10);
  });

  it('a concave polygon: the first edge met, not a farther one', () => {
    // A U open upwards: a ray down its slot meets the slot's floor.
    const u = new Polygon([[0, 0], [3, 0], [3, 3], [2, 3], [2, 1], [1, 1], [1, 3], [0, 3]]);
    expectHit(cast(u, [1.5, 5], [0, -1]), 4, [1.5, 1], [0, 1], 4);
    expectHit(cast(u, [-1, 2], [1, 0]), 1, [0, 2], [-1, 0], 7);
    // Across the slot: out of the left arm, into the right one.
    expectHit(cast(u, [1.5, 2], [1, 0]), 0.5, [2, 2], [-1, 0], 3);
  });

  it('a chain is two-sided; along a segment its nearer end', () => {
    const chain = new Chain([[0, 0], [2, 0], [4, 1]]);
    expectHit(cast(chain, [1, 2], [0, -1]), 2, [1, 0], [0, 1], 0);
    expectHit(cast(chain, [1, -2], [0, 1]), 2, [1, 0], [0, -1], 0);
    expectHit(cast(chain, [-3, 0], [1, 0]), 3, [0, 0], [-1, 0], VERTEX_FEATURE | 0);
    expectHit(
      cast(chain, [6, 2], [-2, -1]),
      Math.hypot(2, 1),
      [4, 1],
      [1, 0.5].map((v) => v / Math.hypot(1, 0.5)),
      VERTEX_FEATURE | 2,
    );
    expectHit(cast(chain, [1, 0], [1, 0]), 0, [1, 0], [-1, -0], 0);
    expect(cast(chain, [1, 2], [0, 1])).toBeNull();
    const segment = new Segment([0, -1], [0, 1]).setPose([5, 0], 0);
    expectHit(cast(segment, [0, 0.5], [1, 0]), 5, [5, 0.5], [-1, 0], 0);
  });

  it('an Aabb and a capsule: sides, round ends, inside', () => {
    const box = new Aabb([-1, -2], [1, 2]).setPose([0, 10], 0);
    expectHit(cast(box, [0, 0], [0, 1]), 8, [0, 8], [0, -1], 0);
    const capsule = new Capsule2(0.5, 2).setPose([0, 0], Math.PI / 2);
    // Turned upright: its +y side faces -x, its ends are at (0, -2) and (0, 2).
    expectHit(cast(capsule, [-5, 1], [1, 0]), 4.5, [-0.5, 1], [-1, 0], CAPSULE2_UPPER_SIDE);
    expectHit(cast(capsule, [0, 10], [0, -1]), 7.5, [0, 2.5], [0, 1], capsule2EndFeature(1));
    expectHit(cast(capsule, [0, -10], [0, 1]), 7.5, [0, -2.5], [0, -1], capsule2EndFeature(0));
    expectHit(cast(capsule, [0.2, 2.2], [1, 0]), 0, [0.2, 2.2], [-1, -0], -1);
    expect(cast(capsule, [-5, 2.51], [1, 0])).toBeNull();
    // halfLength 0: a circle.
    expectHit(
      cast(new Capsule2(1, 0), [-3, 0], [1, 0]),
      2,
      [-1, 0],
      [-1, 0],
      capsule2EndFeature(0),
    );
  });

  it('refuses bad arguments, naming them, and changes nothing', () => {
    const circle = new Circle(1);
    const hit = new RayHit2();
    expect(() => raycast2d(circle, [0, 0], [0, 0], 1, hit)).toThrow(
      /direction must be non-zero, got \[0, 0\]/,
    );
    expect(() => raycast2d(circle, [0, NaN], [1, 0], 1, hit)).toThrow(/raycast2d origin/);
    expect(() => raycast2d(circle, [0, 0], [1, Infinity], 1, hit)).toThrow(/raycast2d direction/);
    expect(() => raycast2d(circle, [0, 0], [1, 0], -1, hit)).toThrow(
      /maxDistance must be a number at least 0, got -1/,
    );
    expect(() => raycast2d(circle, [0, 0], [1, 0], NaN, hit)).toThrow(RangeError);
    expect(() => raycast2d(circle, [0, 0], [1, 0], 1, {} as RayHit2)).toThrow(TypeError);
    expect(() => raycast2d({} as Shape2, [0, 0], [1, 0], 1, hit)).toThrow(
      /target must be a 2D shape/,
    );
    expect(hit.distance).toBe(0);
    // A tiny and a huge direction normalise alike.
    expectHit(cast(circle, [-3, 0], [1e-300, 0]), 2, [-1, 0], [-1, 0], 0);
    expectHit(cast(circle, [-3, 0], [1e300, 0]), 2, [-1, 0], [-1, 0], 0);
  });
});

/**
 * Brute force over segments (world space, `closed`: the last joins the first): the parameters of
 * the ray's crossings with every segment by Cramer's rule, and the collinear overlaps. `loose`:
 * the first crossing with the segment parameter allowed 1e-7 past either end; `strict`: the
 * first well-conditioned crossing (angle above 1e-3, parameter at least 1e-6 inside).
 */
function bruteCrossings(
  points: number[][],
  closed: boolean,
  o: number[],
  d: number[],
  tolerance: number,
): { loose: number; strict: number; } {
  let loose = Infinity, strict = Infinity;
  const segments = closed ? points.length : points.length - 1;
  for (let i = 0; i < segments; i++) {
    const [ax, ay] = points[i]!, [bx, by] = points[(i + 1) % points.length]!;
    const ex = bx! - ax!, ey = by! - ay!, length = Math.hypot(ex, ey);
    const denominator = d[0]! * ey - d[1]! * ex;
    const wx = ax! - o[0]!, wy = ay! - o[1]!;
    if (Math.abs(denominator) <= 1e-12 * length) {
      // Parallel: on the ray's line, the nearer end ahead (or the origin).
      if (Math.abs(wx * d[1]! - wy * d[0]!) > tolerance) continue;
      const ta = wx * d[0]! + wy * d[1]!, tb = (bx! - o[0]!) * d[0]! + (by! - o[1]!) * d[1]!;
      if (Math.max(ta, tb) >= -tolerance) loose = Math.min(loose, Math.max(0, Math.min(ta, tb)));
      continue;
    }
    const t = (wx * ey - wy * ex) / denominator, s = (wx * d[1]! - wy * d[0]!) / denominator;
    if (t < -tolerance) continue;
    if (s >= -1e-7 && s <= 1 + 1e-7) loose = Math.min(loose, Math.max(0, t));
    if (s >= 1e-6 && s <= 1 - 1e-6 && Math.abs(denominator) > 1e-3 * length) {
      strict = Math.min(strict, Math.max(0, t));
    }
  }
  return { loose, strict };
}

/** A random polygon outline: convex (sorted angles) or star-shaped (concave), some edges split by collinear points. */
function randomOutline(random: Random, size: number): number[][] {
  const count = 3 + random.int(8);
  // Star-shaped about the origin with gaps below pi between angles: a simple outline.
  const angles: number[] = [];
  for (let i = 0; i < count; i++) angles.push(((i + random.range(0, 0.9)) * 2 * Math.PI) / count);
  const concave = random.chance(0.5);
  const points = angles.map((a) => {
    const r = size * (concave ? random.range(0.3, 1) : 1);
    return [r * Math.cos(a), r * Math.sin(a)];
  });
  const out: number[][] = [];
  for (let i = 0; i < points.length; i++) {
    const [ax, ay] = points[i]!, [bx, by] = points[(i + 1) % points.length]!;
    out.push([ax!, ay!]);
    // A collinear vertex (exactly on the edge for the midpoint of an axis-aligned edge; near it otherwise).
    if (random.chance(0.3)) out.push([(ax! + bx!) / 2, (ay! + by!) / 2]);
  }
  return out;
}

/** Rays aimed to be hostile: at a vertex, along an edge, grazing a vertex, or anywhere. */
function randomRay(
  random: Random,
  world: number[][],
  centre: number[],
  size: number,
): { o: number[]; d: number[]; } {
  const kind = random.int(4);
  const k = random.int(world.length),
    [vx, vy] = world[k]!,
    [wx, wy] = world[(k + 1) % world.length]!;
  const far = size * random.logRange(0.01, 100);
  const angle = random.range(0, 2 * Math.PI);
  if (kind === 0) {
    // Through vertex k from anywhere.
    const ox = vx! + far * Math.cos(angle), oy = vy! + far * Math.sin(angle);
    return { o: [ox, oy], d: [vx! - ox, vy! - oy] };
  }
  if (kind === 1) {
    // Along edge k, from behind its start.
    const ex = wx! - vx!, ey = wy! - vy!, length = Math.hypot(ex, ey);
    return { o: [vx! - (ex / length) * far, vy! - (ey / length) * far], d: [ex, ey] };
  }
  if (kind === 2) {
    // Grazing vertex k: perpendicular to the direction from the centre to it.
    const rx = vx! - centre[0]!, ry = vy! - centre[1]!;
    const side = random.sign();
    return {
      o: [vx! + side * ry * (far / size), vy! - side * rx * (far / size)],
      d: [-side * ry, side * rx],
    };
  }
  return {
    o: [centre[0]! + far * Math.cos(angle), centre[1]! + far * Math.sin(angle)],
    d: [Math.cos(angle + random.range(-1, 1)), Math.sin(angle + random.range(-1, 1))].map((v) =>
      -v
    ),
  };
}

describe('raycast2d regressions', () => {
  it("test_along_edge_into_reflex_vertex: a ray down a star arm's edge is not lost (found by pnpm fuzz)", () => {
    // The ray runs along edge 14 (tip vertex 14 to reflex vertex 15) within round-off: the sides
    // of both vertices are ~1e-16, and the edge's normal . direction rounds to +5e-17. Deciding
    // "entered" by n . d skipped the one edge whose ends change sign; the sides decide it now.
    const star = new Polygon([
      [0.7794780582716417, 0.6264295304925137],
      [0.2678229174472479, 0.3384460362347827],
      [0.4304878767320287, 0.9025963593914778],
      [0.0944538790397059, 0.42113335095589827],
      [-0.003765708381697586, 0.9999929096950558],
      [-0.09762290851245614, 0.42041004065859294],
      [-0.43727344876704594, 0.8993286001253233],
      [-0.2703642817673239, 0.33641936581806675],
      [-0.7841738198171664, 0.6205412317593041],
      [-0.3895566932178569, 0.18579670966451392],
      [-0.9757589485917301, 0.21884806200458243],
      [-0.4315926239772812, -0.0016252634852037047],
      [-0.9740830506995252, -0.22619065042548991],
      [-0.3881463424218339, -0.1887253332691285],
      [-0.779478058271642, -0.6264295304925134],
      [-0.26782291744724795, -0.33844603623478253],
      [-0.43048787673202904, -0.9025963593914776],
      [-0.09445387903970567, -0.42113335095589827],
      [0.0037657083816972415, -0.9999929096950558],
      [0.09762290851245599, -0.420410040658593],
      [0.4372734487670458, -0.8993286001253233],
      [0.27036428176732386, -0.3364193658180668],
      [0.7841738198171657, -0.6205412317593049],
      [0.38955669321785685, -0.18579670966451395],
      [0.97575894859173, -0.21884806200458254],
      [0.4315926239772812, 0.001625263485203652],
      [0.974083050699525, 0.22619065042549066],
      [0.3881463424218341, 0.18872533326912808],
    ]).setPose([-0.3213219069875777, 0], 1.739519938826561);
    const hit = cast(star, [10.767484037843962, -13.414309056632474], [
      -0.36981339365863597,
      0.4560301853689136,
    ], 21.3);
    expect(hit).not.toBeNull();
    // Met at the tip (vertex 14) or along edge 14 up to the reflex vertex: 16.4169 to 17.0040.
    expect(hit!.distance).toBeGreaterThanOrEqual(16.4168);
    expect(hit!.distance).toBeLessThanOrEqual(17.0041);
    expect(
      distanceToPolyline(
        [...worldPoints(star), worldPoints(star)[0]!],
        hit!.point[0]!,
        hit!.point[1]!,
      ),
    ).toBeLessThan(1e-12);
  });
});

describe('raycast2d: a start on a segment within round-off (FINDINGS.md F100)', () => {
  // The staircase outline found by `pnpm fuzz --strict --n 100000 --pair raycast2d`: turned by
  // 2.82 rad, the ray's origin lands 1.1e-16 inside the chain's segment x = 1 (in the chain's
  // frame: (1 - 1.1e-16, 0.3337), between (1, 1/3) and (1, 2/3)), so the crossing computed for
  // that segment came out a few 1e-17 behind the start and was dropped: the hit went to the
  // next segment, 1 away. A start on a segment meets it at 0.
  const stair = [
    [-1, -1],
    [-2 / 3, -1],
    [-1 / 3, -1],
    [0, -1],
    [1 / 3, -1],
    [2 / 3, -1],
    [1, -1],
    [1, -2 / 3],
    [1, -1 / 3],
    [1, 0],
    [1, 1 / 3],
    [1, 2 / 3],
    [1, 1],
    [2 / 3, 1],
    [2 / 3, 2 / 3],
    [1 / 3, 2 / 3],
    [0, 2 / 3],
    [0, 1 / 3],
    [-1 / 3, 1 / 3],
    [-1 / 3, 0],
    [-2 / 3, 0],
    [-1, 0],
    [-1, -1 / 3],
    [-1, -2 / 3],
  ];
  const angle = 2.821983041241765;
  for (const scale of [1e-3, 1, 1e3]) {
    it(`test_f100_ray_from_on_a_chain_segment at scale ${scale}`, () => {
      const chain = new Chain(stair.map(([x, y]) => [x! * scale, y! * scale]))
        .setPose([-0.1474144863896072 * scale, 0], angle);
      const origin = [-1.2016093559823158 * scale, -0.002573202062878826 * scale];
      // Where the origin lies in the chain's frame: on segment 10, x = 1 (times the scale).
      const lx = origin[0]! + 0.1474144863896072 * scale, ly = origin[1]!;
      const localX = Math.cos(angle) * lx + Math.sin(angle) * ly;
      expect(Math.abs(localX - scale)).toBeLessThan(4e-16 * scale);
      const hit = cast(chain, origin, [0.31645271621579196, -0.10473198895637631]);
      expect(hit).not.toBeNull();
      expect(hit!.distance).toBe(0);
      expect(hit!.featureId).toBe(10);
      expect(hit!.point[0]).toBe(origin[0]);
      expect(hit!.point[1]).toBe(origin[1]);
    });
  }

  it('test_f100_ray_from_just_past_a_segment: met at 0 from round-off past it, not from 1e-9 past', () => {
    // A segment x = 1 from y = -1 to 1, the ray moving away from it in +x: a start on it (here
    // the next double past it) meets it at 0 (a two-sided chain: the crossing it starts on
    // counts); a start 1e-9 past it leaves it behind; 1e-9 before it meets it 1e-9 on.
    const segment = new Chain([[1, -1], [1, 1]]);
    const onIt = cast(segment, [1 + Number.EPSILON, 0.25], [1, 0.5]);
    expect(onIt).not.toBeNull();
    expect(onIt!.distance).toBe(0);
    expect(onIt!.featureId).toBe(0);
    expect(cast(segment, [1 + 1e-9, 0.25], [1, 0.5])).toBeNull();
    const before = cast(segment, [1 - 1e-9, 0.25], [1, 0]);
    expect(before!.distance).toBeCloseTo(1e-9, 15);
  });
});

describe('raycast2d against brute force over segments', () => {
  it(
    'polygons (convex, concave, collinear vertices) and chains, sizes 1e-3 to 1e3, near 1e5',
    () => {
      const random = new Random(2424);
      const hit = new RayHit2();
      let hits = 0, inside = 0;
      for (let run = 0; run < PROPERTY_RUNS; run++) {
        const size = random.logRange(1e-3, 1e3);
        const centre = random.chance(0.3)
          ? [1e5 + random.range(-1, 1), -1e5]
          : [random.range(-2, 2) * size, 0];
        const outline = randomOutline(random, size);
        const isChain = random.chance(0.3);
        const shape = isChain ? new Chain(outline) : new Polygon(outline);
        const angle = random.chance(0.5) ? 0 : random.range(-4, 4);
        shape.setPose(centre, angle);
        const world = worldPoints(shape);
        const { o, d } = randomRay(random, world, centre, size);
        const length = Math.hypot(d[0]!, d[1]!), unit = [d[0]! / length, d[1]! / length];
        const maxDistance = random.chance(0.5) ? Infinity : size * random.logRange(0.01, 200);
        const reach = Math.hypot(o[0]! - centre[0]!, o[1]! - centre[1]!) + size;
        const tolerance = 1e-9 * reach + 1e-13 * (Math.abs(o[0]!) + Math.abs(o[1]!));
        const found = raycast2d(shape, o, d, maxDistance, hit);
        const distanceFrom = (x: number, y: number): number =>
          isChain ? distanceToPolyline(world, x, y) : signedDistanceToOutline(world, x, y);
        const startInside = !isChain && distanceFrom(o[0]!, o[1]!) < -tolerance;
        const context = () =>
          JSON.stringify({ run, isChain, outline, centre, angle, o, d, maxDistance, hit });
        if (startInside) {
          expect(found, `inside ${context()}`).toBe(true);
          expect([hit.distance, hit.featureId]).toEqual([0, -1]);
          expect(hit.normal[0]).toBeCloseTo(0 - unit[0]!, 14);
          expect(hit.normal[1]).toBeCloseTo(0 - unit[1]!, 14);
          inside++;
          continue;
        }
        const { loose, strict } = bruteCrossings(world, !isChain, o, unit, tolerance);
        if (strict < Infinity && strict <= maxDistance * (1 - 1e-9)) {
          expect(found, `strict ${strict} ${context()}`).toBe(true);
        }
        if (!found) continue;
        hits++;
        if (hit.featureId === -1) {
          // Inside by our boundary-inclusive test: the origin is on the outline.
          expect(Math.abs(distanceFrom(o[0]!, o[1]!)), context()).toBeLessThanOrEqual(tolerance);
          continue;
        }
        // From on the outline along it (a ray down a run of collinear edges) any point of the
        // run ahead is a first point met; else nothing may come before the brute force's first crossing.
        if (Math.abs(distanceFrom(o[0]!, o[1]!)) > tolerance) {
          expect(hit.distance, context()).toBeGreaterThanOrEqual(loose - tolerance);
        }
        expect(hit.distance, context()).toBeLessThanOrEqual(
          Math.min(strict, maxDistance) + tolerance,
        );
        expect(hit.point[0]).toBeCloseTo(o[0]! + unit[0]! * hit.distance, 6);
        expect(Math.abs(distanceFrom(hit.point[0]!, hit.point[1]!)), context()).toBeLessThanOrEqual(
          tolerance,
        );
        expect(Math.hypot(hit.normal[0]!, hit.normal[1]!)).toBeCloseTo(1, 12);
        if ((hit.featureId & VERTEX_FEATURE) !== 0) {
          // A chain met end on: that vertex, normal against the ray.
          const [vx, vy] = world[hit.featureId & (VERTEX_FEATURE - 1)]!;
          expect(Math.hypot(hit.point[0]! - vx!, hit.point[1]! - vy!), context())
            .toBeLessThanOrEqual(tolerance);
          expect(hit.normal[0]).toBeCloseTo(0 - unit[0]!, 14);
          expect(hit.normal[1]).toBeCloseTo(0 - unit[1]!, 14);
          continue;
        }
        // The normal of the edge named, which the point lies on, facing the ray.
        const i = hit.featureId, [ax, ay] = world[i]!, [bx, by] = world[(i + 1) % world.length]!;
        const edge = [[ax!, ay!], [bx!, by!]];
        expect(distanceToPolyline(edge, hit.point[0]!, hit.point[1]!), context())
          .toBeLessThanOrEqual(tolerance);
        const ex = bx! - ax!, ey = by! - ay!, el = Math.hypot(ex, ey);
        const outward = isChain ? [-ey / el, ex / el] : [ey / el, -ex / el];
        const facing = outward[0]! * hit.normal[0]! + outward[1]! * hit.normal[1]!;
        const edgeNormal = Math.abs(Math.abs(facing) - 1) < 1e-9 && (isChain || facing > 0);
        // Along a segment, starting on it: the normal is against the ray.
        const alongSegment = isChain && Math.abs(unit[0]! * ey - unit[1]! * ex) <= 1e-9 * el &&
          Math.hypot(hit.normal[0]! + unit[0]!, hit.normal[1]! + unit[1]!) < 1e-12;
        expect(edgeNormal || alongSegment, context()).toBe(true);
        expect(hit.normal[0]! * unit[0]! + hit.normal[1]! * unit[1]!).toBeLessThanOrEqual(1e-12);
      }
      // The generator reaches every case.
      expect(hits).toBeGreaterThan(PROPERTY_RUNS / 3);
      expect(inside).toBeGreaterThan(PROPERTY_RUNS / 50);
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'circles and capsules against their distance function sampled along the ray',
    () => {
      const random = new Random(77);
      const hit = new RayHit2();
      let hits = 0;
      for (let run = 0; run < PROPERTY_RUNS; run++) {
        const size = random.logRange(1e-3, 1e3);
        const centre = random.chance(0.3) ? [1e5, 1e5 + random.range(-1, 1)] : [0, 0];
        const radius = size * random.logRange(0.01, 1);
        const halfLength = random.chance(0.2) ? 0 : size * random.range(0, 1);
        const isCircle = random.chance(0.3);
        const angle = random.range(-4, 4);
        const shape = isCircle ? new Circle(radius) : new Capsule2(radius, halfLength);
        shape.setPose(centre, angle);
        const h = isCircle ? 0 : halfLength;
        const ends = [
          [centre[0]! - Math.cos(angle) * h, centre[1]! - Math.sin(angle) * h],
          [centre[0]! + Math.cos(angle) * h, centre[1]! + Math.sin(angle) * h],
        ];
        const surface = (x: number, y: number): number =>
          (h === 0 ? Math.hypot(x - centre[0]!, y - centre[1]!) : distanceToPolyline(ends, x, y)) -
          radius;
        const far = size * random.logRange(0.05, 50), a = random.range(0, 2 * Math.PI);
        const o = [centre[0]! + far * Math.cos(a), centre[1]! + far * Math.sin(a)];
        const aim = random.chance(0.5) ? random.pick(ends) : centre;
        const spread = random.pick([
          0,
          random.range(-0.5, 0.5),
          Math.asin(Math.min(1, radius / Math.max(far, radius))),
        ]);
        const dx0 = aim[0]! - o[0]!, dy0 = aim[1]! - o[1]!;
        const d = [
          Math.cos(spread) * dx0 - Math.sin(spread) * dy0,
          Math.sin(spread) * dx0 + Math.cos(spread) * dy0,
        ];
        if (d[0] === 0 && d[1] === 0) continue;
        const length = Math.hypot(d[0]!, d[1]!), unit = [d[0]! / length, d[1]! / length];
        const tolerance = 1e-9 * (far + size) + 1e-13 * 4e5;
        const found = raycast2d(shape, o, d, Infinity, hit);
        const context = () =>
          JSON.stringify({ run, isCircle, radius, halfLength, centre, angle, o, d, hit });
        const at = (t: number): number => surface(o[0]! + unit[0]! * t, o[1]! + unit[1]! * t);
        if (surface(o[0]!, o[1]!) <= -tolerance) {
          expect(found).toBe(true);
          expect(hit.distance).toBe(0);
          continue;
        }
        // Sampled from 0 to past the far side: the first sample inside (clearly, by 1e-6 of the radius).
        const span = far + 2 * (h + radius), samples = 256;
        let firstInside = Infinity;
        for (let k = 0; k <= samples; k++) {
          const t = (span * k) / samples;
          if (at(t) < -1e-6 * radius) {
            firstInside = t;
            break;
          }
        }
        if (firstInside < Infinity) expect(found, context()).toBe(true);
        if (!found) continue;
        hits++;
        expect(hit.featureId).not.toBe(-1);
        expect(Math.abs(at(hit.distance)), context()).toBeLessThanOrEqual(tolerance);
        expect(hit.distance).toBeLessThanOrEqual(firstInside + tolerance);
        // No earlier entry: the sampled distance stays outside before the hit.
        let before = Infinity;
        for (let k = 0; k < 32; k++) before = Math.min(before, at((hit.distance * k) / 32));
        expect(before, context()).toBeGreaterThan(-tolerance);
        // The normal is the gradient of the distance: from the nearest core point out through the hit point.
        // Taken relative to the centre (exact for points this close), so coordinates near 1e5 do not
        // round the differences.
        const px = hit.point[0]! - centre[0]!, py = hit.point[1]! - centre[1]!;
        const core = ends.map(([x, y]) => [x! - centre[0]!, y! - centre[1]!]);
        const relative = (x: number, y: number): number =>
          (h === 0 ? Math.hypot(x, y) : distanceToPolyline(core, x, y)) - radius;
        const step = 1e-4 * radius;
        const gx = (relative(px + step, py) - relative(px - step, py)) / (2 * step);
        const gy = (relative(px, py + step) - relative(px, py - step)) / (2 * step);
        expect(hit.normal[0]! * gx + hit.normal[1]! * gy, context()).toBeGreaterThan(0.999);
      }
      expect(hits).toBeGreaterThan(PROPERTY_RUNS / 3);
    },
    PROPERTY_TIMEOUT,
  );
});

describe('raycast2d on a Playfield', () => {
  it(
    'the first hit over all shapes through the grid, as casting every shape finds it',
    () => {
      const random = new Random(5);
      const hit = new RayHit2(), each = new RayHit2();
      const near = new IdList();
      for (let scene = 0; scene < 20; scene++) {
        const field = new Playfield({ cellSize: random.pick([0.5, 2, 8]) });
        const shapes: Shape2[] = [];
        for (let k = 0; k < 60; k++) {
          const x = random.range(-20, 20), y = random.range(-20, 20), r = random.range(0.1, 1.5);
          const shape = random.pick([
            () => new Circle(r),
            () => new Capsule2(r / 2, r),
            () => new Polygon(randomOutline(random, r)),
            () => new Chain([[0, 0], [r, r / 2], [2 * r, 0]]),
            () => new Segment([0, 0], [3 * r, 0]),
          ])();
          shape.setPose([x, y], random.range(-3, 3));
          shapes.push(shape);
          field.add(shape, random.chance(0.5));
        }
        if (scene % 4 === 0) field.remove(random.int(60));
        for (let ray = 0; ray < 200; ray++) {
          const o = [random.range(-25, 25), random.range(-25, 25)];
          const d = [random.range(-1, 1), random.range(-1, 1)];
          if (d[0] === 0 && d[1] === 0) continue;
          const maxDistance = random.pick([Infinity, random.range(0, 10), random.range(0, 60)]);
          let best = Infinity, bestId = -1;
          for (let id = 0; id < shapes.length; id++) {
            if (field.shapes[id] === null) continue;
            if (raycast2d(shapes[id]!, o, d, maxDistance, each) && each.distance < best) {
              best = each.distance;
              bestId = id;
            }
          }
          const found = raycast2d(field, o, d, maxDistance, hit);
          expect(found).toBe(bestId >= 0);
          if (!found) continue;
          expect(hit.distance).toBe(best);
          // Ties between shapes are possible only at distance 0 or exactly shared points.
          if (hit.shape !== bestId) {
            expect(raycast2d(shapes[hit.shape]!, o, d, maxDistance, each) && each.distance).toBe(
              best,
            );
          }
        }
        expect(field.shapesNear(0, 0, 100, near)).toBeGreaterThan(0);
      }
    },
  );

  it('names the shape hit, -1 for a single shape; misses leave the hit unchanged', () => {
    const field = new Playfield({ cellSize: 1 });
    field.add(new Circle(1).setPose([10, 0], 0), true);
    field.add(new Aabb([-1, -1], [1, 1]).setPose([5, 0], 0));
    expectHit(cast(field, [0, 0], [1, 0]), 4, [4, 0], [-1, 0], 3);
    const hit = cast(field, [0, 0], [1, 0])!;
    expect(hit.shape).toBe(1);
    expect(cast(field, [0, 0], [1, 0], 3.5)).toBeNull();
    const far = cast(field, [0, 2], [1, 0], 1e6);
    expect(far).toBeNull();
    const circleHit = cast(field, [20, 0], [-1, 0], 100)!;
    expect([circleHit.shape, circleHit.distance]).toEqual([0, 9]);
    expect(cast(new Circle(1), [-3, 0], [1, 0])!.shape).toBe(-1);
  });
});
