/**
 * The defects of today's code that the suite finds, each keyed by subject, property and regime:
 * their failures are reported as known (with the reference) and do not fail the run. The entries
 * are new defects the suite found (see fuzz/FINDINGS.md); remove each with its fix. `pnpm fuzz
 * --strict` ignores the list.
 */
import type { KnownDefect } from './suite.js';

/** Concave staircases: contacts change with the scale (decomposition) or a rigid motion (axis ties). */
const F10 = 'FINDINGS.md F10';

/** An entry for every combination of the subjects, properties and regimes given. */
function entries(
  reference: string,
  subjects: readonly string[],
  properties: readonly string[],
  regimes: readonly string[],
): KnownDefect[] {
  return subjects.flatMap((subject) =>
    properties.flatMap((property) =>
      regimes.map((regime) => ({ subject, property, regime, reference }))
    )
  );
}

/** Known defects: failures of these cells are reported, not counted. The first match names the cell. */
export const KNOWN_DEFECTS: readonly KnownDefect[] = [
  ...entries(F10, ['collidePolygonChain', 'collidePolygonPolygon', 'collide2d'], [
    'scale-invariant',
    'rigid-invariant',
  ], ['staircase']),
];
