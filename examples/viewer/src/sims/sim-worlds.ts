/**
 * The simulation scenes' worlds (`?scene=sim-stack`, `sim-pyramid`, `sim-capsules`, `sim-hulls`,
 * `sim-ramp`): cannon-es worlds with cannon-es's default settings (GSSolver, 10 iterations,
 * friction 0.3, restitution 0), gravity 9.82 along -y and a static floor `Plane` facing +y, built
 * from plain data so that Node builds exactly what the page runs. No DOM, no three.js.
 */
import {
  Body,
  Box,
  ContactMaterial,
  Cylinder,
  Material,
  Plane,
  Quaternion,
  type Shape,
  Trimesh,
  Vec3,
  World,
} from 'cannon-es';
import { CapsuleShape, convexPolyhedronFromPoints } from '@contactkit/cannon-es';

import type { SimId } from './registry.js';

export type { SimId };

/** The shape of one body of a scene, as plain data. */
export type ShapeSpec =
  | { kind: 'box'; halfExtents: [number, number, number]; }
  /** A `CapsuleShape` of @contactkit/cannon-es: along local y. */
  | { kind: 'capsule'; radius: number; halfLength: number; }
  /** A cannon-es `ConvexPolyhedron`, the convex hull of these points. */
  | { kind: 'hull'; points: [number, number, number][]; }
  /** A cannon-es `Cylinder` (a `ConvexPolyhedron` of `segments` sides) along local y. */
  | { kind: 'cylinder'; radius: number; height: number; segments: number; }
  /** A cannon-es `Trimesh`: x, y, z triples and three indices per triangle. */
  | { kind: 'trimesh'; vertices: number[]; indices: number[]; };

/**
 * One body of a scene: shape, centre, orientation (a unit quaternion x, y, z, w), mass (0: static).
 */
export interface BodySpec {
  shape: ShapeSpec;
  position: [number, number, number];
  quaternion: [number, number, number, number];
  mass: number;
  /** Drawn faint: a bin's walls, which would hide the pile inside. */
  faint?: boolean;
}

export interface SimSpec {
  id: SimId;
  title: string;
  description: string;
  /** The bodies besides the floor, the static ones too. */
  bodies: BodySpec[];
  /**
   * Whether cannon-es's own narrowphase can run the scene (it has no capsule): when it can, the
   * page runs it beside contactkit's for comparison.
   */
  native: boolean;
  /**
   * Friction between the static bodies (other than the floor) and the moving ones (a
   * `ContactMaterial` of the two); every other pair has cannon-es's default, 0.3.
   */
  rampFriction?: number;
  camera: { position: [number, number, number]; target: [number, number, number]; };
}

/** A turn about y by `yaw`, then about the turned z by `roll` (radians), as x, y, z, w. */
function turn(yaw: number, roll: number): [number, number, number, number] {
  const q = new Quaternion().setFromEuler(0, yaw, roll, 'YZX');
  return [q.x, q.y, q.z, q.w];
}

function box(
  halfExtents: [number, number, number],
  position: [number, number, number],
  { yaw = 0, roll = 0, mass = 1 } = {},
): BodySpec {
  return { shape: { kind: 'box', halfExtents }, position, quaternion: turn(yaw, roll), mass };
}

function pyramid(): BodySpec[] {
  // Rows of 6, 5, ..., 1 unit cubes (21), 2 cm apart, each row centred on the one below.
  const boxes: BodySpec[] = [];
  for (let row = 0; row < 6; row++) {
    for (let i = 0; i < 6 - row; i++) {
      boxes.push(box([0.5, 0.5, 0.5], [(i - (5 - row) / 2) * 1.02, 0.5 + row, 0]));
    }
  }
  return boxes;
}

/**
 * The ramp's tilt, 30 degrees, and the friction on it: none, ice. cannon-es bounds each friction
 * equation's impulse per step by friction * g * mass (GSSolver.solve), so its friction held the
 * crates on this slope at any friction tried (0.01, 0.02, 0.05, with its narrowphase and with
 * contactkit's, measured); on the floor (cannon-es's default 0.3) the crates stop within a few
 * metres.
 */
const RAMP_TILT = 30 * Math.PI / 180;
const RAMP_FRICTION = 0;

/**
 * The ramp: a static cannon-es `Trimesh`, 8 m down the slope and 3 m across, its middle at
 * (0, 1.9, 0), falling towards +x, in cells of 0.5 m each split along a diagonal chosen at random
 * (seeded), so the crates cross triangle edges at every angle; its lower end dips 0.1 m under the
 * floor, so the crates slide onto the floor. Three crates of different sizes set on it near
 * the upper end.
 */
function ramp(): BodySpec[] {
  const length = 8, width = 3, cell = 0.5;
  const down = [Math.cos(RAMP_TILT), -Math.sin(RAMP_TILT)];
  const normal = [Math.sin(RAMP_TILT), Math.cos(RAMP_TILT)];
  const along = Math.round(length / cell), across = Math.round(width / cell);
  const vertices: number[] = [], indices: number[] = [];
  for (let i = 0; i <= across; i++) {
    for (let j = 0; j <= along; j++) {
      const s = -length / 2 + j * cell;
      vertices.push(s * down[0]!, 1.9 + s * down[1]!, -width / 2 + i * cell);
    }
  }
  const random = seeded(0x4a3b);
  for (let i = 0; i < across; i++) {
    for (let j = 0; j < along; j++) {
      const a = i * (along + 1) + j, b = a + 1, d = a + along + 1, c = d + 1;
      // Counter-clockwise seen from above the slope: its face normal points up and out.
      if (random() < 0.5) indices.push(a, d, c, a, c, b);
      else indices.push(a, d, b, b, d, c);
    }
  }
  const slope: BodySpec = {
    shape: { kind: 'trimesh', vertices, indices },
    position: [0, 0, 0],
    quaternion: [0, 0, 0, 1],
    mass: 0,
  };
  const crates = [0, 1, 2].map((i) => {
    const s = -3 + 0.1 * i, size = 0.25 + 0.05 * i, z = (i - 1) * 0.9;
    const x = s * down[0]! + (size + 0.001) * normal[0]!;
    const y = 1.9 + s * down[1]! + (size + 0.001) * normal[1]!;
    return box([size, size, size], [x, y, z], { roll: -RAMP_TILT });
  });
  return [slope, ...crates];
}

/** Inner half width of the bin the piles fall into, metres. */
const BIN_HALF_WIDTH = 1.3;

/** Four static walls 2 m high around a square of 2.6 m on the floor, so a pile stays together. */
function bin(): BodySpec[] {
  const half = BIN_HALF_WIDTH, thick = 0.05, high = 1;
  return [
    box([thick, high, half + 2 * thick], [half + thick, high, 0], { mass: 0 }),
    box([thick, high, half + 2 * thick], [-half - thick, high, 0], { mass: 0 }),
    box([half, high, thick], [0, high, half + thick], { mass: 0 }),
    box([half, high, thick], [0, high, -half - thick], { mass: 0 }),
  ].map((wall) => ({ ...wall, faint: true }));
}

/** Seeded uniform numbers in [0, 1) (mulberry32): the piles are the same at every load. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function capsulePile(): BodySpec[] {
  // 30 capsules 1 m long (radius 0.15, half length 0.35) in 6 crosswise layers of 5, 0.45 apart
  // and 0.4 m higher each layer, each moved and turned a little.
  const random = seeded(0xca95), jitter = () => (random() - 0.5) * 0.1;
  return Array.from({ length: 30 }, (_, i) => {
    const layer = Math.floor(i / 5), across = (i % 5 - 2) * 0.45, y = 0.2 + 0.4 * layer;
    const yaw = (layer % 2) * Math.PI / 2 + (random() - 0.5) * 0.4;
    return {
      shape: { kind: 'capsule', radius: 0.15, halfLength: 0.35 },
      position: layer % 2 === 0
        ? [jitter(), y, across + jitter()]
        : [across + jitter(), y, jitter()],
      // Lying: the segment (local y) turned onto the floor.
      quaternion: turn(yaw, Math.PI / 2),
      mass: 1,
    };
  });
}

function hullPile(): BodySpec[] {
  // 16 convex hulls of 8 to 14 points 0.2 to 0.4 m from their centre, and 4 cylinders (8 to 14
  // sides), in 5 layers of 2 x 2, 0.9 m apart, each turned at random.
  const random = seeded(0x4e11);
  return Array.from({ length: 20 }, (_, i): BodySpec => {
    const layer = Math.floor(i / 4), k = i % 4;
    const position: [number, number, number] = [
      (k % 2 - 0.5) * 0.9 + (random() - 0.5) * 0.1,
      0.5 + 0.9 * layer,
      (Math.floor(k / 2) - 0.5) * 0.9 + (random() - 0.5) * 0.1,
    ];
    const q = new Quaternion(random() - 0.5, random() - 0.5, random() - 0.5, random() - 0.5)
      .normalize();
    const quaternion: [number, number, number, number] = [q.x, q.y, q.z, q.w];
    if (i % 5 === 4) {
      const segments = 8 + 2 * Math.floor(random() * 4);
      return {
        shape: { kind: 'cylinder', radius: 0.2 + 0.1 * random(), height: 0.5, segments },
        position,
        quaternion,
        mass: 1,
      };
    }
    const points = Array.from({ length: 8 + Math.floor(random() * 7) }, () => {
      // A direction uniform on the sphere (Archimedes: z uniform in [-1, 1]), then a distance.
      const z = 2 * random() - 1, angle = 2 * Math.PI * random(), rho = Math.sqrt(1 - z * z);
      const length = 0.2 + 0.2 * random();
      return [rho * Math.cos(angle) * length, rho * Math.sin(angle) * length, z * length] as [
        number,
        number,
        number,
      ];
    });
    return { shape: { kind: 'hull', points }, position, quaternion, mass: 1 };
  });
}

/** The scenes by id. */
export function simSpec(id: SimId): SimSpec {
  switch (id) {
    case 'sim-stack':
      return {
        id,
        title: 'Simulation: a stack of 6 cubes',
        description:
          'Six unit cubes, each resting exactly on the one below, simulated by cannon-es with ' +
          'contactkit as its narrowphase: every box-box pair is the 15-axis separating-axis ' +
          'test with the face-clipped manifold (Gottschalk; Ericson 5.2.1), every box-floor ' +
          'pair a box against a half-space.',
        bodies: Array.from({ length: 6 }, (_, i) => box([0.5, 0.5, 0.5], [0, 0.5 + i, 0])),
        native: true,
        camera: { position: [6, 4.5, 8], target: [0, 2.6, 0] },
      };
    case 'sim-pyramid':
      return {
        id,
        title: 'Simulation: a pyramid of 21 cubes',
        description:
          'Rows of 6, 5, 4, 3, 2 and 1 unit cubes, 2 cm apart, simulated by cannon-es with ' +
          'contactkit as its narrowphase: a cube rests on two below, so each pair touches on ' +
          'part of a face, and the clipped manifold gives the corners of that part.',
        bodies: pyramid(),
        native: true,
        camera: { position: [5, 4.5, 11], target: [0, 2.4, 0] },
      };
    case 'sim-ramp':
      return {
        id,
        title: 'Simulation: crates sliding down a trimesh ramp',
        description:
          'Three crates slide down a static frictionless ramp tilted 30 degrees, a cannon-es ' +
          "Trimesh of 192 triangles, onto the floor: box against contactkit's TriangleMesh " +
          '(one merged set of contacts per pair, no ghost contacts on the edges between ' +
          'triangles), then box against the floor. cannon-es has no box-trimesh pair: on its ' +
          'own narrowphase the crates fall through the ramp.',
        bodies: ramp(),
        native: true,
        rampFriction: RAMP_FRICTION,
        camera: { position: [2.5, 7, 19.5], target: [2.5, 1.2, 0] },
      };
    case 'sim-capsules':
      return {
        id,
        title: 'Simulation: a pile of 30 capsules',
        description:
          'Thirty capsules dropped crosswise into a bin pile up, simulated by cannon-es with ' +
          "contactkit as its narrowphase: @contactkit/cannon-es's CapsuleShape against " +
          'capsules (closest points of two segments, Ericson 5.1.9, two points where they lie ' +
          "side by side), against the bin's walls (boxes) and the floor (a half-space). " +
          'cannon-es has no capsule of its own, so there is nothing to switch to.',
        bodies: [...bin(), ...capsulePile()],
        native: false,
        camera: { position: [2.2, 4.6, 4.4], target: [0, 0.3, 0] },
      };
    case 'sim-hulls':
      return {
        id,
        title: 'Simulation: a pile of convex hulls and cylinders',
        description:
          'Sixteen random convex polyhedra and four cylinders dropped into a bin, simulated by ' +
          'cannon-es with contactkit as its narrowphase: each cannon-es ConvexPolyhedron and ' +
          'Cylinder becomes a contactkit ConvexHull once, and hull pairs are separating-axis ' +
          "tests over faces and edge pairs with face-clipped manifolds (Gregorius, 'The " +
          "Separating Axis Test between Convex Polyhedra', GDC 2013).",
        bodies: [...bin(), ...hullPile()],
        native: true,
        camera: { position: [2.2, 4.6, 4.4], target: [0, 0.3, 0] },
      };
  }
}

/** The cannon-es shape of `spec`. */
function shapeOf(spec: ShapeSpec): Shape {
  switch (spec.kind) {
    case 'box':
      return new Box(new Vec3(...spec.halfExtents));
    case 'capsule':
      return new CapsuleShape(spec.radius, spec.halfLength);
    case 'hull':
      return convexPolyhedronFromPoints(spec.points);
    case 'cylinder':
      return new Cylinder(spec.radius, spec.radius, spec.height, spec.segments);
    case 'trimesh':
      return new Trimesh(spec.vertices, spec.indices);
  }
}

/** A scene's world: the floor first, then one body per body of the spec, in order. */
export interface SimWorld {
  world: World;
  floor: Body;
  /** The bodies of `spec.bodies`, in order (the static ones too). */
  bodies: Body[];
}

/** Builds a fresh world for `spec`. */
export function buildSimWorld(spec: SimSpec): SimWorld {
  const world = new World({ gravity: new Vec3(0, -9.82, 0) });
  const ramp = new Material('ramp'), crate = new Material('crate');
  if (spec.rampFriction !== undefined) {
    world.addContactMaterial(
      new ContactMaterial(ramp, crate, { friction: spec.rampFriction, restitution: 0 }),
    );
  }
  const floor = new Body({ mass: 0, shape: new Plane() });
  // cannon-es's Plane faces +z in its frame; a quarter turn about x makes it face +y.
  floor.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
  world.addBody(floor);
  const bodies = spec.bodies.map((bodySpec) => {
    const shape = shapeOf(bodySpec.shape);
    const body = new Body({
      mass: bodySpec.mass,
      shape,
      position: new Vec3(...bodySpec.position),
      // Without a material on both bodies cannon-es uses its default contact material.
      material: spec.rampFriction === undefined ? undefined : bodySpec.mass === 0 ? ramp : crate,
    });
    // Turned after it is made: cannon-es gives a body the inertia of the box that fills its world
    // bounding box at creation (Body.updateMassProperties), its own frame's only when unturned.
    // A capsule gets its exact moments instead (CapsuleShape.calculateLocalInertia).
    if (shape instanceof CapsuleShape && body.mass > 0) {
      shape.calculateLocalInertia(body.mass, body.inertia);
      body.invInertia.set(1 / body.inertia.x, 1 / body.inertia.y, 1 / body.inertia.z);
    }
    body.quaternion.set(...bodySpec.quaternion);
    body.updateInertiaWorld(true);
    world.addBody(body);
    return body;
  });
  return { world, floor, bodies };
}
