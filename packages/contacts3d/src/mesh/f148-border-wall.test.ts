/**
 * FINDINGS.md F148 (its heightfield part): a hull much larger than a heightfield 2 x 21 grid
 * points wide, its centre in front of the field off the grid, reaching under the border into the
 * columns of the first cell, got a deepest depth of 0.37894 in one pose and 0.37854 after a rigid
 * motion (8 contacts and 3). The border triangle's flat-stretch test (its axes that only
 * separate the hull from the flat triangle left out for the solid below it) took a boundary edge
 * out of the hull's reach by the hull's world box, which turns with the pose: in one pose the
 * triangle stood for a flat stretch and answered with its face clip alone (0.37854), in the
 * other a hull face separated it and the columns answered (0.37894). A heightfield's boundary
 * edge is a wall of its column (DESIGN.md: the solid is the columns), never the inside of a
 * stretch. The deepest depth is, by brute force, the largest over the triangles of the hull's
 * deepest point below the triangle's plane within its column (the vertices of the hull cut by
 * the column's walls, every three planes solved; the hull's planes from every three of its points
 * with the rest on one side). The detector must give that depth in every pose.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { collideConvexHullHeightfield } from '../pairs/convex-hull-mesh.js';
import { ConvexHull } from '../shapes/convex-hull.js';
import {
  depthUnderTriangle,
  expectDeepestUnderMotions,
  type FieldGrid,
} from '../test-support/mesh-scenes.js';
import type { HalfSpace } from '../test-support/polytope-brute.js';
import {
  add,
  cross,
  dot,
  length,
  movePoint,
  multiplyQuat,
  normalizeQuat,
  type Quat,
  type RigidMotion,
  rotate,
  scale,
  sub,
  type Vec3,
} from '../test-support/shapes.js';

const ROWS = 2, COLUMNS = 21, CELL = 0.0010429928238414763;
/** Row 0 climbs one cell's height every second column, row 1 half as fast; the first cell is flat. */
const HEIGHTS = [
  ...Array.from({ length: COLUMNS }, (_, j) => CELL * Math.floor(j / 2)),
  ...Array.from({ length: COLUMNS }, (_, j) => 0.5 * CELL * Math.floor(j / 2)),
];
const FIELD: FieldGrid = { rows: ROWS, columns: COLUMNS, heights: HEIGHTS, cellSize: CELL };
const FIELD_TURN: Quat = [
  0.2612141874577669,
  -0.43233758050467724,
  0.8172345012513491,
  0.27745113933555804,
];
const POINTS: Vec3[] = [
  [-0.3847574754111349, 0.053170226657605214, 0.005056380659578453],
  [0.033830389032573085, -0.05908542108535189, 0.15097027306681166],
  [-0.48296828845872114, -0.1729705429632848, 0.13394922641258203],
  [-0.28212570523048197, 0.260005679868401, -0.06954115127532347],
  [-0.5802633806669949, 0.5714552220725001, -0.10004076766164845],
  [-0.8522799864517963, -0.06953644347076765, 0.2615184366222947],
  [0.13062546173998948, 0.29608308200298594, -0.06554385654408251],
  [0.08924802485230698, -0.25437533477329555, 0.0077149243684275235],
  [-0.5473921580593178, 0.17343868301822396, -0.19545432885717426],
  [-0.9437142796027397, -0.44118991380540007, -0.0887090940886659],
  [0.042486138959368286, -0.24142562818141108, 0.2589955259715109],
  [-0.90224284062038, 0.33734463466877473, 0.13849416939192022],
  [-0.45676344024636945, 0.2993109616434306, -0.16112935976236598],
  [-0.7192733599227453, 0.003287322173254957, -0.2551246389089366],
];
const HULL_AT: Vec3 = [0.16689190748781174, 0.11923444897971268, 0.1445845110456815];
const HULL_TURN: Quat = [-0.3905434582385912, 0, -0.06292405470496769, 0.9184314729834383];

/** Rigid motions of the whole scene: none, and three more (the last two gave 0.37854 before the fix). */
const MOTIONS: RigidMotion[] = [
  { rotation: [0, 0, 0, 1], translation: [0, 0, 0] },
  { rotation: normalizeQuat([0.3, 0.8, 0.3, 0.9]), translation: [1.1, -2.6, 1.9] },
  { rotation: normalizeQuat([Math.sin(1), Math.cos(3), 0.3, 0.9]), translation: [3, -7, 5] },
  { rotation: normalizeQuat([Math.sin(13), Math.cos(39), 0.3, 0.9]), translation: [4, -7, 5] },
];

/** The half-spaces of the hull of `points`: the plane of every three with all the others on one side. */
function hullHalfSpaces(points: readonly Vec3[]): HalfSpace[] {
  const spaces: HalfSpace[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      for (let k = j + 1; k < points.length; k++) {
        const raw = cross(sub(points[j]!, points[i]!), sub(points[k]!, points[i]!));
        if (length(raw) === 0) continue;
        const n = scale(raw, 1 / length(raw)), d = dot(n, points[i]!);
        const heights = points.map((p) => dot(n, p) - d);
        const reach = 1e-12 * Math.max(...points.map(length));
        if (heights.every((h) => h <= reach)) spaces.push({ n, d });
        else if (heights.every((h) => h >= -reach)) spaces.push({ n: scale(n, -1), d: -d });
      }
    }
  }
  return spaces;
}

/**
 * The brute-force deepest depth of the hull (world points) in the field (world triangles, `up`
 * its up) at scale s (see the file comment).
 */
function bruteDeepest(
  points: readonly Vec3[],
  triangles: readonly Vec3[][],
  up: Vec3,
  s: number,
): number {
  const hull = hullHalfSpaces(points);
  return Math.max(...triangles.map((t) => depthUnderTriangle(hull, t, up, 1e-12 * s)));
}

describe('test_f148: a hull under a heightfield border keeps its deepest depth under rigid motions (F148)', () => {
  for (const s of [1e-3, 1, 1e3]) {
    it(`test_f148_hull_under_the_border_keeps_its_deepest_depth (scale ${s})`, () => {
      expectDeepestUnderMotions(FIELD, FIELD_TURN, MOTIONS, s, (motion, field, triangles, up) => {
        const turn = multiplyQuat(motion.rotation, HULL_TURN);
        const position = movePoint(motion, scale(HULL_AT, s));
        const world = POINTS.map((p) => add(rotate(turn, scale(p, s)), position));
        const hull = ConvexHull.fromPoints(POINTS.map((p) => scale(p, s))).setPose(position, turn);
        const expected = bruteDeepest(world, triangles, up, s);
        expect(expected).toBeGreaterThan(0.3 * s);
        return {
          expected,
          calls: [
            (data) => collideConvexHullHeightfield(hull, field, data),
            (data) => collide(field, hull, data),
          ],
        };
      });
    });
  }
});
