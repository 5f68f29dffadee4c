/**
 * Rigid transforms in 3D, stored as 4x4 column-major matrices (gl-matrix layout): the rotation
 * in the upper 3x3 block, the translation in elements 12, 13, 14, the last row `0 0 0 1`.
 * Every function writes its output first argument and returns it; inputs are read into locals
 * before anything is written, so `out` may alias any input.
 */
import { mat4 as glMat4 } from 'gl-matrix';
import type { Mat4, Quat, Vec3 } from './create.js';
import { RIGID_TOLERANCE } from './tolerance.js';

/**
 * The transform that rotates by `rotation` and then translates by `position`.
 * The quaternion `[x, y, z, w]` is assumed to have unit length.
 */
export function transformFromPose(out: Mat4, position: ArrayLike<number>, rotation: ArrayLike<number>): Mat4 {
  glMat4.fromRotationTranslation(out, rotation as Quat, position as Vec3);
  return out;
}

/** `out = a * b`: applying `out` to a point applies `b` first, then `a`. */
export function composeTransforms(out: Mat4, a: Mat4, b: Mat4): Mat4 {
  glMat4.multiply(out, a, b);
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
  out[0] = r00; out[1] = r01; out[2] = r02; out[3] = 0;
  out[4] = r10; out[5] = r11; out[6] = r12; out[7] = 0;
  out[8] = r20; out[9] = r21; out[10] = r22; out[11] = 0;
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

/**
 * Whether `m` is a finite rigid transform: orthonormal rotation with determinant +1 (within
 * `RIGID_TOLERANCE`) and last row `0 0 0 1`. Setters use it to reject scaled or sheared input.
 */
export function isRigidTransform(m: ArrayLike<number>): boolean {
  if (m.length !== 16) return false;
  for (let i = 0; i < 16; i++) if (!Number.isFinite(m[i]!)) return false;
  if (Math.abs(m[3]!) > RIGID_TOLERANCE || Math.abs(m[7]!) > RIGID_TOLERANCE || Math.abs(m[11]!) > RIGID_TOLERANCE) return false;
  if (Math.abs(m[15]! - 1) > RIGID_TOLERANCE) return false;
  for (let i = 0; i < 3; i++) {
    for (let j = i; j < 3; j++) {
      const dot = m[i * 4]! * m[j * 4]! + m[i * 4 + 1]! * m[j * 4 + 1]! + m[i * 4 + 2]! * m[j * 4 + 2]!;
      if (Math.abs(dot - (i === j ? 1 : 0)) > RIGID_TOLERANCE) return false;
    }
  }
  // Columns orthonormal; the determinant (column 0 . (column 1 x column 2)) rules out a mirror.
  const det =
    m[0]! * (m[5]! * m[10]! - m[6]! * m[9]!) -
    m[1]! * (m[4]! * m[10]! - m[6]! * m[8]!) +
    m[2]! * (m[4]! * m[9]! - m[5]! * m[8]!);
  return det > 0;
}
