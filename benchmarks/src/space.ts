/**
 * Small vector and quaternion helpers for building benchmark inputs (never timed). Plain tuples:
 * the inputs are converted into each library's own objects once, before any timing.
 */
export type V3 = [number, number, number];
export type Q = [number, number, number, number];
export type V2 = [number, number];

export const add3 = (a: V3, b: V3): V3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub3 = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale3 = (a: V3, s: number): V3 => [a[0] * s, a[1] * s, a[2] * s];
export const dot3 = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross3 = (
  a: V3,
  b: V3,
): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const length3 = (a: V3): number => Math.hypot(a[0], a[1], a[2]);
export const normalize3 = (a: V3): V3 => scale3(a, 1 / length3(a));

/** Hamilton product `a * b`: rotating by the result rotates by `b` first, then `a`. */
export function multiplyQ(a: Q, b: Q): Q {
  const [ax, ay, az, aw] = a;
  const [bx, by, bz, bw] = b;
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

/** The rotation by `angle` radians about the unit `axis`. */
export function axisAngleQ(axis: V3, angle: number): Q {
  const s = Math.sin(angle / 2);
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
}

/** `v` rotated by the unit quaternion `q`: v + 2w(u x v) + 2u x (u x v). */
export function rotate3(q: Q, v: V3): V3 {
  const u: V3 = [q[0], q[1], q[2]];
  const t = scale3(cross3(u, v), 2);
  return add3(add3(v, scale3(t, q[3])), cross3(u, t));
}

/** A unit vector perpendicular to the unit vector `n`. */
export function perpendicular3(n: V3): V3 {
  const helper: V3 = Math.abs(n[0]) < 0.6 ? [1, 0, 0] : [0, 1, 0];
  return normalize3(cross3(n, helper));
}

/**
 * The shortest rotation taking unit `from` onto unit `to` (antiparallel: a half turn about a
 * perpendicular).
 */
export function fromToQ(from: V3, to: V3): Q {
  const c = dot3(from, to);
  if (c < -1 + 1e-12) return axisAngleQ(perpendicular3(from), Math.PI);
  const axis = cross3(from, to);
  const w = 1 + c;
  const norm = Math.hypot(axis[0], axis[1], axis[2], w);
  return [axis[0] / norm, axis[1] / norm, axis[2] / norm, w / norm];
}

/** The unit quaternion `[x, y, z, w]` whose rotation maps the local +z axis onto the unit `n`. */
export const zTo = (n: V3): Q => fromToQ([0, 0, 1], n);

/** The eight corners of a box of half extents `h` at `position` rotated by `q`. */
export function boxCorners(h: V3, position: V3, q: Q): V3[] {
  const corners: V3[] = [];
  for (let i = 0; i < 8; i++) {
    const local: V3 = [i & 1 ? h[0] : -h[0], i & 2 ? h[1] : -h[1], i & 4 ? h[2] : -h[2]];
    corners.push(add3(position, rotate3(q, local)));
  }
  return corners;
}

/** A point of the plane rotated by `angle` (counter-clockwise) and moved by `position`. */
export function place2(p: V2, position: V2, angle: number): V2 {
  const c = Math.cos(angle), s = Math.sin(angle);
  return [position[0] + c * p[0] - s * p[1], position[1] + s * p[0] + c * p[1]];
}
