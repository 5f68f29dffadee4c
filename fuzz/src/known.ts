/**
 * The defects of today's code that the suite finds, each keyed by subject, property and regime:
 * their failures are reported as known (with the reference) and do not fail the run. The entries
 * are new defects the suite found (see fuzz/FINDINGS.md); remove each with its fix. `pnpm fuzz
 * --strict` ignores the list.
 */
import type { KnownDefect } from './suite.js';

/** Box and hull against a heightfield: vertices in the solid, centre not, and no contact. */
const F23 = 'FINDINGS.md F23';

/** Capsule against a mesh or heightfield: ids still shared, or an edge-named end's depth, in some regimes. */
const F24 = 'FINDINGS.md F24';

/** Box and hull against a mesh: a contact's feature id names a mesh feature its witness is not on. */
const F20 = 'FINDINGS.md F20';

/** Box and hull against a heightfield: an overlap of about 1e-10 at a vertex or edge, no contact. */
const F21 = 'FINDINGS.md F21';

/** Capsule against a heightfield: a core crossing a steep triangle near its high edge, no contact. */
const F65 = 'FINDINGS.md F65';

/** Every subject of a box or hull against a mesh or heightfield. */
const POLYTOPE_MESH_SUBJECTS = [
  'collideBoxTriangleMesh',
  'collideConvexHullTriangleMesh',
  'collideBoxHeightfield',
  'collideConvexHullHeightfield',
];

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

/** Polygon against a much smaller chain: a gap within the tolerance, no speculative contact. */
const F35 = 'FINDINGS.md F35';

/** Known defects: failures of these cells are reported, not counted. The first match names the cell. */
export const KNOWN_DEFECTS: readonly KnownDefect[] = [
  ...entries(F35, ['collidePolygonChain (rounded)'], ['contact-iff-overlap'], ['mixed-sizes']),
  ...entries(F23, ['collideBoxHeightfield', 'collideConvexHullHeightfield'], [
    'solid-below',
    'rigid-invariant',
  ], ['*']),
  ...entries(F24, ['collideCapsuleTriangleMesh', 'collideCapsuleHeightfield'], ['ids-distinct'], [
    '*',
  ]),
  ...entries(F24, ['collideCapsuleTriangleMesh'], ['depth-minimal'], ['*']),
  ...entries(F20, POLYTOPE_MESH_SUBJECTS, ['witness-on-surface', 'depth-minimal'], ['*']),
  ...entries(F65, ['collideCapsuleHeightfield'], [
    'contact-iff-overlap',
    'overlap-agrees-with-oracle',
    'solid-below',
  ], ['sunk']),
  ...entries(F21, ['collideBoxHeightfield', 'collideConvexHullHeightfield'], [
    'contact-iff-overlap',
    'overlap-agrees-with-oracle',
  ], ['*']),
];
