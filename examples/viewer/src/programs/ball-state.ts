/**
 * The ball state the program pages publish for their tests and captions.
 */
import type { BallMode } from '@contactkit/motion2d';

/**
 * The published state of a program's ball (DESIGN.md: `ball: { position, velocity, mode, energy,
 * time }`). Each program's `state` getter says what its energy and its clock measure.
 */
export interface BallState {
  position: number[];
  velocity: number[];
  /** ContourBall's modes (the pinball's ball is in flight or on the ground). */
  mode: BallMode;
  /** Energy per unit mass (J/kg). */
  energy: number;
  /** Seconds on the program's clock. */
  time: number;
}
