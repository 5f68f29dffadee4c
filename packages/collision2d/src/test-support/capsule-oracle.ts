/**
 * Brute-force distances for the capsule tests (tests only): a capsule's core in world space and
 * its distance to a polygon's region or to a polyline, from the orientation test and the
 * point-segment distance alone (no code shared with the detectors).
 */
import type { Capsule2 } from '../shapes/capsule2.js';
import { signedDistanceToOutline } from './contacts.js';

/** The core segment of a capsule in world space, `[[x0, y0], [x1, y1]]`, from its pose. */
export function capsuleCore(capsule: Capsule2): number[][] {
  const { x, y, cos, sin } = capsule.transform, h = capsule.halfLength;
  return [[x - cos * h, y - sin * h], [x + cos * h, y + sin * h]];
}

function pointSegment(px: number, py: number, a: number[], b: number[]): number {
  const ex = b[0]! - a[0]!, ey = b[1]! - a[1]!, length2 = ex * ex + ey * ey;
  const t = length2 > 0
    ? Math.max(0, Math.min(1, ((px - a[0]!) * ex + (py - a[1]!) * ey) / length2))
    : 0;
  return Math.hypot(a[0]! + t * ex - px, a[1]! + t * ey - py);
}

function orientation(a: number[], b: number[], c: number[]): number {
  return Math.sign((b[0]! - a[0]!) * (c[1]! - a[1]!) - (b[1]! - a[1]!) * (c[0]! - a[0]!));
}

/** Distance between segments ab and cd: 0 when they cross, else the least end-to-segment distance. */
export function segmentDistance(a: number[], b: number[], c: number[], d: number[]): number {
  const o1 = orientation(a, b, c),
    o2 = orientation(a, b, d),
    o3 = orientation(c, d, a),
    o4 = orientation(c, d, b);
  if (o1 * o2 < 0 && o3 * o4 < 0) return 0;
  return Math.min(
    pointSegment(a[0]!, a[1]!, c, d),
    pointSegment(b[0]!, b[1]!, c, d),
    pointSegment(c[0]!, c[1]!, a, b),
    pointSegment(d[0]!, d[1]!, a, b),
  );
}

/** Distance from a core segment to a closed outline's region: 0 when an end lies inside. */
export function coreToRegion(core: number[][], outline: number[][]): number {
  const [a, b] = core as [number[], number[]];
  if (signedDistanceToOutline(outline, a[0]!, a[1]!) <= 0) return 0;
  if (signedDistanceToOutline(outline, b[0]!, b[1]!) <= 0) return 0;
  let least = Infinity;
  for (let i = 0; i < outline.length; i++) {
    least = Math.min(least, segmentDistance(a, b, outline[i]!, outline[(i + 1) % outline.length]!));
  }
  return least;
}

/** Distance from a core segment to an open polyline. */
export function coreToPolyline(core: number[][], line: number[][]): number {
  let least = Infinity;
  for (let i = 0; i + 1 < line.length; i++) {
    least = Math.min(least, segmentDistance(core[0]!, core[1]!, line[i]!, line[i + 1]!));
  }
  return least;
}

/** Distance from a point to a core segment. */
export function distanceToCore(core: number[][], x: number, y: number): number {
  return pointSegment(x, y, core[0]!, core[1]!);
}
