/**
 * Seeded pseudo-random numbers for the property tests of this package (tests only; nothing
 * else imports it). mulberry32 by Tommy Ettinger: a 32-bit state advanced by a Weyl constant
 * and mixed by two multiply-xorshift rounds; fast, and the same sequence on every machine.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random convex polygon (flat, counter-clockwise): `count` points on a circle of `radius` at sorted random angles, around `(cx, cy)`. */
export function randomConvexPolygon(random: () => number, count: number, cx: number, cy: number, radius: number): Float64Array {
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
