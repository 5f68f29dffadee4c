/**
 * Drawing or editing the rolling ball's profile on the page, without a page: the digitiser's
 * `OutlineEditor` in world metres. A press near a point takes it for a drag; near a segment
 * inserts a point there; anywhere else appends one. Shift+press deletes the point under it.
 * `finish` makes the profile, checked as the digitiser's Save checks an outline.
 */
import { OutlineEditor } from './outline-editor.js';
import type { Profile } from './rolling-ball-scene.js';
import { bounds } from './user-contour.js';

export class ProfileDrawing {
  readonly editor = new OutlineEditor();
  /** Whether the page is drawing (the ball waits). */
  active = false;
  /** The point being dragged, or -1. */
  private dragging = -1;

  /** Starts drawing from `points` (the current profile: editing it), or from nothing. */
  begin(points: ReadonlyArray<readonly number[]>, closed: boolean): void {
    this.editor.reset();
    this.editor.replace(points, closed);
    this.active = true;
  }

  /** A press at world point `at`; `grab` is how near (metres) counts as on a point or segment. */
  press(at: readonly number[], grab: number, remove = false): void {
    const index = this.editor.nearestPoint(at, grab);
    if (remove) {
      if (index >= 0) this.editor.remove(index);
      return;
    }
    if (index >= 0) {
      this.editor.remember();
      this.dragging = index;
      return;
    }
    const near = this.editor.nearestSegment(at, grab);
    this.dragging = near ? this.editor.insert(near.segment, near.foot) : this.appended(at);
  }

  private appended(at: readonly number[]): number {
    this.editor.add(at);
    return this.editor.points.length - 1;
  }

  drag(at: readonly number[]): void {
    if (this.dragging >= 0) this.editor.move(this.dragging, at);
  }

  release(): void {
    this.dragging = -1;
  }

  /**
   * The profile drawn, as drawn (metres, y up), the ball let go from rest 1 m above its highest
   * point at the middle of its width. Throws a RangeError, drawing on, for fewer than 2 points,
   * a segment of zero length or an outline that crosses itself.
   */
  finish(title: string): Profile {
    const { points, closed } = this.editor;
    if (points.length < 2) {
      throw new RangeError(`a profile needs at least 2 points, got ${points.length}`);
    }
    const n = points.length, segments = closed ? n : n - 1;
    for (let i = 0; i < segments; i++) {
      const a = points[i]!, b = points[(i + 1) % n]!;
      if (a[0] === b[0] && a[1] === b[1]) {
        throw new RangeError(`points ${i} and ${(i + 1) % n} coincide: move or delete one`);
      }
    }
    const crossings = this.editor.intersections().length;
    if (crossings > 0) {
      throw new RangeError(
        `the profile crosses itself in ${crossings} place${
          crossings === 1 ? '' : 's'
        }: move or delete a point`,
      );
    }
    const box = bounds(points);
    this.active = false;
    return {
      id: 'user',
      title,
      points: points.map(([x, y]): [number, number] => [x, y]),
      closed,
      start: { position: [(box.minX + box.maxX) / 2, box.maxY + 1], velocity: [0, 0] },
    };
  }
}
