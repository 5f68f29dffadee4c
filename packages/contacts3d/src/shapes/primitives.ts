/**
 * The 3D primitives (the CollisionPrimitive with its offset of Millington, Game Physics Engine
 * Development, ch. 13). Each has a world `transform` (rigid, 4x4 column-major), an `offset`
 * relative to its body, and a `body` value copied into the contacts. Geometry is validated once,
 * here; the detectors trust it.
 */
import {
  composeTransforms,
  copyCoordinates,
  copyFiniteArray,
  isRigidTransform,
  MAX_COORDINATE,
  mat4,
  normalizeScaled,
  orthonormalizeRigid,
  readCoordinates,
  readFiniteArray,
  requireCoordinate,
  requireNonNegative,
  slabMat4,
  vec3,
} from '@contactkit/math';
import type { Capsule } from './capsule.js';
import type { ConvexHull } from './convex-hull.js';
import type { Heightfield } from '../mesh/heightfield.js';
import type { TriangleMesh } from '../mesh/triangle-mesh.js';

/** Tags for the dispatch table: each primitive's `shapeType`. */
export const ShapeType = {
  /** {@link Sphere} */
  Sphere: 0,
  /** {@link Box} */
  Box: 1,
  /** {@link Plane} */
  Plane: 2,
  /** {@link HalfSpace} */
  HalfSpace: 3,
  /** {@link Capsule} (capsule.ts) */
  Capsule: 4,
  /** {@link ConvexHull} */
  ConvexHull: 5,
  /** {@link TriangleMesh} (mesh/triangle-mesh.ts) */
  TriangleMesh: 6,
  /** {@link Heightfield} (mesh/heightfield.ts) */
  Heightfield: 7,
} as const;
/** One of the values of {@link ShapeType}. */
export type ShapeType = (typeof ShapeType)[keyof typeof ShapeType];

const positionScratch = new Float64Array(3);
const rotationScratch = new Float64Array(4);
const matrixScratch = new Float64Array(16);
const composedScratch = new Float64Array(16);

/**
 * The squared lengths of a quaternion that `writePose` turns into a matrix as they are: from
 * 1e-100 to 1e100 no product of two components overflows, and one that underflows is below
 * 1e-208 of the matrix's unit entries. Outside, `setPose` first scales the quaternion by a power
 * of two (exact) into this range.
 */
const QUATERNION_SQUARE_MIN = 1e-100;
const QUATERNION_SQUARE_MAX = 1e100;

/**
 * Writes the rigid transform of `position` and the rotation of `quaternion` (of any length in
 * the range above) into `out` and returns true, or writes nothing and returns false when either
 * argument is not an array of numbers of the right length, a coordinate is not finite or beyond
 * `MAX_COORDINATE`, or the quaternion's squared length is outside the range (or NaN). The matrix
 * of the rotation of q / |q| is Shoemake's matrix of a unit quaternion ("Animating rotation with
 * quaternion curves", SIGGRAPH 1985) with its factor 2 replaced by 2 / |q|^2: one division, no
 * normalisation; a quaternion scaled by a power of two gives the very same matrix.
 */
function writePose(
  out: Float64Array,
  position: ArrayLike<number>,
  quaternion: ArrayLike<number>,
): boolean {
  if (position === null || typeof position !== 'object' || position.length !== 3) return false;
  if (quaternion === null || typeof quaternion !== 'object' || quaternion.length !== 4) {
    return false;
  }
  const px = position[0], py = position[1], pz = position[2];
  const x = quaternion[0], y = quaternion[1], z = quaternion[2], w = quaternion[3];
  if (
    typeof px !== 'number' || typeof py !== 'number' || typeof pz !== 'number' ||
    typeof x !== 'number' || typeof y !== 'number' || typeof z !== 'number' ||
    typeof w !== 'number'
  ) {
    return false;
  }
  // Comparisons with NaN are false, and a non-finite component makes the square NaN or infinite:
  // the range checks are the finiteness checks.
  if (
    !(Math.abs(px) <= MAX_COORDINATE && Math.abs(py) <= MAX_COORDINATE &&
      Math.abs(pz) <= MAX_COORDINATE)
  ) {
    return false;
  }
  const square = x * x + y * y + z * z + w * w;
  if (!(square >= QUATERNION_SQUARE_MIN && square <= QUATERNION_SQUARE_MAX)) return false;
  const s = 2 / square;
  const xs = x * s, ys = y * s, zs = z * s;
  const xx = x * xs, xy = x * ys, xz = x * zs;
  const yy = y * ys, yz = y * zs, zz = z * zs;
  const wx = w * xs, wy = w * ys, wz = w * zs;
  out[0] = 1 - (yy + zz);
  out[1] = xy + wz;
  out[2] = xz - wy;
  out[3] = 0;
  out[4] = xy - wz;
  out[5] = 1 - (xx + zz);
  out[6] = yz + wx;
  out[7] = 0;
  out[8] = xz + wy;
  out[9] = yz - wx;
  out[10] = 1 - (xx + yy);
  out[11] = 0;
  out[12] = px;
  out[13] = py;
  out[14] = pz;
  out[15] = 1;
  return true;
}

/**
 * Scales `v` by a power of two (exact, so the direction is kept to the bit) until its largest
 * magnitude is about 1 (from 1/2 to 2); false, changing nothing, when every component is 0. Two factors,
 * since 2^1074, which a subnormal component needs, is beyond the range of a double.
 */
function scaleByPowerOfTwo(v: Float64Array): boolean {
  let largest = 0;
  for (let i = 0; i < v.length; i++) largest = Math.max(largest, Math.abs(v[i]!));
  if (largest === 0) return false;
  const exponent = -Math.floor(Math.log2(largest));
  const half = Math.trunc(exponent / 2);
  for (let i = 0; i < v.length; i++) v[i] = v[i]! * 2 ** half * 2 ** (exponent - half);
  return true;
}

/**
 * Reads a rigid transform (see `isRigidTransform`) whose translation is within `MAX_COORDINATE`
 * into `out`, re-orthonormalised (`orthonormalizeRigid`): the tolerance the check allows never
 * reaches a normal. `out` is written only when every check passes. Every element is held to the
 * range, which bounds the translation: those of a rotation are at most 1 anyway.
 */
function readRigid(field: string, value: ArrayLike<number>, out: Float64Array): void {
  readCoordinates(field, value, 16, matrixScratch);
  if (!isRigidTransform(matrixScratch)) {
    throw new RangeError(
      `${field} must be a rigid transform (orthonormal rotation, no scale, last row 0 0 0 1), got [${
        Array.from(value).join(', ')
      }]`,
    );
  }
  orthonormalizeRigid(out, matrixScratch);
}

/** What every 3D primitive has: a type tag, a world transform, an offset from its body, a user value. */
/** `B` is the type of `body` (`unknown` unless given), the type the contacts' bodies have. */
export abstract class Primitive<B = unknown> {
  /** Which primitive this is, for the dispatch in `collide`. */
  abstract readonly shapeType: ShapeType;
  /** World transform: `bodyTransform * offset` after `updateTransform`. Set it through the setters. */
  readonly transform = slabMat4();
  /** Transform relative to the body (identity unless set). */
  readonly offset = mat4();
  /** Any user value of type `B` (null until set); copied into the contacts' `firstBody` or `secondBody`. */
  body: B | null = null;
  private readonly box = new Float64Array(6);
  /** Whether `box` is out of date: the pose or the size changed since it was last written. */
  private boxStale = true;

  /**
   * The world axis-aligned box that holds the shape: min x, y, z, then max x, y, z. Current
   * after every pose and size setter, for a broadphase or a mesh query; written when read, not
   * at each pose (most poses set in a frame are never boxed). Unbounded shapes hold infinities
   * (see `Plane` and `HalfSpace`). The same array every time.
   */
  get aabb(): Float64Array {
    if (this.boxStale) {
      // Cleared first: `writeAabb` writes through this getter.
      this.boxStale = false;
      this.writeAabb();
    }
    return this.box;
  }

  /**
   * Sets the world transform from a position (each coordinate within `MAX_COORDINATE`) and a
   * quaternion `[x, y, z, w]`. The quaternion may have any finite length but 0 and stands for the
   * rotation of the unit quaternion in its direction: float32 round-off, a tiny or a huge
   * quaternion all give that rotation, and a quaternion scaled by a power of two the very same
   * matrix.
   */
  setPose(position: ArrayLike<number>, quaternion: ArrayLike<number>): this {
    // Checked and written in one pass (a pose is set every frame); what it turns down, a bad
    // argument or a quaternion of extreme length, goes the long way round.
    if (!writePose(this.transform, position, quaternion)) this.setPoseChecked(position, quaternion);
    this.transformChanged();
    return this;
  }

  /**
   * `setPose` for what `writePose` turns down: throws, naming the argument and its value (the
   * message, and the class name it starts with, made on failure only), or scales the quaternion
   * into `writePose`'s range.
   */
  private setPoseChecked(position: ArrayLike<number>, quaternion: ArrayLike<number>): void {
    if (!copyCoordinates(position, 3, positionScratch)) {
      readCoordinates(`${this.constructor.name}.position`, position, 3, positionScratch);
    }
    if (!copyFiniteArray(quaternion, 4, rotationScratch)) {
      readFiniteArray(`${this.constructor.name}.quaternion`, quaternion, 4, rotationScratch);
    }
    if (!scaleByPowerOfTwo(rotationScratch)) {
      throw new RangeError(
        `${this.constructor.name}.quaternion must be non-zero, got [${
          Array.from(quaternion).join(', ')
        }]`,
      );
    }
    writePose(this.transform, positionScratch, rotationScratch);
  }

  /**
   * Sets the world transform directly; it must be rigid (see `isRigidTransform`), its translation
   * within `MAX_COORDINATE`. The rotation is re-orthonormalised (`orthonormalizeRigid`).
   */
  setTransform(matrix: ArrayLike<number>): this {
    readRigid(`${this.constructor.name}.transform`, matrix, this.transform);
    this.transformChanged();
    return this;
  }

  /** Sets the offset relative to the body; it must be rigid, as in `setTransform`. Call `updateTransform` after. */
  setOffset(matrix: ArrayLike<number>): this {
    readRigid(`${this.constructor.name}.offset`, matrix, this.offset);
    return this;
  }

  /**
   * `transform = bodyTransform * offset` (Millington, ch. 13); `bodyTransform` must be rigid, as
   * in `setTransform`, and so must the translation of the product be within `MAX_COORDINATE`.
   */
  updateTransform(bodyTransform: ArrayLike<number>): this {
    const field = `${this.constructor.name}.updateTransform(bodyTransform)`;
    readRigid(field, bodyTransform, matrixScratch);
    composeTransforms(composedScratch, matrixScratch, this.offset);
    // The product's translation may leave the range when neither factor's does: then the read throws.
    if (!copyCoordinates(composedScratch, 16, this.transform)) {
      readCoordinates(`${field} * offset`, composedScratch, 16, this.transform);
    }
    this.transformChanged();
    return this;
  }

  /**
   * Called whenever the transform changed: primitives that cache world-space data derived from
   * it override this and call `super.transformChanged()`.
   */
  protected transformChanged(): void {
    this.boxStale = true;
  }

  /** Called by a size setter: `aabb` is written again when next read. */
  protected sizeChanged(): void {
    this.boxStale = true;
  }

  /** Writes `aabb` from the transform and the shape's size. */
  protected abstract writeAabb(): void;
}

/** A sphere of `radius` about its transform's origin. A radius of 0 is a point. */
export class Sphere<B = unknown> extends Primitive<B> {
  /** `ShapeType.Sphere`. */
  readonly shapeType = ShapeType.Sphere;
  private radiusValue = 0;

  constructor(radius: number) {
    super();
    this.radius = radius;
  }

  /** At least 0 and at most `MAX_COORDINATE`. */
  get radius(): number {
    return this.radiusValue;
  }
  /** Throws a RangeError, changing nothing, for a radius that is negative, not finite or above `MAX_COORDINATE`. */
  set radius(value: number) {
    this.radiusValue = requireCoordinate(
      'Sphere.radius',
      requireNonNegative('Sphere.radius', value),
    );
    this.sizeChanged();
  }

  protected writeAabb(): void {
    const m = this.transform, r = this.radiusValue;
    for (let i = 0; i < 3; i++) {
      this.aabb[i] = m[12 + i]! - r;
      this.aabb[3 + i] = m[12 + i]! + r;
    }
  }
}

/** A box centred on its transform's origin, extending `halfSize[i]` along each local axis. */
export class Box<B = unknown> extends Primitive<B> {
  /** `ShapeType.Box`. */
  readonly shapeType = ShapeType.Box;
  /**
   * Half extents along the local x, y, z axes; each greater than 0 and at most `MAX_COORDINATE`.
   * Set through `setHalfSize`.
   */
  readonly halfSize = vec3(0.5, 0.5, 0.5);

  constructor(halfSize: ArrayLike<number>) {
    super();
    this.setHalfSize(halfSize);
  }

  /** Sets the half extents; each must be greater than 0 and at most `MAX_COORDINATE`. */
  setHalfSize(halfSize: ArrayLike<number>): this {
    readCoordinates('Box.halfSize', halfSize, 3, positionScratch);
    for (let i = 0; i < 3; i++) {
      if (positionScratch[i]! <= 0) {
        throw new RangeError(
          `Box.halfSize[${i}] must be greater than 0, got ${positionScratch[i]} in [${
            Array.from(halfSize).join(', ')
          }]`,
        );
      }
    }
    this.halfSize.set(positionScratch);
    this.sizeChanged();
    return this;
  }

  protected writeAabb(): void {
    // Ericson 4.2.6: the world extent along axis i is sum_j |R_ij| h_j.
    const m = this.transform, h = this.halfSize;
    for (let i = 0; i < 3; i++) {
      const extent = Math.abs(m[i]!) * h[0]! + Math.abs(m[4 + i]!) * h[1]! +
        Math.abs(m[8 + i]!) * h[2]!;
      this.aabb[i] = m[12 + i]! - extent;
      this.aabb[3 + i] = m[12 + i]! + extent;
    }
  }
}

/**
 * Shared by Plane and HalfSpace: `dot(normal, x) = offset` in the primitive's own frame, and
 * the same plane in world space (`worldNormal`, `worldOffset`), kept in step with the transform.
 * With the default identity transform the two coincide.
 */
abstract class PlaneBase<B> extends Primitive<B> {
  /** Unit normal in the primitive's frame. */
  readonly normal = vec3(0, 1, 0);
  /** Unit normal in world space. */
  readonly worldNormal = vec3(0, 1, 0);
  private offsetValue = 0;
  /** Signed distance of the plane from the world origin along `worldNormal`. */
  worldOffset = 0;

  constructor(normal: ArrayLike<number>, offset: number) {
    super();
    this.setPlane(normal, offset);
  }

  /** Distance of the plane from the frame's origin along `normal`. */
  get planeOffset(): number {
    return this.offsetValue;
  }

  /**
   * Sets `dot(normal, x) = offset`. The normal may have any finite length but 0 and is normalised
   * (`normalizeScaled`); the offset is a coordinate, within `MAX_COORDINATE`.
   */
  setPlane(normal: ArrayLike<number>, offset: number): this {
    const name = this.constructor.name;
    readFiniteArray(`${name}.normal`, normal, 3, positionScratch);
    requireCoordinate(`${name}.offset`, offset);
    if (!normalizeScaled(positionScratch)) {
      throw new RangeError(
        `${name}.normal must be non-zero, got [${Array.from(normal).join(', ')}]`,
      );
    }
    this.normal.set(positionScratch);
    this.offsetValue = offset;
    this.transformChanged();
    return this;
  }

  protected override transformChanged(): void {
    this.writeWorldPlane();
    super.transformChanged();
  }

  /**
   * Whether the solid is the plane itself (both sides touch it) rather than all below it. A method,
   * not a field: the constructor's `setPlane` runs before a subclass's fields are set.
   */
  protected abstract isTwoSided(): boolean;

  private writeWorldPlane(): void {
    const m = this.transform;
    const nx = this.normal[0]!, ny = this.normal[1]!, nz = this.normal[2]!;
    const wx = m[0]! * nx + m[4]! * ny + m[8]! * nz;
    const wy = m[1]! * nx + m[5]! * ny + m[9]! * nz;
    const wz = m[2]! * nx + m[6]! * ny + m[10]! * nz;
    this.worldNormal[0] = wx;
    this.worldNormal[1] = wy;
    this.worldNormal[2] = wz;
    // A point of the plane, offset * normal, moves with the transform; its projection is the new offset.
    this.worldOffset = this.offsetValue + wx * m[12]! + wy * m[13]! + wz * m[14]!;
  }

  /**
   * Unbounded along every axis unless the world normal lies along a coordinate axis: then the
   * plane is bounded along that axis by `worldOffset` (a `Plane` on both sides, a `HalfSpace` on
   * the side its normal points to).
   */
  protected writeAabb(): void {
    const n = this.worldNormal;
    this.aabb.fill(-Infinity, 0, 3);
    this.aabb.fill(Infinity, 3, 6);
    for (let i = 0; i < 3; i++) {
      const along = n[i]!;
      if (Math.abs(along) !== 1 || n[(i + 1) % 3] !== 0 || n[(i + 2) % 3] !== 0) continue;
      const level = along * this.worldOffset;
      if (along > 0 || this.isTwoSided()) this.aabb[3 + i] = level;
      if (along < 0 || this.isTwoSided()) this.aabb[i] = level;
    }
  }
}

/** A true plane `dot(normal, x) = offset` (Millington's true plane): contacts on either side. */
export class Plane<B = unknown> extends PlaneBase<B> {
  /** `ShapeType.Plane`. */
  readonly shapeType = ShapeType.Plane;

  protected isTwoSided(): boolean {
    return true;
  }
}

/** The solid half-space `dot(normal, x) <= offset`: everything below the plane (Millington's half-space). */
export class HalfSpace<B = unknown> extends PlaneBase<B> {
  /** `ShapeType.HalfSpace`. */
  readonly shapeType = ShapeType.HalfSpace;

  protected isTwoSided(): boolean {
    return false;
  }
}

/** Any primitive `collide` dispatches, with bodies of type `B`. */
export type AnyPrimitive<B = unknown> =
  | Sphere<B>
  | Box<B>
  | Plane<B>
  | HalfSpace<B>
  | Capsule<B>
  | ConvexHull<B>
  | TriangleMesh<B>
  | Heightfield<B>;
