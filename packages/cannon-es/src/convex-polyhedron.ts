/**
 * `convexPolyhedronFromPoints`: a cannon-es `ConvexPolyhedron` from a point cloud. cannon-es asks
 * for the faces of a polyhedron by hand, each counter-clockwise seen from outside, and misbehaves
 * when one is wound the other way; contactkit's quickhull finds them.
 */
import { ConvexHull, type ConvexHullOptions } from '@contactkit/contacts3d';
import { ConvexPolyhedron, Vec3 } from 'cannon-es';

/**
 * The convex hull of `points` as a cannon-es `ConvexPolyhedron`: its corners as `vertices`
 * (points inside the hull or on its faces and edges dropped), its polygonal faces (coplanar
 * triangles merged) counter-clockwise seen from outside as cannon-es expects, and their outward
 * unit normals. `points` and `options` are those of contactkit's `ConvexHull.fromPoints` (flat
 * x, y, z triples or `[x, y, z]` points; `options.tolerance`), which throws a TypeError or
 * RangeError naming the argument for a bad point or a cloud that spans no volume.
 */
export function convexPolyhedronFromPoints(
  points: ArrayLike<number> | ArrayLike<ArrayLike<number>>,
  options?: ConvexHullOptions,
): ConvexPolyhedron {
  const hull = ConvexHull.fromPoints(points, options);
  const p = hull.vertices, planes = hull.planes;
  const vertices = Array.from(
    { length: hull.vertexCount },
    (_, i) => new Vec3(p[3 * i]!, p[3 * i + 1]!, p[3 * i + 2]!),
  );
  const faces = Array.from(
    { length: hull.faceCount },
    (_, f) => Array.from(hull.faceVertices.subarray(hull.faceStart[f]!, hull.faceStart[f + 1]!)),
  );
  const normals = Array.from(
    { length: hull.faceCount },
    (_, f) => new Vec3(planes[4 * f]!, planes[4 * f + 1]!, planes[4 * f + 2]!),
  );
  return new ConvexPolyhedron({ vertices, faces, normals });
}
