/**
 * How far a point must travel along a unit direction to leave a convex solid: the larger root of
 * the line's intersection with a capsule (Ericson, Real-Time Collision Detection, 5.3.7, the
 * cylinder and the two end spheres; the capsule is their union, so the line leaves it where the
 * last of them that it meets lets it go) or with a box (Liang-Barsky, the three slabs).
 *
 * Why the capsule detectors need it: a manifold of two points shares one normal n, and a point's
 * witnesses are `point -+ n * depth / 2` (DESIGN.md). When the point is not the closest pair of
 * the cores (the far end of a capsule lying nearly along another or along a box edge), the other
 * shape's surface is not straight across from it along n: its depth is how far its own deepest
 * point must move along n to reach the other surface, which puts both witnesses on the surfaces
 * (as box-box's clipped points are measured from the reference face along its normal).
 */

/** The line and the solid of one question, and its answer; doubles cross calls in arrays or fields (PERFORMANCE.md). */
export class LineExit {
  /** The start point. */
  x = 0;
  y = 0;
  z = 0;
  /** The unit direction. */
  dx = 0;
  dy = 0;
  dz = 1;
  /** A capsule's core centre, unit axis, half length and radius (`exitCapsule`). */
  cx = 0;
  cy = 0;
  cz = 0;
  ax = 0;
  ay = 1;
  az = 0;
  halfLength = 0;
  radius = 0;
  /** A box's half sizes, the box centred at the origin of the frame the line is given in (`exitBox`). */
  h0 = 0;
  h1 = 0;
  h2 = 0;
  /** The answer: start + distance * direction is where the line leaves; -Infinity when it misses. */
  distance = 0;
}

/** The larger root of u^2 + 2 b u + c = 0 scaled by `a` (a u^2 + 2 b u + c), or -Infinity; without cancellation. */
function largerRoot(a: number, b: number, c: number): number {
  const discriminant = b * b - a * c;
  if (discriminant < 0) return -Infinity;
  const root = Math.sqrt(discriminant);
  // For b > 0 the larger root -b + root loses digits: write it as c / (-b - root) (Vieta).
  return b > 0 ? -c / (b + root) : (root - b) / a;
}

/** Where the line leaves the sphere of `radius` about the point (q.cx, q.cy, q.cz) + along * axis. */
function exitEndSphere(q: LineExit, along: number): number {
  const wx = q.x - q.cx - along * q.ax,
    wy = q.y - q.cy - along * q.ay,
    wz = q.z - q.cz - along * q.az;
  const b = wx * q.dx + wy * q.dy + wz * q.dz;
  const r = q.radius;
  return largerRoot(1, b, wx * wx + wy * wy + wz * wz - r * r);
}

/** Into `q.distance`: where the line leaves the capsule, or -Infinity when it misses it. */
export function exitCapsule(q: LineExit): void {
  const h = q.halfLength, r = q.radius;
  const wx = q.x - q.cx, wy = q.y - q.cy, wz = q.z - q.cz;
  const along = wx * q.ax + wy * q.ay + wz * q.az;
  const dAlong = q.dx * q.ax + q.dy * q.ay + q.dz * q.az;
  let best = Math.max(exitEndSphere(q, -h), exitEndSphere(q, h));
  // The infinite cylinder |x - (x . a) a| = r: radial parts of the start and the direction.
  const rx = wx - along * q.ax, ry = wy - along * q.ay, rz = wz - along * q.az;
  const ex = q.dx - dAlong * q.ax, ey = q.dy - dAlong * q.ay, ez = q.dz - dAlong * q.az;
  const a = ex * ex + ey * ey + ez * ez;
  if (a > 0 && h > 0) {
    const u = largerRoot(a, rx * ex + ry * ey + rz * ez, rx * rx + ry * ry + rz * rz - r * r);
    const at = along + u * dAlong;
    // A root past the ends lies on the flat caps, inside the end spheres: they answer there.
    if (u > best && at >= -h && at <= h) best = u;
  }
  q.distance = best;
}

/** Into `q.distance`: where the line leaves the box `|x_k| <= h_k`, or -Infinity when it misses it. */
export function exitBox(q: LineExit): void {
  let enter = -Infinity, leave = Infinity;
  for (let axis = 0; axis < 3; axis++) {
    const p = axis === 0 ? q.x : axis === 1 ? q.y : q.z;
    const d = axis === 0 ? q.dx : axis === 1 ? q.dy : q.dz;
    const h = axis === 0 ? q.h0 : axis === 1 ? q.h1 : q.h2;
    if (d === 0) {
      if (p > h || p < -h) enter = Infinity;
      continue;
    }
    const t0 = (-h - p) / d, t1 = (h - p) / d;
    const low = t0 < t1 ? t0 : t1, high = t0 < t1 ? t1 : t0;
    if (low > enter) enter = low;
    if (high < leave) leave = high;
  }
  q.distance = enter <= leave ? leave : -Infinity;
}
