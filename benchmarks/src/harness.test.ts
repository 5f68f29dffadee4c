import * as b2 from '@box2d/core';
import * as collision2d from '@contactkit/collision2d';
import * as contacts3d from '@contactkit/contacts3d';
import * as planck from 'planck';
import SAT from 'sat';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Collision2d,
  type Detector2,
  box2d2,
  contactkit2,
  matter2,
  planck2,
  sat2,
} from './adapters2d.js';
import {
  type Detector3,
  cannon3,
  contactkit3,
  initRapier,
  oimo3,
  rapier3,
  rapierColliders3,
  toOurs as toOursShape,
} from './adapters3d.js';
import { crashcat3 } from './crashcat3.js';
import {
  contactkitFrames,
  FRAME_PAIRS,
  MIXED_PAIRS,
  mixedFrames,
  mixedPairsPerKind,
  rapierFrames,
  restingFrames,
} from './frame.js';
import { findExports } from './detectors.js';
import type { Implementation, Inspection } from './harness.js';
import {
  type BoxSpec,
  type CircleSpec,
  type HalfSpaceSpec,
  type Pair,
  type Pairs2,
  type Pairs3,
  type PolygonSpec,
  type SphereSpec,
  boxBoxPairs,
  boxCapsulePairs,
  boxHalfSpacePairs,
  boxSpherePairs,
  boxStackPairs,
  capsuleCapsulePairs,
  capsuleHalfSpacePairs,
  categories,
  circleCirclePairs,
  circlePolygonPairs,
  polygonPolygonPairs,
  sphereHalfSpacePairs,
  sphereSpherePairs,
} from './inputs.js';
import { Random } from '@contactkit/test-support';
import { axisAngleQ } from './space.js';
import { type Resting, heightAt, rowsTerrainSpec, terrain, terrainPairs } from './terrain.js';

const detectors3: Record<string, Detector3> = {};
let api2: Collision2d;
const detectors2: Record<string, Detector2> = {};

beforeAll(async () => {
  await initRapier();
  const found3 = findExports(contacts3d, [
    'collideSphereSphere',
    'collideBoxSphere',
    'collideSphereHalfSpace',
    'collideBoxHalfSpace',
    'collideBoxBox',
    'collideSphereTriangleMesh',
    'collideSphereHeightfield',
    'collideCapsuleTriangleMesh',
    'collideCapsuleHeightfield',
  ]);
  for (const [name, entry] of Object.entries(found3)) {
    if (entry.fn) detectors3[name] = entry.fn as Detector3;
  }
  const found2 = findExports(collision2d, [
    'Circle',
    'Polygon',
    'CollisionData2',
    'collideCircleCircle',
    'collideCirclePolygon',
    'collidePolygonPolygon',
  ]);
  api2 = {
    Circle: found2.Circle!.fn,
    Polygon: found2.Polygon!.fn,
    CollisionData2: found2.CollisionData2!.fn,
  } as unknown as Collision2d;
  for (const [name, entry] of Object.entries(found2)) {
    if (entry.fn && name.startsWith('collide')) detectors2[name] = entry.fn as Detector2;
  }
});

const IDENTITY: [number, number, number, number] = [0, 0, 0, 1];

/** A list of one overlapping pair. */
function one<A, B>(a: A, b: B): Pair<A, B>[] {
  return [{ category: 'overlapping', a, b }];
}

describe('seeded inputs', () => {
  it('are the same for the same seed and differ for another seed', () => {
    expect(boxBoxPairs(64, 7)).toEqual(boxBoxPairs(64, 7));
    expect(polygonPolygonPairs(64, 7)).toEqual(polygonPolygonPairs(64, 7));
    expect(boxBoxPairs(64, 7)).not.toEqual(boxBoxPairs(64, 8));
  });

  it('hold the stated mix exactly: 60% overlapping, 10% touching, 30% separated', () => {
    // 1024 * 0.6 = 614.4 -> 614; 1024 * 0.1 = 102.4 -> 102; the remaining 308 are separated.
    const list = categories(1024, new Random(1));
    const count = (category: string): number => list.filter((c) => c === category).length;
    expect([count('overlapping'), count('touching'), count('separated')]).toEqual([614, 102, 308]);
    for (const pairs of [sphereSpherePairs(1024, 3), circlePolygonPairs(1024, 3)]) {
      expect(pairs.filter((pair) => pair.category === 'touching').length).toBe(102);
    }
  });

  // The labels are built by construction (inputs.ts); an independent library confirms them.
  // Rapier computes in float32: "touching" allows 1e-5 at coordinates up to 10, 3e-4 for its
  // capsules against capsules and boxes (an iterative distance in float32: up to 1.6e-4 seen on
  // pairs our detectors put at 0 +- 5e-16; the overlaps are at least 1.6e-3 deep).
  it.each(
    [
      ['sphere-sphere', () => sphereSpherePairs(256, 11), 1e-5],
      ['box-sphere', () => boxSpherePairs(256, 12), 1e-5],
      ['sphere-half-space', () => sphereHalfSpacePairs(256, 13), 1e-5],
      ['box-half-space', () => boxHalfSpacePairs(256, 14), 1e-5],
      ['box-box', () => boxBoxPairs(256, 15), 1e-5],
      ['capsule-capsule', () => capsuleCapsulePairs(256, 16), 3e-4],
      ['capsule-box', () => boxCapsulePairs(256, 17), 3e-4],
      ['capsule-half-space', () => capsuleHalfSpacePairs(256, 18), 1e-5],
    ] as const,
  )('%s labels agree with Rapier', (_name, make, touching) => {
    const pairs: Pairs3 = make();
    const rapier = rapier3(pairs, 'check');
    pairs.forEach((pair, i) => {
      const { count, penetration } = rapier.inspect(i);
      const category = pair.category;
      if (category === 'overlapping') expect(penetration).toBeGreaterThan(touching);
      else if (category === 'touching') {
        expect(count === 0 || Math.abs(penetration) < touching).toBe(true);
      } else expect(count).toBe(0);
    });
  });

  it.each(
    [
      ['polygon-polygon', () => polygonPolygonPairs(256, 21), SAT.testPolygonPolygon, false],
      ['circle-polygon', () => circlePolygonPairs(256, 22), SAT.testPolygonCircle, true],
      ['circle-circle', () => circleCirclePairs(256, 23), SAT.testCircleCircle, false],
    ] as const,
  )('%s labels agree with SAT.js', (_name, make, test, swap) => {
    const pairs: Pairs2 = make();
    const sat = sat2(pairs, test, 'check', swap);
    pairs.forEach((pair, i) => {
      const { count, penetration } = sat.inspect(i);
      const category = pair.category;
      if (category === 'overlapping') expect(penetration).toBeGreaterThan(1e-9);
      else if (category === 'touching') {
        expect(count === 0 || Math.abs(penetration) < 1e-9).toBe(true);
      } else expect(count).toBe(0);
    });
  });
});

function expectContact(
  inspection: Inspection,
  penetration: number,
  normal: number[],
  digits: number,
): void {
  expect(inspection.count).toBeGreaterThan(0);
  expect(inspection.penetration).toBeCloseTo(penetration, digits);
  inspection.normal.forEach((value, axis) => expect(value).toBeCloseTo(normal[axis]!, digits));
}

const sphere = (radius: number, position: [number, number, number]): SphereSpec => ({
  kind: 'sphere',
  radius,
  position,
  quaternion: IDENTITY,
});
const box = (
  halfSize: [number, number, number],
  position: [number, number, number],
  quaternion = IDENTITY,
): BoxSpec => ({ kind: 'box', halfSize, position, quaternion });
const floor: HalfSpaceSpec = { kind: 'halfspace', normal: [0, 1, 0], offset: 0 };

describe('every adapter gives the same contact on hand-made 3D configurations', () => {
  const all = (
    name: string,
    pairs: Pairs3,
  ): Implementation[] => [
    contactkit3(pairs, detectors3[name]!, name),
    cannon3(pairs, 'check'),
    rapier3(pairs, 'check'),
    crashcat3(pairs, 'check'),
    rapierColliders3(pairs, 'check'),
  ];

  it('sphere-sphere: centres 1.3 apart, radii 1 and 0.5', () => {
    // |(1.2, 0.3, -0.4)| = sqrt(1.44 + 0.09 + 0.16) = 1.3; penetration 1.5 - 1.3 = 0.2;
    // normal from B toward A: -(1.2, 0.3, -0.4) / 1.3.
    const pairs = one(sphere(1, [0, 0, 0]), sphere(0.5, [1.2, 0.3, -0.4]));
    for (const implementation of all('collideSphereSphere', pairs)) {
      expectContact(implementation.inspect(0), 0.2, [-1.2 / 1.3, -0.3 / 1.3, 0.4 / 1.3], 6);
    }
  });

  it('box-sphere: sphere of radius 0.5 at height 0.9 over a box face at 0.5', () => {
    // Closest box point (0, 0.5, 0.2); distance 0.4; penetration 0.5 - 0.4 = 0.1; normal from the
    // sphere toward the box.
    const pairs = one(box([1, 0.5, 0.5], [0, 0, 0]), sphere(0.5, [0, 0.9, 0.2]));
    for (const implementation of all('collideBoxSphere', pairs)) {
      expectContact(implementation.inspect(0), 0.1, [0, -1, 0], 6);
    }
  });

  it('sphere-half-space: sphere of radius 1 at height 0.8', () => {
    const pairs = one(sphere(1, [0.3, 0.8, 0]), floor);
    for (const implementation of all('collideSphereHalfSpace', pairs)) {
      expectContact(implementation.inspect(0), 0.2, [0, 1, 0], 6);
    }
  });

  it('box-half-space: a unit cube sunk 0.05 gives four corners (one point from Rapier)', () => {
    const pairs = one(box([0.5, 0.5, 0.5], [0, 0.45, 0]), floor);
    const [ours, cannon, rapier, crashcat, colliders] = all('collideBoxHalfSpace', pairs).map((
      implementation,
    ) => implementation.inspect(0));
    for (const inspection of [ours!, cannon!, rapier!, crashcat!, colliders!]) {
      expectContact(inspection, 0.05, [0, 1, 0], 6);
    }
    expect(ours!.count).toBe(4);
    expect(cannon!.count).toBe(4);
    expect(rapier!.count).toBe(1);
    expect(crashcat!.count).toBe(1);
    expect(colliders!.count).toBe(1);
  });

  it('box-box: a cube turned 30 degrees resting 0.05 deep on a slab gives four points', () => {
    // The slab's top face is y = 0.5; the cube's bottom face is at 0.95 - 0.5 = 0.45, inside the
    // slab's face: four clipped corners of depth 0.05, normal from the cube (second) toward the
    // slab (first): -y.
    const turned = axisAngleQ([0, 1, 0], Math.PI / 6);
    const pairs = one(box([2, 0.5, 2], [0, 0, 0]), box([0.5, 0.5, 0.5], [0.3, 0.95, -0.2], turned));
    const [ours, cannon, rapier, crashcat, colliders, oimo] = [
      ...all('collideBoxBox', pairs),
      oimo3(pairs, 'check'),
    ].map((implementation) => implementation.inspect(0));
    for (const inspection of [ours!, cannon!, rapier!, crashcat!, colliders!, oimo!]) {
      expectContact(inspection, 0.05, [0, -1, 0], 6);
    }
    expect(ours!.count).toBe(4);
    expect(cannon!.count).toBe(4);
    expect(oimo!.count).toBe(4);
  });
});

const square = (half: number, position: [number, number], angle = 0): PolygonSpec => ({
  kind: 'polygon',
  points: [[-half, -half], [half, -half], [half, half], [-half, half]],
  position,
  angle,
});
const circle = (radius: number, position: [number, number]): CircleSpec => ({
  kind: 'circle',
  radius,
  position,
  angle: 0,
});

describe('every adapter gives the same contact on hand-made 2D configurations', () => {
  it('polygon-polygon: a small square 0.1 deep on a big one, two points', () => {
    // B's bottom edge at y = 1.4 - 0.5 = 0.9 under A's top edge y = 1: depth 0.1, normal from B
    // toward A: -y.
    const pairs = one(square(1, [0, 0]), square(0.5, [0.3, 1.4]));
    const ours = contactkit2(api2, pairs, detectors2.collidePolygonPolygon!, 'check').inspect(0);
    const planckInspection = planck2(pairs, planck.CollidePolygons, 'check', false).inspect(0);
    const sat = sat2(pairs, SAT.testPolygonPolygon, 'check', false).inspect(0);
    const box2d = box2d2(pairs, b2.b2CollidePolygons, 'check', false).inspect(0);
    // matter-js's supports: B's two bottom corners (0.3 +- 0.5, 0.9) lie inside A.
    const matter = matter2(pairs, 'check').inspect(0);
    for (const inspection of [ours, planckInspection, sat, box2d, matter]) {
      expectContact(inspection, 0.1, [0, -1], 9);
    }
    expect(ours.count).toBe(2);
    expect(planckInspection.count).toBe(2);
    expect(box2d.count).toBe(2);
    expect(matter.count).toBe(2);
  });

  it('circle-polygon: a circle of radius 0.5 at height 1.3 over a face at 1', () => {
    const pairs = one(circle(0.5, [0.2, 1.3]), square(1, [0, 0]));
    const implementations = [
      contactkit2(api2, pairs, detectors2.collideCirclePolygon!, 'check'),
      planck2(pairs, planck.CollidePolygonCircle, 'check', true),
      sat2(pairs, SAT.testPolygonCircle, 'check', true),
      box2d2(pairs, b2.b2CollidePolygonAndCircle, 'check', true),
    ];
    for (const implementation of implementations) {
      expectContact(implementation.inspect(0), 0.2, [0, 1], 9);
    }
  });

  it('circle-circle: unit circles 1.5 apart along (0.6, 0.8)', () => {
    // |(0.9, 1.2)| = 1.5; penetration 2 - 1.5 = 0.5; normal from B toward A: (-0.6, -0.8).
    const pairs = one(circle(1, [0, 0]), circle(1, [0.9, 1.2]));
    const implementations = [
      contactkit2(api2, pairs, detectors2.collideCircleCircle!, 'check'),
      planck2(pairs, planck.CollideCircles, 'check', false),
      sat2(pairs, SAT.testCircleCircle, 'check', false),
    ];
    for (const implementation of implementations) {
      expectContact(implementation.inspect(0), 0.5, [-0.6, -0.8], 9);
    }
  });
});

describe('ours against the peers over the seeded configurations', () => {
  it('sphere-sphere: as many contacts as cannon-es, penetration and normal within 1e-9 of it, 2e-6 of Rapier', () => {
    const pairs = sphereSpherePairs(256, 31);
    const ours = contactkit3(pairs, detectors3.collideSphereSphere!, 'check');
    const cannon = cannon3(pairs, 'check');
    const rapier = rapier3(pairs, 'check');
    pairs.forEach((_pair, i) => {
      const mine = ours.inspect(i),
        theirs = cannon.inspect(i),
        rapierInspection = rapier.inspect(i);
      if (pairs[i]!.category === 'touching') return; // either may round to a hair's gap
      expect(mine.count).toBe(theirs.count);
      if (mine.count === 0) return;
      expect(Math.abs(mine.penetration - theirs.penetration)).toBeLessThan(1e-9);
      expect(Math.abs(mine.penetration - rapierInspection.penetration)).toBeLessThan(2e-6);
      mine.normal.forEach((value, axis) =>
        expect(Math.abs(value - theirs.normal[axis]!)).toBeLessThan(1e-9)
      );
    });
  });

  it.each(
    [
      ['box-half-space', () => boxHalfSpacePairs(256, 32), 'collideBoxHalfSpace'],
      ['sphere-half-space', () => sphereHalfSpacePairs(256, 33), 'collideSphereHalfSpace'],
    ] as const,
  )(
    '%s: same count and depth as cannon-es (1e-9); depth and normal as Rapier (float32: 2e-6, 1e-5)',
    (_name, make, detector) => {
      const pairs: Pairs3 = make();
      const ours = contactkit3(pairs, detectors3[detector]!, 'check');
      const cannon = cannon3(pairs, 'check');
      const rapier = rapier3(pairs, 'check');
      pairs.forEach((pair, i) => {
        if (pair.category === 'touching') return;
        const mine = ours.inspect(i), theirs = cannon.inspect(i), single = rapier.inspect(i);
        expect(mine.count).toBe(theirs.count);
        if (mine.count === 0) return;
        expect(Math.abs(mine.penetration - theirs.penetration)).toBeLessThan(1e-9);
        expect(Math.abs(mine.penetration - single.penetration)).toBeLessThan(2e-6);
        mine.normal.forEach((value, axis) =>
          expect(Math.abs(value - single.normal[axis]!)).toBeLessThan(1e-5)
        );
      });
    },
  );

  it('box-sphere: depth and normal as Rapier (float32: 2e-6, 1e-5)', () => {
    const pairs = boxSpherePairs(256, 34);
    const ours = contactkit3(pairs, detectors3.collideBoxSphere!, 'check');
    const rapier = rapier3(pairs, 'check');
    pairs.forEach((pair, i) => {
      if (pair.category === 'touching') return;
      const mine = ours.inspect(i), single = rapier.inspect(i);
      expect(mine.count).toBe(single.count);
      if (mine.count === 0) return;
      expect(Math.abs(mine.penetration - single.penetration)).toBeLessThan(2e-6);
      mine.normal.forEach((value, axis) =>
        expect(Math.abs(value - single.normal[axis]!)).toBeLessThan(1e-5)
      );
    });
  });

  it("box-box: every overlap found; deepest point between Rapier's depth and 4% more", () => {
    // Rapier gives the least penetration over all axes; collideBoxBox prefers a face axis within
    // a 2% margin (contacts3d's box-box.ts), so its depth may exceed the least by up to 4%, never
    // fall below it.
    const pairs = boxBoxPairs(256, 35);
    const ours = contactkit3(pairs, detectors3.collideBoxBox!, 'check');
    const rapier = rapier3(pairs, 'check');
    pairs.forEach((pair, i) => {
      if (pair.category !== 'overlapping') return;
      const mine = ours.inspect(i), single = rapier.inspect(i);
      expect(mine.count).toBeGreaterThan(0);
      expect(mine.penetration).toBeGreaterThan(single.penetration - 2e-6);
      expect(mine.penetration).toBeLessThan(1.04 * single.penetration + 2e-6);
    });
  });

  it.each(
    [
      ['the overlapping mix', () => boxBoxPairs(256, 35), 0.08],
      ['the resting-contact mix', () => boxStackPairs(256, 36), 1e-4],
    ] as const,
  )(
    'box-box, %s: OimoPhysics finds every overlap, its normal within the tilt of ours, its ' +
      'deepest point at most ours + 0.1%',
    (_name, make, normalSlack) => {
      // Both clip a face; when they pick the other box's face as reference the depth is measured
      // along a normal turned by the tilt (up to 2 degrees: 1 - cos 2deg = 6e-4), hence 0.1%. Oimo
      // keeps 4 points of the manifold, not always the deepest, so its deepest may be shallower.
      // The normals differ by at most the tilt in the resting mix (1 - cos 0.5deg = 4e-5); in the
      // overlapping mix a random-orientation pair may be answered on another face (1 - cos = 0.08).
      const pairs: Pairs3 = make();
      const ours = contactkit3(pairs, detectors3.collideBoxBox!, 'check');
      const oimo = oimo3(pairs, 'check');
      pairs.forEach((pair, i) => {
        if (pair.category !== 'overlapping') return;
        const mine = ours.inspect(i), theirs = oimo.inspect(i);
        expect(mine.count).toBeGreaterThan(0);
        expect(theirs.count).toBeGreaterThan(0);
        expect(theirs.count).toBeLessThanOrEqual(4);
        expect(theirs.penetration).toBeLessThan(1.001 * mine.penetration + 1e-9);
        const cosine = mine.normal.reduce(
          (sum, value, axis) => sum + value * theirs.normal[axis]!,
          0,
        );
        expect(1 - cosine).toBeLessThan(normalSlack);
      });
    },
  );

  it('box-box resting mix: every pair overlaps by Rapier, shallowly, face on face', () => {
    const pairs = boxStackPairs(256, 36);
    const rapier = rapier3(pairs, 'check');
    pairs.forEach((pair, i) => {
      const single = rapier.inspect(i);
      expect(pair.category).toBe('overlapping');
      // The face centre is at most 2% of the smallest half size (0.6 at most) deep, 0.012; the
      // tilt lowers a corner at most 0.6 sqrt(2) from it by sin(0.5deg) more: 0.0074.
      expect(single.penetration).toBeGreaterThan(0);
      expect(single.penetration).toBeLessThan(
        0.012 + 0.6 * Math.SQRT2 * Math.sin((0.5 * Math.PI) / 180) + 2e-6,
      );
      // The contact normal is vertical within the 0.5 degree tilt.
      expect(Math.abs(single.normal[1]!)).toBeGreaterThan(Math.cos((0.5 * Math.PI) / 180) - 1e-6);
    });
  });

  it.each(
    [
      ['polygon-polygon', () => polygonPolygonPairs(256, 43)],
    ] as const,
  )(
    '%s: deepest penetration and normal equal to @box2d/core and matter-js within 1e-9',
    (_name, make) => {
      const pairs: Pairs2 = make();
      const ours = contactkit2(api2, pairs, detectors2.collidePolygonPolygon!, 'check');
      const peers = [box2d2(pairs, b2.b2CollidePolygons, 'check', false), matter2(pairs, 'check')];
      pairs.forEach((pair, i) => {
        if (pair.category !== 'overlapping') return;
        const mine = ours.inspect(i);
        for (const peer of peers) {
          const theirs = peer.inspect(i);
          expect(Math.abs(mine.penetration - theirs.penetration)).toBeLessThan(1e-9);
          mine.normal.forEach((value, axis) =>
            expect(Math.abs(value - theirs.normal[axis]!)).toBeLessThan(1e-9)
          );
        }
      });
    },
  );

  it('circle-polygon: deepest penetration and normal equal to @box2d/core within 1e-9', () => {
    const pairs = circlePolygonPairs(256, 42);
    const ours = contactkit2(api2, pairs, detectors2.collideCirclePolygon!, 'check');
    const peer = box2d2(pairs, b2.b2CollidePolygonAndCircle, 'check', true);
    pairs.forEach((pair, i) => {
      if (pair.category !== 'overlapping') return;
      const mine = ours.inspect(i), theirs = peer.inspect(i);
      expect(Math.abs(mine.penetration - theirs.penetration)).toBeLessThan(1e-9);
      mine.normal.forEach((value, axis) =>
        expect(Math.abs(value - theirs.normal[axis]!)).toBeLessThan(1e-9)
      );
    });
  });

  it.each(
    [
      [
        'circle-circle',
        () => circleCirclePairs(256, 41),
        'collideCircleCircle',
        planck.CollideCircles,
        false,
      ],
      [
        'circle-polygon',
        () => circlePolygonPairs(256, 42),
        'collideCirclePolygon',
        planck.CollidePolygonCircle,
        true,
      ],
      [
        'polygon-polygon',
        () => polygonPolygonPairs(256, 43),
        'collidePolygonPolygon',
        planck.CollidePolygons,
        false,
      ],
    ] as const,
  )(
    '%s: deepest penetration and normal equal to planck within 1e-9',
    (_name, make, detector, collide, swap) => {
      const pairs: Pairs2 = make();
      const ours = contactkit2(api2, pairs, detectors2[detector]!, 'check');
      const peer = planck2(pairs, collide, 'check', swap);
      pairs.forEach((pair, i) => {
        if (pair.category !== 'overlapping') return;
        const mine = ours.inspect(i), theirs = peer.inspect(i);
        expect(mine.count).toBeGreaterThan(0);
        expect(Math.abs(mine.penetration - theirs.penetration)).toBeLessThan(1e-9);
        mine.normal.forEach((value, axis) =>
          expect(Math.abs(value - theirs.normal[axis]!)).toBeLessThan(1e-9)
        );
      });
    },
  );
});

describe('terrain rows', () => {
  it("the grid's height, worked out from its triangles, is where our heightfield and mesh are hit by a ray", () => {
    const t = terrain(23);
    const field = toOursShape({ kind: 'heightfield', terrain: t });
    const mesh = toOursShape({ kind: 'trianglemesh', terrain: t });
    const hit = new contacts3d.RayHit();
    const random = new Random(41);
    for (let k = 0; k < 200; k++) {
      const x = random.range(0, 22), z = random.range(0, 22);
      for (const shape of [field, mesh]) {
        expect(contacts3d.raycast(shape, [x, 50, z], [0, -1, 0], 100, hit)).toBe(true);
        expect(Math.abs(hit.point[1]! - heightAt(t, x, z))).toBeLessThan(1e-12);
      }
    }
  });

  it.each(
    [
      ['sphere', 'trianglemesh'],
      ['sphere', 'heightfield'],
      ['capsule', 'trianglemesh'],
      ['capsule', 'heightfield'],
      ['box', 'trianglemesh'],
      ['box', 'heightfield'],
      ['hull', 'trianglemesh'],
      ['hull', 'heightfield'],
    ] as const,
  )('every %s placed on the %s overlaps it, by Rapier', (shape, target) => {
    // Rapier in float32 at coordinates up to 70: a placement 0 deep may read a few 1e-6 apart.
    const pairs = terrainPairs(shape, rowsTerrainSpec(target), 48, 51);
    const rapier = rapierColliders3(pairs, 'check');
    pairs.forEach((_pair, i) => {
      const { count, penetration } = rapier.inspect(i);
      expect(count).toBe(1);
      expect(penetration).toBeGreaterThan(-2e-5);
    });
  });

  const detectorOf = (shape: Resting, target: string): Detector3 =>
    detectors3[
      `collide${shape === 'sphere' ? 'Sphere' : 'Capsule'}${
        target === 'trianglemesh' ? 'TriangleMesh' : 'Heightfield'
      }`
    ]!;

  it.each(
    [
      ['sphere', 'trianglemesh'],
      ['sphere', 'heightfield'],
      ['capsule', 'trianglemesh'],
      ['capsule', 'heightfield'],
    ] as const,
  )("%s on the %s: ours has every peer's deepest depth and normal", (shape, target) => {
    const pairs = terrainPairs(shape, rowsTerrainSpec(target), 48, 52);
    const ours = contactkit3(pairs, detectorOf(shape, target), 'check');
    /**
     * A peer, the depth tolerance, whether its normal must agree too (within 10 times that), and
     * the share of placements that must agree.
     */
    type Check = [Implementation, number, boolean, number];
    // Rapier in float32 (0.01 degree in a capsule's normal from its iterative distance).
    const peers: Check[] = [[rapierColliders3(pairs, 'check'), 1e-4, true, 1]];
    if (target === 'trianglemesh') {
      // crashcat: a capsule through GJK and EPA (tolerance 1e-4), its normal on a shared edge by
      // its own active-edge rule, not the cone rule of ours.
      peers.push([crashcat3(pairs, 'check'), 1e-3, shape === 'sphere', 1]);
    }
    if (shape === 'sphere') {
      // cannon-es keeps a Trimesh's vertices in float32; against its Heightfield (convex pillars
      // per triangle) it misses the deepest triangle in about 2% of the placements (6 of 256
      // seen, always shallower), so 90% must agree.
      peers.push([cannon3(pairs, 'check'), 1e-6, true, target === 'trianglemesh' ? 1 : 0.9]);
    }
    const agreed = peers.map(() => 0);
    pairs.forEach((_pair, i) => {
      const mine = ours.inspect(i);
      expect(mine.count).toBeGreaterThan(0);
      peers.forEach(([peer, tolerance, normal], k) => {
        const theirs = peer.inspect(i);
        const depth = Math.abs(mine.penetration - theirs.penetration) < tolerance;
        const direction = !normal ||
          mine.normal.every((value, axis) =>
            Math.abs(value - theirs.normal[axis]!) < 10 * tolerance
          );
        if (depth && direction) agreed[k]!++;
      });
    });
    peers.forEach(([, , , share], k) => {
      expect(agreed[k]!).toBeGreaterThanOrEqual(Math.ceil(share * pairs.length));
    });
  }, 60_000);
});

describe('frame row', () => {
  it("Rapier's colliders posed before each call give contactShape's depth and normal", () => {
    const frames = restingFrames(110).slice(0, 128);
    const colliders = rapierFrames(frames, FRAME_PAIRS, 'check');
    const shapes = rapier3(frames, 'check');
    frames.forEach((_pair, i) => {
      const posed = colliders.inspect(i), passed = shapes.inspect(i);
      expect(posed.count).toBe(1);
      expect(passed.count).toBe(1);
      expect(Math.abs(posed.penetration - passed.penetration)).toBeLessThan(1e-6);
      posed.normal.forEach((value, axis) =>
        expect(Math.abs(value - passed.normal[axis]!)).toBeLessThan(1e-5)
      );
    });
  });

  it('the mixed scene: the separating-axis cache changes no answer, Rapier finds the same pairs touching', () => {
    const n = mixedPairsPerKind(5);
    const kinds: Pairs3[] = [
      sphereSpherePairs(n, 1),
      boxHalfSpacePairs(n, 2),
      boxBoxPairs(n, 3),
      capsuleCapsulePairs(n, 4),
      boxCapsulePairs(n, 5),
    ];
    const frames = mixedFrames(kinds, 6).slice(0, 2 * MIXED_PAIRS);
    // Every kind in turn: pair k is kind k % 5.
    frames.slice(0, 10).forEach((pair, k) => expect(pair.a.kind).toBe(kinds[k % 5]![0]!.a.kind));
    const plain = contactkitFrames(frames, MIXED_PAIRS, contacts3d.collide, 'none', 'check');
    const cached = contactkitFrames(frames, MIXED_PAIRS, contacts3d.collide, 'axis', 'check');
    const rapier = rapierFrames(frames, MIXED_PAIRS, 'check');
    let touching = 0, agreed = 0;
    frames.forEach((_pair, i) => {
      const mine = plain.inspect(i);
      expect(cached.inspect(i)).toEqual(mine);
      const theirs = rapier.inspect(i);
      if (mine.count > 0) touching++;
      // Rapier (f32) and we agree on which pairs overlap, but for pairs within its round-off.
      if ((mine.count > 0) === (theirs.count > 0 && theirs.penetration >= 0)) agreed++;
    });
    expect(touching).toBeGreaterThan(frames.length / 3);
    expect(agreed).toBeGreaterThan(0.95 * frames.length);
  });
});
