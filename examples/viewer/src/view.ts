import type { ContactRecord } from './contact-records.js';

/** What the page needs from a 2D or 3D view. */
export interface View {
  readonly dimension: 2 | 3;
  /** What the scene shows, for the panel. */
  readonly description: string;
  /** The buffer the view's detector writes; the panel's settings write its setters. */
  readonly data: { tolerance: number; maxContactsPerPair: number };
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
  /** Puts every shape back at its starting pose. */
  reset(): void;
  dispose(): void;
}
