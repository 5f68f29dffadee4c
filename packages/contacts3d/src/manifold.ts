/**
 * Manifold reduction: when a pair produced more candidate points than `maxContactsPerPair`,
 * keep the ones a solver needs: the deepest point (it carries the penetration) and then the
 * points spanning the largest contact area (they carry the torque), as Bullet's
 * btPersistentManifold::sortCachedPoints and Box2D's manifold reduction argue.
 *
 * Near ties are broken toward the lower candidate index: candidates come in a fixed feature
 * order, so the same points stay selected while the configuration moves a little.
 */

/** Relative slack under which two candidates count as equally good (see the file comment). */
const TIE_SLACK = 1e-3;

/**
 * Chooses up to `limit` of the `count` candidates (points as xyz triples in `points`, depths in
 * `depths`) and writes their indices, in ascending order, to `selected`; returns how many.
 * `nx, ny, nz` is the manifold's unit normal: areas are measured in the plane it defines.
 * Steps: (1) all of them when they fit; (2) the deepest; (3) the farthest from it; (4) the two
 * points making the largest triangles on either side of that diagonal; (5) beyond four, the
 * point farthest from everything chosen so far. Allocates nothing.
 */
export function reduceManifold(
  selected: Int32Array,
  points: Float64Array,
  depths: Float64Array,
  count: number,
  nx: number,
  ny: number,
  nz: number,
  limit: number,
): number {
  if (count <= limit) {
    for (let i = 0; i < count; i++) selected[i] = i;
    return count;
  }
  let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  let maxDepth = -Infinity;
  for (let i = 0; i < count; i++) {
    const x = points[3 * i]!, y = points[3 * i + 1]!, z = points[3 * i + 2]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
    if (depths[i]! > maxDepth) maxDepth = depths[i]!;
  }
  const extent = Math.hypot(maxX - minX, maxY - minY, maxZ - minZ);
  const lengthSlack = TIE_SLACK * extent;

  // (2) The deepest point: the first whose depth is within the slack of the maximum.
  let deepest = 0;
  for (let i = 0; i < count; i++) {
    if (depths[i]! >= maxDepth - lengthSlack) {
      deepest = i;
      break;
    }
  }
  selected[0] = deepest;
  let chosen = 1;
  const ax = points[3 * deepest]!, ay = points[3 * deepest + 1]!, az = points[3 * deepest + 2]!;

  // (3) The point farthest from the deepest, measured in the contact plane.
  let far = -1;
  if (limit >= 2) {
    let best = -1;
    for (let i = 0; i < count; i++) {
      if (i === deepest) continue;
      let dx = points[3 * i]! - ax, dy = points[3 * i + 1]! - ay, dz = points[3 * i + 2]! - az;
      const along = dx * nx + dy * ny + dz * nz;
      dx -= along * nx;
      dy -= along * ny;
      dz -= along * nz;
      const distanceSquared = dx * dx + dy * dy + dz * dz;
      if (distanceSquared > best * (1 + TIE_SLACK) + lengthSlack * lengthSlack) {
        best = distanceSquared;
        far = i;
      }
    }
    selected[chosen++] = far;
  }

  // (4) Largest triangles on each side of the diagonal deepest-far: signed area about the normal.
  if (limit >= 3) {
    const ex = points[3 * far]! - ax, ey = points[3 * far + 1]! - ay, ez = points[3 * far + 2]! - az;
    let positive = -1, negative = -1;
    let bestPositive = 0, bestNegative = 0;
    for (let i = 0; i < count; i++) {
      if (i === deepest || i === far) continue;
      const dx = points[3 * i]! - ax, dy = points[3 * i + 1]! - ay, dz = points[3 * i + 2]! - az;
      // dot(normal, e x d): twice the signed area of triangle (deepest, far, i).
      const area = nx * (ey * dz - ez * dy) + ny * (ez * dx - ex * dz) + nz * (ex * dy - ey * dx);
      if (area > bestPositive * (1 + TIE_SLACK) + lengthSlack * lengthSlack) {
        bestPositive = area;
        positive = i;
      } else if (-area > bestNegative * (1 + TIE_SLACK) + lengthSlack * lengthSlack) {
        bestNegative = -area;
        negative = i;
      }
    }
    // The larger triangle first, so a limit of 3 keeps the larger one.
    const first = bestPositive >= bestNegative ? positive : negative;
    const second = first === positive ? negative : positive;
    if (first >= 0) selected[chosen++] = first;
    if (limit >= 4 && second >= 0) selected[chosen++] = second;
  }

  // (5) Farthest-point sampling for the rest.
  while (chosen < limit && chosen < count) {
    let next = -1;
    let best = -1;
    for (let i = 0; i < count; i++) {
      let nearest = Infinity;
      for (let k = 0; k < chosen; k++) {
        const j = selected[k]!;
        const dx = points[3 * i]! - points[3 * j]!, dy = points[3 * i + 1]! - points[3 * j + 1]!, dz = points[3 * i + 2]! - points[3 * j + 2]!;
        const distanceSquared = dx * dx + dy * dy + dz * dz;
        if (distanceSquared < nearest) nearest = distanceSquared;
      }
      if (nearest > best * (1 + TIE_SLACK) + lengthSlack * lengthSlack) {
        best = nearest;
        next = i;
      }
    }
    if (next < 0 || best <= 0) break;
    selected[chosen++] = next;
  }

  // Ascending order keeps the contacts in feature order, whatever the selection order was.
  for (let i = 1; i < chosen; i++) {
    const value = selected[i]!;
    let j = i - 1;
    while (j >= 0 && selected[j]! > value) {
      selected[j + 1] = selected[j]!;
      j--;
    }
    selected[j + 1] = value;
  }
  return chosen;
}
