/**
 * Outline families: the point lists users actually make, each a small function of a seeded
 * random stream and a size (the outline fits in a circle of about that radius about the origin).
 * Polygons are simple (no self-crossing); chains may cross themselves where the family says so.
 */
import type { Random } from '@contactkit/test-support';

/** A local point list `[x, y][]`. */
export type Outline = [number, number][];

/** A convex polygon: 3 to 12 points at sorted random angles on an ellipse (no gap above 162 degrees). */
export function convex(random: Random, size: number): Outline {
  const count = 3 + random.int(10);
  const squash = random.range(0.3, 1);
  for (;;) {
    const angles = Array.from({ length: count }, () => random.range(0, 2 * Math.PI)).sort((a, b) =>
      a - b
    );
    let widest = 2 * Math.PI - angles[count - 1]! + angles[0]!;
    for (let i = 1; i < count; i++) widest = Math.max(widest, angles[i]! - angles[i - 1]!);
    if (widest < 0.9 * Math.PI) {
      return angles.map((t) => [size * Math.cos(t), size * squash * Math.sin(t)]);
    }
  }
}

/** A box of half sizes `(hx, hy)` about the origin, counter-clockwise. */
export function box(hx: number, hy: number): Outline {
  return [[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]];
}

/**
 * Collinear vertices: a convex outline (or an axis-aligned box, where the extra vertices are
 * exact) with points inserted on its edges (midpoints and random fractions).
 */
export function collinear(random: Random, size: number): Outline {
  const base = random.chance(0.5)
    ? box(size * random.range(0.3, 1), size * random.range(0.3, 1))
    : convex(random, size);
  const out: Outline = [];
  for (let i = 0; i < base.length; i++) {
    const a = base[i]!, b = base[(i + 1) % base.length]!;
    out.push(a);
    const inserts = random.int(3);
    const fractions = Array.from(
      { length: inserts },
      () => random.chance(0.5) ? 0.5 : random.range(0.05, 0.95),
    ).sort();
    for (const t of [...new Set(fractions)]) {
      out.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
    }
  }
  return out;
}

/**
 * Near-collinear vertices: points inserted on edges and pushed off the line by 1e-12 to 1e-6 of the edge, out
 * or in.
 */
export function nearCollinear(random: Random, size: number): Outline {
  const base = convex(random, size);
  const out: Outline = [];
  for (let i = 0; i < base.length; i++) {
    const a = base[i]!, b = base[(i + 1) % base.length]!;
    out.push(a);
    if (random.chance(0.7)) {
      const t = random.range(0.1, 0.9), ex = b[0] - a[0], ey = b[1] - a[1];
      const push = random.sign() * random.logRange(1e-12, 1e-6);
      // Outward normal of a counter-clockwise edge: (ey, -ex).
      out.push([a[0] + t * ex + push * ey, a[1] + t * ey - push * ex]);
    }
  }
  return out;
}

/** Near-duplicate vertices: some vertices repeated a hair (1e-12 to 1e-7 of the size) along their next edge. */
export function nearDuplicate(random: Random, size: number): Outline {
  const base = random.chance(0.5) ? convex(random, size) : star(random, size);
  const out: Outline = [];
  for (let i = 0; i < base.length; i++) {
    const a = base[i]!, b = base[(i + 1) % base.length]!;
    out.push(a);
    if (random.chance(0.5)) {
      const t = random.logRange(1e-12, 1e-7) * size / Math.hypot(b[0] - a[0], b[1] - a[1]);
      out.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
    }
  }
  return out;
}

/** A sliver: a triangle or quad whose width is 1e-4 to 1e-2 of its length. */
export function sliver(random: Random, size: number): Outline {
  const width = size * random.logRange(1e-4, 1e-2);
  if (random.chance(0.5)) {
    return [[-size, 0], [size, -width], [size * random.range(-0.5, 0.5), width]];
  }
  return [[-size, 0], [0, -width], [size, 0], [0, width]];
}

/** A long thin rectangle or parallelogram, aspect 30 to 1000. */
export function longThin(random: Random, size: number): Outline {
  const width = size / random.logRange(30, 1000), skew = random.range(-0.2, 0.2) * size;
  return [[-size, -width], [size, -width], [size + skew, width], [-size + skew, width]];
}

/** A star: 4 to 17 spikes, inner radius 0.2 to 0.8 of the outer. */
export function star(random: Random, size: number): Outline {
  const spikes = 4 + random.int(14),
    inner = random.range(0.2, 0.8),
    turn = random.range(0, Math.PI);
  const out: Outline = [];
  for (let k = 0; k < 2 * spikes; k++) {
    const r = k % 2 === 0 ? size : size * inner, t = turn + (Math.PI * k) / spikes;
    out.push([r * Math.cos(t), r * Math.sin(t)]);
  }
  return out;
}

/** A thick spiral arm (Archimedes r = a + b t), 1 to 2.5 turns, its two sides as one outline. */
export function spiral(random: Random, size: number): Outline {
  const turns = random.range(1, 2.5), steps = 12 + random.int(30);
  const end = 2 * Math.PI * turns, b = size / (end + 2 * Math.PI);
  const a = 2 * Math.PI * b, thickness = random.range(0.2, 0.7) * 2 * Math.PI * b;
  const outer: Outline = [], inner: Outline = [];
  for (let k = 0; k <= steps; k++) {
    const t = (end * k) / steps, r = a + b * t;
    outer.push([(r + thickness) * Math.cos(t), (r + thickness) * Math.sin(t)]);
    inner.push([r * Math.cos(t), r * Math.sin(t)]);
  }
  return [...inner, ...outer.reverse()];
}

/**
 * A traced staircase: the outline of columns of random heights on a pixel grid, one vertex per
 * pixel step as a tracer writes it (long runs of collinear vertices).
 */
export function staircase(random: Random, size: number): Outline {
  const columns = 3 + random.int(10);
  const heights: number[] = [];
  let h = 1 + random.int(4);
  for (let i = 0; i < columns; i++) {
    heights.push(h);
    h = Math.max(1, h + random.int(3) - 1);
  }
  const pixel = (2 * size) / Math.max(columns, ...heights);
  const out: Outline = [];
  for (let x = 0; x < columns; x++) out.push([x, 0]);
  for (let y = 0; y < heights[columns - 1]!; y++) out.push([columns, y]);
  for (let i = columns - 1; i >= 0; i--) {
    // Along the top of column i, then down or up to the next column's height, pixel by pixel.
    out.push([i + 1, heights[i]!], [i, heights[i]!]);
    const next = i > 0 ? heights[i - 1]! : 0;
    for (let y = heights[i]!; y !== next; y += next > y ? 1 : -1) out.push([i, y]);
  }
  const cx = columns / 2, cy = Math.max(...heights) / 2;
  return dedupe(out.map(([x, y]) => [(x - cx) * pixel, (y - cy) * pixel]));
}

/** A U: a notch of width `gap` and depth `depth` cut into a block (the U of issue 21's wedged box). */
export function notch(random: Random, size: number): Outline {
  const width = size, wall = size * random.range(0.1, 0.4), floor = size * random.range(0.1, 0.4);
  const height = size * random.range(0.6, 1);
  return [
    [-width, -height],
    [width, -height],
    [width, height],
    [width - wall, height],
    [width - wall, -height + floor],
    [-width + wall, -height + floor],
    [-width + wall, height],
    [-width, height],
  ];
}

/** An L or a comb: the simple concave outlines. */
export function concave(random: Random, size: number): Outline {
  if (random.chance(0.4)) {
    const t = random.range(0.2, 0.7);
    return [
      [-size, -size],
      [size, -size],
      [size, -size + t * size],
      [-size + t * size, -size + t * size],
      [-size + t * size, size],
      [-size, size],
    ];
  }
  if (random.chance(0.5)) return notch(random, size);
  const teeth = 2 + random.int(5), out: Outline = [[-size, -size], [size, -size]];
  const step = (2 * size) / (2 * teeth - 1);
  for (let k = 2 * teeth - 1; k >= 0; k--) {
    const x = -size + step * k, top = k % 2 === 0 ? size : -size * 0.3;
    out.push([x + step, top], [x, top]);
  }
  return dedupe(out);
}

/** Drops consecutive repeated points (and a last equal to the first). */
function dedupe(points: Outline): Outline {
  const out: Outline = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  while (
    out.length > 1 && out[0]![0] === out[out.length - 1]![0] &&
    out[0]![1] === out[out.length - 1]![1]
  ) out.pop();
  return out;
}

/** An open chain: a random walk, a zigzag or a staircase polyline, 2 to 12 points. */
export function chain(random: Random, size: number): Outline {
  const count = 2 + random.int(11);
  if (random.chance(0.3)) {
    const out: Outline = [];
    for (let k = 0; k < count; k++) {
      out.push([-size + (2 * size * k) / (count - 1), k % 2 === 0 ? -size * 0.3 : size * 0.3]);
    }
    return out;
  }
  if (random.chance(0.3)) {
    const out: Outline = [];
    const step = (2 * size) / count;
    for (let k = 0; k < count; k++) {
      out.push([-size + step * Math.ceil(k / 2), -size + step * Math.floor(k / 2)]);
    }
    return dedupe(out);
  }
  const out: Outline = [];
  let x = -size, y = 0, heading = random.range(-0.5, 0.5);
  for (let k = 0; k < count; k++) {
    out.push([x, y]);
    heading += random.range(-1.2, 1.2);
    const step = (2 * size) / count;
    x += step * Math.cos(heading);
    y += step * Math.sin(heading);
  }
  return dedupe(out);
}

/** A chain that crosses itself: a loop of 4 to 12 points around the origin and past its start. */
export function selfCrossingChain(random: Random, size: number): Outline {
  const count = 4 + random.int(9), turns = random.range(1.1, 2.2), out: Outline = [];
  for (let k = 0; k < count; k++) {
    const t = (2 * Math.PI * turns * k) / (count - 1), r = size * random.range(0.4, 1);
    out.push([r * Math.cos(t), r * Math.sin(t)]);
  }
  return dedupe(out);
}

/** The polygon outline as an open chain (its first point repeated at the end). */
export function closedAsChain(outline: Outline): Outline {
  return [...outline, outline[0]!];
}
