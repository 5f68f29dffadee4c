/** The narrowphases the cannon-es table compares (cannon-steps.ts, cannon-bytes.ts). */
import type { UseContactkitOptions } from '@contactkit/cannon-es';

export interface CannonStepMode {
  readonly name: 'cannon-es' | 'contactkit' | 'contactkit, pair cache' | 'contactkit, recycling';
  /** `useContactkit`'s options, or undefined for cannon-es's own narrowphase. */
  readonly options: UseContactkitOptions | undefined;
}

export const CANNON_STEP_MODES: readonly CannonStepMode[] = [
  { name: 'cannon-es', options: undefined },
  { name: 'contactkit', options: {} },
  { name: 'contactkit, pair cache', options: { pairCache: true } },
  { name: 'contactkit, recycling', options: { pairCache: { recycle: true } } },
];
