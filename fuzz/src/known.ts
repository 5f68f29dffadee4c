/**
 * The defects of today's code that the suite finds, each keyed by subject, property and regime:
 * their failures are reported as known (with the reference) and do not fail the run. The entries
 * are new defects the suite found (see fuzz/FINDINGS.md); remove each with its fix. `pnpm fuzz
 * --strict` ignores the list.
 */
import type { KnownDefect } from './suite.js';

/**
 * Box or hull against a one-sided mesh: overlapping only triangles whose plane its centre is
 * behind (the contacts3d README's known gap), where the oracle finds its centroid in front.
 */
const F70 = 'FINDINGS.md F70';

/** Sphere over a cracked flat floor: an edge left a boundary where F68's fix sees no crack. */
const F75 = 'FINDINGS.md F75';

/** Rounded polygon against a chain, the radius large: an overlap of 1% of the reach, no contact. */
const F101 = 'FINDINGS.md F101';

/** Polygon against a chain with near-duplicate vertices: the deepest depth changes with the scale. */
const F102 = 'FINDINGS.md F102';

/** Capsule across a heightfield's border, its end under the surface: no contact. */
const F118 = 'FINDINGS.md F118';

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
  ...entries(F75, ['collideSphereTriangleMesh'], ['flat-floor-cracked'], [
    'on-edge',
    'on-vertex',
    'far-1e5',
  ]),
  ...entries(F70, ['collideBoxTriangleMesh', 'collideConvexHullTriangleMesh'], [
    'contact-iff-overlap',
    'overlap-agrees-with-oracle',
  ], ['on-vertex']),
  ...entries(F118, ['collideCapsuleHeightfield'], [
    'contact-iff-overlap',
    'overlap-agrees-with-oracle',
  ], ['sunk']),
  ...entries(F101, ['collidePolygonChain (rounded)'], ['contact-iff-overlap'], ['radius-large']),
  ...entries(F102, ['collidePolygonChain', 'collide2d'], ['scale-invariant'], ['near-duplicate']),
];
