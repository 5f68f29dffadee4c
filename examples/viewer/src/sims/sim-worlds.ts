/**
 * The simulation scenes' worlds (`?scene=sim-stack`, `sim-pyramid`, `sim-ramp`): cannon-es worlds
 * with cannon-es's default settings (GSSolver, 10 iterations, friction 0.3, restitution 0), gravity
 * 9.82 along -y and a static floor `Plane` facing +y, built from plain data so that Node builds
 * exactly what the page runs. No DOM, no three.js.
 */
import { Body, Box, ContactMaterial, Material, Plane, Vec3, World } from 'cannon-es';

import type { SimId } from './registry.js';

export type { SimId };

/** One box of a scene: half extents, centre, turn about y (radians), mass (0: static). */
export interface BoxSpec {
  halfExtents: [number, number, number];
  position: [number, number, number];
  /** Turn about the vertical axis, radians. */
  yaw: number;
  /** Turn about the z axis (a tilted ramp), radians. */
  roll: number;
  mass: number;
}

export interface SimSpec {
  id: SimId;
  title: string;
  description: string;
  boxes: BoxSpec[];
  /**
   * Friction between the static boxes and the moving ones (a `ContactMaterial` of the two);
   * every other pair has cannon-es's default, 0.3.
   */
  rampFriction?: number;
  camera: { position: [number, number, number]; target: [number, number, number]; };
}

function box(
  halfExtents: [number, number, number],
  position: [number, number, number],
  { yaw = 0, roll = 0, mass = 1 } = {},
): BoxSpec {
  return { halfExtents, position, yaw, roll, mass };
}

function pyramid(): BoxSpec[] {
  // Rows of 6, 5, ..., 1 unit cubes (21), 2 cm apart, each row centred on the one below.
  const boxes: BoxSpec[] = [];
  for (let row = 0; row < 6; row++) {
    for (let i = 0; i < 6 - row; i++) {
      boxes.push(box([0.5, 0.5, 0.5], [(i - (5 - row) / 2) * 1.02, 0.5 + row, 0]));
    }
  }
  return boxes;
}

/**
 * The ramp's tilt, 30 degrees, and the friction on it: none, ice. cannon-es's friction held the
 * crates on this slope at any friction tried (0.01, 0.02, 0.05, with its narrowphase and with
 * contactkit's, measured), so the slab is frictionless; on the floor (cannon-es's default 0.3)
 * the crates stop within a few metres.
 */
const RAMP_TILT = 30 * Math.PI / 180;
const RAMP_FRICTION = 0;

function ramp(): BoxSpec[] {
  // A static slab 8 m long, 0.2 m thick, tilted down towards +x, its top face's middle at
  // (0, 1.9, 0); three crates set on its top face near the upper end, each turned a little.
  const half: [number, number, number] = [4, 0.1, 1.5];
  const boxes = [
    box(half, [0, 1.9 - half[1] * Math.cos(RAMP_TILT), 0], { roll: -RAMP_TILT, mass: 0 }),
  ];
  const down = [Math.cos(RAMP_TILT), -Math.sin(RAMP_TILT)],
    normal = [Math.sin(RAMP_TILT), Math.cos(RAMP_TILT)];
  for (let i = 0; i < 3; i++) {
    const along = -3 + 0.1 * i, size = 0.25 + 0.05 * i, z = (i - 1) * 0.9;
    const x = along * down[0]! + (size + 0.001) * normal[0]!;
    const y = 1.9 + along * down[1]! + (size + 0.001) * normal[1]!;
    boxes.push(box([size, size, size], [x, y, z], { roll: -RAMP_TILT, yaw: 0 }));
  }
  return boxes;
}

/** The scenes by id. */
export function simSpec(id: SimId): SimSpec {
  switch (id) {
    case 'sim-stack':
      return {
        id,
        title: 'Simulation: a stack of 6 cubes',
        description:
          'Six unit cubes, each resting exactly on the one below, simulated by cannon-es with contactkit as its narrowphase: every box-box pair is the 15-axis separating-axis test with the face-clipped manifold (Gottschalk; Ericson 5.2.1), every box-floor pair a box against a half-space.',
        boxes: Array.from({ length: 6 }, (_, i) => box([0.5, 0.5, 0.5], [0, 0.5 + i, 0])),
        camera: { position: [6, 4.5, 8], target: [0, 2.6, 0] },
      };
    case 'sim-pyramid':
      return {
        id,
        title: 'Simulation: a pyramid of 21 cubes',
        description:
          'Rows of 6, 5, 4, 3, 2 and 1 unit cubes, 2 cm apart, simulated by cannon-es with contactkit as its narrowphase: a cube rests on two below, so each pair touches on part of a face, and the clipped manifold gives the corners of that part.',
        boxes: pyramid(),
        camera: { position: [5, 4.5, 11], target: [0, 2.4, 0] },
      };
    case 'sim-ramp':
      return {
        id,
        title: 'Simulation: crates sliding down a ramp',
        description:
          'Three crates on a static frictionless slab tilted 30 degrees slide down, tip onto the floor and slide on: box against box on the slab, then box against the floor.',
        boxes: ramp(),
        rampFriction: RAMP_FRICTION,
        camera: { position: [2, 6, 15], target: [2, 1.2, 0] },
      };
  }
}

/** A scene's world: the floor first, then one body per box of the spec, in order. */
export interface SimWorld {
  world: World;
  floor: Body;
  /** The bodies of `spec.boxes`, in order (the static ones too). */
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
  const bodies = spec.boxes.map((boxSpec) => {
    const body = new Body({
      mass: boxSpec.mass,
      shape: new Box(new Vec3(...boxSpec.halfExtents)),
      position: new Vec3(...boxSpec.position),
      // Without a material on both bodies cannon-es uses its default contact material.
      material: spec.rampFriction === undefined ? undefined : boxSpec.mass === 0 ? ramp : crate,
    });
    body.quaternion.setFromEuler(0, boxSpec.yaw, boxSpec.roll, 'YZX');
    world.addBody(body);
    return body;
  });
  return { world, floor, bodies };
}
