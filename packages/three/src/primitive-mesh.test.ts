import { describe, it, expect } from 'vitest';
import { Vector3 } from 'three';
import type { BufferGeometry } from 'three';
import {
  Box,
  ConvexHull,
  HalfSpace,
  Heightfield,
  Plane,
  Sphere,
  TriangleMesh,
} from '@contactkit/contacts3d';
import { transformPoint } from '@contactkit/math';
import {
  geometryForPrimitive,
  hullEdgesGeometry,
  meshForPrimitive,
  syncMeshToPrimitive,
} from './primitive-mesh.js';

function vertices(geometry: BufferGeometry): Vector3[] {
  const position = geometry.getAttribute('position');
  const out: Vector3[] = [];
  for (let i = 0; i < position.count; i++) out.push(new Vector3().fromBufferAttribute(position, i));
  return out;
}

describe('meshForPrimitive', () => {
  it('builds a sphere of the radius about the origin', () => {
    const mesh = meshForPrimitive(new Sphere(0.7));
    for (const v of vertices(mesh.geometry)) expect(v.length()).toBeCloseTo(0.7, 6);
  });

  it('builds a box of twice the half extents', () => {
    const mesh = meshForPrimitive(new Box([1, 2, 3]));
    mesh.geometry.computeBoundingBox();
    expect(mesh.geometry.boundingBox!.min.toArray()).toEqual([-1, -2, -3]);
    expect(mesh.geometry.boundingBox!.max.toArray()).toEqual([1, 2, 3]);
  });

  it('puts a Plane on dot(normal, x) = offset in its frame', () => {
    // Normal (0, 0.6, 0.8) (already unit), offset 2: every vertex has dot(n, v) = 2.
    const plane = new Plane([0, 3, 4], 2);
    const mesh = meshForPrimitive(plane, undefined, { planeSize: 4 });
    const n = new Vector3(0, 0.6, 0.8);
    for (const v of vertices(mesh.geometry)) expect(n.dot(v)).toBeCloseTo(2, 6);
    // The square's corners are 2 * sqrt(2) from the plane's centre point n * 2.
    const centre = n.clone().multiplyScalar(2);
    const far = Math.max(...vertices(mesh.geometry).map((v) => v.distanceTo(centre)));
    expect(far).toBeCloseTo(2 * Math.SQRT2, 6);
  });

  it('draws a HalfSpace as a slab whose top face is the boundary plane', () => {
    const mesh = meshForPrimitive(new HalfSpace([0, 1, 0], -1), undefined, {
      planeSize: 6,
      halfSpaceDepth: 0.5,
    });
    const heights = vertices(mesh.geometry).map((v) => v.y);
    expect(Math.max(...heights)).toBeCloseTo(-1, 6);
    expect(Math.min(...heights)).toBeCloseTo(-1.5, 6);
  });

  it('gives the mesh its own translucent material unless one is passed', () => {
    const a = meshForPrimitive(new Sphere(1));
    const b = meshForPrimitive(new Sphere(1));
    expect(a.material).not.toBe(b.material);
    const shared = a.material;
    expect(meshForPrimitive(new Box([1, 1, 1]), shared as never).material).toBe(shared);
  });
});

describe('syncMeshToPrimitive', () => {
  it('places local points where the primitive transform puts them', () => {
    // Quarter turn about z: q = (0, 0, sin 45, cos 45).
    const box = new Box([0.5, 1, 1.5]).setPose([1, 2, 3], [0, 0, Math.SQRT1_2, Math.SQRT1_2]);
    const mesh = meshForPrimitive(box);
    expect(mesh.position.toArray()).toEqual([1, 2, 3].map((v) => expect.closeTo(v, 12)));
    mesh.updateMatrixWorld();
    const local = new Float64Array([0.5, -1, 1.5]);
    const expected = transformPoint(new Float64Array(3), box.transform, local);
    // By hand: R (0.5, -1, 1.5) = (1, 0.5, 1.5), plus (1, 2, 3) = (2, 2.5, 4.5).
    expect(Array.from(expected)).toEqual([2, 2.5, 4.5].map((v) => expect.closeTo(v, 12)));
    const world = new Vector3(0.5, -1, 1.5).applyMatrix4(mesh.matrixWorld);
    expect(world.toArray()).toEqual(Array.from(expected).map((v) => expect.closeTo(v, 6)));
    expect(mesh.scale.toArray()).toEqual([1, 1, 1].map((v) => expect.closeTo(v, 12)));

    box.setPose([-4, 0, 0.5], [0, 0, 0, 1]);
    syncMeshToPrimitive(mesh, box);
    expect(mesh.position.toArray()).toEqual([-4, 0, 0.5]);
    expect(mesh.quaternion.toArray()).toEqual([0, 0, 0, 1].map((v) => expect.closeTo(v, 12)));
  });
});

describe('hull geometry', () => {
  const corners: number[] = [];
  for (let i = 0; i < 8; i++) corners.push(i & 1 ? 1 : -1, i & 2 ? 2 : -2, i & 4 ? 3 : -3);
  const hull = ConvexHull.fromPoints(corners);

  it('draws a box-shaped hull as 12 flat triangles, two per quadrilateral face, on the faces', () => {
    const geometry = geometryForPrimitive(hull);
    const position = geometry.getAttribute('position'), normal = geometry.getAttribute('normal');
    expect(position.count).toBe(36);
    for (let i = 0; i < position.count; i++) {
      // Every vertex lies on the face whose normal it carries: dot(n, x) = the half size along n.
      const n = [normal.getX(i), normal.getY(i), normal.getZ(i)];
      const x = [position.getX(i), position.getY(i), position.getZ(i)];
      expect(Math.abs(n[0]!) + Math.abs(n[1]!) + Math.abs(n[2]!)).toBe(1);
      expect(n[0]! * x[0]! + n[1]! * x[1]! + n[2]! * x[2]!).toBe(
        Math.abs(n[0]!) * 1 + Math.abs(n[1]!) * 2 + Math.abs(n[2]!) * 3,
      );
    }
    expect(meshForPrimitive(hull).geometry.getAttribute('position').count).toBe(36);
  });

  it('outlines the merged faces: 12 edges, no diagonals', () => {
    const position = hullEdgesGeometry(hull).getAttribute('position');
    expect(position.count).toBe(24);
    for (let i = 0; i < 24; i += 2) {
      // An edge of the box changes exactly one coordinate; a face diagonal would change two.
      let changed = 0;
      if (position.getX(i) !== position.getX(i + 1)) changed++;
      if (position.getY(i) !== position.getY(i + 1)) changed++;
      if (position.getZ(i) !== position.getZ(i + 1)) changed++;
      expect(changed).toBe(1);
    }
  });
});

describe('mesh and heightfield geometry', () => {
  it('draws a triangle mesh by its kept triangles, fronts up, and a heightfield without its holes', () => {
    // Two floor triangles and one of zero area (dropped).
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
    const geometry = geometryForPrimitive(mesh);
    expect(geometry.getIndex()!.count).toBe(6);
    const normal = geometry.getAttribute('normal');
    for (let i = 0; i < normal.count; i++) expect(normal.getY(i)).toBeCloseTo(1, 6);
    const field = new Heightfield(3, 3, [0, 0, 0, 0, 1, 0, 0, 0, 0], 2, { holes: [1, 0, 0, 0] });
    const terrain = geometryForPrimitive(field);
    // Three cells of two triangles; grid point (1, 1) at (2, 1, 2).
    expect(terrain.getIndex()!.count).toBe(18);
    const position = terrain.getAttribute('position');
    expect([position.getX(4), position.getY(4), position.getZ(4)]).toEqual([2, 1, 2]);
  });
});
