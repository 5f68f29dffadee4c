/**
 * The defects of today's code that the suite finds, each keyed by subject, property and regime:
 * their failures are reported as known (with the reference) and do not fail the run. The entries
 * are new defects the suite found (see fuzz/FINDINGS.md); remove each with its fix. `pnpm fuzz
 * --strict` ignores the list.
 */
import type { KnownDefect } from './suite.js';

/** Capsules below about 1e-12 in size: absolute tolerances (as spheres had before issue 21). */
const F4 = 'FINDINGS.md F4';

/** Two-point capsule manifolds: the shallower point's witness lies inside the capsule. */
const F5 = 'FINDINGS.md F5';

/** Near-parallel capsules overlapping by a few 1e-9 of their size get no contact. */
const F6 = 'FINDINGS.md F6';

/** Concave staircases: contacts change with the scale (decomposition) or a rigid motion (axis ties). */
const F7 = 'FINDINGS.md F7';

/** The 3D regimes a capsule pair is drawn in, but `tiny-size` (F4). */
const CAPSULE_REGIMES = [
  'unit',
  'mixed-sizes',
  'far-1e5',
  'touching',
  'identical',
  'deep',
  'inside',
  'tiny-offset',
  'axis-aligned',
  'parallel',
  'near-parallel',
  'half-length-0',
  'along-face',
  'entering',
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
  ...entries(F7, ['collidePolygonChain', 'collidePolygonPolygon', 'collide2d'], [
    'scale-invariant',
    'rigid-invariant',
  ], ['staircase']),
  ...entries(
    F4,
    [
      'collideCapsuleCapsule',
      'collideCapsuleSphere',
      'collideBoxCapsule',
      'collide',
      'overlapCapsuleCapsule',
      'overlapCapsuleSphere',
      'overlapBoxCapsule',
      'overlap',
    ],
    [
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
  ...entries(
    F5,
    ['collideCapsuleCapsule', 'collideBoxCapsule'],
    ['witness-on-surface'],
    CAPSULE_REGIMES,
  ),
  // `collide` only in the regimes that draw capsule pairs alone (the others hold its sphere and box pairs).
  ...entries(F5, ['collide'], ['witness-on-surface'], [
    'parallel',
    'near-parallel',
    'half-length-0',
  ]),
  ...entries(
    F6,
    ['collideCapsuleCapsule', 'collide', 'overlapCapsuleCapsule'],
    ['contact-iff-overlap', 'overlap-agrees-with-oracle', 'overlap-agrees-with-detector'],
    ['near-parallel'],
  ),
];
