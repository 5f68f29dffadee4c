/**
 * The rule against ghost contacts, for every kernel that meets a mesh or heightfield triangle
 * (sphere and capsule in mesh-contacts.ts; a box or hull kernel later): whether a contact on an
 * edge or a vertex of a `MeshTriangle` may keep a given normal. The idea is that of Box3D's mesh
 * contact, Jolt's active edges and Bullet's btAdjustInternalEdgeContacts; the formulation is ours:
 * a feature keeps a normal only inside its normal cone, the directions in which it is the nearest
 * point of the surface around it, and otherwise the nearer face answers.
 *
 * - Edge: the normal, perpendicular to the edge, may not point over either triangle at it
 *   (`d . inward <= slack |d|` for both; for a convex edge that is the wedge between the two face
 *   normals). A flat edge's cone is the face normal alone, which the faces beside it already
 *   give: no edge contact. A concave edge seen from the front: none (its faces are nearer).
 * - Vertex: no edge at it may lead toward the normal (`TriangleSource.vertexAccepts`), and a flat
 *   vertex gives none.
 * - A one-sided triangle answers only normals on its front side (up to the slack); a contact it
 *   leaves out is found by the triangle at the same feature that faces the normal.
 */
import {
  DIRECTION_SLACK,
  type Direction,
  EdgeFlag,
  type MeshTriangle,
  type TriangleSource,
} from './mesh-triangle.js';

/**
 * Whether the triangle answers a contact of normal direction `d` at all: always for a two-sided
 * source, else only from its front.
 */
export function facesNormal(triangle: MeshTriangle, twoSided: boolean, d: Direction): boolean {
  if (twoSided) return true;
  const n = triangle.normal;
  return d.x * n[0]! + d.y * n[1]! + d.z * n[2]! >= -DIRECTION_SLACK * d.length;
}

/** Whether edge `k` of `triangle` keeps a contact of normal direction `d`. */
export function edgeAcceptsNormal(triangle: MeshTriangle, k: number, d: Direction): boolean {
  const dx = d.x, dy = d.y, dz = d.z;
  const flag = triangle.edgeFlags[k]!;
  if (flag === EdgeFlag.Flat) return false;
  const n = triangle.normal;
  // Seen from the back of a two-sided mesh a valley is a ridge: the cone tests below decide.
  if (flag === EdgeFlag.Concave && dx * n[0]! + dy * n[1]! + dz * n[2]! >= 0) return false;
  const slack = DIRECTION_SLACK * d.length;
  const u = triangle.inward;
  if (dx * u[3 * k]! + dy * u[3 * k + 1]! + dz * u[3 * k + 2]! > slack) return false;
  if (flag === EdgeFlag.Boundary) return true;
  const w = triangle.neighbourInward;
  return dx * w[3 * k]! + dy * w[3 * k + 1]! + dz * w[3 * k + 2]! <= slack;
}

/** Whether corner `corner` of `triangle` keeps a contact of normal direction `d`. */
export function vertexAcceptsNormal(
  source: TriangleSource,
  triangle: MeshTriangle,
  corner: number,
  d: Direction,
): boolean {
  return source.vertexAccepts(triangle.vertexKeys[corner]!, d);
}
