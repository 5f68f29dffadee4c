/**
 * Capsule against an open chain, in the chain's frame: each segment near the capsule (found
 * through the chain's segment index) is a thin two-sided piece met by `capsule2-piece.ts`, so the
 * capsule is pushed out on whichever side of a segment it lies. No ghost contacts: each
 * segment's normal is held to the cones of its vertices as `collidePolygonChain` holds it
 * (`chain-cones.ts`): outside the cone of a straight or concave vertex it is snapped (the
 * segment's face on that side as the reference), past a convex vertex's neighbour it is left to
 * the neighbour, and if then no segment reports, the left ones are computed snapped.
 */
import type { CollisionData2 } from '../manifold/contact2.js';
import { emitManifold2, LocalManifold2 } from '../manifold/manifold2.js';
import {
  ChainNormal,
  classifySegmentNormal,
  heldAtVertex,
  loadSegmentPiece,
  NORMAL_ADMIT,
  NORMAL_SKIP,
  NORMAL_SNAP,
} from '../contours/chain-cones.js';
import type { Capsule2 } from '../shapes/capsule2.js';
import { type Chain, ConvexPiece } from '../shapes/shapes.js';
import { CapsuleCore, capsulePieceContacts, mergeSameFeatures } from './capsule2-piece.js';

/** Scratch of `collideCapsule2Chain` (module-level: a call allocates nothing), handed on explicitly. */
const scratchCore = new CapsuleCore();
const scratchSegment = new ConvexPiece(2);
const scratchManifold = new LocalManifold2(64);
/** One segment's points, classified before they join the pair's manifold. */
const scratchSegmentManifold = new LocalManifold2(4);
const scratchSnapped = new LocalManifold2(4);
const scratchNormal = new ChainNormal();
const scratchBox = new Float64Array(4);

/**
 * Writes the contacts of `capsule` against `chain` (or a Segment), from either side: normals from
 * the chain toward the capsule, points halfway between the witness points, kind FaceFace,
 * features (the capsule's flat side or round end as in `capsule2.ts`; the segment index, or
 * `VERTEX_FEATURE | vertex` for a chain vertex). Up to two per segment; a normal at a chain
 * vertex lies inside the cone of its two segments' normals (no ghost contacts); gaps down to
 * `-data.tolerance`; at most `data.maxContactsPerPair`, deepest first. Returns the number written.
 */
export function collideCapsule2Chain<B>(
  capsule: Capsule2<B>,
  chain: Chain<B>,
  data: CollisionData2<B>,
): number {
  const core = scratchCore, manifold = scratchManifold;
  if (!core.load(capsule, chain, data)) return 0;
  manifold.count = 0;
  const grid = chain.grid;
  let candidates = chain.segmentCount;
  if (grid) {
    core.boxInto(scratchBox);
    candidates = grid.query(scratchBox);
  }
  let skipped = false;
  for (let pass = 0; pass < 2; pass++) {
    // Pass 1 only when segments were skipped and none reported: then nothing is skipped.
    if (pass === 1 && (manifold.count > 0 || skipped === false)) break;
    for (let k = 0; k < candidates; k++) {
      if (segmentContacts(core, chain, grid ? grid.candidates[k]! : k, pass === 1, manifold)) {
        skipped = true;
      }
    }
  }
  if (manifold.count > 1) {
    manifold.mergeDuplicates(capsule, chain);
    mergeSameFeatures(manifold);
  }
  return emitManifold2(manifold, chain.transform, data, capsule.body, chain.body, false);
}

/**
 * Adds the contacts of the capsule's `core` against segment `i` to `manifold` (chain frame), their
 * normal classified by the segment's cones first; with `noSkip`, a normal to skip is snapped
 * instead. Returns whether they were skipped.
 */
function segmentContacts(
  core: CapsuleCore,
  chain: Chain,
  i: number,
  noSkip: boolean,
  manifold: LocalManifold2,
): boolean {
  const piece = scratchSegment, segmentManifold = scratchSegmentManifold;
  loadSegmentPiece(piece, chain, i);
  core.forcedEdge = -1;
  segmentManifold.count = 0;
  capsulePieceContacts(core, piece, segmentManifold);
  if (segmentManifold.count === 0) return false;
  const point = segmentManifold.points[0]!, normal = scratchNormal;
  normal.x = point.normalX;
  normal.y = point.normalY;
  let verdict = classifySegmentNormal(chain, i, normal);
  if (verdict === NORMAL_ADMIT) {
    // The normal leans toward a vertex that admits it (an open end, say): a point at the other
    // vertex, outside that one's cone, is a ghost there, and the points held are the answer (the
    // core nearest an open end keeps its round end's contact); with none held, snapped.
    let held = 0;
    for (let m = 0; m < segmentManifold.count; m++) {
      if (!heldAtVertex(chain, i, segmentManifold.points[m]!.secondFeature, normal)) continue;
      manifold.addPoint(segmentManifold.points[m]!);
      held++;
    }
    if (held > 0) return false;
    verdict = NORMAL_SNAP;
  }
  if (verdict === NORMAL_SKIP && !noSkip) return true;
  // Snapped: the segment's face on the normal's side (edge 1 faces left, +n; edge 0 right). A core
  // beside the segment gets nothing from it (every point first found was at a vertex outside its
  // cone, or the normal leaned past one): the neighbours answer.
  const n = chain.normals, snapped = scratchSnapped;
  core.forcedEdge = normal.x * n[2 * i]! + normal.y * n[2 * i + 1]! >= 0 ? 1 : 0;
  snapped.count = 0;
  capsulePieceContacts(core, piece, snapped);
  core.forcedEdge = -1;
  for (let m = 0; m < snapped.count; m++) manifold.addPoint(snapped.points[m]!);
  return false;
}
