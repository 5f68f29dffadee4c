/**
 * A random convex polygon (flat, counter-clockwise): `count` points on a circle of `radius` at
 * sorted random angles, around `(cx, cy)`.
 */
export function randomConvexPolygon(
  random: () => number,
  count: number,
  cx: number,
  cy: number,
  radius: number,
): Float64Array {
  const angles: number[] = [];
  for (let i = 0; i < count; i++) angles.push(random() * 2 * Math.PI);
  angles.sort((a, b) => a - b);
  const out = new Float64Array(2 * count);
  for (let i = 0; i < count; i++) {
    out[2 * i] = cx + radius * Math.cos(angles[i]!);
    out[2 * i + 1] = cy + radius * Math.sin(angles[i]!);
  }
  return out;
}
