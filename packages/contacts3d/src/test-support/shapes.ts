/**
 * Plain-number descriptions of test shapes, the small vector algebra the oracle needs (written
 * here, independent of @contactkit/math), and the bridge to the library's primitives.
 * Tests only; not exported by the package.
 */
import { Box, HalfSpace, Plane, Sphere, type AnyPrimitive } from '../shapes/primitives.js';

export type Vec3 = [number, number, number];
export type Quat = [number, number, number, number];

interface PoseSpec {
  /** World position of the shape's frame. */
  position: Vec3;
  /** Rotation of the shape's frame, a quaternion [x, y, z, w] (normalised wherever it is used). */
  rotation: Quat;
}
export interface SphereSpec extends PoseSpec {
  kind: 'sphere';
  radius: number;
}
export interface BoxSpec extends PoseSpec {
  kind: 'box';
  halfSize: Vec3;
}
/**
 * `dot(normal / |normal|, x) = offset` in the shape's own frame (the library normalises the normal
 * and keeps the offset).
 */
export interface PlaneSpec extends PoseSpec {
  kind: 'plane' | 'halfSpace';
  normal: Vec3;
  offset: number;
}
export type ShapeSpec = SphereSpec | BoxSpec | PlaneSpec;

export function dot(a: readonly number[], b: readonly number[]): number {
  return a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
}
export function add(a: readonly number[], b: readonly number[]): Vec3 {
  return [a[0]! + b[0]!, a[1]! + b[1]!, a[2]! + b[2]!];
}
export function sub(a: readonly number[], b: readonly number[]): Vec3 {
  return [a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!];
}
export function scale(a: readonly number[], s: number): Vec3 {
  return [a[0]! * s, a[1]! * s, a[2]! * s];
}
export function cross(a: readonly number[], b: readonly number[]): Vec3 {
  return [
    a[1]! * b[2]! - a[2]! * b[1]!,
    a[2]! * b[0]! - a[0]! * b[2]!,
    a[0]! * b[1]! - a[1]! * b[0]!,
  ];
}
export function length(a: readonly number[]): number {
  return Math.hypot(a[0]!, a[1]!, a[2]!);
}

export function normalizeQuat(q: readonly number[]): Quat {
  const n = Math.hypot(q[0]!, q[1]!, q[2]!, q[3]!);
  return [q[0]! / n, q[1]! / n, q[2]! / n, q[3]! / n];
}

/** Hamilton product `a * b` (apply b, then a), normalised. */
export function multiplyQuat(a: Quat, b: Quat): Quat {
  const [ax, ay, az, aw] = a;
  const [bx, by, bz, bw] = b;
  return normalizeQuat([
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ]);
}

/** The quaternion turning by `angle` radians about the unit `axis`. */
export function axisAngle(axis: readonly number[], angle: number): Quat {
  const s = Math.sin(angle / 2);
  return [axis[0]! * s, axis[1]! * s, axis[2]! * s, Math.cos(angle / 2)];
}

/** The columns of the rotation matrix of `q` (normalised first): the shape's local axes in world. */
export function rotationColumns(q: readonly number[]): [Vec3, Vec3, Vec3] {
  const [x, y, z, w] = normalizeQuat(q);
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)],
    [2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)],
    [2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)],
  ];
}

/** `R v` for the rotation `q`. */
export function rotate(q: readonly number[], v: readonly number[]): Vec3 {
  const [c0, c1, c2] = rotationColumns(q);
  return add(add(scale(c0, v[0]!), scale(c1, v[1]!)), scale(c2, v[2]!));
}

/** `R^T v`: a world direction in the frame of rotation `q`. */
export function rotateInverse(q: readonly number[], v: readonly number[]): Vec3 {
  const [c0, c1, c2] = rotationColumns(q);
  return [dot(c0, v), dot(c1, v), dot(c2, v)];
}

/** A rigid motion: rotate by `rotation` about the origin, then translate. */
export interface RigidMotion {
  rotation: Quat;
  translation: Vec3;
}

export function movePoint(motion: RigidMotion, p: readonly number[]): Vec3 {
  return add(rotate(motion.rotation, p), motion.translation);
}

/** The shape after the rigid motion (`motion * pose`). */
export function moveShape<T extends ShapeSpec>(motion: RigidMotion, shape: T): T {
  return {
    ...shape,
    position: movePoint(motion, shape.position),
    rotation: multiplyQuat(motion.rotation, shape.rotation),
  };
}

/** The shape translated by `offset`. */
export function translateShape<T extends ShapeSpec>(shape: T, offset: readonly number[]): T {
  return { ...shape, position: add(shape.position, offset) };
}

/** A plane's world unit normal and offset: `dot(n, x) = d`. */
export function worldPlane(shape: PlaneSpec): { normal: Vec3; offset: number; } {
  const length0 = length(shape.normal);
  const localNormal = scale(shape.normal, 1 / length0);
  const normal = rotate(shape.rotation, localNormal);
  // The point offset * n (local) moves with the pose.
  const onPlane = add(rotate(shape.rotation, scale(localNormal, shape.offset)), shape.position);
  return { normal, offset: dot(normal, onPlane) };
}

/** The eight corners of a box in world space. */
export function boxCorners(shape: BoxSpec): Vec3[] {
  const axes = rotationColumns(shape.rotation);
  const corners: Vec3[] = [];
  for (let k = 0; k < 8; k++) {
    let p: Vec3 = [...shape.position];
    for (let a = 0; a < 3; a++) {
      p = add(p, scale(axes[a]!, (k & (1 << a) ? 1 : -1) * shape.halfSize[a]!));
    }
    corners.push(p);
  }
  return corners;
}

/** The library primitive for a spec, posed. */
export function buildPrimitive(shape: ShapeSpec): AnyPrimitive {
  switch (shape.kind) {
    case 'sphere':
      return new Sphere(shape.radius).setPose(shape.position, shape.rotation);
    case 'box':
      return new Box(shape.halfSize).setPose(shape.position, shape.rotation);
    case 'plane':
      return new Plane(shape.normal, shape.offset).setPose(shape.position, shape.rotation);
    case 'halfSpace':
      return new HalfSpace(shape.normal, shape.offset).setPose(shape.position, shape.rotation);
  }
}

/** A size for tolerances: the largest extent or coordinate in play (at least 1). */
export function shapeScale(shape: ShapeSpec): number {
  const extent = shape.kind === 'sphere'
    ? shape.radius
    : shape.kind === 'box'
    ? Math.max(...shape.halfSize)
    : Math.abs(shape.offset);
  return Math.max(1, extent, ...shape.position.map(Math.abs));
}
