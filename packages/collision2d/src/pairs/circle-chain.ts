/**
 * Circle against an open chain, by the segment-distance method, from either side (see
 * `circle-contour.ts` for the formulas and the segment index that keeps long chains fast).
 */
import type { CollisionData2 } from '../manifold/contact2.js';
import { CircleQuery, circleChainContacts } from './circle-contour.js';
import { emitManifold2, LocalManifold2 } from '../manifold/manifold2.js';
import type { Chain, Circle } from '../shapes/shapes.js';

/** Scratch of `collideCircleChain` (module-level: a call allocates nothing), handed on explicitly. */
const scratchQuery = new CircleQuery();
const scratchManifold = new LocalManifold2(64);

/**
 * Writes the contacts of `circle` against `chain` (or a Segment); normals point from the chain
 * toward the circle's centre, on whichever side the centre is (the left normal when the centre
 * lies on a segment). One FaceFace contact per segment whose foot lies on it within
 * `radius + tolerance`; one PointFace contact at an interior corner seen from its convex side,
 * or at an open end the circle reaches past. The concave side of a corner gives two contacts,
 * one per segment. At most `data.maxContactsPerPair`, deepest first; a foot exactly at the joint
 * of two segments in line gives one contact, not two. Returns the number written.
 */
export function collideCircleChain<B>(
  circle: Circle<B>,
  chain: Chain<B>,
  data: CollisionData2<B>,
): number {
  const query = scratchQuery, manifold = scratchManifold;
  query.set(circle, chain, data.tolerance);
  manifold.count = 0;
  circleChainContacts(chain, query, manifold);
  // A foot exactly at the joint of two segments in line is on both: one contact, not two.
  if (manifold.count > 1) manifold.mergeDuplicates(circle, chain);
  return emitManifold2(manifold, chain.transform, data, circle.body, chain.body, false);
}
