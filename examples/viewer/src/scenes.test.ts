import { describe, it, expect } from 'vitest';
import { ContactKind } from '@contactkit/math';
import { Polygon, firstFeatureOf, secondFeatureOf } from '@contactkit/collision2d';
import { SCENES, findScene, sceneContacts, sceneResult } from './scenes.js';
import { createScene3 } from './scenes3d.js';
import { createScene2, worldVertices } from './scenes2d.js';
import { contactFeatures2 } from './features.js';

function expectVector(actual: readonly number[], expected: readonly number[], digits = 12): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, digits));
}

describe('scene catalogue', () => {
  it('has the 3D pairs, every 2D detector and every 2D test, ids unique', () => {
    expect(SCENES.map((s) => s.id)).toEqual([
      'sphere-sphere',
      'sphere-half-space',
      'sphere-plane',
      'sphere-box',
      'box-half-space',
      'box-plane',
      'box-box-face',
      'box-box-edge',
      'box-box-vertex',
      'capsule-capsule',
      'capsule-box',
      'capsule-box-face',
      'capsule-sphere',
      'capsule-half-space',
      'hull-hull',
      'hull-box',
      'hull-sphere',
      'hull-half-space',
      'sphere-mesh',
      'sphere-heightfield',
      'capsule-mesh',
      'capsule-heightfield',
      'box-mesh',
      'box-heightfield',
      'hull-mesh',
      'hull-heightfield',
      'circle-circle',
      'circle-polygon',
      'circle-chain',
      'circle-concave',
      'polygons-convex',
      'polygons-concave',
      'polygon-chain',
      'segments',
      'segment-pair',
      'circle-line',
      'rectangles',
      'rectangle-circle',
      'point-in-polygon',
      'sat-axes',
      'circle-capsule2',
      'capsule2-capsule2',
      'capsule2-polygon',
      'capsule2-chain',
      'tile-floor',
      'raycast',
      'rounded-polygons',
    ]);
    expect(new Set(SCENES.map((s) => s.id)).size).toBe(SCENES.length);
    expect(findScene('nope')).toBeUndefined();
  });

  it('a detector scene starts in contact; its motion parts the shapes at half period', () => {
    for (const { id } of SCENES) {
      // No detector: two segments, one polygon, a ray.
      if (id === 'segment-pair' || id === 'point-in-polygon' || id === 'raycast') continue;
      // The boxes slide along the floors, in contact all the way (tile-floor's own tests).
      if (id === 'tile-floor') continue;
      expect(sceneContacts(id).length, id).toBeGreaterThan(0);
      expect(sceneContacts(id, undefined, 3), id).toEqual([]);
      // Back where it started after a whole period.
      expect(sceneContacts(id, undefined, 6).length, id).toBe(sceneContacts(id).length);
    }
  });

  it('a test scene says yes at the start, no at half period (segment-pair: still yes)', () => {
    const answer = (id: Parameters<typeof sceneResult>[0], t: number | null): unknown => {
      const probe = sceneResult(id, undefined, t).probe!;
      return probe['crossing'] ?? probe['hit'] ?? probe['overlapping'] ?? probe['inside'];
    };
    for (
      const id of [
        'circle-line',
        'rectangles',
        'rectangle-circle',
        'point-in-polygon',
        'sat-axes',
        'raycast',
      ] as const
    ) {
      expect(answer(id, null), id).toBe(true);
      expect(answer(id, 3), id).toBe(false);
    }
    expect(answer('segment-pair', null)).toBe(true);
  });
});

describe('3D scenes give the contacts worked out by hand', () => {
  it('sphere-sphere: one contact on the line of centres', () => {
    // Centres (-0.5, 0.3, 0) and (0.4, 0, 0): d = (-0.9, 0.3, 0), |d| = sqrt(0.9) = 0.948683...
    // normal = d / |d|, penetration = 0.6 + 0.5 - |d|; the point is halfway between the witness
    // points c2 + n * 0.5 and c1 - n * 0.6.
    const length = Math.sqrt(0.9);
    const n = [-0.9 / length, 0.3 / length, 0];
    const [c] = sceneContacts('sphere-sphere');
    expect(c!.kind).toBe(ContactKind.FaceFace);
    expect(c!.penetration).toBeCloseTo(1.1 - length, 12);
    expectVector(c!.normal, n);
    // Midpoint: (c1 + c2) / 2 + n * (0.5 - 0.6) / 2 = (-0.05, 0.15, 0) - 0.05 n.
    const mid = [-0.05, 0.15, 0];
    expectVector(c!.point, mid.map((v, i) => v - 0.05 * n[i]!));
  });

  it('sphere-half-space: 0.15 deep, point halfway between the sphere bottom (-0.15) and the surface', () => {
    const [c] = sceneContacts('sphere-half-space');
    expect(c!.penetration).toBeCloseTo(0.15, 12);
    expectVector(c!.normal, [0, 1, 0]);
    expectVector(c!.point, [0, -0.075, 0]);
  });

  it('sphere-plane: from below, the normal points down', () => {
    // Centre y = -0.4, radius 0.6: the top is at 0.2 above the plane, penetration 0.2 with the
    // normal -y.
    const [c] = sceneContacts('sphere-plane');
    expect(c!.penetration).toBeCloseTo(0.2, 12);
    expectVector(c!.normal, [0, -1, 0]);
    expectVector(c!.point, [0, 0.1, 0]);
  });

  it('box-box-face: the octagon, 8 points 0.1 deep at mid-depth y = 0.45', () => {
    // The 45-degree square and the axis-aligned square (half side 0.5) cross at points whose
    // |coordinates| are 0.5 and sqrt(2)/2 - 0.5 (the regular octagon of the two squares).
    const contacts = sceneContacts('box-box-face');
    expect(contacts).toHaveLength(8);
    const small = Math.SQRT1_2 - 0.5;
    for (const c of contacts) {
      expect(c.penetration).toBeCloseTo(0.1, 9);
      expectVector(c.normal, [0, 1, 0], 9);
      expect(c.point[1]).toBeCloseTo(0.45, 9);
      const corner = [Math.abs(c.point[0]!), Math.abs(c.point[2]!)].sort();
      expectVector(corner, [small, 0.5], 9);
    }
    expect(new Set(contacts.map((c) => c.featureId)).size).toBe(8);
    // maxContactsPerPair 4 keeps four of them.
    expect(sceneContacts('box-box-face', { tolerance: 0, maxContactsPerPair: 4 })).toHaveLength(4);
  });

  it('sphere-box: FaceFace on the top face, the box code (face +y, 34) first', () => {
    // Box half height 0.4 at the origin, sphere radius 0.45 at y = 0.75: 0.1 deep.
    const [c] = sceneContacts('sphere-box');
    expect(c!.kind).toBe(ContactKind.FaceFace);
    expect(c!.penetration).toBeCloseTo(0.1, 12);
    expect(firstFeatureOf(c!.featureId)).toBe(34);
    expect(secondFeatureOf(c!.featureId)).toBe(0);
  });

  it('box-box-edge: one EdgeEdge contact where the crossed edges meet', () => {
    // Lower edge top at sqrt(2)/2, upper edge bottom at sqrt(2) - 0.05 - sqrt(2)/2: midpoint
    // sqrt(2)/2 - 0.025.
    const contacts = sceneContacts('box-box-edge');
    expect(contacts).toHaveLength(1);
    expect(contacts[0]!.kind).toBe(ContactKind.EdgeEdge);
    expect(contacts[0]!.penetration).toBeCloseTo(0.05, 9);
    expectVector(contacts[0]!.point, [0, Math.SQRT1_2 - 0.025, 0], 9);
  });

  it('box-box-vertex: the corner stands straight down on the top face', () => {
    const scene = createScene3('box-box-vertex');
    // The lowest vertex of the turned cube is sqrt(3)/2 below its centre, straight down.
    const contacts = sceneContacts('box-box-vertex');
    expect(contacts).toHaveLength(1);
    expect(contacts[0]!.kind).toBe(ContactKind.PointFace);
    expect(contacts[0]!.penetration).toBeCloseTo(0.05, 9);
    expectVector(contacts[0]!.point, [
      scene.firstStart.position[0],
      0.475,
      scene.firstStart.position[2],
    ], 9);
  });
});

describe('2D scenes', () => {
  it('circle-circle: centres 1.25 apart, radii 0.6 + 0.8: 0.15 deep along (-0.96, 0.28)', () => {
    // d = (-0.6, 0.25) - (0.6, -0.1) = (-1.2, 0.35), |d| = sqrt(1.5625) = 1.25.
    const [c, more] = sceneContacts('circle-circle');
    expect(more).toBeUndefined();
    expect(c!.kind).toBe(ContactKind.FaceFace);
    expect(c!.penetration).toBeCloseTo(0.15, 12);
    expectVector(c!.normal, [-0.96, 0.28]);
    // Halfway between the witnesses: second centre + n * 0.8 and first centre - n * 0.6.
    expectVector(c!.point, [
      0.6 - 0.96 * 0.8 + (0.15 / 2) * 0.96,
      -0.1 + 0.28 * 0.8 - (0.15 / 2) * 0.28,
    ]);
  });

  it('circle-polygon: the PointFace contact names the pentagon vertex nearest the centre', () => {
    const scene = createScene2('circle-polygon');
    const [c] = sceneContacts('circle-polygon');
    expect(c!.kind).toBe(ContactKind.PointFace);
    const [circleFeature, polygonFeature] = contactFeatures2(scene.shapes, 0, 1, c!.featureId);
    expect(circleFeature.kind).toBe('surface');
    expect(polygonFeature.kind).toBe('vertex');
    const vertices = worldVertices(scene.shapes[1] as Polygon);
    const distances = [0, 1, 2, 3, 4].map((i) =>
      Math.hypot(vertices[2 * i]! - 0.15, vertices[2 * i + 1]! - 1.25)
    );
    expect(polygonFeature.index).toBe(distances.indexOf(Math.min(...distances)));
    // Depth: radius minus the distance to that vertex.
    expect(c!.penetration).toBeCloseTo(0.5 - Math.min(...distances), 12);
  });

  it('circle-chain: one contact per valley segment, radius minus distance deep', () => {
    // The valley vertex (0.9, -0.5) of the zig-zag, shifted by (0, -0.3); its segments come from
    // (0, 0) and go to (2.4, 0.1).
    const centre = [0.95, -0.3];
    const lineDistance = (a: number[], b: number[]): number =>
      Math.abs((b[0]! - a[0]!) * (centre[1]! - a[1]!) - (b[1]! - a[1]!) * (centre[0]! - a[0]!)) /
      Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!);
    const expected = [
      0.45 - lineDistance([0, 0], [0.9, -0.8]),
      0.45 - lineDistance([0.9, -0.8], [2.4, 0.1]),
    ].sort();
    const contacts = sceneContacts('circle-chain');
    expect(contacts).toHaveLength(2);
    contacts.map((c) => c.penetration).sort().forEach((p, i) =>
      expect(p).toBeCloseTo(expected[i]!, 12)
    );
  });

  it('segment-pair: both segments pass through (-0.1, -0.05) at their midpoints: ua = ub = 0.5', () => {
    const { probe } = sceneResult('segment-pair');
    expect(probe!['crossing']).toBe(true);
    expect(probe!['ua']).toBeCloseTo(0.5, 12);
    expect(probe!['ub']).toBeCloseTo(0.5, 12);
  });

  it('circle-line: t1 and t2 are the roots of |o + t d - c|^2 = r^2, solved by the quadratic formula', () => {
    const o = [-1.3, -0.4], d = [2.2, 0.9], c = [0.2, 0.25], r = 0.7;
    const w = [o[0]! - c[0]!, o[1]! - c[1]!];
    const qa = d[0]! ** 2 + d[1]! ** 2,
      qb = 2 * (w[0]! * d[0]! + w[1]! * d[1]!),
      qc = w[0]! ** 2 + w[1]! ** 2 - r * r;
    const root = Math.sqrt(qb * qb - 4 * qa * qc);
    const { probe } = sceneResult('circle-line');
    expect(probe!['hit']).toBe(true);
    expect(probe!['t1']).toBeCloseTo((-qb - root) / (2 * qa), 12);
    expect(probe!['t2']).toBeCloseTo((-qb + root) / (2 * qa), 12);
  });

  it('rectangle-circle: nearest the corner (0.9, 0.55), side 1 (lower index of the tie)', () => {
    const { probe } = sceneResult('rectangle-circle');
    expect(probe).toEqual({
      overlapping: true,
      side: 1,
      inside: false,
      distance: expect.closeTo(Math.hypot(0.35, 0.25), 12),
    });
  });

  it('point-in-polygon: inside the C at the start, outside in its mouth, with the winding number', () => {
    expect(sceneResult('point-in-polygon').probe).toEqual({ inside: true, winding: 1 });
    expect(sceneResult('point-in-polygon', undefined, null, { point: [0.5, 0], choice: -1 }).probe)
      .toEqual({ inside: false, winding: 0 });
  });

  it('sat-axes: the least edge-axis overlap is the SAT and contact depth; an axis shows', () => {
    const { probe, contacts, minimumTranslation } = sceneResult('sat-axes');
    const depths = probe!['depths'] as number[];
    expect(depths).toHaveLength(9); // 5 edges of the pentagon, 4 of the box
    expect(Math.min(...depths)).toBeCloseTo(minimumTranslation!.depth, 12);
    expect(contacts[0]!.penetration).toBeCloseTo(minimumTranslation!.depth, 9);
    expect(probe!['chosen']).toBe(probe!['minimum']);
    expect(sceneResult('sat-axes', undefined, null, { point: [0, 0], choice: 2 }).probe!['chosen'])
      .toBe(2);
  });

  it('circle-concave: two contacts in the corner, one per wall', () => {
    const contacts = sceneContacts('circle-concave');
    expect(contacts).toHaveLength(2);
    const normals = contacts.map((c) => c.normal.map((v) => Math.round(v * 1e9) / 1e9)).sort();
    // The wall pushes the circle left (-1, 0), the floor up (0, 1); both 0.05 deep.
    expect(normals).toEqual([[-1, 0], [0, 1]]);
    for (const c of contacts) expect(c.penetration).toBeCloseTo(0.05, 12);
  });

  it('polygons-convex: the minimum translation is the deepest contact along the shared normal', () => {
    const { contacts, minimumTranslation } = sceneResult('polygons-convex');
    expect(minimumTranslation!.overlapping).toBe(true);
    const deepest = Math.max(...contacts.map((c) => c.penetration));
    expect(minimumTranslation!.depth).toBeCloseTo(deepest, 9);
    for (const c of contacts) expectVector(c.normal, minimumTranslation!.normal, 9);
    expectVector(
      minimumTranslation!.translation,
      minimumTranslation!.normal.map((v) => v * minimumTranslation!.depth),
    );
  });

  it('segments: each intersection lies on two of the segments', () => {
    const { intersections } = sceneResult('segments');
    const segments = [[[-2, -1], [2, 1.2]], [[-1.8, 1], [1.5, -1.4]], [[-1.4, -1.6], [-0.5, 1.7]], [
      [1.0, -1.5],
      [2.2, 1.5],
    ]];
    const onSegment = (p: number[], [a, b]: number[][]): boolean => {
      const cross = (b![0]! - a![0]!) * (p[1]! - a![1]!) - (b![1]! - a![1]!) * (p[0]! - a![0]!);
      const t = ((p[0]! - a![0]!) * (b![0]! - a![0]!) + (p[1]! - a![1]!) * (b![1]! - a![1]!)) /
        ((b![0]! - a![0]!) ** 2 + (b![1]! - a![1]!) ** 2);
      return Math.abs(cross) < 1e-9 && t >= -1e-12 && t <= 1 + 1e-12;
    };
    // By hand: 1 crosses 2 and 3, 2 crosses 3 and 4; 1 and 4 miss (at x = 2, 1 is at y = 1.2, 4 at
    // 1.0), 3 and 4 are apart.
    expect(intersections).toHaveLength(4);
    for (const p of intersections) expect(segments.filter((s) => onSegment(p, s))).toHaveLength(2);
  });
});
