/**
 * FINDINGS.md F149: a sliver box (half sizes 2.7e-5, 0.011, 0.0081) touching a steep triangle of
 * a heightfield with heights up to 1.6e4 (a brute-force 13-axis test: apart by 5.7e-14) counted as
 * overlapping beyond the shell. The oracle shrinks a polytope about its centroid by two shells
 * (here 3.8e-5 each, the pair's size is the field's) before asking whether it still meets the
 * surface; the sliver is thinner than that, so it collapsed to faces of no size, which `closest`
 * took as holding the triangle (distance 0). A collapsed core is now its centroid alone.
 */
import { describe, expect, it } from 'vitest';
import { closest, coreOf, shrunk, surfaceOf } from './mesh-oracle3d.js';
import type { Quat } from './mesh-oracle3d.js';
import type { Vec3 } from './oracle3d.js';

const HEIGHTS = [
  85.06975501448754,
  111.85895757440099,
  53.93299023213319,
  78.58161098156552,
  15940.967505298511,
  100.6978085558355,
  37.52146754451991,
  -912.6371033873118,
  74.03860322109348,
  69.49933018241953,
  39.913365908978626,
  -40.30186952408974,
  20.043752949481664,
  -4415.173712502385,
  -49.46658402969619,
  -45.18860021409059,
];
const FIELD_AT: Vec3 = [71.79156000249945, 160.99911294345415, -167.46647160831677];
const FIELD_TURN: Quat = [
  -0.8014900945805653,
  -0.4482383255455004,
  0.3891677976333195,
  -0.07241862389354184,
];
const HALF: Vec3 = [0.00002658207633114389, 0.011124050445193736, 0.008103711295018757];
const BOX_AT: Vec3 = [107.46742679265982, 130.27304761024158, -329.858840211882];
const BOX_TURN: Quat = [
  0.20989452524698302,
  -0.5933549583860016,
  -0.3931688661551958,
  0.6702927899927968,
];

function scene(s: number) {
  const surface = surfaceOf({
    surface: {
      kind: 'heightfield',
      rows: 4,
      columns: 4,
      heights: HEIGHTS.map((x) => x * s),
      cellSize: 81.04851878083807 * s,
      holes: null,
    },
    position: FIELD_AT.map((x) => x * s) as unknown as Vec3,
    quaternion: FIELD_TURN,
    flat: null,
  });
  const core = coreOf({
    kind: 'box',
    radius: 0,
    halfLength: 0,
    half: HALF.map((x) => x * s) as unknown as Vec3,
    position: BOX_AT.map((x) => x * s) as unknown as Vec3,
    quaternion: BOX_TURN,
  });
  return { surface, core };
}

describe('FINDINGS.md F149: a polytope thinner than the shrink collapses to its centroid', () => {
  for (const s of [1e-3, 1, 1e3]) {
    it(`test_f149_sliver_touching_a_steep_cell_is_not_overlapping_beyond_the_shell (scale ${s})`, () => {
      const { surface, core } = scene(s);
      // Touching within round-off (the brute force: apart by 5.7e-14 at scale 1).
      expect(closest(surface, core).distance).toBeLessThan(1e-9 * s);
      // Two of the run's shells, more than the sliver's half thickness.
      const collapsed = shrunk(core, 2 * 3.775294670593865e-5 * s);
      expect(collapsed.points).toHaveLength(1);
      expect(collapsed.faces).toHaveLength(0);
      // Its centroid is off the surface by about its half thickness.
      expect(closest(surface, collapsed).distance).toBeGreaterThan(1e-5 * s);
    });

    it(`test_f149_a_shrink_thinner_than_the_sliver_keeps_its_faces (scale ${s})`, () => {
      const { core } = scene(s);
      const kept = shrunk(core, 1e-5 * s);
      expect(kept.faces).toHaveLength(6);
      expect(kept.points).toHaveLength(8);
    });
  }
});
