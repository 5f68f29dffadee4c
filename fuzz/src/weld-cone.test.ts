/**
 * The ghost-rule property's vertex cone (`outsideCone`) and the mesh build's weld: copies of a
 * vertex within a hundred-millionth of the mesh's diagonal are one vertex to the detectors, so
 * the oracle does not hold a vertex contact against the "edge" between two such copies (its
 * direction is round-off); against an edge longer than the weld it still does. Triangle T = A B C
 * (front +y), and a needle A A' B whose corner A' lies `gap` from A along +z; a unit direction
 * inside A's cone by T's own edges (d.x < 0, d.z > 0, d.y > 0; |(-0.6, 0.2, 0.78)| = 1.0044)
 * points along A to A'. Scales 1e-3, 1, 1e3.
 */
import { describe, expect, it } from 'vitest';
import { outsideCone, surfaceOf } from './mesh-oracle3d.js';
import type { StaticData } from './mesh-oracle3d.js';

function floor(s: number, gap: number): StaticData {
  const vertices = [0, 0, 0, 1, 0, 0, 0, 0, -1, 0, 0, gap].map((x) => x * s);
  return {
    surface: { kind: 'mesh', vertices, indices: [0, 1, 2, 0, 3, 1], twoSided: false },
    position: [0, 0, 0],
    quaternion: [0, 0, 0, 1],
    flat: null,
  };
}

/** Corner 0 (A) of triangle 0: feature code 8 t + 4 + k. */
const CORNER_A = 4;
const D: [number, number, number] = [-0.6 / 1.0044, 0.2 / 1.0044, 0.78 / 1.0044];

describe('the vertex cone of the ghost-rule property and the weld', () => {
  for (const s of [1e-3, 1, 1e3]) {
    it(`an edge between copies within the weld does not close the cone (scale ${s})`, () => {
      // 1e-9 of a mesh whose diagonal is sqrt(2): within 1.4e-8.
      expect(outsideCone(surfaceOf(floor(s, 1e-9)), CORNER_A, D, 1e-9)).toBeNull();
    });

    it(`an edge longer than the weld still does (scale ${s})`, () => {
      expect(outsideCone(surfaceOf(floor(s, 1e-6)), CORNER_A, D, 1e-9)).toMatch(
        /vertex contact pointing along the edge toward vertex 3/,
      );
    });
  }
});
