/**
 * Which contact normals a chain segment may report, so that a shape sliding along a chain does
 * not catch on its interior vertices (Box2D v3's chain segments with ghost vertices,
 * `b2ClassifyNormal` in manifold.c, here for a two-sided chain).
 *
 * Rule: a contact of segment `i` whose normal N (from the chain toward the other shape) leans
 * toward one of the segment's vertices, or that lies at one of them, must have N inside the cone
 * spanned by the normals of that vertex's two segments, both taken on the side N points to (the
 * short arc between them; at a vertex whose segments are in line, the segment normal itself). An
 * open end is round: every normal is admitted there. A normal outside the cone is
 *  - skipped when the vertex is convex on N's side: N leans past the neighbour's normal, so the
 *    shape lies over the neighbour, whose own contacts hold it;
 *  - snapped to the segment's normal otherwise (a concave or straight vertex: the segment's face
 *    is what the shape meets).
 */
import type { Chain } from '../shapes/shapes.js';

/** The normal is inside its cone. */
export const NORMAL_ADMIT = 0;
/** Recompute the contact with the segment's normal on N's side. */
export const NORMAL_SNAP = 1;
/** Drop the contact: the neighbouring segment answers for it. */
export const NORMAL_SKIP = 2;

/**
 * Slack of the cone test on the sine of the angle: a normal within 1e-9 rad of a cone's edge
 * is inside (a snapped normal, turned into another frame and back, is a few ulps off).
 */
const CONE_SLACK = 1e-9;

/**
 * Classifies the unit normal (nx, ny), in `chain`'s frame, of a contact computed against
 * segment `segment`, by the vertex it leans toward: `NORMAL_ADMIT`, `NORMAL_SNAP` or
 * `NORMAL_SKIP` (see the file header).
 */
export function classifySegmentNormal(
  chain: Chain,
  segment: number,
  nx: number,
  ny: number,
): number {
  const normals = chain.normals;
  // N leans toward the tail when N . t <= 0, with the tangent t = (oy, -ox) (the normal is t's left).
  const towardTail = nx * normals[2 * segment + 1]! - ny * normals[2 * segment]! <= 0;
  return classifyVertexNormal(chain, segment, towardTail ? segment : segment + 1, nx, ny);
}

/**
 * Classifies the unit normal (nx, ny), in `chain`'s frame, of a contact of segment `segment` at
 * its vertex `vertex` (`segment` or `segment + 1`), by that vertex's cone.
 */
export function classifyVertexNormal(
  chain: Chain,
  segment: number,
  vertex: number,
  nx: number,
  ny: number,
): number {
  const normals = chain.normals;
  const ox = normals[2 * segment]!, oy = normals[2 * segment + 1]!;
  const towardTail = vertex === segment;
  const neighbour = towardTail ? segment - 1 : segment + 1;
  if (neighbour < 0 || neighbour === chain.segmentCount) return NORMAL_ADMIT;
  // Both normals on N's side.
  const side = nx * ox + ny * oy >= 0 ? 1 : -1;
  const ax = side * ox, ay = side * oy;
  const bx = side * normals[2 * neighbour]!, by = side * normals[2 * neighbour + 1]!;
  // turn = a x b; N is inside the short arc from a to b when a x N and N x b both have turn's sign.
  const turn = ax * by - ay * bx;
  const fromOwn = ax * ny - ay * nx, toOther = nx * by - ny * bx;
  const inside = turn > CONE_SLACK
    ? fromOwn >= -CONE_SLACK && toOther >= -CONE_SLACK
    : turn < -CONE_SLACK
    ? fromOwn <= CONE_SLACK && toOther <= CONE_SLACK
    : fromOwn <= CONE_SLACK && fromOwn >= -CONE_SLACK;
  if (inside && nx * (ax + bx) + ny * (ay + by) > 0) return NORMAL_ADMIT;
  // Convex on N's side: the chain turns away from N there. a x b = n_i x n_j whatever the side;
  // at the tail (j = i - 1) the chain turns left, t_(i-1) x t_i = -turn > 0, at the head (j = i + 1)
  // when turn > 0; a left turn is convex on the right side (side -1).
  const bend = side * turn;
  const convex = towardTail ? bend > CONE_SLACK : bend < -CONE_SLACK;
  return convex ? NORMAL_SKIP : NORMAL_SNAP;
}
