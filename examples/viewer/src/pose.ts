/**
 * Small pose arithmetic for the scene scripts: quaternions `[x, y, z, w]` as plain arrays. The
 * scenes are set up once per frame at most, so clarity wins over avoiding allocation here.
 */

export type Vec3Tuple = [number, number, number];
export type QuatTuple = [number, number, number, number];

/** The rotation by `angle` radians about `axis` (normalised here; a zero axis gives identity). */
export function axisAngle(axis: readonly number[], angle: number): QuatTuple {
  const length = Math.hypot(axis[0]!, axis[1]!, axis[2]!);
  if (length === 0) return [0, 0, 0, 1];
  const s = Math.sin(angle / 2) / length;
  return [axis[0]! * s, axis[1]! * s, axis[2]! * s, Math.cos(angle / 2)];
}

/** Hamilton product `a * b`: rotating by the result rotates by `b` first, then by `a`. */
export function multiplyQuat(a: readonly number[], b: readonly number[]): QuatTuple {
  const ax = a[0]!, ay = a[1]!, az = a[2]!, aw = a[3]!;
  const bx = b[0]!, by = b[1]!, bz = b[2]!, bw = b[3]!;
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

/** Rotations applied in order: `first`, then `second`, ... (the product of the reversed list). */
export function rotations(...steps: (readonly number[])[]): QuatTuple {
  let result: QuatTuple = [0, 0, 0, 1];
  for (const step of steps) result = multiplyQuat(step, result);
  return result;
}

/**
 * The phase of the scripted motion at time `t` seconds: 0 at t = 0 (the scene's starting pose,
 * in contact), rising smoothly to 1 at half the period (apart), back to 0 at the period.
 */
export function motionPhase(t: number, period: number): number {
  return 0.5 - 0.5 * Math.cos((2 * Math.PI * t) / period);
}
