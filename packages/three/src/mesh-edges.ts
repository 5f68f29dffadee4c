/**
 * Drawing the static level shapes' own data: the edges of a `TriangleMesh` or `Heightfield`
 * coloured by their `EdgeFlag` (how contactkit's rule against ghost contacts sees each edge), and
 * chosen triangles (those a contact set touches) as a geometry of their own. Both are built in
 * the shape's frame, like `geometryForPrimitive`, so placing them is `syncMeshToPrimitive`.
 */
import {
  BufferGeometry,
  Color,
  Float32BufferAttribute,
  LineBasicMaterial,
  LineSegments,
} from 'three';
import { EdgeFlag, MeshTriangle, ShapeType } from '@contactkit/contacts3d';
import type { Heightfield, TriangleMesh } from '@contactkit/contacts3d';
import { EDGE_FLAG_COLORS } from './colors.js';
import { syncMeshToPrimitive } from './primitive-mesh.js';

/** Settings of `meshEdgesGeometry` and `meshEdgeLines`; every field is optional. */
export interface MeshEdgesOptions {
  /** Which kinds of edge to draw (default all four: boundary, convex, flat, concave). */
  flags?: readonly EdgeFlag[];
  /** Colours (sRGB hex) replacing `EDGE_FLAG_COLORS` for some flags. */
  colors?: Partial<Record<EdgeFlag, number>>;
}

/** Grid row and column offsets of corner k of triangle t of a heightfield cell (its README). */
const CORNER_ROW = [0, 1, 1, 0, 1, 0];
const CORNER_COLUMN = [0, 0, 1, 0, 1, 1];

/** Calls `visit(a, b, flag)` once per edge, `a` and `b` its end points in the mesh's frame. */
function visitMeshEdges(
  mesh: TriangleMesh,
  visit: (a: number[], b: number[], flag: EdgeFlag) => void,
): void {
  const p = mesh.positions, corners = mesh.triangleVertices;
  const seen = new Set<number>();
  const point = (v: number): number[] => [p[3 * v]!, p[3 * v + 1]!, p[3 * v + 2]!];
  for (let slot = 0; slot < mesh.triangleCount; slot++) {
    for (let k = 0; k < 3; k++) {
      // Both triangles at an edge name it by the same number: draw it once.
      const edge = mesh.edgeIds[3 * slot + k]!;
      if (seen.has(edge)) continue;
      seen.add(edge);
      const a = corners[3 * slot + k]!, b = corners[3 * slot + ((k + 1) % 3)]!;
      visit(point(a), point(b), mesh.edgeFlags[3 * slot + k] as EdgeFlag);
    }
  }
}

/**
 * The same for a heightfield: its cells in row order, holes skipped, the flags as its triangles
 * load them (`Heightfield.loadTriangle` flags from the shape's own frame, so the pose does not
 * matter) and the corners from the grid layout.
 */
function visitHeightfieldEdges(
  field: Heightfield,
  visit: (a: number[], b: number[], flag: EdgeFlag) => void,
): void {
  const { rows, columns, cellSize, heights } = field;
  const triangle = new MeshTriangle();
  const seen = new Set<number>();
  const point = (g: number): number[] => [
    (g % columns) * cellSize,
    heights[g]!,
    Math.floor(g / columns) * cellSize,
  ];
  for (let i = 0; i + 1 < rows; i++) {
    for (let j = 0; j + 1 < columns; j++) {
      if (!field.hasCell(i, j)) continue;
      for (let t = 0; t < 2; t++) {
        field.loadTriangle(2 * (i * (columns - 1) + j) + t, triangle);
        for (let k = 0; k < 3; k++) {
          const next = (k + 1) % 3;
          const a = (i + CORNER_ROW[3 * t + k]!) * columns + j + CORNER_COLUMN[3 * t + k]!;
          const b = (i + CORNER_ROW[3 * t + next]!) * columns + j + CORNER_COLUMN[3 * t + next]!;
          // An edge is named by its two grid points, lower first.
          const key = Math.min(a, b) * rows * columns + Math.max(a, b);
          if (seen.has(key)) continue;
          seen.add(key);
          visit(point(a), point(b), triangle.edgeFlags[k] as EdgeFlag);
        }
      }
    }
  }
}

/**
 * The edges of a triangle mesh or heightfield, each once, as line-segment pairs in the shape's
 * frame with a vertex colour per segment from its `EdgeFlag` (`EDGE_FLAG_COLORS`: boundary,
 * convex, flat and concave apart), for a `LineSegments` whose material has `vertexColors`.
 * A mesh's edges are those of its kept triangles (degenerate ones dropped); a heightfield's
 * leave out its holes, whose rims are boundary edges. Options choose the flags drawn and their
 * colours. The flags are the ones the detectors use (`TriangleMesh` documents the angle that
 * makes an edge flat), so what is drawn flat never takes a sideways contact.
 */
export function meshEdgesGeometry(
  shape: TriangleMesh | Heightfield,
  options: MeshEdgesOptions = {},
): BufferGeometry {
  const drawn = new Set<number>(
    options.flags ?? [EdgeFlag.Boundary, EdgeFlag.Convex, EdgeFlag.Flat, EdgeFlag.Concave],
  );
  const positions: number[] = [], colors: number[] = [];
  const color = new Color();
  const visit = (a: number[], b: number[], flag: EdgeFlag): void => {
    if (!drawn.has(flag)) return;
    // Color converts the sRGB hex into three's linear working space, as vertex colours expect.
    color.setHex(options.colors?.[flag] ?? EDGE_FLAG_COLORS[flag]);
    positions.push(...a, ...b);
    colors.push(color.r, color.g, color.b, color.r, color.g, color.b);
  };
  if (shape.shapeType === ShapeType.TriangleMesh) visitMeshEdges(shape, visit);
  else visitHeightfieldEdges(shape, visit);
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  geometry.setAttribute('color', new Float32BufferAttribute(colors, 3));
  return geometry;
}

/**
 * `meshEdgesGeometry` in a `LineSegments` with its own vertex-coloured `LineBasicMaterial`,
 * placed at the shape's current transform. The caller owns and disposes geometry and material.
 * Lines lie on the surface: give the surface's material `polygonOffset` (or draw the lines
 * without depth test) so they are not hidden by it.
 */
export function meshEdgeLines(
  shape: TriangleMesh | Heightfield,
  options: MeshEdgesOptions = {},
): LineSegments {
  const lines = new LineSegments(
    meshEdgesGeometry(shape, options),
    new LineBasicMaterial({ vertexColors: true }),
  );
  lines.name = 'mesh edges';
  return syncMeshToPrimitive(lines, shape);
}

/**
 * The triangles of a mesh or heightfield named by `triangles` (the caller's triangle indices of a
 * `TriangleMesh`, the documented numbering of a `Heightfield`: the numbers contact feature ids
 * carry, `Math.floor(code / 8)`), as a non-indexed geometry in the shape's frame, three corners
 * each in the shape's order; names of dropped (degenerate) triangles, hole cells or numbers out
 * of range add nothing. For highlighting the triangles a contact set touches.
 */
export function meshTrianglesGeometry(
  shape: TriangleMesh | Heightfield,
  triangles: Iterable<number>,
): BufferGeometry {
  const wanted = new Set(triangles);
  const positions: number[] = [];
  if (shape.shapeType === ShapeType.TriangleMesh) {
    const p = shape.positions, corners = shape.triangleVertices;
    for (let slot = 0; slot < shape.triangleCount; slot++) {
      if (!wanted.has(shape.triangleIndex[slot]!)) continue;
      for (let k = 0; k < 3; k++) {
        const v = corners[3 * slot + k]!;
        positions.push(p[3 * v]!, p[3 * v + 1]!, p[3 * v + 2]!);
      }
    }
  } else {
    const { columns, cellSize, heights } = shape;
    for (const triangle of [...wanted].sort((a, b) => a - b)) {
      if (!Number.isInteger(triangle) || triangle < 0 || triangle >= shape.triangleCount) continue;
      const cell = triangle >> 1, t = triangle & 1;
      const i = Math.floor(cell / (columns - 1)), j = cell - i * (columns - 1);
      if (!shape.hasCell(i, j)) continue;
      for (let k = 0; k < 3; k++) {
        const row = i + CORNER_ROW[3 * t + k]!, column = j + CORNER_COLUMN[3 * t + k]!;
        positions.push(column * cellSize, heights[row * columns + column]!, row * cellSize);
      }
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  geometry.computeVertexNormals();
  return geometry;
}
