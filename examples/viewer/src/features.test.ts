import { describe, expect, it } from 'vitest';
import { boxEdgeFeature, boxFaceFeature, boxVertexFeature } from '@contactkit/contacts3d';
import { boxFeaturePoints, boxFeatureText } from './features.js';

describe('box feature codes in words and geometry', () => {
  it('names corners, edges and faces as box-features.ts packs them', () => {
    expect(boxFeatureText(boxVertexFeature(1, -1, 1))).toBe('corner (+x, -y, +z)');
    expect(boxFeatureText(boxEdgeFeature(1, -1, 1))).toBe('edge along y at (-x, +z)');
    expect(boxFeatureText(boxFaceFeature(1, 1))).toBe('face +y');
    expect(boxFeatureText(boxFaceFeature(2, -1))).toBe('face -z');
  });

  it('gives the local points of each feature for half sizes (1, 2, 3)', () => {
    const half = [1, 2, 3];
    expect(boxFeaturePoints(boxVertexFeature(1, -1, 1), half)).toEqual([[1, -2, 3]]);
    expect(boxFeaturePoints(boxEdgeFeature(0, 1, -1), half)).toEqual([[-1, 2, -3], [1, 2, -3]]);
    const face = boxFeaturePoints(boxFaceFeature(1, 1), half);
    expect(face).toHaveLength(4);
    for (const corner of face) {
      expect(corner[1]).toBe(2);
      expect(Math.abs(corner[0]!)).toBe(1);
      expect(Math.abs(corner[2]!)).toBe(3);
    }
  });
});
