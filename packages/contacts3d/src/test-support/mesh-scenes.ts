/**
 * The set-up the box and hull regression tests against meshes and heightfields share
 * (mesh/f27-column, f69-overlap, f108-flat-stretch, f108-open-edge, f145-apart, f148-border-wall):
 * a triangle list or a heightfield grid scaled by the test's scale and posed, both as the
 * library's shape and as world triangles for the brute force; a triangle's unit normal; a box
 * spec as the library's Box or as the hull of its corners; the brute-force depth of a convex
 * solid below a triangle within its column or prism; the heightfield tests' check that the
 * deepest depth stays the brute force's under rigid motions of the whole scene. The algebra is
 * `shapes.ts`'s, sharing no code with the detectors. Tests only; not exported by the package.
 */
import { expect } from 'vitest';
import { CollisionData } from '../manifold/collision-data.js';
import { Heightfield } from '../mesh/heightfield.js';
import { TriangleMesh } from '../mesh/triangle-mesh.js';
import { ConvexHull } from '../shapes/convex-hull.js';
import { Box } from '../shapes/primitives.js';
import { corner, heightfieldTriangles, type TriangleList } from './mesh-cases.js';
import { type HalfSpace, lowestInRegion, wallHalfSpaces } from './polytope-brute.js';
import {
  add,
  type BoxSpec,
  boxCorners,
  cross,
  dot,
  length,
  multiplyQuat,
  type Quat,
  type RigidMotion,
  rotate,
  scale,
  sub,
  type Vec3,
} from './shapes.js';

/** Room of a shape's feature code in a packed feature id (`packFeatureId`). */
export const CODE_RANGE = 2 ** 26;

/** The two solids a box spec stands for: the library's Box, and the ConvexHull of its corners. */
export const BOX_KINDS = ['box', 'hull'] as const;

/** A heightfield's grid at scale 1 (DESIGN.md's layout; `holes` one entry a cell). */
export interface FieldGrid {
  rows: number;
  columns: number;
  heights: readonly number[];
  cellSize: number;
  holes?: readonly number[];
}

/** The box at scale s: half sizes and centre scaled, turned by `rotation`. */
export function scaledBox(halfSize: Vec3, position: Vec3, rotation: Quat, s: number): BoxSpec {
  return { kind: 'box', halfSize: scale(halfSize, s), position: scale(position, s), rotation };
}

/**
 * The library's solid for `spec`: a Box, or the ConvexHull of its world corners less its centre
 * (posed at the centre, unturned), the same solid through the hull's own code.
 */
export function boxShape(kind: (typeof BOX_KINDS)[number], spec: BoxSpec): Box | ConvexHull {
  return kind === 'box'
    ? new Box(spec.halfSize).setPose(spec.position, spec.rotation)
    : ConvexHull.fromPoints(boxCorners({ ...spec, position: [0, 0, 0] })).setPose(
      spec.position,
      [0, 0, 0, 1],
    );
}

/** The mesh of `list` scaled by s about its own origin, posed at `at`, turned by `turn`. */
export function posedMesh(
  list: TriangleList,
  s: number,
  turn: Quat,
  at: Vec3 = [0, 0, 0],
): TriangleMesh {
  return new TriangleMesh(list.vertices.map((v) => v * s), list.indices).setPose(at, turn);
}

/** The world corners of every triangle of `posedMesh(list, s, turn, at)`, in its numbering. */
export function meshTriangles(
  list: TriangleList,
  s: number,
  turn: Quat,
  at: Vec3 = [0, 0, 0],
): Vec3[][] {
  return posedTriangles(
    { vertices: list.vertices.map((v) => v * s), indices: list.indices },
    turn,
    at,
  );
}

/** The heightfield of `grid` scaled by s (heights and cell size), posed at `at`, turned by `turn`. */
export function posedHeightfield(grid: FieldGrid, s: number, turn: Quat, at: Vec3): Heightfield {
  const heights = grid.heights.map((h) => h * s);
  return new Heightfield(grid.rows, grid.columns, heights, grid.cellSize * s, { holes: grid.holes })
    .setPose(at, turn);
}

/** The world corners of every triangle of `posedHeightfield(grid, s, turn, at)`, holes left out. */
export function fieldTriangles(grid: FieldGrid, s: number, turn: Quat, at: Vec3): Vec3[][] {
  const heights = grid.heights.map((h) => h * s);
  const { list } = heightfieldTriangles(
    grid.rows,
    grid.columns,
    heights,
    grid.cellSize * s,
    grid.holes,
  );
  return posedTriangles(list, turn, at);
}

function posedTriangles(list: TriangleList, turn: Quat, at: Vec3): Vec3[][] {
  const triangles: Vec3[][] = [];
  for (let t = 0; t < list.indices.length / 3; t++) {
    triangles.push([0, 1, 2].map((k) => add(rotate(turn, corner(list, t, k)), at)));
  }
  return triangles;
}

/**
 * The unit normal of triangle `t` (counter-clockwise seen from its front); given `up`, the one
 * on the side of `up` (a heightfield's triangles face up whatever their winding).
 */
export function triangleNormal(t: readonly Vec3[], up?: Vec3): Vec3 {
  const raw = cross(sub(t[1]!, t[0]!), sub(t[2]!, t[0]!));
  return scale(raw, (up === undefined || dot(raw, up) > 0 ? 1 : -1) / length(raw));
}

/**
 * How deep the convex `solid` reaches below triangle `t` within its walls swept along `along`
 * (`wallHalfSpaces`: its column for a heightfield's up, its prism for its own normal): the
 * triangle's height along its normal on `along`'s side less the solid's lowest point in that
 * region, found by brute force (`lowestInRegion`, `slack` its round-off allowance).
 */
export function depthUnderTriangle(
  solid: readonly HalfSpace[],
  t: readonly Vec3[],
  along: Vec3,
  slack: number,
): number {
  const n = triangleNormal(t, along);
  return dot(n, t[0]!) - lowestInRegion([...solid, ...wallHalfSpaces(t, along)], n, slack);
}

/** A scene in one pose: its brute-force deepest depth and the detector calls that must give it. */
export interface PosedScene {
  expected: number;
  calls: ((data: CollisionData) => number)[];
}

/**
 * The rigid-motion check of the heightfield tests (F27, F148): under each of `motions`, the
 * field of `grid` (turned by `fieldTurn` at the origin, at scale s) moved with the whole scene,
 * `scene` poses the shape by the same motion (its translation scaled by s) and gives the
 * brute-force deepest depth and the calls; every call must get contacts whose deepest depth is
 * that within 1e-9 s, so the same in every pose.
 */
export function expectDeepestUnderMotions(
  grid: FieldGrid,
  fieldTurn: Quat,
  motions: readonly RigidMotion[],
  s: number,
  scene: (motion: RigidMotion, field: Heightfield, triangles: Vec3[][], up: Vec3) => PosedScene,
): void {
  const depths: number[] = [];
  for (const { rotation, translation } of motions) {
    const motion = { rotation, translation: scale(translation, s) };
    const turn = multiplyQuat(rotation, fieldTurn), at = motion.translation;
    const field = posedHeightfield(grid, s, turn, at);
    const posed = scene(motion, field, fieldTriangles(grid, s, turn, at), rotate(turn, [0, 1, 0]));
    for (const call of posed.calls) {
      const deepest = deepestDepth(call);
      expect(Math.abs(deepest - posed.expected)).toBeLessThan(1e-9 * s);
      depths.push(deepest);
    }
  }
  expect(Math.max(...depths) - Math.min(...depths)).toBeLessThan(1e-9 * s);
}

/** The deepest depth of the contacts `call` writes into a fresh CollisionData; expects some. */
function deepestDepth(call: (data: CollisionData) => number): number {
  const data = new CollisionData({ capacity: 16 });
  const count = call(data);
  expect(count).toBeGreaterThan(0);
  return Math.max(...data.contacts.slice(0, count).map((c) => c.penetration));
}

/**
 * A floor in y = 0 from points given as (x, z) and triangles as corner numbers, at `scale`, every
 * triangle wound to face up (+y) whatever order it is given in.
 */
export function upwardFloor(
  points: number[][],
  triangles: number[][],
  scale: number,
): TriangleMesh {
  const up = (t: number[]) => {
    const [a, b, c] = t.map((i) => points[i]!);
    const y = (b![1]! - a![1]!) * (c![0]! - a![0]!) - (b![0]! - a![0]!) * (c![1]! - a![1]!);
    return y > 0 ? t : [t[0]!, t[2]!, t[1]!];
  };
  return new TriangleMesh(
    points.flatMap(([x, z]) => [x! * scale, 0, z! * scale]),
    triangles.flatMap(up),
  );
}
