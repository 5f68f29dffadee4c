/**
 * Rigid transforms in 3D, stored as 4x4 column-major matrices (gl-matrix layout): the rotation
 * in the upper 3x3 block, the translation in elements 12, 13, 14, the last row `0 0 0 1`.
 * Every function writes its output first argument and returns it; inputs are read into locals
 * before anything is written, so `out` may alias any input.
 */
import type { Mat4, Vec3 } from './create.js';
import { RIGID_TOLERANCE } from './tolerance.js';

/**
 * The transform that rotates by `rotation` and then translates by `position`.
 * The quaternion `[x, y, z, w]` is assumed to have unit length.
 */
export function transformFromPose(
  out: Mat4,
  position: ArrayLike<number>,
  rotation: ArrayLike<number>,
): Mat4 {
  const x = rotation[0]!, y = rotation[1]!, z = rotation[2]!, w = rotation[3]!;
  const px = position[0]!, py = position[1]!, pz = position[2]!;
  // The rotation matrix of a unit quaternion (Shoemake, "Animating rotation with quaternion
  // curves", SIGGRAPH 1985), in the products gl-matrix's fromRotationTranslation uses.
  const x2 = x + x, y2 = y + y, z2 = z + z;
  const xx = x * x2, xy = x * y2, xz = x * z2;
  const yy = y * y2, yz = y * z2, zz = z * z2;
  const wx = w * x2, wy = w * y2, wz = w * z2;
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
  return out;
}

/**
 * `out = a * b`: applying `out` to a point applies `b` first, then `a`. A full 4x4 product, so
 * it holds for any matrices, rigid or not. Written here rather than imported from gl-matrix: its
 * `mat4` module is one object, and importing one function of it put all of it (16 KB minified)
 * into a user's bundle.
 */
export function composeTransforms(out: Mat4, a: Mat4, b: Mat4): Mat4 {
  const a00 = a[0]!, a01 = a[1]!, a02 = a[2]!, a03 = a[3]!;
  const a10 = a[4]!, a11 = a[5]!, a12 = a[6]!, a13 = a[7]!;
  const a20 = a[8]!, a21 = a[9]!, a22 = a[10]!, a23 = a[11]!;
  const a30 = a[12]!, a31 = a[13]!, a32 = a[14]!, a33 = a[15]!;
  // Column by column: every element of b is read before its column of out is written, and a
  // was read first, so out may alias a, b or both.
  for (let c = 0; c < 16; c += 4) {
    const b0 = b[c]!, b1 = b[c + 1]!, b2 = b[c + 2]!, b3 = b[c + 3]!;
    out[c] = b0 * a00 + b1 * a10 + b2 * a20 + b3 * a30;
    out[c + 1] = b0 * a01 + b1 * a11 + b2 * a21 + b3 * a31;
    out[c + 2] = b0 * a02 + b1 * a12 + b2 * a22 + b3 * a32;
    out[c + 3] = b0 * a03 + b1 * a13 + b2 * a23 + b3 * a33;
  }
  return out;
}

/**
 * The inverse of a rigid transform: rotation transposed, translation `-R^T t`. Cheaper and more
 * accurate than a general 4x4 inverse; `m` is assumed rigid (orthonormal rotation, no scale).
 */
export function invertRigid(out: Mat4, m: Mat4): Mat4 {
  const r00 = m[0]!, r10 = m[1]!, r20 = m[2]!;
  const r01 = m[4]!, r11 = m[5]!, r21 = m[6]!;
  const r02 = m[8]!, r12 = m[9]!, r22 = m[10]!;
  const tx = m[12]!, ty = m[13]!, tz = m[14]!;
  out[0] = r00;
  out[1] = r01;
  out[2] = r02;
  out[3] = 0;
  out[4] = r10;
  out[5] = r11;
  out[6] = r12;
  out[7] = 0;
  out[8] = r20;
  out[9] = r21;
  out[10] = r22;
  out[11] = 0;
  out[12] = -(r00 * tx + r10 * ty + r20 * tz);
  out[13] = -(r01 * tx + r11 * ty + r21 * tz);
  out[14] = -(r02 * tx + r12 * ty + r22 * tz);
  out[15] = 1;
  return out;
}

/** `out = R p + t`. */
export function transformPoint(out: Vec3, m: Mat4, p: Vec3): Vec3 {
  const x = p[0]!, y = p[1]!, z = p[2]!;
  out[0] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
  out[1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
  out[2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
  return out;
}

/** `out = R d`: a direction ignores the translation. */
export function transformDirection(out: Vec3, m: Mat4, d: Vec3): Vec3 {
  const x = d[0]!, y = d[1]!, z = d[2]!;
  out[0] = m[0]! * x + m[4]! * y + m[8]! * z;
  out[1] = m[1]! * x + m[5]! * y + m[9]! * z;
  out[2] = m[2]! * x + m[6]! * y + m[10]! * z;
  return out;
}

/** `out = R^T (p - t)`: the point in the transform's local frame. `m` is assumed rigid. */
export function inverseTransformPoint(out: Vec3, m: Mat4, p: Vec3): Vec3 {
  const x = p[0]! - m[12]!, y = p[1]! - m[13]!, z = p[2]! - m[14]!;
  out[0] = m[0]! * x + m[1]! * y + m[2]! * z;
  out[1] = m[4]! * x + m[5]! * y + m[6]! * z;
  out[2] = m[8]! * x + m[9]! * y + m[10]! * z;
  return out;
}

/** `out = R^T d`: the direction in the transform's local frame. `m` is assumed rigid. */
export function inverseTransformDirection(out: Vec3, m: Mat4, d: Vec3): Vec3 {
  const x = d[0]!, y = d[1]!, z = d[2]!;
  out[0] = m[0]! * x + m[1]! * y + m[2]! * z;
  out[1] = m[4]! * x + m[5]! * y + m[6]! * z;
  out[2] = m[8]! * x + m[9]! * y + m[10]! * z;
  return out;
}

const rigidScratch = new Float64Array(16);

/**
 * Whether `m` is a finite rigid transform within `RIGID_TOLERANCE`: each element differs by at
 * most that from the rigid transform `orthonormalizeRigid` makes of it (orthonormal rotation
 * with determinant +1, last row `0 0 0 1`), which is what the setters store. So scale, shear, a
 * mirror (the cross product flips the third column) and a projective last row are rejected,
 * float32 round-off is not. Setters use it to reject such input.
 */
export function isRigidTransform(m: ArrayLike<number>): boolean {
  if (m.length !== 16) return false;
  orthonormalizeRigid(rigidScratch, m);
  // Written so that NaN fails: a NaN or an infinity anywhere gives a NaN difference.
  for (let i = 0; i < 16; i++) {
    if (!(Math.abs(rigidScratch[i]! - m[i]!) <= RIGID_TOLERANCE)) return false;
  }
  return true;
}

/**
 * A rigid transform close to `m` (as close as `m` is to orthonormal): its rotation block made
 * orthonormal (to round-off) and right-handed, its last row exactly `0 0 0 1`, its translation
 * copied.
 * Gram-Schmidt: column 0 normalised, column 1 made perpendicular to it and normalised, column 2
 * their cross product. Setters store this of what `isRigidTransform` accepted: without it, a
 * rotation accepted within `RIGID_TOLERANCE` (a diagonal of 1.00000049) would turn unit normals
 * into vectors of length 1 + 4.9e-7. `out` may be `m`. A zero column gives NaN (rejected by
 * `isRigidTransform`).
 */
export function orthonormalizeRigid(out: Mat4, m: ArrayLike<number>): Mat4 {
  let ax = m[0]!, ay = m[1]!, az = m[2]!;
  let bx = m[4]!, by = m[5]!, bz = m[6]!;
  const tx = m[12]!, ty = m[13]!, tz = m[14]!;
  const aLength = Math.sqrt(ax * ax + ay * ay + az * az);
  ax /= aLength;
  ay /= aLength;
  az /= aLength;
  const along = ax * bx + ay * by + az * bz;
  bx -= along * ax;
  by -= along * ay;
  bz -= along * az;
  const bLength = Math.sqrt(bx * bx + by * by + bz * bz);
  bx /= bLength;
  by /= bLength;
  bz /= bLength;
  out[0] = ax;
  out[1] = ay;
  out[2] = az;
  out[3] = 0;
  out[4] = bx;
  out[5] = by;
  out[6] = bz;
  out[7] = 0;
  out[8] = ay * bz - az * by;
  out[9] = az * bx - ax * bz;
  out[10] = ax * by - ay * bx;
  out[11] = 0;
  out[12] = tx;
  out[13] = ty;
  out[14] = tz;
  out[15] = 1;
  return out;
}

/**
 * Scales `v` (a quaternion, a plane normal: any length of vector) to unit length and returns
 * true, or returns false leaving it untouched when every component is 0. It divides by the
 * largest magnitude first, so neither the squares of a tiny vector ([1e-170, 0, 0, 0]) underflow
 * nor those of a huge one ([1e200, 0, 0, 0]) overflow: the direction is kept whatever the scale.
 */
export function normalizeScaled(v: Float64Array): boolean {
  let largest = 0;
  for (let i = 0; i < v.length; i++) largest = Math.max(largest, Math.abs(v[i]!));
  if (largest === 0) return false;
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += (v[i]! / largest) ** 2;
  const length = Math.sqrt(sum);
  for (let i = 0; i < v.length; i++) v[i] = v[i]! / largest / length;
  return true;
}
