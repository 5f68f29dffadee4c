/**
 * FINDINGS.md F128: the mesh oracle's side of a point whose nearest surface point is shared by
 * two triangles. A box's centroid lay on the plane of a step's riser, below the step's concave
 * corner, 0.022 behind the lower tread; it was "in front" because it was in front of the riser's
 * plane by 5.5e-17 (round-off), so the box counted as overlapping from the front and the
 * detector's nothing as a miss. In front must mean by more than round-off: at a concave edge
 * the solid is on the behind side of either face, and the sign test of Baerentzen and Aanaes
 * ("Signed distance computation using the angle weighted pseudonormal", IEEE TVCG 2005) puts
 * such a point inside. A point above the convex corner, on the riser's plane within round-off,
 * stays in front (its height over the upper tread is its whole distance).
 */
import { describe, expect, it } from 'vitest';
import { closest, type Core, placer, surfaceOf } from './mesh-oracle3d.js';
import type { Quat } from './mesh-oracle3d.js';
import type { Vec3 } from './oracle3d.js';

/**
 * A one-sided step: the upper tread y = 0.5 over x in [-1, 0], the riser x = 0 (front +x) from
 * y = 0.5 down to 0, the lower tread y = 0 over x in [0, 1]; z in [0, 1]. The riser meets the
 * upper tread at a convex edge and the lower one at a concave edge.
 */
const STEP_VERTICES: readonly Vec3[] = [
  [-1, 0.5, 0],
  [0, 0.5, 0],
  [0, 0.5, 1],
  [-1, 0.5, 1],
  [0, 0, 0],
  [0, 0, 1],
  [1, 0, 1],
  [1, 0, 0],
];
const STEP_INDICES = [0, 3, 2, 0, 2, 1, 1, 2, 5, 1, 5, 4, 4, 5, 6, 4, 6, 7];

/** A turn that puts no axis of the step along a world axis (unit). */
const TURN: Quat = [
  0.2018896727125605,
  -0.6917319297562429,
  -0.4949111011601956,
  -0.48560323243994374,
];

/** The step at `scale`, turned and moved, and the world point of the local point `p`. */
function step(scale: number) {
  const position: Vec3 = [0.3 * scale, -0.2 * scale, 0.1 * scale];
  const surface = surfaceOf({
    surface: {
      kind: 'mesh',
      vertices: STEP_VERTICES.flatMap((v) => v.map((x) => x * scale)),
      indices: STEP_INDICES,
      twoSided: false,
    },
    position,
    quaternion: TURN,
    flat: null,
  });
  const place = placer(position, TURN);
  const at = (p: Vec3): Core => ({
    points: [place([p[0] * scale, p[1] * scale, p[2] * scale])],
    edges: [],
    faces: [],
    radius: 0,
  });
  return { surface, at };
}

describe('FINDINGS.md F128: the oracle decides a side by more than round-off', () => {
  for (const scale of [1e-3, 1, 1e3]) {
    it(`test_f128_on_the_riser_plane_below_the_concave_corner_is_behind (scale ${scale})`, () => {
      const { surface, at } = step(scale);
      // 1e-14 of the size in front of the riser's plane (round-off, more than the rotation's),
      // 0.2 below the lower tread at the concave corner: behind that tread.
      const found = closest(surface, at([1e-14, -0.2, 0.5]));
      expect(found.distance).toBeCloseTo(0.2 * scale, 12);
      expect(found.inFront).toBe(false);
    });

    it(`test_f128_on_the_riser_plane_above_the_convex_corner_is_in_front (scale ${scale})`, () => {
      const { surface, at } = step(scale);
      // 1e-14 of the size behind the riser's plane, 0.2 above the upper tread's edge: outside.
      const found = closest(surface, at([-1e-14, 0.7, 0.5]));
      expect(found.distance).toBeCloseTo(0.2 * scale, 12);
      expect(found.inFront).toBe(true);
    });

    it(`test_f128_in_front_of_the_riser_below_the_concave_corner_by_a_real_gap (scale ${scale})`, () => {
      const { surface, at } = step(scale);
      // Well in front of the riser's plane (1e-6 of the size): under the lower tread, behind it.
      const found = closest(surface, at([1e-6, -0.2, 0.5]));
      expect(found.inFront).toBe(false);
    });
  }
});
