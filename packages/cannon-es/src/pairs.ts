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
 * know (a capsule with its own type bit) has no getter: its pairs are numeric own properties,
 * `narrowphase[CAPSULE | SPHERE]`, installed the same way. cannon-es's cylinder getters return
 * its convex methods (`this[CYLINDER | BOX]` is `this.boxConvex`), so the entries `convexConvex`,
 * `sphereConvex`, `planeConvex` and `boxConvex` take cylinders over too, once both
 * CONVEXPOLYHEDRON and CYLINDER have a bridge.
 */
import { Shape } from 'cannon-es';

/** One narrowphase entry: the property to install on the narrowphase, and the types it pairs. */
export interface PairEntry {
  /** The named method (or, for a type cannon-es lacks, the numeric key) on the narrowphase. */
  readonly key: string | number;
  /** The cannon-es type bits of the pair, the lower one first (the order `getContacts` calls in). */
  readonly types: readonly [number, number];
}

const { SPHERE, PLANE, BOX } = Shape.types;

/** The pairs contactkit answers today; every shape type here has a bridge in shape-bridges.ts. */
export const PAIRS: readonly PairEntry[] = [
  { key: 'sphereSphere', types: [SPHERE, SPHERE] },
  { key: 'spherePlane', types: [SPHERE, PLANE] },
  { key: 'sphereBox', types: [SPHERE, BOX] },
  { key: 'planeBox', types: [PLANE, BOX] },
  { key: 'boxBox', types: [BOX, BOX] },
];
