/**
 * The pending manifold of the pair being computed: detectors gather candidate contacts here
 * (module scratch, no allocation), then `flushPending` keeps the deepest `maxContactsPerPair` and
 * writes them into the caller's CollisionData2. Internal to the detectors.
 *
 * A pending contact is stored in the detector's own order ("computed first" and "computed
 * second"): normal from the computed second shape toward the computed first, feature codes
 * (computed first, computed second). The computed order is the pair's canonical order, so the
 * feature codes are written as they are; `flushPending(..., flip = true)` negates the normals
 * for a caller that passed the shapes the other way round.
 */
import { type ContactKind, packFeatureId } from '@contactkit/math';
import { claimContact2, type CollisionData2 } from './contact2.js';
import type { Shape2 } from './shapes.js';

/** More candidates than this for one pair keep the deepest ones. */
const MAX_PENDING = 64;
const pointX = new Float64Array(MAX_PENDING);
const pointY = new Float64Array(MAX_PENDING);
const normalX = new Float64Array(MAX_PENDING);
const normalY = new Float64Array(MAX_PENDING);
const depth = new Float64Array(MAX_PENDING);
const kinds = new Int32Array(MAX_PENDING);
const featureFirst = new Int32Array(MAX_PENDING);
const featureSecond = new Int32Array(MAX_PENDING);
const taken = new Uint8Array(MAX_PENDING);
let pendingCount = 0;

/** Starts a new pair. */
export function beginPending(): void {
  pendingCount = 0;
}

/** Number of candidates gathered so far. */
export function pendingSize(): number {
  return pendingCount;
}

/**
 * The candidate `addPending` reads: world point x, y, unit normal x, y, penetration. Detectors
 * fill it and then call `addPending`: doubles passed through a Float64Array stay unboxed, where
 * double arguments of a call V8 does not inline would each allocate a heap number.
 */
export const candidate = new Float64Array(5);

/**
 * Adds `candidate` with its kind and feature codes. When the buffer is full it replaces the
 * shallowest candidate if the new one is deeper.
 */
export function addPending(kind: ContactKind, firstFeature: number, secondFeature: number): void {
  const penetration = candidate[4]!;
  let slot = pendingCount;
  if (slot === MAX_PENDING) {
    slot = 0;
    for (let i = 1; i < MAX_PENDING; i++) if (depth[i]! < depth[slot]!) slot = i;
    if (depth[slot]! >= penetration) return;
  } else {
    pendingCount++;
  }
  pointX[slot] = candidate[0]!;
  pointY[slot] = candidate[1]!;
  normalX[slot] = candidate[2]!;
  normalY[slot] = candidate[3]!;
  depth[slot] = penetration;
  kinds[slot] = kind;
  featureFirst[slot] = firstFeature;
  featureSecond[slot] = secondFeature;
}

/**
 * Merges candidates whose normals agree (cosine above 0.999) and that lie on one line along the
 * normal, within 1e-6 of the pair's size (the sum of the bounding radii) across it, keeping the
 * deeper one (the earlier one on a tie). Concave shapes are computed piece by piece: two pieces
 * sharing an internal edge or a vertex can report the same touching point twice, and a piece
 * whose side toward the other shape is an internal edge reports a point inside its polygon, a
 * shallower copy of the point that the piece holding the surface there reports (the same point
 * of the other shape, pressed less deep): both are one contact, whose depth is the deeper.
 */
export function mergePendingDuplicates(first: Shape2, second: Shape2): void {
  const distance = 1e-6 * (first.boundingRadius + second.boundingRadius);
  const distanceSquared = distance * distance;
  let kept = 0;
  for (let i = 0; i < pendingCount; i++) {
    let duplicateOf = -1;
    for (let j = 0; j < kept; j++) {
      const nx = normalX[j]!, ny = normalY[j]!;
      const dx = pointX[i]! - pointX[j]!, dy = pointY[i]! - pointY[j]!;
      // The offset across the normal (the 2D cross product with the unit normal).
      const across = dx * ny - dy * nx;
      if (across * across <= distanceSquared && normalX[i]! * nx + normalY[i]! * ny > 0.999) {
        duplicateOf = j;
        break;
      }
    }
    if (duplicateOf >= 0) {
      if (depth[i]! > depth[duplicateOf]!) copySlot(duplicateOf, i);
    } else {
      if (kept !== i) copySlot(kept, i);
      kept++;
    }
  }
  pendingCount = kept;
}

function copySlot(target: number, source: number): void {
  pointX[target] = pointX[source]!;
  pointY[target] = pointY[source]!;
  normalX[target] = normalX[source]!;
  normalY[target] = normalY[source]!;
  depth[target] = depth[source]!;
  kinds[target] = kinds[source]!;
  featureFirst[target] = featureFirst[source]!;
  featureSecond[target] = featureSecond[source]!;
}

/**
 * Writes the deepest `min(pending, data.maxContactsPerPair)` candidates, deepest first (ties in
 * the order they were added), into `data`; sets `data.overflowed` when capacity cut them short.
 * With `flip`, normals are negated; feature ids keep the computed (canonical) order either way.
 * Returns the number written.
 */
export function flushPending(data: CollisionData2, firstBody: unknown, secondBody: unknown, flip: boolean): number {
  const wanted = pendingCount < data.maxContactsPerPair ? pendingCount : data.maxContactsPerPair;
  let room = data.contactsLeft;
  if (wanted > room) data.overflowed = true;
  else room = wanted;
  for (let i = 0; i < pendingCount; i++) taken[i] = 0;
  for (let written = 0; written < room; written++) {
    let best = -1;
    for (let i = 0; i < pendingCount; i++) {
      if (taken[i] === 0 && (best < 0 || depth[i]! > depth[best]!)) best = i;
    }
    taken[best] = 1;
    const contact = claimContact2(data, firstBody, secondBody);
    contact.point[0] = pointX[best]!;
    contact.point[1] = pointY[best]!;
    // 0 - x rather than -x: a flipped zero component stays +0.
    contact.normal[0] = flip ? 0 - normalX[best]! : normalX[best]!;
    contact.normal[1] = flip ? 0 - normalY[best]! : normalY[best]!;
    contact.penetration = depth[best]!;
    contact.kind = kinds[best]! as ContactKind;
    contact.featureId = packFeatureId(featureFirst[best]!, featureSecond[best]!);
  }
  return room;
}
