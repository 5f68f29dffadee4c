/**
 * The contact set of one shape against a triangle mesh or heightfield: candidates from every
 * triangle the query found, each with its own normal (DESIGN.md: against a mesh each contact
 * carries its own normal, as 2D concave corners do), merged into one set and reduced to
 * `maxContactsPerPair` by one rule, then written out. The local manifold of the convex pairs
 * (local-manifold.ts) has one normal and 16-bit feature codes; a mesh needs neither limit, so
 * its candidates live here, with the same compute-then-emit split.
 *
 * Merging (as candidates arrive): an edge or vertex contact is one per key (the edge or vertex,
 * and for a polyhedron also its own feature there) and normal, whichever of its triangles found
 * it (the lowest triangle index names it); two contacts of one feature of the shape closer than
 * the caller's merge distance with normals within 1e-6 rad are one (the deeper kept): the same
 * point found from both triangles of a shared edge, welded. A box's corner and the crossing of
 * its edge with a triangle edge next to it are different features, both kept, so the corner is
 * not lost to a point beside it.
 *
 * Reduction (`selectMeshContacts`), always: contacts of one normal are one manifold, spanned by
 * at most 4 points, as Box3D's mesh contacts, Jolt's `PruneContactPoints` and Bullet's contact
 * reduction keep them (a box flat on many coplanar triangles otherwise gets the triangle
 * corners and edge crossings under its face, not its own corners: an uneven support for a
 * solver). (1) An anchor per distinct normal (normals within `DISTINCT_NORMAL_ANGLE` are one
 * group), deepest first, so a shape in a corner keeps a contact on each face; depths equal
 * to round-off are a tie, broken toward the one farthest from the group's centroid (a corner
 * of the footprint, not a point inside it). (2) For each group, the contact farthest from
 * its anchor; (3) the contact farthest from their line on one side, then on the other (the
 * largest triangle areas; for a row of contacts, its other end). Steps 2 and 3 take every group
 * in turn before the next step, while `maxContactsPerPair` leaves room; in a group that touches
 * (its anchor's depth at least 0), only contacts that touch. The footprint's corners
 * are the extreme points of the group, so a box resting on a flat tessellated floor gets the 4
 * contacts a plane gives it. A reduction round (the candidates full) tops its choice up by
 * farthest-point sampling. Ties go to the smaller feature id, not to arrival order.
 */
import { ContactKind, packFeatureId } from '@contactkit/math';
import { claimContact, type CollisionData } from '../manifold/collision-data.js';
import { roomFor } from '../manifold/local-manifold.js';

/** Normals closer than this angle (radians, about 5.7 degrees) are one direction for the reduction. */
export const DISTINCT_NORMAL_ANGLE = 0.1;
const DISTINCT_COSINE = Math.cos(DISTINCT_NORMAL_ANGLE);
/** Normals within about 1e-6 rad: the same direction for merging. */
const SAME_COSINE = 1 - 5e-13;
/** Depths within this fraction of the merge distance (1e-12 of the shape's size) are a tie. */
const TIE_FRACTION = 1e-6;
/** And within this fraction of the largest coordinate: the round-off of a depth computed there. */
const ROUND_OFF = 1e-13;
/** Candidates held before a reduction round makes room. */
const CANDIDATE_CAPACITY = 64;
/** What a reduction round keeps (more than the 8 contacts a pair may be given). */
const ROUND_KEEP = 16;

/** One candidate contact, in the pair's canonical order (shape first, mesh second). */
export class MeshContact {
  x = 0;
  y = 0;
  z = 0;
  /** Unit normal from the mesh toward the shape. */
  nx = 0;
  ny = 0;
  nz = 1;
  depth = 0;
  kind: ContactKind = ContactKind.FaceFace;
  /** Feature code of the shape. */
  first = 0;
  /** Feature code on the mesh (mesh-triangle.ts). */
  second = 0;
  /**
   * The edge (2 * key) or vertex (2 * key + 1) it sits on, times 2^16 plus the polyhedron's
   * feature code for a box or hull (hull-mesh-contacts.ts); -1 for a face contact.
   */
  key = -1;
}

/** The candidates of one pair. */
export class MeshManifold {
  readonly contacts: readonly MeshContact[] = Array.from(
    { length: CANDIDATE_CAPACITY },
    () => new MeshContact(),
  );
  count = 0;
  /** The next contact to add (`addMeshContact`), filled by the kernel. */
  readonly candidate = new MeshContact();
  /** The distance below which `addMeshContact` merges two points of one normal. */
  mergeDistance = 0;
  /** Indices chosen by a reduction round (scratch). */
  readonly selected: Int32Array = new Int32Array(CANDIDATE_CAPACITY);
  /** The normal group (index of its anchor) of each candidate (scratch of `selectMeshContacts`). */
  readonly groups: Int32Array = new Int32Array(CANDIDATE_CAPACITY);
  /** Each group's second contact, or -1 (scratch of `selectMeshContacts`). */
  readonly seconds: Int32Array = new Int32Array(CANDIDATE_CAPACITY);
  /** Which candidates were chosen (scratch of `selectMeshContacts`). */
  readonly marks: Uint8Array = new Uint8Array(CANDIDATE_CAPACITY);
}

/** Whether candidate (depth, second, first) beats the best so far: deeper, or as deep with smaller ids. */
function deeper(a: MeshContact, b: MeshContact): boolean {
  if (a.depth !== b.depth) return a.depth > b.depth;
  return a.second !== b.second ? a.second < b.second : a.first < b.first;
}

/**
 * Adds `manifold.candidate`, merging as the file comment says, with `manifold.mergeDistance` the
 * largest distance at which two points count as one (both fields, not arguments: PERFORMANCE.md,
 * doubles cross calls in arrays or fields). When the candidates are full a reduction round keeps
 * `ROUND_KEEP` of them first. Allocates nothing.
 */
export function addMeshContact(manifold: MeshManifold): void {
  const contacts = manifold.contacts, candidate = manifold.candidate;
  const x = candidate.x, y = candidate.y, z = candidate.z;
  const nx = candidate.nx, ny = candidate.ny, nz = candidate.nz;
  const depth = candidate.depth, second = candidate.second, key = candidate.key;
  const first = candidate.first;
  const mergeDistance = manifold.mergeDistance;
  let target = -1;
  for (let i = 0; i < manifold.count; i++) {
    const c = contacts[i]!;
    if (key >= 0 && c.key === key && c.nx * nx + c.ny * ny + c.nz * nz >= SAME_COSINE) {
      // One contact per edge or vertex (and normal): the lowest triangle index names it.
      if (second < c.second) target = i;
      else return;
      break;
    }
    const dx = c.x - x, dy = c.y - y, dz = c.z - z;
    if (
      c.first === first &&
      dx * dx + dy * dy + dz * dz <= mergeDistance * mergeDistance &&
      c.nx * nx + c.ny * ny + c.nz * nz >= SAME_COSINE
    ) {
      if (depth > c.depth || (depth === c.depth && second < c.second)) target = i;
      else return;
      break;
    }
  }
  if (target < 0) {
    if (manifold.count === CANDIDATE_CAPACITY) reduceRound(manifold);
    target = manifold.count++;
  }
  const c = contacts[target]!;
  c.x = x;
  c.y = y;
  c.z = z;
  c.nx = nx;
  c.ny = ny;
  c.nz = nz;
  c.depth = depth;
  c.kind = candidate.kind;
  c.first = candidate.first;
  c.second = second;
  c.key = key;
}

/** Keeps the `ROUND_KEEP` contacts `selectMeshContacts` chooses, in their order. */
function reduceRound(manifold: MeshManifold): void {
  const kept = selectMeshContacts(manifold.selected, manifold, ROUND_KEEP, true);
  const contacts = manifold.contacts as MeshContact[];
  // selected is ascending, so each kept contact moves down (or stays): swap the objects.
  for (let k = 0; k < kept; k++) {
    const from = manifold.selected[k]!;
    const swap = contacts[k]!;
    contacts[k] = contacts[from]!;
    contacts[from] = swap;
  }
  manifold.count = kept;
}

/**
 * Chooses up to `limit` (at least 1) of the candidates by the rule of the file comment and writes
 * their indices, ascending, to `selected`; returns how many. `fill` (a reduction round) tops the
 * choice up to `limit` by farthest-point sampling; the final choice keeps at most 4 a normal.
 */
export function selectMeshContacts(
  selected: Int32Array,
  manifold: MeshManifold,
  limit: number,
  fill = false,
): number {
  const contacts = manifold.contacts, count = manifold.count, groups = manifold.groups;
  const tolerance = manifold.mergeDistance;
  groups.fill(-1, 0, count);
  let chosen = 0;
  // (1) One anchor per distinct normal, deepest first; its group is every contact not yet grouped
  // within DISTINCT_NORMAL_ANGLE of it.
  while (chosen < limit) {
    let deepest = -1;
    for (let i = 0; i < count; i++) {
      if (groups[i]! < 0 && (deepest < 0 || deeper(contacts[i]!, contacts[deepest]!))) deepest = i;
    }
    if (deepest < 0) break;
    const d = contacts[deepest]!;
    for (let i = 0; i < count; i++) {
      const c = contacts[i]!;
      if (groups[i]! < 0 && c.nx * d.nx + c.ny * d.ny + c.nz * d.nz >= DISTINCT_COSINE) {
        groups[i] = chosen;
      }
    }
    // Depths equal to round-off are a tie (a box flat on many triangles: equal up to round-off;
    // TIE_FRACTION of the merge distance, or of the coordinates' size): of those, the one farthest
    // from the group's centroid, a corner of the footprint rather than a point inside it.
    const tie = TIE_FRACTION * tolerance +
      ROUND_OFF * Math.max(Math.abs(d.x), Math.abs(d.y), Math.abs(d.z));
    let cx = 0, cy = 0, cz = 0, members = 0;
    for (let i = 0; i < count; i++) {
      if (groups[i] !== chosen) continue;
      const c = contacts[i]!;
      cx += c.x;
      cy += c.y;
      cz += c.z;
      members++;
    }
    cx /= members;
    cy /= members;
    cz /= members;
    let anchor = deepest, far = -1;
    for (let i = 0; i < count; i++) {
      const c = contacts[i]!;
      if (groups[i] !== chosen || c.depth < d.depth - tie) continue;
      const dx = c.x - cx, dy = c.y - cy, dz = c.z - cz;
      const gap = dx * dx + dy * dy + dz * dz;
      if (gap > far || (gap === far && c.second < contacts[anchor]!.second)) {
        far = gap;
        anchor = i;
      }
    }
    selected[chosen++] = anchor;
  }
  // (2) Each normal's contacts spanned by at most 4: the anchor, the farthest from it, and the
  // farthest from their line on each side (largest triangle areas), a stage across all normals
  // before the next.
  const anchors = chosen;
  const seconds = manifold.seconds;
  for (let g = 0; g < anchors && chosen < limit; g++) {
    const a = contacts[selected[g]!]!;
    let next = -1, far = tolerance * tolerance;
    for (let i = 0; i < count; i++) {
      if (groups[i] !== g || !spans(contacts[i]!, a)) continue;
      // Written out, not a helper returning the distance (PERFORMANCE.md: doubles cross calls
      // in arrays or fields): 1 byte a call on sphere-mesh before.
      const c = contacts[i]!, dx = c.x - a.x, dy = c.y - a.y, dz = c.z - a.z;
      const gap = dx * dx + dy * dy + dz * dz;
      if (gap > far || (gap === far && next >= 0 && contacts[i]!.second < contacts[next]!.second)) {
        far = gap;
        next = i;
      }
    }
    seconds[g] = next;
    if (next >= 0) selected[chosen++] = next;
  }
  for (let side = 1; side >= -1 && chosen < limit; side -= 2) {
    for (let g = 0; g < anchors && chosen < limit; g++) {
      const b = seconds[g]!;
      if (b < 0) continue;
      const pick = widest(manifold, g, selected[g]!, b, side);
      if (pick >= 0) selected[chosen++] = pick;
    }
  }
  // (3) A reduction round only: each group's support points in SUPPORT_DIRECTIONS directions of
  // its plane (extreme points, so a corner of the footprint the round's part of the candidates
  // has survives to the final choice), then farthest-point sampling for the rest.
  for (let g = 0; fill && g < anchors && chosen < limit; g++) {
    chosen = addSupports(manifold, selected, chosen, limit, g, selected[g]!);
  }
  while (fill && chosen < limit) {
    let next = -1, far = -1;
    for (let i = 0; i < count; i++) {
      const c = contacts[i]!;
      let nearest = Infinity;
      for (let k = 0; k < chosen; k++) {
        const q = contacts[selected[k]!]!, dx = c.x - q.x, dy = c.y - q.y, dz = c.z - q.z;
        nearest = Math.min(nearest, dx * dx + dy * dy + dz * dz);
      }
      if (
        nearest > far ||
        (nearest === far && nearest > 0 && c.second < contacts[next]!.second)
      ) {
        far = nearest;
        next = i;
      }
    }
    if (far <= 0) break;
    selected[chosen++] = next;
  }
  // In arrival order: mark the chosen, then list them.
  const marks = manifold.marks;
  marks.fill(0, 0, count);
  for (let k = 0; k < chosen; k++) marks[selected[k]!] = 1;
  let next = 0;
  for (let i = 0; i < count; i++) if (marks[i] === 1) selected[next++] = i;
  return chosen;
}

/** Directions (unit circle, every 45 degrees from an odd start) a reduction round keeps the support points of. */
const SUPPORT_DIRECTIONS = 8;
const SUPPORT_COSINES = Float64Array.from(
  { length: SUPPORT_DIRECTIONS },
  (_, k) => Math.cos(0.1 + (2 * Math.PI * k) / SUPPORT_DIRECTIONS),
);
const SUPPORT_SINES = Float64Array.from(
  { length: SUPPORT_DIRECTIONS },
  (_, k) => Math.sin(0.1 + (2 * Math.PI * k) / SUPPORT_DIRECTIONS),
);

/**
 * Adds to `selected` (from `chosen`, up to `limit`) the contacts of group `g` farthest along
 * each support direction in the plane of the anchor's normal, those not chosen yet; returns the
 * new count. A corner whose angle is below 135 degrees (a box's) is the farthest along one of them.
 */
function addSupports(
  manifold: MeshManifold,
  selected: Int32Array,
  chosen: number,
  limit: number,
  g: number,
  anchor: number,
): number {
  const contacts = manifold.contacts, groups = manifold.groups, marks = manifold.marks;
  const count = manifold.count, a = contacts[anchor]!;
  marks.fill(0, 0, count);
  for (let k = 0; k < chosen; k++) marks[selected[k]!] = 1;
  // u perpendicular to n (off its largest component), v = n x u.
  const nx = a.nx, ny = a.ny, nz = a.nz;
  const low = Math.abs(nx) < 0.57;
  let ux = low ? 0 : -nz, uy = low ? nz : 0, uz = low ? -ny : nx;
  const scale = 1 / Math.sqrt(ux * ux + uy * uy + uz * uz);
  ux *= scale;
  uy *= scale;
  uz *= scale;
  const vx = ny * uz - nz * uy, vy = nz * ux - nx * uz, vz = nx * uy - ny * ux;
  for (let k = 0; k < SUPPORT_DIRECTIONS && chosen < limit; k++) {
    const cos = SUPPORT_COSINES[k]!, sin = SUPPORT_SINES[k]!;
    const dx = cos * ux + sin * vx, dy = cos * uy + sin * vy, dz = cos * uz + sin * vz;
    let best = -1, reach = -Infinity;
    for (let i = 0; i < count; i++) {
      if (groups[i] !== g) continue;
      const c = contacts[i]!;
      const along = c.x * dx + c.y * dy + c.z * dz;
      if (along > reach) {
        reach = along;
        best = i;
      }
    }
    if (best >= 0 && marks[best] === 0) {
      marks[best] = 1;
      selected[chosen++] = best;
    }
  }
  return chosen;
}

/**
 * Whether contact `c` may span the group of `anchor`: a speculative contact (negative depth)
 * only when the anchor, the group's deepest, is one too, so a tipped box keeps the corners it
 * stands on rather than a point of its face still in the air.
 */
function spans(c: MeshContact, anchor: MeshContact): boolean {
  return c.depth >= 0 || anchor.depth < 0;
}

/**
 * The contact of group `g` farthest from the line through contacts `a` and `b` on side `side`
 * (+1: (b - a) x (p - a) along the anchor's normal positive), farther than the merge distance,
 * or -1. When every contact of the group is on that line (`side` -1 after none on +1), the one
 * farthest beyond `a` away from `b`, so a row of contacts keeps both of its ends.
 */
function widest(manifold: MeshManifold, g: number, a: number, b: number, side: number): number {
  const contacts = manifold.contacts, groups = manifold.groups, count = manifold.count;
  const p = contacts[a]!, q = contacts[b]!;
  const ux = q.x - p.x, uy = q.y - p.y, uz = q.z - p.z;
  const length = Math.sqrt(ux * ux + uy * uy + uz * uz);
  let best = -1, largest = manifold.mergeDistance * length, flat = true;
  for (let i = 0; i < count; i++) {
    if (groups[i] !== g || !spans(contacts[i]!, p)) continue;
    const c = contacts[i]!;
    const vx = c.x - p.x, vy = c.y - p.y, vz = c.z - p.z;
    // Twice the signed area of (a, b, c) seen along the anchor's normal.
    const area = (uy * vz - uz * vy) * p.nx + (uz * vx - ux * vz) * p.ny +
      (ux * vy - uy * vx) * p.nz;
    if (Math.abs(area) > largest) flat = false;
    const reach = side * area;
    if (reach > largest || (reach === largest && best >= 0 && c.second < contacts[best]!.second)) {
      largest = reach;
      best = i;
    }
  }
  if (best >= 0 || side > 0 || !flat) return best;
  // A row: the far end behind the anchor (projection on a to b below -merge distance).
  let behind = manifold.mergeDistance * length;
  for (let i = 0; i < count; i++) {
    if (groups[i] !== g || !spans(contacts[i]!, p)) continue;
    const c = contacts[i]!;
    const along = -((c.x - p.x) * ux + (c.y - p.y) * uy + (c.z - p.z) * uz);
    if (along > behind) {
      behind = along;
      best = i;
    }
  }
  return best;
}

/**
 * Keeps one contact of each feature id (the deeper; of equal depths the first), in arrival
 * order: a feature id names one contact, which a solver's warm start keys on. Two arise where a
 * capsule's side, clipped by the wall of an edge, is named by that edge (its face contact, F11)
 * and the side's nearest point to the same edge gives the edge's own contact: the edge is then
 * the nearer feature, and its contact the deeper (FINDINGS.md F24).
 */
function dropSharedIds(manifold: MeshManifold): void {
  const contacts = manifold.contacts as MeshContact[], count = manifold.count;
  const marks = manifold.marks;
  marks.fill(0, 0, count);
  for (let i = 0; i < count; i++) {
    if (marks[i] === 1) continue;
    const a = contacts[i]!;
    for (let j = i + 1; j < count; j++) {
      const b = contacts[j]!;
      if (marks[j] === 1 || b.first !== a.first || b.second !== a.second) continue;
      if (b.depth > contacts[i]!.depth) {
        marks[i] = 1;
        break;
      }
      marks[j] = 1;
    }
  }
  let kept = 0;
  for (let i = 0; i < count; i++) {
    if (marks[i] === 1) continue;
    // Moving each kept contact down (or in place): swap the objects.
    const swap = contacts[kept]!;
    contacts[kept++] = contacts[i]!;
    contacts[i] = swap;
  }
  manifold.count = kept;
}

/**
 * Writes the candidates into `data` (all, or `min(maxContactsPerPair, room)` chosen by
 * `selectMeshContacts`, with `data.overflowed` set when the room cut the pair short), each with its
 * own normal, bodies and the buffer's materials; returns how many.
 */
export function emitMeshManifold(
  manifold: MeshManifold,
  data: CollisionData,
  firstBody: unknown,
  secondBody: unknown,
): number {
  dropSharedIds(manifold);
  const count = manifold.count;
  if (count === 0) return 0;
  // The reduction first: a normal's contacts are at most 4 whatever the room.
  const selected = manifold.selected;
  const wanted = selectMeshContacts(selected, manifold, Math.min(count, data.maxContactsPerPair));
  const limit = roomFor(data, wanted);
  if (limit === 0) return 0;
  const chosen = limit < wanted ? selectMeshContacts(selected, manifold, limit) : wanted;
  for (let k = 0; k < chosen; k++) {
    const source = manifold.contacts[selected[k]!]!;
    const contact = claimContact(data, firstBody, secondBody);
    contact.point[0] = source.x;
    contact.point[1] = source.y;
    contact.point[2] = source.z;
    // 0 + x: no component comes out as -0.
    contact.normal[0] = 0 + source.nx;
    contact.normal[1] = 0 + source.ny;
    contact.normal[2] = 0 + source.nz;
    contact.penetration = source.depth;
    contact.kind = source.kind;
    contact.featureId = packFeatureId(source.first, source.second);
  }
  return chosen;
}
