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
 * it (the lowest triangle index names it); two contacts closer than the
 * caller's merge distance with normals within 1e-6 rad are one (the deeper kept), which is what a
 * point above an edge shared by two coplanar triangles gives.
 *
 * Reduction, when more remain than fit (`selectMeshContacts`): (1) the deepest contact of each
 * distinct normal (normals within `DISTINCT_NORMAL_ANGLE` count as one), deepest first, so a
 * shape in a corner keeps a contact on each face; (2) the rest by farthest-point sampling, each
 * next contact the one farthest from those kept, so a capsule lying on many triangles keeps
 * both ends. Ties go to the smaller feature id, not to arrival order.
 */
import { ContactKind, packFeatureId } from '@contactkit/math';
import { claimContact, type CollisionData } from '../manifold/collision-data.js';
import { roomFor } from '../manifold/local-manifold.js';

/** Normals closer than this angle (radians, about 5.7 degrees) are one direction for the reduction. */
export const DISTINCT_NORMAL_ANGLE = 0.1;
const DISTINCT_COSINE = Math.cos(DISTINCT_NORMAL_ANGLE);
/** Normals within about 1e-6 rad: the same direction for merging. */
const SAME_COSINE = 1 - 5e-13;
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
 * doubles cross calls in fields). When the candidates are full a reduction round keeps
 * `ROUND_KEEP` of them first. Allocates nothing.
 */
export function addMeshContact(manifold: MeshManifold): void {
  const contacts = manifold.contacts, candidate = manifold.candidate;
  const x = candidate.x, y = candidate.y, z = candidate.z;
  const nx = candidate.nx, ny = candidate.ny, nz = candidate.nz;
  const depth = candidate.depth, second = candidate.second, key = candidate.key;
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
  const kept = selectMeshContacts(manifold.selected, manifold, ROUND_KEEP);
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
 * their indices, ascending, to `selected`; returns how many.
 */
export function selectMeshContacts(
  selected: Int32Array,
  manifold: MeshManifold,
  limit: number,
): number {
  const contacts = manifold.contacts, count = manifold.count;
  if (count <= limit) {
    for (let i = 0; i < count; i++) selected[i] = i;
    return count;
  }
  let chosen = 0;
  // (1) The deepest of each distinct normal, deepest first.
  while (chosen < limit) {
    let best = -1;
    for (let i = 0; i < count; i++) {
      const c = contacts[i]!;
      let distinct = true;
      for (let k = 0; k < chosen && distinct; k++) {
        const d = contacts[selected[k]!]!;
        if (c.nx * d.nx + c.ny * d.ny + c.nz * d.nz >= DISTINCT_COSINE) distinct = false;
      }
      if (distinct && (best < 0 || deeper(c, contacts[best]!))) best = i;
    }
    if (best < 0) break;
    selected[chosen++] = best;
  }
  // (2) Farthest-point sampling for the rest.
  while (chosen < limit) {
    let next = -1, far = -1;
    for (let i = 0; i < count; i++) {
      const c = contacts[i]!;
      let nearest = Infinity;
      for (let k = 0; k < chosen; k++) {
        const d = contacts[selected[k]!]!;
        const dx = c.x - d.x, dy = c.y - d.y, dz = c.z - d.z;
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
  const count = manifold.count;
  if (count === 0) return 0;
  const limit = roomFor(data, Math.min(count, data.maxContactsPerPair));
  if (limit === 0) return 0;
  const selected = manifold.selected;
  const chosen = selectMeshContacts(selected, manifold, limit);
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
