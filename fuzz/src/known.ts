/**
 * The defects of today's code that the suite finds, each keyed by subject, property and regime:
 * their failures are reported as known (with the reference) and do not fail the run. Issue 21's
 * items 1, 2, 3 and 5 are fixed on another branch: the lead removes their entries when merging
 * it. The FINDINGS.md entries are new defects the suite found (see fuzz/FINDINGS.md); remove each
 * with its fix. `pnpm fuzz --strict` ignores the list.
 */
import type { KnownDefect } from './suite.js';

/** Circle against a convex polygon with collinear vertices: missed contacts, depths that do not free. */
const ITEM_1 = 'issue 21 #1';
/** Phantom deep contacts of concave polygons (witness points off both outlines). */
const ITEM_2 = 'issue 21 #2';
/** A chain wholly inside a concave polygon gets no contact. */
const ITEM_3 = 'issue 21 #3';
/** The absolute LENGTH_SQUARED_EPSILON: spheres near 1e-13 in size touch when apart. */
const ITEM_5 = 'issue 21 #5';
/** Polygon refuses simple outlines with collinear vertices (round-off in its self-crossing test). */
const F1 = 'FINDINGS.md F1';
/** Polygon against chain or polygon: contacts change with the scale at collinear vertices. */
const F2 = 'FINDINGS.md F2';

/** The regimes whose polygons have collinear or almost collinear vertices. */
const COLLINEAR_REGIMES = ['collinear', 'near-collinear', 'near-duplicate', 'staircase'];

/** Known defects: failures of these cells are reported, not counted. */
export const KNOWN_DEFECTS: readonly KnownDefect[] = [
  ...['collideCirclePolygon', 'collide2d'].flatMap((subject) =>
    COLLINEAR_REGIMES.map((regime) => ({ subject, property: '*', regime, reference: ITEM_1 }))
  ),
  ...['collidePolygonPolygon', 'collide2d'].flatMap((subject) =>
    ['witness-on-outline', 'scale-invariant', 'rigid-invariant', 'swap-symmetric'].map((
      property,
    ) => ({
      subject,
      property,
      regime: '*',
      reference: ITEM_2,
    }))
  ),
  ...['collidePolygonChain', 'collide2d'].map((subject) => ({
    subject,
    property: 'contact-iff-overlap',
    regime: '*',
    reference: ITEM_3,
  })),
  ...[
    'collideSphereSphere',
    'collideBoxSphere',
    'collide',
    'overlapSphereSphere',
    'overlapBoxSphere',
  ].map((subject) => ({
    subject,
    property: '*',
    regime: 'tiny-size',
    reference: ITEM_5,
  })),
  ...['collidePolygonPolygon', 'collidePolygonChain', 'collide2d'].flatMap((subject) =>
    ['no-exception', 'scale-invariant', 'rigid-invariant'].flatMap((property) =>
      ['collinear', 'near-duplicate'].map((regime) => ({
        subject,
        property,
        regime,
        reference: F1,
      }))
    )
  ),
  ...['collidePolygonChain', 'collidePolygonPolygon', 'collide2d'].flatMap((subject) =>
    ['scale-invariant', 'rigid-invariant'].flatMap((property) =>
      COLLINEAR_REGIMES.map((regime) => ({ subject, property, regime, reference: F2 }))
    )
  ),
];
