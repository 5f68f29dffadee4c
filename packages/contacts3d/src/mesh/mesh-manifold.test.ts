import { ContactKind } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import {
  addMeshContact,
  emitMeshManifold,
  MeshManifold,
  selectMeshContacts,
} from './mesh-manifold.js';
import { TriangleMesh } from './triangle-mesh.js';

/** Adds a contact at (x, 0, z) with normal n and depth d, mesh feature `second`, edge `key` (-1: a face). */
function add(
  m: MeshManifold,
  x: number,
  z: number,
  n: number[],
  depth: number,
  second: number,
  key = -1,
) {
  const c = m.candidate;
  [c.x, c.y, c.z, c.nx, c.ny, c.nz] = [x, 0, z, n[0]!, n[1]!, n[2]!];
  c.depth = depth;
  c.kind = key < 0 ? ContactKind.FaceFace : ContactKind.EdgeFace;
  c.first = 0;
  c.second = second;
  c.key = key;
  m.mergeDistance = 1e-6;
  addMeshContact(m);
}

const UP = [0, 1, 0];
const WALL = [1, 0, 0];

describe('merging and reducing a mesh contact set', () => {
  it('merges coincident contacts of one normal (the deeper kept) and one contact per edge key', () => {
    const m = new MeshManifold();
    add(m, 0, 0, UP, 0.01, 8);
    add(m, 0, 1e-8, UP, 0.02, 16);
    add(m, 0, 1e-8, WALL, 0.03, 24);
    expect(m.count).toBe(2);
    expect(m.contacts[0]!.depth).toBe(0.02);
    expect(m.contacts[0]!.second).toBe(16);
    // Edge key 10 reached from triangles 5 and 2: the lower index names it, whatever the order.
    add(m, 5, 0, UP, 0.1, 5 * 8 + 1, 20);
    add(m, 5.1, 0, UP, 0.1, 2 * 8 + 3, 20);
    expect(m.count).toBe(3);
    expect(m.contacts[2]!.second).toBe(2 * 8 + 3);
  });

  it('keeps the deepest contact of each distinct normal first, then the farthest spread', () => {
    const m = new MeshManifold();
    // Five floor contacts along x (the deepest at x = 2), one shallow wall contact.
    for (let i = 0; i < 5; i++) add(m, i, 0, UP, i === 2 ? 0.05 : 0.01, 8 * i);
    add(m, 0, 3, WALL, 0.001, 99);
    const selected = new Int32Array(64);
    expect(selectMeshContacts(selected, m, 2)).toBe(2);
    // The deepest floor contact and the wall's, though shallower than every other floor contact.
    expect(Array.from(selected.slice(0, 2))).toEqual([2, 5]);
    expect(selectMeshContacts(selected, m, 4)).toBe(4);
    // Then the farthest from those kept: x = 0 and x = 4 are both 2 away (the smaller feature id,
    // x = 0, first), then x = 4.
    expect(Array.from(selected.slice(0, 4)).sort()).toEqual([0, 2, 4, 5]);
  });

  it('a full candidate list is reduced in rounds: a capsule across 400 thin triangles keeps both ends', () => {
    // A strip of 400 thin triangles (more candidates than the list holds) under a capsule lying along x from -1 to 1.
    const vertices: number[] = [], indices: number[] = [];
    for (let i = 0; i <= 200; i++) vertices.push(-1.2 + 0.012 * i, 0, -1, -1.2 + 0.012 * i, 0, 1);
    for (let i = 0; i < 200; i++) {
      const a = 2 * i, b = a + 1, c = a + 2, d = a + 3;
      indices.push(a, b, d, a, d, c);
    }
    const mesh = new TriangleMesh(vertices, indices);
    const data = new CollisionData({ capacity: 16, maxContactsPerPair: 2 });
    // Tilted by 1e-4: the +halfLength end (x = 1) lowest.
    const angle = Math.PI / 2 + 1e-4;
    const capsule = new Capsule(0.1, 1).setPose([0, 0.095, 0], [
      0,
      0,
      Math.sin(angle / 2),
      Math.cos(angle / 2),
    ]);
    expect(collide(capsule, mesh, data)).toBe(2);
    const xs = [data.contacts[0]!.point[0]!, data.contacts[1]!.point[0]!].sort((a, b) => a - b);
    expect(xs[0]).toBeCloseTo(-1, 3);
    expect(xs[1]).toBeCloseTo(1, 3);
    const deepest = Math.max(data.contacts[0]!.penetration, data.contacts[1]!.penetration);
    expect(deepest).toBeCloseTo(0.005 + Math.sin(1e-4), 9);
  });

  it('writes nothing for an empty set and respects the room left', () => {
    const m = new MeshManifold();
    const data = new CollisionData({ capacity: 2 });
    expect(emitMeshManifold(m, data, null, null)).toBe(0);
    // Three corners of a triangle: all three span it, so two is a cut (a row would keep its ends).
    for (let i = 0; i < 3; i++) add(m, i, i === 2 ? 1 : 0, UP, 0.01, 8 * i);
    expect(emitMeshManifold(m, data, 'a', 'b')).toBe(2);
    expect(data.overflowed).toBe(true);
    expect(data.contacts[0]!.firstBody).toBe('a');
    expect(Array.from(data.contacts[1]!.normal)).toEqual(UP);
  });
});
