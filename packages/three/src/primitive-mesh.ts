/**
 * three.js meshes matching the 3D primitives. The geometry is built in the primitive's own frame,
 * so placing the mesh is a copy of `primitive.transform` (`syncMeshToPrimitive`).
 */
import {
  BoxGeometry,
  BufferGeometry,
  CapsuleGeometry,
  DoubleSide,
  Float32BufferAttribute,
  FrontSide,
  Matrix4,
  Mesh,
  MeshStandardMaterial,
  PlaneGeometry,
  Quaternion,
  SphereGeometry,
  Vector3,
} from 'three';
import type { Material, Object3D } from 'three';
import { ShapeType } from '@contactkit/contacts3d';
import type { AnyPrimitive, ConvexHull, Heightfield, TriangleMesh } from '@contactkit/contacts3d';
import { SHAPE_COLORS } from './colors.js';

/** Settings of `meshForPrimitive`; every field is optional. */
export interface PrimitiveMeshOptions {
  /** Side of the square drawn for a Plane or HalfSpace, world units (default 6). */
  planeSize?: number;
  /** Thickness of the slab drawn below a HalfSpace's surface (default 0.5). */
  halfSpaceDepth?: number;
}

const PLANE_AXIS = new Vector3(0, 0, 1);
const placeRotation = new Quaternion();
const placeNormal = new Vector3();
const placeMatrix = new Matrix4();

/**
 * Turns a geometry built about the XY plane (normal +Z) onto the plane `dot(normal, x) = offset`
 * of the primitive's frame: rotation +Z -> normal, then translation `normal * offset`.
 */
function placeOnPlane(
  geometry: BufferGeometry,
  normal: ArrayLike<number>,
  offset: number,
): BufferGeometry {
  placeNormal.set(normal[0]!, normal[1]!, normal[2]!);
  placeRotation.setFromUnitVectors(PLANE_AXIS, placeNormal);
  placeMatrix.makeRotationFromQuaternion(placeRotation).setPosition(
    placeNormal.x * offset,
    placeNormal.y * offset,
    placeNormal.z * offset,
  );
  return geometry.applyMatrix4(placeMatrix);
}

/**
 * A convex hull's faces as flat-shaded triangles in its own frame: each polygonal face a fan
 * from its first vertex, every triangle carrying the face's normal, so the faces read as flat
 * panels (`hullEdgesGeometry` outlines them).
 */
export function hullGeometry(hull: ConvexHull): BufferGeometry {
  const positions: number[] = [], normals: number[] = [];
  const p = hull.vertices, planes = hull.planes;
  for (let f = 0; f < hull.faceCount; f++) {
    const begin = hull.faceStart[f]!, end = hull.faceStart[f + 1]!;
    for (let k = begin + 1; k + 1 < end; k++) {
      for (
        const v of [hull.faceVertices[begin]!, hull.faceVertices[k]!, hull.faceVertices[k + 1]!]
      ) {
        positions.push(p[3 * v]!, p[3 * v + 1]!, p[3 * v + 2]!);
        normals.push(planes[4 * f]!, planes[4 * f + 1]!, planes[4 * f + 2]!);
      }
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  geometry.setAttribute('normal', new Float32BufferAttribute(normals, 3));
  return geometry;
}

/** The kept triangles of a triangle mesh, shared vertices, normals averaged at the vertices. */
function triangleMeshGeometry(mesh: TriangleMesh): BufferGeometry {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(mesh.positions, 3));
  geometry.setIndex(Array.from(mesh.triangleVertices));
  geometry.computeVertexNormals();
  return geometry;
}

/** The triangles of a heightfield (holes left out), in its numbering and layout. */
function heightfieldGeometry(heightfield: Heightfield): BufferGeometry {
  const { rows, columns, cellSize, heights } = heightfield;
  const positions: number[] = [];
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < columns; j++) {
      positions.push(j * cellSize, heights[i * columns + j]!, i * cellSize);
    }
  }
  const indices: number[] = [];
  for (let i = 0; i + 1 < rows; i++) {
    for (let j = 0; j + 1 < columns; j++) {
      if (!heightfield.hasCell(i, j)) continue;
      const p00 = i * columns + j, p01 = p00 + 1, p10 = p00 + columns, p11 = p10 + 1;
      indices.push(p00, p10, p11, p00, p11, p01);
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  geometry.setIndex(indices);
  geometry.computeVertexNormals();
  return geometry;
}

/**
 * The edges of a convex hull's polygonal faces (each once) as line-segment pairs in its own
 * frame, for a `LineSegments`: the outline of the merged faces, without the fan's diagonals.
 */
export function hullEdgesGeometry(hull: ConvexHull): BufferGeometry {
  const positions: number[] = [];
  const p = hull.vertices;
  for (let e = 0; e < hull.edgeCount; e++) {
    for (const v of [hull.edgeVertices[2 * e]!, hull.edgeVertices[2 * e + 1]!]) {
      positions.push(p[3 * v]!, p[3 * v + 1]!, p[3 * v + 2]!);
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  return geometry;
}

/**
 * The geometry of a primitive in its own frame: a sphere of its radius (a radius-0 sphere gets a
 * tiny visible radius of 1e-3), a box of twice its half extents, a capsule along local Y (three's
 * `CapsuleGeometry`, the segment of length `2 * halfLength` between two hemispheres), a
 * double-sided square for a Plane, for a HalfSpace a slab whose top face is the boundary plane
 * (the solid below it), for a ConvexHull its faces (`hullGeometry`), and for a TriangleMesh or
 * Heightfield its triangles.
 */
export function geometryForPrimitive(
  primitive: AnyPrimitive,
  options: PrimitiveMeshOptions = {},
): BufferGeometry {
  const planeSize = options.planeSize ?? 6;
  const depth = options.halfSpaceDepth ?? 0.5;
  switch (primitive.shapeType) {
    case ShapeType.Sphere:
      return new SphereGeometry(Math.max(primitive.radius, 1e-3), 32, 16);
    case ShapeType.Box: {
      const h = primitive.halfSize;
      return new BoxGeometry(2 * h[0]!, 2 * h[1]!, 2 * h[2]!);
    }
    case ShapeType.Plane:
      return placeOnPlane(
        new PlaneGeometry(planeSize, planeSize),
        primitive.normal,
        primitive.planeOffset,
      );
    case ShapeType.HalfSpace:
      return placeOnPlane(
        new BoxGeometry(planeSize, planeSize, depth).translate(0, 0, -depth / 2),
        primitive.normal,
        primitive.planeOffset,
      );
    case ShapeType.ConvexHull:
      return hullGeometry(primitive);
    case ShapeType.Capsule:
      return new CapsuleGeometry(primitive.radius, 2 * primitive.halfLength, 12, 32);
    case ShapeType.TriangleMesh:
      return triangleMeshGeometry(primitive);
    case ShapeType.Heightfield:
      return heightfieldGeometry(primitive);
  }
}

/**
 * A mesh for a primitive, placed at its current transform. Without `material` it gets its own
 * translucent `MeshStandardMaterial` (so contacts inside it stay visible); the caller owns the
 * mesh's geometry and material and disposes them. Later moves: call `syncMeshToPrimitive`.
 * A later change of the primitive's size (radius, half extents, plane) needs a new mesh.
 */
export function meshForPrimitive(
  primitive: AnyPrimitive,
  material?: Material,
  options: PrimitiveMeshOptions = {},
): Mesh {
  const ownMaterial = material ?? new MeshStandardMaterial({
    color: SHAPE_COLORS.first,
    transparent: true,
    opacity: 0.55,
    side: primitive.shapeType === ShapeType.Plane ? DoubleSide : FrontSide,
    depthWrite: false,
  });
  const mesh = new Mesh(geometryForPrimitive(primitive, options), ownMaterial);
  mesh.name = primitive.constructor.name;
  return syncMeshToPrimitive(mesh, primitive);
}

/**
 * Copies `primitive.transform` (column-major 4x4, rigid) into the object's position and
 * quaternion (scale 1), and returns the object. The object's parent is assumed to sit at the
 * world origin (a child of the scene), since the transform is in world space.
 */
export function syncMeshToPrimitive<T extends Object3D>(
  object: T,
  primitive: { readonly transform: ArrayLike<number>; },
): T {
  const m = primitive.transform;
  object.matrix.set(
    m[0]!,
    m[4]!,
    m[8]!,
    m[12]!,
    m[1]!,
    m[5]!,
    m[9]!,
    m[13]!,
    m[2]!,
    m[6]!,
    m[10]!,
    m[14]!,
    m[3]!,
    m[7]!,
    m[11]!,
    m[15]!,
  );
  object.matrix.decompose(object.position, object.quaternion, object.scale);
  object.matrixWorldNeedsUpdate = true;
  return object;
}
