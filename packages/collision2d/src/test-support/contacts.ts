/**
 * Helpers for the contact tests of this package (tests only): random convex outlines, world
 * outlines of shapes, and an independent separating-axis check written from the
 * projection formulas (not from the detectors' code).
 */
import type { CollisionData2 } from '../manifold/contact2.js';
import type { Chain, Polygon } from '../shapes/shapes.js';

/** A random convex polygon: `count` points at sorted random angles on an ellipse around the origin. */
export function randomConvexPoints(
  random: () => number,
  count: number,
  rx: number,
  ry: number,
): number[][] {
  const angles: number[] = [];
  for (let i = 0; i < count; i++) angles.push(random() * 2 * Math.PI);
  angles.sort((a, b) => a - b);
  return angles.map((angle) => [rx * Math.cos(angle), ry * Math.sin(angle)]);
}

/** The corners of the box `[-hx, hx] x [-hy, hy]`, counter-clockwise from `(-hx, -hy)`. */
export function box(hx: number, hy: number): number[][] {
  return [[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]];
}

/** `points` with every coordinate times `s`. */
export function scaled(points: number[][], s: number): number[][] {
  return points.map(([x, y]) => [x! * s, y! * s]);
}

/** The world outline of a polygon or chain: `[x, y]` per vertex. */
export function worldPoints(shape: Polygon | Chain): number[][] {
  const xf = shape.transform, out: number[][] = [];
  for (let i = 0; i < shape.count; i++) {
    const x = shape.vertices[2 * i]!, y = shape.vertices[2 * i + 1]!;
    out.push([xf.cos * x - xf.sin * y + xf.x, xf.sin * x + xf.cos * y + xf.y]);
  }
  return out;
}

function project(points: number[][], ax: number, ay: number): [number, number] {
  let min = Infinity, max = -Infinity;
  for (const [x, y] of points) {
    const d = x! * ax + y! * ay;
    min = Math.min(min, d);
    max = Math.max(max, d);
  }
  return [min, max];
}

/**
 * The separating-axis test for two convex outlines (world points, any winding; a two-point outline is a
 * segment): the smallest overlap of the projection intervals over all edge normals of both.
 * Positive: overlapping by that much; negative: separated.
 */
export function satOverlap(first: number[][], second: number[][]): number {
  let smallest = Infinity;
  for (const outline of [first, second]) {
    for (let i = 0; i < outline.length; i++) {
      const [x0, y0] = outline[i]!, [x1, y1] = outline[(i + 1) % outline.length]!;
      const ex = x1! - x0!, ey = y1! - y0!, length = Math.hypot(ex, ey);
      if (length === 0) continue;
      const [minA, maxA] = project(first, -ey / length, ex / length);
      const [minB, maxB] = project(second, -ey / length, ex / length);
      smallest = Math.min(smallest, Math.min(maxA - minB, maxB - minA));
    }
  }
  return smallest;
}

/** Plain copies of the contacts written since `start`, for comparisons. */
export function contactList(data: CollisionData2, start = 0): {
  point: number[];
  normal: number[];
  penetration: number;
  kind: number;
  featureId: number;
}[] {
  const out = [];
  for (let i = start; i < data.contactCount; i++) {
    const c = data.contacts[i]!;
    out.push({
      point: Array.from(c.point),
      normal: Array.from(c.normal),
      penetration: c.penetration,
      kind: c.kind,
      featureId: c.featureId,
    });
  }
  return out;
}

/**
 * Signed distance from a point to a closed outline (world points): negative inside (crossing
 * number), the distance to the nearest segment otherwise. Brute force over every segment.
 */
export function signedDistanceToOutline(outline: number[][], x: number, y: number): number {
  let nearest = Infinity, inside = false;
  for (let i = 0; i < outline.length; i++) {
    const [ax, ay] = outline[i]!, [bx, by] = outline[(i + 1) % outline.length]!;
    const ex = bx! - ax!, ey = by! - ay!, length2 = ex * ex + ey * ey;
    // A segment of length 0 (vertices that round to one point in world space) is its end point.
    const t = length2 > 0
      ? Math.max(0, Math.min(1, ((x - ax!) * ex + (y - ay!) * ey) / length2))
      : 0;
    nearest = Math.min(nearest, Math.hypot(ax! + t * ex - x, ay! + t * ey - y));
    if (ay! > y !== by! > y && x < ax! + ((y - ay!) * ex) / ey) inside = !inside;
  }
  return inside ? -nearest : nearest;
}

/** Distance from a point to an open polyline (world points), brute force. */
export function distanceToPolyline(points: number[][], x: number, y: number): number {
  let nearest = Infinity;
  for (let i = 0; i + 1 < points.length; i++) {
    const [ax, ay] = points[i]!, [bx, by] = points[i + 1]!;
    const ex = bx! - ax!, ey = by! - ay!;
    const t = Math.max(0, Math.min(1, ((x - ax!) * ex + (y - ay!) * ey) / (ex * ex + ey * ey)));
    nearest = Math.min(nearest, Math.hypot(ax! + t * ex - x, ay! + t * ey - y));
  }
  return nearest;
}

type ContactCopy = ReturnType<typeof contactList>[number];

/**
 * Whether `swapped` is `original` with the arguments exchanged: same points and depths (within
 * `epsilon`, 0 for bit-exact), negated normals, the same feature ids (they name the features in
 * the pair's canonical order, not the argument order), same kinds, same order.
 */
export function mirroredMismatch(
  original: ContactCopy[],
  swapped: ContactCopy[],
  epsilon = 0,
): string | null {
  if (original.length !== swapped.length) return `count ${original.length} vs ${swapped.length}`;
  for (let i = 0; i < original.length; i++) {
    const a = original[i]!, b = swapped[i]!;
    const close = (u: number, v: number): boolean => Math.abs(u - v) <= epsilon;
    if (!close(a.point[0]!, b.point[0]!) || !close(a.point[1]!, b.point[1]!)) {
      return `point ${i}: ${a.point} vs ${b.point}`;
    }
    if (!close(a.normal[0]!, -b.normal[0]!) || !close(a.normal[1]!, -b.normal[1]!)) {
      return `normal ${i}: ${a.normal} vs ${b.normal}`;
    }
    if (!close(a.penetration, b.penetration)) {
      return `penetration ${i}: ${a.penetration} vs ${b.penetration}`;
    }
    if (a.kind !== b.kind) return `kind ${i}`;
    if (a.featureId !== b.featureId) {
      return `featureId ${i}: ${a.featureId.toString(16)} vs ${b.featureId.toString(16)}`;
    }
  }
  return null;
}

function segmentsCross(a: number[], b: number[], c: number[], d: number[]): boolean {
  const side = (p: number[], q: number[], r: number[]): number =>
    (q[0]! - p[0]!) * (r[1]! - p[1]!) - (q[1]! - p[1]!) * (r[0]! - p[0]!);
  const d1 = side(a, b, c), d2 = side(a, b, d), d3 = side(c, d, a), d4 = side(c, d, b);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/** Whether an edge of one closed outline (world points) properly crosses an edge of the other. */
export function outlinesCross(first: number[][], second: number[][]): boolean {
  for (let i = 0; i < first.length; i++) {
    for (let j = 0; j < second.length; j++) {
      if (
        segmentsCross(
          first[i]!,
          first[(i + 1) % first.length]!,
          second[j]!,
          second[(j + 1) % second.length]!,
        )
      ) return true;
    }
  }
  return false;
}

/**
 * Distance from a point to the feature a contact names on a closed outline or chain (world
 * points): `VERTEX_FEATURE | i` (bit 25) is vertex `i`, any other code the segment from vertex
 * `code` to the next.
 */
export function distanceToFeature(points: number[][], code: number, x: number, y: number): number {
  const vertexBit = 1 << 25;
  if ((code & vertexBit) !== 0) {
    const [vx, vy] = points[code & (vertexBit - 1)]!;
    return Math.hypot(vx! - x, vy! - y);
  }
  return pointSegmentDistance([x, y], points[code]!, points[(code + 1) % points.length]!);
}

function pointSegmentDistance(p: number[], a: number[], b: number[]): number {
  const ex = b[0]! - a[0]!, ey = b[1]! - a[1]!;
  const t = Math.max(
    0,
    Math.min(1, ((p[0]! - a[0]!) * ex + (p[1]! - a[1]!) * ey) / (ex * ex + ey * ey)),
  );
  return Math.hypot(a[0]! + t * ex - p[0]!, a[1]! + t * ey - p[1]!);
}

/**
 * The distance between a closed outline's region (`first`, world points) and `second` (a closed
 * outline's region, or an open polyline when `secondClosed` is false): 0 when they overlap (a
 * vertex of one strictly inside the other region, or two edges crossing), else the least
 * vertex-to-segment distance. Brute force over every pair; shares no code with the detectors.
 */
export function regionDistance(first: number[][], second: number[][], secondClosed = true): number {
  const segments = (points: number[][], closed: boolean): [number[], number[]][] => {
    const out: [number[], number[]][] = [];
    for (let i = 0; i + 1 < points.length + (closed ? 1 : 0); i++) {
      out.push([points[i]!, points[(i + 1) % points.length]!]);
    }
    return out;
  };
  const firstSegments = segments(first, true), secondSegments = segments(second, secondClosed);
  for (const [a, b] of firstSegments) {
    for (const [c, d] of secondSegments) if (segmentsCross(a, b, c, d)) return 0;
  }
  for (const p of second) if (signedDistanceToOutline(first, p[0]!, p[1]!) < 0) return 0;
  if (secondClosed) {
    for (const p of first) if (signedDistanceToOutline(second, p[0]!, p[1]!) < 0) return 0;
  }
  let nearest = Infinity;
  for (const p of second) {
    for (const [a, b] of firstSegments) {
      nearest = Math.min(nearest, pointSegmentDistance(p, a, b));
    }
  }
  for (const p of first) {
    for (const [a, b] of secondSegments) {
      nearest = Math.min(nearest, pointSegmentDistance(p, a, b));
    }
  }
  return nearest;
}

/**
 * Whether `scaled` is `reference` with every length times `factor` (the same pair with every
 * coordinate scaled): the same number of contacts, and in order of depth the same normals,
 * kinds and feature ids, points and depths divided by `factor` within `epsilon` (a length of
 * the unscaled pair). Null when it is, else what differs.
 */
export function scaledMismatch(
  reference: ContactCopy[],
  scaled: ContactCopy[],
  factor: number,
  epsilon: number,
): string | null {
  if (reference.length !== scaled.length) return `count ${reference.length} vs ${scaled.length}`;
  const byDepth = (list: ContactCopy[]) =>
    [...list].sort((a, b) => b.penetration - a.penetration || a.featureId - b.featureId);
  const first = byDepth(reference), second = byDepth(scaled);
  for (let i = 0; i < first.length; i++) {
    const a = first[i]!, b = second[i]!;
    const close = (u: number, v: number): boolean => Math.abs(u - v / factor) <= epsilon;
    if (!close(a.penetration, b.penetration)) {
      return `penetration ${i}: ${a.penetration} vs ${b.penetration / factor} (scaled back)`;
    }
    if (!close(a.point[0]!, b.point[0]!) || !close(a.point[1]!, b.point[1]!)) {
      return `point ${i}: ${a.point} vs ${b.point.map((v) => v / factor)} (scaled back)`;
    }
    if (Math.hypot(a.normal[0]! - b.normal[0]!, a.normal[1]! - b.normal[1]!) > 1e-9) {
      return `normal ${i}: ${a.normal} vs ${b.normal}`;
    }
    if (a.kind !== b.kind || a.featureId !== b.featureId) return `features ${i}`;
  }
  return null;
}
