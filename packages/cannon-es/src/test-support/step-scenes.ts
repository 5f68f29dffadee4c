/**
 * The scenes whose steps are timed and weighed (benchmarks/src/cannon-steps.ts,
 * scripts/step-time.ts, allocation.test.ts): each with the world cannon-es's own narrowphase runs
 * and the world the adapter runs. They differ where cannon-es cannot run the scene: it has no
 * capsule (no native world), and no box-trimesh pair (its boxes fall through a `Trimesh`), so its
 * ramp is the same surfaces as two static boxes and its sliding boxes run on its `Plane`.
 */
import { buildPile, buildRamp, buildScene, type Scene } from './scenes.js';

/** A scene: its title, and its world for cannon-es's own narrowphase (`native`) and for contactkit. */
export interface StepScene {
  /** A short name, for the command line. */
  readonly id: string;
  readonly title: string;
  /** cannon-es's world, or undefined where it cannot run the scene at all. */
  readonly native: (() => Scene) | undefined;
  /** The world to install the adapter on. */
  readonly adapted: () => Scene;
}

export const STEP_SCENES: readonly StepScene[] = [
  {
    id: 'stack',
    title: 'stack of 6 cubes',
    native: () => buildScene('stack'),
    adapted: () => buildScene('stack'),
  },
  {
    id: 'pyramid',
    title: 'pyramid of 21 cubes',
    native: () => buildScene('pyramid'),
    adapted: () => buildScene('pyramid'),
  },
  {
    id: 'planks',
    title: '8 yawed planks',
    native: () => buildScene('planks'),
    adapted: () => buildScene('planks'),
  },
  {
    id: 'capsules',
    title: 'pile of 30 capsules',
    native: undefined,
    adapted: () => buildPile('capsules'),
  },
  {
    id: 'hulls',
    title: 'pile of 20 convex polyhedra',
    native: () => buildPile('hulls'),
    adapted: () => buildPile('hulls'),
  },
  {
    id: 'ramp',
    title: 'boxes down a trimesh ramp (cannon-es: the ramp as boxes)',
    native: () => buildRamp('boxes'),
    adapted: () => buildRamp('trimesh'),
  },
  {
    id: 'floor',
    title: 'boxes across a tessellated floor (cannon-es: on its Plane)',
    native: () => buildScene('sliding'),
    adapted: () => buildScene('sliding', 'tessellated'),
  },
];
