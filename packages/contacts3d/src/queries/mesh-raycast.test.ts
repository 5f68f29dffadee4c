/**
 * Ray casts against meshes and heightfields: the hierarchy against a brute-force intersection
 * of every triangle (plane then inside test, not Moller-Trumbore), the heightfield against the
 * mesh of its triangles, and the one- and two-sided and inside rules of mesh-raycast.ts.
 */
import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { Heightfield } from '../mesh/heightfield.js';
import { meshFaceFeature } from '../mesh/mesh-triangle.js';
import { TriangleMesh } from '../mesh/triangle-mesh.js';
import { corner, heightfieldTriangles, type TriangleList } from '../test-support/mesh-cases.js';
import { add, cross, dot, scale, sub, type Vec3 } from '../test-support/shapes.js';
import { raycast, RayHit } from './raycast.js';

/** The nearest triangle the ray meets (front only unless two-sided): by plane and edge tests. */
function bruteForce(
  list: TriangleList,
  origin: Vec3,
  direction: Vec3,
  reach: number,
  twoSided: boolean,
): { distance: number; triangle: number; } | null {
  let best: { distance: number; triangle: number; } | null = null;
  for (let t = 0; t < list.indices.length / 3; t++) {
    const [a, b, c] = [0, 1, 2].map((k) => corner(list, t, k)) as [Vec3, Vec3, Vec3];
    const n = cross(sub(b, a), sub(c, a));
    const rate = dot(n, direction);
    if (rate === 0 || (!twoSided && rate > 0)) continue;
    const distance = dot(n, sub(a, origin)) / rate;
    if (distance < 0 || distance > reach) continue;
    const p = add(origin, scale(direction, distance));
    // Inside: p is on the inner side of each edge (relative to the area's sign).
    const inside = [[a, b], [b, c], [c, a]].every(([u, v]) =>
      dot(cross(sub(v!, u!), sub(p, u!)), n) >= -1e-12 * dot(n, n)
    );
    if (inside && (!best || distance < best.distance)) best = { distance, triangle: t };
  }
  return best;
}

function unit(v: Vec3): Vec3 {
  return scale(v, 1 / Math.hypot(...v));
}

describe('raycast against a TriangleMesh', () => {
  it(
    'the hierarchy finds the brute-force nearest triangle (3,000 rays, one- and two-sided)',
    () => {
      const random = new Random(0x7a);
      const vertices: number[] = [], indices: number[] = [];
      // A bumpy sheet and a few loose triangles above it, facing every way.
      for (let i = 0; i <= 10; i++) {
        for (let j = 0; j <= 10; j++) vertices.push(j * 0.4, random.range(-0.3, 0.3), i * 0.4);
      }
      for (let i = 0; i < 10; i++) {
        for (let j = 0; j < 10; j++) {
          const p = i * 11 + j;
          indices.push(p, p + 11, p + 12, p, p + 12, p + 1);
        }
      }
      for (let k = 0; k < 40; k++) {
        const base = vertices.length / 3;
        const centre = [random.range(0, 4), random.range(0.5, 2), random.range(0, 4)];
        for (let v = 0; v < 3; v++) {
          vertices.push(
            ...centre.map((x) => x + random.range(-0.4, 0.4)),
          );
        }
        indices.push(base, base + 1, base + 2);
      }
      const list = { vertices, indices };
      const hit = new RayHit();
      for (const twoSided of [false, true]) {
        const mesh = new TriangleMesh(vertices, indices, { twoSided });
        let hits = 0;
        for (let run = 0; run < 1500; run++) {
          const origin: Vec3 = [random.range(-1, 5), random.range(-1, 3), random.range(-1, 5)];
          const direction = unit(random.unitVector());
          const reach = random.chance(0.2) ? random.range(0, 2) : Infinity;
          const expected = bruteForce(list, origin, direction, reach, twoSided);
          const got = raycast(mesh, origin, direction, reach, hit);
          expect(got).toBe(expected !== null);
          if (!expected) continue;
          hits++;
          expect(hit.distance).toBeCloseTo(expected.distance, 9);
          // The same triangle, unless two are equally near (a shared edge).
          if (hit.featureId !== meshFaceFeature(expected.triangle)) {
            const other = hit.featureId / 8;
            expect(
              bruteForce(
                { vertices, indices: indices.slice(3 * other, 3 * other + 3) },
                origin,
                direction,
                reach,
                twoSided,
              )?.distance,
            )
              .toBeCloseTo(expected.distance, 9);
          }
          // The normal faces the origin.
          expect(dot(Array.from(hit.normal), direction)).toBeLessThan(0);
        }
        expect(hits).toBeGreaterThan(100);
      }
    },
    60_000,
  );

  it('one-sided: a ray from behind passes; two-sided: it hits with the normal facing it; posed', () => {
    const floor = [-1, 0, -1, 1, 0, -1, 1, 0, 1, -1, 0, 1];
    const indices = [0, 2, 1, 0, 3, 2];
    const hit = new RayHit();
    const oneSided = new TriangleMesh(floor, indices).setPose([0, 5, 0], [0, 0, 0, 1]);
    expect(raycast(oneSided, [0.2, 3, 0.1], [0, 1, 0], 10, hit)).toBe(false);
    expect(raycast(oneSided, [0.2, 7, 0.1], [0, -2, 0], 10, hit)).toBe(true);
    expect(hit.distance).toBe(2);
    expect(Array.from(hit.point)).toEqual([0.2, 5, 0.1]);
    expect(Array.from(hit.normal)).toEqual([0, 1, 0]);
    expect(raycast(oneSided, [0.2, 7, 0.1], [0, -1, 0], 1.5, hit)).toBe(false);
    const twoSided = new TriangleMesh(floor, indices, { twoSided: true }).setPose([0, 5, 0], [
      0,
      0,
      0,
      1,
    ]);
    expect(raycast(twoSided, [0.2, 3, 0.1], [0, 1, 0], 10, hit)).toBe(true);
    expect(hit.distance).toBe(2);
    expect(Array.from(hit.normal)).toEqual([0, -1, 0]);
    // Turned upside down: the front faces -y.
    oneSided.setPose([0, 5, 0], [1, 0, 0, 0]);
    expect(raycast(oneSided, [0.2, 7, 0.1], [0, -1, 0], 10, hit)).toBe(false);
    expect(raycast(oneSided, [0.2, 3, 0.1], [0, 1, 0], 10, hit)).toBe(true);
    expect(hit.normal[1]).toBeCloseTo(-1, 15);
  });
});

describe('raycast against a Heightfield', () => {
  it('the grid walk hits what the mesh of its triangles hits (3,000 rays, holes, posed)', () => {
    const random = new Random(0x99);
    const rows = 9, columns = 12, cellSize = 0.6;
    const heights = Array.from(
      { length: rows * columns },
      (_, k) => 0.5 * Math.sin(k) + random.range(-0.2, 0.2),
    );
    const holes = Array.from(
      { length: (rows - 1) * (columns - 1) },
      () => (random.chance(0.1) ? 1 : 0),
    );
    const { list, triangleOfMesh } = heightfieldTriangles(rows, columns, heights, cellSize, holes);
    const pose: [number[], [number, number, number, number]] = [[-3, 1, 2], random.rotation()];
    const field = new Heightfield(rows, columns, heights, cellSize, { holes }).setPose(...pose);
    const mesh = new TriangleMesh(list.vertices, list.indices).setPose(...pose);
    const m = field.transform;
    const toWorld = (v: number[], w: number) =>
      [0, 1, 2].map((i) => m[i]! * v[0]! + m[4 + i]! * v[1]! + m[8 + i]! * v[2]! + w * m[12 + i]!);
    const fieldHit = new RayHit(), meshHit = new RayHit();
    let hits = 0, inside = 0;
    for (let run = 0; run < 3000; run++) {
      const local = [random.range(-1, 8), random.range(-1, 2), random.range(-1, 6)];
      const localDirection = run % 10 === 0 ? [0, -1, 0] : random.unitVector();
      const origin = toWorld(local, 1), direction = toWorld(localDirection, 0);
      const reach = random.chance(0.2) ? random.range(0, 3) : Infinity;
      const got = raycast(field, origin, direction, reach, fieldHit);
      if (got && fieldHit.featureId === -1) {
        // Started on or below the surface over a cell that is not a hole: the mesh cast straight
        // down from above finds the surface above the origin.
        expect(fieldHit.distance).toBe(0);
        expect(
          raycast(
            mesh,
            toWorld([local[0]!, 10, local[2]!], 1),
            toWorld([0, -1, 0], 0),
            Infinity,
            meshHit,
          ),
        ).toBe(true);
        expect(10 - meshHit.distance).toBeGreaterThanOrEqual(local[1]! - 1e-9);
        inside++;
        continue;
      }
      const expected = raycast(mesh, origin, direction, reach, meshHit);
      expect(got).toBe(expected);
      if (!got) continue;
      hits++;
      expect(fieldHit.distance).toBeCloseTo(meshHit.distance, 9);
      for (let i = 0; i < 3; i++) expect(fieldHit.normal[i]).toBeCloseTo(meshHit.normal[i]!, 9);
      const meshTriangle = meshHit.featureId / 8;
      if (fieldHit.featureId !== meshFaceFeature(triangleOfMesh[meshTriangle]!)) {
        // Equally near across a shared edge: the distances agree (checked above).
        expect(Math.abs(fieldHit.featureId / 8 - triangleOfMesh[meshTriangle]!)).toBeLessThan(
          2 * columns + 2,
        );
      }
    }
    expect(hits).toBeGreaterThan(300);
    expect(inside).toBeGreaterThan(100);
  }, 60_000);
});
