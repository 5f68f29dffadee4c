import { firstFeatureOf, secondFeatureOf } from '@contactkit/math';
import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { overlap } from '../overlap.js';
import { massProperties } from '../queries/mass-properties.js';
import { capsuleMeshManifold, collideCapsuleTriangleMesh } from '../pairs/capsule-mesh.js';
import { collideSphereTriangleMesh, sphereMeshManifold } from '../pairs/sphere-mesh.js';
import { Capsule } from '../shapes/capsule.js';
import { HalfSpace, Plane, ShapeType, Sphere } from '../shapes/primitives.js';
import { Heightfield } from './heightfield.js';
import {
  bumpyMesh,
  CORNER,
  cube,
  EveryTriangle,
  FLOOR,
  meshDistance,
  ROOF,
  type TriangleList,
} from '../test-support/mesh-cases.js';
import { MeshManifold } from './mesh-manifold.js';
import {
  type Direction,
  EdgeFlag,
  MAX_MESH_TRIANGLES,
  meshEdgeFeature,
  meshFaceFeature,
  type MeshTriangle,
  type TriangleSource,
} from './mesh-triangle.js';
import { TriangleMesh } from './triangle-mesh.js';

function contactsOf(data: CollisionData) {
  return Array.from({ length: data.contactCount }, (_, i) => {
    const c = data.contacts[i]!;
    return {
      point: Array.from(c.point),
      normal: Array.from(c.normal),
      depth: c.penetration,
      feature: c.featureId,
      kind: c.kind,
    };
  });
}

/** Heavy tests get a minute: the machine running CI may be loaded. */
const SLOW = 60_000;

describe('TriangleMesh construction', () => {
  it('keeps the triangles, their normals and the shape type', () => {
    const mesh = new TriangleMesh(FLOOR.vertices, FLOOR.indices);
    expect(mesh.shapeType).toBe(ShapeType.TriangleMesh);
    expect(ShapeType.TriangleMesh).toBe(6);
    expect(mesh.triangleCount).toBe(2);
    expect(mesh.degenerateTriangleCount).toBe(0);
    expect(Array.from(mesh.triangleNormals)).toEqual([0, 1, 0, 0, 1, 0]);
    expect(mesh.twoSided).toBe(false);
    expect(new TriangleMesh(FLOOR.vertices, FLOOR.indices, { twoSided: true }).twoSided).toBe(true);
  });

  it('flags each edge from its two triangles: flat, convex, concave, boundary', () => {
    const flagsOf = (list: TriangleList) => {
      const mesh = new TriangleMesh(list.vertices, list.indices);
      const counts = [0, 0, 0, 0];
      for (const flag of mesh.edgeFlags) counts[flag]!++;
      return counts;
    };
    // [Boundary, Convex, Flat, Concave] over the 3 edges of every triangle.
    expect(flagsOf(FLOOR)).toEqual([4, 0, 2, 0]);
    // Floor and wall: their diagonals flat, the shared edge concave, six boundary edge sides.
    expect(flagsOf(CORNER)).toEqual([6, 0, 4, 2]);
    expect(flagsOf(ROOF)).toEqual([6, 2, 4, 0]);
    // A closed cube: 12 face diagonals (24 sides) flat, 12 cube edges (24 sides) convex.
    expect(flagsOf(cube())).toEqual([0, 24, 12, 0]);
  });

  it('joins equal positions: a mesh that repeats its vertices per triangle gets the same adjacency', () => {
    const vertices: number[] = [], indices: number[] = [];
    for (let i = 0; i < FLOOR.indices.length; i++) {
      const v = FLOOR.indices[i]!;
      vertices.push(FLOOR.vertices[3 * v]!, FLOOR.vertices[3 * v + 1]!, FLOOR.vertices[3 * v + 2]!);
      indices.push(i);
    }
    const mesh = new TriangleMesh(vertices, indices);
    expect(mesh.positions.length).toBe(12);
    expect(Array.from(mesh.edgeFlags).filter((f) => f === EdgeFlag.Flat)).toHaveLength(2);
  });

  it('drops triangles of zero area and counts them; ids keep the caller index', () => {
    const vertices = [...FLOOR.vertices, 0.5, 0, 0.5];
    // Triangle 1 repeats a vertex, triangle 2 is collinear (vertex 4 on the diagonal 0-2).
    const indices = [0, 2, 1, 0, 0, 3, 0, 4, 2, 0, 3, 2];
    const mesh = new TriangleMesh(vertices, indices);
    expect(mesh.inputTriangleCount).toBe(4);
    expect(mesh.triangleCount).toBe(2);
    expect(mesh.degenerateTriangleCount).toBe(2);
    expect(Array.from(mesh.degenerateTriangles)).toEqual([1, 2]);
    expect(Array.from(mesh.triangleIndex)).toEqual([0, 3]);
    // A sphere over the second kept triangle (x < z) is named by the caller's index 3.
    const data = new CollisionData();
    collideSphereTriangleMesh(new Sphere(0.5).setPose([-0.5, 0.49, 0.5], [0, 0, 0, 1]), mesh, data);
    expect(data.contactCount).toBe(1);
    expect(secondFeatureOf(data.contacts[0]!.featureId)).toBe(meshFaceFeature(3));
  });

  it('keeps aabb current through the pose setters', () => {
    const mesh = new TriangleMesh(FLOOR.vertices, FLOOR.indices);
    expect(Array.from(mesh.aabb)).toEqual([-1, 0, -1, 1, 0, 1]);
    mesh.setPose([10, 2, 0], [0, 0, Math.SQRT1_2, Math.SQRT1_2]);
    // Turned 90 degrees about z: local x becomes world y, local y (the flat 0) world -x.
    const box = Array.from(mesh.aabb);
    [10, 1, -1, 10, 3, 1].forEach((value, i) => expect(box[i]).toBeCloseTo(value, 12));
    mesh.updateTransform([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 5, 0, 1]);
    expect(Array.from(mesh.aabb)).toEqual([-1, 5, -1, 1, 5, 1]);
  });

  it('refuses bad input with a named error, changing nothing', () => {
    const make = (vertices: unknown, indices: unknown, options?: unknown) => () =>
      new TriangleMesh(vertices as number[], indices as number[], options as object);
    expect(make([0, 0, 0, 1, 0], [0, 0, 0])).toThrow(
      /TriangleMesh vertices .*multiple of 3, got 5/,
    );
    expect(make(FLOOR.vertices, [0, 1])).toThrow(/TriangleMesh indices .*multiple of 3, got 2/);
    expect(make(FLOOR.vertices, [0, 1, 4])).toThrow(
      /TriangleMesh indices\[2\] \(triangle 0\) is out of range: .*\[0, 3\].*got 4/,
    );
    expect(make(FLOOR.vertices, [0, 1, -1])).toThrow(RangeError);
    expect(make(FLOOR.vertices, [0, 1, 1.5])).toThrow(/indices\[2\].*got 1.5/);
    const bad = [...FLOOR.vertices];
    bad[4] = NaN;
    expect(make(bad, FLOOR.indices)).toThrow(/TriangleMesh vertices\[4\] \(vertex 1\).*got NaN/);
    bad[4] = Infinity;
    expect(make(bad, FLOOR.indices)).toThrow(RangeError);
    bad[4] = 1e80;
    expect(make(bad, FLOOR.indices)).toThrow(/MAX_COORDINATE/);
    expect(make(FLOOR.vertices, [0, 0, 1])).toThrow(/non-zero area, got 1 triangles, 1 of them/);
    expect(make(FLOOR.vertices, [])).toThrow(/non-zero area, got 0 triangles/);
    expect(make('vertices', FLOOR.indices)).toThrow(TypeError);
    expect(make(FLOOR.vertices, null)).toThrow(TypeError);
    expect(make(FLOOR.vertices, FLOOR.indices, { twoSided: 'yes' })).toThrow(
      /options.twoSided must be a boolean, got yes/,
    );
    expect(make(FLOOR.vertices, FLOOR.indices, null)).toThrow(TypeError);
    expect(MAX_MESH_TRIANGLES).toBe(2 ** 23);
    // Index count checked before any triangle is read: one past the limit.
    const tooMany = { length: 3 * (MAX_MESH_TRIANGLES + 1) } as ArrayLike<number>;
    expect(make(FLOOR.vertices, tooMany)).toThrow(/8388609 triangles, more than the 8388608/);
  });
});

describe('sphere and capsule against a mesh: hand cases', () => {
  const data = new CollisionData({ capacity: 32 });

  it('a sphere in a concave corner: two face contacts, no edge contact', () => {
    const mesh = new TriangleMesh(CORNER.vertices, CORNER.indices);
    // 0.01 into the floor, 0.02 into the wall.
    data.reset();
    expect(collide(new Sphere(0.5).setPose([-0.48, 0.49, 0.1], [0, 0, 0, 1]), mesh, data)).toBe(2);
    const contacts = contactsOf(data).sort((a, b) => a.depth - b.depth);
    expect(contacts[0]!.normal).toEqual([0, 1, 0]);
    expect(contacts[0]!.depth).toBeCloseTo(0.01, 14);
    expect(contacts[0]!.point[0]).toBeCloseTo(-0.48, 14);
    expect(contacts[0]!.point[1]).toBeCloseTo(-0.005, 14);
    expect(contacts[1]!.normal).toEqual([-1, 0, 0]);
    expect(contacts[1]!.depth).toBeCloseTo(0.02, 14);
    expect(contacts[1]!.point[0]).toBeCloseTo(0.01, 14);
    for (const c of contacts) expect(secondFeatureOf(c.feature) % 8).toBe(0);
  });

  it('a sphere on a convex ridge: one edge contact, its normal between the two faces', () => {
    const mesh = new TriangleMesh(ROOF.vertices, ROOF.indices);
    data.reset();
    // Straight above the ridge, 0.01 deep: the normal is +y, inside the cone of (-1, 1, 0) and (1, 1, 0).
    expect(collide(new Sphere(0.3).setPose([0, 1.29, 0.2], [0, 0, 0, 1]), mesh, data)).toBe(1);
    const [ridge] = contactsOf(data);
    expect(ridge!.normal[0]).toBeCloseTo(0, 15);
    expect(ridge!.normal[1]).toBe(1);
    expect(ridge!.depth).toBeCloseTo(0.01, 14);
    expect(secondFeatureOf(ridge!.feature) % 8).toBeGreaterThanOrEqual(1);
    expect(secondFeatureOf(ridge!.feature) % 8).toBeLessThanOrEqual(3);
    // Off to one side beyond the cone: the slope's face contact, normal (-1, 1, 0) / sqrt 2.
    data.reset();
    const centre = [-0.5 - 0.29 / Math.SQRT2, 0.5 + 0.29 / Math.SQRT2, 0.1];
    expect(collide(new Sphere(0.3).setPose(centre, [0, 0, 0, 1]), mesh, data)).toBe(1);
    const [face] = contactsOf(data);
    expect(face!.normal[0]).toBeCloseTo(-Math.SQRT1_2, 14);
    expect(face!.normal[1]).toBeCloseTo(Math.SQRT1_2, 14);
    expect(face!.depth).toBeCloseTo(0.01, 13);
  });

  it('a capsule lying across a boundary edge: contacts on the floor and at the edge, none from the overhang', () => {
    // The floor ends at x = 1; the capsule lies along x from 0.5 to 1.5, 0.01 deep.
    const mesh = new TriangleMesh(FLOOR.vertices, FLOOR.indices);
    const capsule = new Capsule(0.2, 0.5).setPose([1, 0.19, 0], [0, 0, Math.SQRT1_2, Math.SQRT1_2]);
    data.reset();
    const count = collideCapsuleTriangleMesh(capsule, mesh, data);
    const contacts = contactsOf(data).sort((a, b) => a.point[0]! - b.point[0]!);
    expect(count).toBe(2);
    for (const c of contacts) {
      expect(c.normal).toEqual([0, 1, 0]);
      expect(c.depth).toBeCloseTo(0.01, 14);
    }
    expect(contacts[0]!.point[0]).toBeCloseTo(0.5, 14);
    expect(contacts[1]!.point[0]).toBeCloseTo(1, 8);
    // Tilted down to the right about the edge: the core from upper left to lower right. A turn by
    // theta about z takes local +Y to (-sin theta, cos theta, 0); theta = -(90 degrees + tilt)
    // gives (cos tilt, -sin tilt, 0), the +halfLength end low and beyond the edge.
    const tilt = 0.7;
    const axis = [Math.cos(tilt), -Math.sin(tilt), 0];
    const theta = -(Math.PI / 2 + tilt);
    capsule.setPose([1, 0.19, 0], [0, 0, Math.sin(theta / 2), Math.cos(theta / 2)]);
    data.reset();
    collideCapsuleTriangleMesh(capsule, mesh, data);
    // The edge's own contact (the floor's clipped end, named by the edge too, has the floor's normal).
    const edge = contactsOf(data).find((c) =>
      secondFeatureOf(c.feature) % 8 !== 0 && c.normal[1]! < 1 - 1e-9
    );
    expect(edge).toBeDefined();
    // The edge contact points from the edge point (1, 0, 0) to the foot of the perpendicular on the core.
    const centre = [1, 0.19, 0];
    const along = (1 - centre[0]!) * axis[0]! + (0 - centre[1]!) * axis[1]!;
    const nearest = [centre[0]! + along * axis[0]!, centre[1]! + along * axis[1]!, 0];
    const length = Math.hypot(nearest[0]! - 1, nearest[1]!);
    expect(length).toBeLessThan(0.2);
    expect(edge!.normal[0]).toBeCloseTo((nearest[0]! - 1) / length, 12);
    expect(edge!.normal[1]).toBeCloseTo(nearest[1]! / length, 12);
    expect(edge!.depth).toBeCloseTo(0.2 - length, 12);
    // An edge of one of the two triangles (local feature 1 to 3), the boundary x = 1.
    expect(secondFeatureOf(edge!.feature) % 8).toBeGreaterThanOrEqual(1);
    expect(secondFeatureOf(edge!.feature) % 8).toBeLessThanOrEqual(3);
    // The capsule's side (code 0) against the edge: EdgeEdge.
    expect(firstFeatureOf(edge!.feature)).toBe(0);
  });

  it('one-sided: a sphere behind the floor gets nothing; two-sided: the normal faces it', () => {
    const sphere = new Sphere(0.5).setPose([0.2, -0.49, 0.1], [0, 0, 0, 1]);
    data.reset();
    expect(collide(sphere, new TriangleMesh(FLOOR.vertices, FLOOR.indices), data)).toBe(0);
    data.reset();
    const twoSided = new TriangleMesh(FLOOR.vertices, FLOOR.indices, { twoSided: true });
    expect(collide(sphere, twoSided, data)).toBe(1);
    expect(Array.from(data.contacts[0]!.normal)).toEqual([0, -1, 0]);
    expect(data.contacts[0]!.penetration).toBeCloseTo(0.01, 14);
  });

  it('a shallowly touching sphere on a closed cube mesh: the solid box normal and depth', () => {
    const mesh = new TriangleMesh(cube().vertices, cube().indices).setPose([0, 0, 0], [
      0.1,
      0.2,
      0.3,
      0.9,
    ]);
    const random = new Random(0x3c);
    for (let run = 0; run < 200; run++) {
      // A point on the box's surface, then out along its face normal.
      const axis = random.int(3), sign = random.sign();
      const local = [random.range(-0.9, 0.9), random.range(-0.9, 0.9), random.range(-0.9, 0.9)];
      local[axis] = sign;
      const normal = [0, 0, 0];
      normal[axis] = sign;
      const r = random.range(0.05, 0.3), depth = r * random.range(0, 0.02);
      const m = mesh.transform;
      const world = (v: number[], w: number) =>
        [0, 1, 2].map((i) =>
          m[i]! * v[0]! + m[4 + i]! * v[1]! + m[8 + i]! * v[2]! + w * m[12 + i]!
        );
      const n = world(normal, 0);
      const surface = world(local, 1);
      const centre = surface.map((s, i) => s + n[i]! * (r - depth));
      data.reset();
      expect(collide(new Sphere(r).setPose(centre, [0, 0, 0, 1]), mesh, data)).toBe(1);
      const c = data.contacts[0]!;
      for (let i = 0; i < 3; i++) expect(c.normal[i]).toBeCloseTo(n[i]!, 12);
      expect(c.penetration).toBeCloseTo(depth, 12);
    }
  }, SLOW);
});

describe('the hierarchy finds what brute force over every triangle finds', () => {
  it(
    'sphere and capsule: the same contacts with and without the hierarchy (2,000 placements)',
    () => {
      const random = new Random(0xb7);
      const list = bumpyMesh(random, 12);
      const mesh = new TriangleMesh(list.vertices, list.indices).setPose(
        [3, -1, 2],
        random.rotation(),
      );
      const every = new EveryTriangle(mesh);
      const viaTree = new MeshManifold(), viaAll = new MeshManifold();
      const speculative = new CollisionData({ capacity: 8, tolerance: 0.01 });
      let touching = 0;
      for (let run = 0; run < 2000; run++) {
        const local = [random.range(-0.5, 6.5), random.range(-0.5, 0.8), random.range(-0.5, 6.5)];
        const m = mesh.transform;
        const centre = [0, 1, 2].map((i) =>
          m[i]! * local[0]! + m[4 + i]! * local[1]! + m[8 + i]! * local[2]! + m[12 + i]!
        );
        const r = random.range(0.05, 0.6);
        if (run % 2 === 0) {
          const sphere = new Sphere(r).setPose(centre, [0, 0, 0, 1]);
          sphereMeshManifold(sphere, mesh, speculative, viaTree);
          sphereMeshManifold(sphere, every, speculative, viaAll);
        } else {
          const capsule = new Capsule(r, random.range(0, 1)).setPose(centre, random.rotation());
          capsuleMeshManifold(capsule, mesh, speculative, viaTree);
          capsuleMeshManifold(capsule, every, speculative, viaAll);
        }
        const key = (manifold: MeshManifold) =>
          manifold.contacts.slice(0, manifold.count).map((c) =>
            `${c.first}/${c.second} ${c.depth.toPrecision(12)} ${c.nx.toFixed(9)} ${
              c.ny.toFixed(9)
            } ${c.nz.toFixed(9)}`
          ).sort();
        expect(key(viaTree)).toEqual(key(viaAll));
        if (viaTree.count > 0) touching++;
      }
      expect(touching).toBeGreaterThan(500);
    },
    SLOW,
  );

  it(
    'the deepest contact of a sphere is its radius less its distance to the mesh (brute-force oracle)',
    () => {
      const random = new Random(0xd1);
      const list = bumpyMesh(random, 8);
      const mesh = new TriangleMesh(list.vertices, list.indices);
      const data = new CollisionData({ capacity: 32 });
      let checked = 0;
      for (let run = 0; run < 300; run++) {
        const centre: [number, number, number] = [
          random.range(0.3, 3.7),
          random.range(0, 0.8),
          random.range(0.3, 3.7),
        ];
        const r = random.range(0.1, 0.5);
        const distance = meshDistance(list, centre, centre);
        data.reset();
        const count = collide(new Sphere(r).setPose(centre, [0, 0, 0, 1]), mesh, data);
        // Centres above the surface only (a one-sided surface has no inside to measure from).
        if (distance > r) {
          expect(count).toBe(0);
          continue;
        }
        const deepest = Math.max(...contactsOf(data).map((c) => c.depth));
        if (centreBelow(list, centre)) continue;
        expect(count).toBeGreaterThan(0);
        expect(deepest).toBeCloseTo(r - distance, 9);
        checked++;
      }
      expect(checked).toBeGreaterThan(50);
    },
    SLOW,
  );
});

/** Whether the point is below the bumpy surface (its height under the point, by ray against every triangle). */
function centreBelow(list: TriangleList, p: readonly number[]): boolean {
  for (let t = 0; t < list.indices.length / 3; t++) {
    const c = [0, 1, 2].map((k) => {
      const v = list.indices[3 * t + k]!;
      return [list.vertices[3 * v]!, list.vertices[3 * v + 1]!, list.vertices[3 * v + 2]!];
    });
    // Barycentric coordinates of (x, z) in the triangle's projection.
    const [a, b, d] = c as [number[], number[], number[]];
    const det = (b[0]! - a[0]!) * (d[2]! - a[2]!) - (d[0]! - a[0]!) * (b[2]! - a[2]!);
    const u = ((p[0]! - a[0]!) * (d[2]! - a[2]!) - (d[0]! - a[0]!) * (p[2]! - a[2]!)) / det;
    const v = ((b[0]! - a[0]!) * (p[2]! - a[2]!) - (p[0]! - a[0]!) * (b[2]! - a[2]!)) / det;
    if (u < 0 || v < 0 || u + v > 1) continue;
    return p[1]! < a[1]! + u * (b[1]! - a[1]!) + v * (d[1]! - a[1]!);
  }
  return false;
}

describe('collide and overlap in both orders', () => {
  it('mirrored: the same points, depths and ids, normals negated', () => {
    const random = new Random(0x51);
    const list = bumpyMesh(random, 6);
    const mesh = new TriangleMesh(list.vertices, list.indices);
    const forward = new CollisionData({ capacity: 32 }),
      backward = new CollisionData({ capacity: 32 });
    for (let run = 0; run < 300; run++) {
      const centre = [random.range(0, 3), random.range(-0.2, 0.6), random.range(0, 3)];
      const shape = run % 2 === 0
        ? new Sphere(random.range(0.1, 0.5)).setPose(centre, [0, 0, 0, 1])
        : new Capsule(random.range(0.1, 0.5), random.range(0, 0.8)).setPose(
          centre,
          random.rotation(),
        );
      forward.reset();
      backward.reset();
      const count = collide(shape, mesh, forward);
      expect(collide(mesh, shape, backward)).toBe(count);
      for (let i = 0; i < count; i++) {
        const a = forward.contacts[i]!, b = backward.contacts[i]!;
        expect(Array.from(b.point)).toEqual(Array.from(a.point));
        expect(Array.from(b.normal)).toEqual(Array.from(a.normal).map((x) => 0 - x));
        expect(b.penetration).toBe(a.penetration);
        expect(b.featureId).toBe(a.featureId);
      }
      expect(overlap(shape, mesh)).toBe(overlap(mesh, shape));
    }
  }, SLOW);

  it('reduces to maxContactsPerPair, keeping the deepest of each distinct normal, and flags a full buffer', () => {
    // A sphere in the corner with a third face: a floor, a wall and a second wall.
    const mesh = new TriangleMesh(CORNER.vertices, CORNER.indices);
    const data = new CollisionData({ capacity: 32, maxContactsPerPair: 1 });
    collide(new Sphere(0.5).setPose([-0.48, 0.49, 0.1], [0, 0, 0, 1]), mesh, data);
    expect(data.contactCount).toBe(1);
    // The deeper of the two faces: the wall, 0.02.
    expect(data.contacts[0]!.penetration).toBeCloseTo(0.02, 14);
    const full = new CollisionData({ capacity: 1 });
    full.contactCount = 1;
    expect(collide(new Sphere(0.5).setPose([-0.48, 0.49, 0.1], [0, 0, 0, 1]), mesh, full)).toBe(0);
    expect(full.overflowed).toBe(true);
  });
});

describe('static shapes among themselves', () => {
  it('write nothing and do not overlap; they have no mass properties', () => {
    const mesh = new TriangleMesh(FLOOR.vertices, FLOOR.indices);
    const field = new Heightfield(2, 2, [0, 0, 0, 0], 1);
    const data = new CollisionData();
    for (const other of [mesh, field, new Plane([0, 1, 0], 0), new HalfSpace([0, 1, 0], 0)]) {
      expect(collide(mesh, other, data)).toBe(0);
      expect(collide(other, field, data)).toBe(0);
      expect(overlap(mesh, other)).toBe(false);
    }
    expect(data.contactCount).toBe(0);
    expect(() => massProperties(mesh)).toThrow(/finite volume.*TriangleMesh/);
    expect(() => massProperties(field)).toThrow(TypeError);
  });
});
