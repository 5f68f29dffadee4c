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
