/**
 * The hull-capsule subjects can fail: planted defects (a detector that writes nothing, one whose
 * depth is 10% short, one whose points are moved off the surfaces) are caught by the properties
 * that must catch them, on configurations where the real detector passes.
 */
import {
  type Capsule,
  CollisionData,
  collideConvexHullCapsule,
  type ConvexHull,
} from '@contactkit/contacts3d';
import { describe, expect, it } from 'vitest';
import { type HullCapsuleDetector, hullCapsuleSubjects } from './hull-capsule3d.js';
import { runSuite, type Subject } from './suite.js';

/** The detector with its contacts changed by `plant` after it wrote them. */
function planted(
  plant: (data: CollisionData, from: number, count: number) => number,
): HullCapsuleDetector {
  return (hull: ConvexHull, capsule: Capsule, data: CollisionData) => {
    const from = data.contactCount;
    return plant(data, from, collideConvexHullCapsule(hull, capsule, data));
  };
}

function failures(
  detector: HullCapsuleDetector,
  property: string,
  regime: string,
): [number, number] {
  const subject = hullCapsuleSubjects(detector)[0]! as Subject<unknown>;
  const result = runSuite([subject], { n: 80, seed: 5, regime });
  const cells = result.cells.filter((c) => c.property === property);
  return [cells.reduce((s, c) => s + c.checked, 0), cells.reduce((s, c) => s + c.failed, 0)];
}

describe('hull-capsule: a planted defect is caught', () => {
  it.each(
    [
      [
        'writes nothing',
        planted((data, from) => (data.contactCount = from, 0)),
        'contact-iff-overlap',
        'deep',
      ],
      [
        'a depth 10% short',
        planted((data, from, count) => {
          for (let i = from; i < from + count; i++) data.contacts[i]!.penetration *= 0.9;
          return count;
        }),
        'depth-frees',
        'deep',
      ],
      [
        'a point moved off the surfaces',
        planted((data, from, count) => {
          for (let i = from; i < from + count; i++) data.contacts[i]!.point[0]! += 1e-3;
          return count;
        }),
        'witness-on-surface',
        'along-face',
      ],
    ] as const,
  )('%s', (_name, detector, property, regime) => {
    const [checked, failed] = failures(detector, property, regime);
    expect(checked).toBeGreaterThan(0);
    expect(failed, `${property} missed the planted defect`).toBeGreaterThan(0);
    expect(failures(collideConvexHullCapsule, property, regime)[1]).toBe(0);
  }, 120_000);
});

describe('the oracle places a hull near 1e5 without cancelling its face normals (FINDINGS.md F126)', () => {
  it('passes the detector on a capsule touching a hull 7e4 from the origin', () => {
    // The 10^5 run's configuration: the witness lies on the hull within 1e-12, and the oracle's
    // Newell normals from world corners put it 6.6e-6 off.
    const config = {
      points: [
        [0.17815922365950498, 0.32714698678456344, -0.3762485113359065],
        [-0.29170804105591064, 0.359005909896718, 0.2575848940877848],
        [-0.48294848834084847, 0.11056424088533713, 0.18672200852176227],
        [-0.37999926107463916, -0.30439186964265225, -0.2080263288572901],
        [0.05960384663643377, 0.49944715330374395, 0.16531401859064934],
        [-0.19024770285376616, -0.04060700456163472, -0.4924283551533757],
        [-0.5197571336672924, 0.0830584974157585, 0.05729406800585357],
        [-0.2929117933539341, 0.33499375243843993, 0.28689836068032526],
        [-0.21975833650863538, -0.16632348065740984, -0.45207474551961446],
        [0.28588082224928324, -0.19108223456453133, 0.40260220730090607],
        [-0.31740910629524083, 0.37302966924598097, -0.20106995629072277],
        [0.5220733015762297, 0.03200987046094919, 0.08211965778077097],
        [-0.22007355298323183, 0.2512847052355405, 0.41079487632112305],
      ],
      hullPosition: [-60436.96605188878, -55622.05092409829, -48060.23368463527],
      hullQuaternion: [
        0.19693694304132414,
        -0.513547150667957,
        0.7544535361614075,
        -0.35816899123166507,
      ],
      radius: 0.17971833830684017,
      halfLength: 0.23324729063026273,
      position: [-60436.19235433352, -55622.3411708896, -48060.579651913424],
      quaternion: [-0.5331356178177197, 0, -0.7443823609050161, 0.40207127948610405],
    } as const;
    const subject = hullCapsuleSubjects()[0]!;
    const witness = subject.properties.find((p) => p.name === 'witness-on-surface')!;
    expect(witness.check(config as never)).toBeNull();
    // The same contact moved 1e-5 along its normal (both witnesses off their surfaces) is caught.
    const shifted = planted((data, from, count) => {
      for (let i = from; i < from + count; i++) {
        const c = data.contacts[i]!;
        for (let k = 0; k < 3; k++) c.point[k] = c.point[k]! + 1e-5 * c.normal[k]!;
      }
      return count;
    });
    const caught = hullCapsuleSubjects(shifted)[0]!.properties.find((p) =>
      p.name === 'witness-on-surface'
    )!;
    expect(caught.check(config as never)).toMatch(/witness on the hull/);
  });
});
