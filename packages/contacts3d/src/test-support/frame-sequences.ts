/**
 * What the `PairCache` property tests share (manifold/pair-cache.test.ts for box-box, box-hull
 * and hull-hull, pairs/capsule-cache.test.ts for the capsule against boxes and hulls): a shape's
 * poses frame by frame as a solver moves the pairs of a settled scene, and the contacts a call
 * wrote as plain numbers, compared number for number.
 */
import type { Random } from '@contactkit/test-support';
import type { CollisionData } from '../manifold/collision-data.js';
import { add, axisAngle, multiplyQuat, type Quat, scale, type Vec3 } from './shapes.js';

/** Frames per sequence. */
export const FRAMES = 8;

export interface Pose {
  position: Vec3;
  rotation: Quat;
}

/**
 * How a shape moves: a solver's jitter about its start, a steady slide and turn, a slide that
 * reverses halfway (apart and back), or turns of 0.05 to 0.5 rad a frame.
 */
export type Motion = 'jitter' | 'slide' | 'separate-and-return' | 'spin';
export const MOTIONS: readonly Motion[] = ['jitter', 'slide', 'separate-and-return', 'spin'];

/**
 * The FRAMES poses of a shape starting at `start`, moved by `motion` with steps of 1e-6 to
 * `largestStep` times `size` (turns of 1e-6 to 3e-2 rad but for `spin`).
 */
export function framePoses(
  random: Random,
  start: Pose,
  size: number,
  motion: Motion,
  largestStep = 3e-2,
): Pose[] {
  const poses: Pose[] = [];
  const direction = random.unitVector();
  const step = random.logRange(1e-6, largestStep) * size;
  const axis = random.unitVector();
  const turn = motion === 'spin' ? random.range(0.05, 0.5) : random.logRange(1e-6, 3e-2);
  let pose = start;
  for (let f = 0; f < FRAMES; f++) {
    poses.push(pose);
    if (motion === 'jitter') {
      // Never further than one step from the rest pose.
      pose = {
        position: add(start.position, scale(random.unitVector(), step * random.next())),
        rotation: multiplyQuat(
          axisAngle(random.unitVector(), turn * random.next()),
          start.rotation,
        ),
      };
    } else {
      const back = motion === 'separate-and-return' && f >= FRAMES / 2 ? -1 : 1;
      pose = {
        position: add(pose.position, scale(direction, back * step)),
        rotation: multiplyQuat(axisAngle(axis, back * turn), pose.rotation),
      };
    }
  }
  return poses;
}

/** The last `count` contacts of `data`, each as numbers: point, normal, penetration, kind, feature id. */
export function contactsOf(data: CollisionData, count: number): number[][] {
  const out: number[][] = [];
  for (let i = data.contactCount - count; i < data.contactCount; i++) {
    const c = data.contacts[i]!;
    out.push([...c.point, ...c.normal, c.penetration, c.kind, c.featureId]);
  }
  return out;
}

/** Whether two contact lists are equal number for number (Object.is: -0 is not +0). */
export function same(a: number[][], b: number[][]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!, y = b[i]!;
    for (let k = 0; k < x.length; k++) if (!Object.is(x[k], y[k])) return false;
  }
  return true;
}
