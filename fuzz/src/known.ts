/**
 * The defects of today's code that the suite finds, each keyed by subject, property and regime:
 * their failures are reported as known (with the reference) and do not fail the run. The entries
 * are new defects the suite found (see fuzz/FINDINGS.md); remove each with its fix. `pnpm fuzz
 * --strict` ignores the list.
 */
import type { KnownDefect } from './suite.js';

/** Concave staircases: contacts change with the scale (decomposition) or a rigid motion (axis ties). */
const F10 = 'FINDINGS.md F10';

/** Concave polygons and chains: contacts of two pieces or segments share one feature id. */
const F16 = 'FINDINGS.md F16';

/** Capsule against a chain: the deepest contact shallower than the core's distance gives (open ends). */
const F17 = 'FINDINGS.md F17';

/** A chain wholly inside a polygon: contacts at its vertices with normals outside their cones. */
const F18 = 'FINDINGS.md F18';

/** Polygon against chain: a thin polygon across a chain, overlapping it, gets no contact. */
const F19 = 'FINDINGS.md F19';

/** Heightfield solid-below contacts (column, behind the plane) judged by mesh properties. */
const F22 = 'FINDINGS.md F22';

/** Box and hull against a heightfield: vertices in the solid, centre not, and no contact. */
const F23 = 'FINDINGS.md F23';

/** Capsule against a mesh or heightfield: ids still shared, or an edge-named end's depth, in some regimes. */
const F24 = 'FINDINGS.md F24';

/** Box and hull against a mesh: a contact's feature id names a mesh feature its witness is not on. */
const F20 = 'FINDINGS.md F20';

/** Box and hull against a heightfield: an overlap of about 1e-10 at a vertex or edge, no contact. */
const F21 = 'FINDINGS.md F21';

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

/** Known defects: failures of these cells are reported, not counted. The first match names the cell. */
export const KNOWN_DEFECTS: readonly KnownDefect[] = [
  ...entries(F22, ['collideSphereHeightfield', 'collideCapsuleHeightfield'], [
    'contact-iff-overlap',
    'overlap-agrees-with-oracle',
    'face-in-prism',
    'depth-minimal',
    'witness-on-surface',
  ], ['*']),
  ...entries(F23, ['collideBoxHeightfield', 'collideConvexHullHeightfield'], [
    'solid-below',
    'rigid-invariant',
  ], ['*']),
  ...entries(F24, ['collideCapsuleTriangleMesh', 'collideCapsuleHeightfield'], ['ids-distinct'], [
    '*',
  ]),
  ...entries(F24, ['collideCapsuleTriangleMesh'], ['depth-minimal'], ['*']),
  ...entries(F10, ['collidePolygonChain', 'collidePolygonPolygon', 'collide2d'], [
    'scale-invariant',
    'rigid-invariant',
  ], ['staircase']),
  ...entries(F16, ['collideCapsule2Polygon', 'collideCapsule2Chain'], ['ids-distinct'], ['*']),
  ...entries(F17, ['collideCapsule2Chain'], ['depth', 'witness-on-outline'], ['*']),
  ...entries(F18, ['collidePolygonChain', 'collide2d'], ['chain-cone'], ['*']),
  ...entries(F19, ['collidePolygonChain', 'collide2d'], ['contact-iff-overlap'], ['long-thin']),
  ...entries(F19, ['collidePolygonChain'], ['scale-invariant'], ['near-duplicate']),
  ...entries(F20, POLYTOPE_MESH_SUBJECTS, ['witness-on-surface', 'depth-minimal'], ['*']),
  ...entries(F21, ['collideBoxHeightfield', 'collideConvexHullHeightfield'], [
    'contact-iff-overlap',
    'overlap-agrees-with-oracle',
  ], ['*']),
];
