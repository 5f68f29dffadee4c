/**
 * The capsule-outline subjects, `overlap2d` and the `chain-cone` property can fail: a defect
 * planted in a wrapper around the real function is caught by the property it breaks, while the
 * real function passes the same run (known defects aside).
 */
import {
  type AnyShape2,
  collideCapsule2Polygon,
  collideCircleChain,
  CollisionData2,
} from '@contactkit/collision2d';
import { describe, expect, it } from 'vitest';
import { capsuleOutlineSubject, type Collide2Any, overlap2dSubject } from './capsule-outlines2d.js';
import { detectorSubject2 } from './detectors2d.js';
import { KNOWN_DEFECTS } from './known.js';
import { runSuite, type Subject } from './suite.js';

interface Written {
  point: number[];
  normal: number[];
  penetration: number;
  kind: number;
  featureId: number;
}

/** `collide` into a scratch buffer, the contacts changed by `plant`, then written into `data`. */
function wrap(collide: Collide2Any, plant: (contacts: Written[]) => Written[]): Collide2Any {
  const scratch = new CollisionData2({ capacity: 64 });
  return (a: AnyShape2, b: AnyShape2, data: CollisionData2) => {
    scratch.reset();
    scratch.tolerance = data.tolerance;
    collide(a, b, scratch);
    const contacts = plant(
      scratch.contacts.slice(0, scratch.contactCount).map((c) => ({
        point: [...c.point],
        normal: [...c.normal],
        penetration: c.penetration,
        kind: c.kind,
        featureId: c.featureId,
      })),
    );
    for (const c of contacts) {
      const out = data.contacts[data.contactCount++]!;
      out.point.set(c.point);
      out.normal.set(c.normal);
      out.penetration = c.penetration;
      out.kind = c.kind as typeof out.kind;
      out.featureId = c.featureId;
    }
    return contacts.length;
  };
}

/** The planted subject fails `property`; the real one passes it outside the known list. */
function expectCaught(
  planted: Subject<unknown>,
  real: Subject<unknown>,
  property: string,
  regime: string,
  n = 100,
): void {
  const options = { n, seed: 3, regime };
  const caught = runSuite([planted], options).cells.filter((c) => c.property === property);
  expect(caught.reduce((s, c) => s + c.checked, 0), `${property} not checked`).toBeGreaterThan(0);
  expect(caught.reduce((s, c) => s + c.failed, 0), `${property} missed the defect`)
    .toBeGreaterThan(0);
  const control = runSuite([real], options, KNOWN_DEFECTS).cells.filter((c) =>
    c.property === property && !c.known
  );
  expect(control.reduce((s, c) => s + c.failed, 0), `the real function fails ${property}`).toBe(0);
}

const capsulePolygon = (collide: Collide2Any) =>
  capsuleOutlineSubject('collideCapsule2Polygon', collide, 'polygon') as Subject<unknown>;
const realCapsulePolygon = capsulePolygon(collideCapsule2Polygon as never);

describe('a planted defect in the capsule-outline, overlap2d and chain-cone properties is caught', {
  timeout: 120_000,
}, () => {
  const planted = (plant: (contacts: Written[]) => Written[]) =>
    capsulePolygon(wrap(collideCapsule2Polygon as never, plant));

  it('capsule-polygon: a detector that throws', () => {
    const throwing: Collide2Any = () => {
      throw new Error('planted');
    };
    expectCaught(capsulePolygon(throwing), realCapsulePolygon, 'no-exception', 'unit', 20);
  });

  it('capsule-polygon: a normal of length 2 is not finite output', () => {
    const long = planted((list) => list.map((c) => ({ ...c, normal: c.normal.map((x) => 2 * x) })));
    expectCaught(long, realCapsulePolygon, 'finite', 'unit');
  });

  it('capsule-polygon: every contact under one id', () => {
    // On convex polygons (long-thin boxes), where the real detector's ids are distinct.
    const same = planted((list) => list.map((c) => ({ ...c, featureId: 7 })));
    expectCaught(same, realCapsulePolygon, 'ids-distinct', 'long-thin');
  });

  it('capsule-polygon: no contacts', () => {
    expectCaught(planted(() => []), realCapsulePolygon, 'contact-iff-overlap', 'deep');
  });

  it('capsule-polygon: a depth 10% short misstates the depth and does not free the pair', () => {
    const short = planted((list) => list.map((c) => ({ ...c, penetration: 0.9 * c.penetration })));
    expectCaught(short, realCapsulePolygon, 'depth', 'unit');
    expectCaught(short, realCapsulePolygon, 'depth-frees', 'long-thin');
  });

  it('capsule-polygon: a point moved off the outlines', () => {
    const moved = planted((list) =>
      list.map((c) => ({ ...c, point: [c.point[0]! + 1e-3, c.point[1]!] }))
    );
    expectCaught(moved, realCapsulePolygon, 'witness-on-outline', 'unit');
  });

  it('capsule-polygon: a point moved by 1e-6 in one argument order only', () => {
    const moved = planted((list) =>
      list.map((c) => ({ ...c, point: [c.point[0]! + 1e-6, c.point[1]!] }))
    );
    expectCaught(moved, realCapsulePolygon, 'mirror', 'unit');
  });

  it('circle-chain: normals turned by 0.2 rad about the chain witness leave their cones', () => {
    // The witness on the chain (second shape: point + normal * depth / 2) stays where it was.
    const turn = (list: Written[]) =>
      list.map((c) => {
        const h = c.penetration / 2, cos = Math.cos(0.2), sin = Math.sin(0.2);
        const on = [c.point[0]! + c.normal[0]! * h, c.point[1]! + c.normal[1]! * h];
        const n = [
          cos * c.normal[0]! - sin * c.normal[1]!,
          sin * c.normal[0]! + cos * c.normal[1]!,
        ];
        return { ...c, normal: n, point: [on[0]! - n[0]! * h, on[1]! - n[1]! * h] };
      });
    const subject = (collide: Collide2Any) =>
      detectorSubject2({
        name: 'collideCircleChain',
        kinds: ['circle', 'chain'],
        collide,
        minimal: false,
      }) as Subject<unknown>;
    expectCaught(
      subject(wrap(collideCircleChain as never, turn)),
      subject(collideCircleChain as never),
      'chain-cone',
      'deep',
    );
  });

  it('overlap2d: always true, always false', () => {
    const real = overlap2dSubject() as Subject<unknown>;
    expectCaught(
      overlap2dSubject(() => true) as Subject<unknown>,
      real,
      'overlap-agrees-with-oracle',
      'unit',
    );
    expectCaught(
      overlap2dSubject(() => false) as Subject<unknown>,
      real,
      'overlap-agrees-with-detector',
      'deep',
    );
  });
});
