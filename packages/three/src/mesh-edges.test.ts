import { describe, it, expect } from 'vitest';
import { Color, LineBasicMaterial } from 'three';
import type { BufferGeometry } from 'three';
import { EdgeFlag, Heightfield, TriangleMesh } from '@contactkit/contacts3d';
import { EDGE_FLAG_COLORS } from './colors.js';
import { meshEdgeLines, meshEdgesGeometry, meshTrianglesGeometry } from './mesh-edges.js';

/** Each drawn segment: its two end points and the flag its colour names. */
function segments(geometry: BufferGeometry): { a: number[]; b: number[]; flag: EdgeFlag; }[] {
  const position = geometry.getAttribute('position'), color = geometry.getAttribute('color');
  const byColor = new Map<string, EdgeFlag>();
  for (const flag of [EdgeFlag.Boundary, EdgeFlag.Convex, EdgeFlag.Flat, EdgeFlag.Concave]) {
    const c = new Color(EDGE_FLAG_COLORS[flag]);
    byColor.set([c.r, c.g, c.b].map((v) => v.toFixed(5)).join(), flag);
  }
  const out = [];
  for (let i = 0; i < position.count; i += 2) {
    const key = [color.getX(i), color.getY(i), color.getZ(i)].map((v) => v.toFixed(5)).join();
    // Both ends of a segment carry its colour.
    expect([color.getX(i + 1), color.getY(i + 1), color.getZ(i + 1)].map((v) => v.toFixed(5)))
      .toEqual(key.split(','));
    out.push({
      a: [position.getX(i), position.getY(i), position.getZ(i)],
      b: [position.getX(i + 1), position.getY(i + 1), position.getZ(i + 1)],
      flag: byColor.get(key)!,
    });
  }
  return out;
}

function countFlags(geometry: BufferGeometry): Record<string, number> {
  const counts: Record<string, number> = { boundary: 0, convex: 0, flat: 0, concave: 0 };
  const names = ['boundary', 'convex', 'flat', 'concave'];
  for (const { flag } of segments(geometry)) counts[names[flag]!]!++;
  return counts;
}

/**
 * A roof of two slopes, each a quad of two triangles, fronts up: corners A(-1, 0, 0), B(0, h, 0),
 * C(0, h, 1), D(-1, 0, 1), E(1, 0, 0), F(1, 0, 1). h > 0 makes B-C a ridge, h < 0 a valley.
 */
function roof(h: number): TriangleMesh {
  return new TriangleMesh(
    [-1, 0, 0, 0, h, 0, 0, h, 1, -1, 0, 1, 1, 0, 0, 1, 0, 1],
    [0, 2, 1, 0, 3, 2, 1, 2, 5, 1, 5, 4],
  );
}

describe('meshEdgesGeometry', () => {
  it('draws a ridge red between two flat diagonals and six rim edges', () => {
    const geometry = meshEdgesGeometry(roof(0.5));
    // 9 edges, each once: 4 triangles have 12 edge sides, 3 edges are shared.
    expect(geometry.getAttribute('position').count).toBe(18);
    expect(countFlags(geometry)).toEqual({ boundary: 6, convex: 1, flat: 2, concave: 0 });
    const drawn = segments(geometry);
    const ridge = drawn.find((s) => s.flag === EdgeFlag.Convex)!;
    expect([ridge.a, ridge.b].sort()).toEqual([[0, 0.5, 0], [0, 0.5, 1]]);
    // The colour is EDGE_FLAG_COLORS's red in three's linear working space.
    const color = geometry.getAttribute('color');
    const i = drawn.indexOf(ridge) * 2;
    const red = new Color(0xff4d4d);
    expect(EDGE_FLAG_COLORS[EdgeFlag.Convex]).toBe(0xff4d4d);
    expect(color.getX(i)).toBeCloseTo(red.r, 6);
    expect(color.getY(i)).toBeCloseTo(red.g, 6);
    expect(color.getZ(i)).toBeCloseTo(red.b, 6);
  });

  it('draws a valley as concave, and only the flags asked for in the colours given', () => {
    expect(countFlags(meshEdgesGeometry(roof(-0.5))))
      .toEqual({ boundary: 6, convex: 0, flat: 2, concave: 1 });
    const only = meshEdgesGeometry(roof(-0.5), {
      flags: [EdgeFlag.Concave],
      colors: { [EdgeFlag.Concave]: 0x00ff00 },
    });
    expect(only.getAttribute('position').count).toBe(2);
    const color = only.getAttribute('color');
    expect([color.getX(0), color.getY(0), color.getZ(0)]).toEqual([0, 1, 0]);
  });

  it('leaves out dropped triangles: a square of two triangles has one flat diagonal', () => {
    // Two floor triangles and one of zero area, dropped with its edges.
    const mesh = new TriangleMesh([0, 0, 0, 0, 0, 1, 1, 0, 1, 1, 0, 0], [
      0,
      1,
      2,
      0,
      2,
      3,
      0,
      0,
      1,
    ]);
    const geometry = meshEdgesGeometry(mesh);
    expect(countFlags(geometry)).toEqual({ boundary: 4, convex: 0, flat: 1, concave: 0 });
    const diagonal = segments(geometry).find((s) => s.flag === EdgeFlag.Flat)!;
    expect([diagonal.a, diagonal.b].sort()).toEqual([[0, 0, 0], [1, 0, 1]]);
  });

  it('draws a heightfield with a peak and a hole: the hole rim boundary, ridges to the peak', () => {
    // 3 x 3 points 2 apart, the middle one 1 high, cell (0, 0) a hole. The 16 edges of the full
    // grid lose the hole's diagonal and its two outer sides: 13. Boundary: the 6 rim edges left
    // and the hole's 2 inner sides. From the peak: the diagonal of cell (1, 1) and the edges to
    // (1, 2) and (2, 1) are ridges (both triangles fall away); the diagonals of cells (0, 1)
    // and (1, 0) have a flat triangle on one side and the peak's slope rising on the other:
    // valleys.
    const field = new Heightfield(3, 3, [0, 0, 0, 0, 1, 0, 0, 0, 0], 2, { holes: [1, 0, 0, 0] });
    const geometry = meshEdgesGeometry(field);
    expect(geometry.getAttribute('position').count).toBe(26);
    expect(countFlags(geometry)).toEqual({ boundary: 8, convex: 3, flat: 0, concave: 2 });
    const ridges = segments(geometry).filter((s) => s.flag === EdgeFlag.Convex);
    // Every ridge starts or ends at the peak, grid point (1, 1) at (2, 1, 2).
    for (const { a, b } of ridges) expect([a, b]).toContainEqual([2, 1, 2]);
    const valleys = segments(geometry).filter((s) => s.flag === EdgeFlag.Concave);
    expect(valleys.map(({ a, b }) => [a, b].sort())).toEqual(
      expect.arrayContaining([[[0, 0, 2], [2, 0, 4]], [[2, 0, 0], [4, 0, 2]]]),
    );
  });

  it('a flat heightfield: every inner edge flat, whatever its pose', () => {
    const field = new Heightfield(3, 4, new Array(12).fill(0.25), 1);
    field.setPose([5, 1, -2], [0, Math.sin(0.4), 0, Math.cos(0.4)]);
    // 3 x 4 points, 2 x 3 cells: 3 * 3 edges along x, 2 * 4 along z and 6 diagonals, 23 in all;
    // 2 * (3 + 2) = 10 of them on the rim.
    expect(countFlags(meshEdgesGeometry(field)))
      .toEqual({ boundary: 10, convex: 0, flat: 13, concave: 0 });
  });
});

describe('meshEdgeLines', () => {
  it('is a vertex-coloured LineSegments at the shape pose', () => {
    const mesh = roof(0.5).setPose([1, 2, 3], [0, 0, 0, 1]);
    const lines = meshEdgeLines(mesh, { flags: [EdgeFlag.Convex] });
    expect(lines.position.toArray()).toEqual([1, 2, 3]);
    expect((lines.material as LineBasicMaterial).vertexColors).toBe(true);
    expect(lines.geometry.getAttribute('position').count).toBe(2);
  });
});

describe('meshTrianglesGeometry', () => {
  it('gives the triangles a contact names: a heightfield by its numbering, holes left out', () => {
    const field = new Heightfield(3, 3, [0, 0, 0, 0, 1, 0, 0, 0, 0], 2, { holes: [1, 0, 0, 0] });
    // 0 and 1 are the hole's, 99 out of range: only triangle 2, cell (0, 1)'s first, remains,
    // corners (0, 1), (1, 1), (1, 2).
    const position = meshTrianglesGeometry(field, [0, 1, 2, 99]).getAttribute('position');
    expect(position.count).toBe(3);
    expect(Array.from(position.array)).toEqual([2, 0, 0, 2, 1, 2, 4, 0, 2]);
  });

  it('names a mesh triangle by the caller index, past a dropped one', () => {
    const mesh = new TriangleMesh(
      [0, 0, 0, 0, 0, 1, 1, 0, 1, 1, 0, 0],
      [0, 0, 1, 0, 1, 2, 0, 2, 3],
    );
    expect(mesh.degenerateTriangles).toEqual(new Int32Array([0]));
    const geometry = meshTrianglesGeometry(mesh, [0, 2]);
    expect(Array.from(geometry.getAttribute('position').array)).toEqual([
      0,
      0,
      0,
      1,
      0,
      1,
      1,
      0,
      0,
    ]);
    // Its normal is the front's: up.
    expect(geometry.getAttribute('normal').getY(0)).toBeCloseTo(1, 12);
  });
});
