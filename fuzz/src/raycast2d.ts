/**
 * `raycast2d` as a subject: a ray against one polygon or chain of the hostile outline families
 * (outlines2d.ts: collinear, near-collinear and near-duplicate vertices, slivers, stars,
 * spirals, staircases, self-crossing chains), aimed through a vertex, along an edge, grazing a
 * vertex or anywhere, at sizes 1e-3 to 1e3 and near 1e5. The oracle is a brute force over the
 * world segments (Cramer's rule per segment, written here) with oracle2d.ts's distances.
 */
import { Chain, Polygon, RayHit2, raycast2d } from '@contactkit/collision2d';
import type { Random } from '@contactkit/test-support';
import { contains, type Point, pointSegmentDistance } from './oracle2d.js';
import * as outlines from './outlines2d.js';
import type { Outline } from './outlines2d.js';
import type { Property, Subject } from './suite.js';

/** A configuration: the shape (closed polygon or open chain) and the ray. */
export interface RayConfig2 {
  readonly closed: boolean;
  readonly points: Outline;
  readonly x: number;
  readonly y: number;
  readonly angle: number;
  readonly origin: Point;
  readonly direction: Point;
  readonly maxDistance: number;
}

const FAMILIES: Record<string, (random: Random, size: number) => Outline> = {
  convex: outlines.convex,
  concave: outlines.concave,
  collinear: outlines.collinear,
  'near-collinear': outlines.nearCollinear,
  'near-duplicate': outlines.nearDuplicate,
  sliver: outlines.sliver,
  star: outlines.star,
  spiral: outlines.spiral,
  staircase: outlines.staircase,
  chain: outlines.chain,
  'self-crossing': outlines.selfCrossingChain,
};

const REGIMES = [...Object.keys(FAMILIES), 'mixed-sizes', 'far-1e5'];

/** World points of the configuration's shape, by the oracle's own rotation. */
function world(config: RayConfig2): Point[] {
  const c = Math.cos(config.angle), s = Math.sin(config.angle);
  return config.points.map(([x, y]) =>
    [c * x - s * y + config.x, s * x + c * y + config.y] as Point
  );
}

function segments(config: RayConfig2, points: Point[]): [Point, Point][] {
  const count = config.closed ? points.length : points.length - 1;
  const out: [Point, Point][] = [];
  for (let i = 0; i < count; i++) out.push([points[i]!, points[(i + 1) % points.length]!]);
  return out;
}

function generate(regime: string, random: Random): RayConfig2 | null {
  const size = regime === 'mixed-sizes' ? random.logRange(1e-3, 1e3) : 1;
  const family = FAMILIES[regime] ?? random.pick(Object.values(FAMILIES));
  const points = family(random, size);
  const closed = family !== outlines.chain && family !== outlines.selfCrossingChain &&
    random.chance(0.8);
  const far = regime === 'far-1e5' ? 1e5 * random.sign() : 0;
  const base = {
    closed,
    points,
    x: far + random.range(-1, 1) * size,
    y: far,
    angle: random.range(-4, 4),
  };
  const pts = world({ ...base, origin: [0, 0], direction: [1, 0], maxDistance: 0 });
  const k = random.int(pts.length), v = pts[k]!, w = pts[(k + 1) % pts.length]!;
  const reach = size * random.logRange(0.01, 20), turn = random.range(0, 2 * Math.PI);
  let origin: Point, direction: Point;
  switch (random.int(4)) {
    case 0:
      // Through vertex k.
      origin = [v[0] + reach * Math.cos(turn), v[1] + reach * Math.sin(turn)];
      direction = [v[0] - origin[0], v[1] - origin[1]];
      break;
    case 1: {
      // Along edge k, from behind its start.
      const ex = w[0] - v[0], ey = w[1] - v[1], length = Math.hypot(ex, ey);
      if (length === 0) return null;
      origin = [v[0] - (ex / length) * reach, v[1] - (ey / length) * reach];
      direction = [ex, ey];
      break;
    }
    case 2: {
      // Grazing vertex k, across the direction from the pose to it.
      const rx = v[0] - base.x, ry = v[1] - base.y;
      origin = [v[0] + ry * 3 + rx * 1e-3, v[1] - rx * 3 + ry * 1e-3];
      direction = [-ry, rx];
      break;
    }
    default:
      origin = [base.x + reach * Math.cos(turn), base.y + reach * Math.sin(turn)];
      direction = [
        Math.cos(turn + Math.PI + random.range(-1, 1)),
        Math.sin(turn + Math.PI + random.range(-1, 1)),
      ];
  }
  if (direction[0] === 0 && direction[1] === 0) return null;
  const maxDistance = random.chance(0.5) ? Infinity : size * random.logRange(0.01, 50);
  return { ...base, origin, direction, maxDistance };
}

/** The shape, or null when the constructor refuses the outline (a family can draw degenerate ones). */
function build(config: RayConfig2): Polygon | Chain | null {
  try {
    const shape = config.closed ? new Polygon(config.points) : new Chain(config.points);
    return shape.setPose([config.x, config.y], config.angle);
  } catch {
    return null;
  }
}

/**
 * The brute force: `loose`, the first crossing with the segment parameter allowed 1e-7 past
 * either end (and collinear overlaps); `strict`, the first well-conditioned crossing (angle above
 * 1e-3, parameter at least 1e-6 and the hair inside).
 */
function crossings(
  config: RayConfig2,
  unit: Point,
  hair: number,
): { loose: number; strict: number; } {
  let loose = Infinity, strict = Infinity;
  const o = config.origin;
  for (const [a, b] of segments(config, world(config))) {
    const ex = b[0] - a[0], ey = b[1] - a[1], length = Math.hypot(ex, ey);
    const denominator = unit[0] * ey - unit[1] * ex;
    const wx = a[0] - o[0], wy = a[1] - o[1];
    if (Math.abs(denominator) <= 1e-12 * length) {
      if (Math.abs(wx * unit[1] - wy * unit[0]) > hair) continue;
      const ta = wx * unit[0] + wy * unit[1],
        tb = (b[0] - o[0]) * unit[0] + (b[1] - o[1]) * unit[1];
      if (Math.max(ta, tb) >= -hair) loose = Math.min(loose, Math.max(0, Math.min(ta, tb)));
      continue;
    }
    const t = (wx * ey - wy * ex) / denominator, s = (wx * unit[1] - wy * unit[0]) / denominator;
    if (t < -hair) continue;
    if (s >= -1e-7 && s <= 1 + 1e-7) loose = Math.min(loose, Math.max(0, t));
    // Strict: also at least the hair inside in absolute terms (an edge of 1e-11 between
    // near-duplicate vertices is crossed or missed by round-off).
    const inside = Math.min(s, 1 - s) * length;
    if (s >= 1e-6 && s <= 1 - 1e-6 && inside > hair && Math.abs(denominator) > 1e-3 * length) {
      strict = Math.min(strict, Math.max(0, t));
    }
  }
  return { loose, strict };
}

function outlineDistance(config: RayConfig2, p: Point): number {
  let best = Infinity;
  for (const [a, b] of segments(config, world(config))) {
    best = Math.min(best, pointSegmentDistance(p, a, b));
  }
  return best;
}

interface Cast {
  shape: Polygon | Chain;
  found: boolean;
  hit: RayHit2;
  unit: Point;
  hair: number;
}

function cast(config: RayConfig2): Cast | undefined {
  const shape = build(config);
  if (shape === null) return undefined;
  const hit = new RayHit2();
  const found = raycast2d(shape, config.origin, config.direction, config.maxDistance, hit);
  const length = Math.hypot(config.direction[0], config.direction[1]);
  const unit: Point = [config.direction[0] / length, config.direction[1] / length];
  const size = Math.max(...config.points.map(([x, y]) => Math.hypot(x, y)));
  const reach = Math.hypot(config.origin[0] - config.x, config.origin[1] - config.y) + size;
  const hair = 1e-9 * reach + 1e-12 * (Math.abs(config.origin[0]) + Math.abs(config.origin[1]));
  return { shape, found, hit, unit, hair };
}

/** The sine of the angle between the ray and the edge hit (1 for a vertex or a start inside). */
function crossingSine(c: Cast): number {
  const feature = c.hit.featureId;
  if (feature < 0 || feature >= 0x2000000) return 1;
  const v = c.shape.vertices, next = (feature + 1) % c.shape.count;
  const ex = v[2 * next]! - v[2 * feature]!, ey = v[2 * next + 1]! - v[2 * feature + 1]!;
  // The edge in the shape's frame, the ray turned into it.
  const cos = c.shape.transform.cos, sin = c.shape.transform.sin;
  const dx = cos * c.unit[0] + sin * c.unit[1], dy = cos * c.unit[1] - sin * c.unit[0];
  return Math.abs(dx * ey - dy * ex) / Math.hypot(ex, ey);
}

const PROPERTIES: Property<RayConfig2>[] = [
  {
    name: 'finite',
    check(config) {
      const c = cast(config);
      if (!c || !c.found) return c ? null : undefined;
      const h = c.hit;
      if (![h.distance, ...h.point, ...h.normal].every(Number.isFinite)) return 'not finite';
      if (Math.abs(Math.hypot(h.normal[0]!, h.normal[1]!) - 1) > 1e-9) {
        return `normal [${h.normal}] not unit`;
      }
      if (h.distance < 0 || h.distance > config.maxDistance) {
        return `distance ${h.distance} outside [0, maxDistance]`;
      }
      return null;
    },
  },
  {
    name: 'first-hit',
    check(config) {
      const c = cast(config);
      if (!c) return undefined;
      const inside = config.closed &&
        contains({ kind: 'polygon', points: world(config) }, config.origin) &&
        outlineDistance(config, config.origin) > c.hair;
      if (inside) {
        return c.found && c.hit.distance === 0 && c.hit.featureId === -1
          ? null
          : 'a start inside is not a hit at 0';
      }
      const { loose, strict } = crossings(config, c.unit, c.hair);
      if (!c.found) {
        return strict < Infinity && strict <= config.maxDistance * (1 - 1e-9)
          ? `missed a crossing at ${strict}`
          : null;
      }
      if (c.hit.featureId === -1) {
        return outlineDistance(config, config.origin) <= c.hair
          ? null
          : 'inside at a start off the outline';
      }
      const onOutline = outlineDistance(config, config.origin) <= c.hair;
      // Where a ray crosses an edge at a small angle is ill-conditioned along the ray: the
      // crossing may move by the round-off over the sine of that angle.
      const slack = c.hair / Math.max(1e-12, crossingSine(c));
      if (!onOutline && c.hit.distance < loose - slack) {
        return `hit at ${c.hit.distance} before the first crossing ${loose}`;
      }
      if (c.hit.distance > Math.min(strict, config.maxDistance) + c.hair) {
        return `hit at ${c.hit.distance} after a crossing at ${strict}`;
      }
      const point: Point = [c.hit.point[0]!, c.hit.point[1]!];
      return outlineDistance(config, point) <= c.hair
        ? null
        : `the point hit is ${outlineDistance(config, point)} off the outline`;
    },
  },
  {
    name: 'normal-faces-ray',
    check(config) {
      const c = cast(config);
      if (!c || !c.found || c.hit.featureId === -1) return undefined;
      const along = c.hit.normal[0]! * c.unit[0] + c.hit.normal[1]! * c.unit[1];
      // An edge's unit normal is only as good as its direction: round-off of the coordinates
      // over the edge's length (near-duplicate vertices make edges of 1e-12 of the size).
      const feature = c.hit.featureId;
      const v = c.shape.vertices, count = c.shape.count, next = (feature + 1) % count;
      // The stored vertices (the feature's numbering); a vertex feature's normal is -direction.
      const edge = feature < 0x2000000
        ? Math.hypot(v[2 * next]! - v[2 * feature]!, v[2 * next + 1]! - v[2 * feature + 1]!)
        : Infinity;
      const extent = Math.max(...config.points.map(([x, y]) => Math.abs(x) + Math.abs(y)));
      const allowed = 1e-12 + (8 * Number.EPSILON * extent) / edge;
      return along <= allowed ? null : `normal [${c.hit.normal}] along the ray (${along})`;
    },
  },
];

/** The ray-cast subject. */
export function raycastSubject2(): Subject<RayConfig2> {
  return {
    name: 'raycast2d',
    dimension: '2d',
    regimes: REGIMES,
    generate,
    properties: PROPERTIES,
    repro: (config, property, message) =>
      [
        '```ts',
        `import { ${
          config.closed ? 'Polygon' : 'Chain'
        }, RayHit2, raycast2d } from '@contactkit/collision2d';`,
        `const shape = new ${config.closed ? 'Polygon' : 'Chain'}(${
          JSON.stringify(config.points)
        })`,
        `  .setPose([${config.x}, ${config.y}], ${config.angle});`,
        'const hit = new RayHit2();',
        `console.log(raycast2d(shape, [${config.origin}], [${config.direction}], ${config.maxDistance}, hit), hit);`,
        `// ${property}: ${message.replace(/\n/g, '\n// ')}`,
        '```',
      ].join('\n'),
  };
}
