/**
 * three.js objects matching the 2D shapes, drawn in the plane z = `planeZ`: a translucent fill
 * (circles and polygons) and an outline (every shape). The geometry is in the shape's own frame,
 * so placing the object is a copy of `shape.transform` (`syncMeshToShape2`).
 */
import {
  BufferGeometry,
  CircleGeometry,
  Color,
  Float32BufferAttribute,
  Group,
  Line,
  LineBasicMaterial,
  LineLoop,
  Mesh,
  MeshBasicMaterial,
  Shape,
  ShapeGeometry,
  Vector2,
} from 'three';
import type { Object3D } from 'three';
import { ShapeType2 } from '@contactkit/collision2d';
import type { Shape2, Capsule2, Circle, Polygon, Chain } from '@contactkit/collision2d';
import { SHAPE_COLORS } from './colors.js';

/** Settings of `meshForShape2`; every field is optional. */
export interface Shape2MeshOptions {
  /** Fill and outline colour, sRGB hex (default `SHAPE_COLORS.first`). */
  color?: number;
  /** Opacity of the fill (default 0.45); the outline is opaque. */
  fillOpacity?: number;
  /** Height of the drawing plane (default 0), as `ContactSet2Helper.planeZ`. */
  planeZ?: number;
  /**
   * Chains and segments: also draw each segment as a filled band this wide (world units),
   * since WebGL draws lines one pixel wide (default 0: the line only).
   */
  chainWidth?: number;
}

/** Segments of a circle's outline. */
const CIRCLE_SEGMENTS = 64;

function outlineGeometry(points: readonly number[]): BufferGeometry {
  return new BufferGeometry().setAttribute('position', new Float32BufferAttribute(points, 3));
}

/** Flat local vertices `[x0, y0, ...]` as 3D points at z = 0. */
function liftVertices(vertices: Float64Array, count: number): number[] {
  const points: number[] = [];
  for (let i = 0; i < count; i++) points.push(vertices[2 * i]!, vertices[2 * i + 1]!, 0);
  return points;
}

/**
 * The outline of a capsule in its own frame, counter-clockwise, as 3D points at z = 0: the half
 * circle about `(halfLength, 0)` from -90 to +90 degrees, then the one about `(-halfLength, 0)`
 * from +90 to 270, `CIRCLE_SEGMENTS / 2` steps each (the flat sides join them).
 */
function stadiumOutline(radius: number, halfLength: number): number[] {
  const points: number[] = [];
  const half = CIRCLE_SEGMENTS / 2;
  for (const [centre, start] of [[halfLength, -Math.PI / 2], [-halfLength, Math.PI / 2]] as const) {
    for (let i = 0; i <= half; i++) {
      const angle = start + (Math.PI * i) / half;
      points.push(centre + radius * Math.cos(angle), radius * Math.sin(angle), 0);
    }
  }
  return points;
}

/**
 * The outline of a rounded polygon (`Polygon.radius` > 0) in its own frame, counter-clockwise, as
 * 3D points at z = 0: each edge moved out by the radius along its normal; at a convex corner an
 * arc about the corner from the one edge's normal to the next's (about `CIRCLE_SEGMENTS` steps a
 * full turn); at a reflex corner the point where the two moved edges meet,
 * `v + r (n1 + n2) / (1 + n1 . n2)`. Where the offset folds (a radius beyond a concave outline's
 * narrowest notch) the curve crosses itself and is drawn as it is.
 */
function roundedOutline(polygon: Polygon): number[] {
  const { vertices, normals, count, radius } = polygon;
  const points: number[] = [];
  for (let i = 0; i < count; i++) {
    const p = i === 0 ? count - 1 : i - 1;
    const vx = vertices[2 * i]!, vy = vertices[2 * i + 1]!;
    const ax = normals[2 * p]!,
      ay = normals[2 * p + 1]!,
      bx = normals[2 * i]!,
      by = normals[2 * i + 1]!;
    const turn = ax * by - ay * bx, dot = ax * bx + ay * by;
    if (turn < 0 && dot > -1) {
      const k = radius / (1 + dot);
      points.push(vx + k * (ax + bx), vy + k * (ay + by), 0);
      continue;
    }
    const from = Math.atan2(ay, ax), sweep = Math.atan2(turn, dot);
    const steps = Math.max(1, Math.ceil((Math.abs(sweep) / (2 * Math.PI)) * CIRCLE_SEGMENTS));
    for (let k = 0; k <= steps; k++) {
      const angle = from + (sweep * k) / steps;
      points.push(vx + radius * Math.cos(angle), vy + radius * Math.sin(angle), 0);
    }
  }
  return points;
}

/**
 * One quad per segment of an open polyline, `halfWidth` to either side along the segment's
 * normal (no mitre at the joints: the quads overlap there). Zero-length segments add nothing.
 */
function bandGeometry(vertices: Float64Array, count: number, halfWidth: number): BufferGeometry {
  const positions: number[] = [];
  for (let i = 0; i + 1 < count; i++) {
    const ax = vertices[2 * i]!,
      ay = vertices[2 * i + 1]!,
      bx = vertices[2 * i + 2]!,
      by = vertices[2 * i + 3]!;
    const length = Math.hypot(bx - ax, by - ay);
    if (length === 0) continue;
    const nx = (-(by - ay) / length) * halfWidth, ny = ((bx - ax) / length) * halfWidth;
    // Two counter-clockwise triangles: a-, b-, b+ and a-, b+, a+.
    positions.push(ax - nx, ay - ny, 0, bx - nx, by - ny, 0, bx + nx, by + ny, 0);
    positions.push(ax - nx, ay - ny, 0, bx + nx, by + ny, 0, ax + nx, ay + ny, 0);
  }
  return new BufferGeometry().setAttribute('position', new Float32BufferAttribute(positions, 3));
}

/**
 * A Group drawing a 2D shape in its own frame, placed at the shape's current pose:
 * - Circle: a filled disc and its outline, plus a radius line along the local +x axis so that
 *   turning shows;
 * - Polygon (and Aabb): the filled outline (concave ones triangulated by three's ShapeUtils)
 *   and a closed outline through its vertices; a rounded polygon (`radius` > 0) its rounded
 *   outline (edges moved out by the radius, arcs at the convex corners) filled and drawn, and its
 *   core outline (named 'core') fainter;
 * - Chain (and Segment): an open line through its vertices (a chain bounds no area), and with
 *   `chainWidth > 0` a band of that width along it;
 * - Capsule2: the filled stadium (two half discs joined by the flat sides) and its outline, plus
 *   its core segment (named 'core') so that turning shows.
 * Children are named 'fill' and 'outline' (and 'radius' or 'core'). The caller owns the geometries and
 * materials: `disposeShape2Mesh` frees them.
 */
export function meshForShape2(shape: Shape2, options: Shape2MeshOptions = {}): Group {
  const color = new Color(options.color ?? SHAPE_COLORS.first);
  const fillOpacity = options.fillOpacity ?? 0.45;
  const group = new Group();
  group.name = shape.constructor.name;
  group.userData['planeZ'] = options.planeZ ?? 0;
  const lineMaterial = (): LineBasicMaterial => new LineBasicMaterial({ color });
  const fillMaterial = (): MeshBasicMaterial =>
    new MeshBasicMaterial({ color, transparent: true, opacity: fillOpacity, depthWrite: false });

  switch (shape.shapeType) {
    case ShapeType2.Circle: {
      const radius = (shape as Circle).radius;
      const fill = new Mesh(new CircleGeometry(radius, CIRCLE_SEGMENTS), fillMaterial());
      fill.name = 'fill';
      const rim: number[] = [];
      for (let i = 0; i < CIRCLE_SEGMENTS; i++) {
        const angle = (2 * Math.PI * i) / CIRCLE_SEGMENTS;
        rim.push(radius * Math.cos(angle), radius * Math.sin(angle), 0);
      }
      const outline = new LineLoop(outlineGeometry(rim), lineMaterial());
      outline.name = 'outline';
      const spoke = new Line(outlineGeometry([0, 0, 0, radius, 0, 0]), lineMaterial());
      spoke.name = 'radius';
      group.add(fill, outline, spoke);
      break;
    }
    case ShapeType2.Polygon:
    case ShapeType2.Aabb: {
      const polygon = shape as Polygon;
      const core = liftVertices(polygon.vertices, polygon.count);
      const rim = polygon.radius > 0 ? roundedOutline(polygon) : core;
      const contour: Vector2[] = [];
      for (let i = 0; i < rim.length; i += 3) contour.push(new Vector2(rim[i]!, rim[i + 1]!));
      const fill = new Mesh(new ShapeGeometry(new Shape(contour)), fillMaterial());
      fill.name = 'fill';
      const outline = new LineLoop(outlineGeometry(rim), lineMaterial());
      outline.name = 'outline';
      group.add(fill, outline);
      if (polygon.radius > 0) {
        // The core too, fainter, so that the radius shows.
        const coreLine = new LineLoop(
          outlineGeometry(core),
          new LineBasicMaterial({ color, transparent: true, opacity: 0.5 }),
        );
        coreLine.name = 'core';
        group.add(coreLine);
      }
      break;
    }
    case ShapeType2.Capsule2: {
      const capsule = shape as Capsule2;
      const rim = stadiumOutline(capsule.radius, capsule.halfLength);
      const contour: Vector2[] = [];
      for (let i = 0; i < rim.length; i += 3) contour.push(new Vector2(rim[i]!, rim[i + 1]!));
      const fill = new Mesh(new ShapeGeometry(new Shape(contour)), fillMaterial());
      fill.name = 'fill';
      const outline = new LineLoop(outlineGeometry(rim), lineMaterial());
      outline.name = 'outline';
      const h = capsule.halfLength;
      const coreLine = new Line(outlineGeometry([-h, 0, 0, h, 0, 0]), lineMaterial());
      coreLine.name = 'core';
      group.add(fill, outline, coreLine);
      break;
    }
    case ShapeType2.Chain:
    case ShapeType2.Segment: {
      const chain = shape as Chain;
      const width = options.chainWidth ?? 0;
      if (width > 0) {
        const fill = new Mesh(
          bandGeometry(chain.vertices, chain.count, width / 2),
          new MeshBasicMaterial({
            color,
            transparent: true,
            opacity: Math.max(fillOpacity, 0.8),
            depthWrite: false,
          }),
        );
        fill.name = 'fill';
        group.add(fill);
      }
      const outline = new Line(
        outlineGeometry(liftVertices(chain.vertices, chain.count)),
        lineMaterial(),
      );
      outline.name = 'outline';
      group.add(outline);
      break;
    }
  }
  return syncMeshToShape2(group, shape);
}

/**
 * Copies the shape's pose (`transform.x`, `transform.y`, `transform.angle`) into the object:
 * position `(x, y, planeZ)` (planeZ from `meshForShape2`'s options, else the object's current z)
 * and a rotation of `angle` about +z. Returns the object.
 */
export function syncMeshToShape2<T extends Object3D>(object: T, shape: Shape2): T {
  const planeZ = object.userData['planeZ'];
  object.position.set(
    shape.transform.x,
    shape.transform.y,
    typeof planeZ === 'number' ? planeZ : object.position.z,
  );
  object.rotation.set(0, 0, shape.transform.angle);
  return object;
}

/** Frees the geometries and materials of an object made by `meshForShape2`. */
export function disposeShape2Mesh(object: Object3D): void {
  object.traverse((child) => {
    const drawable = child as Partial<Mesh>;
    drawable.geometry?.dispose();
    const material = drawable.material;
    if (Array.isArray(material)) { for (const m of material) m.dispose(); }
    else material?.dispose();
  });
}
