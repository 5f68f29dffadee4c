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
 *
 * Also here: a chain segment loaded as a thin two-sided convex piece, as the polygon and capsule
 * detectors meet it.
 */
import { type Chain, type ConvexPiece, VERTEX_FEATURE } from '../shapes/shapes.js';

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
 * A contact's unit normal in a chain's frame, from the chain toward the other shape, handed to the
 * classifiers in fields (doubles cross calls in arrays or fields: PERFORMANCE.md, 2D kernels).
 */
export class ChainNormal {
  x = 0;
  y = 1;
}

/**
 * Classifies the unit normal in `normal` (`chain`'s frame) of a contact computed against
 * segment `segment`, by the vertex it leans toward: `NORMAL_ADMIT`, `NORMAL_SNAP` or
 * `NORMAL_SKIP` (see the file header).
 */
export function classifySegmentNormal(
  chain: Chain,
  segment: number,
  normal: ChainNormal,
): number {
  const normals = chain.normals, nx = normal.x, ny = normal.y;
  // N leans toward the tail when N . t <= 0, with the tangent t = (oy, -ox) (the normal is t's left).
  const towardTail = nx * normals[2 * segment + 1]! - ny * normals[2 * segment]! <= 0;
  return classifyVertexNormal(chain, segment, towardTail ? segment : segment + 1, normal);
}

/**
 * Classifies the unit normal in `normal` (`chain`'s frame) of a contact of segment `segment` at
 * its vertex `vertex` (`segment` or `segment + 1`), by that vertex's cone on N's side of the
 * segment; the cone of the other side admits it too. At a corner turning by more than 90 degrees
 * the cone of the convex side reaches past the segment's line: a shape touching the corner there
 * lies on the segment's other side, where the corner is concave, yet its normal is the corner's
 * (snapped to that side's face it would be pushed through the neighbour). And a normal within
 * `CONE_SLACK` of the segment's line lies on both sides (which one round-off puts it on is no
 * answer).
 */
export function classifyVertexNormal(
  chain: Chain,
  segment: number,
  vertex: number,
  normal: ChainNormal,
): number {
  const normals = chain.normals;
  const towardTail = vertex === segment;
  const neighbour = towardTail ? segment - 1 : segment + 1;
  if (neighbour < 0 || neighbour === chain.segmentCount) return NORMAL_ADMIT;
  const across = normal.x * normals[2 * segment]! + normal.y * normals[2 * segment + 1]!;
  const verdict = sideVerdict(chain, segment, neighbour, towardTail, across >= 0 ? 1 : -1, normal);
  // The other side's cone, the short arc from -n_i of the angle between the normals, holds only
  // normals within that angle of -n_i: one on this side (N . n_i > 0) only when it exceeds 90
  // degrees (n_i . n_j < 0).
  const turnsSharply = normals[2 * segment]! * normals[2 * neighbour]! +
      normals[2 * segment + 1]! * normals[2 * neighbour + 1]! < 0;
  if (
    verdict === NORMAL_ADMIT || (!turnsSharply && (across > CONE_SLACK || across < -CONE_SLACK))
  ) {
    return verdict;
  }
  return sideVerdict(chain, segment, neighbour, towardTail, across >= 0 ? -1 : 1, normal) ===
      NORMAL_ADMIT
    ? NORMAL_ADMIT
    : verdict;
}

/** `classifyVertexNormal` with both segments' normals taken on side `side` (1: left, -1: right). */
function sideVerdict(
  chain: Chain,
  segment: number,
  neighbour: number,
  towardTail: boolean,
  side: number,
  normal: ChainNormal,
): number {
  const normals = chain.normals, nx = normal.x, ny = normal.y;
  const ax = side * normals[2 * segment]!, ay = side * normals[2 * segment + 1]!;
  const bx = side * normals[2 * neighbour]!, by = side * normals[2 * neighbour + 1]!;
  // turn = a x b; N is inside the short arc from a to b when a x N and N x b both have turn's sign.
  const turn = ax * by - ay * bx;
  const fromOwn = ax * ny - ay * nx, toOther = nx * by - ny * bx;
  const slack = CONE_SLACK + turnRounding(chain, segment, neighbour);
  const inside = turn > slack
    ? fromOwn >= -CONE_SLACK && toOther >= -CONE_SLACK
    : turn < -slack
    ? fromOwn <= CONE_SLACK && toOther <= CONE_SLACK
    : fromOwn <= slack && fromOwn >= -slack;
  if (inside && nx * (ax + bx) + ny * (ay + by) > 0) return NORMAL_ADMIT;
  // Convex on N's side: the chain turns away from N there. a x b = n_i x n_j whatever the side;
  // at the tail (j = i - 1) the chain turns left, t_(i-1) x t_i = -turn > 0, at the head (j = i + 1)
  // when turn > 0; a left turn is convex on the right side (side -1).
  const bend = side * turn;
  const convex = towardTail ? bend > slack : bend < -slack;
  return convex ? NORMAL_SKIP : NORMAL_SNAP;
}

/**
 * A bound on the round-off in the sine of the turn between segments `i` and `j` (neighbours):
 * each segment's direction comes from the difference of two stored vertices, each off by half
 * an ulp of its largest coordinate, so it is off by up to about 2^-52 m / length in angle (m
 * the largest coordinate of the segment; `Chain.segmentRounding`, built once). A turn below that
 * is no turn at all: the vertex is straight whatever its sign (a vertex 1e-11 beside its
 * neighbour on a segment's line gives a short segment whose normal is a few 1e-6 rad off its
 * neighbour's, either way, at every scale).
 */
function turnRounding(chain: Chain, i: number, j: number): number {
  return chain.segmentRounding[i]! + chain.segmentRounding[j]!;
}

/**
 * Whether segment `i`'s direction is lost in the round-off of its coordinates: its angle is known
 * to no better than `CONE_SLACK` (a segment shorter than about 4e-7 of its largest coordinate,
 * a near-duplicate vertex). Its normal is then no surface's: a contact snapped to it would carry
 * a direction the rounding of the vertices chose (a uniform scale of the chain turns it).
 */
export function segmentUnresolved(chain: Chain, i: number): boolean {
  // `Chain.segmentRounding[i] > CONE_SLACK` in squares, without its division and square root
  // (the test as it was before the chain kept the rounding).
  const v = chain.vertices;
  const ax = v[2 * i]!, ay = v[2 * i + 1]!, bx = v[2 * i + 2]!, by = v[2 * i + 3]!;
  const ex = bx - ax, ey = by - ay;
  const largest = Math.max(Math.abs(ax), Math.abs(ay), Math.abs(bx), Math.abs(by));
  const rounding = 2 * Number.EPSILON * largest;
  return rounding * rounding > CONE_SLACK * CONE_SLACK * (ex * ex + ey * ey);
}

/**
 * Whether a point of segment `i` with the chain feature `code` may carry `normal` (`chain`'s
 * frame): on the segment's face, or at a vertex whose cone holds it.
 */
export function heldAtVertex(chain: Chain, i: number, code: number, normal: ChainNormal): boolean {
  return (code & VERTEX_FEATURE) === 0 ||
    classifyVertexNormal(chain, i, code & ~VERTEX_FEATURE, normal) === NORMAL_ADMIT;
}

/**
 * Loads segment `i` of `chain` into `piece` (a `ConvexPiece` of two vertices) as a thin two-sided
 * piece in the chain's frame: edge 0 from vertex `i` to `i + 1` faces right of the segment, edge 1
 * back faces left; both are named by the segment index, the vertices by their chain indices.
 */
export function loadSegmentPiece(piece: ConvexPiece, chain: Chain, i: number): void {
  const v = chain.vertices, n = chain.normals, sv = piece.vertices, sn = piece.normals;
  const packed = piece.packed, bounds = chain.segmentBounds;
  const ax = v[2 * i]!, ay = v[2 * i + 1]!, bx = v[2 * i + 2]!, by = v[2 * i + 3]!;
  const nx = n[2 * i]!, ny = n[2 * i + 1]!;
  sv[0] = ax;
  sv[1] = ay;
  sv[2] = bx;
  sv[3] = by;
  sn[0] = -nx;
  sn[1] = -ny;
  sn[2] = nx;
  sn[3] = ny;
  // `ConvexPiece.pack` written out, and the bounding circle `updateBounds` would find, which
  // the chain keeps per segment (`Chain.segmentBounds`): a segment loaded again costs no sqrt.
  packed[0] = ax;
  packed[1] = ay;
  packed[2] = -nx;
  packed[3] = -ny;
  packed[4] = bx;
  packed[5] = by;
  packed[6] = nx;
  packed[7] = ny;
  piece.centerX = bounds[3 * i]!;
  piece.centerY = bounds[3 * i + 1]!;
  piece.radius = bounds[3 * i + 2]!;
  piece.outerEdge[0] = i;
  piece.outerEdge[1] = i;
  piece.vertexIndex[0] = i;
  piece.vertexIndex[1] = i + 1;
}
