/**
 * FINDINGS.md F75: cracks in a flat floor that the crack rule of F68 left open, so a sphere over
 * them got edge or vertex contacts tilted off the floor's normal. Two causes, each with a floor
 * built by hand (y = 0, fronts up) at scales 1e-3, 1 and 1e3 and near 1e5:
 * - a wedge: a needle of zero area (dropped) between an edge and two edges that leave its start
 *   at an angle of 1e-5 rad, its short side along the edge 2e-6 long, twice the crack width. No
 *   edge across lies within the width along its whole length, though the wedge is no wider than
 *   round-off near the corner (the fuzz run's `on-edge` and `far-1e5` cases);
 * - pieces of one split edge on one line: a sliver whose corner off the crack edge lies on the
 *   line of the edges across, exactly, so it was on neither side of them, though its other
 *   corner is beyond (the `on-vertex` cases).
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import { Sphere } from '../shapes/primitives.js';
import { EdgeFlag } from './mesh-triangle.js';
import { TriangleMesh } from './triangle-mesh.js';

/** The fuzz suite's bound on a normal off a flat floor (its `flat-floor-cracked` property). */
const MAX_ANGLE = 1e-9;
const PLACES: { name: string; scale: number; offset: number; }[] = [
  { name: 'scale 1e-3', scale: 1e-3, offset: 0 },
  { name: 'scale 1', scale: 1, offset: 0 },
  { name: 'scale 1e3', scale: 1e3, offset: 0 },
  { name: 'near 1e5', scale: 1, offset: 1e5 },
];

type Point = [number, number];

/**
 * A mesh in y = 0 from corners (x, z) scaled and moved by `offset` along x and z, each triangle
 * wound counter-clockwise seen from +y (its front up).
 */
function floor(
  corners: Record<string, Point>,
  triangles: string[][],
  scale: number,
  offset: number,
): TriangleMesh {
  const names = Object.keys(corners);
  const vertices = names.flatMap((n) => [
    corners[n]![0] * scale + offset,
    0,
    corners[n]![1] * scale + offset,
  ]);
  const indices = triangles.flatMap(([a, b, c]) => {
    const [p, q, r] = [corners[a!]!, corners[b!]!, corners[c!]!];
    // The y component of (q - p) x (r - p): positive when the front faces +y.
    const up = (q[1] - p[1]) * (r[0] - p[0]) - (q[0] - p[0]) * (r[1] - p[1]);
    const order = up > 0 ? [a!, b!, c!] : [a!, c!, b!];
    return order.map((n) => names.indexOf(n));
  });
  return new TriangleMesh(vertices, indices);
}

/**
 * The wedge: the square [0, 1] x [-1, 1]; edge O-B of the triangle below runs along z = 0. Above
 * it the needle O X Y (X 2e-6 along, Y 5e-6 above the edge at its middle: twice its area is 1e-11,
 * 4e-11 of its longest edge squared) is dropped; P's edge X-B covers the edge from X on, Q's
 * edge O-Y leaves O at 1e-5 rad.
 */
const WEDGE = {
  corners: {
    O: [0, 0],
    B: [1, 0],
    X: [2e-6, 0],
    Y: [0.5, 5e-6],
    C1: [0, -1],
    C2: [1, -1],
    D: [0, 1],
    E: [1, 1],
  } as Record<string, Point>,
  triangles: [
    ['O', 'B', 'C2'],
    ['O', 'C2', 'C1'],
    ['O', 'X', 'Y'],
    ['X', 'B', 'Y'],
    ['Y', 'B', 'E'],
    ['Y', 'E', 'D'],
    ['O', 'Y', 'D'],
  ],
  /** The crack's edges: O-B (triangle 0), X-Y (triangle 3), Y-O (triangle 6). */
  crackEdges: [[0, 'O', 'B'], [3, 'X', 'Y'], [6, 'O', 'Y']] as [number, string, string][],
  /** Over the wedge: its width at x is 1e-5 x. */
  inCrack: (x: number, f: number): Point => [x, f * 1e-5 * x],
};

/**
 * Pieces of one split edge: z = 0 from (-1, 0) to (1, 0) split at (0, 0) and (1e-5, 0). Below
 * it, fat triangles; above it the sliver S = P0 P1 Q, Q 1e-7 above the line at x = 1: its edge
 * P1-Q is the crack edge, the edges P1-P2 and P2-P3 below run against it, and S's corner off
 * that edge, P0, lies on their line.
 */
const SPLIT = {
  corners: {
    P0: [-1, 0],
    P1: [0, 0],
    P2: [1e-5, 0],
    P3: [1, 0],
    Q: [1, 1e-7],
    Dl: [-1, -1],
    Dr: [1, -1],
    Ul: [-1, 1],
    Ur: [1, 1],
  } as Record<string, Point>,
  triangles: [
    ['P0', 'P1', 'Dl'],
    ['P1', 'P2', 'Dl'],
    ['P2', 'Dr', 'Dl'],
    ['P2', 'P3', 'Dr'],
    ['P0', 'P1', 'Q'],
    ['P0', 'Q', 'Ul'],
    ['Q', 'Ur', 'Ul'],
  ],
  /** The crack's edges: P1-P2 (triangle 1), P2-P3 (triangle 3), P1-Q (triangle 4). */
  crackEdges: [[1, 'P1', 'P2'], [3, 'P2', 'P3'], [4, 'P1', 'Q']] as [number, string, string][],
  /** Over the crack: its width at x is 1e-7 x. */
  inCrack: (x: number, f: number): Point => [x, f * 1e-7 * x],
};

/** The flag of the edge of `slot` (the caller's triangle index: none is dropped before it) from a to b. */
function edgeFlag(
  mesh: TriangleMesh,
  corners: Record<string, Point>,
  scale: number,
  offset: number,
  [slot, a, b]: [number, string, string],
): number {
  const at = (n: string) => [corners[n]![0] * scale + offset, 0, corners[n]![1] * scale + offset];
  const t = Array.from(mesh.triangleIndex).indexOf(slot);
  const p = mesh.positions, tv = mesh.triangleVertices;
  const same = (v: number, q: number[]) =>
    p[3 * v] === q[0] && p[3 * v + 1] === q[1] && p[3 * v + 2] === q[2];
  for (let k = 0; k < 3; k++) {
    const u = tv[3 * t + k]!, w = tv[3 * t + (k + 1) % 3]!;
    if ((same(u, at(a)) && same(w, at(b))) || (same(u, at(b)) && same(w, at(a)))) {
      return mesh.edgeFlags[3 * t + k]!;
    }
  }
  throw new Error(`triangle ${slot} has no edge ${a}-${b}`);
}

for (
  const [name, floorCase, xs] of [
    ['wedge', WEDGE, [0.05, 0.2, 0.35, 0.45]],
    ['split_edge', SPLIT, [0.1, 0.5, 0.9]],
  ] as const
) {
  describe(`test_f75_${name}: a crack the old rule left open (FINDINGS.md F75)`, () => {
    for (const { name: place, scale: s, offset } of PLACES) {
      const mesh = floor(floorCase.corners, floorCase.triangles, s, offset);

      it(`test_f75_${name}_crack_edges_are_flat (${place})`, () => {
        if (floorCase === WEDGE) expect(Array.from(mesh.degenerateTriangles)).toEqual([2]);
        for (const edge of floorCase.crackEdges) {
          expect(edgeFlag(mesh, floorCase.corners, s, offset, edge)).toBe(EdgeFlag.Flat);
        }
      });

      it(`test_f75_${name}_sphere_and_capsule_over_it_get_the_floor_normal (${place})`, () => {
        const r = 0.1 * s, depth = 1e-3 * s;
        const data = new CollisionData({ capacity: 16 });
        for (const x of xs) {
          // Beside the crack on either side, on its edges and inside it.
          for (const f of [-0.5, 0, 0.25, 0.5, 0.75, 1, 1.5]) {
            const [fx, fz] = floorCase.inCrack(x, f);
            const centre: [number, number, number] = [fx * s + offset, r - depth, fz * s + offset];
            const shapes = [
              new Sphere(r).setPose(centre, [0, 0, 0, 1]),
              // Lying along z, across the crack.
              new Capsule(r, 0.05 * s).setPose(centre, [Math.SQRT1_2, 0, 0, Math.SQRT1_2]),
            ];
            for (const shape of shapes) {
              for (const order of [1, -1]) {
                data.reset();
                const count = order === 1 ? collide(shape, mesh, data) : collide(mesh, shape, data);
                expect(count).toBeGreaterThan(0);
                let deepest = -Infinity;
                for (const c of data.contacts.slice(0, count)) {
                  const off = Math.hypot(c.normal[0]!, c.normal[1]! - order, c.normal[2]!);
                  expect(off, `normal at x ${x}, f ${f}, order ${order}`).toBeLessThan(MAX_ANGLE);
                  deepest = Math.max(deepest, c.penetration);
                }
                expect(Math.abs(deepest - depth)).toBeLessThan(1e-9 * s + 1e-11 * offset);
              }
            }
          }
        }
      });
    }
  });
}

/**
 * FINDINGS.md F113: a core right over a crack the build closed (its edges `Flat`) met neither
 * face, whose prisms end at their edges, and the flat edges give no contact: a ball resting
 * across a crack 1e-7 wide (a tenth of the widest closed) got nothing. Each face now reaches the
 * crack's width beyond such an edge. Two unit squares side by side, `gap` apart along x.
 */
describe('test_f113: a shape right over a closed crack meets the faces beside it', () => {
  function twoSquares(s: number, offset: number, gap: number): TriangleMesh {
    return floor(
      {
        A: [0, 0],
        B: [0, 1],
        C: [1, 1],
        D: [1, 0],
        E: [1 + gap, 0],
        F: [1 + gap, 1],
        G: [2, 1],
        H: [2, 0],
      },
      [['A', 'B', 'C'], ['A', 'C', 'D'], ['E', 'F', 'G'], ['E', 'G', 'H']],
      s,
      offset,
    );
  }

  for (const { name: place, scale: s, offset } of PLACES) {
    for (const gap of [1e-7, 9e-7]) {
      it(`test_f113_ball_and_capsule_over_a_crack_of_${gap}_get_the_floor (${place})`, () => {
        const mesh = twoSquares(s, offset, gap);
        const r = 0.25 * s, depth = 1e-3 * s;
        const data = new CollisionData({ capacity: 16 });
        for (const f of [0.1, 0.5, 0.9]) {
          for (const z of [0.2, 0.5, 0.8]) {
            const centre: [number, number, number] = [
              (1 + f * gap) * s + offset,
              r - depth,
              z * s + offset,
            ];
            const shapes = [
              new Sphere(r).setPose(centre, [0, 0, 0, 1]),
              // Lying along the crack.
              new Capsule(r, 0.05 * s).setPose(centre, [Math.SQRT1_2, 0, 0, Math.SQRT1_2]),
            ];
            for (const shape of shapes) {
              for (const order of [1, -1]) {
                data.reset();
                const count = order === 1 ? collide(shape, mesh, data) : collide(mesh, shape, data);
                expect(count, `at f ${f}, z ${z}, order ${order}`).toBeGreaterThan(0);
                let deepest = -Infinity;
                for (const c of data.contacts.slice(0, count)) {
                  const off = Math.hypot(c.normal[0]!, c.normal[1]! - order, c.normal[2]!);
                  expect(off).toBeLessThan(MAX_ANGLE);
                  deepest = Math.max(deepest, c.penetration);
                }
                expect(Math.abs(deepest - depth)).toBeLessThan(1e-9 * s + 1e-11 * offset);
              }
            }
          }
        }
      });
    }
  }
});
