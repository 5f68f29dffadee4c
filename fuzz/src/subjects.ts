/** Every subject of the suite, 2D and 3D, in the order the report lists them. */
import { capsuleOutlineSubjects } from './capsule-outlines2d.js';
import { capsuleSubjects2 } from './capsules2d.js';
import { DETECTORS_2D, detectorSubject2 } from './detectors2d.js';
import { DETECTORS_3D, detectorSubject3, OVERLAPS_3D, overlapSubject3 } from './detectors3d.js';
import { hullCapsuleSubjects } from './hull-capsule3d.js';
import { meshSubjects } from './mesh3d.js';
import { OVERLAPS_2D, overlapSubject2 } from './overlaps2d.js';
import { raycastSubject2 } from './raycast2d.js';
import { rayTestSubject } from './raytest2d.js';
import { roundedSubjects2 } from './rounded2d.js';
import type { Subject } from './suite.js';

/** Every detector and overlap test under test. */
export function allSubjects(): Subject<unknown>[] {
  return [
    ...DETECTORS_2D.map(detectorSubject2),
    ...capsuleSubjects2(),
    ...capsuleOutlineSubjects(),
    ...roundedSubjects2(),
    raycastSubject2(),
    ...OVERLAPS_2D.map(overlapSubject2),
    rayTestSubject(),
    ...DETECTORS_3D.map(detectorSubject3),
    ...OVERLAPS_3D.map(overlapSubject3),
    ...hullCapsuleSubjects(),
    ...meshSubjects(),
  ] as Subject<unknown>[];
}
