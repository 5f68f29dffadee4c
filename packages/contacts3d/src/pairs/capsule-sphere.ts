/**
 * Capsule against sphere: the point of the capsule's segment closest to the sphere's centre
 * (Ericson, Real-Time Collision Detection, 5.1.2, clamped to the segment) makes the pair two
 * spheres. One contact.
 *
 * With `q` that closest point, `c` the sphere's centre and `d = |q - c|`: the normal is
 * `(q - c) / d` (from the sphere, the second shape, toward the capsule), `penetration =
 * r_capsule + r_sphere - d`, the witnesses `q - normal * r_capsule` on the capsule and
 * `c + normal * r_sphere` on the sphere, `point` their midpoint. Kind: `PointFace` when `q` is an
 * end of the segment, `EdgeFace` on its side (the sphere counts as a face, as in box-sphere);
 * feature ids pack the capsule's code (capsule.ts) and the sphere's 0.
 */
import { ContactKind, SQUARE_UNDERFLOW } from '@contactkit/math';
import type { CollisionData } from '../manifold/collision-data.js';
import { emitManifold, LocalManifold } from '../manifold/local-manifold.js';
import { CAPSULE_SIDE_FEATURE, CORE_SLACK, type Capsule } from '../shapes/capsule.js';
import type { Sphere } from '../shapes/primitives.js';
import type { PairCache } from '../manifold/pair-cache.js';

/** Scratch of `collideCapsuleSphere` and `overlapCapsuleSphere`, passed to the computation explicitly. */
const manifoldScratch = new LocalManifold();

/**
 * The contact of `capsule` and `sphere` into `manifold` (count 0 or 1), or nothing when the gap
 * exceeds `data.tolerance` (0 without `data`). A centre on the segment (closer than `CORE_SLACK`
 * of the pair's size, `halfLength + r_capsule + r_sphere`) takes the capsule's local +X axis as
 * the normal, a fixed direction across the axis, the shortest way out: penetration
 * `r_capsule + r_sphere`. The tolerance is read from its buffer, so that a call allocates
 * nothing (PERFORMANCE.md: doubles cross calls in arrays or fields).
 */
function capsuleSphereManifold(
  capsule: Capsule,
  sphere: Sphere,
  data: CollisionData | null,
  manifold: LocalManifold,
): void {
  manifold.count = 0;
  const tolerance = data === null ? 0 : data.tolerance;
  const m = capsule.transform, ms = sphere.transform;
  const halfLength = capsule.halfLength;
  const yx = m[4]!, yy = m[5]!, yz = m[6]!;
  // Relative to the capsule's centre, so that far from the origin the small difference q - c
  // keeps its digits (a centre on the segment must find it so).
  const wx = ms[12]! - m[12]!, wy = ms[13]! - m[13]!, wz = ms[14]! - m[14]!;
  // The centre's coordinate along the capsule's axis, clamped to the segment.
  const along = yx * wx + yy * wy + yz * wz;
  const clamped = along > halfLength ? halfLength : along < -halfLength ? -halfLength : along;
  const dx = yx * clamped - wx, dy = yy * clamped - wy, dz = yz * clamped - wz;
  const distanceSquared = dx * dx + dy * dy + dz * dz;
  const reach = capsule.radius + sphere.radius;
  let nx = m[0]!, ny = m[1]!, nz = m[2]!;
  let depth = reach;
  // A square that underflows is measured by Math.hypot (tolerance.ts, SQUARE_UNDERFLOW); a centre
  // exactly on the segment is not (PERFORMANCE.md: Math.hypot allocates).
  const distance = distanceSquared >= SQUARE_UNDERFLOW
    ? Math.sqrt(distanceSquared)
    : dx === 0 && dy === 0 && dz === 0
    ? 0
    : Math.hypot(dx, dy, dz);
  if (distance > CORE_SLACK * (halfLength + reach)) {
    depth = reach - distance;
    if (depth < -tolerance) return;
    nx = dx / distance;
    ny = dy / distance;
    nz = dz / distance;
  }
  // Midpoint of q - n r_capsule and c + n r_sphere.
  const shift = 0.5 * (sphere.radius - capsule.radius);
  const point = manifold.points[0]!;
  // Midpoint of q and c: c + (q - c) / 2.
  point.x = ms[12]! + 0.5 * dx + nx * shift;
  point.y = ms[13]! + 0.5 * dy + ny * shift;
  point.z = ms[14]! + 0.5 * dz + nz * shift;
  point.depth = depth;
  const end = halfLength === 0 || along <= -halfLength || along >= halfLength;
  point.kind = end ? ContactKind.PointFace : ContactKind.EdgeFace;
  // capsuleEndFeature written out: `along`, a double, would cross a call.
  point.features = (end ? (halfLength === 0 || along < 0 ? 1 : 2) : CAPSULE_SIDE_FEATURE) << 16;
  manifold.normalX = nx;
  manifold.normalY = ny;
  manifold.normalZ = nz;
  manifold.count = 1;
}

/**
 * Writes the contact of a capsule with a sphere and returns how many it wrote (0 or 1); see the
 * file comment. No contact when the gap exceeds `data.tolerance`; touching gives penetration 0.
 * A centre on the segment is pushed out along the capsule's local +X axis with penetration
 * `r_capsule + r_sphere`. A capsule of half length 0 is a sphere (feature code 1, `PointFace`).
 * When the buffer is full the contact is dropped, `data.overflowed` is set and 0 returned.
 */
export function collideCapsuleSphere<B>(
  capsule: Capsule<B>,
  sphere: Sphere<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  capsuleSphereManifold(capsule, sphere, data as CollisionData, manifoldScratch);
  return emitManifold(manifoldScratch, data, capsule.body, sphere.body, false);
}

/**
 * Whether a capsule and a sphere overlap or touch: exactly when `collideCapsuleSphere` at
 * tolerance 0 writes a contact (the same computation).
 */
export function overlapCapsuleSphere(capsule: Capsule, sphere: Sphere): boolean {
  capsuleSphereManifold(capsule, sphere, null, manifoldScratch);
  return manifoldScratch.count > 0;
}
