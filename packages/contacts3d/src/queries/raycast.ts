/**
 * Ray casts against the primitives (Ericson, Real-Time Collision Detection, 5.3: 5.3.2 the
 * sphere, 5.3.3 the slabs of a box, 5.3.7 the cylinder of a capsule with its end spheres, 5.3.8
 * the face planes of a convex hull in convex-hull-raycast.ts; meshes and heightfields in
 * mesh-raycast.ts).
 * Semantics (DESIGN.md): the ray is `origin + distance * unit(direction)` for `distance` in
 * [0, maxDistance]; `direction` need not be unit (a zero direction is a RangeError); a ray
 * starting inside a solid (sphere, box, capsule, half-space; on its surface counts as inside)
 * hits at distance 0 with normal `-unit(direction)` and featureId -1; otherwise the normal
 * points out of the shape at the first surface point the ray meets, and a two-sided `Plane`
 * reports the normal facing the ray's origin. No allocation.
 */
import {
  copyCoordinates,
  copyFiniteArray,
  LENGTH_SQUARED_EPSILON,
  readCoordinates,
  readFiniteArray,
} from '@contactkit/math';
import { boxFaceFeature } from '../shapes/box-features.js';
import { raycastConvexHull } from './convex-hull-raycast.js';
import { raycastHeightfield, raycastTriangleMesh } from './mesh-raycast.js';
import { CAPSULE_SIDE_FEATURE, capsuleEndFeature, type Capsule } from '../shapes/capsule.js';
import {
  ShapeType,
  type AnyPrimitive,
  type Box,
  type HalfSpace,
  type Plane,
  type Sphere,
} from '../shapes/primitives.js';

/** The answer of `raycast`, reused from call to call. */
export class RayHit {
  /** Distance from the origin along the unit direction, in [0, maxDistance]. */
  distance = 0;
  /** The point hit, world space. */
  readonly point: Float64Array = new Float64Array(3);
  /** Unit normal out of the shape at the point (facing the origin for a two-sided Plane). */
  readonly normal: Float64Array = new Float64Array(3);
  /** The feature hit (box-features.ts, capsule.ts codes; 0 for spheres and planes), -1 from inside. */
  featureId = 0;
}

/** The ray after validation: origin, unit direction, reach (PERFORMANCE.md: doubles in fields). */
export class Ray {
  ox = 0;
  oy = 0;
  oz = 0;
  dx = 0;
  dy = 0;
  dz = 1;
  maxDistance = 0;
}

const rayScratch = new Ray();
const vectorScratch = new Float64Array(3);

/** Fills `hit` for distance t along the ray with the given outward normal and feature. */
export function setHit(
  ray: Ray,
  hit: RayHit,
  t: number,
  nx: number,
  ny: number,
  nz: number,
  feature: number,
): true {
  hit.distance = t;
  hit.point[0] = ray.ox + ray.dx * t;
  hit.point[1] = ray.oy + ray.dy * t;
  hit.point[2] = ray.oz + ray.dz * t;
  hit.normal[0] = nx;
  hit.normal[1] = ny;
  hit.normal[2] = nz;
  hit.featureId = feature;
  return true;
}

/** A start inside the solid: distance 0, normal against the direction, feature -1. */
export function hitInside(ray: Ray, hit: RayHit): true {
  // 0 - x: a zero component stays +0.
  return setHit(ray, hit, 0, 0 - ray.dx, 0 - ray.dy, 0 - ray.dz, -1);
}

/**
 * The first t >= 0 where the ray meets the sphere of radius r about c (Ericson 5.3.2, with the
 * start outside), or -1: t = -b - sqrt(b^2 - c), b = (o - c) . d, c = |o - c|^2 - r^2.
 */
function sphereDistance(ray: Ray, cx: number, cy: number, cz: number, r: number): number {
  const mx = ray.ox - cx, my = ray.oy - cy, mz = ray.oz - cz;
  const b = mx * ray.dx + my * ray.dy + mz * ray.dz;
  const c = mx * mx + my * my + mz * mz - r * r;
  if (b > 0) return -1;
  const discriminant = b * b - c;
  if (discriminant < 0) return -1;
  const t = -b - Math.sqrt(discriminant);
  return t < 0 ? 0 : t;
}

function raycastSphere(sphere: Sphere, ray: Ray, hit: RayHit): boolean {
  const m = sphere.transform, r = sphere.radius;
  const cx = m[12]!, cy = m[13]!, cz = m[14]!;
  const mx = ray.ox - cx, my = ray.oy - cy, mz = ray.oz - cz;
  if (mx * mx + my * my + mz * mz <= r * r) return hitInside(ray, hit);
  const t = sphereDistance(ray, cx, cy, cz, r);
  if (t < 0 || t > ray.maxDistance) return false;
  // A point sphere met exactly: no direction from the centre, the normal faces the ray.
  if (r === 0) return setHit(ray, hit, t, 0 - ray.dx, 0 - ray.dy, 0 - ray.dz, 0);
  const px = ray.ox + ray.dx * t, py = ray.oy + ray.dy * t, pz = ray.oz + ray.dz * t;
  return setHit(ray, hit, t, (px - cx) / r, (py - cy) / r, (pz - cz) / r, 0);
}

function raycastBox(box: Box, ray: Ray, hit: RayHit): boolean {
  const m = box.transform, h = box.halfSize;
  const wx = ray.ox - m[12]!, wy = ray.oy - m[13]!, wz = ray.oz - m[14]!;
  let enter = -Infinity, exit = Infinity, faceAxis = -1, faceSign = 1;
  let inside = true;
  // Ericson 5.3.3: the slabs |x_k| <= h_k in the box's frame.
  for (let k = 0; k < 3; k++) {
    const ax = m[4 * k]!, ay = m[4 * k + 1]!, az = m[4 * k + 2]!;
    const o = ax * wx + ay * wy + az * wz, d = ax * ray.dx + ay * ray.dy + az * ray.dz;
    const half = h[k]!;
    if (o > half || o < -half) inside = false;
    if (d === 0) {
      if (o > half || o < -half) return false;
      continue;
    }
    // Entering through the face the ray meets first: -h_k when moving up the axis.
    const sign = d > 0 ? -1 : 1;
    const near = (sign * half - o) / d, far = (-sign * half - o) / d;
    if (near > enter) {
      enter = near;
      faceAxis = k;
      faceSign = sign;
    }
    if (far < exit) exit = far;
  }
  if (inside) return hitInside(ray, hit);
  if (enter > exit || enter < 0 || enter > ray.maxDistance) return false;
  const nx = faceSign * m[4 * faceAxis]!,
    ny = faceSign * m[4 * faceAxis + 1]!,
    nz = faceSign * m[4 * faceAxis + 2]!;
  return setHit(ray, hit, enter, nx, ny, nz, boxFaceFeature(faceAxis, faceSign));
}

function raycastCapsule(capsule: Capsule, ray: Ray, hit: RayHit): boolean {
  const m = capsule.transform, r = capsule.radius, l = capsule.halfLength;
  const ax = m[4]!, ay = m[5]!, az = m[6]!;
  const cx = m[12]!, cy = m[13]!, cz = m[14]!;
  const wx = ray.ox - cx, wy = ray.oy - cy, wz = ray.oz - cz;
  // The origin's and the direction's components along the axis and across it.
  const along = wx * ax + wy * ay + wz * az, dAlong = ray.dx * ax + ray.dy * ay + ray.dz * az;
  const clamped = along > l ? l : along < -l ? -l : along;
  const qx = wx - ax * clamped, qy = wy - ay * clamped, qz = wz - az * clamped;
  if (qx * qx + qy * qy + qz * qz <= r * r) return hitInside(ray, hit);
  let best = Infinity, feature = CAPSULE_SIDE_FEATURE;
  // The cylinder |x - (x . a) a| = r (Ericson 5.3.7): a t^2 + 2 b t + c = 0 on the radial parts.
  const rx = wx - ax * along, ry = wy - ay * along, rz = wz - az * along;
  const ex = ray.dx - ax * dAlong, ey = ray.dy - ay * dAlong, ez = ray.dz - az * dAlong;
  const a = ex * ex + ey * ey + ez * ez;
  if (a > LENGTH_SQUARED_EPSILON && l > 0) {
    const b = rx * ex + ry * ey + rz * ez;
    const c = rx * rx + ry * ry + rz * rz - r * r;
    const discriminant = b * b - a * c;
    if (discriminant >= 0) {
      const t = (-b - Math.sqrt(discriminant)) / a;
      const y = along + t * dAlong;
      if (t >= 0 && y >= -l && y <= l) best = t;
    }
  }
  // The end spheres, on their outer halves only (the cylinder answers between them).
  for (let side = -1; side <= 1; side += 2) {
    const t = sphereDistance(ray, cx + side * l * ax, cy + side * l * ay, cz + side * l * az, r);
    if (t < 0 || t >= best) continue;
    const y = along + t * dAlong;
    if (l > 0 && side * y < l) continue;
    best = t;
    feature = capsuleEndFeature(side);
    if (l === 0) break;
  }
  if (best === Infinity || best > ray.maxDistance) return false;
  const px = wx + ray.dx * best, py = wy + ray.dy * best, pz = wz + ray.dz * best;
  const y = px * ax + py * ay + pz * az;
  const onAxis = y > l ? l : y < -l ? -l : y;
  return setHit(
    ray,
    hit,
    best,
    (px - ax * onAxis) / r,
    (py - ay * onAxis) / r,
    (pz - az * onAxis) / r,
    feature,
  );
}

function raycastPlane(plane: Plane | HalfSpace, twoSided: boolean, ray: Ray, hit: RayHit): boolean {
  const n = plane.worldNormal;
  const nx = n[0]!, ny = n[1]!, nz = n[2]!;
  const height = nx * ray.ox + ny * ray.oy + nz * ray.oz - plane.worldOffset;
  const rate = nx * ray.dx + ny * ray.dy + nz * ray.dz;
  if (!twoSided && height <= 0) return hitInside(ray, hit);
  if (height === 0) {
    // On a two-sided plane: the side the ray leaves from (the normal's own side when it runs along).
    const sign = rate > 0 ? -1 : 1;
    return setHit(ray, hit, 0, 0 + sign * nx, 0 + sign * ny, 0 + sign * nz, 0);
  }
  // Moving toward the plane: the height must shrink.
  if (height > 0 ? rate >= 0 : rate <= 0) return false;
  const t = -height / rate;
  if (t > ray.maxDistance) return false;
  const sign = height > 0 ? 1 : -1;
  return setHit(ray, hit, t, 0 + sign * nx, 0 + sign * ny, 0 + sign * nz, 0);
}

/**
 * Casts the ray `origin + distance * unit(direction)`, distance in [0, maxDistance], against
 * `shape` and returns whether it hits; on a hit fills `hit` (distance, point, outward normal,
 * featureId), otherwise leaves it unchanged. See the file comment for a start inside and for the
 * two-sided Plane. `origin` and `direction`: three finite numbers (origin within
 * `MAX_COORDINATE`), `direction` non-zero; `maxDistance` >= 0 (Infinity allowed). Throws a
 * RangeError naming the argument otherwise. Allocates nothing on valid input.
 */
export function raycast(
  shape: AnyPrimitive,
  origin: ArrayLike<number>,
  direction: ArrayLike<number>,
  maxDistance: number,
  hit: RayHit,
): boolean {
  const ray = rayScratch, v = vectorScratch;
  if (!copyCoordinates(origin, 3, v)) readCoordinates('raycast origin', origin, 3, v);
  ray.ox = v[0]!;
  ray.oy = v[1]!;
  ray.oz = v[2]!;
  if (!copyFiniteArray(direction, 3, v)) readFiniteArray('raycast direction', direction, 3, v);
  // Scaled by the largest component first, so a tiny or a huge direction normalises.
  const largest = Math.max(Math.abs(v[0]!), Math.abs(v[1]!), Math.abs(v[2]!));
  if (largest === 0) {
    throw new RangeError(
      `raycast direction must be non-zero, got [${Array.from(direction).join(', ')}]`,
    );
  }
  const sx = v[0]! / largest, sy = v[1]! / largest, sz = v[2]! / largest;
  const length = Math.sqrt(sx * sx + sy * sy + sz * sz);
  ray.dx = sx / length;
  ray.dy = sy / length;
  ray.dz = sz / length;
  if (!(maxDistance >= 0)) {
    throw new RangeError(`raycast maxDistance must be a number at least 0, got ${maxDistance}`);
  }
  ray.maxDistance = maxDistance;
  switch (shape.shapeType) {
    case ShapeType.Sphere:
      return raycastSphere(shape, ray, hit);
    case ShapeType.Box:
      return raycastBox(shape, ray, hit);
    case ShapeType.Capsule:
      return raycastCapsule(shape, ray, hit);
    case ShapeType.ConvexHull:
      return raycastConvexHull(shape, ray, hit);
    case ShapeType.Plane:
      return raycastPlane(shape, true, ray, hit);
    case ShapeType.HalfSpace:
      return raycastPlane(shape, false, ray, hit);
    case ShapeType.TriangleMesh:
      return raycastTriangleMesh(shape, ray, hit);
    case ShapeType.Heightfield:
      return raycastHeightfield(shape, ray, hit);
  }
}
