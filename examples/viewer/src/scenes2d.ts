/**
 * The 2D scenes as pure data: the shapes, where they start, which pairs collide, and the
 * scripted motion of the first shape. No DOM and no three.js, so Node tests build the very same
 * configurations the page shows and compute the same contacts, minimum translation and segment
 * intersections.
 *
 * Every shape's points are given about its own centre, so turning a shape turns it in place.
 */
import {
  Circle,
  CollisionData2,
  LineIntersection2,
  Mtd2,
  Polygon,
  Segment,
  collide2d,
  intersectSegments,
  satPolygonPolygon,
} from '@contactkit/collision2d';
import type { Shape2 } from '@contactkit/collision2d';
import { motionPhase } from './pose.js';

/** A 2D pose: position and angle (radians, counter-clockwise). */
export interface Pose2 {
  position: [number, number];
  angle: number;
}

/**
 * The scripted motion of the first shape: at phase `s` (0 -> 1 -> 0 over `period` seconds) it
 * sits at `start.position + direction * distance * s` (direction normalised) and turns by
 * `spin * sin(2 pi t / period)` from its starting angle.
 */
export interface Motion2 {
  direction: [number, number];
  distance: number;
  spin: number;
  period: number;
}

export const SCENE2_IDS = ['circle-concave', 'polygons-convex', 'polygons-concave', 'segments'] as const;
export type Scene2Id = (typeof SCENE2_IDS)[number];

export interface Scene2 {
  readonly dimension: 2;
  readonly id: Scene2Id;
  readonly title: string;
  readonly description: string;
  /** The shapes; `shapes[0]` is the one Animate moves. */
  readonly shapes: readonly Shape2[];
  readonly starts: readonly Pose2[];
  /** Index pairs given to `collide2d(shapes[i], shapes[j], data)`, in this order. */
  readonly pairs: readonly (readonly [number, number])[];
  readonly motion: Motion2;
  /** The part of the plane the camera shows: centre and height in world units. */
  readonly view: { centre: [number, number]; height: number };
  /** Draw the minimum translation of the first pair (two convex polygons, seed 002's SAT). */
  readonly showMinimumTranslation: boolean;
  /** Mark where the Segment shapes cross each other (seed 001's segment intersection). */
  readonly showSegmentIntersections: boolean;
}

interface ShapeSpec {
  shape: () => Shape2;
  start: Pose2;
}

interface SceneSpec {
  title: string;
  description: string;
  shapes: ShapeSpec[];
  pairs?: [number, number][];
  motion: Partial<Motion2> & { direction: [number, number]; distance: number };
  view?: { centre: [number, number]; height: number };
  showMinimumTranslation?: boolean;
  showSegmentIntersections?: boolean;
}

/** A segment from `a` to `b` (world), built about its midpoint so it turns in place. */
function segmentFrom(a: [number, number], b: [number, number]): ShapeSpec {
  const half = Math.hypot(b[0] - a[0], b[1] - a[1]) / 2;
  return {
    shape: () => new Segment([-half, 0], [half, 0]),
    start: { position: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], angle: Math.atan2(b[1] - a[1], b[0] - a[0]) },
  };
}

/** A regular polygon of `sides` vertices at `radius` from its centre. */
function regularPolygon(sides: number, radius: number): Polygon {
  const points: [number, number][] = [];
  for (let i = 0; i < sides; i++) points.push([radius * Math.cos((2 * Math.PI * i) / sides), radius * Math.sin((2 * Math.PI * i) / sides)]);
  return new Polygon(points);
}

const SPECS: Record<Scene2Id, SceneSpec> = {
  'circle-concave': {
    title: 'Circle in a concave corner',
    description: 'A circle of radius 0.5 nested 0.05 into both walls of an L-shaped contour: one contact per wall, two in the corner.',
    shapes: [
      { shape: () => new Circle(0.5), start: { position: [1.05, -0.05], angle: 0 } },
      {
        // The L: a floor (top at y = -0.5) and a wall on the right (inner face at x = 1.5).
        shape: () => new Polygon([[-2, -1.5], [2.5, -1.5], [2.5, 1.5], [1.5, 1.5], [1.5, -0.5], [-2, -0.5]]),
        start: { position: [0, 0], angle: 0 },
      },
    ],
    motion: { direction: [-1, 1], distance: 0.9, spin: 0.8 },
    view: { centre: [0.25, 0], height: 4.4 },
  },
  'polygons-convex': {
    title: 'Two convex polygons',
    description: 'A turned square against a hexagon. The dashed outline is the square moved by the minimum translation (seed 002 SAT), the white arrow that translation.',
    shapes: [
      { shape: () => new Polygon([[-0.7, -0.7], [0.7, -0.7], [0.7, 0.7], [-0.7, 0.7]]), start: { position: [-0.75, 0.25], angle: 0.4 } },
      { shape: () => regularPolygon(6, 1), start: { position: [0.7, 0], angle: 0 } },
    ],
    motion: { direction: [-1, 0.2], distance: 1.4, spin: 0.6 },
    view: { centre: [0, 0.1], height: 3.6 },
    showMinimumTranslation: true,
  },
  'polygons-concave': {
    title: 'Two concave polygons',
    description: 'A T pushed into a U: the bar rests on both arms and the stem on the floor, three separate places of contact between two concave outlines.',
    shapes: [
      {
        shape: () => new Polygon([[-0.4, -1.15], [0.4, -1.15], [0.4, 0], [1.6, 0], [1.6, 0.5], [-1.6, 0.5], [-1.6, 0], [-0.4, 0]]),
        // The bar's underside 0.1 into both arms (tops at y = 1), the stem's foot 0.05 into the floor (y = -0.2).
        start: { position: [0, 0.9], angle: 0 },
      },
      {
        shape: () => new Polygon([[-2, -1], [2, -1], [2, 1], [1.1, 1], [1.1, -0.2], [-1.1, -0.2], [-1.1, 1], [-2, 1]]),
        start: { position: [0, 0], angle: 0 },
      },
    ],
    motion: { direction: [0.3, 1], distance: 0.9, spin: 0.3 },
    view: { centre: [0, 0.2], height: 4 },
  },
  segments: {
    title: 'Segments',
    description: 'Four segments and a circle: white rings mark where segments cross (seed 001), the circle touches the segments it overlaps.',
    shapes: [
      { shape: () => new Circle(0.45), start: { position: [0.55, 0.45], angle: 0 } },
      segmentFrom([-2, -1], [2, 1.2]),
      segmentFrom([-1.8, 1], [1.5, -1.4]),
      segmentFrom([-1.4, -1.6], [-0.5, 1.7]),
      segmentFrom([1.0, -1.5], [2.2, 1.5]),
    ],
    pairs: [[0, 1], [0, 2], [0, 3], [0, 4]],
    motion: { direction: [-0.2, 1], distance: 2.2, spin: 0 },
    view: { centre: [0.1, 0.05], height: 4 },
    showSegmentIntersections: true,
  },
};

/** A fresh 2D scene with every shape at its starting pose. */
export function createScene2(id: Scene2Id): Scene2 {
  const spec = SPECS[id];
  const shapes = spec.shapes.map((s) => s.shape().setPose(s.start.position, s.start.angle));
  return {
    dimension: 2,
    id,
    title: spec.title,
    description: spec.description,
    shapes,
    starts: spec.shapes.map((s) => s.start),
    pairs: spec.pairs ?? [[0, 1]],
    motion: { spin: 0, period: 6, ...spec.motion },
    view: spec.view ?? { centre: [0, 0], height: 4 },
    showMinimumTranslation: spec.showMinimumTranslation ?? false,
    showSegmentIntersections: spec.showSegmentIntersections ?? false,
  };
}

/** The pose of the first shape at time `t` seconds of the scripted motion (t = 0: the start). */
export function motionPose2(scene: Scene2, t: number): Pose2 {
  const { direction, distance, spin, period } = scene.motion;
  const travel = (distance * motionPhase(t, period)) / Math.hypot(direction[0], direction[1]);
  const start = scene.starts[0]!;
  return {
    position: [start.position[0] + direction[0] * travel, start.position[1] + direction[1] * travel],
    angle: start.angle + spin * Math.sin((2 * Math.PI * t) / period),
  };
}

/** Runs `collide2d` on every pair of the scene, after `data.reset()`; returns the contact count. */
export function collideScene2(scene: Scene2, data: CollisionData2): number {
  data.reset();
  for (const [i, j] of scene.pairs) collide2d(scene.shapes[i]!, scene.shapes[j]!, data);
  return data.contactCount;
}

/** The world vertices `[x0, y0, ...]` of a polygon or chain (its local vertices under its pose). */
export function worldVertices(shape: Shape2 & { vertices: Float64Array; count: number }): Float64Array {
  const out = new Float64Array(2 * shape.count);
  const { x, y, cos, sin } = shape.transform;
  for (let i = 0; i < shape.count; i++) {
    const lx = shape.vertices[2 * i]!, ly = shape.vertices[2 * i + 1]!;
    out[2 * i] = cos * lx - sin * ly + x;
    out[2 * i + 1] = sin * lx + cos * ly + y;
  }
  return out;
}

/** The minimum translation of a scene's first pair, as plain numbers. */
export interface MinimumTranslation {
  overlapping: boolean;
  normal: number[];
  depth: number;
  translation: number[];
}

/**
 * Seed 002's SAT on the first pair (both convex polygons): the translation that moves the first
 * polygon out of the second. Null for a scene that does not show it.
 */
export function minimumTranslation(scene: Scene2): MinimumTranslation | null {
  if (!scene.showMinimumTranslation) return null;
  const [first, second] = scene.pairs[0]!;
  const mtd = new Mtd2();
  const overlapping = satPolygonPolygon(mtd, worldVertices(scene.shapes[first] as Polygon), worldVertices(scene.shapes[second] as Polygon));
  return { overlapping, normal: Array.from(mtd.normal), depth: mtd.depth, translation: Array.from(mtd.translation) };
}

/**
 * Where the scene's Segment shapes cross, pair by pair in index order (collinear overlaps give
 * their first common point). Empty for a scene that does not show them.
 */
export function segmentIntersections(scene: Scene2): number[][] {
  if (!scene.showSegmentIntersections) return [];
  const segments = scene.shapes.filter((s): s is Segment => s instanceof Segment).map((s) => worldVertices(s));
  const hit = new LineIntersection2();
  const points: number[][] = [];
  for (let i = 0; i < segments.length; i++) {
    for (let j = i + 1; j < segments.length; j++) {
      const a = segments[i]!, b = segments[j]!;
      if (intersectSegments(hit, a.subarray(0, 2), a.subarray(2, 4), b.subarray(0, 2), b.subarray(2, 4))) points.push(Array.from(hit.point));
    }
  }
  return points;
}
