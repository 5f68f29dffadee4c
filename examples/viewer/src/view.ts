import type { ContactRecord } from './contact-records.js';

/** A pose as the panel's inputs show it: named fields and their values. */
export interface EditablePose {
  /** Field names, e.g. `['x', 'y', 'angle (deg)']`. */
  fields: string[];
  values: number[];
}

/** What the page needs from a 2D or 3D view. */
export interface View {
  readonly dimension: 2 | 3;
  /** What the scene shows, for the panel. */
  readonly description: string;
  /** The buffer the view's detector writes; the panel's settings write its setters. */
  readonly data: { tolerance: number; maxContactsPerPair: number; };
  /** Draw the witness points and depth segments. */
  witnesses: boolean;
  /** Draw each contact's index beside it. */
  labels: boolean;
  /** The contact under the pointer (on the canvas or in the table), else -1. */
  hovered: number;
  /** The contact picked in the table or by a click, else -1. */
  selected: number;
  /**
   * Advances one frame: at a scripted time (seconds since Animate) or, with `null`, where the
   * user left the shapes; runs the detector, redraws the contacts and returns them.
   */
  step(time: number | null): ContactRecord[];
  /** Draws into the shared renderer, sized `width` x `height` CSS pixels. */
  render(width: number, height: number): void;
  /** A world point (2 or 3 components) in canvas CSS pixels from the canvas's top left. */
  project(point: readonly number[]): [number, number];
  /** The world centres of the shapes, in scene order (the first is the one Animate moves). */
  shapeCentres(): number[][];
  /**
   * The exact poses of the shapes, in scene order: 3D the 16 numbers of `transform`
   * (column-major), 2D `[x, y, angle]`.
   */
  shapePoses(): number[][];
  /**
   * The poses as the URL keeps them, exactly: 2D `[x, y, angle]`, 3D `[x, y, z, qx, qy, qz, qw]`.
   */
  statePoses(): number[][];
  /** Sets every pose from `statePoses`'s form; a bad pose throws and changes nothing. */
  applyStatePoses(poses: readonly (readonly number[])[]): void;
  /** The shapes' names, in scene order. */
  shapeNames(): string[];
  /** Shape `index`'s pose for the inputs, or null when it cannot be moved (a plane). */
  editablePose(index: number): EditablePose | null;
  /** Sets shape `index` from the inputs' values; throws a RangeError naming the field, changing nothing. */
  setEditablePose(index: number, values: readonly number[]): void;
  /**
   * Where the contact labels and arrows are on the canvas (CSS pixels): each label's centre and
   * height `[x, y, height]`, each arrow as `[x0, y0, x1, y1]` from the point to the tip.
   */
  labelLayout(): { labels: number[][]; arrows: number[][]; };
  /** What the highlighted contact's features are, in words ("vertex 1 of the square against ..."), else ''. */
  highlightText(): string;
  /** The detector (or test) of the current pair as a function to time, on a buffer of its own. */
  kernel(): () => unknown;
  /** Puts every shape back at its starting pose. */
  reset(): void;
  dispose(): void;
}

/**
 * Least height of a contact number's label on screen, CSS pixels: its digit (about half the
 * label) stays about 13 px high, as in a desktop window, when a phone shows the scene smaller.
 */
export const MIN_LABEL_PIXELS = 26;
