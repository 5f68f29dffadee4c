/**
 * FINDINGS.md F133 and F134: needles (triangles of vertex copies whose height over their longest
 * edge is below that edge's crack width) lying along a crack. A needle has no plane and no side
 * of its own: its normal, and which side of a line its corners fall on, are round-off, so the
 * crack sweep judged a line of needles by round-off. A needle tilted out of the floor vetoed the
 * floor's edges along the crack as a crease, and a needle whose corners all lay inside the floor
 * triangle beside it was across neither edge, so its long edge stayed open. Now a needle vetoes
 * nothing, and its edges are also flat when edges of other triangles in one plane cover them on
 * both sides (triangle-mesh.ts, `CrackSweep.isNeedleCovered`).
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import { Sphere } from '../shapes/primitives.js';
import { upwardFloor } from '../test-support/mesh-scenes.js';
import { EdgeFlag } from './mesh-triangle.js';
import { TriangleMesh } from './triangle-mesh.js';

const SCALES = [1e-3, 1, 1e3];
const ORDERS = [1, -1] as const;
const R = Math.SQRT1_2;

/** The point at `t` along the diagonal x = z of the square [-1, 1]^2, moved `off` along (1, -1) / sqrt 2. */
function onDiagonal(t: number, off = 0): number[] {
  return [t + off * R, t - off * R];
}

/**
 * (x, z) in y = 0. The square split along its diagonal into L (P0 P2 P3, its copies of P0 and P2
 * 6e-10 across the diagonal) and R (P1 with copies 2e-9 across): a crack 1.4e-9 wide, far below its
 * crack width (2.8e-6 at scale 1). Along it, corners within 4e-10 of the diagonal: A, M, B, N, C,
 * and A' (a copy of A).
 */
const LINE_POINTS = [
  onDiagonal(-1, 6e-10),
  [1, -1],
  onDiagonal(1, 6e-10),
  [-1, 1],
  onDiagonal(-1, 2e-9),
  onDiagonal(1, 2e-9),
  onDiagonal(-0.6, 1e-10),
  onDiagonal(-0.3, 3e-10),
  onDiagonal(0, 1e-10),
  onDiagonal(0.3, 4e-10),
  onDiagonal(0.6, 1e-10),
  onDiagonal(-0.6, -2e-10),
];
/**
 * L, R, then three needles: A M B (every corner inside L, by round-off, so across neither L's edge
 * nor R's), B N C, and A A' B.
 */
const LINE_TRIANGLES = [[0, 2, 3], [4, 1, 5], [6, 7, 8], [8, 9, 10], [6, 11, 8]];
/** The needle B N C's corner N. */
const N = 9;

/**
 * The line of needles at scale s; `tilted`: N raised 3e-10 s out of the floor, so that needle's
 * normal lies 0.79 rad from the floor's.
 */
function needleLine(s: number, tilted: boolean): TriangleMesh {
  const floor = upwardFloor(LINE_POINTS, LINE_TRIANGLES, s);
  if (!tilted) return floor;
  const positions = Array.from(floor.positions);
  positions[3 * N + 1] = 3e-10 * s;
  return new TriangleMesh(positions, floor.triangleVertices);
}

/**
 * (x, z) in y = 0. The square split in two, a needle outside it along its border z = -1 (within
 * 3e-10 of it, nothing beyond), and a needle alone far from it (slot 3).
 */
const BORDER_POINTS = [
  [-1, -1],
  [1, -1],
  [1, 1],
  [-1, 1],
  [-0.8, -1 - 1e-10],
  [-0.2, -1 - 3e-10],
  [0.5, -1 - 1e-10],
  [3, 3],
  [4, 3 + 2e-10],
  [5, 3],
];
const BORDER_TRIANGLES = [[0, 1, 2], [0, 2, 3], [4, 5, 6], [7, 8, 9]];

/** Edge k of slot t runs between two points within `within` of the line a x + b z = c. */
function edgeOnLine(
  mesh: TriangleMesh,
  t: number,
  k: number,
  line: number[],
  within: number,
): boolean {
  const p = mesh.positions, tv = mesh.triangleVertices;
  return [tv[3 * t + k]!, tv[3 * t + (k + 1) % 3]!].every((v) =>
    Math.abs(line[0]! * p[3 * v]! + line[1]! * p[3 * v + 2]! - line[2]!) <= within
  );
}

/**
 * The shape's contacts with the mesh through `collide` in both orders: every normal the floor's
 * (up, from the mesh toward the shape) and the deepest depth the plane's, `depth`.
 */
function expectFloorContacts(
  shape: Sphere | Capsule,
  mesh: TriangleMesh,
  depth: number,
  s: number,
  where: string,
) {
  const data = new CollisionData({ capacity: 32 });
  for (const order of ORDERS) {
    data.reset();
    const count = order === 1 ? collide(shape, mesh, data) : collide(mesh, shape, data);
    expect(count, `${where}, order ${order}`).toBeGreaterThan(0);
    let deepest = -Infinity;
    for (const c of data.contacts.slice(0, count)) {
      const off = Math.hypot(c.normal[0]!, c.normal[1]! - order, c.normal[2]!);
      expect(off, `normal ${where}, order ${order}`).toBeLessThan(1e-9);
      deepest = Math.max(deepest, c.penetration);
    }
    // The floor is flat: the plane's depth is the overlap.
    expect(Math.abs(deepest - depth), `${where}, order ${order}`).toBeLessThan(1e-9 * s);
  }
}

describe('test_f133: a line of needles along a crack between two floor triangles', () => {
  for (const s of SCALES) {
    for (const tilted of [false, true]) {
      const variant = `${tilted ? 'one needle tilted' : 'corners inside L'}, scale ${s}`;

      it(`test_f133_every_edge_along_the_needle_line_is_flat (${variant})`, () => {
        const mesh = needleLine(s, tilted);
        expect(mesh.triangleCount).toBe(5);
        // L's and R's edges along the diagonal, and every needle edge.
        for (const t of [0, 1]) {
          const k = [0, 1, 2].find((k) => edgeOnLine(mesh, t, k, [1, -1, 0], 1e-8 * s))!;
          expect(mesh.edgeFlags[3 * t + k], `slot ${t} edge ${k}`).toBe(EdgeFlag.Flat);
        }
        for (const t of [2, 3, 4]) {
          for (let k = 0; k < 3; k++) {
            expect(mesh.edgeFlags[3 * t + k], `slot ${t} edge ${k}`).toBe(EdgeFlag.Flat);
          }
        }
      });

      it(`test_f133_sphere_and_capsule_over_the_needle_line_get_the_floor_normal (${variant})`, () => {
        const mesh = needleLine(s, tilted);
        const r = 0.2 * s, depth = 0.01 * r;
        for (const along of [-0.75, -0.45, -0.15, 0, 0.15, 0.45, 0.75]) {
          for (const across of [-0.01, -0.002, 0.002, 0.01]) {
            const [x, z] = onDiagonal(along, across).map((c) => c * s) as [number, number];
            const where = `at ${along}, ${across}`;
            expectFloorContacts(
              new Sphere(r).setPose([x, r - depth, z], [0, 0, 0, 1]),
              mesh,
              depth,
              s,
              where,
            );
            // Lying level along z and along x, across the line at 45 degrees.
            for (const turn of [[R, 0, 0, R], [0, 0, R, R]]) {
              const capsule = new Capsule(r, 0.5 * r).setPose([x, r - depth, z], turn);
              expectFloorContacts(
                capsule,
                mesh,
                depth,
                s,
                `capsule ${where}, turn ${turn.join(' ')}`,
              );
            }
          }
        }
      });
    }
  }
});

describe('test_f133: a needle alone keeps its boundaries', () => {
  for (const s of SCALES) {
    const mesh = upwardFloor(BORDER_POINTS, BORDER_TRIANGLES, s);

    it(`test_f133_lone_needle_keeps_its_boundaries (scale ${s})`, () => {
      for (let k = 0; k < 3; k++) {
        expect(mesh.edgeFlags[9 + k], `edge ${k}`).toBe(EdgeFlag.Boundary);
      }
    });
  }
});
