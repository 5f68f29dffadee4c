/**
 * The simulation scenes (`?scene=sim-stack`, ...): ids and menu titles only, so the entry and the
 * menu can name them without loading cannon-es; `startSim` loads the page when one is opened.
 */

export const SIM_IDS = [
  'sim-stack',
  'sim-pyramid',
  'sim-capsules',
  'sim-hulls',
  'sim-ramp',
] as const;
export type SimId = (typeof SIM_IDS)[number];

/** Menu entries of the simulation scenes. */
export const SIMS: readonly { id: SimId; title: string; }[] = [
  { id: 'sim-stack', title: 'Stack of 6 cubes' },
  { id: 'sim-pyramid', title: 'Pyramid of 21 cubes' },
  { id: 'sim-capsules', title: 'Pile of 30 capsules' },
  { id: 'sim-hulls', title: 'Pile of hulls and cylinders' },
  { id: 'sim-ramp', title: 'Crates down a ramp' },
];

/** Whether `id` names a simulation scene. */
export function isSimId(id: string | null): id is SimId {
  return (SIM_IDS as readonly string[]).includes(id ?? '');
}

/** Loads the simulation page and starts scene `id`. */
export async function startSim(id: SimId): Promise<void> {
  (await import('./sim-page.js')).startSim(id);
}
