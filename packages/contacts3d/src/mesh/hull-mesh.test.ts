/**
 * Boxes and convex hulls against triangle meshes and heightfields (hull-mesh-contacts.ts): hand
 * cases worked out on paper (a box on a floor, on the ridge of a convex edge, an edge across the
 * ridge, in a concave corner, one- and two-sided); a closed cube mesh against the solid cube
 * through the convex detectors (collideBoxBox, collideConvexHullConvexHull) as the independent
 * reference; the hierarchy against brute force over every triangle; a heightfield against the
 * mesh of its triangles; on slopes, every normal justified by the feature of its deepest
 * contact; both argument orders. The floor property (normals, depth, always a contact) is in
 * ghost-contacts.test.ts with the other shapes.
 */
import { firstFeatureOf, secondFeatureOf } from '@contactkit/math';
import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { overlap } from '../overlap.js';
import { collideBoxBox } from '../pairs/box-box.js';
import { collideBoxHeightfield, collideBoxTriangleMesh } from '../pairs/box-mesh.js';
import { viewOfBox } from '../pairs/box-convex-hull.js';
import { collideConvexHullConvexHull } from '../pairs/convex-hull-convex-hull.js';
import {
  collideConvexHullHeightfield,
  collideConvexHullTriangleMesh,
} from '../pairs/convex-hull-mesh.js';
import { boxEdgeFeature, boxFaceFeature, boxVertexFeature } from '../shapes/box-features.js';
import { ConvexHull } from '../shapes/convex-hull.js';
import { Box } from '../shapes/primitives.js';
import { EDGE_ABSOLUTE_MARGIN, EDGE_RELATIVE_MARGIN } from '../sat/box-box-sat.js';
import { hullOf, randomCloud } from '../test-support/hull-oracle.js';
import {
  bumpyMesh,
  corner,
  CORNER,
  cube,
  EveryTriangle,
  FLOOR,
  behindATriangle,
  heightfieldTriangles,
  ROOF,
} from '../test-support/mesh-cases.js';
import { cross, type Vec3 } from '../test-support/shapes.js';
import { coneProblem, slopedTerrain, type Terrain } from '../test-support/terrain-cones.js';
import { Heightfield } from './heightfield.js';
import { hullMeshContacts } from './hull-mesh-contacts.js';
import { MeshManifold } from './mesh-manifold.js';
import { TriangleMesh } from './triangle-mesh.js';

const RUNS = Math.max(10_000, Number(process.env['CONTACTKIT_PROPERTY_RUNS'] ?? 0) || 0);
const SEED = Number(process.env['CONTACTKIT_PROPERTY_SEED'] ?? 0x7b0c) >>> 0;
const TIMEOUT = Math.max(60_000, 10 * RUNS);
/** Heavy tests get a minute: the machine running CI may be loaded. */
const SLOW = 60_000;

interface Seen {
  point: number[];
  normal: number[];
  depth: number;
  first: number;
  second: number;
  kind: number;
}

function contactsOf(data: CollisionData): Seen[] {
  return Array.from({ length: data.contactCount }, (_, i) => {
    const c = data.contacts[i]!;
    return {
      point: Array.from(c.point),
      normal: Array.from(c.normal),
      depth: c.penetration,
      first: firstFeatureOf(c.featureId),
      second: secondFeatureOf(c.featureId),
      kind: c.kind,
    };
  });
}

function turnAboutY(angle: number): number[] {
  return [0, Math.sin(angle / 2), 0, Math.cos(angle / 2)];
}

function turnAbout(axis: Vec3, angle: number): number[] {
  const s = Math.sin(angle / 2) / Math.hypot(...axis);
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
}

/** A random hull from the hostile clouds at size `size`, built (retrying flat draws). */
function randomHull(random: Random, size: number): ConvexHull {
  for (;;) {
    try {
      return hullOf(randomCloud(random, size));
    } catch {
      // A blob of four points may be flat: draw again.
    }
  }
}

describe('box against a mesh: hand cases', () => {
  const data = new CollisionData({ capacity: 32 });

  it('a turned box on a two-triangle floor: its four bottom corners, normal up, the depth', () => {
    const mesh = new TriangleMesh(FLOOR.vertices, FLOOR.indices);
    const angle = 0.6, depth = 0.01;
    const box = new Box([0.3, 0.2, 0.25]).setPose([0.1, 0.2 - depth, -0.05], turnAboutY(angle));
    data.reset();
    const count = collideBoxTriangleMesh(box, mesh, data);
    const contacts = contactsOf(data);
    expect(count).toBeGreaterThanOrEqual(4);
    for (const c of contacts) {
      expect(c.normal).toEqual([0, 1, 0]);
      expect(c.depth).toBeCloseTo(depth, 14);
      expect(c.point[1]).toBeCloseTo(-depth / 2, 14);
    }
    // Each bottom corner (x, z) = centre + R (+-0.3, +-0.25), R the turn about y.
    for (const [sx, sz] of [[1, 1], [1, -1], [-1, 1], [-1, -1]] as const) {
      const lx = 0.3 * sx, lz = 0.25 * sz;
      const x = 0.1 + Math.cos(angle) * lx + Math.sin(angle) * lz;
      const z = -0.05 - Math.sin(angle) * lx + Math.cos(angle) * lz;
      const found = contacts.find((c) =>
        Math.abs(c.point[0]! - x) < 1e-12 && Math.abs(c.point[2]! - z) < 1e-12
      );
      expect(found, `corner ${sx}, ${sz}`).toBeDefined();
      expect(found!.first).toBe(boxVertexFeature(sx, -1, sz));
      expect(found!.second % 8).toBe(0);
    }
  });

  it('a level box on the ridge of a convex edge: two contacts on the ridge, normal up', () => {
    // The ridge is x = 0, y = 1, z in [-1, 1]; the box turned 0.3 about y, 0.01 into it.
    const mesh = new TriangleMesh(ROOF.vertices, ROOF.indices);
    const angle = 0.3, depth = 0.01, hx = 0.3, hz = 0.2;
    const box = new Box([hx, 0.2, hz]).setPose([0, 1.2 - depth, 0], turnAboutY(angle));
    data.reset();
    expect(collide(box, mesh, data)).toBe(2);
    // Where the ridge leaves the bottom face: |z cos| <= hz and |z sin| <= hx, hz binding here.
    const reach = Math.min(hz / Math.cos(angle), hx / Math.sin(angle));
    const contacts = contactsOf(data).sort((a, b) => a.point[2]! - b.point[2]!);
    for (const [i, c] of contacts.entries()) {
      expect(c.normal[0]).toBeCloseTo(0, 15);
      expect(c.normal[1]).toBeCloseTo(1, 15);
      expect(c.depth).toBeCloseTo(depth, 14);
      expect(c.point[0]).toBeCloseTo(0, 14);
      expect(c.point[1]).toBeCloseTo(1 - depth / 2, 14);
      expect(c.point[2]).toBeCloseTo(i === 0 ? -reach : reach, 12);
      // On the ridge: an edge of one of the two triangles (local codes 1 to 3).
      expect(c.second % 8).toBeGreaterThanOrEqual(1);
      expect(c.second % 8).toBeLessThanOrEqual(3);
    }
    // Tipped 0.2 rad about z, inside the ridge's cone (45 degrees each way): the box face's normal.
    const tip = 0.2;
    box.setPose([0, 1.2, 0], turnAbout([0, 0, 1], tip));
    // Lower it until its face, through the ridge point (0, 1, 0), is 0.01 deep: the face is at
    // distance 0.2 below the centre along the tipped axis (-sin, cos, 0).
    const up = [-Math.sin(tip), Math.cos(tip), 0];
    box.setPose([up[0]! * (0.2 - depth), 1 + up[1]! * (0.2 - depth), 0], turnAbout([0, 0, 1], tip));
    data.reset();
    expect(collide(box, mesh, data)).toBe(2);
    for (const c of contactsOf(data)) {
      expect(c.normal[0]).toBeCloseTo(up[0]!, 14);
      expect(c.normal[1]).toBeCloseTo(up[1]!, 14);
      expect(c.depth).toBeCloseTo(depth, 13);
      expect(Math.abs(c.point[2]!)).toBeCloseTo(hz, 12);
    }
  });

  it('a box edge across the ridge: one edge-edge contact, normal up, named by both edges', () => {
    const mesh = new TriangleMesh(ROOF.vertices, ROOF.indices);
    // Turned 45 degrees about x: its lowest edge runs along x, 0.2 sqrt 2 below the centre.
    const depth = 0.005;
    const box = new Box([0.3, 0.2, 0.2]).setPose(
      [0, 1 + 0.2 * Math.SQRT2 - depth, 0.1],
      turnAbout([1, 0, 0], Math.PI / 4),
    );
    data.reset();
    expect(collide(box, mesh, data)).toBe(1);
    const [c] = contactsOf(data);
    expect(c!.normal[0]).toBeCloseTo(0, 14);
    expect(c!.normal[1]).toBeCloseTo(1, 14);
    expect(c!.depth).toBeCloseTo(depth, 13);
    expect(c!.point[0]).toBeCloseTo(0, 13);
    expect(c!.point[1]).toBeCloseTo(1 - depth / 2, 13);
    expect(c!.point[2]).toBeCloseTo(0.1, 13);
    expect(c!.kind).toBe(2);
    // The box's edge along x at local y < 0, z > 0 (a turn by 45 degrees about x takes local
    // (y, z) to height y cos - z sin, lowest at (-, +)), and the ridge.
    expect(c!.first).toBe(boxEdgeFeature(0, -1, 1));
    expect([1, 2, 3]).toContain(c!.second % 8);
  });

  it('a box in a concave corner: a contact set on each face, no edge contact', () => {
    const mesh = new TriangleMesh(CORNER.vertices, CORNER.indices);
    // 0.01 into the floor, 0.02 into the wall x = 0.
    const box = new Box([0.2, 0.3, 0.25]).setPose([-0.18, 0.29, 0.1], [0, 0, 0, 1]);
    data.reset();
    expect(collide(box, mesh, data)).toBe(8);
    // Every candidate before the reduction to 8.
    const manifold = new MeshManifold();
    hullMeshContacts(viewOfBox(box), box.transform, box.aabb, mesh, data, manifold);
    const contacts = manifold.contacts.slice(0, manifold.count);
    const floor = contacts.filter((c) => c.ny === 1 && c.nx === 0 && c.nz === 0);
    const wall = contacts.filter((c) => c.nx === -1 && c.ny === 0 && c.nz === 0);
    expect(floor.length + wall.length).toBe(contacts.length);
    expect(Math.max(...floor.map((c) => c.depth))).toBeCloseTo(0.01, 14);
    expect(Math.max(...wall.map((c) => c.depth))).toBeCloseTo(0.02, 14);
    // The box's bottom corners at x = -0.38 rest on the floor's face; at x = 0.02 they are beyond
    // the valley, cut off where the bottom face crosses it (with the floor's normal still).
    for (const z of [-0.15, 0.35]) {
      const c = floor.find((c) => Math.abs(c.x + 0.38) < 1e-12 && Math.abs(c.z - z) < 1e-12);
      expect(c, `corner at z ${z}`).toBeDefined();
      expect(c!.depth).toBeCloseTo(0.01, 14);
      expect(c!.second % 8).toBe(0);
      expect(c!.first).toBe(boxVertexFeature(-1, -1, z > 0 ? 1 : -1));
    }
    // The top corners at x = 0.02 are in the wall 0.02 deep, on its face.
    for (const z of [-0.15, 0.35]) {
      const c = wall.find((c) => Math.abs(c.y - 0.59) < 1e-12 && Math.abs(c.z - z) < 1e-12);
      expect(c, `wall corner at z ${z}`).toBeDefined();
      expect(c!.first).toBe(boxVertexFeature(1, 1, z > 0 ? 1 : -1));
    }
  });

  it('one-sided: a box behind the floor gets nothing; two-sided: the normal faces it', () => {
    const box = new Box([0.3, 0.2, 0.3]).setPose([0.2, -0.19, 0.1], turnAboutY(0.4));
    data.reset();
    expect(collide(box, new TriangleMesh(FLOOR.vertices, FLOOR.indices), data)).toBe(0);
    data.reset();
    const twoSided = new TriangleMesh(FLOOR.vertices, FLOOR.indices, { twoSided: true });
    expect(collide(box, twoSided, data)).toBeGreaterThanOrEqual(4);
    for (const c of contactsOf(data)) {
      expect(c.normal).toEqual([0, -1, 0]);
      expect(c.depth).toBeCloseTo(0.01, 14);
    }
  });

  it('speculative contacts down to the tolerance, none beyond it', () => {
    const mesh = new TriangleMesh(FLOOR.vertices, FLOOR.indices);
    const box = new Box([0.3, 0.2, 0.3]).setPose([0, 0.205, 0], [0, 0, 0, 1]);
    const near = new CollisionData({ capacity: 16, tolerance: 0.01 });
    expect(collide(box, mesh, near)).toBeGreaterThanOrEqual(4);
    expect(near.contacts[0]!.penetration).toBeCloseTo(-0.005, 14);
    const far = new CollisionData({ capacity: 16, tolerance: 0.004 });
    expect(collide(box, mesh, far)).toBe(0);
  });
});

/** The cube's pose in the closed-mesh tests. */
const CUBE_TURN = [0.1, 0.2, 0.3, 0.9];

describe('a closed cube mesh against the solid cube', () => {
  it(
    "a shallowly touching box or hull: the solid pair's normal and deepest depth",
    () => {
      const random = new Random(SEED);
      const list = cube();
      const mesh = new TriangleMesh(list.vertices, list.indices).setPose(
        [0.5, -0.2, 0.3],
        CUBE_TURN,
      );
      const solidBox = new Box([1, 1, 1]).setPose([0.5, -0.2, 0.3], CUBE_TURN);
      const solidHull = ConvexHull.fromPoints(list.vertices).setPose([0.5, -0.2, 0.3], CUBE_TURN);
      const hulls = Array.from({ length: 16 }, () => randomHull(random, random.range(0.1, 0.5)));
      const solid = new CollisionData({ capacity: 16, tolerance: 10 });
      const data = new CollisionData({ capacity: 32 });
      let same = 0;
      for (let run = 0; run < 2000; run++) {
        const asHull = run % 2 === 1;
        const shape = asHull
          ? random.pick(hulls)
          : new Box([random.range(0.05, 0.5), random.range(0.05, 0.5), random.range(0.05, 0.5)]);
        const turn = random.rotation();
        const direction = random.unitVector();
        const size = asHull ? (shape as ConvexHull).size : Math.max(...(shape as Box).halfSize);
        const target = size * random.range(0, 0.02);
        // Move the shape in along `direction` until the solid pair is `target` deep (bisection on
        // the solid detector's deepest depth, which grows as the shape moves in).
        const deepestAt = (distance: number): number => {
          shape.setPose(direction.map((d, i) => [0.5, -0.2, 0.3][i]! + d * distance), turn);
          solid.reset();
          if (asHull) collideConvexHullConvexHull(shape as ConvexHull, solidHull, solid);
          else collideBoxBox(shape as Box, solidBox, solid);
          let deepest = -Infinity;
          for (let i = 0; i < solid.contactCount; i++) {
            deepest = Math.max(deepest, solid.contacts[i]!.penetration);
          }
          return deepest;
        };
        let low = 0, high = 4;
        for (let i = 0; i < 80; i++) {
          const middle = 0.5 * (low + high);
          if (deepestAt(middle) > target) low = middle;
          else high = middle;
        }
        const solidDepth = deepestAt(high);
        // The solid pair's normal, from the cube toward the shape.
        const reference = contactsOf(solid);
        const normal = reference[0]!.normal as Vec3;
        data.reset();
        const count = collide(shape, mesh, data);
        expect(count, `run ${run}`).toBeGreaterThan(0);
        const contacts = contactsOf(data);
        const deepest = Math.max(...contacts.map((c) => c.depth));
        const worst = Math.max(...contacts.map((c) => Math.hypot(...cross(c.normal, normal))));
        // Never deeper than the solid pair (its depth is an overlap along one axis, the mesh's
        // along another that the solid pair's own face preference passed over, or the same).
        expect(deepest, `run ${run}`).toBeLessThanOrEqual(solidDepth + 1e-12);
        if (worst <= 1e-9) {
          expect(deepest, `run ${run}`).toBeCloseTo(solidDepth, 9);
          same++;
        } else {
          // A different axis within the convex detectors' face preference margin
          // (box-box-sat.ts: 2% of the depth plus 1% of the pair's size, the cube's 1).
          expect(solidDepth - deepest, `run ${run}`).toBeLessThanOrEqual(
            EDGE_RELATIVE_MARGIN * solidDepth + EDGE_ABSOLUTE_MARGIN,
          );
        }
      }
      // Most poses have one best axis, and there the answers agree to round-off.
      expect(same).toBeGreaterThan(1850);
    },
    SLOW,
  );
});

/** A box or a hull (alternately) at a random pose about `centre`. */
function randomShape(
  random: Random,
  run: number,
  hulls: ConvexHull[],
  centre: number[],
): Box | ConvexHull {
  const shape = run % 2 === 0
    ? new Box([random.range(0.05, 0.6), random.range(0.05, 0.6), random.range(0.05, 0.6)])
    : random.pick(hulls);
  return shape.setPose(centre, random.rotation());
}

/** The shape as the kernel reads it: a box's hull view, or the hull. */
function hullData(shape: Box | ConvexHull) {
  return shape instanceof Box ? viewOfBox(shape) : shape;
}

function manifoldKeys(manifold: MeshManifold, mapSecond = (t: number) => t): string[] {
  return manifold.contacts.slice(0, manifold.count).map((c) =>
    `${c.first}/${mapSecond(Math.floor(c.second / 8)) * 8 + (c.second % 8)} ${
      c.depth.toPrecision(11)
    } ${c.nx.toFixed(9)} ${c.ny.toFixed(9)} ${c.nz.toFixed(9)} ${c.x.toPrecision(10)} ${
      c.y.toPrecision(10)
    } ${c.z.toPrecision(10)}`
  ).sort();
}

describe('the hierarchy finds what brute force over every triangle finds', () => {
  it('box and hull: the same contacts with and without the hierarchy (2,000 placements)', () => {
    const random = new Random(SEED + 1);
    const list = bumpyMesh(random, 12);
    const mesh = new TriangleMesh(list.vertices, list.indices).setPose(
      [3, -1, 2],
      random.rotation(),
    );
    const every = new EveryTriangle(mesh);
    const hulls = Array.from({ length: 12 }, () => randomHull(random, random.range(0.1, 0.6)));
    const viaTree = new MeshManifold(), viaAll = new MeshManifold();
    const speculative = new CollisionData({ capacity: 8, tolerance: 0.01 });
    let touching = 0;
    for (let run = 0; run < 2000; run++) {
      const local = [random.range(-0.5, 6.5), random.range(-0.5, 0.8), random.range(-0.5, 6.5)];
      const m = mesh.transform;
      const centre = [0, 1, 2].map((i) =>
        m[i]! * local[0]! + m[4 + i]! * local[1]! + m[8 + i]! * local[2]! + m[12 + i]!
      );
      const shape = randomShape(random, run, hulls, centre);
      const data = hullData(shape);
      hullMeshContacts(data, shape.transform, shape.aabb, mesh, speculative, viaTree);
      hullMeshContacts(data, shape.transform, shape.aabb, every, speculative, viaAll);
      expect(manifoldKeys(viaTree)).toEqual(manifoldKeys(viaAll));
      if (viaTree.count > 0) touching++;
    }
    expect(touching).toBeGreaterThan(500);
  }, SLOW);
});

describe('a heightfield gives the contacts of the mesh of its triangles', () => {
  it(
    'box and hull, posed, with holes (2,000 placements; centre above the surface)',
    () => {
      const random = new Random(SEED + 2);
      const t = slopedTerrain(random, 9, 11, 1, true);
      const { list, triangleOfMesh } = heightfieldTriangles(
        t.rows,
        t.columns,
        t.heights,
        1,
        t.holes,
      );
      const pose: [number[], number[]] = [[5, -2, 1e3], random.rotation()];
      const field = new Heightfield(t.rows, t.columns, t.heights, 1, { holes: t.holes }).setPose(
        ...pose,
      );
      const mesh = new TriangleMesh(list.vertices, list.indices).setPose(...pose);
      const hulls = Array.from({ length: 12 }, () => randomHull(random, random.range(0.1, 0.8)));
      const viaField = new MeshManifold(), viaMesh = new MeshManifold();
      const speculative = new CollisionData({ capacity: 8, tolerance: 0.01 });
      let touching = 0, sunk = 0, lastResort = 0;
      for (let run = 0; run < 2000; run++) {
        const local = [random.range(-0.5, 10.5), random.range(-1, 1.5), random.range(-0.5, 8.5)];
        const m = field.transform;
        const centre = [0, 1, 2].map((i) =>
          m[i]! * local[0]! + m[4 + i]! * local[1]! + m[8 + i]! * local[2]! + m[12 + i]!
        );
        const shape = randomShape(random, run, hulls, centre);
        const data = hullData(shape);
        hullMeshContacts(data, shape.transform, shape.aabb, field, speculative, viaField);
        hullMeshContacts(data, shape.transform, shape.aabb, mesh, speculative, viaMesh);
        // A centre below the surface: the heightfield's solid below answers there and the mesh
        // (no inside) does not; those placements are the solid-below tests'.
        const s = shape.transform, c = data.centre;
        const w = [0, 1, 2].map((i) =>
          s[i]! * c[0]! + s[4 + i]! * c[1]! + s[8 + i]! * c[2]! + s[12 + i]! - m[12 + i]!
        );
        const p = [0, 4, 8].map((k) => m[k]! * w[0]! + m[k + 1]! * w[1]! + m[k + 2]! * w[2]!);
        if (behindATriangle(list, p, 0)) {
          sunk++;
          continue;
        }
        // Where no triangle answered, both answer from the prisms (F21, F69), and the field from
        // the columns too (F23: corners in the solid, the centre behind a slope's plane), which
        // the mesh, with no solid, has not: the mesh's contacts are then some of the field's;
        // counted below.
        const fieldKeys = manifoldKeys(viaField);
        const meshKeys = manifoldKeys(viaMesh, (code) => triangleOfMesh[code]!);
        if (
          viaField.count > viaMesh.count && meshKeys.every((key) => fieldKeys.includes(key))
        ) {
          lastResort++;
          continue;
        }
        expect(fieldKeys).toEqual(meshKeys);
        if (viaField.count > 0) touching++;
      }
      expect(touching).toBeGreaterThan(300);
      expect(sunk).toBeLessThan(1000);
      expect(lastResort).toBeLessThan(200);
    },
    SLOW,
  );
});

describe('on slopes: every normal inside the cone of a feature it touches', () => {
  it(
    'box and hull: the deepest contact of each normal names a feature whose cone holds it',
    () => {
      const random = new Random(SEED + 3);
      const t = slopedTerrain(random, 7, 7, 1, true);
      const { list, triangleOfMesh } = heightfieldTriangles(
        t.rows,
        t.columns,
        t.heights,
        1,
        t.holes,
      );
      const meshIndexOf = new Map(triangleOfMesh.map((h, m) => [h, m]));
      const field = new Heightfield(t.rows, t.columns, t.heights, 1, { holes: t.holes });
      const hulls = Array.from(
        { length: 16 },
        () => randomHull(random, random.logRange(0.05, 0.8)),
      );
      const manifold = new MeshManifold();
      const data = new CollisionData({ capacity: 8 });
      let edges = 0, vertices = 0, touching = 0;
      for (let run = 0; run < RUNS; run++) {
        const centre = [random.range(-0.3, 6.3), random.range(-1.2, 1.5), random.range(-0.3, 6.3)];
        const shape = randomShape(random, run, hulls, centre);
        hullMeshContacts(hullData(shape), shape.transform, shape.aabb, field, data, manifold);
        if (manifold.count > 0) touching++;
        const contacts = manifold.contacts.slice(0, manifold.count);
        for (const c of contacts) {
          // The patch a normal came with: the deepest contact of that normal names the feature
          // the rule let it through at (its other points share the normal, as any manifold's).
          const deepest = contacts.filter((o) =>
            o.nx * c.nx + o.ny * c.ny + o.nz * c.nz > 1 - 1e-12
          )
            .reduce((a, b) => (b.depth > a.depth ? b : a));
          if (deepest !== c) continue;
          const local = c.second % 8, meshIndex = meshIndexOf.get(Math.floor(c.second / 8));
          expect(meshIndex).toBeDefined();
          // 1e-4: a hull face counts as level with an edge within that sine (hull-mesh-contacts.ts).
          // A hull face named by an edge it is level with need not be square to that edge.
          const normal: Vec3 = [c.nx, c.ny, c.nz];
          const problem = coneProblem(list, meshIndex!, local, normal, 1.01e-4, 1e-9, Infinity);
          if (problem) {
            throw new Error(
              `normal ${[c.nx, c.ny, c.nz]} outside the cone of feature ${local} of triangle ${
                Math.floor(c.second / 8)
              } (${problem}): ${shape.constructor.name} at ${centre}, run ${run}`,
            );
          }
          if (local >= 1 && local <= 3) edges++;
          if (local >= 4) vertices++;
        }
      }
      // Edge and vertex cones were exercised, not only faces.
      expect(touching).toBeGreaterThan(RUNS / 10);
      expect(edges).toBeGreaterThan(RUNS / 100);
      expect(vertices).toBeGreaterThan(RUNS / 1000);
    },
    TIMEOUT,
  );
});

/**
 * The terrain's height under (x, z) by the layout DESIGN.md pins (cell (i, j) split along its
 * diagonal from (i, j) to (i + 1, j + 1)), or NaN outside the grid or over a hole.
 */
function surfaceHeight(t: Terrain, x: number, z: number): number {
  const j = Math.floor(x), i = Math.floor(z);
  if (i < 0 || j < 0 || i >= t.rows - 1 || j >= t.columns - 1) return NaN;
  if (t.holes[i * (t.columns - 1) + j]) return NaN;
  const u = x - j, v = z - i;
  const h = (r: number, c: number) => t.heights[r * t.columns + c]!;
  // Below the diagonal (v >= u): corners (i, j), (i + 1, j), (i + 1, j + 1); above it the other.
  return v >= u
    ? h(i, j) + v * (h(i + 1, j) - h(i, j)) + u * (h(i + 1, j + 1) - h(i + 1, j))
    : h(i, j) + u * (h(i, j + 1) - h(i, j)) + v * (h(i + 1, j + 1) - h(i, j + 1));
}

describe('on slopes: a box or hull with a corner under the surface gets a contact', () => {
  it('box and hull lowered until a corner is 0 to 2% of its size under (10^4 placements)', () => {
    const random = new Random(SEED + 5);
    const t = slopedTerrain(random, 7, 7, 1, true);
    const field = new Heightfield(t.rows, t.columns, t.heights, 1, { holes: t.holes });
    const hulls = Array.from({ length: 16 }, () => randomHull(random, random.logRange(0.05, 0.8)));
    const data = new CollisionData({ capacity: 8 });
    let checked = 0, missed = 0;
    for (let run = 0; run < RUNS; run++) {
      const x = random.range(0.5, 5.5), z = random.range(0.5, 5.5);
      const shape = randomShape(random, run, hulls, [x, 0, z]);
      const turn = Array.from(shape.transform);
      const polytope = hullData(shape), local = polytope.vertices;
      const target = polytope.size * random.range(0, 0.02);
      // How far the deepest corner is under the surface with the shape's origin at height y (it
      // falls as y rises); NaN when a corner is over a hole or off the grid, where the solid
      // below is not defined.
      const under = (y: number): number => {
        let deepest = -Infinity;
        for (let k = 0; k < local.length; k += 3) {
          const w = [0, 1, 2].map((i) =>
            turn[i]! * local[k]! + turn[4 + i]! * local[k + 1]! + turn[8 + i]! * local[k + 2]! +
            (i === 1 ? y : turn[12 + i]!)
          );
          const below = surfaceHeight(t, w[0]!, w[2]!) - w[1]!;
          if (Number.isNaN(below)) return NaN;
          if (below > deepest) deepest = below;
        }
        return deepest;
      };
      let low = -3, high = 3;
      if (!(under(low) > target) || Number.isNaN(under(high))) continue;
      for (let i = 0; i < 60; i++) {
        const middle = 0.5 * (low + high);
        if (under(middle) > target) low = middle;
        else high = middle;
      }
      turn[13] = low;
      shape.setTransform(turn);
      checked++;
      data.reset();
      if (collide(shape, field, data) === 0) missed++;
    }
    expect(checked).toBeGreaterThan(RUNS / 3);
    // The README's heightfield rate: every triangle the hull reaches left it to a neighbour it
    // does not reach and the fallback's incident face, around the hull's deepest corner, lay
    // outside the triangle. It was 10 of 9,310 at the default seed (7 of 8,118 and 6 of 8,120 at seeds 1
    // and 2) until a hull whose centre sank into the solid below made the triangles over it
    // answer (F14): 0, 1 and 0 since. A fence against more, not the goal (0).
    expect(missed).toBeLessThanOrEqual(Math.ceil(0.0002 * checked));
  }, TIMEOUT);
});

describe('collide and overlap in both orders', () => {
  it('mirrored: the same points, depths and ids, normals negated; named detectors agree', () => {
    const random = new Random(SEED + 4);
    const list = bumpyMesh(random, 6);
    const mesh = new TriangleMesh(list.vertices, list.indices);
    const field = new Heightfield(
      4,
      4,
      Array.from({ length: 16 }, () => random.range(-0.3, 0.3)),
      1,
    );
    const hulls = Array.from({ length: 8 }, () => randomHull(random, random.range(0.1, 0.5)));
    const forward = new CollisionData({ capacity: 32 }),
      backward = new CollisionData({ capacity: 32 }),
      named = new CollisionData({ capacity: 32 });
    let touching = 0;
    for (let run = 0; run < 400; run++) {
      const onField = run % 4 >= 2;
      const centre = [random.range(0, 3), random.range(-0.2, 0.6), random.range(0, 3)];
      const shape = randomShape(random, run, hulls, centre);
      const target = onField ? field : mesh;
      forward.reset();
      backward.reset();
      named.reset();
      const count = collide(shape, target, forward);
      expect(collide(target, shape, backward)).toBe(count);
      const direct = shape instanceof Box
        ? onField
          ? collideBoxHeightfield(shape, field, named)
          : collideBoxTriangleMesh(shape, mesh, named)
        : onField
        ? collideConvexHullHeightfield(shape, field, named)
        : collideConvexHullTriangleMesh(shape, mesh, named);
      expect(direct).toBe(count);
      for (let i = 0; i < count; i++) {
        const a = forward.contacts[i]!, b = backward.contacts[i]!, c = named.contacts[i]!;
        expect(Array.from(b.point)).toEqual(Array.from(a.point));
        expect(Array.from(b.normal)).toEqual(Array.from(a.normal).map((x) => 0 - x));
        expect(b.penetration).toBe(a.penetration);
        expect(b.featureId).toBe(a.featureId);
        expect(Array.from(c.normal)).toEqual(Array.from(a.normal));
        expect(c.featureId).toBe(a.featureId);
      }
      expect(overlap(shape, target)).toBe(count > 0 || overlap(target, shape));
      expect(overlap(target, shape)).toBe(overlap(shape, target));
      if (count > 0) touching++;
    }
    expect(touching).toBeGreaterThan(50);
  }, SLOW);

  it('a full buffer is flagged; maxContactsPerPair keeps the deepest of each normal first', () => {
    const mesh = new TriangleMesh(CORNER.vertices, CORNER.indices);
    const box = new Box([0.2, 0.3, 0.25]).setPose([-0.18, 0.29, 0.1], [0, 0, 0, 1]);
    const two = new CollisionData({ capacity: 32, maxContactsPerPair: 2 });
    expect(collide(box, mesh, two)).toBe(2);
    // One contact per face, each its deepest: the wall 0.02, the floor 0.01.
    const depths = contactsOf(two).map((c) => c.depth).sort();
    expect(depths[0]).toBeCloseTo(0.01, 14);
    expect(depths[1]).toBeCloseTo(0.02, 14);
    const full = new CollisionData({ capacity: 1 });
    full.contactCount = 1;
    expect(collide(box, mesh, full)).toBe(0);
    expect(full.overflowed).toBe(true);
  });
});
