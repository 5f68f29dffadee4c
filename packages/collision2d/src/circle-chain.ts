/**
 * Circle against an open chain, by seed 000's segment-distance method, from either side (see
 * `circle-contour.ts` for the formulas and the segment index that keeps long chains fast).
 */
import type { CollisionData2 } from './contact2.js';
import { circleChainContacts, placeCircleQuery } from './circle-contour.js';
import { beginPending, flushPending, mergePendingDuplicates, pendingSize } from './manifold2.js';
import type { Chain, Circle } from './shapes.js';

/**
 * Writes the contacts of `circle` against `chain` (or a Segment); normals point from the chain
 * toward the circle's centre, on whichever side the centre is (the left normal when the centre
 * lies on a segment). One FaceFace contact per segment whose foot lies on it within
 * `radius + tolerance`; one PointFace contact at an interior corner seen from its convex side,
 * or at an open end the circle reaches past. The concave side of a corner gives two contacts,
 * one per segment. At most `data.maxContactsPerPair`, deepest first; a foot exactly at the joint
 * of two segments in line gives one contact, not two. Returns the number written.
 */
export function collideCircleChain(circle: Circle, chain: Chain, data: CollisionData2): number {
  beginPending();
  placeCircleQuery(circle, chain, data);
  circleChainContacts(chain);
  // A foot exactly at the joint of two segments in line is on both: one contact, not two.
  if (pendingSize() > 1) mergePendingDuplicates(circle, chain);
  return flushPending(data, circle.body, chain.body, false);
}
