import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { ConvexHull } from '../shapes/convex-hull.js';
import { Box } from '../shapes/primitives.js';
import { randomConfiguration } from '../test-support/generate.js';
import { hullSurfaceDistance, type HullSpec } from '../test-support/hull-oracle.js';
import { boxCorners, dot, type BoxSpec, type Quat, type Vec3 } from '../test-support/shapes.js';
import { collideBoxBox } from './box-box.js';
import { collideBoxConvexHull } from './box-convex-hull.js';
import {
  collideConvexHullConvexHull,
  overlapConvexHullConvexHull,
} from './convex-hull-convex-hull.js';

function boxHull(h: readonly number[]): ConvexHull {
  const points: number[] = [];
  for (let i = 0; i < 8; i++) {
    points.push(i & 1 ? h[0]! : -h[0]!, i & 2 ? h[1]! : -h[1]!, i & 4 ? h[2]! : -h[2]!);
  }
  return ConvexHull.fromPoints(points);
}

interface Summary {
  normal: number[];
  points: number[][];
}

function contacts(data: CollisionData): Summary {
  const points: number[][] = [];
  for (let i = 0; i < data.contactCount; i++) {
    const c = data.contacts[i]!;
    points.push([c.point[0]!, c.point[1]!, c.point[2]!, c.penetration]);
  }
  const n = data.contactCount > 0 ? Array.from(data.contacts[0]!.normal) : [];
  return { normal: n, points };
}

/** Whether two contact sets agree as sets (each point matched within `eps`), normals within `eps`. */
function sameSet(a: Summary, b: Summary, eps: number): boolean {
  if (a.points.length !== b.points.length) return false;
  if (a.points.length === 0) return true;
  if (a.normal.some((x, k) => Math.abs(x - b.normal[k]!) > eps / 1)) return false;
  return a.points.every((p) => b.points.some((q) => p.every((x, k) => Math.abs(x - q[k]!) <= eps)));
}

/** The overlap of the two boxes' projections on `axis` (by their corners). */
function overlapAlong(first: BoxSpec, second: BoxSpec, axis: readonly number[]): number {
  const a = boxCorners(first).map((c) => dot(c, axis)),
    b = boxCorners(second).map((c) => dot(c, axis));
  return Math.min(Math.max(...a) - Math.min(...b), Math.max(...b) - Math.min(...a));
}

describe("box-shaped hulls give box-box's points, depths and normal as sets", () => {
  it('on random box-box configurations, in both orders and through box-hull', () => {
    const random = new Random(23);
    const boxData = new CollisionData({ capacity: 16, tolerance: 0.01 });
    const hullData = new CollisionData({ capacity: 16, tolerance: 0.01 });
    let compared = 0, withContacts = 0, ties = 0;
    const mismatches: string[] = [];
    for (let run = 0; run < 3000; run++) {
      const { first, second } = randomConfiguration(random, 'box-box') as {
        first: BoxSpec;
        second: BoxSpec;
      };
      const boxA = new Box(first.halfSize).setPose(first.position, first.rotation);
      const boxB = new Box(second.halfSize).setPose(second.position, second.rotation);
      const hullA = boxHull(first.halfSize).setPose(first.position, first.rotation);
      const hullB = boxHull(second.halfSize).setPose(second.position, second.rotation);
      const size = Math.max(...first.halfSize, ...second.halfSize);
      boxData.reset();
      collideBoxBox(boxA, boxB, boxData);
      const expected = contacts(boxData);
      for (
        const [name, run2] of [
          ['hull-hull', () => collideConvexHullConvexHull(hullA, hullB, hullData)],
          ['box-hull', () => collideBoxConvexHull(boxA, hullB, hullData)],
          ['hull-hull swapped', () => collide(hullB, hullA, hullData)],
        ] as const
      ) {
        hullData.reset();
        run2();
        let actual = contacts(hullData);
        if (name === 'hull-hull swapped') {
          actual = {
            ...actual,
            normal: actual.normal.map((x) => -x),
          };
        }
        compared++;
        if (!sameSet(expected, actual, 1e-9 * size)) {
          // Two faces exactly as good (a tie of separations, or of the incident face's alignment):
          // box-box breaks it by box axis order, a hull by its face codes; both answers are right.
          const tie = expected.normal.length > 0 && actual.normal.length > 0 &&
            Math.abs(
                overlapAlong(first, second, expected.normal) -
                  overlapAlong(first, second, actual.normal),
              ) <= 1e-9 * size;
          if (tie) {
            ties++;
            continue;
          }
          mismatches.push(
            `${run} ${name}: ${JSON.stringify(expected)} vs ${JSON.stringify(actual)}`,
          );
        }
      }
      if (expected.points.length > 0) withContacts++;
    }
    expect(mismatches.slice(0, 3)).toEqual([]);
    expect(ties).toBeLessThan(compared / 200);
    expect(withContacts).toBeGreaterThan(1000);
    expect(compared).toBe(9000);
  }, 60_000);
});

/** The contacts as rounded [x, y, z, depth] rows, sorted, with the normal; relative to `scale`. */
function rows(
  data: CollisionData,
  scale: number,
): { normal: number[]; points: number[][]; kinds: number[]; } {
  const round = (x: number) => Math.round((x / scale) * 1e9) / 1e9 + 0;
  const points: number[][] = [], kinds: number[] = [];
  for (let i = 0; i < data.contactCount; i++) {
    const c = data.contacts[i]!;
    points.push([...Array.from(c.point).map(round), round(c.penetration)]);
    kinds.push(c.kind);
  }
  points.sort((p, q) => p[0]! - q[0]! || p[1]! - q[1]! || p[2]! - q[2]!);
  const normal = data.contactCount > 0
    ? Array.from(data.contacts[0]!.normal).map((x) => Math.round(x * 1e9) / 1e9 + 0)
    : [];
  return { normal, points, kinds: kinds.sort() };
}

function cubeCorners(h: number): number[] {
  const points: number[] = [];
  for (let i = 0; i < 8; i++) points.push(i & 1 ? h : -h, i & 2 ? h : -h, i & 4 ? h : -h);
  return points;
}

const IDENTITY = [0, 0, 0, 1];
const s45 = Math.sin(Math.PI / 8), c45 = Math.cos(Math.PI / 8);

describe('collideConvexHullConvexHull and collideBoxConvexHull by hand, both orders, scales 1e-3, 1, 1e3', () => {
  for (const scale of [1e-3, 1, 1e3]) {
    const data = new CollisionData({ capacity: 16 });

    it(`stacks two cube hulls 0.1 deep: 4 PointFace corners at depth 0.1 (scale ${scale})`, () => {
      const below = ConvexHull.fromPoints(cubeCorners(scale));
      const above = ConvexHull.fromPoints(cubeCorners(scale)).setPose(
        [0, 1.9 * scale, 0],
        IDENTITY,
      );
      const corners = [[-1, 0.95, -1, 0.1], [-1, 0.95, 1, 0.1], [1, 0.95, -1, 0.1], [
        1,
        0.95,
        1,
        0.1,
      ]];
      for (
        const [first, second, normal] of [[above, below, [0, 1, 0]], [below, above, [
          0,
          -1,
          0,
        ]]] as const
      ) {
        data.reset();
        expect(collideConvexHullConvexHull(first, second, data)).toBe(4);
        expect(rows(data, scale)).toEqual({ normal, points: corners, kinds: [1, 1, 1, 1] });
      }
      // The box version of the lower cube: the same contacts.
      const box = new Box([scale, scale, scale]);
      data.reset();
      expect(collideBoxConvexHull(box, above, data)).toBe(4);
      expect(rows(data, scale)).toEqual({
        normal: [0, -1, 0],
        points: corners,
        kinds: [1, 1, 1, 1],
      });
      data.reset();
      expect(collide(above, box, data)).toBe(4);
      expect(rows(data, scale)).toEqual({
        normal: [0, 1, 0],
        points: corners,
        kinds: [1, 1, 1, 1],
      });
    });

    it(`hulls touching face to face exactly: 4 contacts of depth 0 (scale ${scale})`, () => {
      const below = ConvexHull.fromPoints(cubeCorners(scale));
      const above = ConvexHull.fromPoints(cubeCorners(scale)).setPose(
        [0.5 * scale, 2 * scale, 0],
        IDENTITY,
      );
      data.reset();
      expect(collide(above, below, data)).toBe(4);
      expect(rows(data, scale)).toEqual({
        normal: [0, 1, 0],
        points: [[-0.5, 1, -1, 0], [-0.5, 1, 1, 0], [1, 1, -1, 0], [1, 1, 1, 0]],
        // Two corners of the upper cube on the lower face (PointFace), two of its edges across the
        // lower face's edge (EdgeEdge).
        kinds: [1, 1, 2, 2],
      });
      expect(overlapConvexHullConvexHull(above, below)).toBe(true);
      above.setPose([0.5 * scale, 2.001 * scale, 0], IDENTITY);
      expect(overlapConvexHullConvexHull(above, below)).toBe(false);
      data.reset();
      expect(collide(above, below, data)).toBe(0);
    });

    it(`crossed edges give one EdgeEdge contact (scale ${scale})`, () => {
      // A turned 45 degrees about z (lowest edge along z at y = -sqrt 2), B about x (top edge along x at +sqrt 2).
      const r = Math.SQRT2 * scale;
      const a = ConvexHull.fromPoints(cubeCorners(scale)).setPose([0, 2 * r - 0.1 * scale, 0], [
        0,
        0,
        s45,
        c45,
      ]);
      const b = ConvexHull.fromPoints(cubeCorners(scale)).setPose([0, 0, 0], [s45, 0, 0, c45]);
      for (const [first, second, normal] of [[a, b, [0, 1, 0]], [b, a, [0, -1, 0]]] as const) {
        data.reset();
        expect(collide(first, second, data)).toBe(1);
        expect(rows(data, scale)).toEqual({
          normal,
          points: [[0, Math.SQRT2 - 0.05, 0, 0.1].map((x) => Math.round(x * 1e9) / 1e9)],
          kinds: [2],
        });
      }
    });

    it(`identical hulls at the same pose get a defined, finite answer (scale ${scale})`, () => {
      const points = cubeCorners(scale);
      const a = ConvexHull.fromPoints(points), b = ConvexHull.fromPoints(points);
      for (const [first, second] of [[a, b], [b, a]] as const) {
        data.reset();
        const count = collide(first, second, data);
        expect(count).toBe(4);
        const result = rows(data, scale);
        // Pushed apart through a face: depth 2 (the cube's side), the normal along a face axis.
        expect(result.points.every((p) => p[3] === 2)).toBe(true);
        expect(result.normal.map(Math.abs).sort()).toEqual([0, 0, 1]);
      }
    });

    it(`a tetrahedron's apex in a cube's top face: one PointFace contact (scale ${scale})`, () => {
      const tetra = ConvexHull.fromPoints(
        [0, -1, 0, 1, 1, 1, -1, 1, 1, 0, 1, -1].map((x) => x * scale),
      )
        .setPose([0.2 * scale, 1.75 * scale, 0.1 * scale], IDENTITY);
      const cube = new Box([scale, scale, scale]);
      data.reset();
      expect(collide(cube, tetra, data)).toBe(1);
      expect(rows(data, scale)).toEqual({
        normal: [0, -1, 0],
        points: [[0.2, 0.875, 0.1, 0.25]],
        kinds: [1],
      });
    });
  }

  it('reduces a 32-sided cylinder cap on a box to 8, then to maxContactsPerPair', () => {
    const points: number[] = [];
    for (let i = 0; i < 32; i++) {
      const angle = (2 * Math.PI * i) / 32;
      points.push(Math.cos(angle), -0.5, Math.sin(angle), Math.cos(angle), 0.5, Math.sin(angle));
    }
    const cylinder = ConvexHull.fromPoints(points).setPose([0, 2.45, 0], IDENTITY);
    const ground = new Box([5, 2, 5]);
    const data = new CollisionData({ capacity: 16 });
    expect(collide(ground, cylinder, data)).toBe(8);
    for (let i = 0; i < 8; i++) {
      const c = data.contacts[i]!;
      expect(c.penetration).toBeCloseTo(0.05, 12);
      expect(Math.hypot(c.point[0]!, c.point[2]!)).toBeCloseTo(1, 12);
    }
    expect(data.overflowed).toBe(false);
    data.reset();
    data.maxContactsPerPair = 4;
    expect(collide(ground, cylinder, data)).toBe(4);
    // The four kept span the cap: their centroid is near its centre.
    let cx = 0, cz = 0;
    for (let i = 0; i < 4; i++) {
      cx += data.contacts[i]!.point[0]! / 4;
      cz += data.contacts[i]!.point[2]! / 4;
    }
    expect(Math.hypot(cx, cz)).toBeLessThan(0.2);
  });
});

describe('a speculative tolerance never makes a touching pair report a gap (fuzz/FINDINGS.md F9)', () => {
  // Found by hull-properties.test.ts: a box (half sizes about 200) and a 15-point hull touching
  // edge to edge. At tolerances up to 0.1 the edge contact says they touch; at 6.79 (3% of their
  // size) the box face, chosen by the face preference, was clipped against the hull and its
  // points, 0.14 from the hull, were reported: penetration -0.14 for a touching pair.
  const box: BoxSpec = {
    kind: 'box',
    halfSize: [225.5139120731027, 239.49101680786245, 162.84822595506785],
    position: [-329.08317910281176, 163.53649830602194, -304.62386884558816],
    rotation: [0, 0.34708124014146774, 0, -0.9378350669184112],
  };
  const hull: HullSpec = {
    kind: 'hull',
    points: [
      [30.17028474030376, -39.019261918185556, 238.1227325809902],
      [210.32636050243468, -101.81886638295016, 67.3121473441426],
      [189.25932178271492, -31.08311113171316, -149.4989430548226],
      [-143.8165463077858, -69.54613108656699, -183.3448153419651],
      [-239.09846772129043, 38.66354763156066, -21.731025554764344],
      [213.37714194200353, 98.81017612506264, -61.983296496595955],
      [141.19326919104856, -30.904833094820795, -195.5621044075618],
      [120.91630068990008, -76.55056674241732, 196.60733356788379],
      [211.54165702127773, -97.510572752464, 69.83552247937484],
      [240.7076344647936, -15.229888792489142, 31.03336674485161],
      [165.97760292756132, -177.4810637469027, -9.332309011032859],
      [-7.93594542010711, 241.75658455943932, 25.019177569066596],
      [55.80093674736786, 46.64891838259544, 232.0459405497949],
      [-175.36443473198065, 125.56043435340808, 112.32576289482812],
      [-35.22952493929387, -152.62498553854286, 186.00988956423794],
    ],
    position: [0, 0, 0],
    rotation: [0, 0.999750304469667, 0, -0.022345664295523895],
  };
  const size = 241.76;
  const pose = (spec: BoxSpec | HullSpec) =>
    [spec.position as Vec3, spec.rotation as Quat] as const;
  const boxShape = new Box(box.halfSize).setPose(...pose(box));
  const boxAsHull = ConvexHull.fromPoints(
    boxCorners({ ...box, position: [0, 0, 0], rotation: [0, 0, 0, 1] }),
  )
    .setPose(...pose(box));
  const hullShape = ConvexHull.fromPoints(hull.points).setPose(...pose(hull));
  const pairs = [
    ['box-hull', boxShape, hullShape],
    ['hull-box', hullShape, boxShape],
    ['hull-hull', boxAsHull, hullShape],
    ['hull-hull swapped', hullShape, boxAsHull],
  ] as const;

  for (const [name, first, second] of pairs) {
    it(`${name}: at tolerances up to 20, no gap larger than between two surface points`, () => {
      // Two points, one on each surface (checked by brute force), as close as the pair: the
      // witnesses of the contact at a tolerance of 1e-9 of the size (the pair touches, so at 0 the
      // round-off decides). No speculative contact may report a larger gap.
      const exact = new CollisionData({
        capacity: 8,
        maxContactsPerPair: 4,
        tolerance: 1e-9 * size,
      });
      expect(collide(first, second, exact)).toBe(1);
      const c = exact.contacts[0]!;
      const half = c.penetration / 2;
      const onFirst = [0, 1, 2].map((k) => c.point[k]! - c.normal[k]! * half) as Vec3;
      const onSecond = [0, 1, 2].map((k) => c.point[k]! + c.normal[k]! * half) as Vec3;
      const firstSpec = first === hullShape ? hull : box,
        secondSpec = second === hullShape ? hull : box;
      expect(hullSurfaceDistance(firstSpec, onFirst)).toBeLessThan(1e-9 * size);
      expect(hullSurfaceDistance(secondSpec, onSecond)).toBeLessThan(1e-9 * size);
      const apart = Math.hypot(...onFirst.map((x, k) => x - onSecond[k]!));
      expect(apart).toBeLessThan(1e-9 * size);
      for (const tolerance of [1e-9 * size, 0.1, 1, 6.785357980602137, 20]) {
        const data = new CollisionData({ capacity: 8, tolerance, maxContactsPerPair: 4 });
        expect(collide(first, second, data)).toBeGreaterThan(0);
        let deepest = -Infinity;
        for (let i = 0; i < data.contactCount; i++) {
          deepest = Math.max(deepest, data.contacts[i]!.penetration);
        }
        expect(deepest).toBeGreaterThanOrEqual(-apart - 1e-9 * size);
      }
    });
  }
});

describe('a face at right angles to the declined edge axis describes no contact (fuzz/FINDINGS.md F123)', () => {
  // The adversarial suite's case: a long box deep inside an octagonal prism. The least-overlap
  // axis is an edge pair (a box edge across the prism's side edges, at right angles to the
  // prism's axis); the face preference declines it, and the caps, the faces within the margin,
  // both lie at right angles to it. Which cap "pointed along" the axis was the sign of round-off,
  // so a rigid motion swapped the shallow cap for the deep one.
  const octagon = [
    [-37.1161437284305, 0.21642978144113378, 7.82819942281353],
    [40.660058940802585, -29.51322145806225, 5.180435045225597],
    [5.6644566259794695, 29.513221458062254, 9.032275121630565],
    [-5.18043504521355, -29.513221458125273, 40.66005894075925],
    [-32.414124149729055, 29.51322145806696, 25.08788265044425],
    [25.087882650510767, -29.51322145806225, 32.41412415046168],
    [-25.087882650510767, -29.51322145806225, -32.41412415046168],
    [25.087882650510767, 29.51322145806225, 32.41412415046168],
    [-40.66005894080259, 29.51322145806225, -5.180435045225599],
    [5.180435045225594, -29.51322145806225, -40.66005894080259],
    [-32.41412415046169, -29.51322145806225, 25.087882650510764],
    [5.180435045225594, 29.51322145806225, -40.66005894080259],
    [-32.41412415046169, 29.51322145806225, 25.087882650510764],
    [32.41412415046168, 29.51322145806225, -25.087882650510767],
    [32.41412415046168, -29.51322145806225, -25.087882650510767],
    [-40.66005894080259, -29.51322145806225, -5.180435045225599],
    [-25.087882650510767, 29.51322145806225, -32.41412415046168],
    [-5.180435045225595, 29.51322145806225, 40.66005894080259],
    [40.660058940802585, 29.51322145806225, 5.180435045225597],
    [-5.180435045225595, -29.51322145806225, 40.66005894080259],
  ];
  const half = [7.116584594220728, 8.566225372243482, 27.76006734987314];
  const boxAt: Vec3 = [-0.14837315281550045, 0.2507211693895568, 0.22790671205595145];
  const boxTurn: Quat = [
    -0.8590059234252783,
    -0.11559890618222717,
    0.2066373596920708,
    -0.45392369181311465,
  ];
  const prismTurn: Quat = [
    -0.6746967937405174,
    -0.42892273454028174,
    0.27381014354675604,
    -0.5346377554958661,
  ];
  const rotate = (q: Quat, v: readonly number[]): Vec3 => {
    const [x, y, z, w] = q, [vx, vy, vz] = v as Vec3;
    const tx = 2 * (y * vz - z * vy), ty = 2 * (z * vx - x * vz), tz = 2 * (x * vy - y * vx);
    return [
      vx + w * tx + (y * tz - z * ty),
      vy + w * ty + (z * tx - x * tz),
      vz + w * tz + (x * ty - y * tx),
    ];
  };
  const compose = (p: Quat, q: Quat): Quat => [
    p[3] * q[0] + p[0] * q[3] + p[1] * q[2] - p[2] * q[1],
    p[3] * q[1] - p[0] * q[2] + p[1] * q[3] + p[2] * q[0],
    p[3] * q[2] + p[0] * q[1] - p[1] * q[0] + p[2] * q[3],
    p[3] * q[3] - p[0] * q[0] - p[1] * q[1] - p[2] * q[2],
  ];
  const deepest = (data: CollisionData): number => {
    let d = -Infinity;
    for (let i = 0; i < data.contactCount; i++) d = Math.max(d, data.contacts[i]!.penetration);
    return d;
  };

  for (const scale of [1e-3, 1, 1e3]) {
    it(`keeps the shallow cap under 40 rigid motions, both orders, scale ${scale}`, () => {
      const prism = ConvexHull.fromPoints(octagon.map((p) => p.map((x) => x * scale)));
      const h = half.map((x) => x * scale);
      const box = new Box(h), boxAsHull = boxHull(h);
      const random = new Random(123);
      const data = new CollisionData({ capacity: 16 });
      for (let k = 0; k < 40; k++) {
        const turn = random.rotation();
        const shift = [0, 1, 2].map(() => random.range(-100, 100) * scale) as Vec3;
        const boxPose = rotate(turn, boxAt.map((x) => x * scale)).map((x, i) => x + shift[i]!);
        const boxRotation = compose(turn, boxTurn), prismRotation = compose(turn, prismTurn);
        box.setPose(boxPose, boxRotation);
        boxAsHull.setPose(boxPose, boxRotation);
        prism.setPose(shift, prismRotation);
        // The expected depth by projection alone: the prism's caps are the planes y = +-29.5 of
        // its points, so along its local y the box must move the shorter of the two ways out.
        const up = rotate(prismRotation, [0, 1, 0]);
        const corners = boxCorners({
          kind: 'box',
          halfSize: h as Vec3,
          position: boxPose as Vec3,
          rotation: boxRotation,
        })
          .map((c) => dot(c, up));
        const caps = octagon.map((p) =>
          dot(rotate(prismRotation, p.map((x) => x * scale)), up) + dot(shift, up)
        );
        const outUp = Math.max(...caps) - Math.min(...corners);
        const outDown = Math.max(...corners) - Math.min(...caps);
        expect(Math.abs(outUp - outDown)).toBeGreaterThan(1e-3 * scale);
        const expected = Math.min(outUp, outDown);
        for (
          const run of [
            () => collideBoxConvexHull(box, prism, data),
            () => collide(prism, box, data),
            () => collideConvexHullConvexHull(boxAsHull, prism, data),
            () => collideConvexHullConvexHull(prism, boxAsHull, data),
          ]
        ) {
          data.reset();
          expect(run()).toBeGreaterThan(0);
          expect(Math.abs(deepest(data) - expected)).toBeLessThan(1e-9 * scale);
        }
      }
    });
  }
});
