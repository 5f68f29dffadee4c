/**
 * The comparison of the two polygon-polygon methods (for ray-test-polygons.test.ts, which asserts
 * its rates, and benchmarks/src/ray-rates.ts, which prints them): seeded random pairs, each judged
 * by a brute-force overlap test (segment crossings and point containment, `regionDistance`) that
 * shares no code with either method, classified by how they overlap, and run through
 * `rayTestPolygons` and `collidePolygonPolygon`.
 */
import { Random } from '@contactkit/test-support';
import { CollisionData2 } from '../manifold/contact2.js';
import { collidePolygonPolygon } from '../pairs/polygon-polygon.js';
import { rayTestPolygons } from '../pairs/ray-test-polygons.js';
import { Polygon } from '../shapes/shapes.js';
import {
  randomConvexPoints,
  regionDistance,
  signedDistanceToOutline,
  worldPoints,
} from './contacts.js';

/** How an overlapping pair overlaps (brute force, world points). */
export type OverlapClass = 'vertex inside' | 'edges cross only' | 'past a centroid' | 'nested';

/** The families of pairs measured. */
export type PairFamily = 'convex' | 'concave' | 'hostile';

/** Counts for one family. */
export interface FamilyCounts {
  pairs: number;
  /** Pairs the brute force finds apart, and of those, the ones each method gives a contact. */
  apart: number;
  rayContactsApart: number;
  satContactsApart: number;
  /** Overlapping pairs by class: how many, and how many each method gives a contact. */
  overlapping: Record<OverlapClass, { pairs: number; ray: number; sat: number; }>;
  /**
   * Overlapping pairs both methods report, shallow (the separating-axis depth at most 2% of the
   * smaller polygon's bounding radius) and deep, and where their deepest contacts agree: normals
   * within 10 degrees, penetrations within 10% of the separating-axis one.
   */
  agreement: Record<'shallow' | 'deep', { both: number; normal: number; depth: number; }>;
}

/** A star of `count` points at jittered angles and radii in [0.3, 1.3] of `size`: concave. */
function star(random: Random, size: number): number[][] {
  const points: number[][] = [];
  const count = 5 + random.int(8);
  for (let i = 0; i < count; i++) {
    const angle = (2 * Math.PI * (i + 0.8 * random.next())) / count;
    const radius = size * (0.3 + random.next());
    points.push([radius * Math.cos(angle), radius * Math.sin(angle)]);
  }
  return points;
}

/**
 * A U (a bracket open to +y) of random arm lengths and thickness, its largest side `size`: its
 * centroid lies in the mouth, outside the outline, so some of its spokes leave it.
 */
function bracket(random: Random, size: number): number[][] {
  const half = size / 2, thickness = size * (0.1 + 0.2 * random.next());
  const left = size * (0.4 + 0.6 * random.next()), right = size * (0.4 + 0.6 * random.next());
  return [
    [-half, -half],
    [half, -half],
    [half, right - half],
    [half - thickness, right - half],
    [half - thickness, thickness - half],
    [thickness - half, thickness - half],
    [thickness - half, left - half],
    [-half, left - half],
  ];
}

/** A convex outline of 3 to 8 points on an ellipse of radii `size` and `size * aspect`. */
function convex(random: Random, size: number, aspect = 0.4 + 0.6 * random.next()): number[][] {
  return randomConvexPoints(random.next, 3 + random.int(6), size, size * aspect);
}

/** Each edge split at its midpoint (collinear vertices), and every third vertex repeated. */
function withCollinear(points: number[][]): number[][] {
  const out: number[][] = [];
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length]!;
    out.push(p, [(p[0]! + q[0]!) / 2, (p[1]! + q[1]!) / 2]);
    if (i % 3 === 0) out.push([(p[0]! + q[0]!) / 2, (p[1]! + q[1]!) / 2]);
  });
  return out;
}

function scaled(points: number[][], scale: number): number[][] {
  return points.map(([x, y]) => [x! * scale, y! * scale]);
}

/** The area centroid of a closed outline (world points), by the shoelace sums. */
function centroidOf(points: number[][]): number[] {
  let area = 0, cx = 0, cy = 0;
  const [x0, y0] = points[0]!;
  for (let i = 1; i + 1 < points.length; i++) {
    const ax = points[i]![0]! - x0!, ay = points[i]![1]! - y0!;
    const bx = points[i + 1]![0]! - x0!, by = points[i + 1]![1]! - y0!;
    const cross = ax * by - bx * ay;
    area += cross;
    cx += (ax + bx) * cross;
    cy += (ay + by) * cross;
  }
  return [x0! + cx / (3 * area), y0! + cy / (3 * area)];
}

/** How two overlapping outlines overlap (world points). */
export function overlapClass(first: number[][], second: number[][]): OverlapClass {
  const inside = (points: number[][], outline: number[][]): number =>
    points.filter(([x, y]) => signedDistanceToOutline(outline, x!, y!) < 0).length;
  const firstIn = inside(first, second), secondIn = inside(second, first);
  if (firstIn === first.length || secondIn === second.length) return 'nested';
  const [ax, ay] = centroidOf(first), [bx, by] = centroidOf(second);
  if (
    signedDistanceToOutline(second, ax!, ay!) < 0 || signedDistanceToOutline(first, bx!, by!) < 0
  ) return 'past a centroid';
  return firstIn + secondIn > 0 ? 'vertex inside' : 'edges cross only';
}

/** One random pair of `family`, posed near each other (a quarter of the hostile ones nested). */
export function randomPair(random: Random, family: PairFamily): [Polygon, Polygon] {
  const scale = random.logRange(1e-3, 1e3);
  const offset = random.chance(0.2) ? 1e5 : 0;
  let first: number[][], second: number[][], nested = false;
  if (family === 'convex') {
    first = convex(random, 1);
    second = convex(random, 0.3 + 0.7 * random.next());
  } else if (family === 'concave') {
    first = random.chance(0.5) ? star(random, 1) : bracket(random, 2);
    const kind = random.int(3);
    second = kind === 0
      ? star(random, 0.3 + 0.7 * random.next())
      : kind === 1
      ? bracket(random, 0.6 + 1.4 * random.next())
      : convex(random, 0.5);
  } else {
    const trait = random.int(4);
    first = random.chance(0.5) ? star(random, 1) : convex(random, 1);
    second = convex(random, 0.3 + 0.7 * random.next());
    if (trait === 0) {
      first = withCollinear(first);
      second = withCollinear(second);
    } else if (trait === 1) second = convex(random, 1.5, random.logRange(1e-3, 1e-2));
    else if (trait === 2) {
      second = convex(random, 0.05 + 0.1 * random.next());
      nested = true;
    } else first = convex(random, 1, random.logRange(1e-3, 1e-2));
  }
  const a = new Polygon(scaled(first, scale)).setPose([offset, offset], 6 * random.next());
  const b = new Polygon(scaled(second, scale));
  const angle = 6 * random.next();
  let x = 0, y = 0;
  if (!nested && random.chance(0.5)) {
    // A shallow overlap: along a random direction, the distance at which b just touches a (by
    // bisection on the brute-force test), less a depth of 1e-4 to 1e-1 of the size.
    const direction = random.range(0, 2 * Math.PI),
      ux = Math.cos(direction),
      uy = Math.sin(direction);
    let inside = 0, outside = 3;
    for (let k = 0; k < 50; k++) {
      const middle = (inside + outside) / 2;
      b.setPose([middle * ux * scale + offset, middle * uy * scale + offset], angle);
      if (regionDistance(worldPoints(a), worldPoints(b)) === 0) inside = middle;
      else outside = middle;
    }
    const t = outside - random.logRange(1e-4, 1e-1);
    x = t * ux;
    y = t * uy;
  } else {
    for (let tries = 0; tries < 100; tries++) {
      x = random.range(-1.3, 1.3);
      y = random.range(-1.3, 1.3);
      if (!nested) break;
      const depth = signedDistanceToOutline(worldPoints(a), x * scale + offset, y * scale + offset);
      if (depth < -0.2 * scale) break;
    }
  }
  b.setPose([x * scale + offset, y * scale + offset], angle);
  return random.chance(0.5) ? [a, b] : [b, a];
}

function deepest(data: CollisionData2): number {
  let best = 0;
  for (let i = 1; i < data.contactCount; i++) {
    if (data.contacts[i]!.penetration > data.contacts[best]!.penetration) best = i;
  }
  return best;
}

/** Measures `runs` pairs of `family` from `seed`. */
export function compareMethods(family: PairFamily, runs: number, seed: number): FamilyCounts {
  const random = new Random(seed);
  const counts: FamilyCounts = {
    pairs: 0,
    apart: 0,
    rayContactsApart: 0,
    satContactsApart: 0,
    overlapping: {
      'vertex inside': { pairs: 0, ray: 0, sat: 0 },
      'edges cross only': { pairs: 0, ray: 0, sat: 0 },
      'past a centroid': { pairs: 0, ray: 0, sat: 0 },
      nested: { pairs: 0, ray: 0, sat: 0 },
    },
    agreement: {
      shallow: { both: 0, normal: 0, depth: 0 },
      deep: { both: 0, normal: 0, depth: 0 },
    },
  };
  const rays = new CollisionData2({ capacity: 64 }), sat = new CollisionData2({ capacity: 64 });
  while (counts.pairs < runs) {
    const [a, b] = randomPair(random, family);
    const worldA = worldPoints(a), worldB = worldPoints(b);
    const distance = regionDistance(worldA, worldB);
    // Pairs within round-off of touching say nothing about either method.
    if (distance === 0 ? false : distance < 1e-9 * a.boundingRadius) continue;
    counts.pairs++;
    rays.reset();
    sat.reset();
    const rayCount = rayTestPolygons(a, b, rays), satCount = collidePolygonPolygon(a, b, sat);
    if (distance > 0) {
      counts.apart++;
      if (rayCount > 0) counts.rayContactsApart++;
      if (satCount > 0) counts.satContactsApart++;
      continue;
    }
    const row = counts.overlapping[overlapClass(worldA, worldB)];
    row.pairs++;
    if (rayCount > 0) row.ray++;
    if (satCount > 0) row.sat++;
    if (rayCount === 0 || satCount === 0) continue;
    const ray = rays.contacts[deepest(rays)]!, separating = sat.contacts[deepest(sat)]!;
    const size = Math.min(a.boundingRadius, b.boundingRadius);
    const agreement = counts.agreement[separating.penetration <= 0.02 * size ? 'shallow' : 'deep'];
    agreement.both++;
    const cosine = ray.normal[0]! * separating.normal[0]! + ray.normal[1]! * separating.normal[1]!;
    if (cosine >= Math.cos((10 * Math.PI) / 180)) agreement.normal++;
    if (Math.abs(ray.penetration - separating.penetration) <= 0.1 * separating.penetration) {
      agreement.depth++;
    }
  }
  return counts;
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`;
}

/** The measurements of every family as a Markdown table, as the README shows them. */
export function formatComparison(results: Record<PairFamily, FamilyCounts>): string {
  const lines = [
    '| pairs | overlap class | pairs | rays find it | SAT finds it |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const [family, counts] of Object.entries(results)) {
    for (const [name, row] of Object.entries(counts.overlapping)) {
      lines.push(
        `| ${family} | ${name} | ${row.pairs} | ${percent(row.ray, row.pairs)} | ${
          percent(row.sat, row.pairs)
        } |`,
      );
    }
    lines.push(
      `| ${family} | apart (a contact is false) | ${counts.apart} | ${
        percent(counts.rayContactsApart, counts.apart)
      } | ${percent(counts.satContactsApart, counts.apart)} |`,
    );
  }
  lines.push(
    '',
    '| pairs | overlap | both report | deepest normals within 10 degrees | deepest depths within 10% |',
    '| --- | --- | --- | --- | --- |',
  );
  for (const [family, counts] of Object.entries(results)) {
    for (const [depth, row] of Object.entries(counts.agreement)) {
      lines.push(
        `| ${family} | ${depth} | ${row.both} | ${percent(row.normal, row.both)} | ${
          percent(row.depth, row.both)
        } |`,
      );
    }
  }
  return lines.join('\n');
}
