/**
 * The 2D regimes, as data: each names the outline family its polygons and chains are drawn from,
 * how big the shapes are and how the pair is placed. A regime applies to the pairs whose shape
 * kinds it can make (only chains cross themselves; identical shapes need one kind twice).
 */
import type { Random } from '@contactkit/test-support';
import { boundaryDistance, gap, isSimple, meets } from './oracle2d.js';
import * as outlines from './outlines2d.js';
import type { Outline } from './outlines2d.js';
import { geometry2, type Kind2, type ShapeDesc2, size2 } from './shapes2d.js';

/** How the two shapes are placed relative to each other. */
export type Placement2 =
  | 'near'
  | 'touch'
  | 'tiny-offset'
  | 'deep'
  | 'inside'
  | 'identical'
  | 'notch'
  | 'any';

/** A named regime: families, sizes, placement. */
export interface Regime2 {
  readonly name: string;
  /** The polygon outline family (null: the basic mix of convex, box and concave outlines). */
  readonly polygon: ((random: Random, size: number) => Outline) | null;
  /** The chain family (null: random walks, zigzags, staircases). */
  readonly chain: ((random: Random, size: number) => Outline) | null;
  readonly placement: Placement2;
  /** Sizes 1e-3 to 1e3 (log-uniform) rather than about 1. */
  readonly mixedSizes?: boolean;
  /** Everything moved about 1e5 from the origin. */
  readonly far?: boolean;
  /** Whether the regime can make a pair of these kinds. */
  readonly applies?: (kinds: readonly [Kind2, Kind2]) => boolean;
}

const hasPolygon = (kinds: readonly [Kind2, Kind2]) => kinds.includes('polygon');
const hasChain = (kinds: readonly [Kind2, Kind2]) => kinds.includes('chain');
const hasRegion = (kinds: readonly [Kind2, Kind2]) => kinds[0] !== 'chain' || kinds[1] !== 'chain';

/** A regime of one polygon outline family, placed near, touching, deep or a hair off. */
function polygonFamily(name: string, polygon: (random: Random, size: number) => Outline): Regime2 {
  return { name, polygon, chain: null, placement: 'any', applies: hasPolygon };
}

/** Every 2D regime, in the order the report lists them. */
export const REGIMES_2D: readonly Regime2[] = [
  { name: 'unit', polygon: null, chain: null, placement: 'near' },
  { name: 'mixed-sizes', polygon: null, chain: null, placement: 'any', mixedSizes: true },
  { name: 'far-1e5', polygon: null, chain: null, placement: 'any', far: true },
  { name: 'touching', polygon: null, chain: null, placement: 'touch' },
  {
    name: 'identical',
    polygon: null,
    chain: null,
    placement: 'identical',
    applies: (k) => k[0] === k[1] || (hasPolygon(k) && hasChain(k)),
  },
  { name: 'deep', polygon: null, chain: null, placement: 'deep' },
  { name: 'inside', polygon: null, chain: null, placement: 'inside', applies: hasRegion },
  { name: 'tiny-offset', polygon: null, chain: null, placement: 'tiny-offset' },
  polygonFamily('collinear', outlines.collinear),
  polygonFamily('near-collinear', outlines.nearCollinear),
  polygonFamily('near-duplicate', outlines.nearDuplicate),
  polygonFamily('sliver', outlines.sliver),
  polygonFamily('long-thin', outlines.longThin),
  polygonFamily('star', outlines.star),
  polygonFamily('spiral', outlines.spiral),
  polygonFamily('staircase', outlines.staircase),
  {
    name: 'self-crossing',
    polygon: null,
    chain: outlines.selfCrossingChain,
    placement: 'any',
    applies: hasChain,
  },
  { name: 'notch', polygon: outlines.notch, chain: null, placement: 'notch', applies: hasPolygon },
];

/** A configuration of a pair of `kinds` in `regime`, or null when the draw could not be placed. */
export function generate2(
  regime: Regime2,
  kinds: readonly [Kind2, Kind2],
  random: Random,
): [ShapeDesc2, ShapeDesc2] | null {
  if (regime.placement === 'notch') return notchPair(kinds, random);
  const sizeOf = () => regime.mixedSizes ? random.logRange(1e-3, 1e3) : random.range(0.5, 2);
  const placement = regime.placement === 'any'
    ? random.pick(['near', 'touch', 'deep', 'tiny-offset'] as const)
    : regime.placement;
  const a = shape(regime, kinds[0], random, sizeOf());
  const b = shape(regime, kinds[1], random, sizeOf());
  let pair: [ShapeDesc2, ShapeDesc2] | null;
  if (placement === 'identical') pair = identical(a, b);
  else if (placement === 'inside') pair = inside(a, b, random);
  else pair = placed(a, b, placement, random);
  if (pair === null) return null;
  // A family's bad draw (round-off folding an outline onto itself) is the generator's, not the library's.
  if (pair.some((d) => d.kind === 'polygon' && !isSimple(d.points))) return null;
  if (regime.far) {
    const t = random.range(0, 2 * Math.PI), r = random.range(0.8e5, 1.2e5);
    pair = [
      shift(pair[0], r * Math.cos(t), r * Math.sin(t)),
      shift(pair[1], r * Math.cos(t), r * Math.sin(t)),
    ];
  }
  return pair;
}

/**
 * One shape twice at one pose: `b` for both when the kinds agree; a polygon and its own outline
 * as a closed chain when they are a polygon and a chain.
 */
function identical(a: ShapeDesc2, b: ShapeDesc2): [ShapeDesc2, ShapeDesc2] {
  if (a.kind === b.kind) return [{ ...b }, b];
  const polygon = a.kind === 'polygon' ? a : b;
  if (polygon.kind !== 'polygon') return [a, b];
  const outline: ShapeDesc2 = {
    ...polygon,
    kind: 'chain',
    points: outlines.closedAsChain(polygon.points),
  };
  return a.kind === 'polygon' ? [a, outline] : [outline, b];
}

function shape(regime: Regime2, kind: Kind2, random: Random, size: number): ShapeDesc2 {
  const angle = random.range(-Math.PI, Math.PI);
  if (kind === 'circle') return { kind, radius: size, x: 0, y: 0, angle };
  if (kind === 'chain') {
    const family = regime.chain ??
      (regime.polygon && random.chance(0.5)
        ? (r: Random, s: number) => openOf(regime.polygon!(r, s), r)
        : outlines.chain);
    return { kind, points: family(random, size), x: 0, y: 0, angle };
  }
  const family = regime.polygon ?? basicPolygon;
  return { kind, points: family(random, size), x: 0, y: 0, angle };
}

/** The basic polygon mix: convex outlines, boxes, and L, U and comb outlines. */
function basicPolygon(random: Random, size: number): Outline {
  const roll = random.next();
  if (roll < 0.4) return outlines.convex(random, size);
  if (roll < 0.6) return outlines.box(size * random.range(0.2, 1), size * random.range(0.2, 1));
  return outlines.concave(random, size);
}

/** A polygon family's outline as a chain: closed, or open with one edge left out. */
function openOf(outline: Outline, random: Random): Outline {
  if (random.chance(0.5)) return outlines.closedAsChain(outline);
  const start = random.int(outline.length);
  return [...outline.slice(start), ...outline.slice(0, start)];
}

function shift(desc: ShapeDesc2, dx: number, dy: number): ShapeDesc2 {
  return { ...desc, x: desc.x + dx, y: desc.y + dy };
}

/** Whether the two overlap or touch (the oracle's gap is 0). */
function touches(a: ShapeDesc2, b: ShapeDesc2): boolean {
  return meets(geometry2(a), geometry2(b));
}

/** `a` placed against `b` (which stays at the origin) along a random direction. */
function placed(
  a: ShapeDesc2,
  b: ShapeDesc2,
  placement: 'near' | 'touch' | 'tiny-offset' | 'deep',
  random: Random,
): [ShapeDesc2, ShapeDesc2] | null {
  const t = random.range(0, 2 * Math.PI), dx = Math.cos(t), dy = Math.sin(t);
  const reach = size2(a) + size2(b);
  if (placement === 'near') {
    return [shift(a, dx * reach * random.range(0, 1.1), dy * reach * random.range(0, 1.1)), b];
  }
  if (placement === 'deep') {
    const d = Math.min(size2(a), size2(b)) * random.range(0, 0.5);
    return [shift(a, dx * d, dy * d), b];
  }
  // Touching: bisect the distance along the direction between a meeting and an apart placement.
  let low = 0, high = reach * 1.000001;
  if (!touches(shift(a, 0, 0), b)) {
    let found = false;
    for (let k = 1; k <= 20 && !found; k++) {
      if (touches(shift(a, dx * reach * k / 20, dy * reach * k / 20), b)) {
        low = reach * k / 20;
        found = true;
      }
    }
    if (!found) return null;
  }
  for (let k = 0; k < 64 && low < high; k++) {
    const middle = 0.5 * (low + high);
    if (middle === low || middle === high) break;
    if (touches(shift(a, dx * middle, dy * middle), b)) low = middle;
    else high = middle;
  }
  let d = random.chance(0.5) ? low : high;
  if (placement === 'tiny-offset') d += random.sign() * reach * random.logRange(1e-12, 1e-8);
  return [shift(a, dx * d, dy * d), b];
}

/**
 * One shape wholly inside the other: the container is a polygon or circle (the larger slot, or
 * whichever can contain), the other shrunk to fit around an interior point found by sampling.
 */
function inside(a: ShapeDesc2, b: ShapeDesc2, random: Random): [ShapeDesc2, ShapeDesc2] | null {
  const aFirst = b.kind === 'chain' || (a.kind !== 'chain' && random.chance(0.5));
  const container = aFirst ? a : b, visitor = aFirst ? b : a;
  const geometry = geometry2(container), reach = size2(container);
  for (let attempt = 0; attempt < 50; attempt++) {
    const x = random.range(-reach, reach), y = random.range(-reach, reach);
    const probe = { kind: 'circle' as const, centre: [x, y] as const, radius: 0 };
    if (gap(probe, geometry) !== 0) continue;
    const room = boundaryDistance([x, y], geometry);
    if (!(room > 1e-9 * reach)) continue;
    const fitted = fit(visitor, room * random.range(0.3, 0.95));
    const placedVisitor = { ...fitted, x, y } as ShapeDesc2;
    return aFirst ? [container, placedVisitor] : [placedVisitor, container];
  }
  return null;
}

/** `desc` scaled about its own origin so that its bounding radius is `radius`. */
function fit(desc: ShapeDesc2, radius: number): ShapeDesc2 {
  const factor = radius / size2(desc);
  if (desc.kind === 'circle') return { ...desc, radius: desc.radius * factor };
  return { ...desc, points: desc.points.map(([x, y]) => [x * factor, y * factor]) };
}

/**
 * A shape wedged in or resting in a U's notch: the U is a polygon slot (either, for two
 * polygons), the other shape about as wide as the notch (0.9 to 1.05 of it), at a random depth.
 */
function notchPair(
  kinds: readonly [Kind2, Kind2],
  random: Random,
): [ShapeDesc2, ShapeDesc2] | null {
  const uFirst = kinds[0] === 'polygon' && (kinds[1] !== 'polygon' || random.chance(0.5));
  const size = random.range(0.5, 2);
  const u = outlines.notch(random, size);
  // The notch: between the inner walls x = -width + wall and width - wall, above the floor.
  const inner = u[4]![0], floor = u[4]![1], top = u[3]![1];
  const halfGap = inner, fill = random.range(0.9, 1.05);
  const otherKind = uFirst ? kinds[1] : kinds[0];
  const depth = random.range(floor, top);
  let other: ShapeDesc2;
  if (otherKind === 'circle') {
    other = { kind: 'circle', radius: halfGap * fill, x: 0, y: depth, angle: 0 };
  } else {
    const hy = halfGap * random.range(0.2, 1.5);
    const outline = outlines.box(halfGap * fill, hy);
    other = otherKind === 'polygon'
      ? {
        kind: 'polygon',
        points: outline,
        x: 0,
        y: Math.max(depth, floor + hy * random.range(0.9, 1.1)),
        angle: random.chance(0.7) ? 0 : random.range(-0.05, 0.05),
      }
      : { kind: 'chain', points: outlines.closedAsChain(outline), x: 0, y: depth, angle: 0 };
  }
  const uShape: ShapeDesc2 = { kind: 'polygon', points: u, x: 0, y: 0, angle: 0 };
  // Turn the whole pair so that the walls are not always axis aligned.
  const turn = random.chance(0.5) ? 0 : random.range(-Math.PI, Math.PI);
  const c = Math.cos(turn), s = Math.sin(turn);
  const pose = (d: ShapeDesc2): ShapeDesc2 => ({
    ...d,
    x: c * d.x - s * d.y,
    y: s * d.x + c * d.y,
    angle: d.angle + turn,
  });
  return uFirst ? [pose(uShape), pose(other)] : [pose(other), pose(uShape)];
}
