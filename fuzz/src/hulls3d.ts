/**
 * Hostile point clouds for `ConvexHull.fromPoints`: a design (the corners the oracle takes the
 * hull of) and extras that change the hull by at most a hair: near-duplicates of corners, points
 * on faces and edges (coplanar and collinear), points pushed off a face by 1e-12 to 1e-9 of the
 * size (near-coplanar), interior points, and 1,000 to 5,000 of them at once.
 */
import type { Random } from '@contactkit/test-support';
import type { Polytope3 } from './oracle-hull3d.js';
import type { Vec3 } from './oracle3d.js';
import { designHull } from './shapes3d.js';

/** The shape of a design. */
export type HullFamily = 'blob' | 'round' | 'box' | 'prism' | 'needle' | 'pancake';

/** What is added to the design. */
export type HullExtras = 'few' | 'near-duplicate' | 'coplanar' | 'many';

/** Corners of a design of `family`, about `size` across, centred on their mean. */
function designOf(family: HullFamily, random: Random, size: number): Vec3[] {
  const points: Vec3[] = [];
  if (family === 'blob') {
    const count = 4 + random.int(17);
    for (let i = 0; i < count; i++) {
      points.push([random.range(-1, 1), random.range(-1, 1), random.range(-1, 1)]);
    }
  } else if (family === 'round' || family === 'needle' || family === 'pancake') {
    // Points on an ellipsoid; a needle has two short axes, a pancake one (1e-4 to 3e-2 of the long).
    const axes: Vec3 = family === 'round'
      ? [random.range(0.3, 1), random.range(0.3, 1), random.range(0.3, 1)]
      : family === 'needle'
      ? [1, random.logRange(1e-3, 3e-2), random.logRange(1e-3, 3e-2)]
      : [1, random.range(0.3, 1), random.logRange(1e-4, 1e-2)];
    const count = family === 'round' ? 8 + random.int(25) : 6 + random.int(19);
    for (let i = 0; i < count; i++) {
      const [x, y, z] = random.unitVector();
      points.push([x * axes[0], y * axes[1], z * axes[2]]);
    }
  } else if (family === 'box') {
    const h: Vec3 = [random.range(0.1, 1), random.range(0.1, 1), random.range(0.1, 1)];
    for (let i = 0; i < 8; i++) {
      points.push([i & 1 ? h[0] : -h[0], i & 2 ? h[1] : -h[1], i & 4 ? h[2] : -h[2]]);
    }
  } else {
    // A prism: a regular n-gon at two heights (its caps are coplanar n-gons).
    const sides = 3 + random.int(10), height = random.range(0.1, 1), turn = random.range(0, 1);
    for (let i = 0; i < sides; i++) {
      const angle = (2 * Math.PI * (i + turn)) / sides;
      points.push([Math.cos(angle), -height, Math.sin(angle)]);
      points.push([Math.cos(angle), height, Math.sin(angle)]);
    }
  }
  const mean = [0, 1, 2].map((k) => points.reduce((s, p) => s + p[k]!, 0) / points.length);
  return points.map((p) => [
    (p[0] - mean[0]!) * size,
    (p[1] - mean[1]!) * size,
    (p[2] - mean[2]!) * size,
  ]);
}

/** A random point of the polytope's face `f`: a convex combination of its loop. */
function facePoint(hull: Polytope3, f: number, random: Random): Vec3 {
  const loop = hull.faces[f]!, weights = loop.map(() => random.next() ** 2);
  const total = weights.reduce((s, w) => s + w, 0);
  const out: [number, number, number] = [0, 0, 0];
  loop.forEach((v, k) => {
    for (let c = 0; c < 3; c++) out[c] = out[c]! + hull.vertices[v]![c]! * weights[k]! / total;
  });
  return out;
}

/** The extras of one kind, `count` of them, about the design's hull. */
function extrasOf(
  kind: 'duplicate' | 'face' | 'edge' | 'off-face' | 'interior',
  hull: Polytope3,
  size: number,
  count: number,
  random: Random,
): Vec3[] {
  const out: Vec3[] = [];
  const v = hull.vertices;
  for (let i = 0; i < count; i++) {
    if (kind === 'duplicate') {
      // A corner again, exactly or moved by 1e-12 to 1e-9 of the size in a random direction.
      const p = random.pick(v), d = random.unitVector();
      const r = random.chance(0.3) ? 0 : size * random.logRange(1e-12, 1e-9);
      out.push([p[0] + r * d[0], p[1] + r * d[1], p[2] + r * d[2]]);
    } else if (kind === 'edge') {
      const [a, b] = random.pick(hull.edges), t = random.next();
      out.push([0, 1, 2].map((k) => v[a]![k]! + t * (v[b]![k]! - v[a]![k]!)) as unknown as Vec3);
    } else if (kind === 'interior') {
      const a = random.pick(v), b = random.pick(v), c = random.pick(v), t = random.next();
      const s = random.next() * (1 - t);
      out.push(
        [0, 1, 2].map((k) => t * a[k]! + s * b[k]! + (1 - t - s) * c[k]!) as unknown as Vec3,
      );
    } else {
      const f = random.int(hull.faces.length), p = facePoint(hull, f, random);
      // Off the face, in or out, by 1e-12 to 1e-9 of the size.
      const h = kind === 'face' ? 0 : random.sign() * size * random.logRange(1e-12, 1e-9);
      const n = hull.normals[f]!;
      out.push([p[0] + h * n[0], p[1] + h * n[1], p[2] + h * n[2]]);
    }
  }
  return out;
}

/**
 * A hull description's cloud and design (in the hull's frame), or null when the design spans no
 * volume (the oracle finds no closed hull).
 */
export function hullCloud(
  random: Random,
  size: number,
  family: HullFamily,
  extras: HullExtras,
): { points: Vec3[]; design: Vec3[]; } | null {
  const design = designOf(family, random, size);
  const hull = designHull(design);
  if (hull === null) return null;
  const points = [...design];
  if (extras === 'few') {
    for (const kind of ['duplicate', 'face', 'interior'] as const) {
      if (random.chance(0.3)) points.push(...extrasOf(kind, hull, size, 1 + random.int(3), random));
    }
  } else if (extras === 'near-duplicate') {
    points.push(...extrasOf('duplicate', hull, size, 4 + random.int(60), random));
  } else if (extras === 'coplanar') {
    points.push(...extrasOf('face', hull, size, 4 + random.int(40), random));
    points.push(...extrasOf('edge', hull, size, 2 + random.int(20), random));
    points.push(...extrasOf('off-face', hull, size, 2 + random.int(40), random));
  } else {
    // Thousands: most inside or on the surface, some near corners and off faces.
    const count = 1000 + random.int(4000);
    points.push(...extrasOf('interior', hull, size, Math.round(count * 0.4), random));
    points.push(...extrasOf('face', hull, size, Math.round(count * 0.3), random));
    points.push(...extrasOf('edge', hull, size, Math.round(count * 0.1), random));
    points.push(...extrasOf('duplicate', hull, size, Math.round(count * 0.1), random));
    points.push(...extrasOf('off-face', hull, size, Math.round(count * 0.1), random));
  }
  return { points: random.shuffle(points), design };
}
