/**
 * How a cannon-es shape becomes a contactkit shape: one bridge per cannon-es shape type, and a
 * cache that builds each contactkit shape once per cannon-es shape and poses it on every call.
 *
 * A new shape (contactkit's ConvexHull for cannon-es's ConvexPolyhedron and Cylinder, a capsule
 * with its own type bit, a triangle mesh, a heightfield) is one more bridge in `BRIDGES` and its
 * pairs in pairs.ts.
 */
import { Box, HalfSpace, Sphere, type AnyPrimitive } from '@contactkit/contacts3d';
import {
  Shape,
  type Box as CannonBox,
  type Quaternion,
  type Sphere as CannonSphere,
  type Vec3,
} from 'cannon-es';

/** Builds the contactkit shape of one kind of cannon-es shape and keeps its size in step. */
interface ShapeBridge {
  /** A new contactkit shape for `shape`: called once per cannon-es shape. */
  create(shape: Shape): AnyPrimitive;
  /**
   * Copies the size of `shape` into `primitive` when it changed (cannon-es lets a user resize a
   * shape in place); called before each pose, so it must cost a comparison when nothing changed.
   */
  sync(shape: Shape, primitive: AnyPrimitive): void;
}

const halfSizeScratch = new Float64Array(3);
const positionScratch = new Float64Array(3);
const quaternionScratch = new Float64Array(4);

const sphereBridge: ShapeBridge = {
  create: (shape) => new Sphere((shape as CannonSphere).radius),
  sync(shape, primitive) {
    const radius = (shape as CannonSphere).radius, sphere = primitive as Sphere;
    if (sphere.radius !== radius) sphere.radius = radius;
  },
};

const boxBridge: ShapeBridge = {
  create(shape) {
    const half = (shape as CannonBox).halfExtents;
    return new Box([half.x, half.y, half.z]);
  },
  sync(shape, primitive) {
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
  create: () => new HalfSpace([0, 0, 1], 0),
  sync() {},
};

/** The bridges by cannon-es shape type bit (`Shape.types`). */
const BRIDGES: ReadonlyMap<number, ShapeBridge> = new Map([
  [Shape.types.SPHERE, sphereBridge],
  [Shape.types.BOX, boxBridge],
  [Shape.types.PLANE, planeBridge],
]);

/** The cannon-es shape types that have a bridge: the shapes contactkit answers for. */
export function isBridged(type: number): boolean {
  return BRIDGES.has(type);
}

/** A contactkit shape built for one cannon-es shape, with the bridge that keeps it in step. */
interface Bridged {
  readonly primitive: AnyPrimitive;
  readonly bridge: ShapeBridge;
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
      entry = { primitive: bridge.create(shape), bridge };
      this.entries.set(shape, entry);
    }
    entry.bridge.sync(shape, entry.primitive);
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
