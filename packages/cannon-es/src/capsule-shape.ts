/**
 * `CapsuleShape`: a capsule cannon-es can simulate. cannon-es 0.20 has no capsule (its users
 * build one from a cylinder and two spheres); this is a cannon-es `Shape` with a type bit of its
 * own, which cannon-es's bodies, broadphase and bounding boxes handle like any shape, and whose
 * contacts come from contactkit's `Capsule` pairs while `useContactkit` is installed.
 */
import { Shape, Vec3, type Quaternion } from 'cannon-es';

/**
 * The type bit of `CapsuleShape`: cannon-es 0.20 uses the bits 1 to 256 (`Shape.types`), so 512
 * is free, and its OR with any of those names one pair (`getContacts` dispatches on
 * `si.type | sj.type`).
 */
export const CAPSULE_TYPE = 512;

/** cannon-es's shape options, without `type` (a capsule's is `CAPSULE_TYPE`). */
export type CapsuleShapeOptions = Omit<NonNullable<ConstructorParameters<typeof Shape>[0]>, 'type'>;

/**
 * A capsule for cannon-es: the points within `radius` of the segment from `(0, -halfLength, 0)`
 * to `(0, halfLength, 0)` in the shape's frame (local Y, as contactkit's `Capsule` and three.js's
 * `CapsuleGeometry` lie). Its contacts with spheres, boxes, planes, capsules, convex polyhedra and
 * cylinders come from contactkit while `useContactkit` is installed on the world; cannon-es
 * itself has no narrowphase method for it, so without the adapter (and after its `dispose()`) a
 * `CapsuleShape` collides with nothing. Particles, trimeshes and heightfields never meet it.
 *
 * `radius` and `halfLength` may be changed in place, as cannon-es's own shapes' sizes are; call
 * `updateBoundingSphereRadius()` and the body's `updateBoundingRadius()` and
 * `updateMassProperties()` after, as cannon-es asks for its shapes. The contacts follow the new
 * size on the next step.
 */
export class CapsuleShape extends Shape {
  /** The radius of the capsule around its segment, greater than 0. */
  radius: number;
  /** Half the length of the segment, at least 0 (0 is a sphere). */
  halfLength: number;

  /**
   * A capsule of `radius` (greater than 0) around a segment of `2 * halfLength` (at least 0)
   * along local Y. Throws a RangeError naming the argument for a value that is not finite or out
   * of that range. `options` are cannon-es's shape options (`collisionFilterGroup`,
   * `collisionFilterMask`, `collisionResponse`, `material`).
   */
  constructor(
    radius: number,
    halfLength: number,
    options: CapsuleShapeOptions = {},
  ) {
    if (typeof radius !== 'number' || !Number.isFinite(radius) || radius <= 0) {
      throw new RangeError(
        `CapsuleShape(radius): radius must be finite and greater than 0, got ${radius}`,
      );
    }
    if (typeof halfLength !== 'number' || !Number.isFinite(halfLength) || halfLength < 0) {
      throw new RangeError(
        `CapsuleShape(radius, halfLength): halfLength must be finite and at least 0, got ${halfLength}`,
      );
    }
    super(options);
    // cannon-es types `type` as one of its own bits; 512 is the capsule's (CAPSULE_TYPE).
    this.type = CAPSULE_TYPE as Shape['type'];
    this.radius = radius;
    this.halfLength = halfLength;
    this.updateBoundingSphereRadius();
  }

  /** The sphere about the shape's origin that holds it: `halfLength + radius`. */
  override updateBoundingSphereRadius(): void {
    this.boundingSphereRadius = this.halfLength + this.radius;
  }

  /** A cylinder of height `2 halfLength` and two hemispheres, one ball: `pi r^2 (2 h) + 4/3 pi r^3`. */
  override volume(): number {
    const r = this.radius, h = this.halfLength;
    return Math.PI * r * r * (2 * h + 4 * r / 3);
  }

  /**
   * The principal moments of inertia of a solid capsule of `mass` about its centre (x and z
   * across the segment, y along it), written to `target` (a new Vec3 when none is given, as
   * cannon-es's shapes do). A cylinder of height H = 2h and the two hemispheres, of masses in the
   * ratio of their volumes: `I_y = m_c r^2 / 2 + m_s 2 r^2 / 5` and, each hemisphere's centroid
   * 3r/8 from its flat face moved out to the ends by the parallel-axis theorem,
   * `I_x = m_c (r^2 / 4 + H^2 / 12) + m_s (2 r^2 / 5 + H^2 / 4 + 3 H r / 8)`.
   *
   * cannon-es's `Body.updateMassProperties` does not call this: it gives every body the inertia
   * of a box filling its bounding box, whatever its shapes. A body that should roll like a
   * capsule can be given these moments (`body.inertia`, then `body.updateInertiaWorld(true)` and
   * `invInertia`).
   */
  override calculateLocalInertia(mass: number, target?: Vec3): Vec3 {
    const out = target ?? new Vec3();
    const r = this.radius, H = 2 * this.halfLength;
    const cylinder = r * r * H, spheres = 4 * r * r * r / 3;
    const mc = mass * cylinder / (cylinder + spheres), ms = mass - mc;
    const across = mc * (r * r / 4 + H * H / 12) + ms * (2 * r * r / 5 + H * H / 4 + 3 * H * r / 8);
    out.set(across, mc * r * r / 2 + ms * 2 * r * r / 5, across);
    return out;
  }

  /**
   * The world box of the capsule at `position` turned by `quaternion`: its segment's ends, each
   * a ball of `radius` (Ericson, Real-Time Collision Detection, 4.2). The segment's direction is
   * the second column of the quaternion's rotation matrix.
   */
  override calculateWorldAABB(position: Vec3, quaternion: Quaternion, min: Vec3, max: Vec3): void {
    const { x, y, z, w } = quaternion;
    const h = this.halfLength, r = this.radius;
    const ex = Math.abs(2 * (x * y - w * z)) * h + r;
    const ey = Math.abs(1 - 2 * (x * x + z * z)) * h + r;
    const ez = Math.abs(2 * (y * z + w * x)) * h + r;
    min.set(position.x - ex, position.y - ey, position.z - ez);
    max.set(position.x + ex, position.y + ey, position.z + ez);
  }
}
