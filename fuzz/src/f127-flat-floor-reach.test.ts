/**
 * FINDINGS.md F127: a plate standing 0.04 to 0.13 inside a square floor's border, sunk 0.144,
 * got a contact at the boundary edge with the edge's outward normal and depth 0.1318, the
 * distance that pushes all of it past the border (a slab's side frees it so), where lifting it
 * out takes 0.144. The normal lies in the boundary edge's cone, the half-space beyond it; the
 * `flat-floor` property demanded the floor's normal because it measured a box's reach as
 * nothing. A box's reach is its depth: the property now skips a box within its depth of the
 * border, and still checks the same plate moved inward.
 */
import { describe, expect, it } from 'vitest';
import type { Quat } from './mesh-oracle3d.js';
import { type MeshConfig, meshSubjects } from './mesh3d.js';
import type { Vec3 } from './oracle3d.js';

const SIDE = 2.266270523890853;
const FLOOR_TURN: Quat = [
  0.2018896727125605,
  -0.6917319297562429,
  -0.4949111011601956,
  -0.48560323243994374,
];
const PLATE_TURN: Quat = [0.2890649604571092, 0, 0.44959747178505344, 0.8451648135129727];
const PLATE_HALF: Vec3 = [0.13076949729715084, 0.23177839003211773, 0.00042987747992807846];
/** The plate's centre in the world (the floor at the origin, turned): 0.087 inside the border x = SIDE. */
const PLATE_AT: Vec3 = [-0.5007186051424433, 1.483765651349143, -1.900785864934343];

/** The floor's local +x (the border's outward direction) in the world. */
function floorX(): Vec3 {
  const [x, y, z, w] = FLOOR_TURN;
  return [1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)];
}

/** The reproduction at `scale`, the plate moved by `inward` along the floor's -x first. */
function config(scale: number, inward: number): MeshConfig {
  const x = floorX();
  return {
    fixed: {
      surface: {
        kind: 'mesh',
        vertices: [0, 0, SIDE, SIDE, 0, SIDE, 0, 0, 0, SIDE, 0, 0].map((v) => v * scale),
        indices: [0, 1, 2, 3, 2, 1],
        twoSided: false,
      },
      position: [0, 0, 0],
      quaternion: FLOOR_TURN,
      flat: { height: 0, region: [0, 0, SIDE * scale, SIDE * scale] },
    },
    moving: {
      kind: 'box',
      radius: 0,
      halfLength: 0,
      half: PLATE_HALF.map((h) => h * scale) as unknown as Vec3,
      position: PLATE_AT.map((p, i) => (p - inward * x[i]!) * scale) as unknown as Vec3,
      quaternion: PLATE_TURN,
    },
  };
}

const subject = meshSubjects([
  { detector: 'collideBoxTriangleMesh', moving: 'Box', fixed: 'TriangleMesh' },
])[0]!;
const flatFloor = subject.properties.find((p) => p.name === 'flat-floor')!;

describe('FINDINGS.md F127: a box within its depth of the border is not held to the floor normal', () => {
  for (const scale of [1e-3, 1, 1e3]) {
    it(`test_f127_plate_sunk_beside_the_border_is_not_checked (scale ${scale})`, () => {
      // Its lowest corner is 0.144 down, its innermost 0.1318 inside the border.
      expect(flatFloor.check(config(scale, 0))).toBeUndefined();
    });

    it(`test_f127_same_plate_moved_inward_is_checked_and_passes (scale ${scale})`, () => {
      // 0.2 farther in: every corner more than its depth inside, the floor's normal everywhere.
      expect(flatFloor.check(config(scale, 0.2))).toBeNull();
    });
  }
});
