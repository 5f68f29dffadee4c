/**
 * The oracle and generators of the ghost-contact tests (tests only): random chains with straight,
 * nearly straight and convex vertices, shapes placed resting on them, and the cone rule checked
 * with angles (atan2), not with the cross products `chain-cones.ts` uses.
 */
import { Random } from '@contactkit/test-support';
import { firstFeatureOf, secondFeatureOf } from '@contactkit/math';
import type { CollisionData2 } from '../manifold/contact2.js';
import { type Chain, VERTEX_FEATURE } from '../shapes/shapes.js';

/** Angle slack of the cone check, radians. */
const SLACK = 1e-7;

function wrap(angle: number): number {
  while (angle > Math.PI) angle -= 2 * Math.PI;
  while (angle <= -Math.PI) angle += 2 * Math.PI;
  return angle;
}

/** Left unit normal of segment `i` of `chain`, in the chain's frame, as an angle. */
function normalAngle(chain: Chain, i: number): number {
  const v = chain.vertices;
  return Math.atan2(v[2 * i + 2]! - v[2 * i]!, -(v[2 * i + 3]! - v[2 * i + 1]!));
}

/** Whether angle `n` lies on the short arc from `a` to `b` (within `SLACK`). */
function onArc(n: number, a: number, b: number): boolean {
  const span = wrap(b - a), at = wrap(n - a);
  return span >= 0 ? at >= -SLACK && at <= span + SLACK : at <= SLACK && at >= span - SLACK;
}

/**
 * Why a contact of `chain` breaks the cone rule, or null. `normal` is the world normal from the
 * chain toward the other shape, `code` the chain's feature code. The vertex checked: the one a
 * vertex code names; for a segment code, the end the normal leans toward. An open end admits any
 * normal; an interior vertex the short arc between its two segments' normals, on either side.
 */
export function coneViolation(
  chain: Chain,
  normal: ArrayLike<number>,
  code: number,
): string | null {
  const xf = chain.transform;
  // The normal in the chain's frame, as an angle.
  const n = wrap(Math.atan2(normal[1]!, normal[0]!) - xf.angle);
  let vertex: number;
  if ((code & VERTEX_FEATURE) !== 0) {
    vertex = code & (VERTEX_FEATURE - 1);
  } else {
    const tangent = normalAngle(chain, code) - Math.PI / 2;
    vertex = Math.cos(n - tangent) <= 0 ? code : code + 1;
  }
  if (vertex === 0 || vertex === chain.count - 1) return null;
  const a = normalAngle(chain, vertex - 1), b = normalAngle(chain, vertex);
  if (onArc(n, a, b) || onArc(n, a + Math.PI, b + Math.PI)) return null;
  return `normal at ${n.toFixed(9)} rad outside the cone of vertex ${vertex} ` +
    `(segment normals ${a.toFixed(9)}, ${b.toFixed(9)} rad)`;
}

/** Checks every contact of `data` (chain second in the canonical order, as the detectors write). */
export function coneViolations(chain: Chain, data: CollisionData2, flipped = false): string[] {
  const out: string[] = [];
  for (let i = 0; i < data.contactCount; i++) {
    const c = data.contacts[i]!;
    const normal = flipped ? [-c.normal[0]!, -c.normal[1]!] : c.normal;
    const why = coneViolation(chain, normal, secondFeatureOf(c.featureId));
    if (why) out.push(`${why} (first feature ${firstFeatureOf(c.featureId)})`);
  }
  return out;
}

/**
 * A random chain of `segments` segments at `scale`, in its own frame: each turn is 0 (straight)
 * four times in ten, a hair (up to 1e-6 rad) once, small (up to 0.05 rad) once, else up to 1.2 rad
 * either way; segment lengths 0.2 to 1.5 times the scale.
 */
export function randomSlideChain(random: Random, segments: number, scale: number): number[][] {
  const points: number[][] = [[0, 0]];
  let heading = random.range(-Math.PI, Math.PI), x = 0, y = 0;
  for (let i = 0; i < segments; i++) {
    const length = scale * random.range(0.2, 1.5);
    x += length * Math.cos(heading);
    y += length * Math.sin(heading);
    points.push([x, y]);
    const kind = random.next();
    heading += kind < 0.4
      ? 0
      : kind < 0.5
      ? random.sign() * 1e-6 * random.next()
      : kind < 0.6
      ? random.sign() * 0.05 * random.next()
      : random.sign() * random.range(0.1, 1.2);
  }
  return points;
}

/** Where a shape rests on a chain: a point on segment `segment` and the side's unit normal. */
export interface RestingPlace {
  segment: number;
  /** The point on the segment, chain frame. */
  x: number;
  y: number;
  /** The unit normal on the chosen side, chain frame, and the segment's angle. */
  nx: number;
  ny: number;
  angle: number;
}

/**
 * A random place on `chain`: a segment, a point on it (near an end three times in ten), a side.
 */
export function randomRestingPlace(random: Random, chain: Chain): RestingPlace {
  const v = chain.vertices, segment = random.int(chain.segmentCount);
  const near = random.next();
  const u = near < 0.15
    ? 0.02 * random.next()
    : near < 0.3
    ? 1 - 0.02 * random.next()
    : random.next();
  const ax = v[2 * segment]!, ay = v[2 * segment + 1]!;
  const ex = v[2 * segment + 2]! - ax, ey = v[2 * segment + 3]! - ay, length = Math.hypot(ex, ey);
  const side = random.sign();
  return {
    segment,
    x: ax + u * ex,
    y: ay + u * ey,
    nx: (-side * ey) / length,
    ny: (side * ex) / length,
    angle: Math.atan2(ey, ex),
  };
}

/** Chain-frame point to world. */
export function chainToWorld(chain: Chain, x: number, y: number): [number, number] {
  const xf = chain.transform;
  return [xf.cos * x - xf.sin * y + xf.x, xf.sin * x + xf.cos * y + xf.y];
}
