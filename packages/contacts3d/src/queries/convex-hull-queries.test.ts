import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { ConvexHull } from '../shapes/convex-hull.js';
import { randomCloud } from '../test-support/hull-oracle.js';
import { cross, dot, rotate, sub, type Vec3 } from '../test-support/shapes.js';
import { massProperties } from './mass-properties.js';
import { raycast, RayHit } from './raycast.js';

function corners(h: Vec3, centre: Vec3 = [0, 0, 0]): Vec3[] {
  const out: Vec3[] = [];
  for (let i = 0; i < 8; i++) {
    out.push([
      centre[0] + (i & 1 ? h[0] : -h[0]),
      centre[1] + (i & 2 ? h[1] : -h[1]),
      centre[2] + (i & 4 ? h[2] : -h[2]),
    ]);
  }
  return out;
}

/** The fan triangles of a hull's faces (hull frame). */
function triangles(hull: ConvexHull): Vec3[][] {
  const v = (
    i: number,
  ): Vec3 => [hull.vertices[3 * i]!, hull.vertices[3 * i + 1]!, hull.vertices[3 * i + 2]!];
  const out: Vec3[][] = [];
  for (let f = 0; f < hull.faceCount; f++) {
    const begin = hull.faceStart[f]!, end = hull.faceStart[f + 1]!;
    for (let k = begin + 1; k + 1 < end; k++) {
      out.push([
        v(hull.faceVertices[begin]!),
        v(hull.faceVertices[k]!),
        v(hull.faceVertices[k + 1]!),
      ]);
    }
  }
  return out;
}

/**
 * Mass properties by another way: tetrahedra from an interior point to every fan triangle, each
 * with its volume, centroid and covariance C = V / 20 (sum v_i v_j^T + s s^T) (Tonon, "Explicit
 * exact formulas for the 3-D tetrahedron inertia tensor", 2004), summed and moved to the centroid.
 */
function byTetrahedra(hull: ConvexHull): { mass: number; centroid: Vec3; inertia: number[]; } {
  const apex: Vec3 = [hull.centre[0]!, hull.centre[1]!, hull.centre[2]!];
  let volume = 0;
  const first: Vec3 = [0, 0, 0];
  const covariance = new Array<number>(9).fill(0);
  for (const [a, b, c] of triangles(hull)) {
    const p = [sub(a!, apex), sub(b!, apex), sub(c!, apex)];
    const v = dot(p[0]!, cross(p[1]!, p[2]!)) / 6;
    volume += v;
    const s = [0, 1, 2].map((k) => p[0]![k]! + p[1]![k]! + p[2]![k]!);
    for (let k = 0; k < 3; k++) first[k]! += (v * s[k]!) / 4;
    for (let r = 0; r < 3; r++) {
      for (let q = 0; q < 3; q++) {
        let sum = s[r]! * s[q]!;
        for (const w of p) sum += w[r]! * w[q]!;
        covariance[3 * r + q]! += (v / 20) * sum;
      }
    }
  }
  const c = first.map((x) => x / volume) as Vec3;
  // Covariance about the centroid, then I = trace(C) 1 - C.
  const centred = covariance.map((x, i) => x - volume * c[(i / 3) | 0]! * c[i % 3]!);
  const trace = centred[0]! + centred[4]! + centred[8]!;
  const inertia = centred.map((x, i) => (i % 4 === 0 ? trace - x : -x));
  return { mass: volume, centroid: [c[0] + apex[0], c[1] + apex[1], c[2] + apex[2]], inertia };
}

describe('massProperties of a convex hull', () => {
  it('a box-shaped hull off its frame origin: the box closed form, at the box centre', () => {
    const hull = ConvexHull.fromPoints(corners([1, 2, 3], [5, 6, 7]));
    const result = massProperties(hull, 0.5);
    // m = 0.5 * 48 = 24; I = 24 (13, 10, 5) / 3 = (104, 80, 40).
    expect(result.mass).toBeCloseTo(24, 12);
    expect(Array.from(result.centroid).map((x) => Math.round(x * 1e12) / 1e12)).toEqual([5, 6, 7]);
    const expected = [104, 0, 0, 0, 80, 0, 0, 0, 40];
    result.inertia.forEach((x, i) => expect(x).toBeCloseTo(expected[i]!, 10));
  });

  it('a turned box: R diag R^T, its products of inertia', () => {
    const q = [0.1, 0.3, -0.2, 0.9];
    const n = Math.hypot(...q);
    const rotation = q.map((x) => x / n);
    const points = corners([1, 2, 3]).map((p) => rotate(rotation, p));
    const result = massProperties(ConvexHull.fromPoints(points));
    const diagonal = [(4 + 9) * 16, (1 + 9) * 16, (1 + 4) * 16];
    const columns = [
      rotate(rotation, [1, 0, 0]),
      rotate(rotation, [0, 1, 0]),
      rotate(rotation, [0, 0, 1]),
    ];
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) {
        const expected = columns.reduce(
          (sum, axis, k) => sum + axis[r]! * axis[c]! * diagonal[k]!,
          0,
        );
        expect(result.inertia[3 * c + r]).toBeCloseTo(expected, 9);
      }
    }
  });

  it('random hulls agree with tetrahedra summed another way, at sizes 1e-3 to 1e3', () => {
    const random = new Random(29);
    for (let run = 0; run < 200; run++) {
      let hull: ConvexHull;
      try {
        hull = ConvexHull.fromPoints(randomCloud(random).map((p) => [p[0] + 3, p[1], p[2] - 2]));
      } catch {
        continue;
      }
      const density = random.range(0.5, 2);
      const result = massProperties(hull, density);
      const expected = byTetrahedra(hull);
      const size = Math.max(...Array.from(hull.vertices).map(Math.abs));
      expect(Math.abs(result.mass - density * expected.mass)).toBeLessThanOrEqual(
        1e-9 * density * expected.mass,
      );
      for (let k = 0; k < 3; k++) {
        expect(Math.abs(result.centroid[k]! - expected.centroid[k]!)).toBeLessThanOrEqual(
          1e-9 * size,
        );
      }
      const scale = Math.max(...expected.inertia.map(Math.abs)) * density;
      for (let i = 0; i < 9; i++) {
        expect(Math.abs(result.inertia[i]! - density * expected.inertia[i]!)).toBeLessThanOrEqual(
          1e-8 * scale,
        );
      }
    }
  });
});

/** Möller and Trumbore's ray-triangle test: the ray parameter of the hit, or Infinity. */
function rayTriangle(o: Vec3, d: Vec3, [a, b, c]: Vec3[]): number {
  const e1 = sub(b!, a!), e2 = sub(c!, a!), p = cross(d, e2), det = dot(e1, p);
  if (Math.abs(det) < 1e-300) return Infinity;
  const t0 = sub(o, a!), u = dot(t0, p) / det;
  if (u < 0 || u > 1) return Infinity;
  const q = cross(t0, e1), v = dot(d, q) / det;
  if (v < 0 || u + v > 1) return Infinity;
  const t = dot(e2, q) / det;
  return t >= 0 ? t : Infinity;
}

describe('raycast against a convex hull', () => {
  const hull = ConvexHull.fromPoints(corners([1, 1, 1]));
  const hit = new RayHit();

  it('hits a cube hull face with its normal and the face code', () => {
    hull.setPose([10, 0, 0], [0, 0, 0, 1]);
    expect(raycast(hull, [0, 0.5, 0.25], [2, 0, 0], 100, hit)).toBe(true);
    expect(hit.distance).toBe(9);
    expect(Array.from(hit.point)).toEqual([9, 0.5, 0.25]);
    expect(Array.from(hit.normal)).toEqual([-1, 0, 0]);
    let face = -1;
    for (let f = 0; f < hull.faceCount; f++) if (hull.planes[4 * f] === -1) face = f;
    expect(hit.featureId).toBe(hull.faceCodes[face]);
  });

  it('misses past maxDistance, beside the hull, and parallel outside a face', () => {
    hull.setPose([10, 0, 0], [0, 0, 0, 1]);
    expect(raycast(hull, [0, 0, 0], [1, 0, 0], 8.9, hit)).toBe(false);
    expect(raycast(hull, [0, 1.5, 0], [1, 0, 0], 100, hit)).toBe(false);
    expect(raycast(hull, [0, 0, 0], [-1, 0, 0], 100, hit)).toBe(false);
  });

  it('a start inside or on the surface hits at 0 with normal -direction and featureId -1', () => {
    hull.setPose([0, 0, 0], [0, 0, 0, 1]);
    for (const origin of [[0.2, 0.1, 0], [1, 0, 0]]) {
      expect(raycast(hull, origin, [0, 3, 4], 10, hit)).toBe(true);
      expect(hit.distance).toBe(0);
      expect(Array.from(hit.normal)).toEqual([0, -0.6, -0.8]);
      expect(hit.featureId).toBe(-1);
    }
  });

  it('agrees with ray-triangle intersection over random hulls, poses and rays', () => {
    const random = new Random(31);
    let hits = 0;
    for (let run = 0; run < 500; run++) {
      let shape: ConvexHull;
      const size = random.logRange(1e-3, 1e3);
      try {
        shape = ConvexHull.fromPoints(randomCloud(random, size));
      } catch {
        continue;
      }
      const rotation = random.rotation();
      const position: Vec3 = [
        random.range(-1, 1) * size,
        random.range(-1, 1) * size,
        random.range(-1, 1) * size,
      ];
      shape.setPose(position, rotation);
      const origin: Vec3 = [
        random.range(-4, 4) * size,
        random.range(-4, 4) * size,
        random.range(-4, 4) * size,
      ];
      const target: Vec3 = [
        random.range(-1, 1) * size,
        random.range(-1, 1) * size,
        random.range(-1, 1) * size,
      ];
      const direction = sub(target, origin);
      const length = Math.hypot(...direction);
      const unit = direction.map((x) => x / length) as Vec3;
      // The reference in the hull's frame: the nearest triangle hit.
      const localOrigin = rotate(
        [-rotation[0], -rotation[1], -rotation[2], rotation[3]],
        sub(origin, position),
      );
      const localDirection = rotate([-rotation[0], -rotation[1], -rotation[2], rotation[3]], unit);
      let nearest = Infinity;
      for (const triangle of triangles(shape)) {
        nearest = Math.min(nearest, rayTriangle(localOrigin, localDirection, triangle));
      }
      let inside = true;
      for (let f = 0; f < shape.faceCount; f++) {
        const n: Vec3 = [shape.planes[4 * f]!, shape.planes[4 * f + 1]!, shape.planes[4 * f + 2]!];
        if (dot(n, localOrigin) - shape.planes[4 * f + 3]! > 0) inside = false;
      }
      const hitIt = raycast(shape, origin, direction, Infinity, hit);
      if (inside) {
        expect(hitIt && hit.distance === 0).toBe(true);
        continue;
      }
      expect(hitIt).toBe(nearest < Infinity);
      if (hitIt) {
        hits++;
        expect(Math.abs(hit.distance - nearest)).toBeLessThanOrEqual(1e-9 * size * 8);
        // The normal is a face's, and the point lies on that face's plane.
        expect(Math.abs(Math.hypot(...hit.normal) - 1)).toBeLessThan(1e-12);
      }
    }
    expect(hits).toBeGreaterThan(100);
  });
});
