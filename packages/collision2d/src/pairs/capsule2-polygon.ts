/**
 * Capsule against polygon, in the polygon's frame: the capsule's core against each convex piece
 * of the polygon near it (`capsule2-piece.ts`: separating axes, clipping, the radius). A core
 * lying inside a concave polygon where no piece reports (each piece's outline edges facing away)
 * gets a contact per core end inside, out through the nearest outline point
 * (`inside-vertices.ts`), so an overlap never goes without a contact.
 */
import { ContactKind } from '@contactkit/math';
import { CLOSEST_NONE, collideRounded } from './rounded.js';
import type { CollisionData2 } from '../manifold/contact2.js';
import { emitManifold2, LocalManifold2 } from '../manifold/manifold2.js';
import { insideVertexContact, InsideVertexQuery } from '../clip/inside-vertices.js';
import type { Capsule2 } from '../shapes/capsule2.js';
import type { Polygon } from '../shapes/shapes.js';
import {
  CapsuleCore,
  capsulePieceContacts,
  mergeSameFeatures,
  PIECE_NEAR,
} from './capsule2-piece.js';

/** Scratch of `collideCapsule2Polygon` (module-level: a call allocates nothing), handed on explicitly. */
const scratchCore = new CapsuleCore();
const scratchManifold = new LocalManifold2(32);
const scratchBox = new Float64Array(4);
const scratchInside = new InsideVertexQuery();

/**
 * Writes the contacts of `capsule` against `polygon` (convex or concave): normals from the
 * polygon toward the capsule, points halfway between the witness points, kind FaceFace, features
 * (the capsule's flat side or round end as in `capsule2.ts`; the polygon's edge or
 * `VERTEX_FEATURE | vertex`). Up to two per convex piece the capsule meets (a capsule lying on a
 * side gets two, so it does not rock on one point); gaps down to `-data.tolerance` (speculative);
 * at most `data.maxContactsPerPair`, deepest first. Returns the number written.
 */
export function collideCapsule2Polygon<B>(
  capsule: Capsule2<B>,
  polygon: Polygon<B>,
  data: CollisionData2<B>,
): number {
  if (polygon.radius > 0) {
    return collideRounded(
      capsulePolygonCores,
      capsule,
      polygon,
      data,
      0,
      polygon.radius,
      CLOSEST_NONE,
    );
  }
  return capsulePolygonCores(capsule, polygon, data);
}

/** `collideCapsule2Polygon` on the polygon's core (its radius not counted). */
function capsulePolygonCores<B>(
  capsule: Capsule2<B>,
  polygon: Polygon<B>,
  data: CollisionData2<B>,
): number {
  const core = scratchCore, manifold = scratchManifold;
  if (!core.load(capsule, polygon, data)) return 0;
  manifold.count = 0;
  const pieces = polygon.convexPieces(), grid = polygon.pieceGrid();
  let count = pieces.length;
  if (grid) {
    core.boxInto(scratchBox);
    count = grid.query(scratchBox);
  }
  let near = false;
  for (let k = 0; k < count; k++) {
    const piece = pieces[grid ? grid.candidates[k]! : k]!;
    if (capsulePieceContacts(core, piece, manifold) === PIECE_NEAR) near = true;
  }
  if (manifold.count === 0 && near && polygon.isConvex === false) {
    insideContacts(polygon, core, manifold);
  }
  if (manifold.count > 1) {
    manifold.mergeDuplicates(capsule, polygon);
    mergeSameFeatures(manifold);
  }
  return emitManifold2(manifold, polygon.transform, data, capsule.body, polygon.body, false);
}

/**
 * The core inside a concave polygon with no piece reporting: each core end inside, out through
 * the nearest outline point, deeper by the radius (the witness on the capsule is the end less
 * the normal times the radius).
 */
function insideContacts(polygon: Polygon, core: CapsuleCore, manifold: LocalManifold2): void {
  for (let end = 0; end < 2; end++) {
    const sign = end === 0 ? -1 : 1;
    const x = core.cx + sign * core.ux * core.half, y = core.cy + sign * core.uy * core.half;
    const before = manifold.count;
    insideVertexContact(polygon, false, 1, 0, 0, 0, x, y, end, scratchInside, manifold);
    if (manifold.count === before) continue;
    const point = manifold.points[before]!;
    point.x -= 0.5 * point.normalX * core.radius;
    point.y -= 0.5 * point.normalY * core.radius;
    point.penetration += core.radius;
    point.kind = ContactKind.FaceFace;
  }
}
