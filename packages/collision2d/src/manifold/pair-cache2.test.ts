import { describe, expect, it } from 'vitest';
import { Random } from '@contactkit/test-support';
import { collide2d } from '../collide2d.js';
import { collidePolygonPolygon } from '../pairs/polygon-polygon.js';
import { Polygon } from '../shapes/shapes.js';
import { contactBits, sameBits } from '../test-support/contact-bits.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';
import { CollisionData2 } from './contact2.js';
import { PairCache2, type PairCache2Path } from './pair-cache2.js';

/**
 * A hostile convex outline about the origin of size `size`: a random convex polygon, a box, a
 * sliver (1e-3 thick), or one with vertices put on its sides (collinear, rounded off the line)
 * and repeated (exact duplicates, which the constructor drops).
 */
function hostileConvex(random: Random, size: number): number[][] {
  const kind = random.int(4);
  if (kind === 1) {
    const hx = size * random.range(0.2, 1), hy = size * random.range(0.2, 1);
    return [[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]];
  }
  if (kind === 2) {
    const h = size * 1e-3 * random.range(0.5, 2);
    return [[-size, -h], [size, -h], [size, h], [-size, h]];
  }
  const count = 3 + random.int(8), points: number[][] = [];
  const angles: number[] = [];
  for (let i = 0; i < count; i++) angles.push(random.range(0, 2 * Math.PI));
  angles.sort((a, b) => a - b);
  for (const angle of angles) points.push([size * Math.cos(angle), size * Math.sin(angle)]);
  if (kind === 0) return points;
  const out: number[][] = [];
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!, b = points[(i + 1) % points.length]!;
    out.push(a);
    if (random.chance(0.3)) out.push([...a]);
    if (random.chance(0.5)) {
      const t = random.range(0.2, 0.8);
      out.push([a[0]! + t * (b[0]! - a[0]!), a[1]! + t * (b[1]! - a[1]!)]);
    }
  }
  return out;
}

/** A convex polygon from `points`, or null when the outline is refused (too thin to have area). */
function polygon(points: number[][]): Polygon | null {
  try {
    const shape = new Polygon(points);
    return shape.isConvex ? shape : null;
  } catch {
    return null;
  }
}

interface Frame {
  ax: number;
  ay: number;
  aAngle: number;
  bx: number;
  by: number;
  bAngle: number;
}

/**
 * A motion sequence of the pair: resting with a solver's jitter (down to 1e-9 of the size),
 * sliding along a direction, separating and coming back, fast spins, or settling (overlap
 * shrinking to touching); identical poses and nesting among the starts.
 */
function motion(random: Random, size: number, reach: number, frames: number): Frame[] {
  const origin = random.chance(0.3) ? 1e5 : 0;
  const ax = origin + random.range(-1, 1) * size, ay = origin + random.range(-1, 1) * size;
  const aAngle = random.range(-Math.PI, Math.PI);
  const identical = random.chance(0.05);
  const direction = random.range(-Math.PI, Math.PI);
  const distance = identical ? 0 : reach * random.range(0, 1.1);
  const start: Frame = {
    ax,
    ay,
    aAngle,
    bx: ax + distance * Math.cos(direction),
    by: ay + distance * Math.sin(direction),
    bAngle: identical ? aAngle : random.range(-Math.PI, Math.PI),
  };
  const kind = random.int(5);
  const jitter = size * 10 ** random.range(-9, -2);
  const out: Frame[] = [start];
  for (let k = 1; k < frames; k++) {
    const last = out[k - 1]!;
    const next = { ...last };
    if (kind === 0) {
      next.bx = start.bx + jitter * random.range(-1, 1);
      next.by = start.by + jitter * random.range(-1, 1);
      next.bAngle = start.bAngle + (jitter / size) * random.range(-1, 1);
    } else if (kind === 1) {
      next.bx += 0.05 * reach * Math.cos(direction + 1.5);
      next.by += 0.05 * reach * Math.sin(direction + 1.5);
    } else if (kind === 2) {
      // Out along the direction for half the frames, then back.
      const step = (k < frames / 2 ? 0.2 : -0.2) * reach;
      next.bx += step * Math.cos(direction);
      next.by += step * Math.sin(direction);
    } else if (kind === 3) {
      next.bAngle += random.range(0.5, 3);
      next.aAngle -= random.range(0, 1);
    } else {
      next.bx = ax + (last.bx - ax) * 1.02;
      next.by = ay + (last.by - ay) * 1.02;
    }
    out.push(next);
  }
  return out;
}

describe('PairCache2 (separating-axis cache of convex polygon pairs)', () => {
  it(
    'with a cache the contacts equal those without, over motion sequences, in both orders',
    () => {
      const random = new Random(2701);
      const paths: Record<PairCache2Path, number> = { full: 0, separated: 0, reference: 0 };
      const plain = new CollisionData2({ capacity: 16, tolerance: 0 });
      const cached = new CollisionData2({ capacity: 16, tolerance: 0 });
      let runs = 0;
      while (runs < PROPERTY_RUNS) {
        const size = 10 ** random.range(-3, 3);
        const a = polygon(hostileConvex(random, size));
        const nested = random.chance(0.05);
        const b = polygon(hostileConvex(random, nested ? size * 0.1 : size * random.range(0.3, 2)));
        if (a === null || b === null) continue;
        runs++;
        const tolerance = random.chance(0.3) ? size * random.range(0, 0.1) : 0;
        plain.tolerance = tolerance;
        cached.tolerance = tolerance;
        const forward = new PairCache2(), backward = new PairCache2();
        const frames = motion(random, size, a.boundingRadius + b.boundingRadius, 8);
        for (const frame of frames) {
          a.setPose([frame.ax, frame.ay], frame.aAngle);
          b.setPose([frame.bx, frame.by], frame.bAngle);
          for (const [first, second, cache] of [[a, b, forward], [b, a, backward]] as const) {
            plain.reset();
            cached.reset();
            collidePolygonPolygon(first, second, plain);
            collidePolygonPolygon(first, second, cached, cache);
            paths[cache.lastPath]++;
            const expected = contactBits(plain), actual = contactBits(cached);
            if (!sameBits(expected, actual)) {
              expect(actual, `size ${size}, frame ${JSON.stringify(frame)}`).toEqual(expected);
            }
          }
        }
      }
      // Both shortcuts are taken (a test that never took them would prove nothing).
      expect(paths.separated).toBeGreaterThan(PROPERTY_RUNS);
      expect(paths.reference).toBeGreaterThan(PROPERTY_RUNS);
    },
    PROPERTY_TIMEOUT * 3,
  );

  it('a separated pair exits after the cached axis; a resting one keeps its reference edge', () => {
    const data = new CollisionData2({ capacity: 8 });
    const ground = new Polygon([[-5, -1], [5, -1], [5, 0], [-5, 0]]).setPose([0, 0], 0);
    const crate = new Polygon([[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]]);
    const cache = new PairCache2();
    const seen: string[] = [];
    // Resting 0.01 deep, jittered by 1e-5; then lifted 0.1 clear, twice; then back.
    for (
      const [height, angle] of [[0.49, 0], [0.49001, 1e-5], [0.48999, -1e-5], [0.6, 0], [
        0.61,
        0,
      ], [0.49, 0]] as const
    ) {
      crate.setPose([0.2, height], angle);
      data.reset();
      const count = collidePolygonPolygon(crate, ground, data, cache);
      seen.push(`${count} ${cache.lastPath}`);
    }
    expect(seen).toEqual([
      '2 full',
      '2 reference',
      '2 reference',
      '0 full',
      '0 separated',
      '2 full',
    ]);
  });

  it('a cache handed another pair or the other order starts afresh', () => {
    const data = new CollisionData2({ capacity: 8 });
    const a = new Polygon([[-1, -1], [1, -1], [1, 1], [-1, 1]]).setPose([0, 0], 0);
    // A post 0.3 clear of a's right side (within the bounding circles: the SAT decides).
    const b = new Polygon([[-0.5, -3], [0.5, -3], [0.5, 3], [-0.5, 3]]).setPose([1.8, 0], 0);
    const c = new Polygon([[-1, -1], [1, -1], [1, 1], [-1, 1]]).setPose([0, 1.9], 0);
    const cache = new PairCache2();
    collidePolygonPolygon(a, b, data, cache);
    collidePolygonPolygon(a, b, data, cache);
    expect(cache.lastPath).toBe('separated');
    collidePolygonPolygon(b, a, data, cache);
    expect(cache.lastPath).toBe('full');
    // Through collide2d, the detector's order is the caller's for two polygons.
    data.reset();
    expect(collide2d(a, c, data, cache)).toBe(2);
    expect(cache.lastPath).toBe('full');
    data.reset();
    expect(collide2d(a, c, data, cache)).toBe(2);
    expect(cache.lastPath).toBe('reference');
    expect(data.contacts[0]!.penetration).toBeCloseTo(0.1, 12);
  });
});
