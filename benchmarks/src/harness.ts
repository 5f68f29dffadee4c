/**
 * What every implementation of a pair offers the runner: `run(i)` on configuration `i` (timed;
 * returns its contact count and adds its penetrations into `sink`), and `inspect(i)` (never
 * timed) reporting the contacts in contactkit's conventions for the cross-checks.
 */

/**
 * Penetrations of every timed call are summed here and printed at the end, so no result is dead
 * code.
 */
export const sink = new Float64Array(2);

/**
 * Contacts of one call in contactkit's conventions: normal from the second shape toward the first.
 */
export interface Inspection {
  count: number;
  /** Largest penetration among the contacts (positive overlap); NaN when there are none. */
  penetration: number;
  /**
   * Unit normal of the deepest contact, from the second shape toward the first; empty when none.
   */
  normal: number[];
}

export interface Implementation {
  /** `contactkit`, `cannon-es`, `rapier`, `sat`, `planck`. */
  library: string;
  /** The function timed, as a user would call it. */
  call: string;
  /** What the call returns, when it is less than a manifold. */
  note?: string;
  run: (i: number) => number;
  inspect: (i: number) => Inspection;
}

/** The deepest of `count` contacts given by accessors. */
export function deepest(
  count: number,
  penetrationOf: (k: number) => number,
  normalOf: (k: number) => number[],
): Inspection {
  let best = -1;
  let penetration = NaN;
  for (let k = 0; k < count; k++) {
    const p = penetrationOf(k);
    if (best < 0 || p > penetration) {
      best = k;
      penetration = p;
    }
  }
  return { count, penetration, normal: best < 0 ? [] : normalOf(best) };
}

/** What a contactkit buffer of either dimension offers the runner. */
interface ContactkitBuffer {
  reset(): void;
  readonly contacts: readonly { penetration: number; normal: Float64Array; }[];
}

/**
 * contactkit's side of a pair, in 2D or 3D: `detector` on the preallocated shapes `first[i]`,
 * `second[i]`, into one reused buffer reset before each call.
 */
export function contactkitImplementation<S, D extends ContactkitBuffer>(
  first: readonly S[],
  second: readonly S[],
  data: D,
  detector: (a: S, b: S, data: D) => number,
  call: string,
): Implementation {
  const run = (i: number): number => {
    data.reset();
    const count = detector(first[i]!, second[i]!, data);
    let penetration = 0;
    for (let k = 0; k < count; k++) penetration += data.contacts[k]!.penetration;
    sink[0]! += penetration;
    return count;
  };
  return {
    library: 'contactkit',
    call,
    run,
    inspect: (i) => {
      const count = run(i);
      return deepest(
        count,
        (k) => data.contacts[k]!.penetration,
        (k) => Array.from(data.contacts[k]!.normal),
      );
    },
  };
}
