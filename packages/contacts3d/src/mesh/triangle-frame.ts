/**
 * The local geometry of one triangle and the frame changes of the static shapes, shared by
 * `TriangleMesh` (at build time) and `Heightfield` (per query) so that a heightfield and the mesh
 * of the same triangles compute the same numbers.
 */
import { SQUARE_UNDERFLOW } from '@contactkit/math';
import { EdgeFlag, FLAT_EDGE_COSINE, type MeshTriangle } from './mesh-triangle.js';

/** |(x, y, z)|: a square root, or Math.hypot (slower, exact) when the squares under- or overflow. */
export function vectorLength(x: number, y: number, z: number): number {
  const squared = x * x + y * y + z * z;
  return squared >= SQUARE_UNDERFLOW && squared < Infinity
    ? Math.sqrt(squared)
    : Math.hypot(x, y, z);
}

/**
 * Writes the unit normal of the triangle whose corners start at `p[a]`, `p[b]`, `p[c]`
 * (`(b - a) x (c - a)`, normalised) to `normal[n..n+2]`, and the inward direction of each edge k
 * (from corner k to corner k + 1: `normal x edge`, normalised, in the plane, into the triangle) to
 * `inward[i + 3k .. i + 3k + 2]`. The triangle must have non-zero area.
 */
export function writeTriangleFrame(
  p: ArrayLike<number>,
  a: number,
  b: number,
  c: number,
  normal: Float64Array,
  n: number,
  inward: Float64Array,
  i: number,
): void {
  const e1x = p[b]! - p[a]!, e1y = p[b + 1]! - p[a + 1]!, e1z = p[b + 2]! - p[a + 2]!;
  const e2x = p[c]! - p[a]!, e2y = p[c + 1]! - p[a + 1]!, e2z = p[c + 2]! - p[a + 2]!;
  const cx = e1y * e2z - e1z * e2y, cy = e1z * e2x - e1x * e2z, cz = e1x * e2y - e1y * e2x;
  const length = vectorLength(cx, cy, cz);
  const nx = cx / length, ny = cy / length, nz = cz / length;
  normal[n] = nx;
  normal[n + 1] = ny;
  normal[n + 2] = nz;
  for (let k = 0; k < 3; k++) {
    const from = k === 0 ? a : k === 1 ? b : c, to = k === 0 ? b : k === 1 ? c : a;
    const ex = p[to]! - p[from]!, ey = p[to + 1]! - p[from + 1]!, ez = p[to + 2]! - p[from + 2]!;
    const ux = ny * ez - nz * ey, uy = nz * ex - nx * ez, uz = nx * ey - ny * ex;
    const ul = vectorLength(ux, uy, uz);
    inward[i + 3 * k] = ux / ul;
    inward[i + 3 * k + 1] = uy / ul;
    inward[i + 3 * k + 2] = uz / ul;
  }
}

/**
 * The flag of the edge shared by a triangle of unit normal `(nx, ny, nz)` with one end at `s`
 * and its neighbour of normal `(mx, my, mz)` whose far corner (not on the edge) is `f`: `Flat`
 * when the normals are within `FLAT_EDGE_ANGLE`, else `Convex` when `f` lies on or behind the
 * triangle's plane, `Concave` when in front. The same from either side of the edge.
 */
export function classifyEdge(
  nx: number,
  ny: number,
  nz: number,
  sx: number,
  sy: number,
  sz: number,
  mx: number,
  my: number,
  mz: number,
  fx: number,
  fy: number,
  fz: number,
): EdgeFlag {
  if (nx * mx + ny * my + nz * mz >= FLAT_EDGE_COSINE) return EdgeFlag.Flat;
  return nx * (fx - sx) + ny * (fy - sy) + nz * (fz - sz) <= 0 ? EdgeFlag.Convex : EdgeFlag.Concave;
}

/** `out[at..at+2] = R source[from..from+2]`, R the rotation of the 4x4 `m`. */
export function rotate(
  m: Float64Array,
  source: Float64Array,
  from: number,
  out: Float64Array,
  at: number,
) {
  const x = source[from]!, y = source[from + 1]!, z = source[from + 2]!;
  out[at] = m[0]! * x + m[4]! * y + m[8]! * z;
  out[at + 1] = m[1]! * x + m[5]! * y + m[9]! * z;
  out[at + 2] = m[2]! * x + m[6]! * y + m[10]! * z;
}

/** The world box of the local box `local[0..5]` under the rigid `m` (Ericson 4.2.6). */
export function writeWorldBox(m: Float64Array, local: ArrayLike<number>, out: Float64Array): void {
  const cx = 0.5 * (local[0]! + local[3]!),
    cy = 0.5 * (local[1]! + local[4]!),
    cz = 0.5 * (local[2]! + local[5]!);
  const hx = 0.5 * (local[3]! - local[0]!),
    hy = 0.5 * (local[4]! - local[1]!),
    hz = 0.5 * (local[5]! - local[2]!);
  for (let i = 0; i < 3; i++) {
    const centre = m[i]! * cx + m[4 + i]! * cy + m[8 + i]! * cz + m[12 + i]!;
    const extent = Math.abs(m[i]!) * hx + Math.abs(m[4 + i]!) * hy + Math.abs(m[8 + i]!) * hz;
    out[i] = centre - extent;
    out[3 + i] = centre + extent;
  }
}

/** The box in the frame of the rigid `m` that holds the world box `box`. */
export function localBox(m: Float64Array, box: Float64Array, out: Float64Array) {
  const wx = 0.5 * (box[0]! + box[3]!) - m[12]!,
    wy = 0.5 * (box[1]! + box[4]!) - m[13]!,
    wz = 0.5 * (box[2]! + box[5]!) - m[14]!;
  const hx = 0.5 * (box[3]! - box[0]!),
    hy = 0.5 * (box[4]! - box[1]!),
    hz = 0.5 * (box[5]! - box[2]!);
  for (let i = 0; i < 3; i++) {
    // Row i of R^T is column i of R.
    const ax = m[4 * i]!, ay = m[4 * i + 1]!, az = m[4 * i + 2]!;
    const centre = ax * wx + ay * wy + az * wz;
    const extent = Math.abs(ax) * hx + Math.abs(ay) * hy + Math.abs(az) * hz;
    out[i] = centre - extent;
    out[3 + i] = centre + extent;
  }
}

/** `out[at..at+2] = m source[from..from+2]`: a point under the rigid 4x4 `m`. */
export function placePoint(
  m: Float64Array,
  source: ArrayLike<number>,
  from: number,
  out: Float64Array,
  at: number,
) {
  const x = source[from]!, y = source[from + 1]!, z = source[from + 2]!;
  out[at] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
  out[at + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
  out[at + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
}

/** Relative slack of the inside-the-triangle tests (a length fraction, as the cone tests'). */
const SIDE_SLACK = 1e-9;

/**
 * `out.slack` from its world vertices: round-off at the triangle's size (`SIDE_SLACK` of its
 * longest edge) and at its distance from the origin (1e-14 of its largest coordinate).
 */
export function writeSlack(out: MeshTriangle): void {
  writeCornersSlack(out.vertices, out);
}

/**
 * `writeSlack`'s measure of the three corners `v` (x, y, z each), in whatever frame they are given,
 * into `out.slack`: written to a field, not returned, because a double returned by a call V8 does
 * not inline is boxed on the heap (docs/PERFORMANCE.md, the first rule).
 */
export function writeCornersSlack(v: Float64Array, out: { slack: number; }): void {
  let longest = 0, largest = 0;
  for (let k = 0; k < 3; k++) {
    const j = 3 * ((k + 1) % 3);
    longest = Math.max(
      longest,
      vectorLength(v[j]! - v[3 * k]!, v[j + 1]! - v[3 * k + 1]!, v[j + 2]! - v[3 * k + 2]!),
    );
    largest = Math.max(
      largest,
      Math.abs(v[3 * k]!),
      Math.abs(v[3 * k + 1]!),
      Math.abs(v[3 * k + 2]!),
    );
  }
  out.slack = SIDE_SLACK * longest + 1e-14 * largest;
}
