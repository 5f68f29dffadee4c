/**
 * The digitiser's outline being edited, without a page: points in image pixels, closed (a body)
 * or open (a profile), the edits of the seed's workflow (add, move, insert on a segment,
 * delete, new, close) with undo, hit tests, and the live check for self-intersections.
 */
import { polygonArea, polygonCentroid, polygonSecondMoment } from '@contactkit/collision2d';

type Point = [number, number];

/** Properties of a closed outline in image pixels, or null for an open or degenerate one. */
export interface OutlineProperties {
  area: number;
  centroid: Point;
  secondMoment: number;
}

const HISTORY_LIMIT = 500;

export class OutlineEditor {
  points: Point[] = [];
  closed = false;
  private readonly history: Array<{ points: Point[]; closed: boolean; }> = [];

  /** Whether there is an edit to undo. */
  get canUndo(): boolean {
    return this.history.length > 0;
  }

  /** Remembers the current outline; every edit calls it first, a drag once at its start. */
  remember(): void {
    this.history.push({ points: this.points.map((p): Point => [p[0], p[1]]), closed: this.closed });
    if (this.history.length > HISTORY_LIMIT) this.history.shift();
  }

  /** Back to the outline before the last edit; false when there is none. */
  undo(): boolean {
    const last = this.history.pop();
    if (!last) return false;
    this.points = last.points;
    this.closed = last.closed;
    return true;
  }

  /** No points, open, and nothing to undo: a new picture's start. */
  reset(): void {
    this.points = [];
    this.closed = false;
    this.history.length = 0;
  }

  /** Appends a point (a closed outline gets it between its last and first points). */
  add(point: readonly number[]): void {
    this.remember();
    this.points.push([point[0]!, point[1]!]);
  }

  /** Inserts a point on segment `segment` (from point `segment` to the next). */
  insert(segment: number, point: readonly number[]): number {
    this.remember();
    this.points.splice(segment + 1, 0, [point[0]!, point[1]!]);
    return segment + 1;
  }

  /** Moves point `index` (no history entry: the caller remembers once per drag). */
  move(index: number, point: readonly number[]): void {
    this.points[index] = [point[0]!, point[1]!];
  }

  /** Deletes point `index`; an outline left with fewer than 3 points is open again. */
  remove(index: number): void {
    this.remember();
    this.points.splice(index, 1);
    if (this.points.length < 3) this.closed = false;
  }

  /** "new": no points, open. */
  clear(): void {
    this.remember();
    this.points = [];
    this.closed = false;
  }

  /** "close" (a body) or open again (a profile); closing needs 3 points. */
  setClosed(closed: boolean): void {
    if (closed && this.points.length < 3) {
      throw new RangeError(`closing needs at least 3 points, got ${this.points.length}`);
    }
    if (closed === this.closed) return;
    this.remember();
    this.closed = closed;
  }

  /** Replaces the outline (an automatic trace), undoably. */
  replace(points: ArrayLike<ArrayLike<number>>, closed: boolean): void {
    this.remember();
    this.points = Array.from(points, (p): Point => [p[0]!, p[1]!]);
    this.closed = closed && this.points.length >= 3;
  }

  /** Number of segments: n - 1 open, n closed. */
  get segmentCount(): number {
    const n = this.points.length;
    return n < 2 ? 0 : this.closed ? n : n - 1;
  }

  /** The point within `radius` of `at` nearest to it, or -1. */
  nearestPoint(at: readonly number[], radius: number): number {
    let best = -1, bestDistance = radius;
    this.points.forEach((p, i) => {
      const d = Math.hypot(p[0] - at[0]!, p[1] - at[1]!);
      if (d <= bestDistance) {
        best = i;
        bestDistance = d;
      }
    });
    return best;
  }

  /** The segment within `radius` of `at` nearest to it, with the foot of the perpendicular, or null. */
  nearestSegment(at: readonly number[], radius: number): { segment: number; foot: Point; } | null {
    let best: { segment: number; foot: Point; } | null = null, bestDistance = radius;
    for (let i = 0; i < this.segmentCount; i++) {
      const a = this.points[i]!, b = this.points[(i + 1) % this.points.length]!;
      const ex = b[0] - a[0], ey = b[1] - a[1];
      const lengthSquared = ex * ex + ey * ey;
      // Ericson 5.1.2: the foot's parameter clamped to the segment.
      const t = lengthSquared === 0
        ? 0
        : Math.max(0, Math.min(1, ((at[0]! - a[0]) * ex + (at[1]! - a[1]) * ey) / lengthSquared));
      const foot: Point = [a[0] + t * ex, a[1] + t * ey];
      const d = Math.hypot(at[0]! - foot[0], at[1]! - foot[1]);
      if (d <= bestDistance) {
        best = { segment: i, foot };
        bestDistance = d;
      }
    }
    return best;
  }

  /**
   * Where the outline crosses itself: the crossing point of every pair of segments that are not
   * neighbours and meet (touching counts: a file with it would not be a simple outline).
   */
  intersections(): Point[] {
    const n = this.segmentCount, count = this.points.length;
    const found: Point[] = [];
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (j === i + 1 || (this.closed && i === 0 && j === n - 1)) continue;
        const hit = segmentCrossing(
          this.points[i]!,
          this.points[(i + 1) % count]!,
          this.points[j]!,
          this.points[(j + 1) % count]!,
        );
        if (hit) found.push(hit);
      }
    }
    return found;
  }

  /** Area, centroid and polar second moment in image pixels (closed outlines of non-zero area), else null. */
  properties(): OutlineProperties | null {
    if (!this.closed || this.points.length < 3) return null;
    const area = polygonArea(this.points);
    if (!(area > 0)) return null;
    return {
      area,
      centroid: polygonCentroid(this.points),
      secondMoment: polygonSecondMoment(this.points),
    };
  }
}

/**
 * The point where segments a-b and c-d meet, or null (Ericson 5.1.9.1, by the signs of the
 * triangle areas; collinear overlapping segments give the nearer end of the overlap).
 */
export function segmentCrossing(
  a: readonly number[],
  b: readonly number[],
  c: readonly number[],
  d: readonly number[],
): Point | null {
  const orient = (p: readonly number[], q: readonly number[], r: readonly number[]) =>
    (q[0]! - p[0]!) * (r[1]! - p[1]!) - (q[1]! - p[1]!) * (r[0]! - p[0]!);
  const a1 = orient(a, b, d), a2 = orient(a, b, c);
  const a3 = orient(c, d, a), a4 = orient(c, d, b);
  if (a1 === 0 && a2 === 0) {
    // Collinear: overlapping when one segment's end lies within the other.
    const within = (p: readonly number[], q: readonly number[], r: readonly number[]) =>
      Math.min(q[0]!, r[0]!) <= p[0]! && p[0]! <= Math.max(q[0]!, r[0]!) &&
      Math.min(q[1]!, r[1]!) <= p[1]! && p[1]! <= Math.max(q[1]!, r[1]!);
    for (const [p, q, r] of [[c, a, b], [d, a, b], [a, c, d], [b, c, d]] as const) {
      if (within(p, q, r)) return [p[0]!, p[1]!];
    }
    return null;
  }
  if (a1 * a2 > 0 || a3 * a4 > 0) return null;
  const t = a3 / (a3 - a4);
  return [a[0]! + t * (b[0]! - a[0]!), a[1]! + t * (b[1]! - a[1]!)];
}
