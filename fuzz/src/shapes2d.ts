/**
 * 2D configurations as plain data (`ShapeDesc2`): what the generator makes, what the library
 * shapes are built from, what the oracle measures (its own world-space geometry, posed here
 * without the library's transforms) and what a failing case prints as code.
 */
import { Chain, Circle, Polygon, type AnyShape2 } from '@contactkit/collision2d';
import type { Geometry2, Point } from './oracle2d.js';

/** One 2D shape: its kind, its size or local points, and its pose (position, angle). */
export type ShapeDesc2 =
  | { kind: 'circle'; radius: number; x: number; y: number; angle: number; }
  | { kind: 'polygon'; points: [number, number][]; x: number; y: number; angle: number; }
  | { kind: 'chain'; points: [number, number][]; x: number; y: number; angle: number; };

/** The kind of a shape slot of a pair. */
export type Kind2 = ShapeDesc2['kind'];

/** The library shape a description stands for. */
export function build2(desc: ShapeDesc2): AnyShape2 {
  const shape = desc.kind === 'circle'
    ? new Circle(desc.radius)
    : desc.kind === 'polygon'
    ? new Polygon(desc.points)
    : new Chain(desc.points);
  return shape.setPose([desc.x, desc.y], desc.angle);
}

/** World-space geometry of a description, posed by the oracle's own rotation. */
export function geometry2(desc: ShapeDesc2): Geometry2 {
  const c = Math.cos(desc.angle), s = Math.sin(desc.angle);
  if (desc.kind === 'circle') {
    return { kind: 'circle', centre: [desc.x, desc.y], radius: desc.radius };
  }
  const points = desc.points.map(([x, y]) =>
    [c * x - s * y + desc.x, s * x + c * y + desc.y] as Point
  );
  return { kind: desc.kind, points };
}

/** Radius of a circle about the pose position holding the shape. */
export function size2(desc: ShapeDesc2): number {
  if (desc.kind === 'circle') return desc.radius;
  return Math.max(...desc.points.map(([x, y]) => Math.hypot(x, y)));
}

/** The description moved by a rigid motion: turned by `angle` about the origin, then moved by `(tx, ty)`. */
export function moved2(desc: ShapeDesc2, angle: number, tx: number, ty: number): ShapeDesc2 {
  const c = Math.cos(angle), s = Math.sin(angle);
  return {
    ...desc,
    x: c * desc.x - s * desc.y + tx,
    y: s * desc.x + c * desc.y + ty,
    angle: desc.angle + angle,
  };
}

/** The description scaled by `factor` about the world origin (positions, radii and points). */
export function scaled2(desc: ShapeDesc2, factor: number): ShapeDesc2 {
  if (desc.kind === 'circle') {
    return { ...desc, radius: desc.radius * factor, x: desc.x * factor, y: desc.y * factor };
  }
  return {
    ...desc,
    points: desc.points.map(([x, y]) => [x * factor, y * factor]),
    x: desc.x * factor,
    y: desc.y * factor,
  };
}

/** The code that builds the shape: a constructor and `setPose`, numbers printed to round-trip. */
export function code2(desc: ShapeDesc2): string {
  const pose = `.setPose([${desc.x}, ${desc.y}], ${desc.angle})`;
  if (desc.kind === 'circle') return `new Circle(${desc.radius})${pose}`;
  const points = desc.points.map(([x, y]) => `[${x}, ${y}]`).join(', ');
  return `new ${desc.kind === 'polygon' ? 'Polygon' : 'Chain'}([${points}])${pose}`;
}
