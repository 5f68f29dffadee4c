/**
 * What a contact's `featureId` names, in words and as geometry to highlight: its two feature
 * codes (`firstFeatureOf`, `secondFeatureOf`) read as a vertex, edge or face of each shape.
 * Pure: no DOM and no three.js.
 *
 * 2D codes (collision2d's shapes.ts): edge or segment `i` is `i`, vertex `i` is
 * `VERTEX_FEATURE | i`, a circle is 0, `INTERNAL_EDGE_FEATURE` an edge inside a concave
 * polygon's convex decomposition. The ids name the features in the pair's canonical order:
 * circle, then polygon (and Aabb), then chain (and segment); two shapes of one type in the order
 * of their ids.
 *
 * 3D codes (contacts3d's box-features.ts): box vertex 0..7 (bit k: positive along local axis k),
 * edge 16 + 4c + (p > 0) + 2 (q > 0) along axis c, face 32 + 2k + (negative); spheres, planes
 * and half-spaces have the one feature 0. A triangle mesh or heightfield (mesh-triangle.ts):
 * `8 * triangle + local`, local 0 the face, 1 + k edge k, 4 + k corner k.
 */
import {
  Circle,
  INTERNAL_EDGE_FEATURE,
  Polygon,
  Capsule2,
  ShapeType2,
  VERTEX_FEATURE,
  firstFeatureOf,
  secondFeatureOf,
} from '@contactkit/collision2d';
import type { Shape2 } from '@contactkit/collision2d';
import { EdgeFlag, MeshTriangle, ShapeType } from '@contactkit/contacts3d';
import type { Heightfield, TriangleMesh } from '@contactkit/contacts3d';
import { capsuleCore, worldVertices } from './probes2d.js';

type Point = [number, number];

/** One shape's feature in a 2D contact. */
export interface Feature2 {
  /** Index of the shape in the scene. */
  shape: number;
  kind: 'vertex' | 'edge' | 'surface' | 'internal';
  /** Vertex or edge index (0 for a circle's surface). */
  index: number;
  /** World points to draw: one for a vertex, two for an edge, none otherwise. */
  points: Point[];
  /** "vertex 1 of the polygon". */
  text: string;
}

const TYPE_RANK: Record<number, number> = {
  [ShapeType2.Circle]: 0,
  [ShapeType2.Capsule2]: 1,
  [ShapeType2.Polygon]: 2,
  [ShapeType2.Aabb]: 2,
  [ShapeType2.Chain]: 3,
  [ShapeType2.Segment]: 3,
};

const SHAPE2_NAMES: Record<number, string> = {
  [ShapeType2.Circle]: 'circle',
  [ShapeType2.Capsule2]: 'capsule',
  [ShapeType2.Polygon]: 'polygon',
  [ShapeType2.Aabb]: 'rectangle',
  [ShapeType2.Chain]: 'chain',
  [ShapeType2.Segment]: 'segment',
};

/** A shape's name for captions: its type, numbered when the scene has two of that type. */
export function shapeName2(shapes: readonly Shape2[], index: number): string {
  // By the type tag, not the class name (a production build renames classes).
  const typeName = (s: Shape2): string => SHAPE2_NAMES[s.shapeType] ?? 'shape';
  const name = typeName(shapes[index]!);
  const same = shapes.filter((s) => typeName(s) === name);
  if (same.length === 1) return `the ${name}`;
  const ordinals = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'];
  return `the ${ordinals[same.indexOf(shapes[index]!)] ?? `#${index}`} ${name}`;
}

/** Whether shape `a` comes first in the canonical order of the pair (a, b). */
export function canonicalFirst2(a: Shape2, b: Shape2): boolean {
  const ra = TYPE_RANK[a.shapeType]!, rb = TYPE_RANK[b.shapeType]!;
  return ra !== rb ? ra < rb : a.id < b.id;
}

function feature2(shapes: readonly Shape2[], index: number, code: number): Feature2 {
  const shape = shapes[index]!;
  const name = shapeName2(shapes, index);
  if (shape instanceof Circle) {
    return { shape: index, kind: 'surface', index: 0, points: [], text: `the rim of ${name}` };
  }
  if (shape instanceof Capsule2) return capsuleFeature(shape, index, name, code);
  if (code === INTERNAL_EDGE_FEATURE) {
    return {
      shape: index,
      kind: 'internal',
      index: code,
      points: [],
      text: `an edge inside ${name} (between two of its convex pieces)`,
    };
  }
  const vertices = worldVertices(shape as Shape2 & { vertices: Float64Array; count: number; });
  const count = vertices.length / 2;
  const at = (i: number): Point => [vertices[2 * i]!, vertices[2 * i + 1]!];
  if (code & VERTEX_FEATURE) {
    const i = code & (VERTEX_FEATURE - 1);
    return {
      shape: index,
      kind: 'vertex',
      index: i,
      points: [at(i)],
      text: `vertex ${i} of ${name}`,
    };
  }
  // A polygon's edge i closes back to vertex 0 after the last; a chain's segment i ends at i + 1.
  const closed = shape instanceof Polygon;
  return {
    shape: index,
    kind: 'edge',
    index: code,
    points: [at(code), at(closed ? (code + 1) % count : code + 1)],
    text: `${closed ? 'edge' : 'segment'} ${code} of ${name}`,
  };
}

/** A capsule's round end (`VERTEX_FEATURE | end`) or flat side (0 facing local -y, 1 facing +y). */
function capsuleFeature(capsule: Capsule2, index: number, name: string, code: number): Feature2 {
  const [a, b] = capsuleCore(capsule);
  if (code & VERTEX_FEATURE) {
    const end = code & 1;
    return {
      shape: index,
      kind: 'vertex',
      index: end,
      points: [end === 0 ? a : b],
      text: `round end ${end} of ${name}`,
    };
  }
  // The flat side: the core moved out by the radius along the side's normal.
  const { cos, sin } = capsule.transform;
  const sign = code === 1 ? 1 : -1;
  const nx = -sin * sign * capsule.radius, ny = cos * sign * capsule.radius;
  return {
    shape: index,
    kind: 'edge',
    index: code,
    points: [[a[0] + nx, a[1] + ny], [b[0] + nx, b[1] + ny]],
    text: `${code === 1 ? 'upper' : 'lower'} side of ${name}`,
  };
}

/**
 * The two features a 2D contact of the pair (shapes `i`, `j`) names, in scene order of the
 * pair: `[feature of shape i, feature of shape j]`.
 */
export function contactFeatures2(
  shapes: readonly Shape2[],
  i: number,
  j: number,
  featureId: number,
): [Feature2, Feature2] {
  const first = firstFeatureOf(featureId), second = secondFeatureOf(featureId);
  const iFirst = canonicalFirst2(shapes[i]!, shapes[j]!);
  return [
    feature2(shapes, i, iFirst ? first : second),
    feature2(shapes, j, iFirst ? second : first),
  ];
}

/** A 3D feature code named in words ("face +y", "edge along x at (+y, -z)", "corner (+x, -y, +z)"). */
export function boxFeatureText(code: number): string {
  const sign = (positive: boolean): string => (positive ? '+' : '-');
  const axes = ['x', 'y', 'z'];
  if (code < 8) {
    return `corner (${axes.map((a, k) => `${sign(((code >> k) & 1) === 1)}${a}`).join(', ')})`;
  }
  if (code >= 16 && code < 28) {
    const index = code - 16, c = index >> 2;
    const [p, q] = [0, 1, 2].filter((k) => k !== c);
    return `edge along ${axes[c]} at (${sign((index & 1) === 1)}${axes[p!]}, ${
      sign((index & 2) === 2)
    }${axes[q!]})`;
  }
  if (code >= 32 && code < 38) {
    const index = code - 32;
    return `face ${sign((index & 1) === 0)}${axes[index >> 1]}`;
  }
  return `feature ${code}`;
}

/**
 * A box feature code as local geometry: the corner (one point), the edge (two points) or the
 * face (four corners, counter-clockwise seen from outside), given the half sizes.
 */
export function boxFeaturePoints(code: number, half: readonly number[]): number[][] {
  const corner = (signs: number[]): number[] => signs.map((s, k) => s * half[k]!);
  if (code < 8) return [corner([0, 1, 2].map((k) => ((code >> k) & 1 ? 1 : -1)))];
  if (code >= 16 && code < 28) {
    const index = code - 16, c = index >> 2;
    const [p, q] = [0, 1, 2].filter((k) => k !== c);
    const signs = [0, 0, 0];
    signs[p!] = index & 1 ? 1 : -1;
    signs[q!] = index & 2 ? 1 : -1;
    const a = [...signs], b = [...signs];
    a[c] = -1;
    b[c] = 1;
    return [corner(a), corner(b)];
  }
  if (code >= 32 && code < 38) {
    const index = code - 32, k = index >> 1, s = index & 1 ? -1 : 1;
    const [p, q] = [0, 1, 2].filter((axis) => axis !== k);
    return [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([u, v]) => {
      const signs = [0, 0, 0];
      signs[k] = s;
      signs[p!] = u!;
      signs[q!] = v!;
      return corner(signs);
    });
  }
  return [];
}

/**
 * Loads triangle `triangle` of a mesh (the caller's index) or heightfield (its numbering) into
 * `out`, in world space at the shape's pose, with its edge flags; false when no such triangle is
 * kept (dropped as degenerate, a hole, out of range).
 */
export function loadMeshTriangle(
  shape: TriangleMesh | Heightfield,
  triangle: number,
  out: MeshTriangle,
): boolean {
  if (shape.shapeType === ShapeType.TriangleMesh) {
    const slot = shape.triangleIndex.indexOf(triangle);
    if (slot < 0) return false;
    shape.loadTriangle(slot, out);
    return true;
  }
  if (!Number.isInteger(triangle) || triangle < 0 || triangle >= shape.triangleCount) return false;
  const cell = triangle >> 1, columns = shape.columns - 1;
  if (!shape.hasCell(Math.floor(cell / columns), cell % columns)) return false;
  shape.loadTriangle(triangle, out);
  return true;
}

const EDGE_FLAG_NAMES: Record<EdgeFlag, string> = {
  [EdgeFlag.Boundary]: 'boundary',
  [EdgeFlag.Convex]: 'convex',
  [EdgeFlag.Flat]: 'flat',
  [EdgeFlag.Concave]: 'concave',
};

/**
 * The feature a mesh or heightfield code names, in words ("edge 1 (flat) of triangle 12 of the
 * mesh") and as world points (the face's three corners, the edge's two ends, the corner), or null
 * for a code that names no kept triangle.
 */
export function meshFeature(
  shape: TriangleMesh | Heightfield,
  name: string,
  code: number,
): { text: string; points: number[][]; } | null {
  const triangle = Math.floor(code / 8), local = code % 8;
  const loaded = new MeshTriangle();
  if (local === 7 || !loadMeshTriangle(shape, triangle, loaded)) return null;
  const v = loaded.vertices;
  const corner = (k: number): number[] => [v[3 * k]!, v[3 * k + 1]!, v[3 * k + 2]!];
  const of = `of triangle ${triangle} of the ${name}`;
  if (local === 0) return { text: `the face ${of}`, points: [corner(0), corner(1), corner(2)] };
  if (local < 4) {
    const k = local - 1;
    const flag = EDGE_FLAG_NAMES[loaded.edgeFlags[k] as EdgeFlag];
    return { text: `edge ${k} (${flag}) ${of}`, points: [corner(k), corner((k + 1) % 3)] };
  }
  return { text: `corner ${local - 4} ${of}`, points: [corner(local - 4)] };
}
