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
 *
 * Static geometry: cannon-es has `sphereTrimesh`, `sphereHeightfield`, `boxHeightfield` and
 * `convexHeightfield` (cylinders reach the last through their getter), nothing for a box, convex
 * polyhedron or cylinder against a trimesh. contactkit answers sphere, capsule, box and convex
 * polyhedron (a cylinder is one) against a mesh or heightfield; those pairs are `meshPair`
 * entries, the trimesh pairs under the OR of the bits, used when the mesh's body is static or
 * kinematic and handed to cannon-es's method (or to nothing, where it has none) when it is
 * dynamic: contactkit's meshes have no inside and take no impulses.
 */
import { Shape } from 'cannon-es';
import { CAPSULE_TYPE } from './capsule-shape.js';

/** One narrowphase entry: the property to install on the narrowphase, and the types it pairs. */
export interface PairEntry {
  /** The named method (or, for a type cannon-es lacks, the numeric key) on the narrowphase. */
  readonly key: string | number;
  /** The cannon-es type bits of the pair, the lower one first (the order `getContacts` calls in). */
  readonly types: readonly [number, number];
  /**
   * For a pair against static geometry, the type bit of the trimesh or heightfield, whose body
   * must not be dynamic for contactkit to answer (see above); absent for the other pairs.
   */
  readonly staticType?: number;
}

const { SPHERE, PLANE, BOX, CONVEXPOLYHEDRON, CYLINDER, TRIMESH, HEIGHTFIELD } = Shape.types;

/** An entry for a pair with a capsule: cannon-es has no method, the key is the OR of the bits. */
function capsulePair(other: number): PairEntry {
  return { key: other | CAPSULE_TYPE, types: [other, CAPSULE_TYPE] };
}

/**
 * An entry for a shape against a trimesh or heightfield (`mesh`), answered by contactkit while
 * the mesh's body is not dynamic. `key` is cannon-es's method, or for a pair cannon-es has no
 * method for, the OR of the bits.
 */
function meshPair(key: string | number, shape: number, mesh: number): PairEntry {
  const types: [number, number] = shape < mesh ? [shape, mesh] : [mesh, shape];
  return { key, types, staticType: mesh };
}

/**
 * The pairs contactkit answers; every shape type here has a bridge in shape-bridges.ts, and
 * contacts3d's `collide` has a detector for each. A cylinder against a heightfield goes through
 * `convexHeightfield` (cannon-es's getter for it returns that method), so it has no line of its own.
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
  meshPair('sphereTrimesh', SPHERE, TRIMESH),
  meshPair('sphereHeightfield', SPHERE, HEIGHTFIELD),
  meshPair(CAPSULE_TYPE | TRIMESH, CAPSULE_TYPE, TRIMESH),
  meshPair(CAPSULE_TYPE | HEIGHTFIELD, CAPSULE_TYPE, HEIGHTFIELD),
  meshPair(BOX | TRIMESH, BOX, TRIMESH),
  meshPair('boxHeightfield', BOX, HEIGHTFIELD),
  meshPair(CONVEXPOLYHEDRON | TRIMESH, CONVEXPOLYHEDRON, TRIMESH),
  meshPair('convexHeightfield', CONVEXPOLYHEDRON, HEIGHTFIELD),
  meshPair(CYLINDER | TRIMESH, CYLINDER, TRIMESH),
];
