/**
 * Ray cast against a convex hull (Ericson, Real-Time Collision Detection, 5.3.8: the ray clipped
 * against the faces' half-spaces, Cyrus and Beck's parametric clipping): in the hull's frame,
 * every face plane either lets the ray enter (moving against its normal: the entry parameter
 * is the largest such crossing) or leave (the exit is the smallest); the ray hits when the
 * entry comes before the exit and within its reach. A start inside or on the surface hits at 0
 * with normal -direction and featureId -1, as raycast.ts states for every solid.
 */
import type { ConvexHull } from '../shapes/convex-hull.js';
import { hitInside, setHit, type Ray, type RayHit } from './raycast.js';

/**
 * Casts `ray` (unit direction, reach `maxDistance`) against `hull`; on a hit fills `hit` with
 * the entry point, the entered face's outward world normal and that face's feature code
 * (convex-hull.ts). Allocates nothing.
 */
export function raycastConvexHull(hull: ConvexHull, ray: Ray, hit: RayHit): boolean {
  const m = hull.transform, planes = hull.planes;
  // Origin and direction in the hull's frame: R^T (o - p) and R^T d.
  const rx = ray.ox - m[12]!, ry = ray.oy - m[13]!, rz = ray.oz - m[14]!;
  const ox = m[0]! * rx + m[1]! * ry + m[2]! * rz,
    oy = m[4]! * rx + m[5]! * ry + m[6]! * rz,
    oz = m[8]! * rx + m[9]! * ry + m[10]! * rz;
  const dx = m[0]! * ray.dx + m[1]! * ray.dy + m[2]! * ray.dz,
    dy = m[4]! * ray.dx + m[5]! * ray.dy + m[6]! * ray.dz,
    dz = m[8]! * ray.dx + m[9]! * ray.dy + m[10]! * ray.dz;
  let entry = 0, exit = ray.maxDistance, face = -1;
  for (let f = 0; f < hull.faceCount; f++) {
    const i = 4 * f;
    const nx = planes[i]!, ny = planes[i + 1]!, nz = planes[i + 2]!;
    // Height of the origin above the plane, and its rate along the ray.
    const height = nx * ox + ny * oy + nz * oz - planes[i + 3]!;
    const rate = nx * dx + ny * dy + nz * dz;
    if (rate === 0) {
      if (height > 0) return false;
      continue;
    }
    const t = -height / rate;
    if (rate < 0) {
      // Entering (t > 0) when above; below and moving inward it never bounds the ray.
      if (height > 0 && t > entry) {
        entry = t;
        face = f;
      }
    } else if (height > 0) {
      // Above this face and moving away from it: never inside.
      return false;
    } else if (t < exit) {
      exit = t;
    }
    if (entry > exit) return false;
  }
  if (face < 0) return hitInside(ray, hit);
  const i = 4 * face;
  const nx = planes[i]!, ny = planes[i + 1]!, nz = planes[i + 2]!;
  return setHit(
    ray,
    hit,
    entry,
    m[0]! * nx + m[4]! * ny + m[8]! * nz,
    m[1]! * nx + m[5]! * ny + m[9]! * nz,
    m[2]! * nx + m[6]! * ny + m[10]! * nz,
    hull.faceCodes[face]!,
  );
}
