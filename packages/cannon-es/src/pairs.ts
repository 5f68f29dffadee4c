/**
 * The cannon-es narrowphase entries contactkit takes over.
 *
 * How cannon-es 0.20 dispatches (src/world/Narrowphase.ts): `getContacts` computes each shape's
 * world pose, ORs the two shapes' type bits and calls `this[si.type | sj.type]` with the shape of
 * the lower type bit first. Those numeric keys are getters on the prototype without setters (an
 * assignment to them throws in strict code), and each getter returns a named method,
 * `this.boxBox`, `this.sphereBox`, ... So an own property of the same name on the narrowphase
 * instance shadows the prototype's method and is what the getter returns: that is the assignable
 * path, and deleting the own property restores cannon-es exactly. A shape type cannon-es does not
 * know (`CapsuleShape`, with its own type bit) has no getter: its pairs are numeric own
 * properties, `narrowphase[CAPSULE | SPHERE]`, installed the same way. cannon-es's cylinder
 * getters return its convex methods (`this[CYLINDER | BOX]` is `this.boxConvex`), so the entries
 * `convexConvex`, `sphereConvex`, `planeConvex` and `boxConvex` take cylinders over too; a
 * capsule against a cylinder is its own numeric key.
 */
import { Shape } from 'cannon-es';
import { CAPSULE_TYPE } from './capsule-shape.js';

/** One narrowphase entry: the property to install on the narrowphase, and the types it pairs. */
export interface PairEntry {
  /** The named method (or, for a type cannon-es lacks, the numeric key) on the narrowphase. */
  readonly key: string | number;
  /** The cannon-es type bits of the pair, the lower one first (the order `getContacts` calls in). */
  readonly types: readonly [number, number];
}

const { SPHERE, PLANE, BOX, CONVEXPOLYHEDRON, CYLINDER } = Shape.types;

/** An entry for a pair with a capsule: cannon-es has no method, the key is the OR of the bits. */
function capsulePair(other: number): PairEntry {
  return { key: other | CAPSULE_TYPE, types: [other, CAPSULE_TYPE] };
}

/**
 * The pairs contactkit answers; every shape type here has a bridge in shape-bridges.ts. A capsule
 * against a convex polyhedron or a cylinder goes through contactkit's `collide` like every pair:
 * it gives contacts as soon as contacts3d answers a hull against a capsule (until then, none).
 */
export const PAIRS: readonly PairEntry[] = [
  { key: 'sphereSphere', types: [SPHERE, SPHERE] },
  { key: 'spherePlane', types: [SPHERE, PLANE] },
  { key: 'sphereBox', types: [SPHERE, BOX] },
  { key: 'planeBox', types: [PLANE, BOX] },
  { key: 'boxBox', types: [BOX, BOX] },
  { key: 'convexConvex', types: [CONVEXPOLYHEDRON, CONVEXPOLYHEDRON] },
  { key: 'sphereConvex', types: [SPHERE, CONVEXPOLYHEDRON] },
  { key: 'planeConvex', types: [PLANE, CONVEXPOLYHEDRON] },
  { key: 'boxConvex', types: [BOX, CONVEXPOLYHEDRON] },
  capsulePair(SPHERE),
  capsulePair(PLANE),
  capsulePair(BOX),
  capsulePair(CONVEXPOLYHEDRON),
  capsulePair(CYLINDER),
  { key: CAPSULE_TYPE, types: [CAPSULE_TYPE, CAPSULE_TYPE] },
];
