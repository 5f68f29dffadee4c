import { describe, it, expect } from 'vitest';
import { ContactKind } from '@contactkit/math';
import { SCENES, findScene, sceneContacts, sceneResult } from './scenes.js';
import { createScene3 } from './scenes3d.js';

function expectVector(actual: readonly number[], expected: readonly number[], digits = 12): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, digits));
}

describe('scene catalogue', () => {
  it('has the nine 3D pairs and the four 2D cases, ids unique', () => {
    expect(SCENES.map((s) => s.id)).toEqual([
      'sphere-sphere', 'sphere-half-space', 'sphere-plane', 'sphere-box', 'box-half-space', 'box-plane',
      'box-box-face', 'box-box-edge', 'box-box-vertex',
      'circle-concave', 'polygons-convex', 'polygons-concave', 'segments',
    ]);
    expect(findScene('nope')).toBeUndefined();
  });

  it('every scene starts in contact and its scripted motion parts the shapes at half the period (3 s)', () => {
    for (const { id } of SCENES) {
      expect(sceneContacts(id).length, id).toBeGreaterThan(0);
      expect(sceneContacts(id, undefined, 3), id).toEqual([]);
      // Back where it started after a whole period.
      expect(sceneContacts(id, undefined, 6).length, id).toBe(sceneContacts(id).length);
    }
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
    // Centre y = -0.4, radius 0.6: the top is at 0.2 above the plane, penetration 0.2 with the normal -y.
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

  it('box-box-edge: one EdgeEdge contact where the crossed edges meet', () => {
    // Lower edge top at sqrt(2)/2, upper edge bottom at sqrt(2) - 0.05 - sqrt(2)/2: midpoint sqrt(2)/2 - 0.025.
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
    expectVector(contacts[0]!.point, [scene.firstStart.position[0], 0.475, scene.firstStart.position[2]], 9);
  });
});

describe('2D scenes', () => {
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
    expectVector(minimumTranslation!.translation, minimumTranslation!.normal.map((v) => v * minimumTranslation!.depth));
  });

  it('segments: each intersection lies on two of the segments', () => {
    const { intersections } = sceneResult('segments');
    const segments = [[[-2, -1], [2, 1.2]], [[-1.8, 1], [1.5, -1.4]], [[-1.4, -1.6], [-0.5, 1.7]], [[1.0, -1.5], [2.2, 1.5]]];
    const onSegment = (p: number[], [a, b]: number[][]): boolean => {
      const cross = (b![0]! - a![0]!) * (p[1]! - a![1]!) - (b![1]! - a![1]!) * (p[0]! - a![0]!);
      const t = ((p[0]! - a![0]!) * (b![0]! - a![0]!) + (p[1]! - a![1]!) * (b![1]! - a![1]!)) / ((b![0]! - a![0]!) ** 2 + (b![1]! - a![1]!) ** 2);
      return Math.abs(cross) < 1e-9 && t >= -1e-12 && t <= 1 + 1e-12;
    };
    // By hand: 1 crosses 2 and 3, 2 crosses 3 and 4; 1 and 4 miss (at x = 2, 1 is at y = 1.2, 4 at 1.0), 3 and 4 are apart.
    expect(intersections).toHaveLength(4);
    for (const p of intersections) expect(segments.filter((s) => onSegment(p, s))).toHaveLength(2);
  });
});
