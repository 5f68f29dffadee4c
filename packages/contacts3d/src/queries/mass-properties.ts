/**
 * Mass properties of the solid primitives, exact closed forms (a solver's mass and inertia
 * tensor; the hull's polyhedral integration, Mirtich's, plugs in as one more case): the mass at
 * `density`, the centroid in the shape's own frame and the inertia tensor about the centroid,
 * axes of the shape's frame, column-major 3x3.
 */
import { requirePositive } from '@contactkit/math';
import { ShapeType, type AnyPrimitive } from '../shapes/primitives.js';
import { convexHullMassProperties } from './convex-hull-mass.js';

/** What `massProperties` returns. */
export class MassProperties {
  /** Mass: density times volume. */
  mass = 0;
  /** Centre of mass in the shape's own frame. */
  readonly centroid: Float64Array = new Float64Array(3);
  /** Inertia tensor about the centroid, in the shape's frame, column-major 3x3. */
  readonly inertia: Float64Array = new Float64Array(9);
}

/** Writes a diagonal inertia tensor. */
function setDiagonal(out: MassProperties, xx: number, yy: number, zz: number): MassProperties {
  out.inertia[0] = xx;
  out.inertia[4] = yy;
  out.inertia[8] = zz;
  return out;
}

/**
 * Mass, centroid and inertia tensor of a solid primitive at `density` (mass per unit volume,
 * default 1), exact:
 * - Sphere of radius r: m = rho 4/3 pi r^3, I = 2/5 m r^2 on each axis (a radius of 0 gives zeros).
 * - Box of half extents (a, b, c): m = 8 rho abc, I_xx = m (b^2 + c^2) / 3, and so on.
 * - Capsule of radius r and half length l along Y: a cylinder of height 2l (m_c = rho pi r^2 2l)
 *   and two hemispheres (together m_s = rho 4/3 pi r^3): I_yy = m_c r^2 / 2 + 2/5 m_s r^2;
 *   I_xx = I_zz = m_c (r^2 / 4 + l^2 / 3) + m_s (2/5 r^2 + l^2 + 3/4 l r), each hemisphere's
 *   2/5 m r^2 about its flat face moved to its centroid (3/8 r from the face) and then to the
 *   capsule's centre by the parallel-axis theorem.
 * - ConvexHull: Eberly's polyhedral integration of Mirtich's volume integrals (convex-hull-mass.ts).
 * The centroid is the frame's origin for the first three. Throws a RangeError for a density that is
 * not a finite number greater than 0, and a TypeError for a plane, half-space, triangle mesh or
 * heightfield (no finite volume).
 */
export function massProperties(shape: AnyPrimitive, density = 1): MassProperties {
  requirePositive('massProperties density', density);
  const out = new MassProperties();
  switch (shape.shapeType) {
    case ShapeType.Sphere: {
      const r = shape.radius;
      out.mass = density * (4 / 3) * Math.PI * r * r * r;
      const moment = 0.4 * out.mass * r * r;
      return setDiagonal(out, moment, moment, moment);
    }
    case ShapeType.Box: {
      const a = shape.halfSize[0]!, b = shape.halfSize[1]!, c = shape.halfSize[2]!;
      const mass = density * 8 * a * b * c;
      out.mass = mass;
      return setDiagonal(
        out,
        (mass * (b * b + c * c)) / 3,
        (mass * (a * a + c * c)) / 3,
        (mass * (a * a + b * b)) / 3,
      );
    }
    case ShapeType.Capsule: {
      const r = shape.radius, l = shape.halfLength;
      const cylinder = density * Math.PI * r * r * 2 * l;
      const spheres = density * (4 / 3) * Math.PI * r * r * r;
      out.mass = cylinder + spheres;
      const across = cylinder * (r * r / 4 + l * l / 3) +
        spheres * (0.4 * r * r + l * l + 0.75 * l * r);
      return setDiagonal(out, across, 0.5 * cylinder * r * r + 0.4 * spheres * r * r, across);
    }
    case ShapeType.ConvexHull:
      return convexHullMassProperties(shape, density, out);
    case ShapeType.Plane:
    case ShapeType.HalfSpace:
    case ShapeType.TriangleMesh:
    case ShapeType.Heightfield:
      throw new TypeError(
        'massProperties needs a shape of finite volume (Sphere, Box, Capsule, ConvexHull), got a ' +
          `${shape.constructor.name}`,
      );
  }
}
