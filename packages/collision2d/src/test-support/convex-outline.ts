import type { Random } from '@contactkit/test-support';

/**
 * A random convex outline of 3 to 64 vertices, of size `size` about the origin: a box, a sliver
 * (1e-3 of its length thick) or points at sorted random angles on an ellipse.
 */
export function convexOutline(random: Random, size: number): number[][] {
  const kind = random.int(3);
  if (kind === 0) {
    const hx = size * random.range(0.2, 1), hy = size * random.range(0.2, 1);
    return [[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]];
  }
  if (kind === 1) {
    const h = size * 1e-3 * random.range(0.5, 2);
    return [[-size, -h], [size, -h], [size, h], [-size, h]];
  }
  const count = 3 + random.int(random.chance(0.1) ? 62 : 8), angles: number[] = [];
  for (let i = 0; i < count; i++) angles.push(random.range(0, 2 * Math.PI));
  angles.sort((x, y) => x - y);
  return angles.map((
    angle,
  ) => [size * Math.cos(angle), size * random.range(0.3, 1) * Math.sin(angle)]);
}
