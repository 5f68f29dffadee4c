/**
 * `TriangleSource.neighbourSlot` (the adjacency a kernel follows across a flat stretch beyond its
 * query, FINDINGS.md F108) against the edge keys both sources already hand out: the slot across
 * an edge has an edge with the same key, across which lies the first slot again, and -1 comes
 * exactly at a boundary edge.
 */
import { describe, expect, it } from 'vitest';
import { Random } from '@contactkit/test-support';
import { bumpyMesh } from '../test-support/mesh-cases.js';
import { Heightfield } from './heightfield.js';
import { EdgeFlag, MeshTriangle, type TriangleSource } from './mesh-triangle.js';
import { TriangleMesh } from './triangle-mesh.js';

function checkAdjacency(source: TriangleSource, slots: readonly number[]): number {
  const t = new MeshTriangle(), u = new MeshTriangle();
  let pairs = 0;
  for (const slot of slots) {
    source.loadTriangle(slot, t);
    for (let k = 0; k < 3; k++) {
      const next = source.neighbourSlot(slot, k);
      if (next < 0) {
        expect(t.edgeFlags[k]).toBe(EdgeFlag.Boundary);
        continue;
      }
      source.loadTriangle(next, u);
      const m = [...u.edgeKeys].indexOf(t.edgeKeys[k]!);
      expect(m).toBeGreaterThanOrEqual(0);
      expect(source.neighbourSlot(next, m)).toBe(slot);
      pairs++;
    }
  }
  return pairs;
}

describe('neighbourSlot', () => {
  it('a bumpy mesh: every shared edge leads to its other triangle and back', () => {
    const list = bumpyMesh(new Random(3), 4);
    const mesh = new TriangleMesh(list.vertices, list.indices).setPose([1, 2, 3], [0, 0.6, 0, 0.8]);
    const slots = Array.from({ length: mesh.triangleCount }, (_, i) => i);
    // 4 x 4 cells: 32 triangles, 3 * 32 - 16 boundary edge sides = 80 interior sides.
    expect(checkAdjacency(mesh, slots)).toBe(80);
  });

  it("a heightfield with a hole: the same, the hole's edges boundaries", () => {
    const heights = Array.from({ length: 16 }, (_, i) => Math.sin(i));
    const field = new Heightfield(4, 4, heights, 0.5, { holes: [0, 0, 0, 0, 1, 0, 0, 0, 0] });
    const slots: number[] = [];
    for (let cell = 0; cell < 9; cell++) if (cell !== 4) slots.push(2 * cell, 2 * cell + 1);
    // 3 x 3 cells less the middle: 16 triangles; of their 48 edge sides 12 lie on the outer
    // border and 4 around the hole.
    expect(checkAdjacency(field, slots)).toBe(32);
  });
});
