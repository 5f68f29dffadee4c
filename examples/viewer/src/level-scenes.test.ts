import { describe, expect, it } from 'vitest';
import { ContactKind, EdgeFlag, MeshTriangle } from '@contactkit/contacts3d';
import type { Heightfield, TriangleMesh } from '@contactkit/contacts3d';
import { secondFeatureOf } from '@contactkit/math';
import { sceneContacts } from './scenes.js';
import { createScene3 } from './scenes3d.js';
import { HOLE_CENTRE, terrain, tessellatedFloor } from './level-geometry.js';
import { loadMeshTriangle } from './features.js';
import { touchedTriangles } from './level-drawing.js';

type Vec = [number, number, number];

function sub(a: readonly number[], b: readonly number[]): Vec {
  return [a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!];
}
function dot(a: readonly number[], b: readonly number[]): number {
  return a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
}
function cross(a: readonly number[], b: readonly number[]): Vec {
  return [
    a[1]! * b[2]! - a[2]! * b[1]!,
    a[2]! * b[0]! - a[0]! * b[2]!,
    a[0]! * b[1]! - a[1]! * b[0]!,
  ];
}

/** Every kept triangle of a mesh or heightfield in world space: its caller index and corners. */
function triangles(shape: TriangleMesh | Heightfield): { index: number; corners: Vec[]; }[] {
  const out = [];
  const loaded = new MeshTriangle();
  const count = 'inputTriangleCount' in shape ? shape.inputTriangleCount : shape.triangleCount;
  for (let t = 0; t < count; t++) {
    if (!loadMeshTriangle(shape, t, loaded)) continue;
    const v = loaded.vertices;
    out.push({
      index: t,
      corners: [0, 1, 2].map((k) => [v[3 * k]!, v[3 * k + 1]!, v[3 * k + 2]!] as Vec),
    });
  }
  return out;
}

/**
 * The point of triangle abc nearest p, by brute force and sharing no code with contactkit: the
 * foot of the perpendicular when it falls inside (all three edge tests agree in sign), else the
 * nearest of the three edges' nearest points.
 */
function nearestOnTriangle(p: readonly number[], [a, b, c]: Vec[]): Vec {
  const n = cross(sub(b!, a!), sub(c!, a!));
  const foot = sub(p, n.map((v) => (v * dot(sub(p, a!), n)) / dot(n, n)));
  const inside = [[a!, b!], [b!, c!], [c!, a!]].every(([s, e]) =>
    dot(cross(sub(e!, s!), sub(foot, s!)), n) >= 0
  );
  if (inside) return foot;
  let best: Vec = a!, bestDistance = Infinity;
  for (const [s, e] of [[a!, b!], [b!, c!], [c!, a!]]) {
    const d = sub(e!, s!);
    const t = Math.max(0, Math.min(1, dot(sub(p, s!), d) / dot(d, d)));
    const q: Vec = [s![0] + t * d[0], s![1] + t * d[1], s![2] + t * d[2]];
    const distance = Math.hypot(...sub(p, q));
    if (distance < bestDistance) [best, bestDistance] = [q, distance];
  }
  return best;
}

/** Counts of the edges of a shape by flag, each edge once (`edgeIds` name them). */
function edgeCounts(mesh: TriangleMesh): number[] {
  const counts = [0, 0, 0, 0], seen = new Set<number>();
  for (let e = 0; e < mesh.edgeIds.length; e++) {
    if (seen.has(mesh.edgeIds[e]!)) continue;
    seen.add(mesh.edgeIds[e]!);
    counts[mesh.edgeFlags[e]!]!++;
  }
  return counts;
}

describe('the level geometry', () => {
  it('the floor: 96 triangles of a 6 x 6 grid, slivers among fat ones, flat inside, rim boundary', () => {
    const floor = tessellatedFloor();
    // 24 cells cut in two, 12 fanned in four from a point of their own: 96 triangles on
    // 49 + 12 = 61 points; a disc has V - E + F = 1, so 156 edges, of which the rim's 24.
    expect(floor.triangleCount).toBe(96);
    expect(floor.degenerateTriangleCount).toBe(0);
    expect(floor.positions.length / 3).toBe(61);
    const counts = edgeCounts(floor);
    expect(counts[EdgeFlag.Boundary]).toBe(24);
    expect(counts[EdgeFlag.Flat]).toBe(132);
    expect(counts[EdgeFlag.Convex]! + counts[EdgeFlag.Concave]!).toBe(0);
    // Shape of each triangle: twice its area over its longest side squared (an equilateral
    // triangle has sqrt(3)/2, the fan's sliver, 0.03 high on a side of about 0.8, about 0.04).
    const shapes = triangles(floor).map(({ corners: [a, b, c] }) => {
      const twiceArea = Math.hypot(...cross(sub(b!, a!), sub(c!, a!)));
      const longest = Math.max(
        dot(sub(b!, a!), sub(b!, a!)),
        dot(sub(c!, b!), sub(c!, b!)),
        dot(sub(a!, c!), sub(a!, c!)),
      );
      return twiceArea / longest;
    });
    expect(Math.min(...shapes)).toBeLessThan(0.06);
    expect(Math.max(...shapes)).toBeGreaterThan(0.4);
  });

  it('the terrain: a plain of flat edges on the left, ridges and valleys on the right, a hole of 8 triangles', () => {
    const field = terrain();
    expect(field.triangleCount).toBe(288);
    expect(triangles(field)).toHaveLength(280);
    const loaded = new MeshTriangle();
    const flags = { plain: new Set<number>(), hills: new Set<number>() };
    for (const { index } of triangles(field)) {
      loadMeshTriangle(field, index, loaded);
      const v = loaded.vertices;
      // The plain: x <= -0.8 (columns 0 to 4), where every height is exactly 0.
      const onPlain = Math.max(v[0]!, v[3]!, v[6]!) <= 0.8 + 1e-9;
      for (const flag of loaded.edgeFlags) (onPlain ? flags.plain : flags.hills).add(flag);
    }
    expect([...flags.plain].sort()).toEqual([EdgeFlag.Boundary, EdgeFlag.Flat]);
    expect(flags.hills).toContain(EdgeFlag.Convex);
    expect(flags.hills).toContain(EdgeFlag.Concave);
  });
});

describe('the level scenes give the contacts worked out by hand or by brute force', () => {
  it('sphere-mesh: one FaceFace contact, straight up, 0.02 deep, on the triangle under the centre', () => {
    const contacts = sceneContacts('sphere-mesh');
    expect(contacts).toHaveLength(1);
    const [c] = contacts;
    expect(c!.kind).toBe(ContactKind.FaceFace);
    expect(c!.normal).toEqual([0, 1, 0]);
    expect(c!.penetration).toBeCloseTo(0.02, 12);
    // Halfway between the sphere's bottom (-0.02) and the floor, below the centre (0.35, 0.2).
    expect(c!.point).toEqual([0.35, -0.01, 0.2].map((v) => expect.closeTo(v, 12)));
    const named = Math.floor(secondFeatureOf(c!.featureId) / 8);
    const scene = createScene3('sphere-mesh');
    const under = triangles(scene.second as TriangleMesh).find(({ index }) => index === named)!;
    const foot = nearestOnTriangle([0.35, 0, 0.2], under.corners);
    expect(Math.hypot(...sub(foot, [0.35, 0, 0.2]))).toBeLessThan(1e-12);
    // The view tints that triangle and no other: the one of the 96 whose nearest point to
    // (0.35, 0, 0.2) is that point itself.
    const containing = triangles(scene.second as TriangleMesh).filter(({ corners }) =>
      Math.hypot(...sub(nearestOnTriangle([0.35, 0, 0.2], corners), [0.35, 0, 0.2])) < 1e-12
    );
    expect(containing.map(({ index }) => index)).toEqual([named]);
    expect(touchedTriangles(contacts)).toEqual([named]);
  });

  it('capsule-mesh: every contact straight up and 0.02 deep, both ends of the segment among them', () => {
    const contacts = sceneContacts('capsule-mesh');
    expect(contacts.length).toBeGreaterThanOrEqual(2);
    for (const c of contacts) {
      expect(c.normal).toEqual([0, 1, 0]);
      expect(c.penetration).toBeCloseTo(0.02, 12);
      expect(c.point[2]).toBeCloseTo(-0.45, 12);
    }
    // The segment lies along x from -0.3 - 0.5 to -0.3 + 0.5.
    const xs = contacts.map((c) => c.point[0]!);
    expect(Math.min(...xs)).toBeCloseTo(-0.8, 12);
    expect(Math.max(...xs)).toBeCloseTo(0.2, 12);
  });

  it('sphere-heightfield: the depth is the radius less the brute-force distance to the terrain', () => {
    const scene = createScene3('sphere-heightfield');
    const centre = scene.firstStart.position;
    let nearest: Vec = [0, 0, 0], distance = Infinity;
    for (const { corners } of triangles(scene.second as Heightfield)) {
      const q = nearestOnTriangle(centre, corners);
      if (Math.hypot(...sub(centre, q)) < distance) {
        [nearest, distance] = [q, Math.hypot(...sub(centre, q))];
      }
    }
    const contacts = sceneContacts('sphere-heightfield');
    const deepest = contacts.reduce((a, b) => (b.penetration > a.penetration ? b : a));
    expect(deepest.penetration).toBeCloseTo(0.3 - distance, 12);
    // On the slope: the normal points from the nearest point to the centre, not straight up.
    expect(deepest.normal).toEqual(
      sub(centre, nearest).map((v) => expect.closeTo(v / distance, 9)),
    );
    expect(deepest.normal[1]).toBeLessThan(0.99);
  });

  it('capsule-heightfield: across the hole, held up at both ends, never inside the hole', () => {
    const contacts = sceneContacts('capsule-heightfield');
    const [hx, , hz] = HOLE_CENTRE;
    for (const c of contacts) {
      expect(c.normal).toEqual([0, 1, 0]);
      expect(c.penetration).toBeCloseTo(0.02, 12);
      // On the capsule's line, not over the open part of the hole (0.4 either side of its
      // centre; the rim's clip point lies within 1e-9 of it).
      expect(c.point[2]).toBeCloseTo(hz + 0.1, 12);
      expect(Math.abs(c.point[0]! - hx)).toBeGreaterThan(0.4 - 1e-9);
    }
    // The segment ends 0.5 either side of the centre: the rims' points (0.4), between them on one
    // line and of the same normal, are reduced away (mesh-manifold.ts), as on a plane.
    const xs = [...new Set(contacts.map((c) => (c.point[0]! - hx).toFixed(6)))].sort();
    expect(xs).toEqual(['-0.500000', '0.500000']);
  });

  it.each(['box-mesh', 'box-heightfield'] as const)(
    '%s: every contact straight up, 0.02 deep, under the bottom face, none over the hole',
    (id) => {
      const contacts = sceneContacts(id);
      // At least three points hold a flat face up.
      expect(contacts.length).toBeGreaterThanOrEqual(3);
      const [cx, , cz] = createScene3(id).firstStart.position;
      const [hx, , hz] = HOLE_CENTRE;
      for (const c of contacts) {
        expect(c.normal).toEqual([0, 1, 0]);
        expect(c.penetration).toBeCloseTo(0.02, 12);
        expect(c.point[1]).toBeCloseTo(-0.01, 12);
        // Back into the box's frame (turned 0.5 about y): within its 0.35 x 0.25 half sizes.
        const dx = c.point[0]! - cx!, dz = c.point[2]! - cz!;
        expect(Math.abs(dx * Math.cos(0.5) - dz * Math.sin(0.5))).toBeLessThan(0.35 + 1e-9);
        expect(Math.abs(dx * Math.sin(0.5) + dz * Math.cos(0.5))).toBeLessThan(0.25 + 1e-9);
        const overHole = Math.abs(c.point[0]! - hx) < 0.4 - 1e-9 &&
          Math.abs(c.point[2]! - hz) < 0.4 - 1e-9;
        expect(overHole).toBe(false);
      }
    },
  );

  it.each(['hull-mesh', 'hull-heightfield'] as const)(
    '%s: every contact straight up, 0.02 deep, under the hexagonal cap',
    (id) => {
      const contacts = sceneContacts(id);
      expect(contacts.length).toBeGreaterThanOrEqual(3);
      const [cx, , cz] = createScene3(id).firstStart.position;
      for (const c of contacts) {
        expect(c.normal).toEqual([0, 1, 0]);
        expect(c.penetration).toBeCloseTo(0.02, 12);
        expect(Math.hypot(c.point[0]! - cx!, c.point[2]! - cz!)).toBeLessThan(0.3 + 1e-9);
      }
    },
  );
});
