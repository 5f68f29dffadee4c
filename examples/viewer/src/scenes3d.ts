/**
 * The 3D scenes as pure data: which two primitives, where they start, and the scripted motion of
 * the first one. No DOM and no three.js, so Node tests build the very same configurations the
 * page shows and compute the same contacts.
 *
 * World frame: y up, the second shape (the "ground" or the lower box) at or below the origin.
 */
import {
  Box,
  Capsule,
  CollisionData,
  ConvexHull,
  HalfSpace,
  Plane,
  Sphere,
  collide,
} from '@contactkit/contacts3d';
import type { AnyPrimitive } from '@contactkit/contacts3d';
import { axisAngle, motionPhase, multiplyQuat, rotations } from './pose.js';
import {
  HOLE_CENTRE,
  LEVEL_HALF_SIZE,
  seeded,
  surfaceHeight,
  terrain,
  tessellatedFloor,
} from './level-geometry.js';
import type { QuatTuple, Vec3Tuple } from './pose.js';

/** A pose: position and unit quaternion `[x, y, z, w]`. */
export interface Pose3 {
  position: Vec3Tuple;
  quaternion: QuatTuple;
}

/**
 * The scripted motion of the first shape: at phase `s` (0 -> 1 -> 0 over `period` seconds) it
 * sits at `start.position + direction * distance * s` and turns by `spin * sin(2 pi t / period)`
 * about `spinAxis` (world axes) on top of `start.quaternion`.
 */
export interface Motion3 {
  direction: Vec3Tuple;
  distance: number;
  spinAxis: Vec3Tuple;
  spin: number;
  period: number;
}

const PAIR_SCENE_IDS = [
  'sphere-sphere',
  'sphere-half-space',
  'sphere-plane',
  'sphere-box',
  'box-half-space',
  'box-plane',
  'box-box-face',
  'box-box-edge',
  'box-box-vertex',
  'capsule-capsule',
  'capsule-box',
  'capsule-box-face',
  'capsule-sphere',
  'capsule-half-space',
  'hull-hull',
  'hull-box',
  'hull-sphere',
  'hull-half-space',
] as const;

/**
 * A shape that moves over the level geometry: each becomes two scenes, `<name>-mesh` on the
 * tessellated floor and `<name>-heightfield` on the terrain.
 */
interface LevelMover {
  /** A new shape of the kind. */
  make: () => AnyPrimitive;
  /** Its name in titles. */
  title: string;
  /** How it lies on the ground. */
  quaternion: QuatTuple;
  /** Height of its centre over a flat ground: a little less than it reaches down (sunk 0.02). */
  rest: number;
  /** How far it reaches along world x from its centre (where the ground under it is looked for). */
  reach: number;
  /** Where it starts on the floor and on the terrain (world x, z). */
  floorAt: [number, number];
  terrainAt: [number, number];
  /** What its contacts show, one sentence for each ground. */
  onFloor: string;
  onTerrain: string;
}

const LEVEL_MOVERS = {
  sphere: {
    make: () => new Sphere(0.3),
    title: 'Sphere',
    quaternion: [0, 0, 0, 1],
    rest: 0.28,
    reach: 0,
    floorAt: [0.35, 0.2],
    terrainAt: [0.45, -0.35],
    onFloor: 'A sphere (radius 0.3) gets one FaceFace contact, straight up, wherever it is.',
    onTerrain: 'A sphere (radius 0.3) on the slope of the hill: its normal follows the face or ' +
      'lies between the faces of the ridge it touches. Over the hole (0.8 across) it falls ' +
      'through without a contact.',
  },
  capsule: {
    make: () => new Capsule(0.2, 0.5),
    title: 'Capsule',
    quaternion: axisAngle([0, 0, 1], Math.PI / 2),
    rest: 0.18,
    reach: 0.5,
    floorAt: [-0.3, -0.45],
    // Off the grid line z = 0 through the hole's middle, so it does not lie along the edges there.
    terrainAt: [HOLE_CENTRE[0], HOLE_CENTRE[2] + 0.1],
    onFloor: 'A capsule (radius 0.2, 1.4 long) lying on it: each triangle below clips its ' +
      'segment to itself, and contacts of one normal are reduced to the points that span them, ' +
      'so it rests on one contact under each end, straight up, as on a plane.',
    onTerrain: 'A capsule (radius 0.2, 1.4 long) lying across the hole: the plain carries it ' +
      'under each end; the rim points between them, of the same normal, are not repeated.',
  },
  box: {
    make: () => new Box([0.35, 0.2, 0.25]),
    title: 'Box',
    quaternion: axisAngle([0, 1, 0], 0.5),
    rest: 0.18,
    reach: 0.35,
    floorAt: [1.1, 0.6],
    // Half over the hole's right rim (x = -1.2), resting on the plain beyond it.
    terrainAt: [HOLE_CENTRE[0] + 0.45, HOLE_CENTRE[2] + 0.1],
    onFloor: 'A box (0.7 x 0.4 x 0.5) lying on it, turned: each triangle below clips the bottom ' +
      'face to itself, and the points merged over the triangles are reduced to the deepest and ' +
      'the widest spread, every one straight up.',
    onTerrain: 'A box (0.7 x 0.4 x 0.5) lying half over the hole: the plain carries it where its ' +
      'bottom face lies over the plain, and nothing holds it over the hole.',
  },
  hull: {
    make: () => ConvexHull.fromPoints(prism(6, 0.3, 0.15)),
    title: 'Hull',
    quaternion: axisAngle([0, 1, 0], 0.3),
    rest: 0.13,
    reach: 0.3,
    floorAt: [-1.2, 1.2],
    // On the flat plain, away from the hill: its cap crosses flat edges only.
    terrainAt: [-1.4, -1.5],
    onFloor: 'A hexagonal prism (a ConvexHull, radius 0.3) standing on its cap: the cap is ' +
      'clipped by each triangle below, the points merged and reduced, every one straight up.',
    onTerrain: 'A hexagonal prism (a ConvexHull, radius 0.3) standing on the plain: its cap ' +
      'crosses the flat edges between the cells, and no contact there points sideways.',
  },
} satisfies Record<string, LevelMover>;
type LevelMoverName = keyof typeof LEVEL_MOVERS;
type LevelSceneId = `${LevelMoverName}-${'mesh' | 'heightfield'}`;

export type Scene3Id = (typeof PAIR_SCENE_IDS)[number] | LevelSceneId;

/** Every 3D scene id: the pairs of primitives, then each mover on the floor and the terrain. */
export const SCENE3_IDS: readonly Scene3Id[] = [
  ...PAIR_SCENE_IDS,
  ...(Object.keys(LEVEL_MOVERS) as LevelMoverName[]).flatMap((name): LevelSceneId[] => [
    `${name}-mesh`,
    `${name}-heightfield`,
  ]),
];

/** A 3D scene: two primitives, where they start, how the first moves, where the camera looks. */
export interface Scene3 {
  readonly dimension: 3;
  readonly id: Scene3Id;
  readonly title: string;
  readonly description: string;
  readonly first: AnyPrimitive;
  readonly second: AnyPrimitive;
  readonly firstStart: Pose3;
  readonly secondStart: Pose3;
  readonly motion: Motion3;
  readonly camera: { position: Vec3Tuple; target: Vec3Tuple; };
}

const IDENTITY: QuatTuple = [0, 0, 0, 1];
/** A capsule's local Y axis laid along world x (90 degrees about z). */
const LYING: QuatTuple = axisAngle([0, 0, 1], Math.PI / 2);
/**
 * Stands a cube on a corner: 45 deg about z takes vertex (1, 1, 1)/2 to (0, sqrt 2, 1)/2, then
 * -atan(1/sqrt 2) about x makes it (0, sqrt 3, 0)/2, straight up, and its opposite vertex straight
 * down.
 */
const VERTEX_DOWN: QuatTuple = rotations(
  axisAngle([0, 0, 1], Math.PI / 4),
  axisAngle([1, 0, 0], -Math.atan(Math.SQRT1_2)),
);

/**
 * A random point cloud: 72 points in a cube of half size `h`, two thirds of them pushed out onto
 * a face of the cube. Its hull shows both kinds of face: the cube's faces, each many coplanar
 * triangles merged into one polygon, and triangles where the random points cut the corners.
 */
function randomCloud(seed: number, h: number): number[] {
  const random = seeded(seed);
  const points: number[] = [];
  for (let i = 0; i < 72; i++) {
    const p = [(2 * random() - 1) * h, (2 * random() - 1) * h, (2 * random() - 1) * h];
    if (i % 3 !== 0) p[Math.floor(random() * 3)] = random() < 0.5 ? -h : h;
    points.push(p[0]!, p[1]!, p[2]!);
  }
  return points;
}

/** A prism of `sides` sides, radius `r`, half height `h`, along y: two polygonal caps. */
function prism(sides: number, r: number, h: number): number[] {
  const points: number[] = [];
  for (let i = 0; i < sides; i++) {
    const angle = (2 * Math.PI * i) / sides;
    points.push(
      r * Math.cos(angle),
      -h,
      r * Math.sin(angle),
      r * Math.cos(angle),
      h,
      r * Math.sin(angle),
    );
  }
  return points;
}

interface SceneSpec {
  title: string;
  description: string;
  first: () => AnyPrimitive;
  second: () => AnyPrimitive;
  firstStart: Pose3;
  secondStart?: Pose3;
  motion: Partial<Motion3> & { direction: Vec3Tuple; distance: number; };
  camera?: { position: Vec3Tuple; target: Vec3Tuple; };
}

const SPECS: Record<(typeof PAIR_SCENE_IDS)[number], SceneSpec> = {
  'sphere-sphere': {
    title: 'Sphere - sphere',
    description:
      'Radii 0.6 and 0.5. One FaceFace contact on the line of centres, halfway into the ' +
      'overlap (Millington, Game Physics Engine Development, 13.3.1); a sphere has one ' +
      'feature, code 0.',
    first: () => new Sphere(0.6),
    second: () => new Sphere(0.5),
    firstStart: { position: [-0.5, 0.3, 0], quaternion: IDENTITY },
    secondStart: { position: [0.4, 0, 0], quaternion: IDENTITY },
    motion: { direction: [-1, 0, 0], distance: 0.8 },
  },
  'sphere-half-space': {
    title: 'Sphere - half-space',
    description:
      'A sphere of radius 0.6 sunk into the solid half-space y <= 0: one FaceFace contact, ' +
      'however deep the centre lies (Millington 13.3.2).',
    first: () => new Sphere(0.6),
    second: () => new HalfSpace([0, 1, 0], 0),
    firstStart: { position: [0, 0.45, 0], quaternion: IDENTITY },
    motion: { direction: [0.3, 1, 0], distance: 0.7 },
  },
  'sphere-plane': {
    title: 'Sphere - plane',
    description:
      'A true plane has contacts on either side: this sphere pokes up through y = 0 from ' +
      'below, so the normal points down.',
    first: () => new Sphere(0.6),
    second: () => new Plane([0, 1, 0], 0),
    firstStart: { position: [0, -0.4, 0], quaternion: IDENTITY },
    motion: { direction: [0, -1, 0], distance: 0.8 },
    // Nearly level with the plane, so the part below it shows.
    camera: { position: [2.4, 0.7, 2.6], target: [0, -0.3, 0] },
  },
  'sphere-box': {
    title: 'Sphere - box',
    description:
      'A sphere on the top face of a box turned 30 degrees about y. The contact comes from the ' +
      'box point nearest the centre (Millington 13.3.4); the sphere counts as one face, so the ' +
      'kind names the box feature: FaceFace on a face, EdgeFace on an edge, PointFace on a ' +
      'corner (the line below names the kind in force). Drag the sphere past an edge or a ' +
      'corner to see the others.',
    first: () => new Sphere(0.45),
    second: () => new Box([0.6, 0.4, 0.5]),
    firstStart: { position: [0.25, 0.75, 0.1], quaternion: IDENTITY },
    secondStart: { position: [0, 0, 0], quaternion: axisAngle([0, 1, 0], Math.PI / 6) },
    motion: { direction: [1, 0.2, 0], distance: 1.2 },
  },
  'box-half-space': {
    title: 'Box - half-space',
    description:
      'A box tilted 15 degrees about z with its low edge under y = 0: one PointFace contact ' +
      'per vertex below the surface (Millington 13.3.3).',
    first: () => new Box([0.6, 0.3, 0.4]),
    second: () => new HalfSpace([0, 1, 0], 0),
    firstStart: { position: [0, 0.35, 0], quaternion: axisAngle([0, 0, 1], Math.PI / 12) },
    motion: { direction: [0, 1, 0], distance: 0.5, spinAxis: [1, 0, 0], spin: 0.3 },
  },
  'box-plane': {
    title: 'Box - plane',
    description:
      'A box straddling the true plane y = 0, tilted about z and x: the vertices on its deeper side give the contacts.',
    first: () => new Box([0.5, 0.3, 0.4]),
    second: () => new Plane([0, 1, 0], 0),
    firstStart: {
      position: [0, 0.2, 0],
      quaternion: rotations(axisAngle([0, 0, 1], 0.35), axisAngle([1, 0, 0], 0.15)),
    },
    motion: { direction: [0, 1, 0], distance: 0.6, spinAxis: [0, 1, 0], spin: 0.6 },
  },
  'box-box-face': {
    title: 'Box - box, face to face',
    description:
      'Two unit cubes, the upper one turned 45 degrees about the shared normal; it starts sunk ' +
      "0.1. The incident face clipped against the reference face (as Box2D's b2ClipPolygons " +
      'does in 2D) is then an octagon, each corner an EdgeEdge contact where two edges cross.',
    first: () => new Box([0.5, 0.5, 0.5]),
    second: () => new Box([0.5, 0.5, 0.5]),
    firstStart: { position: [0, 0.9, 0], quaternion: axisAngle([0, 1, 0], Math.PI / 4) },
    motion: { direction: [0, 1, 0], distance: 0.3, spinAxis: [0, 1, 0], spin: 0.4 },
    camera: { position: [1.6, 2.6, 2.4], target: [0, 0.45, 0] },
  },
  'box-box-edge': {
    title: 'Box - box, edge to edge',
    description:
      'Both unit cubes stand on an edge, the edges crossed at right angles, starting 0.05 into ' +
      'each other: an edge axis of the separating-axis test (Gottschalk, Lin and Manocha, ' +
      'OBBTree, 1996) gives one EdgeEdge contact.',
    first: () => new Box([0.5, 0.5, 0.5]),
    second: () => new Box([0.5, 0.5, 0.5]),
    // Each edge sits sqrt(2)/2 from its cube's centre.
    firstStart: {
      position: [0, Math.SQRT2 - 0.05, 0],
      quaternion: axisAngle([1, 0, 0], Math.PI / 4),
    },
    secondStart: { position: [0, 0, 0], quaternion: axisAngle([0, 0, 1], Math.PI / 4) },
    motion: { direction: [0.4, 1, 0], distance: 0.3, spinAxis: [0, 1, 0], spin: 0.5 },
    camera: { position: [2.7, 2.5, 3.3], target: [0, 0.55, 0] },
  },
  'box-box-vertex': {
    title: 'Box - box, vertex to face',
    description:
      'The upper cube balanced on a corner (its diagonal vertical), starting 0.05 into the ' +
      "lower cube's top face: a vertex against a face, PointFace.",
    first: () => new Box([0.5, 0.5, 0.5]),
    second: () => new Box([0.5, 0.5, 0.5]),
    // The corner is sqrt(3)/2 from the centre along the vertical diagonal.
    firstStart: { position: [0.1, 0.5 + Math.sqrt(3) / 2 - 0.05, -0.05], quaternion: VERTEX_DOWN },
    motion: { direction: [0, 1, 0], distance: 0.3, spinAxis: [0, 1, 0], spin: 0.8 },
    camera: { position: [2.6, 2.5, 3.2], target: [0, 0.6, 0] },
  },
  'capsule-capsule': {
    title: 'Capsule - capsule',
    description:
      'Two capsules (radius 0.3, half length 0.6), the upper one turning about the vertical ' +
      'above the lower. Crossed, one EdgeEdge contact at the closest points of the two ' +
      'segments (Ericson 5.1.9); within about 3 degrees of parallel, two contacts at the ends ' +
      'of their overlap, so a capsule lying on another does not roll about one point. Turning ' +
      'through parallel the count goes 1, 2, 1, never flickering.',
    first: () => new Capsule(0.3, 0.6),
    second: () => new Capsule(0.3, 0.6),
    firstStart: {
      position: [0.1, 0.55, 0],
      quaternion: rotations(LYING, axisAngle([0, 1, 0], 0.6)),
    },
    secondStart: { position: [0, 0, 0], quaternion: LYING },
    motion: { direction: [0, 1, 0], distance: 0.1, spinAxis: [0, 1, 0], spin: 0.8 },
    camera: { position: [1.6, 2.2, 2.4], target: [0, 0.3, 0] },
  },
  'capsule-box': {
    title: 'Capsule - box',
    description:
      "A capsule tilted across a box's top edge. Where the segment's closest point meets a " +
      "face the capsule's end gets PointFace (an end is a point of the capsule's core), across " +
      'an edge its side gets EdgeEdge; a segment that dips into the box still gets the ' +
      'separating-axis contact (3 face axes and 3 segment-edge cross axes).',
    first: () => new Capsule(0.25, 0.5),
    second: () => new Box([0.6, 0.4, 0.5]),
    firstStart: {
      position: [0.65, 0.55, 0],
      quaternion: rotations(axisAngle([0, 0, 1], 0.5), axisAngle([0, 1, 0], 0.4)),
    },
    motion: { direction: [1, 0.4, 0], distance: 0.6, spinAxis: [0, 0, 1], spin: 0.4 },
  },
  'capsule-box-face': {
    title: 'Capsule lying along a box face',
    description:
      "A capsule lying along a box's top face gets two contacts, one under each end of its " +
      'segment clipped to the face (the trap of engines that give a capsule parallel to a face ' +
      "or edge one contact or none). Dragged past the face's edge, the clipped end is an " +
      'EdgeEdge contact on that edge.',
    first: () => new Capsule(0.25, 0.55),
    second: () => new Box([0.7, 0.35, 0.5]),
    firstStart: { position: [0, 0.57, 0.1], quaternion: LYING },
    motion: { direction: [0.6, 1, 0], distance: 0.6, spinAxis: [0, 1, 0], spin: 0.3 },
  },
  'capsule-sphere': {
    title: 'Capsule - sphere',
    description:
      "A sphere against a tilted capsule: the segment's point closest to the centre makes them " +
      "two spheres. On the capsule's side the contact is EdgeFace, past an end PointFace (the " +
      'sphere counts as a face).',
    first: () => new Capsule(0.3, 0.5),
    second: () => new Sphere(0.4),
    firstStart: { position: [0, 0.62, 0], quaternion: axisAngle([0, 0, 1], 1.1) },
    motion: { direction: [1, 0, 0], distance: 0.9, spinAxis: [0, 1, 0], spin: 0.5 },
  },
  'capsule-half-space': {
    title: 'Capsule - half-space',
    description:
      'A capsule rocking on the floor y <= 0: each end of its segment within reach is a ' +
      'PointFace contact with its exact depth, two when it lies flat, one when it tips.',
    first: () => new Capsule(0.3, 0.6),
    second: () => new HalfSpace([0, 1, 0], 0),
    firstStart: { position: [0, 0.27, 0], quaternion: LYING },
    motion: { direction: [0, 1, 0], distance: 0.2, spinAxis: [0, 0, 1], spin: 0.3 },
  },
  'hull-hull': {
    title: 'Hull - hull',
    description:
      "The hull of 72 random points (two thirds of them on a cube's faces, whose coplanar " +
      'triangles merge into the outlined polygons) resting on a hexagonal prism. Separating ' +
      "axes over both hulls' face normals and the edge pairs that form a face of the Minkowski " +
      'difference (Gregorius, GDC 2013); a face gives the incident face clipped against the ' +
      'reference face, every corner of the overlap a contact.',
    first: () => ConvexHull.fromPoints(randomCloud(7, 0.45)),
    second: () => ConvexHull.fromPoints(prism(6, 0.7, 0.3)),
    firstStart: { position: [0.1, 0.7, 0], quaternion: axisAngle([0, 1, 0], 0.3) },
    motion: { direction: [0, 1, 0], distance: 0.4, spinAxis: [1, 0, 1], spin: 0.35 },
    camera: { position: [1.8, 2.2, 2.6], target: [0, 0.35, 0] },
  },
  'hull-box': {
    title: 'Hull - box',
    description:
      'An octagonal prism lying on its side across a box: a box is a hull of six faces, so the ' +
      "same test and clipping; the prism's lowest face (a long quadrilateral) clipped by the " +
      'box top gives up to four points, turning it lifts one end to a single corner.',
    first: () => ConvexHull.fromPoints(prism(8, 0.35, 0.6)),
    second: () => new Box([0.6, 0.3, 0.5]),
    firstStart: {
      position: [0, 0.62, 0],
      quaternion: rotations(axisAngle([0, 1, 0], Math.PI / 8), axisAngle([0, 0, 1], Math.PI / 2)),
    },
    motion: { direction: [0, 1, 0], distance: 0.3, spinAxis: [1, 0, 0], spin: 0.3 },
  },
  'hull-sphere': {
    title: 'Hull - sphere',
    description:
      "A sphere against the random-cloud hull: the hull's point nearest the centre, on a face " +
      '(FaceFace), an edge (EdgeFace) or a vertex (PointFace); a centre inside leaves through ' +
      'the nearest face. Drag the sphere over the facets to see the kinds change.',
    first: () => ConvexHull.fromPoints(randomCloud(11, 0.5)),
    second: () => new Sphere(0.35),
    firstStart: { position: [0, 0, 0], quaternion: IDENTITY },
    secondStart: { position: [0.35, 0.75, 0.2], quaternion: IDENTITY },
    motion: { direction: [0, -1, 0], distance: 0.3, spinAxis: [0, 1, 0], spin: 0.8 },
    camera: { position: [1.6, 2.0, 2.4], target: [0, 0.2, 0] },
  },
  'hull-half-space': {
    title: 'Hull - half-space',
    description:
      'The random-cloud hull tilted into the half-space y <= 0: one PointFace contact per hull ' +
      'vertex below the surface, each with its exact depth; more than the pair allows are ' +
      'reduced to the deepest and the widest spread.',
    first: () => ConvexHull.fromPoints(randomCloud(5, 0.5)),
    second: () => new HalfSpace([0, 1, 0], 0),
    firstStart: {
      position: [0, 0.42, 0],
      quaternion: rotations(axisAngle([0, 0, 1], 0.25), axisAngle([1, 0, 0], 0.1)),
    },
    motion: { direction: [0, 1, 0], distance: 0.4, spinAxis: [1, 0, 0], spin: 0.3 },
  },
};

/** Why no contact on a flat edge points sideways, and whose work the rule follows. */
const GHOST_RULE = "An edge or corner contact keeps its normal only inside that feature's normal " +
  'cone (the directions in which it is the nearest point of the surface): between the two face ' +
  'normals at a ridge, none at a valley (its faces are nearer), and at a flat edge the face ' +
  'normal alone, which the faces beside it already give, so no contact there points sideways ' +
  "and nothing catches on the seams (the rule of Box3D's mesh contact, Jolt's active edges and " +
  "Bullet's internal-edge utility). Touched triangles are tinted; the edge colours (red convex, " +
  'blue concave, grey flat, gold boundary) hide with the edge flags box.';

/** The scene of a mover on the floor (`-mesh`) or the terrain (`-heightfield`). */
function levelSpec(id: LevelSceneId): SceneSpec {
  const [name, ground] = id.split('-') as [LevelMoverName, 'mesh' | 'heightfield'];
  const mover: LevelMover = LEVEL_MOVERS[name];
  const onFloor = ground === 'mesh';
  const secondStart: Pose3 = {
    position: onFloor ? [0, 0, 0] : [-LEVEL_HALF_SIZE, 0, -LEVEL_HALF_SIZE],
    quaternion: IDENTITY,
  };
  const groundShape = onFloor ? tessellatedFloor() : terrain();
  groundShape.setPose(secondStart.position, secondStart.quaternion);
  const [x, z] = onFloor ? mover.floorAt : mover.terrainAt;
  const floorText = onFloor
    ? `A flat floor of ${groundShape.triangleCount} triangles, fat ones and slivers, in the ` +
      'plane y = 0. '
    : 'A heightfield terrain (13 x 13 heights 0.4 apart): a hill, a dip, a flat plain and a ' +
      'hole of 2 x 2 cells. ';
  const groundY = surfaceHeight(groundShape, x, z, mover.reach);
  return {
    title: `${mover.title} - ${onFloor ? 'tessellated floor' : 'heightfield terrain'}`,
    description: floorText + (onFloor ? mover.onFloor : mover.onTerrain) + ' ' + GHOST_RULE,
    first: mover.make,
    second: onFloor ? tessellatedFloor : terrain,
    firstStart: {
      position: [x, groundY + mover.rest, z],
      quaternion: mover.quaternion,
    },
    secondStart,
    motion: { direction: [0.4, 1, 0.2], distance: 1.4, spinAxis: [0, 1, 0], spin: 0.5 },
    // Looking at the mover from the front right and above, so it is in the middle of the view.
    camera: { position: [x + 2.2, groundY + 2.6, z + 3.8], target: [x, groundY, z] },
  };
}

function isLevelScene(id: Scene3Id): id is LevelSceneId {
  return id.endsWith('-mesh') || id.endsWith('-heightfield');
}

const DEFAULT_CAMERA = { position: [1.8, 1.8, 2.6] as Vec3Tuple, target: [0, 0.2, 0] as Vec3Tuple };

/** A fresh 3D scene with both shapes at their starting poses. */
export function createScene3(id: Scene3Id): Scene3 {
  const spec = isLevelScene(id) ? levelSpec(id) : SPECS[id];
  const secondStart = spec.secondStart ?? { position: [0, 0, 0], quaternion: IDENTITY };
  const scene: Scene3 = {
    dimension: 3,
    id,
    title: spec.title,
    description: spec.description,
    first: spec.first(),
    second: spec.second(),
    firstStart: spec.firstStart,
    secondStart,
    motion: { spinAxis: [0, 1, 0], spin: 0, period: 6, ...spec.motion },
    camera: spec.camera ?? DEFAULT_CAMERA,
  };
  scene.first.setPose(spec.firstStart.position, spec.firstStart.quaternion);
  scene.second.setPose(secondStart.position, secondStart.quaternion);
  return scene;
}

/** The pose of the first shape at time `t` seconds of the scripted motion (t = 0: the start). */
export function motionPose3(scene: Scene3, t: number): Pose3 {
  const { direction, distance, spinAxis, spin, period } = scene.motion;
  const length = Math.hypot(...direction);
  const travel = (distance * motionPhase(t, period)) / length;
  const start = scene.firstStart;
  return {
    position: [
      start.position[0] + direction[0] * travel,
      start.position[1] + direction[1] * travel,
      start.position[2] + direction[2] * travel,
    ],
    quaternion: multiplyQuat(
      axisAngle(spinAxis, spin * Math.sin((2 * Math.PI * t) / period)),
      start.quaternion,
    ),
  };
}

/** Runs the dispatcher on the scene's pair: `data.reset()` then `collide(first, second, data)`. */
export function collideScene3(scene: Scene3, data: CollisionData): number {
  data.reset();
  return collide(scene.first, scene.second, data);
}
