/**
 * Convex hull against sphere (box-sphere.ts's method for any polyhedron): the contact comes from
 * the point of the hull closest to the sphere's centre, found in the hull's frame. One contact.
 *
 * Centre outside the hull: the face planes it lies above are the only candidates; the centre's
 * projection on such a face, when it falls inside the face, is the closest point (a face,
 * FaceFace); otherwise the closest point of the hull's edges, an edge's interior (EdgeFace) or
 * an end (a vertex, PointFace) (Ericson 5.1.9's segment clamp). `normal = (q - c) / |q - c|` from
 * the sphere toward the hull, `penetration = r - |q - c|`, witnesses `q` and `c + normal r`.
 * Centre inside (or closer to the surface than `CORE_SLACK` of the pair's size, relative so that
 * the answer does not change with the unit of length): the sphere leaves through the face whose
 * plane is nearest, outward normal `f` at distance `t`: `normal = -f`,
 * `penetration = t + r`, FaceFace; ties go to the earlier face. Feature ids:
 * `packFeatureId(hull feature code, 0)`.
 */
import { ContactKind, packFeatureId } from '@contactkit/math';
import type { CollisionData } from '../manifold/collision-data.js';
import { claimOne } from '../manifold/local-manifold.js';
import { CORE_SLACK } from '../shapes/capsule.js';
import type { ConvexHull } from '../shapes/convex-hull.js';
import type { Sphere } from '../shapes/primitives.js';
import type { PairCache } from '../manifold/pair-cache.js';

/** The contact of one call, in world space (PERFORMANCE.md: doubles cross calls in arrays or fields). */
class SphereContact {
  normalX = 0;
  normalY = 0;
  normalZ = 0;
  /** The witness on the hull. */
  x = 0;
  y = 0;
  z = 0;
  penetration = 0;
  kind: ContactKind = ContactKind.FaceFace;
  feature = 0;
}

const contactScratch = new SphereContact();

/**
 * The contact of `hull` and `sphere` down to separation `data.tolerance` (0 without `data`) into
 * `out`; false when the gap is larger. The tolerance comes in its buffer, not as an argument:
 * doubles cross calls in arrays or fields (PERFORMANCE.md). Shared by `collideConvexHullSphere` and
 * `overlapConvexHullSphere`.
 */
function hullSphereContact(
  hull: ConvexHull,
  sphere: Sphere,
  data: CollisionData | null,
  out: SphereContact,
): boolean {
  const tolerance = data === null ? 0 : data.tolerance;
  const m = hull.transform, ms = sphere.transform;
  const radius = sphere.radius;
  // The centre in the hull's frame: q_k = a_k . (c - p).
  const dx = ms[12]! - m[12]!, dy = ms[13]! - m[13]!, dz = ms[14]! - m[14]!;
  const qx = m[0]! * dx + m[1]! * dy + m[2]! * dz;
  const qy = m[4]! * dx + m[5]! * dy + m[6]! * dz;
  const qz = m[8]! * dx + m[9]! * dy + m[10]! * dz;
  const planes = hull.planes, vertices = hull.vertices;
  // The face plane the centre lies farthest above; beyond r + tolerance no point is near enough.
  let nearest = 0, height = -Infinity;
  for (let f = 0; f < hull.faceCount; f++) {
    const i = 4 * f;
    const h = planes[i]! * qx + planes[i + 1]! * qy + planes[i + 2]! * qz - planes[i + 3]!;
    if (h > height) {
      height = h;
      nearest = f;
    }
  }
  if (height - radius > tolerance) return false;

  // Outside: the closest point (wx, wy, wz) and its feature, local.
  let wx = qx, wy = qy, wz = qz, distanceSquared = 0, kind: ContactKind = ContactKind.FaceFace;
  let feature = hull.faceCodes[nearest]!, face = -1;
  if (height > 0) {
    distanceSquared = Infinity;
    const faceStart = hull.faceStart, faceVertices = hull.faceVertices;
    for (let f = 0; f < hull.faceCount; f++) {
      const i = 4 * f;
      const nx = planes[i]!, ny = planes[i + 1]!, nz = planes[i + 2]!;
      const h = nx * qx + ny * qy + nz * qz - planes[i + 3]!;
      if (h <= 0) continue;
      // Inside the face when on the inner side of every edge's side plane (e x n) . (x - v) <= 0.
      const px = qx - h * nx, py = qy - h * ny, pz = qz - h * nz;
      const begin = faceStart[f]!, end = faceStart[f + 1]!;
      let inside = true;
      for (let k = begin; k < end && inside; k++) {
        const v = 3 * faceVertices[k]!, w = 3 * faceVertices[k + 1 === end ? begin : k + 1]!;
        const ex = vertices[w]! - vertices[v]!,
          ey = vertices[w + 1]! - vertices[v + 1]!,
          ez = vertices[w + 2]! - vertices[v + 2]!;
        const sx = ey * nz - ez * ny, sy = ez * nx - ex * nz, sz = ex * ny - ey * nx;
        inside =
          sx * (px - vertices[v]!) + sy * (py - vertices[v + 1]!) + sz * (pz - vertices[v + 2]!) <=
            0;
      }
      if (inside && h * h < distanceSquared) {
        distanceSquared = h * h;
        wx = px;
        wy = py;
        wz = pz;
        kind = ContactKind.FaceFace;
        feature = hull.faceCodes[f]!;
        face = f;
      }
    }
    if (distanceSquared === Infinity) {
      const edgeVertices = hull.edgeVertices;
      for (let e = 0; e < hull.edgeCount; e++) {
        const v = 3 * edgeVertices[2 * e]!, w = 3 * edgeVertices[2 * e + 1]!;
        const ax = vertices[v]!, ay = vertices[v + 1]!, az = vertices[v + 2]!;
        const ex = vertices[w]! - ax, ey = vertices[w + 1]! - ay, ez = vertices[w + 2]! - az;
        // Ericson 5.1.2: t = (q - a) . e / e . e, clamped to [0, 1].
        let t = ((qx - ax) * ex + (qy - ay) * ey + (qz - az) * ez) / (ex * ex + ey * ey + ez * ez);
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const cx = ax + t * ex, cy = ay + t * ey, cz = az + t * ez;
        const gx = qx - cx, gy = qy - cy, gz = qz - cz;
        const d = gx * gx + gy * gy + gz * gz;
        if (d < distanceSquared) {
          distanceSquared = d;
          wx = cx;
          wy = cy;
          wz = cz;
          if (t === 0 || t === 1) {
            kind = ContactKind.PointFace;
            feature = hull.vertexCodes[edgeVertices[t === 0 ? 2 * e : 2 * e + 1]!]!;
          } else {
            kind = ContactKind.EdgeFace;
            feature = hull.edgeCodes[e]!;
          }
        }
      }
    }
  }
  let lx: number, ly: number, lz: number, penetration: number;
  // Closer than this counts as on the surface: a direction read from q - w there would point
  // anywhere. Relative to the pair's size, as capsule.ts's CORE_SLACK (an absolute 1e-12 took
  // every centre near a corner of a hull of size 1e-14 as on it, across a gap).
  const slack = CORE_SLACK * (hull.size + radius);
  if (distanceSquared > slack * slack) {
    const distance = Math.sqrt(distanceSquared);
    penetration = radius - distance;
    if (penetration < -tolerance) return false;
    if (face >= 0) {
      // Over a face the direction is the face's normal, exactly (q - w would carry q's round-off).
      lx = 0 - planes[4 * face]!;
      ly = 0 - planes[4 * face + 1]!;
      lz = 0 - planes[4 * face + 2]!;
    } else {
      const inverse = 1 / distance;
      lx = (wx - qx) * inverse;
      ly = (wy - qy) * inverse;
      lz = (wz - qz) * inverse;
    }
  } else {
    // Inside or on the surface: out through the nearest face plane, at distance -height.
    const i = 4 * nearest;
    lx = 0 - planes[i]!;
    ly = 0 - planes[i + 1]!;
    lz = 0 - planes[i + 2]!;
    penetration = radius - height;
    if (penetration < -tolerance) return false;
    wx = qx - height * planes[i]!;
    wy = qy - height * planes[i + 1]!;
    wz = qz - height * planes[i + 2]!;
    kind = ContactKind.FaceFace;
    feature = hull.faceCodes[nearest]!;
  }
  out.normalX = m[0]! * lx + m[4]! * ly + m[8]! * lz;
  out.normalY = m[1]! * lx + m[5]! * ly + m[9]! * lz;
  out.normalZ = m[2]! * lx + m[6]! * ly + m[10]! * lz;
  out.x = m[12]! + m[0]! * wx + m[4]! * wy + m[8]! * wz;
  out.y = m[13]! + m[1]! * wx + m[5]! * wy + m[9]! * wz;
  out.z = m[14]! + m[2]! * wx + m[6]! * wy + m[10]! * wz;
  out.penetration = penetration;
  out.kind = kind;
  out.feature = feature;
  return true;
}

/**
 * Writes the contact of a convex hull with a sphere and returns how many it wrote (0 or 1); see
 * the file comment for the normal, the witnesses, the kinds and the feature ids. No contact when
 * the gap exceeds `data.tolerance`; touching gives penetration 0. A centre inside the hull is
 * pushed out through the nearest face plane (ties: the earlier face). When the buffer is full
 * the contact is dropped, `data.overflowed` is set and 0 returned.
 */
export function collideConvexHullSphere<B>(
  hull: ConvexHull<B>,
  sphere: Sphere<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  const found = contactScratch;
  if (!hullSphereContact(hull, sphere, data as CollisionData, found)) return 0;
  const contact = claimOne(data, hull.body, sphere.body);
  if (contact === undefined) return 0;
  const half = 0.5 * found.penetration;
  contact.point[0] = found.x + found.normalX * half;
  contact.point[1] = found.y + found.normalY * half;
  contact.point[2] = found.z + found.normalZ * half;
  contact.normal[0] = found.normalX;
  contact.normal[1] = found.normalY;
  contact.normal[2] = found.normalZ;
  contact.penetration = found.penetration;
  contact.kind = found.kind;
  contact.featureId = packFeatureId(found.feature, 0);
  return 1;
}

/**
 * Whether a convex hull and a sphere overlap or touch: exactly when `collideConvexHullSphere` at
 * tolerance 0 finds a contact.
 */
export function overlapConvexHullSphere(hull: ConvexHull, sphere: Sphere): boolean {
  return hullSphereContact(hull, sphere, null, contactScratch);
}
