/**
 * The defects of today's code that the suite finds, each keyed by subject, property and regime:
 * their failures are reported as known (with the reference) and do not fail the run. The entries
 * are new defects the suite found (see fuzz/FINDINGS.md); remove each with its fix. `pnpm fuzz
 * --strict` ignores the list.
 */
import type { KnownDefect } from './suite.js';

/**
 * Box or hull against a one-sided mesh: a centre behind a flat stretch, outside at a convex edge
 * of a triangle of the stretch beyond the shape's box; the oracle finds it in front.
 */
const F108 = 'FINDINGS.md F108';

/** Box sunk across a flat floor's border: a boundary edge's contact 1.41 rad off the floor's normal. */
const F127 = 'FINDINGS.md F127';

/** Box against a folded one-sided mesh, sunk: an overlap of 6e-10 with no contact. */
const F128 = 'FINDINGS.md F128';

/** Two sliver hulls touching edge to edge: no contact or a face contact within the margin, by round-off. */
const F124 = 'FINDINGS.md F124';

/** A hull deep in a hull: the face kept over an edge axis reports less than its overlap along its normal. */
const F125 = 'FINDINGS.md F125';

/** Sphere beside a heightfield, below its surface, reaching into the solid under the border: no contact. */
const F132 = 'FINDINGS.md F132';

/** Sphere against a mesh at 10^5: ghost normals on cracked floors, a face contact just outside its prism. */
const F133 = 'FINDINGS.md F133';

/** Capsule against a mesh at 10^5: what is left of twenty failures (the two missed contacts fixed). */
const F134 = 'FINDINGS.md F134';

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
  ...entries(F108, ['collideBoxTriangleMesh', 'collideConvexHullTriangleMesh'], [
    'contact-iff-overlap',
    'overlap-agrees-with-oracle',
  ], ['on-vertex']),
  ...entries(F127, ['collideBoxTriangleMesh'], ['flat-floor'], ['deep']),
  ...entries(F128, ['collideBoxTriangleMesh'], [
    'contact-iff-overlap',
    'overlap-agrees-with-oracle',
  ], [
    'deep',
  ]),
  ...entries(F132, ['collideSphereHeightfield'], [
    'contact-iff-overlap',
    'overlap-agrees-with-oracle',
  ], ['extreme-heights', 'mixed-sizes']),
  ...entries(F133, ['collideSphereTriangleMesh'], ['flat-floor-cracked'], [
    'near-duplicate',
    'far-1e5',
    'boundary',
  ]),
  ...entries(F133, ['collideSphereTriangleMesh'], ['face-in-prism'], ['deep']),
  ...entries(F134, ['collideCapsuleTriangleMesh'], ['flat-floor-cracked'], [
    'near-duplicate',
    'far-1e5',
    'deep',
  ]),
  ...entries(F134, ['collideCapsuleTriangleMesh'], ['witness-on-surface'], [
    'near-duplicate',
    'flat-split',
  ]),
  ...entries(F134, ['collideCapsuleTriangleMesh'], ['depth-minimal'], ['flat-split']),
  ...entries(F134, ['collideCapsuleTriangleMesh'], ['face-in-prism'], ['tiny-offset']),
  ...entries(F124, ['collideConvexHullConvexHull'], ['rigid-invariant'], ['sliver']),
  ...entries(F125, ['collideConvexHullConvexHull'], ['depth-frees'], ['deep']),
];
