/**
 * FINDINGS.md F27: a box or hull sunk in a heightfield's solid got a deepest depth that changed
 * under a rigid motion (0.7749 in one pose, 0.7150 in another, for the finding's blade under an
 * 8 x 9 terrain with holes): a sunk triangle answered from the prism under it along its normal,
 * which under a slope reaches beside its column, under other triangles, so whether it answered
 * hung on how loose the grid query's box was. The solid below a triangle is its column
 * (DESIGN.md); the deepest depth of the blade is, by brute force, the largest over the triangles
 * whose plane its centre is behind of the blade's deepest point below the plane within the
 * triangle's column (the vertices of the blade cut by the column's walls, every three planes
 * solved). The detector must give that depth in every pose.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import {
  BOX_KINDS,
  boxShape,
  depthUnderTriangle,
  expectDeepestUnderMotions,
  type FieldGrid,
  scaledBox,
  triangleNormal,
} from '../test-support/mesh-scenes.js';
import { boxHalfSpaces } from '../test-support/polytope-brute.js';
import {
  type BoxSpec,
  dot,
  moveShape,
  normalizeQuat,
  type Quat,
  type RigidMotion,
  sub,
  type Vec3,
} from '../test-support/shapes.js';

const ROWS = 8, COLUMNS = 9, CELL = 0.3481451420682586;
const HEIGHTS = [
  0.017914707858840147,
  0.16235205333877226,
  0.3321604094678579,
  0.40087184549959304,
  0.4527202263560988,
  0.2233094458892069,
  0.16526881625595763,
  0.2644883945669236,
  0.3839310505886663,
  0.16126972161279104,
  0.3187549527685124,
  0.22318036944822384,
  0.41109684162117527,
  0.20541617943005738,
  0.2765384342617384,
  0.23130683047739392,
  0.053988954760324774,
  -0.03228308873201168,
  0.495742270695119,
  0.2821744937616034,
  0.1428897219990977,
  0.320369932926386,
  0.16021099127173796,
  0.10876902578277292,
  -0.16007342271296818,
  -0.05351891596228416,
  -0.17652926425485274,
  0.4690585979763648,
  0.3092227538070759,
  0.15494195798677585,
  0.12863299593924632,
  0.08807495058059728,
  -0.2837382066889152,
  -0.34257678399124797,
  -0.44342272138819744,
  -0.499187779979163,
  0.10654923844582348,
  -0.07306514528051951,
  -0.14595241132266626,
  -0.17364505587451193,
  -0.13843393105648386,
  -0.2792923286739056,
  -0.459320179343113,
  -0.4491408722279354,
  -0.15488972797491693,
  -0.23370001165313062,
  -0.07548048902409966,
  -0.2109547526129318,
  -0.45648796293946703,
  -0.2860446030553269,
  -0.22616697104511982,
  -0.142508357690533,
  -0.09966593914505134,
  -0.12896072385137491,
  -0.4235055419170128,
  -0.45587325877293866,
  -0.2534361072959334,
  -0.23522950027978518,
  -0.35874625894728684,
  -0.34423850863391514,
  -0.13880603983815132,
  -0.13348114962280844,
  -0.05805202082471584,
  -0.44607283953980376,
  -0.3341358500306063,
  -0.29134672482067764,
  -0.23132228205776814,
  -0.11853662725990909,
  0.03786740514963129,
  0.06484116643067545,
  0.1721827178489698,
  0.328359827843085,
];
const HOLES = [
  1,
  0,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
  1,
  0,
  0,
  1,
  0,
  0,
  1,
  0,
  1,
  0,
  1,
  0,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
  0,
  1,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  1,
  1,
];
const FIELD: FieldGrid = {
  rows: ROWS,
  columns: COLUMNS,
  heights: HEIGHTS,
  cellSize: CELL,
  holes: HOLES,
};
const FIELD_TURN: Quat = [
  -0.7358400446578607,
  0.27811702159381346,
  0.36841351184114196,
  -0.4954410512569388,
];
const HALF: Vec3 = [0.002882794116071967, 0.36874659046913827, 0.14957984716485914];
const BOX_AT: Vec3 = [0.1333024267763094, -0.6671044392534456, -0.38387618896673725];
const BOX_TURN: Quat = [
  -0.016086169673172154,
  -0.15826992579878393,
  0.7891632858186494,
  -0.5932227018993845,
];

/** Rigid motions of the whole scene: none, and three more (the second gave the finding's 0.7150). */
const MOTIONS: RigidMotion[] = [
  { rotation: [0, 0, 0, 1], translation: [0, 0, 0] },
  { rotation: normalizeQuat([0.3, 0.8, 0.3, 0.9]), translation: [1.1, -2.6, 1.9] },
  {
    rotation: normalizeQuat([0, 0.3826834323650898, 0, 0.9238795325112867]),
    translation: [-4, 1, 7],
  },
  { rotation: normalizeQuat([-0.6, 0.1, 0.2, 0.5]), translation: [20, 3, -11] },
];

/**
 * The brute-force deepest depth of the box sunk in the field (world triangles, `up` its up) at
 * scale s (see the file comment): over the triangles whose plane the box's centre is behind.
 */
function bruteDeepest(box: BoxSpec, triangles: readonly Vec3[][], up: Vec3, s: number): number {
  const solid = boxHalfSpaces(box);
  const behind = triangles.filter((t) => dot(triangleNormal(t, up), sub(box.position, t[0]!)) < 0);
  return Math.max(...behind.map((t) => depthUnderTriangle(solid, t, up, 1e-12 * s)));
}

describe('test_f27: a blade sunk in a heightfield keeps its deepest depth under rigid motions (F27)', () => {
  for (const s of [1e-3, 1, 1e3]) {
    for (const kind of BOX_KINDS) {
      it(`test_f27_${kind}_sunk_under_a_slope_keeps_its_deepest_depth (scale ${s})`, () => {
        expectDeepestUnderMotions(FIELD, FIELD_TURN, MOTIONS, s, (motion, field, triangles, up) => {
          const spec = moveShape(motion, scaledBox(HALF, BOX_AT, BOX_TURN, s));
          const shape = boxShape(kind, spec);
          const expected = bruteDeepest(spec, triangles, up, s);
          expect(expected).toBeGreaterThan(0.5 * s);
          return {
            expected,
            calls: [(data) => collide(shape, field, data), (data) => collide(field, shape, data)],
          };
        });
      });
    }
  }
});
