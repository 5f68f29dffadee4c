/**
 * Mass properties of a convex hull: Eberly's "Polyhedral Mass Properties (Revisited)" (2002),
 * Mirtich's volume integrals by the divergence theorem reduced to one pass over the triangles of
 * the faces (each polygonal face a fan from its first vertex). The vertices are taken relative
 * to the hull's vertex mean first, so a hull far from its frame's origin keeps its digits.
 */
import type { ConvexHull } from '../shapes/convex-hull.js';
import type { MassProperties } from './mass-properties.js';

/** Eberly's subexpressions of one coordinate over a triangle's three vertices, into `out`: f1, f2, f3, g0, g1, g2. */
function subexpressions(w0: number, w1: number, w2: number, out: Float64Array): void {
  const temp0 = w0 + w1, f1 = temp0 + w2, temp1 = w0 * w0, temp2 = temp1 + w1 * temp0;
  const f2 = temp2 + w2 * f1;
  out[0] = f1;
  out[1] = f2;
  out[2] = w0 * temp1 + w1 * temp2 + w2 * f2;
  out[3] = f2 + w0 * (f1 + w0);
  out[4] = f2 + w1 * (f1 + w1);
  out[5] = f2 + w2 * (f1 + w2);
}

/**
 * Writes the mass (density times volume), the centroid (hull frame) and the inertia tensor about
 * the centroid (hull frame axes, column-major 3x3) of `hull` at `density` into `out`, exact up
 * to round-off for the polyhedron the hull's faces bound.
 */
export function convexHullMassProperties(
  hull: ConvexHull,
  density: number,
  out: MassProperties,
): MassProperties {
  const p = hull.vertices, c = hull.centre;
  const sx = new Float64Array(6), sy = new Float64Array(6), sz = new Float64Array(6);
  // The integrals of 1, x, y, z, x^2, y^2, z^2, xy, yz, zx over the solid.
  const integral = new Float64Array(10);
  for (let f = 0; f < hull.faceCount; f++) {
    const begin = hull.faceStart[f]!, end = hull.faceStart[f + 1]!;
    const i0 = 3 * hull.faceVertices[begin]!;
    const x0 = p[i0]! - c[0]!, y0 = p[i0 + 1]! - c[1]!, z0 = p[i0 + 2]! - c[2]!;
    for (let k = begin + 1; k + 1 < end; k++) {
      const i1 = 3 * hull.faceVertices[k]!, i2 = 3 * hull.faceVertices[k + 1]!;
      const x1 = p[i1]! - c[0]!, y1 = p[i1 + 1]! - c[1]!, z1 = p[i1 + 2]! - c[2]!;
      const x2 = p[i2]! - c[0]!, y2 = p[i2 + 1]! - c[1]!, z2 = p[i2 + 2]! - c[2]!;
      // The triangle's (unnormalised) outward normal d = (v1 - v0) x (v2 - v0).
      const a1 = x1 - x0, b1 = y1 - y0, c1 = z1 - z0, a2 = x2 - x0, b2 = y2 - y0, c2 = z2 - z0;
      const d0 = b1 * c2 - b2 * c1, d1 = a2 * c1 - a1 * c2, d2 = a1 * b2 - a2 * b1;
      subexpressions(x0, x1, x2, sx);
      subexpressions(y0, y1, y2, sy);
      subexpressions(z0, z1, z2, sz);
      integral[0]! += d0 * sx[0]!;
      integral[1]! += d0 * sx[1]!;
      integral[2]! += d1 * sy[1]!;
      integral[3]! += d2 * sz[1]!;
      integral[4]! += d0 * sx[2]!;
      integral[5]! += d1 * sy[2]!;
      integral[6]! += d2 * sz[2]!;
      integral[7]! += d0 * (y0 * sx[3]! + y1 * sx[4]! + y2 * sx[5]!);
      integral[8]! += d1 * (z0 * sy[3]! + z1 * sy[4]! + z2 * sy[5]!);
      integral[9]! += d2 * (x0 * sz[3]! + x1 * sz[4]! + x2 * sz[5]!);
    }
  }
  const volume = integral[0]! / 6;
  const mass = density * volume;
  // Centroid relative to the vertex mean.
  const cx = integral[1]! / 24 / volume,
    cy = integral[2]! / 24 / volume,
    cz = integral[3]! / 24 / volume;
  const xx = integral[4]! / 60, yy = integral[5]! / 60, zz = integral[6]! / 60;
  const xy = integral[7]! / 120, yz = integral[8]! / 120, zx = integral[9]! / 120;
  // Inertia about the centroid (parallel-axis theorem), per unit density, then scaled.
  const ixx = yy + zz - volume * (cy * cy + cz * cz);
  const iyy = zz + xx - volume * (cz * cz + cx * cx);
  const izz = xx + yy - volume * (cx * cx + cy * cy);
  const ixy = -(xy - volume * cx * cy),
    iyz = -(yz - volume * cy * cz),
    izx = -(zx - volume * cz * cx);
  out.mass = mass;
  out.centroid[0] = c[0]! + cx;
  out.centroid[1] = c[1]! + cy;
  out.centroid[2] = c[2]! + cz;
  const I = out.inertia;
  I[0] = density * ixx;
  I[4] = density * iyy;
  I[8] = density * izz;
  I[1] = I[3] = density * ixy;
  I[5] = I[7] = density * iyz;
  I[2] = I[6] = density * izx;
  return out;
}
