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
 * ascending order, to `selected`; returns how many. Feature codes (distinct per point) break
 * near ties; areas are measured in the plane of the manifold's normal. Steps: (1) all of them when they fit; (2) the deepest; (3) the farthest from it;
 * (4) the two points making the largest triangles on either side of that diagonal; (5) beyond
 * four, the point farthest from everything chosen so far. Allocates nothing.
 */
export function reduceManifold(selected: Int32Array, manifold: LocalManifold, limit: number): number {
  const points = manifold.points, depths = manifold.depths, keys = manifold.features, normal = manifold.normal;
  const count = manifold.count;
  const nx = normal[0]!, ny = normal[1]!, nz = normal[2]!;
  if (count <= limit) {
    for (let i = 0; i < count; i++) selected[i] = i;
    return count;
  }
  // A size that moving the pair does not change: twice the largest distance from the centroid.
  let cx = 0, cy = 0, cz = 0;
  for (let i = 0; i < count; i++) {
    cx += points[3 * i]!;
    cy += points[3 * i + 1]!;
    cz += points[3 * i + 2]!;
  }
  cx /= count;
  cy /= count;
  cz /= count;
  let radiusSquared = 0;
  for (let i = 0; i < count; i++) {
    const dx = points[3 * i]! - cx, dy = points[3 * i + 1]! - cy, dz = points[3 * i + 2]! - cz;
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
    if (beats(depths[i]!, keys[i]!, depths[deepest]!, keys[deepest]!, depthSlack)) deepest = i;
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
      if (far < 0 || beats(distanceSquared, keys[i]!, best, keys[far]!, areaSlack)) {
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
      if (area >= 0) {
        if (positive < 0 || beats(area, keys[i]!, bestPositive, keys[positive]!, areaSlack)) {
          bestPositive = area;
          positive = i;
        }
      } else if (negative < 0 || beats(-area, keys[i]!, bestNegative, keys[negative]!, areaSlack)) {
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
        const j = selected[k]!;
        const dx = points[3 * i]! - points[3 * j]!, dy = points[3 * i + 1]! - points[3 * j + 1]!, dz = points[3 * i + 2]! - points[3 * j + 2]!;
        const distanceSquared = dx * dx + dy * dy + dz * dz;
        if (distanceSquared < nearest) nearest = distanceSquared;
      }
      if (nearest > 0 && (next < 0 || beats(nearest, keys[i]!, best, keys[next]!, areaSlack))) {
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
