/**
 * Manifold reduction: when a pair produced more candidate points than `maxContactsPerPair`,
 * keep the ones a solver needs: the deepest point (it carries the penetration) and then the
 * points spanning the largest contact area (they carry the torque), as Bullet's
 * btPersistentManifold::sortCachedPoints and Box2D's manifold reduction argue.
 *
 * Near ties are broken by the candidates' keys (their feature ids), not by their order: the same
 * features stay selected while the configuration moves a little, whatever order the candidates
 * were generated in, and moving both shapes rigidly selects the same features.
 */
import type { LocalManifold } from './local-manifold.js';

/** Relative slack under which two candidates count as equally spread (see the file comment). */
const TIE_SLACK = 1e-3;
/** The deepest point gets only round-off slack: the reported penetration must be the true maximum. */
const DEPTH_SLACK = 1e-9;

/**
 * Whether a candidate scoring `value` with key `key` beats the best so far (`best`, `bestKey`):
 * clearly larger, or equal within the slack and with the smaller key.
 */
function beats(value: number, key: number, best: number, bestKey: number, slack: number): boolean {
  if (value > best + slack) return true;
  return value >= best - slack && key < bestKey;
}

/**
 * Chooses up to `limit` (at least 1) of the manifold's points and writes their indices, in
 * ascending order, to `selected`; returns how many. Feature codes (distinct per point) break near
 * ties; areas are measured in the plane of the manifold's normal. Steps: (1) all of them when they
 * fit; (2) the deepest; (3) the farthest from it; (4) the two points making the largest triangles
 * on either side of that diagonal; (5) beyond four, the point farthest from everything chosen so
 * far. Allocates nothing.
 */
export function reduceManifold(
  selected: Int32Array,
  manifold: LocalManifold,
  limit: number,
): number {
  const points = manifold.points;
  const count = manifold.count;
  const nx = manifold.normalX, ny = manifold.normalY, nz = manifold.normalZ;
  if (count <= limit) {
    for (let i = 0; i < count; i++) selected[i] = i;
    return count;
  }
  // A size that moving the pair does not change: twice the largest distance from the centroid.
  let cx = 0, cy = 0, cz = 0;
  for (let i = 0; i < count; i++) {
    const point = points[i]!;
    cx += point.x;
    cy += point.y;
    cz += point.z;
  }
  cx /= count;
  cy /= count;
  cz /= count;
  let radiusSquared = 0;
  for (let i = 0; i < count; i++) {
    const point = points[i]!;
    const dx = point.x - cx, dy = point.y - cy, dz = point.z - cz;
    const distanceSquared = dx * dx + dy * dy + dz * dz;
    if (distanceSquared > radiusSquared) radiusSquared = distanceSquared;
  }
  const extent = 2 * Math.sqrt(radiusSquared);
  const depthSlack = DEPTH_SLACK * extent;
  // Squared lengths and doubled areas compare with a slack relative to the squared extent.
  const areaSlack = TIE_SLACK * extent * extent;

  // (2) The deepest point.
  let deepest = 0;
  for (let i = 1; i < count; i++) {
    if (
      beats(
        points[i]!.depth,
        points[i]!.features,
        points[deepest]!.depth,
        points[deepest]!.features,
        depthSlack,
      )
    ) deepest = i;
  }
  selected[0] = deepest;
  let chosen = 1;
  const ax = points[deepest]!.x, ay = points[deepest]!.y, az = points[deepest]!.z;

  // (3) The point farthest from the deepest, measured in the contact plane.
  let far = -1;
  if (limit >= 2) {
    let best = -1;
    for (let i = 0; i < count; i++) {
      if (i === deepest) continue;
      let dx = points[i]!.x - ax, dy = points[i]!.y - ay, dz = points[i]!.z - az;
      const along = dx * nx + dy * ny + dz * nz;
      dx -= along * nx;
      dy -= along * ny;
      dz -= along * nz;
      const distanceSquared = dx * dx + dy * dy + dz * dz;
      if (
        far < 0 ||
        beats(distanceSquared, points[i]!.features, best, points[far]!.features, areaSlack)
      ) {
        best = distanceSquared;
        far = i;
      }
    }
    selected[chosen++] = far;
  }

  // (4) Largest triangles on each side of the diagonal deepest-far: signed area about the normal.
  if (limit >= 3) {
    const ex = points[far]!.x - ax, ey = points[far]!.y - ay, ez = points[far]!.z - az;
    let positive = -1, negative = -1;
    let bestPositive = 0, bestNegative = 0;
    for (let i = 0; i < count; i++) {
      if (i === deepest || i === far) continue;
      const dx = points[i]!.x - ax, dy = points[i]!.y - ay, dz = points[i]!.z - az;
      // dot(normal, e x d): twice the signed area of triangle (deepest, far, i).
      const area = nx * (ey * dz - ez * dy) + ny * (ez * dx - ex * dz) + nz * (ex * dy - ey * dx);
      // On the diagonal up to the slack: round-off alone would say which side (step 5 may take it).
      if (Math.abs(area) <= areaSlack) continue;
      if (area > 0) {
        if (
          positive < 0 ||
          beats(area, points[i]!.features, bestPositive, points[positive]!.features, areaSlack)
        ) {
          bestPositive = area;
          positive = i;
        }
      } else if (
        negative < 0 ||
        beats(-area, points[i]!.features, bestNegative, points[negative]!.features, areaSlack)
      ) {
        bestNegative = -area;
        negative = i;
      }
    }
    // The larger triangle first, so a limit of 3 keeps the larger one.
    const positiveFirst = negative < 0 || (positive >= 0 && bestPositive >= bestNegative);
    const first = positiveFirst ? positive : negative;
    const second = positiveFirst ? negative : positive;
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
        const p = points[i]!, q = points[selected[k]!]!;
        const dx = p.x - q.x, dy = p.y - q.y, dz = p.z - q.z;
        const distanceSquared = dx * dx + dy * dy + dz * dz;
        if (distanceSquared < nearest) nearest = distanceSquared;
      }
      if (
        nearest > 0 &&
        (next < 0 || beats(nearest, points[i]!.features, best, points[next]!.features, areaSlack))
      ) {
        best = nearest;
        next = i;
      }
    }
    if (next < 0) break;
    selected[chosen++] = next;
  }

  // Ascending order keeps the contacts in candidate order, whatever the selection order was.
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
