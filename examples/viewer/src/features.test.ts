import { describe, expect, it } from 'vitest';
import {
  Heightfield,
  TriangleMesh,
  boxEdgeFeature,
  boxFaceFeature,
  boxVertexFeature,
  meshEdgeFeature,
  meshFaceFeature,
  meshVertexFeature,
} from '@contactkit/contacts3d';
import { boxFeaturePoints, boxFeatureText, meshFeature } from './features.js';

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

describe('mesh and heightfield feature codes', () => {
  it('names a face, an edge with its flag and a corner of a mesh, at its pose, past a dropped triangle', () => {
    // Triangle 0 has zero area (dropped); 1 and 2 make a unit square, its diagonal flat.
    const mesh = new TriangleMesh([0, 0, 0, 0, 0, 1, 1, 0, 1, 1, 0, 0], [0, 0, 1, 0, 1, 2, 0, 2, 3])
      .setPose([10, 0, 0], [0, 0, 0, 1]);
    expect(meshFeature(mesh, 'mesh', meshFaceFeature(1))).toEqual({
      text: 'the face of triangle 1 of the mesh',
      points: [[10, 0, 0], [10, 0, 1], [11, 0, 1]],
    });
    // Edge 2 of triangle 1 runs from its corner 2 (1, 0, 1) back to corner 0: the diagonal.
    expect(meshFeature(mesh, 'mesh', meshEdgeFeature(1, 2))).toEqual({
      text: 'edge 2 (flat) of triangle 1 of the mesh',
      points: [[11, 0, 1], [10, 0, 0]],
    });
    expect(meshFeature(mesh, 'mesh', meshEdgeFeature(2, 1))!.text)
      .toBe('edge 1 (boundary) of triangle 2 of the mesh');
    expect(meshFeature(mesh, 'mesh', meshVertexFeature(2, 2))!.points).toEqual([[11, 0, 0]]);
    expect(meshFeature(mesh, 'mesh', meshFaceFeature(0))).toBeNull();
  });

  it('reads a heightfield by its numbering; a hole names nothing', () => {
    const field = new Heightfield(3, 3, [0, 0, 0, 0, 1, 0, 0, 0, 0], 2, { holes: [1, 0, 0, 0] });
    expect(meshFeature(field, 'heightfield', meshFaceFeature(1))).toBeNull();
    // Triangle 2: cell (0, 1), corners (0, 1), (1, 1), (1, 2). Its edge 0, from (0, 1) up to the
    // peak (1, 1), is the side it shares with cell (0, 0), a hole: boundary.
    expect(meshFeature(field, 'heightfield', meshEdgeFeature(2, 0))).toEqual({
      text: 'edge 0 (boundary) of triangle 2 of the heightfield',
      points: [[2, 0, 0], [2, 1, 2]],
    });
    // Edge 1 of triangle 2, from the peak (1, 1) to (1, 2), is a ridge to cell (1, 1).
    expect(meshFeature(field, 'heightfield', meshEdgeFeature(2, 1))!.text)
      .toBe('edge 1 (convex) of triangle 2 of the heightfield');
  });
});
