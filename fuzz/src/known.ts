/**
 * The defects of today's code that the suite finds, each keyed by subject, property and regime:
 * their failures are reported as known (with the reference) and do not fail the run. The entries
 * are new defects the suite found (see fuzz/FINDINGS.md); remove each with its fix. `pnpm fuzz
 * --strict` ignores the list.
 */
import type { KnownDefect } from './suite.js';

/** Polygon refuses simple outlines with collinear vertices (round-off in its self-crossing test). */
const F1 = 'FINDINGS.md F1';
/** Polygon against chain or polygon: contacts change with the scale at collinear vertices. */
const F2 = 'FINDINGS.md F2';

/** A convex polygon with collinear vertices taken as concave: its contacts do not free the pair. */
const F3 = 'FINDINGS.md F3';

/** ConvexHull.fromPoints fails with an internal error on clouds with points on and near faces. */
const F7 = 'FINDINGS.md F7';

/** Hull against sphere below about 1e-12 in size: an absolute tolerance (as F4). */
const F8 = 'FINDINGS.md F8';

/** Every subject a hull is drawn for (the capsule-hull pair aside). */
const HULL_SUBJECTS = [
  'collideConvexHullConvexHull',
  'collideBoxConvexHull',
  'collideConvexHullSphere',
  'collideConvexHullPlane',
  'collideConvexHullHalfSpace',
  'collide',
  'overlapConvexHullConvexHull',
  'overlapBoxConvexHull',
  'overlapConvexHullSphere',
  'overlapConvexHullHalfSpace',
  'overlap',
];

/** The regimes whose polygons have collinear or almost collinear vertices. */
const COLLINEAR_REGIMES = ['collinear', 'near-collinear', 'near-duplicate', 'staircase'];

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
  ...entries(
    F1,
    ['collideCirclePolygon', 'collidePolygonPolygon', 'collidePolygonChain', 'collide2d'],
    ['no-exception'],
    COLLINEAR_REGIMES,
  ),
  ...entries(F3, ['collidePolygonPolygon', 'collide2d'], ['depth-frees'], COLLINEAR_REGIMES),
  ...entries(F2, ['collidePolygonChain', 'collidePolygonPolygon', 'collide2d'], [
    'scale-invariant',
    'rigid-invariant',
  ], COLLINEAR_REGIMES),
  // A cloud that fails to build fails every property of its configuration that builds it.
  ...entries(F7, HULL_SUBJECTS, [
    'no-exception',
    'overlap-agrees-with-oracle',
    'overlap-agrees-with-detector',
  ], ['coplanar', 'many-points', 'near-duplicate']),
  ...entries(
    F8,
    ['collideConvexHullSphere', 'overlapConvexHullSphere', 'collide', 'overlap'],
    [
      'features-named',
      'contact-iff-overlap',
      'depth-frees',
      'depth-minimal',
      'witness-on-surface',
      'scale-invariant',
      'rigid-invariant',
      'swap-symmetric',
      'overlap-agrees-with-oracle',
      'overlap-agrees-with-detector',
    ],
    ['tiny-size'],
  ),
];
