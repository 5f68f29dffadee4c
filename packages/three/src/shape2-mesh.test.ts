import { describe, it, expect } from 'vitest';
import { Vector3 } from 'three';
import type { BufferGeometry, Mesh } from 'three';
import {
  Capsule2,
  Chain,
  Circle,
  Polygon,
  Segment,
  roundedPolygonMass,
} from '@contactkit/collision2d';
import { disposeShape2Mesh, meshForShape2, syncMeshToShape2 } from './shape2-mesh.js';

function points(geometry: BufferGeometry): Vector3[] {
  const position = geometry.getAttribute('position');
  const out: Vector3[] = [];
  for (let i = 0; i < position.count; i++) out.push(new Vector3().fromBufferAttribute(position, i));
  return out;
}

function child(object: { getObjectByName(name: string): unknown; }, name: string): Mesh {
  return object.getObjectByName(name) as Mesh;
}

/** Area covered by the triangles of a group's indexed fill, each counted by its absolute area. */
function fillArea(group: { getObjectByName(name: string): unknown; }): number {
  const fill = child(group, 'fill').geometry;
  const p = points(fill);
  const index = fill.getIndex()!;
  let area = 0;
  for (let i = 0; i < index.count; i += 3) {
    const a = p[index.getX(i)]!, b = p[index.getX(i + 1)]!, c = p[index.getX(i + 2)]!;
    area += Math.abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) / 2;
  }
  return area;
}

describe('meshForShape2', () => {
  it('draws a circle as a disc, a rim of its radius and a radius line along local +x', () => {
    const group = meshForShape2(new Circle(0.75));
    for (const p of points(child(group, 'outline').geometry)) {
      expect(Math.hypot(p.x, p.y)).toBeCloseTo(0.75, 6);
    }
    expect(points(child(group, 'radius').geometry).map((p) => p.toArray())).toEqual([[0, 0, 0], [
      0.75,
      0,
      0,
    ]]);
    child(group, 'fill').geometry.computeBoundingBox();
    expect(child(group, 'fill').geometry.boundingBox!.max.x).toBeCloseTo(0.75, 6);
  });

  it('fills a concave polygon with triangles covering exactly its area', () => {
    // An L: the 2 x 2 square minus its 1 x 1 upper-right quarter, area 3.
    const polygon = new Polygon([[0, 0], [2, 0], [2, 1], [1, 1], [1, 2], [0, 2]]);
    const group = meshForShape2(polygon);
    const area = fillArea(group);
    expect(area).toBeCloseTo(3, 12);
    expect(points(child(group, 'outline').geometry).map((v) => [v.x, v.y])).toEqual(
      Array.from({ length: 6 }, (_, i) => [polygon.vertices[2 * i], polygon.vertices[2 * i + 1]]),
    );
  });

  it('draws a rounded polygon: the outline at the radius from the core, arcs at the corners', () => {
    // The L rounded by 0.25: every outline point 0.25 from the core (its signed distance), the
    // reflex corner (1, 1) met by the two moved edges at (1.25, 1.25); the fill's area the
    // rounded L's (roundedPolygonMass) less what the 64-gon arcs cut off.
    const outline = [[0, 0], [2, 0], [2, 1], [1, 1], [1, 2], [0, 2]];
    const polygon = new Polygon(outline, { radius: 0.25 });
    const group = meshForShape2(polygon);
    const rim = points(child(group, 'outline').geometry);
    for (const p of rim) {
      let nearest = Infinity;
      for (let i = 0; i < 6; i++) {
        const [ax, ay] = outline[i]!, [bx, by] = outline[(i + 1) % 6]!;
        const ex = bx! - ax!, ey = by! - ay!;
        const t = Math.max(
          0,
          Math.min(1, ((p.x - ax!) * ex + (p.y - ay!) * ey) / (ex * ex + ey * ey)),
        );
        nearest = Math.min(nearest, Math.hypot(p.x - ax! - t * ex, p.y - ay! - t * ey));
      }
      expect(nearest).toBeCloseTo(0.25, 6);
    }
    expect(rim.some((p) => Math.abs(p.x - 1.25) < 1e-6 && Math.abs(p.y - 1.25) < 1e-6)).toBe(true);
    const exact = roundedPolygonMass(outline, 0.25).area;
    expect(fillArea(group)).toBeLessThan(exact);
    expect(fillArea(group)).toBeGreaterThan(exact - 0.01);
    expect(points(child(group, 'core').geometry).length).toBe(6);
    // Radius 0: no core line, the outline through the vertices.
    expect(meshForShape2(new Polygon(outline, { radius: 0 })).getObjectByName('core'))
      .toBeUndefined();
  });

  it('draws a capsule as a filled stadium of its area, its outline the radius off its core', () => {
    const group = meshForShape2(new Capsule2(0.5, 2).setPose([1, 2], 0.3));
    expect([group.position.x, group.position.y, group.rotation.z]).toEqual([1, 2, 0.3]);
    for (const p of points(child(group, 'outline').geometry)) {
      // Distance to the core from (-2, 0) to (2, 0).
      const along = Math.max(-2, Math.min(2, p.x));
      expect(Math.hypot(p.x - along, p.y)).toBeCloseTo(0.5, 6);
    }
    expect(points(child(group, 'core').geometry).map((p) => p.toArray())).toEqual([[-2, 0, 0], [
      2,
      0,
      0,
    ]]);
    const area = fillArea(group);
    // The rectangle 4 x 1 and a disc of radius 0.5, the disc as a 64-gon (area 64/2 sin(2 pi/64) r^2).
    expect(area).toBeCloseTo(4 + 32 * Math.sin((2 * Math.PI) / 64) * 0.25, 5);
  });

  it('draws a capsule of half length 0 as a disc: the 64-gon filled, the rim at the radius', () => {
    const group = meshForShape2(new Capsule2(0.5, 0));
    for (const p of points(child(group, 'outline').geometry)) {
      expect(Math.hypot(p.x, p.y)).toBeCloseTo(0.5, 6);
    }
    const area = fillArea(group);
    // The disc as a 64-gon: 64/2 sin(2 pi/64) r^2 (the rim's repeated points at the joints add
    // nothing).
    expect(area).toBeCloseTo(32 * Math.sin((2 * Math.PI) / 64) * 0.25, 5);
  });

  it('draws a chain and a segment as open lines without a fill', () => {
    const chain = meshForShape2(new Chain([[0, 0], [1, 1], [2, 0]]));
    expect(child(chain, 'fill')).toBeUndefined();
    expect(points(child(chain, 'outline').geometry).map((v) => [v.x, v.y])).toEqual([
      [0, 0],
      [1, 1],
      [2, 0],
    ]);
    const segment = meshForShape2(new Segment([-1, 2], [3, 2]));
    expect(points(child(segment, 'outline').geometry).map((v) => [v.x, v.y])).toEqual([[-1, 2], [
      3,
      2,
    ]]);
  });

  it('draws a chain band of chainWidth: two triangles per segment, half the width to each side', () => {
    // The segment (0, 0) -> (2, 0) with width 0.2: the rectangle [0, 2] x [-0.1, 0.1], area 0.4.
    const group = meshForShape2(new Segment([0, 0], [2, 0]), { chainWidth: 0.2 });
    const p = points(child(group, 'fill').geometry);
    expect(p).toHaveLength(6);
    let area = 0;
    for (let i = 0; i < 6; i += 3) {
      const a = p[i]!, b = p[i + 1]!, c = p[i + 2]!;
      area += ((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) / 2;
    }
    expect(area).toBeCloseTo(0.4, 6);
    expect(Math.max(...p.map((v) => Math.abs(v.y)))).toBeCloseTo(0.1, 6);
  });

  it('places the object at the shape pose in the plane z = planeZ', () => {
    const polygon = new Polygon([[0, 0], [1, 0], [0, 1]]).setPose([2, -1], Math.PI / 2);
    const group = meshForShape2(polygon, { planeZ: 0.5 });
    group.updateMatrixWorld();
    // Local (1, 0) turned a quarter to (0, 1), plus (2, -1): (2, 0).
    const world = new Vector3(1, 0, 0).applyMatrix4(group.matrixWorld);
    expect(world.x).toBeCloseTo(2, 12);
    expect(world.y).toBeCloseTo(0, 12);
    expect(world.z).toBe(0.5);
    polygon.setPose([0, 3], 0);
    syncMeshToShape2(group, polygon);
    expect(group.position.toArray()).toEqual([0, 3, 0.5]);
    expect(group.rotation.z).toBe(0);
  });

  it('disposeShape2Mesh frees every geometry and material', () => {
    const group = meshForShape2(new Circle(1));
    let disposed = 0;
    group.traverse((object) => {
      const mesh = object as Partial<Mesh>;
      mesh.geometry?.addEventListener('dispose', () => disposed++);
      (mesh.material as { addEventListener?: (t: 'dispose', l: () => void) => void; } | undefined)
        ?.addEventListener?.('dispose', () => disposed++);
    });
    disposeShape2Mesh(group);
    // fill, outline and radius: a geometry and a material each.
    expect(disposed).toBe(6);
  });
});
