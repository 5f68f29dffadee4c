/**
 * How a cannon-es shape becomes a contactkit shape: one bridge per cannon-es shape type, and a
 * cache that builds each contactkit shape once per cannon-es shape and poses it on every call.
 *
 * A new shape (a triangle mesh, a heightfield) is one more bridge in `BRIDGES` and its pairs in
 * pairs.ts.
 */
import {
  Box,
  Capsule,
  ConvexHull,
  HalfSpace,
  Sphere,
  type AnyPrimitive,
} from '@contactkit/contacts3d';
import {
  Shape,
  type Box as CannonBox,
  type ConvexPolyhedron,
  type Quaternion,
  type Sphere as CannonSphere,
  type Vec3,
} from 'cannon-es';
import { CAPSULE_TYPE, type CapsuleShape } from './capsule-shape.js';

/** A contactkit shape built for one cannon-es shape, and what it was built from. */
interface Bridged {
  primitive: AnyPrimitive;
  readonly bridge: ShapeBridge;
  /**
   * The coordinates the primitive was built from, for shapes whose geometry is rebuilt when it
   * changes (a convex polyhedron's vertices); empty for the others.
   */
  source: Float64Array;
}

/** Builds the contactkit shape of one kind of cannon-es shape and keeps its size in step. */
interface ShapeBridge {
  /** The entry for `shape`: called once per cannon-es shape. */
  create(shape: Shape): Bridged;
  /**
   * Brings `entry.primitive` up to date with the size or geometry of `shape` when it changed
   * (cannon-es lets a user resize a shape in place); called before each pose, so it must cost
   * no more than a comparison when nothing changed.
   */
  sync(shape: Shape, entry: Bridged): void;
}

const NO_SOURCE = new Float64Array(0);

const halfSizeScratch = new Float64Array(3);
const positionScratch = new Float64Array(3);
const quaternionScratch = new Float64Array(4);

/** An entry whose primitive is resized in place, never rebuilt. */
function entryOf(primitive: AnyPrimitive, bridge: ShapeBridge): Bridged {
  return { primitive, bridge, source: NO_SOURCE };
}

const sphereBridge: ShapeBridge = {
  create: (shape) => entryOf(new Sphere((shape as CannonSphere).radius), sphereBridge),
  sync(shape, { primitive }) {
    const radius = (shape as CannonSphere).radius, sphere = primitive as Sphere;
    if (sphere.radius !== radius) sphere.radius = radius;
  },
};

const boxBridge: ShapeBridge = {
  create(shape) {
    const half = (shape as CannonBox).halfExtents;
    return entryOf(new Box([half.x, half.y, half.z]), boxBridge);
  },
  sync(shape, { primitive }) {
    const half = (shape as CannonBox).halfExtents, size = (primitive as Box).halfSize;
    if (size[0] === half.x && size[1] === half.y && size[2] === half.z) return;
    halfSizeScratch[0] = half.x;
    halfSizeScratch[1] = half.y;
    halfSizeScratch[2] = half.z;
    (primitive as Box).setHalfSize(halfSizeScratch);
  },
};

/**
 * cannon-es's `Plane` is the plane z = 0 of its frame with the solid below it: its sphere and
 * convex contacts exist for any depth under the surface (Narrowphase.spherePlane, planeConvex),
 * never above it. That is contactkit's `HalfSpace`, not its two-sided `Plane`.
 */
const planeBridge: ShapeBridge = {
  create: () => entryOf(new HalfSpace([0, 0, 1], 0), planeBridge),
  sync() {},
};

const capsuleBridge: ShapeBridge = {
  create(shape) {
    const { radius, halfLength } = shape as CapsuleShape;
    return entryOf(new Capsule(radius, halfLength), capsuleBridge);
  },
  sync(shape, { primitive }) {
    const { radius, halfLength } = shape as CapsuleShape, capsule = primitive as Capsule;
    if (capsule.radius !== radius) capsule.radius = radius;
    if (capsule.halfLength !== halfLength) capsule.halfLength = halfLength;
  },
};

/** The vertices of a cannon-es convex polyhedron as flat x, y, z triples. */
function vertexCoordinates(shape: ConvexPolyhedron): Float64Array {
  const vertices = shape.vertices, out = new Float64Array(3 * vertices.length);
  vertices.forEach((v, i) => {
    out[3 * i] = v.x;
    out[3 * i + 1] = v.y;
    out[3 * i + 2] = v.z;
  });
  return out;
}

/** Whether the vertices of `shape` are still exactly the coordinates in `source`. */
function sameVertices(shape: ConvexPolyhedron, source: Float64Array): boolean {
  const vertices = shape.vertices;
  if (3 * vertices.length !== source.length) return false;
  for (let i = 0; i < vertices.length; i++) {
    const v = vertices[i]!;
    if (v.x !== source[3 * i] || v.y !== source[3 * i + 1] || v.z !== source[3 * i + 2]) {
      return false;
    }
  }
  return true;
}

/**
 * cannon-es's `ConvexPolyhedron` and `Cylinder` (a `ConvexPolyhedron` whose vertices are two
 * rings) become contactkit's `ConvexHull` of their vertices, built once. cannon-es reads a
 * polyhedron's `vertices` on every call and lets a user move them in place, so every call compares
 * them with the ones the hull was built from (a pass over the vertices, as the hull's own pose
 * update makes) and builds the hull anew when any differs; nothing is allocated unless they did.
 * The faces cannon-es keeps (`faces`, `faceNormals`) are not read: the hull's faces are those of
 * its vertices' convex hull, coplanar triangles merged.
 */
const hullBridge: ShapeBridge = {
  create(shape) {
    const source = vertexCoordinates(shape as ConvexPolyhedron);
    return { primitive: ConvexHull.fromPoints(source), bridge: hullBridge, source };
  },
  sync(shape, entry) {
    if (sameVertices(shape as ConvexPolyhedron, entry.source)) return;
    const source = vertexCoordinates(shape as ConvexPolyhedron);
    // Built before either field is replaced: a cloud that spans no volume throws and changes nothing.
    entry.primitive = ConvexHull.fromPoints(source);
    entry.source = source;
  },
};

/** The bridges by cannon-es shape type bit (`Shape.types`). */
const BRIDGES: ReadonlyMap<number, ShapeBridge> = new Map([
  [Shape.types.SPHERE, sphereBridge],
  [Shape.types.BOX, boxBridge],
  [Shape.types.PLANE, planeBridge],
  [Shape.types.CONVEXPOLYHEDRON, hullBridge],
  [Shape.types.CYLINDER, hullBridge],
  [CAPSULE_TYPE, capsuleBridge],
]);

/** The cannon-es shape types that have a bridge: the shapes contactkit answers for. */
export function isBridged(type: number): boolean {
  return BRIDGES.has(type);
}

/**
 * The contactkit shapes of cannon-es shapes, built on first use and kept while the cannon-es
 * shape lives (a WeakMap: a shape removed from the world takes its entry with it).
 */
export class ShapeCache {
  private readonly entries = new WeakMap<Shape, Bridged>();

  /**
   * The contactkit shape of `shape`, its size brought up to date and placed at the world
   * position `position` and orientation `quaternion` (the shape's, not its body's: cannon-es
   * hands the narrowphase each shape's pose with the body's offset and orientation applied).
   * Throws the contactkit shape's RangeError when the size or pose is not valid for it (a box
   * side of 0, a non-finite position).
   */
  posed(shape: Shape, position: Vec3, quaternion: Quaternion): AnyPrimitive {
    let entry = this.entries.get(shape);
    if (entry === undefined) {
      const bridge = BRIDGES.get(shape.type);
      if (bridge === undefined) {
        throw new TypeError(`contactkit has no shape for cannon-es shape type ${shape.type}`);
      }
      entry = bridge.create(shape);
      this.entries.set(shape, entry);
    }
    entry.bridge.sync(shape, entry);
    positionScratch[0] = position.x;
    positionScratch[1] = position.y;
    positionScratch[2] = position.z;
    quaternionScratch[0] = quaternion.x;
    quaternionScratch[1] = quaternion.y;
    quaternionScratch[2] = quaternion.z;
    quaternionScratch[3] = quaternion.w;
    return entry.primitive.setPose(positionScratch, quaternionScratch);
  }
}
