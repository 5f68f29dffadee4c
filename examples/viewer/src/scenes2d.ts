/**
 * The 2D scenes as pure data: the shapes, where they start, which pairs collide, the scripted
 * motion of the first shape, and for the scenes of a boolean or parametric test the probe that
 * runs it (probes2d.ts). No DOM and no three.js, so Node tests build the very same configurations
 * the page shows and compute the same contacts, probes, minimum translation and segment
 * intersections.
 *
 * A scene is one entry of `SPECS` (and its id in `SCENE2_IDS`); nothing else needs to change to
 * add one. Every shape's points are given about its own centre, so turning a shape turns it in
 * place.
 */
import {
  Aabb,
  Capsule2,
  Chain,
  Circle,
  CollisionData2,
  LineIntersection2,
  Mtd2,
  Polygon,
  Segment,
  collide2d,
  intersectSegments,
  satPolygonPolygon,
  tileOutlines,
} from '@contactkit/collision2d';
import type { Shape2 } from '@contactkit/collision2d';
import { motionPhase } from './pose.js';
import {
  probeCircleLine,
  probePointInPolygon,
  probeRectangleCircle,
  probeRectangles,
  probeSat,
  probeSegmentPair,
  satAxisChoices,
  timeCircleLine,
  timePointInPolygon,
  timeRectangleCircle,
  timeRectangles,
  timeSat,
  timeSegmentPair,
  worldVertices,
} from './probes2d.js';
import type { Probe } from './probes2d.js';
import { probeRaycast, timeRaycast } from './ray-probe2d.js';
import {
  BOX_HALF,
  CHAIN,
  CHAIN_BOX,
  CHAIN_TOP,
  FIRST_TILE,
  TILES_BOX,
  TILES_TOP,
  TILE,
  TILE_COUNT,
  probeTileFloor,
  square,
  tileCentre,
  tileRowChain,
} from './tile-floor2d.js';

export { worldVertices } from './probes2d.js';
export type { Probe, Overlay } from './probes2d.js';

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

export const SCENE2_IDS = [
  'circle-circle',
  'circle-polygon',
  'circle-chain',
  'circle-concave',
  'polygons-convex',
  'polygons-concave',
  'polygon-chain',
  'segments',
  'segment-pair',
  'circle-line',
  'rectangles',
  'rectangle-circle',
  'point-in-polygon',
  'sat-axes',
  'circle-capsule2',
  'capsule2-capsule2',
  'capsule2-polygon',
  'capsule2-chain',
  'tile-floor',
  'raycast',
  'rounded-polygons',
] as const;
export type Scene2Id = (typeof SCENE2_IDS)[number];

/** What a probe is computed with besides the shapes: the clicked point and the scene's choice. */
export interface ProbeInput {
  /** The point under test (point-in-polygon), world coordinates. */
  point: [number, number];
  /** The scene's choice (sat-axes: the axis index, -1 for the minimum), else -1. */
  choice: number;
}

/** A scene's own choice in the panel (sat-axes: which axis to project on). */
export interface SceneChoice {
  label: string;
  /** Value -1 and then one label per value 0, 1, ... */
  options(scene: Scene2): string[];
}

export interface Scene2 {
  readonly dimension: 2;
  readonly id: Scene2Id;
  readonly title: string;
  readonly description: string;
  /** The shapes; `shapes[0]` is the one Animate moves (with the others in `movers`). */
  readonly shapes: readonly Shape2[];
  /** The indices of the shapes Animate moves, each by the same motion from its own start; `[0]` by default. */
  readonly movers: readonly number[];
  readonly starts: readonly Pose2[];
  /** Index pairs given to `collide2d(shapes[i], shapes[j], data)`, in this order. */
  readonly pairs: readonly (readonly [number, number])[];
  readonly motion: Motion2;
  /** The part of the plane the camera shows: centre and height in world units. */
  readonly view: { centre: [number, number]; height: number; };
  /**
   * Draw the minimum translation of the first pair (two convex polygons, the separating-axis test).
   */
  readonly showMinimumTranslation: boolean;
  /** Mark where the Segment shapes cross each other (segment intersection). */
  readonly showSegmentIntersections: boolean;
  /** Where the point under test starts (scenes whose probe takes a clicked point), else null. */
  readonly startPoint: [number, number] | null;
  /** The scene's own choice, else null. */
  readonly choice: SceneChoice | null;
  /** Runs the scene's boolean or parametric test on the shapes as they are, else null. */
  readonly probe: ((scene: Scene2, input: ProbeInput) => Probe) | null;
  /**
   * A call of the library that the time readout repeats: the test of a probe scene, else every
   * pair's `collide2d` (what `collideScene2` runs).
   */
  readonly kernel: ((scene: Scene2, input: ProbeInput) => () => unknown) | null;
}

interface ShapeSpec {
  shape: () => Shape2;
  start: Pose2;
}

interface SceneSpec {
  title: string;
  description: string;
  shapes: ShapeSpec[];
  /** Default `[[0, 1]]`; `[]` for a scene with no detector (two segments). */
  pairs?: [number, number][];
  motion: Partial<Motion2> & { direction: [number, number]; distance: number; };
  /** Default `[0]`. */
  movers?: number[];
  view?: { centre: [number, number]; height: number; };
  showMinimumTranslation?: boolean;
  showSegmentIntersections?: boolean;
  startPoint?: [number, number];
  choice?: SceneChoice;
  probe?: (scene: Scene2, input: ProbeInput) => Probe;
  kernel?: (scene: Scene2, input: ProbeInput) => () => unknown;
}

/** A segment from `a` to `b` (world), built about its midpoint so it turns in place. */
function segmentFrom(a: [number, number], b: [number, number]): ShapeSpec {
  const half = Math.hypot(b[0] - a[0], b[1] - a[1]) / 2;
  return {
    shape: () => new Segment([-half, 0], [half, 0]),
    start: {
      position: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2],
      angle: Math.atan2(b[1] - a[1], b[0] - a[0]),
    },
  };
}

/** A shape that starts at the origin, unturned (the fixed shape of most scenes). */
function atOrigin(shape: () => Shape2): ShapeSpec {
  return { shape, start: { position: [0, 0], angle: 0 } };
}

/** A regular polygon of `sides` vertices at `radius` from its centre. */
function regularPolygon(sides: number, radius: number): Polygon {
  const points: [number, number][] = [];
  for (let i = 0; i < sides; i++) {
    points.push([
      radius * Math.cos((2 * Math.PI * i) / sides),
      radius * Math.sin((2 * Math.PI * i) / sides),
    ]);
  }
  return new Polygon(points);
}

/** An axis-aligned box of the given half sizes about its centre. */
function centredAabb(halfWidth: number, halfHeight: number): Aabb {
  return new Aabb([-halfWidth, -halfHeight], [halfWidth, halfHeight]);
}

/**
 * A zig-zag ground: an open contour with convex corners (peaks) and concave corners (valleys),
 * given about its own origin.
 */
const ZIGZAG: [number, number][] = [[-2.4, 0.2], [-1.2, -0.6], [0, 0.3], [0.9, -0.5], [2.4, 0.4]];

/**
 * Where the sliding boxes start: their right sides 0.002 past the seam at x = 0 and their bottoms
 * 0.005 into the floor, the step at which a box on separate tiles meets the next tile's corner.
 */
const BOX_START_X = -BOX_HALF + 0.002;
const BOX_SINK = 0.005;

/** The tile floor: two boxes, the chain of the tiles' union, the separate tiles. */
function tileFloorShapes(): ShapeSpec[] {
  const tiles: ShapeSpec[] = [];
  for (let i = 0; i < TILE_COUNT; i++) {
    tiles.push({ shape: () => square(TILE / 2), start: { position: tileCentre(i), angle: 0 } });
  }
  return [
    {
      shape: () => square(BOX_HALF),
      start: { position: [BOX_START_X, CHAIN_TOP + BOX_HALF - BOX_SINK], angle: 0 },
    },
    { shape: tileRowChain, start: { position: [0, CHAIN_TOP - TILE / 2], angle: 0 } },
    {
      shape: () => square(BOX_HALF),
      start: { position: [BOX_START_X, TILES_TOP + BOX_HALF - BOX_SINK], angle: 0 },
    },
    ...tiles,
  ];
}

const TILE_FLOOR_PAIRS: [number, number][] = [
  [CHAIN_BOX, CHAIN],
  ...Array.from({ length: TILE_COUNT }, (_, i): [number, number] => [TILES_BOX, FIRST_TILE + i]),
];

/** The ray's two handles (small discs to drag) and the shapes it is cast against. */
function rayShapes(): ShapeSpec[] {
  return [
    { shape: () => new Circle(0.09), start: { position: [-1.65, -0.35], angle: 0 } },
    { shape: () => new Circle(0.09), start: { position: [1.6, 0.75], angle: 0 } },
    { shape: () => new Circle(0.4), start: { position: [-0.75, 0.95], angle: 0 } },
    { shape: () => new Capsule2(0.22, 0.5), start: { position: [0.25, 0.05], angle: 0.8 } },
    { shape: () => regularPolygon(5, 0.45), start: { position: [1.05, -0.85], angle: 0.3 } },
    {
      shape: () => new Polygon([[-0.5, -0.22], [0.5, -0.22], [0.5, 0.22], [-0.5, 0.22]]),
      start: { position: [-0.55, -1.0], angle: -0.3 },
    },
    {
      shape: () => new Chain([[-0.6, 0.15], [0, -0.2], [0.6, 0.2]]),
      start: { position: [0.95, 1.45], angle: 0 },
    },
  ];
}

const SPECS: Record<Scene2Id, SceneSpec> = {
  'circle-capsule2': {
    title: 'Circle - capsule',
    description:
      "A circle against a capsule (Box2D v3's b2Capsule: the points within the radius of a " +
      "segment): the circle's centre is tested against the capsule's core segment, one contact " +
      'on the line from the nearest core point (Ericson, Real-Time Collision Detection 5.1.2; ' +
      "Box2D v3's b2CollideCapsuleAndCircle). A flat side or a round end, by where that point lies.",
    shapes: [
      { shape: () => new Circle(0.5), start: { position: [-0.35, 0.78], angle: 0 } },
      { shape: () => new Capsule2(0.35, 0.9), start: { position: [0, 0], angle: 0.2 } },
    ],
    motion: { direction: [1, 0.15], distance: 1.9, spin: 0 },
    view: { centre: [0, 0.2], height: 3.4 },
  },
  'capsule2-capsule2': {
    title: 'Capsule - capsule',
    description:
      'Two capsules: the closest points of their core segments (Ericson 5.1.9) give one contact, ' +
      'or two where the cores overlap side by side, clipped to the shorter core. Turning through ' +
      "parallel keeps the same reference side (Box2D v3's b2CollideCapsules), so the count " +
      'does not flicker 1-2-1.',
    shapes: [
      { shape: () => new Capsule2(0.3, 0.7), start: { position: [0.1, 0.5], angle: 0.04 } },
      { shape: () => new Capsule2(0.35, 1), start: { position: [0.1, -0.1], angle: 0 } },
    ],
    motion: { direction: [0.25, 1], distance: 0.8, spin: 0.5 },
    view: { centre: [0, 0.15], height: 3.4 },
  },
  'capsule2-polygon': {
    title: 'Capsule - polygon',
    description:
      "A capsule lying on a box: its core against each of the polygon's convex pieces by " +
      'separating axes, the reference side clipped to the core, then moved out by the radius ' +
      "(Ericson 4.4 and 5.2.1; Box2D v3's b2CollidePolygonAndCapsule, which treats the capsule " +
      'as a rounded two-point polygon). Lying flat it gets two contacts, so it does not rock on one.',
    shapes: [
      { shape: () => new Capsule2(0.3, 0.7), start: { position: [-0.15, 0.76], angle: 0.05 } },
      atOrigin(() => new Polygon([[-1.1, -0.5], [1.1, -0.5], [1.1, 0.5], [-1.1, 0.5]])),
    ],
    motion: { direction: [0.3, 1], distance: 0.9, spin: 0.5 },
    view: { centre: [0, 0.25], height: 3.2 },
  },
  'capsule2-chain': {
    title: 'Capsule - chain without ghost contacts',
    description:
      'A capsule lying across a chain vertex where two segments meet in a straight line: every ' +
      'contact points straight up, none sideways from the vertex, because a contact at a chain ' +
      "vertex may only have a normal between its two segments' normals (Box2D v3's chain " +
      'segments with ghost vertices, b2ChainSegment). Drag it along the chain and over the bend.',
    shapes: [
      { shape: () => new Capsule2(0.3, 0.6), start: { position: [0.05, -0.01], angle: 0 } },
      {
        shape: () => new Chain([[-2.2, 0], [-1.1, 0], [0, 0], [0.9, 0], [2.2, 0.65]]),
        start: { position: [0, -0.3], angle: 0 },
      },
    ],
    motion: { direction: [0.4, 1], distance: 1, spin: 0.5 },
    view: { centre: [0, 0.1], height: 3 },
  },
  'tile-floor': {
    title: 'Tile floor: one chain or separate tiles',
    description:
      'The same row of six tiles twice. Above, tileOutlines makes one chain of their union: its ' +
      'top is one edge, no seam to catch on. Below, six separate boxes: at each seam the box ' +
      "meets the next tile's corner and gets a sideways contact that stops it dead, the ghost " +
      'contacts Box2D v3 removes with chain segments that know their neighbours (b2ChainSegment ' +
      "and its ghost vertices; collision2d's chains keep that rule too, see capsule2-chain). " +
      'Both boxes start 0.002 past a seam.',
    shapes: tileFloorShapes(),
    pairs: TILE_FLOOR_PAIRS,
    movers: [CHAIN_BOX, TILES_BOX],
    motion: { direction: [1, 0], distance: 1, spin: 0 },
    view: { centre: [0, -0.1], height: 3 },
    probe: probeTileFloor,
  },
  raycast: {
    title: 'Ray cast',
    description:
      "Drag the two small discs, the ray's origin and its end. raycast2d walks the grid of a " +
      'Playfield along the ray, a cell length at a time, and returns the first hit over its ' +
      'shapes: the point, the normal out of the shape there (the short blue line), the distance and ' +
      'which shape (Ericson, Real-Time Collision Detection 5.3: circles 5.3.2, slabs 5.3.3, ' +
      'polygons edge by edge 5.3.8). A chain is two-sided: its normal faces the origin.',
    shapes: rayShapes(),
    pairs: [],
    motion: { direction: [0, 1], distance: 2.3, spin: 0 },
    view: { centre: [0, 0.2], height: 3.7 },
    probe: probeRaycast,
    kernel: timeRaycast,
  },
  'circle-circle': {
    title: 'Circle - circle',
    description:
      'Radii 0.6 and 0.8. One FaceFace contact on the line of centres (Ericson, Real-Time ' +
      'Collision Detection 4.3.1); the feature ids are 0 and 0, a circle has one feature.',
    shapes: [
      { shape: () => new Circle(0.6), start: { position: [-0.6, 0.25], angle: 0 } },
      { shape: () => new Circle(0.8), start: { position: [0.6, -0.1], angle: 0 } },
    ],
    motion: { direction: [-1, 0.3], distance: 1.2 },
    view: { centre: [0, 0], height: 3.6 },
  },
  'circle-polygon': {
    title: 'Circle - convex polygon',
    description:
      'A circle against a pentagon: FaceFace while its centre projects onto an edge, PointFace ' +
      'when the nearest feature is a vertex (Ericson, Real-Time Collision Detection, ch. 5; ' +
      "Box2D's b2CollidePolygonAndCircle). Drag it round a corner to see the kind change.",
    shapes: [
      { shape: () => new Circle(0.5), start: { position: [0.15, 1.25], angle: 0 } },
      { shape: () => regularPolygon(5, 1), start: { position: [0, 0], angle: Math.PI / 10 } },
    ],
    motion: { direction: [0.2, 1], distance: 0.9 },
    view: { centre: [0, 0.3], height: 3.8 },
  },
  'circle-chain': {
    title: 'Circle - open chain',
    description:
      'A circle on an open zig-zag contour, tested against each segment by its distance: a ' +
      'valley (concave corner) can give two contacts, a peak (convex corner) one on the ' +
      'vertex. The contour has no inside, so contacts come from either side.',
    shapes: [
      { shape: () => new Circle(0.45), start: { position: [0.95, -0.3], angle: 0 } },
      { shape: () => new Chain(ZIGZAG), start: { position: [0, -0.3], angle: 0 } },
    ],
    motion: { direction: [0, 1], distance: 1.1 },
    view: { centre: [0, 0], height: 3.4 },
  },
  'circle-concave': {
    title: 'Circle in a concave corner',
    description:
      'A circle of radius 0.5 starting 0.05 into both walls of an L-shaped polygon: in the ' +
      'corner each wall gives its own contact.',
    shapes: [
      { shape: () => new Circle(0.5), start: { position: [1.05, -0.05], angle: 0 } },
      // The L: a floor (top at y = -0.5) and a wall on the right (inner face at x = 1.5).
      atOrigin(() =>
        new Polygon([[-2, -1.5], [2.5, -1.5], [2.5, 1.5], [1.5, 1.5], [1.5, -0.5], [-2, -0.5]])
      ),
    ],
    motion: { direction: [-1, 1], distance: 0.9, spin: 0.8 },
    view: { centre: [0.25, 0], height: 4.4 },
  },
  'polygons-convex': {
    title: 'Two convex polygons',
    description:
      'A turned square against a hexagon. The dashed outline is the square moved by the ' +
      'minimum translation (the separating-axis test, Ericson 4.4 and 5.2.1), the white arrow ' +
      'that translation.',
    shapes: [
      {
        shape: () => new Polygon([[-0.7, -0.7], [0.7, -0.7], [0.7, 0.7], [-0.7, 0.7]]),
        start: { position: [-0.75, 0.25], angle: 0.4 },
      },
      { shape: () => regularPolygon(6, 1), start: { position: [0.7, 0], angle: 0 } },
    ],
    motion: { direction: [-1, 0.2], distance: 1.4, spin: 0.6 },
    view: { centre: [0, 0.1], height: 3.6 },
    showMinimumTranslation: true,
  },
  'polygons-concave': {
    title: 'Two concave polygons',
    description:
      'A T pushed into a U: the bar rests on both arms and the stem on the floor, separate ' +
      'places of contact between two concave outlines (each split into convex pieces).',
    shapes: [
      {
        shape: () =>
          new Polygon([[-0.4, -1.15], [0.4, -1.15], [0.4, 0], [1.6, 0], [1.6, 0.5], [-1.6, 0.5], [
            -1.6,
            0,
          ], [-0.4, 0]]),
        // The bar's underside 0.1 into both arms (tops at y = 1), the stem's foot 0.05 into the
        // floor (y = -0.2).
        start: { position: [0, 0.9], angle: 0 },
      },
      atOrigin(() =>
        new Polygon([[-2, -1], [2, -1], [2, 1], [1.1, 1], [1.1, -0.2], [-1.1, -0.2], [-1.1, 1], [
          -2,
          1,
        ]])
      ),
    ],
    motion: { direction: [0.3, 1], distance: 0.9, spin: 0.3 },
    view: { centre: [0, 0.2], height: 4 },
  },
  'rounded-polygons': {
    title: 'Rounded polygons',
    description:
      'A box rounded by 0.15 resting on an L rounded by 0.12 (new Polygon(points, { radius }), ' +
      "Box2D v3's polygon radius): the detector works on the cores (the faint outlines) with the " +
      'radii added to the reach, then moves each contact out by the radii along its normal ' +
      "(b2CollidePolygons). Lift it off a corner: where the cores' closest points are two " +
      'corners, one contact along the line between them, the rounded corners touching.',
    shapes: [
      {
        shape: () =>
          new Polygon([[-0.5, -0.3], [0.5, -0.3], [0.5, 0.3], [-0.5, 0.3]], { radius: 0.15 }),
        // The core's bottom 0.04 above the L's core top at -0.2: the rounded shapes 0.03 deep.
        start: { position: [0.6, 0.34], angle: 0 },
      },
      atOrigin(() =>
        new Polygon(
          [[-1.5, -0.8], [1.5, -0.8], [1.5, -0.2], [-0.3, -0.2], [-0.3, 0.8], [-1.5, 0.8]],
          { radius: 0.12 },
        )
      ),
    ],
    motion: { direction: [0.3, 1], distance: 0.9, spin: 0.5 },
    view: { centre: [0, 0.1], height: 3.2 },
  },
  'polygon-chain': {
    title: 'Polygon - open chain',
    description:
      'A turned box pushed into the zig-zag contour: each segment the box overlaps pushes it ' +
      "out along that segment's normal, so a box across a valley gets contacts from both " +
      'sides.',
    shapes: [
      {
        shape: () => new Polygon([[-0.45, -0.3], [0.45, -0.3], [0.45, 0.3], [-0.45, 0.3]]),
        start: { position: [-1.15, -0.35], angle: 0.15 },
      },
      { shape: () => new Chain(ZIGZAG), start: { position: [0, -0.3], angle: 0 } },
    ],
    motion: { direction: [0, 1], distance: 1.2, spin: 0.4 },
    view: { centre: [0, 0], height: 3.4 },
  },
  segments: {
    title: 'Segments and a circle',
    description:
      'Four segments and a circle: white rings mark where segments cross (intersectSegments), ' +
      'the circle gets a contact from each segment it overlaps.',
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
  'segment-pair': {
    title: 'Segment - segment',
    description:
      "intersectSegments solves a1 + ua (a2 - a1) = b1 + ub (b2 - b1) by Cramer's rule " +
      '(Ericson 5.1.9.1): the segments cross when both ua and ub lie in [0, 1]. Outside that, ' +
      'the dashed lines still meet where the two parameters say.',
    shapes: [segmentFrom([-1.6, -0.9], [1.4, 0.8]), segmentFrom([-1.2, 1.0], [1.0, -1.1])],
    pairs: [],
    motion: { direction: [0, 1], distance: 1.6, spin: 0.5 },
    view: { centre: [0, 0], height: 3.4 },
    probe: probeSegmentPair,
    kernel: timeSegmentPair,
  },
  'circle-line': {
    title: 'Circle - line',
    description:
      "intersectCircleLine puts the line o + t d (o = a, d = b - a) into the circle's equation " +
      'and solves the quadratic for t1 <= t2 (Ericson 5.3.2): both points are drawn with their ' +
      "parameters; t = 0 and t = 1 are the segment's ends. The contacts are the circle against " +
      'the segment.',
    shapes: [
      { shape: () => new Circle(0.7), start: { position: [0.2, 0.25], angle: 0 } },
      segmentFrom([-1.3, -0.4], [0.9, 0.5]),
    ],
    motion: { direction: [0, 1], distance: 1.6 },
    view: { centre: [0, 0.1], height: 3.4 },
    probe: probeCircleLine,
    kernel: timeCircleLine,
  },
  rectangles: {
    title: 'Axis-aligned rectangles',
    description:
      'overlapRectangles: two axis-aligned rectangles overlap when their x intervals and their ' +
      'y intervals both overlap (Ericson 4.2.1); the intervals are drawn along the axes. ' +
      'Rectangles cannot turn. The contacts come from the polygon detector.',
    shapes: [
      { shape: () => centredAabb(0.8, 0.5), start: { position: [-0.5, 0.35], angle: 0 } },
      { shape: () => centredAabb(0.7, 0.6), start: { position: [0.55, -0.2], angle: 0 } },
    ],
    motion: { direction: [-1, 0.6], distance: 1.4 },
    view: { centre: [0, 0], height: 3.4 },
    probe: probeRectangles,
    kernel: timeRectangles,
  },
  'rectangle-circle': {
    title: 'Rectangle - circle',
    description:
      "overlapRectangleCircle finds the point of the rectangle's outline nearest the circle's " +
      'centre, side by side (Ericson 5.2.5 clamps instead); the circle overlaps when that ' +
      'point is within the radius or the centre is inside. The nearest point and its side are ' +
      'drawn.',
    shapes: [
      { shape: () => new Circle(0.55), start: { position: [1.25, 0.8], angle: 0 } },
      atOrigin(() => centredAabb(0.9, 0.55)),
    ],
    motion: { direction: [1, 0.8], distance: 1 },
    view: { centre: [0.2, 0.2], height: 3.4 },
    probe: probeRectangleCircle,
    kernel: timeRectangleCircle,
  },
  'point-in-polygon': {
    title: 'Point in polygon',
    description:
      'Click anywhere to test a point against the concave polygon. pointInPolygon counts the ' +
      'winding number (Sunday, "Inclusion of a Point in a Polygon", 2001): each edge crossing ' +
      'the dashed ray to the right counts +1 going up, -1 going down; the point is inside when ' +
      'the sum is not 0.',
    shapes: [
      // A C-shape: the mouth opens to the right, so rays from inside it cross the outline more
      // than once.
      atOrigin(() =>
        new Polygon([
          [-1.2, -1.1],
          [1.1, -1.1],
          [1.1, -0.5],
          [-0.4, -0.5],
          [-0.4, 0.5],
          [1.1, 0.5],
          [1.1, 1.1],
          [-1.2, 1.1],
        ])
      ),
    ],
    pairs: [],
    motion: { direction: [1, 0], distance: 1, spin: 0.6 },
    view: { centre: [0, 0], height: 3.2 },
    startPoint: [-0.8, 0.2],
    probe: probePointInPolygon,
    kernel: timePointInPolygon,
  },
  'sat-axes': {
    title: 'Separating axes of two convex polygons',
    description:
      'satPolygonPolygon projects both polygons on every edge normal (Ericson 4.4 and 5.2.1; ' +
      'Gottschalk, Lin and Manocha, OBBTree, 1996): the pair is apart when one axis separates ' +
      'the two intervals, and the smallest overlap over all axes is the minimum translation ' +
      '(white arrow, dashed ghost). Choose an axis to see its intervals.',
    shapes: [
      {
        shape: () => new Polygon([[-0.6, -0.5], [0.7, -0.4], [0.5, 0.6], [-0.3, 0.7], [-0.8, 0.1]]),
        start: { position: [-0.55, 0.2], angle: 0.2 },
      },
      {
        shape: () => new Polygon([[-0.7, -0.55], [0.7, -0.55], [0.7, 0.55], [-0.7, 0.55]]),
        start: { position: [0.6, -0.25], angle: -0.35 },
      },
    ],
    motion: { direction: [-1, 0.3], distance: 1.4, spin: 0.5 },
    view: { centre: [0, -0.3], height: 4.4 },
    showMinimumTranslation: true,
    choice: { label: 'axis', options: satAxisChoices },
    probe: probeSat,
    kernel: timeSat,
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
    movers: spec.movers ?? [0],
    motion: { spin: 0, period: 6, ...spec.motion },
    view: spec.view ?? { centre: [0, 0], height: 4 },
    showMinimumTranslation: spec.showMinimumTranslation ?? false,
    showSegmentIntersections: spec.showSegmentIntersections ?? false,
    startPoint: spec.startPoint ?? null,
    choice: spec.choice ?? null,
    probe: spec.probe ?? null,
    kernel: spec.kernel ?? null,
  };
}

/** Whether a shape can be turned (an Aabb stays axis aligned). */
export function isTurnable(shape: Shape2): boolean {
  return !(shape instanceof Aabb);
}

/**
 * The pose of shape `index` (a mover, the first shape by default) at time `t` seconds of the
 * scripted motion (t = 0: its start).
 */
export function motionPose2(scene: Scene2, t: number, index = 0): Pose2 {
  const { direction, distance, spin, period } = scene.motion;
  const travel = (distance * motionPhase(t, period)) / Math.hypot(direction[0], direction[1]);
  const start = scene.starts[index]!;
  return {
    position: [
      start.position[0] + direction[0] * travel,
      start.position[1] + direction[1] * travel,
    ],
    angle: isTurnable(scene.shapes[index]!)
      ? start.angle + spin * Math.sin((2 * Math.PI * t) / period)
      : 0,
  };
}

/** Puts every mover where the scripted motion has it at time `t`; returns the movers' indices. */
export function applyMotion2(scene: Scene2, t: number): readonly number[] {
  for (const index of scene.movers) {
    const pose = motionPose2(scene, t, index);
    scene.shapes[index]!.setPose(pose.position, pose.angle);
  }
  return scene.movers;
}

/**
 * Runs `collide2d` on every pair of the scene, after `data.reset()`; returns the contact count.
 * With `pairOfContact`, entry `i` is set to the index in `scene.pairs` of the pair that wrote
 * contact `i`.
 */
export function collideScene2(
  scene: Scene2,
  data: CollisionData2,
  pairOfContact?: number[],
): number {
  data.reset();
  if (pairOfContact) pairOfContact.length = 0;
  scene.pairs.forEach(([i, j], pair) => {
    collide2d(scene.shapes[i]!, scene.shapes[j]!, data);
    if (pairOfContact) {
      while (pairOfContact.length < data.contactCount) pairOfContact.push(pair);
    }
  });
  return data.contactCount;
}

/** The probe input a scene starts with. */
export function startProbeInput(scene: Scene2): ProbeInput {
  return {
    point: scene.startPoint ? [scene.startPoint[0], scene.startPoint[1]] : [0, 0],
    choice: -1,
  };
}

/** The minimum translation of a scene's first pair, as plain numbers. */
export interface MinimumTranslation {
  overlapping: boolean;
  normal: number[];
  depth: number;
  translation: number[];
}

/**
 * The separating-axis test on the first pair (both convex polygons): the translation that moves
 * the first polygon out of the second. Null for a scene that does not show it.
 */
export function minimumTranslation(scene: Scene2): MinimumTranslation | null {
  if (!scene.showMinimumTranslation) return null;
  const [first, second] = scene.pairs[0]!;
  const mtd = new Mtd2();
  const overlapping = satPolygonPolygon(
    mtd,
    worldVertices(scene.shapes[first] as Polygon),
    worldVertices(scene.shapes[second] as Polygon),
  );
  return {
    overlapping,
    normal: Array.from(mtd.normal),
    depth: mtd.depth,
    translation: Array.from(mtd.translation),
  };
}

/**
 * Where the scene's Segment shapes cross, pair by pair in index order (collinear overlaps give
 * their first common point). Empty for a scene that does not show them.
 */
export function segmentIntersections(scene: Scene2): number[][] {
  if (!scene.showSegmentIntersections) return [];
  const segments = scene.shapes.filter((s): s is Segment => s instanceof Segment).map((s) =>
    worldVertices(s)
  );
  const hit = new LineIntersection2();
  const points: number[][] = [];
  for (let i = 0; i < segments.length; i++) {
    for (let j = i + 1; j < segments.length; j++) {
      const a = segments[i]!, b = segments[j]!;
      if (
        intersectSegments(
          hit,
          a.subarray(0, 2),
          a.subarray(2, 4),
          b.subarray(0, 2),
          b.subarray(2, 4),
        )
      ) points.push(Array.from(hit.point));
    }
  }
  return points;
}

/** Scene titles for an id (the menu), without building the shapes twice. */
export function scene2Title(id: Scene2Id): string {
  return SPECS[id].title;
}
