/**
 * FINDINGS.md F11: a capsule lying across a mesh or heightfield face, its core longer than the
 * triangle, rests on two points, the ends of its core clipped to the triangle's prism; DESIGN.md
 * says a feature id names the pair of features in touch, so the two must have two ids. Each
 * clipped end is named by the edge whose wall clipped it (its witness lies on that edge), with
 * the face's normal. Worked out by hand: a floor triangle (0, 0, 0), (0, 0, 2), (2, 0, 0), front
 * up, and a capsule of radius 0.1 along x at z = 0.5, 0.01 deep: its core crosses the triangle
 * from x = 0 (edge 0, from the origin to (0, 0, 2)) to x = 1.5 (edge 1, the hypotenuse).
 */
import { secondFeatureOf } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import { Heightfield } from './heightfield.js';
import { meshEdgeFeature } from './mesh-triangle.js';
import { TriangleMesh } from './triangle-mesh.js';

const ALONG_X: [number, number, number, number] = [0, 0, Math.SQRT1_2, Math.SQRT1_2];

describe('test_f11: the two ends of a capsule clipped to a face have two ids (FINDINGS.md F11)', () => {
  for (const s of [1e-3, 1, 1e3]) {
    it(`test_f11_capsule_across_a_mesh_triangle (scale ${s})`, () => {
      const floor = new TriangleMesh([0, 0, 0, 0, 0, 2, 2, 0, 0].map((x) => x * s), [0, 1, 2]);
      const log = new Capsule(0.1 * s, 2 * s).setPose([0.5 * s, 0.09 * s, 0.5 * s], ALONG_X);
      for (const order of [1, -1]) {
        const data = new CollisionData({ capacity: 8 });
        const count = order === 1 ? collide(log, floor, data) : collide(floor, log, data);
        expect(count).toBe(2);
        const contacts = data.contacts.slice(0, 2).sort((a, b) => a.point[0]! - b.point[0]!);
        expect(contacts[0]!.featureId).not.toBe(contacts[1]!.featureId);
        // In canonical order (capsule first) the mesh's half names the clipping edges.
        if (order === 1) {
          expect(contacts.map((c) => secondFeatureOf(c.featureId))).toEqual([
            meshEdgeFeature(0, 0),
            meshEdgeFeature(0, 1),
          ]);
        }
        for (const [i, x] of [0, 1.5].entries()) {
          const c = contacts[i]!;
          // Within the prism's round-off slack (1e-9 of the longest edge) of the wall.
          expect(Math.abs(c.point[0]! - x * s)).toBeLessThan(1e-8 * s);
          expect(c.penetration).toBeCloseTo(0.01 * s, 12 - Math.log10(s));
          expect(Array.from(c.normal)).toEqual([0, order, 0]);
        }
      }
    });

    it(`test_f11_capsule_across_a_heightfield: every contact its own id (scale ${s})`, () => {
      // A flat 4 x 4 field (cells of s); the capsule lies across six of its triangles, 0.01 s deep.
      const field = new Heightfield(4, 4, new Array(16).fill(0), s);
      const log = new Capsule(0.1 * s, 1.2 * s).setPose([1.5 * s, 0.09 * s, 1.3 * s], ALONG_X);
      for (const order of [1, -1]) {
        const data = new CollisionData({ capacity: 16 });
        const count = order === 1 ? collide(log, field, data) : collide(field, log, data);
        expect(count).toBeGreaterThanOrEqual(2);
        const ids = data.contacts.slice(0, count).map((c) => c.featureId);
        expect(new Set(ids).size).toBe(count);
        for (const c of data.contacts.slice(0, count)) {
          expect(c.penetration).toBeCloseTo(0.01 * s, 12 - Math.log10(s));
        }
      }
    });
  }
});

/**
 * FINDINGS.md F24: a capsule lying across a ridge. Two triangles meet at the convex edge along z
 * (slopes y = -0.5 |x|); the capsule (radius 0.1, half length 0.5) lies along x, its core at
 * height h = 0.05 over the ridge. The core's part over the right triangle (triangle 0) is
 * clipped by the ridge's wall (the plane x = 0.5 y through the ridge, perpendicular to that
 * triangle) at x = 0.025, an end named by the ridge (F11), h sqrt(1 + 0.5^2) over the face, and
 * the core's nearest point to the ridge, (0, h, 0), gives the ridge's own contact, r - h deep,
 * named by the same edge of the same triangle: one feature id for two contacts (the core's ends
 * are out of reach, 0.3 / sqrt(1.25) over the slopes). The ridge's contact, the deeper, is kept;
 * the left triangle's wall end is named by its own edge and stays. The slopes' normals lie 0.46
 * rad off the ridge's, so the reduction keeps each (it takes the deepest of each normal first).
 */
describe('test_f24: a capsule across a ridge gets one contact per feature id (FINDINGS.md F24)', () => {
  const a = 0.5, h = 0.05, r = 0.1;
  for (const s of [1e-3, 1, 1e3]) {
    it(`test_f24_capsule_across_a_ridge_has_distinct_ids (scale ${s})`, () => {
      const roof = new TriangleMesh(
        [0, 0, -1, 0, 0, 1, 1, -a, 0, -1, -a, 0].map((x) => x * s),
        [0, 1, 2, 1, 0, 3],
      );
      const log = new Capsule(r * s, 0.5 * s).setPose([0, h * s, 0], ALONG_X);
      for (const order of [1, -1]) {
        const data = new CollisionData({ capacity: 16 });
        const count = order === 1 ? collide(log, roof, data) : collide(roof, log, data);
        const contacts = data.contacts.slice(0, count);
        expect(new Set(contacts.map((c) => c.featureId)).size).toBe(count);
        expect(count).toBe(2);
        // The ridge's contact: straight up from the ridge, r - h deep.
        const ridge = contacts.find((c) => secondFeatureOf(c.featureId) === meshEdgeFeature(0, 0));
        expect(Math.abs(ridge!.penetration - (r - h) * s)).toBeLessThan(1e-12 * s);
        expect(Math.abs(ridge!.normal[1]! - order)).toBeLessThan(1e-12);
        // The left slope's wall end: its face's normal, h sqrt(1 + a^2) over the face (within
        // the wall's round-off slack, 1e-9 of the longest edge, times the slope).
        const wall = contacts.find((c) => secondFeatureOf(c.featureId) === meshEdgeFeature(1, 0));
        expect(Math.abs(wall!.penetration - (r - h * Math.hypot(1, a)) * s)).toBeLessThan(
          1e-8 * s,
        );
        const left = [-a / Math.hypot(1, a), 1 / Math.hypot(1, a), 0];
        for (let k = 0; k < 3; k++) {
          expect(Math.abs(wall!.normal[k]! - order * left[k]!)).toBeLessThan(1e-12);
        }
      }
    });
  }
});
