/**
 * What the detector subjects share about the contacts a detector wrote: the core of the `finite`
 * property, and the lines of a reproduction that print them.
 */

/** The numbers of a written contact the `finite` property reads. */
export interface WrittenNumbers {
  readonly point: ArrayLike<number>;
  readonly normal: ArrayLike<number>;
  readonly penetration: number;
}

/**
 * Why contacts fail `finite` (null when they pass): the count returned is not the count
 * written, or a number is not finite, or a normal is not unit (within 1e-9).
 */
export function finiteProblem<C extends WrittenNumbers>(
  returned: number,
  contacts: readonly C[],
  describe: (contact: C) => string,
): string | null {
  if (returned !== contacts.length) return `returned ${returned} but wrote ${contacts.length}`;
  for (const c of contacts) {
    const normal = Array.from(c.normal);
    if (![...Array.from(c.point), ...normal, c.penetration].every(Number.isFinite)) {
      return `not finite: ${describe(c)}`;
    }
    if (Math.abs(Math.hypot(...normal) - 1) > 1e-9) return `normal not unit: ${describe(c)}`;
  }
  return null;
}

/** Reproduction lines printing the contacts of `data` (a `CollisionData` or `CollisionData2`). */
export const PRINT_CONTACTS: readonly string[] = [
  'for (const c of data.contacts.slice(0, data.contactCount)) {',
  '  console.log(c.point, c.normal, c.penetration, c.featureId);',
  '}',
];
