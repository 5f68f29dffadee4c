/**
 * FINDINGS.md F133 (`face-in-prism` in `deep`) and F134 (`witness-on-surface` in `near-duplicate`,
 * `face-in-prism` in `tiny-offset`): a face reaches beyond an edge closed as a crack by the gap
 * across it (F113), so a sphere's or capsule's face contact over the crack has its point, or a
 * capsule's side cut by the crack edge's wall its witness, up to that gap off its triangle, in
 * the crack. That is the contacts3d README's contract (the crack counts as the surface there),
 * and the properties now accept a witness within the mesh's widest crack of an edge with no
 * neighbour when another triangle's edge runs against it within that width (`inClosedCrack`).
 * Two unit squares side by side, a crack 9e-7 wide between them (closed: the widest closed there
 * is 1.02e-6), 100 shells about 2e-7: the witnesses lie 4.5e-7 and 9e-7 off their triangles.
 */
import { describe, expect, it } from 'vitest';
import type { Quat } from './mesh-oracle3d.js';
import { inClosedCrack, type MeshConfig, meshSubjects } from './mesh3d.js';
import type { Vec3 } from './oracle3d.js';

const GAP = 9e-7;
/** A turn about a tilted axis, so every coordinate carries round-off. */
const FLOOR_TURN: Quat = [
  0.2018896727125605,
  -0.6917319297562429,
  -0.4949111011601956,
  -0.48560323243994374,
];

/** `p` turned by FLOOR_TURN (x, y, z, w): p + 2w (u x p) + 2 u x (u x p). */
function turn(p: readonly number[]): Vec3 {
  const [x, y, z, w] = FLOOR_TURN;
  const cx = y * p[2]! - z * p[1]!, cy = z * p[0]! - x * p[2]!, cz = x * p[1]! - y * p[0]!;
  return [
    p[0]! + 2 * (w * cx + y * cz - z * cy),
    p[1]! + 2 * (w * cy + z * cx - x * cz),
    p[2]! + 2 * (w * cz + x * cy - y * cx),
  ];
}

/**
 * The squares [0, 1] and [1 + GAP, 2 + GAP] by [0, 1] in y = 0 at `scale`, turned, and a shape
 * of radius 0.25 over them (z = 0.5): a sphere sunk 1e-3 with its centre at x = 1 + GAP / 2 (in
 * the crack's middle), or a capsule along x from x = 0.5 to 1.5 rising 0.002 per unit, 1.4e-3
 * deep at its low end, 4e-4 at the crack and clear of the floor past x = 1.2, so its contacts
 * are its low end and, on the left square, its side cut by the crack edge's wall (the far end
 * of the row; the right square's cut at x = 1 lies between them and is not kept).
 */
function config(scale: number, kind: 'sphere' | 'capsule'): MeshConfig {
  const r = 0.25 * scale, rise = 0.002;
  const corners = [[0, 0], [0, 1], [1, 1], [1, 0], [1 + GAP, 0], [1 + GAP, 1], [2 + GAP, 1], [
    2 + GAP,
    0,
  ]];
  // The capsule's axis (its local y) along (1, rise, 0) of the floor: a turn about the floor's z.
  const half = Math.acos(rise / Math.hypot(1, rise)) / 2;
  const capsuleTurn = multiplyQuat(FLOOR_TURN, [0, 0, -Math.sin(half), Math.cos(half)]);
  return {
    fixed: {
      surface: {
        kind: 'mesh',
        vertices: corners.flatMap(([cx, cz]) => [cx! * scale, 0, cz! * scale]),
        indices: [0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7],
        twoSided: false,
      },
      position: [0, 0, 0],
      quaternion: FLOOR_TURN,
      flat: { height: 0, region: [0, 0, (2 + GAP) * scale, scale] },
    },
    moving: kind === 'sphere'
      ? {
        kind,
        radius: r,
        halfLength: 0,
        position: turn([(1 + GAP / 2) * scale, r - 1e-3 * scale, 0.5 * scale]),
        quaternion: FLOOR_TURN,
      }
      : {
        kind,
        radius: r,
        halfLength: 0.5 * Math.hypot(1, rise) * scale,
        position: turn([scale, r - rise * 0.2 * scale, 0.5 * scale]),
        quaternion: capsuleTurn,
      },
  };
}

/** The product a b of two quaternions (x, y, z, w): b's turn, then a's. */
function multiplyQuat(a: Quat, b: Quat): Quat {
  const [ax, ay, az, aw] = a, [bx, by, bz, bw] = b;
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

const subjects = meshSubjects([
  { detector: 'collideSphereTriangleMesh', moving: 'Sphere', fixed: 'TriangleMesh' },
  { detector: 'collideCapsuleTriangleMesh', moving: 'Capsule', fixed: 'TriangleMesh' },
]);
const property = (subject: number, name: string) =>
  subjects[subject]!.properties.find((p) => p.name === name)!;

/** A point on the floor's plane at (x, z) of the unscaled squares, in the world. */
function onFloor(scale: number, x: number, z: number): Vec3 {
  return turn([x * scale, 0, z * scale]);
}

describe('test_f133: a face contact over a closed crack lies in the crack, which counts as the surface', () => {
  for (const scale of [1e-3, 1, 1e3]) {
    it(`test_f133_sphere_over_the_crack_is_in_the_prism_and_on_the_surface (scale ${scale})`, () => {
      // The centre in the crack's middle, 4.5e-7 off each square's prism; both faces reach it.
      const c = config(scale, 'sphere');
      expect(property(0, 'face-in-prism').check(c)).toBeNull();
      expect(property(0, 'witness-on-surface').check(c)).toBeNull();
      // Both argument orders through collide give the same contacts (the suite's own check).
      expect(property(0, 'swap-symmetric').check(c)).toBeNull();
    });

    it(`test_f134_capsule_side_cut_by_the_crack_wall_names_an_edge_it_lies_by (scale ${scale})`, () => {
      // The left square's wall over the crack cuts the side GAP beyond the square's edge, named by
      // that edge (FINDINGS.md F11), its witness GAP off the edge.
      const c = config(scale, 'capsule');
      expect(property(1, 'witness-on-surface').check(c)).toBeNull();
      expect(property(1, 'face-in-prism').check(c)).toBeNull();
      expect(property(1, 'swap-symmetric').check(c)).toBeNull();
    });

    it(`test_f133_in_closed_crack_only_between_a_crack_s_two_sides (scale ${scale})`, () => {
      const c = config(scale, 'sphere'), tolerance = 1e-9 * scale;
      // Triangle 1 (0, 2, 3) has the crack's edge x = 1 (2 to 3) and no neighbour there; its face
      // code is 8, that edge's 8 + 1 + 1.
      expect(inClosedCrack(c, 8, onFloor(scale, 1 + GAP / 2, 0.5), tolerance)).toBe(true);
      expect(inClosedCrack(c, 10, onFloor(scale, 1 + GAP, 0.5), tolerance)).toBe(true);
      // As far beyond the outer border x = 0 (triangle 0's edge 0 to 1): no triangle across.
      expect(inClosedCrack(c, 0, onFloor(scale, -GAP / 2, 0.5), tolerance)).toBe(false);
      // Beyond the square on the far side of the crack: farther than the widest crack (1.44e-6).
      expect(inClosedCrack(c, 8, onFloor(scale, 1 + 2e-6, 0.5), tolerance)).toBe(false);
      // Off the named edge along it (beyond its end), though beside the crack.
      expect(inClosedCrack(c, 10, onFloor(scale, 1 + GAP / 2, 1 + 1e-3), tolerance)).toBe(false);
    });
  }
});
