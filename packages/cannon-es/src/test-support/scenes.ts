/**
 * The simulation scenes the adapter is judged by, and the measures taken of them, shared by
 * scenes.test.ts and scripts/step-time.ts. Each scene is a cannon-es world with default settings
 * (GSSolver, 10 iterations, the default contact material: friction 0.3 except on the ice of
 * the sliding scene, restitution 0), gravity 9.82 along -y, and a static `Plane` turned so that
 * its normal is +y.
 */
import { Random } from '@contactkit/test-support';
import {
  Body,
  Box,
  type ContactEquation,
  ContactMaterial,
  Material,
  Plane,
  Quaternion,
  type Shape,
  Trimesh,
  Vec3,
  World,
} from 'cannon-es';
import { CapsuleShape } from '../capsule-shape.js';
import { convexPolyhedronFromPoints } from '../convex-polyhedron.js';

/** A scene: its world and the bodies that move. */
export interface Scene {
  readonly world: World;
  readonly bodies: readonly Body[];
}

/** What a run of a scene measured (see `runScene`). */
export interface SceneMeasures {
  /** No body ended more than 0.1 m below where it started. */
  readonly stands: boolean;
  /** The largest horizontal (x, z) distance of a body's end from its start, in metres. */
  readonly drift: number;
  /** The largest angle between a body's local up axis at the end and at the start, in radians. */
  readonly tilt: number;
  /** The mean angular speed of the bodies over the last 2 simulated seconds, in rad/s. */
  readonly angularSpeed: number;
}

/** The names of the scenes `buildScene` makes. */
export type SceneName = 'stack' | 'pyramid' | 'planks' | 'sliding';

/** The scenes, by name. */
export const SCENE_NAMES: readonly SceneName[] = ['stack', 'pyramid', 'planks', 'sliding'];

/** The floor of a scene: cannon-es's `Plane`, or a static `Trimesh` of many triangles. */
export type FloorKind = 'plane' | 'tessellated';

/**
 * A world whose floor is y = 0: a `Plane`, or (`tessellated`) a `Trimesh` over x from -4 to 14
 * and z from -2 to 10 (every scene's bodies stay inside it), cells of 0.5 m split along random
 * diagonals (seeded), above a `Plane` 1 m lower that catches what falls through.
 */
function groundedWorld(floor: FloorKind = 'plane'): World {
  const world = new World({ gravity: new Vec3(0, -9.82, 0) });
  const ground = new Body({ mass: 0, shape: new Plane() });
  // cannon-es's Plane faces +z in its frame; a quarter turn about x makes it face +y.
  ground.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
  world.addBody(ground);
  if (floor === 'tessellated') {
    ground.position.y = -1;
    const area = { x0: -4, x1: 14, z0: -2, z1: 10 };
    world.addBody(new Body({ mass: 0, shape: tessellated(area, () => 0, new Random(0xf100)) }));
  }
  return world;
}

function addBox(
  world: World,
  bodies: Body[],
  halfExtents: Vec3,
  position: Vec3,
  yaw = 0,
): Body {
  const body = new Body({ mass: 1, shape: new Box(halfExtents), position });
  body.quaternion.setFromEuler(0, yaw, 0);
  world.addBody(body);
  bodies.push(body);
  return body;
}

/**
 * Builds a scene: a fresh world each call, so runs never share state. On `floor` `tessellated`
 * the floor is a `Trimesh` of many triangles instead of cannon-es's `Plane` (`groundedWorld`).
 */
export function buildScene(name: SceneName, floor: FloorKind = 'plane'): Scene {
  const world = groundedWorld(floor);
  const bodies: Body[] = [];
  const cube = new Vec3(0.5, 0.5, 0.5);
  switch (name) {
    case 'stack':
      // Six unit cubes, each resting exactly on the one below.
      for (let i = 0; i < 6; i++) addBox(world, bodies, cube, new Vec3(0, 0.5 + i, 0));
      break;
    case 'pyramid':
      // Rows of 6, 5, ..., 1 unit cubes (21), 2 cm apart, each row centred on the one below.
      for (let row = 0; row < 6; row++) {
        for (let i = 0; i < 6 - row; i++) {
          const x = (i - (5 - row) / 2) * 1.02;
          addBox(world, bodies, cube, new Vec3(x, 0.5 + row, 0));
        }
      }
      break;
    case 'planks':
      // Eight planks 2 m x 0.2 m x 0.5 m, each turned 22.5 degrees further about the vertical
      // than the one below: every pair meets face on face at an angle (octagonal overlaps).
      for (let i = 0; i < 8; i++) {
        addBox(
          world,
          bodies,
          new Vec3(1, 0.1, 0.25),
          new Vec3(0, 0.1 + 0.2 * i, 0),
          i * Math.PI / 8,
        );
      }
      break;
    case 'sliding':
      // Ice. cannon-es's GSSolver clamps each friction equation's impulse per step by its
      // maxForce, friction * g * mass, a force (GSSolver.solve), and makes two equations per
      // contact point: with the default 0.3 a box of four points stops within centimetres.
      world.defaultContactMaterial.friction = 0.02;
      // Five flat boxes of different sizes and yaws launched along the floor at 3 to 5 m/s.
      for (let i = 0; i < 5; i++) {
        const half = new Vec3(0.4 + 0.1 * i, 0.1 + 0.02 * i, 0.4);
        const body = addBox(world, bodies, half, new Vec3(0, half.y, i * 2), i * 0.4);
        body.velocity.set(3 + 0.5 * i, 0, 0);
      }
      break;
  }
  return { world, bodies };
}

const up = new Vec3(0, 1, 0);

/**
 * Steps `scene` for `seconds` at 1/60 s per step (10 s unless given) and measures it: whether it
 * stands, the drift, the tilt and the mean angular speed over the last 2 s (`SceneMeasures`).
 */
export function runScene(scene: Scene, seconds = 10): SceneMeasures {
  const dt = 1 / 60;
  const steps = Math.round(seconds / dt);
  const lastSteps = Math.round(2 / dt);
  const start = scene.bodies.map((body) => ({
    position: body.position.clone(),
    up: body.quaternion.vmult(up),
  }));
  let angularSum = 0;
  for (let step = 0; step < steps; step++) {
    scene.world.step(dt);
    if (step >= steps - lastSteps) {
      for (const body of scene.bodies) angularSum += body.angularVelocity.length();
    }
  }
  let stands = true, drift = 0, tilt = 0;
  const nowUp = new Vec3();
  scene.bodies.forEach((body, i) => {
    const before = start[i]!;
    if (body.position.y < before.position.y - 0.1) stands = false;
    drift = Math.max(
      drift,
      Math.hypot(body.position.x - before.position.x, body.position.z - before.position.z),
    );
    body.quaternion.vmult(up, nowUp);
    tilt = Math.max(tilt, Math.acos(Math.min(1, Math.max(-1, nowUp.dot(before.up)))));
  });
  return { stands, drift, tilt, angularSpeed: angularSum / (lastSteps * scene.bodies.length) };
}

/**
 * How the ramp's surfaces are made: cannon-es `Trimesh`es, or static `Box`es (what cannon-es's
 * own narrowphase collides boxes with).
 */
export type RampSurface = 'trimesh' | 'boxes';

/** The ramp's slope, radians (20 degrees). */
export const RAMP_TILT = 20 * Math.PI / 180;
/**
 * The slope runs from x = -RAMP_RUN down to 0, the floor after it from 0 to RAMP_FLOOR, both
 * within z = +-RAMP_HALF_WIDTH; the triangles' cells are RAMP_CELL wide.
 */
const RAMP_RUN = 4, RAMP_FLOOR = 16, RAMP_HALF_WIDTH = 2, RAMP_CELL = 0.5;

/** The height of the surface above x: the slope falls toward +x, the floor is y = 0. */
export function rampHeight(x: number): number {
  return x < 0 ? -x * Math.tan(RAMP_TILT) : 0;
}

/**
 * A static cannon-es `Trimesh` over the rectangle `area` of x and z, at `height(x)`: a grid of
 * cells RAMP_CELL wide each split along a diagonal chosen at random (seeded), so a box sliding
 * over it crosses edges at every angle.
 */
function tessellated(
  area: { x0: number; x1: number; z0: number; z1: number; },
  height: (x: number) => number,
  random: Random,
): Trimesh {
  const columns = Math.round((area.x1 - area.x0) / RAMP_CELL),
    rows = Math.round((area.z1 - area.z0) / RAMP_CELL);
  const vertices: number[] = [], indices: number[] = [];
  const at = (i: number, j: number) => i * (columns + 1) + j;
  for (let i = 0; i <= rows; i++) {
    for (let j = 0; j <= columns; j++) {
      const x = area.x0 + j * RAMP_CELL;
      vertices.push(x, height(x), area.z0 + i * RAMP_CELL);
    }
  }
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < columns; j++) {
      const a = at(i, j), b = at(i, j + 1), c = at(i + 1, j + 1), d = at(i + 1, j);
      // Counter-clockwise seen from above (contactkit's mesh is two-sided either way).
      if (random.chance(0.5)) indices.push(a, d, c, a, c, b);
      else indices.push(a, d, b, b, d, c);
    }
  }
  return new Trimesh(vertices, indices);
}

/** A static box whose top face is the surface from `x0` to `x1` (0.1 m thick). */
function slabUnder(x0: number, x1: number): Body {
  const thick = 0.05, tilt = Math.atan2(rampHeight(x0) - rampHeight(x1), x1 - x0);
  const length = Math.hypot(x1 - x0, rampHeight(x0) - rampHeight(x1));
  const slab = new Body({
    mass: 0,
    shape: new Box(new Vec3(length / 2, thick, RAMP_HALF_WIDTH)),
    position: new Vec3(
      (x0 + x1) / 2 - thick * Math.sin(tilt),
      (rampHeight(x0) + rampHeight(x1)) / 2 - thick * Math.cos(tilt),
      0,
    ),
  });
  slab.quaternion.setFromEuler(0, 0, -tilt);
  return slab;
}

/** Friction of the crates on the ramp's slope (ice) and on the floor after it (see `buildRamp`). */
export const RAMP_FRICTION = { slope: 0, floor: 0.002 } as const;

/**
 * Boxes sliding down a ramp and across a flat floor: a static slope falling at RAMP_TILT from
 * x = -4 to 0, then a floor from 0 to 16, 4 m wide, each either a `Trimesh` of many triangles
 * (contactkit's `TriangleMesh` through the adapter; cannon-es has no box-trimesh pair of its own,
 * its boxes fall through) or a static box whose top face is the same surface (cannon-es's own
 * box-box). Four boxes of 0.2 to 0.35 m half size start on the slope 0.8 m below its top, each
 * turned a little about the slope's normal. The slope is ice (`RAMP_FRICTION`): cannon-es bounds
 * each friction equation's impulse per step by friction * g * mass (GSSolver.solve), about 60
 * times what a force bound would allow at 60 Hz and more with every contact point, so boxes hold
 * on a 20-degree slope down to a friction of about 0.001 (measured); on the floor a friction of
 * 0.002 stops them within a few metres. cannon-es's floor `Plane` lies 1 m lower, so a box that
 * falls through the ramp lands there instead of falling for ever.
 */
export function buildRamp(surface: RampSurface): Scene {
  const world = new World({ gravity: new Vec3(0, -9.82, 0) });
  world.defaultContactMaterial.friction = RAMP_FRICTION.floor;
  const ice = new Material('ramp'), crate = new Material('crate');
  world.addContactMaterial(
    new ContactMaterial(ice, crate, { friction: RAMP_FRICTION.slope, restitution: 0 }),
  );
  const ground = new Body({ mass: 0, shape: new Plane(), position: new Vec3(0, -1, 0) });
  ground.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
  world.addBody(ground);
  const random = new Random(0x4a3b), across = { z0: -RAMP_HALF_WIDTH, z1: RAMP_HALF_WIDTH };
  const slope = surface === 'trimesh'
    ? new Body({
      mass: 0,
      shape: tessellated({ ...across, x0: -RAMP_RUN, x1: 0 }, rampHeight, random),
    })
    : slabUnder(-RAMP_RUN, 0);
  slope.material = ice;
  world.addBody(slope);
  world.addBody(
    surface === 'trimesh'
      ? new Body({
        mass: 0,
        shape: tessellated({ ...across, x0: 0, x1: RAMP_FLOOR }, rampHeight, random),
      })
      : slabUnder(0, RAMP_FLOOR),
  );
  const bodies: Body[] = [];
  const down = new Vec3(Math.cos(RAMP_TILT), -Math.sin(RAMP_TILT), 0);
  const normal = new Vec3(Math.sin(RAMP_TILT), Math.cos(RAMP_TILT), 0);
  for (let i = 0; i < 4; i++) {
    const half = 0.2 + 0.05 * i;
    const top = new Vec3(-RAMP_RUN, rampHeight(-RAMP_RUN), (i - 1.5) * 0.9);
    const position = top.vadd(down.scale(0.8)).vadd(normal.scale(half + 1e-3));
    const body = addBox(world, bodies, new Vec3(half, half, half), position);
    body.material = crate;
    // Tilted onto the slope, then turned about its normal by up to 0.3 rad.
    body.quaternion.setFromEuler(0, 0.3 * (i - 1.5) / 1.5, -RAMP_TILT, 'YZX');
  }
  return { world, bodies };
}

/**
 * Steps the ramp for 10 s at 1/60 s and measures it, as `runScene` does a scene standing still,
 * adapted to boxes that are meant to slide: `stands` is that no corner of a box was ever more
 * than 0.1 m under the ramp's surface (`rampHeight`) at any step, `drift` the largest sideways (z)
 * distance a box moved (the slide itself runs along x), `tilt` the largest angle between a box's
 * nearest face normal and the surface's normal under it at the end (0 for a box lying flat), and
 * `angularSpeed` over the last 2 s; `slid` is the shortest distance along x a box travelled.
 */
export function runRamp(scene: Scene, seconds = 10): SceneMeasures & { readonly slid: number; } {
  const dt = 1 / 60;
  const steps = Math.round(seconds / dt), lastSteps = Math.round(2 / dt);
  const start = scene.bodies.map((body) => body.position.clone());
  const corner = new Vec3(), local = new Vec3();
  let angularSum = 0, sunk = 0;
  for (let step = 0; step < steps; step++) {
    scene.world.step(dt);
    for (const body of scene.bodies) {
      const { halfExtents } = body.shapes[0] as Box;
      for (let k = 0; k < 8; k++) {
        local.set(
          k & 1 ? halfExtents.x : -halfExtents.x,
          k & 2 ? halfExtents.y : -halfExtents.y,
          k & 4 ? halfExtents.z : -halfExtents.z,
        );
        body.pointToWorldFrame(local, corner);
        sunk = Math.max(sunk, rampHeight(corner.x) - corner.y);
      }
      if (step >= steps - lastSteps) angularSum += body.angularVelocity.length();
    }
  }
  let drift = 0, tilt = 0, slid = Infinity;
  const axis = new Vec3();
  scene.bodies.forEach((body, i) => {
    drift = Math.max(drift, Math.abs(body.position.z - start[i]!.z));
    slid = Math.min(slid, body.position.x - start[i]!.x);
    const x = body.position.x;
    const surfaceUp = x < 0 ? new Vec3(Math.sin(RAMP_TILT), Math.cos(RAMP_TILT), 0) : up;
    let best = 0;
    for (const direction of [new Vec3(1, 0, 0), new Vec3(0, 1, 0), new Vec3(0, 0, 1)]) {
      body.quaternion.vmult(direction, axis);
      best = Math.max(best, Math.abs(axis.dot(surfaceUp)));
    }
    tilt = Math.max(tilt, Math.acos(Math.min(1, best)));
  });
  return {
    stands: sunk <= 0.1,
    drift,
    tilt,
    angularSpeed: angularSum / (lastSteps * scene.bodies.length),
    slid,
  };
}

/** The names of the piles `buildPile` makes. */
export type PileName = 'capsules' | 'hulls';

/** What a run of a pile measured (see `runPile`). */
export interface PileMeasures {
  /** The mean angular speed of the bodies over the last 2 simulated seconds, in rad/s. */
  readonly angularSpeed: number;
  /**
   * The same without each body's spin about its own local y axis (a capsule's axis), in rad/s:
   * a capsule rolling about its axis meets no resistance in cannon-es (it has no rolling
   * friction), so only this part says whether the contacts let the pile come to rest.
   */
  readonly tumbling: number;
  /** The largest distance a body moved over the last 2 simulated seconds, in metres. */
  readonly lateDrift: number;
  /** How far the lowest point of any body is below the floor at the end, in metres (0: none). */
  readonly floorSink: number;
  /** The deepest contact of the last step (minus the smallest gap of its equations), in metres. */
  readonly deepest: number;
  /** The highest body's centre at the end, in metres: the pile did not fall flat or fly off. */
  readonly top: number;
}

/** Inner half width of the bin the piles fall into, metres. */
export const BIN_HALF_WIDTH = 1.3;

/**
 * A bin: four static walls 2 m high, 0.1 m thick, around a square of `2 * BIN_HALF_WIDTH` on
 * the floor, so a pile cannot roll away.
 */
function addBin(world: World): void {
  const half = BIN_HALF_WIDTH, thick = 0.05, high = 1;
  for (
    const [x, z, hx, hz] of [
      [half + thick, 0, thick, half + 2 * thick],
      [-half - thick, 0, thick, half + 2 * thick],
      [0, half + thick, half, thick],
      [0, -half - thick, half, thick],
    ] as const
  ) {
    world.addBody(
      new Body({ mass: 0, shape: new Box(new Vec3(hx, high, hz)), position: new Vec3(x, high, z) }),
    );
  }
}

/**
 * Adds a body of mass 1 with `shape` at `position`, turned by `quaternion`. The turn is set after
 * the body is made: cannon-es gives a body the inertia of a box filling its world bounding box at
 * creation (Body.updateMassProperties), which for a body created turned is not its own frame's.
 * A capsule gets its exact moments (`CapsuleShape.calculateLocalInertia`).
 */
function addDropped(
  world: World,
  bodies: Body[],
  shape: Shape,
  position: Vec3,
  quaternion: Quaternion,
): void {
  const body = new Body({ mass: 1, shape, position });
  if (shape instanceof CapsuleShape) {
    shape.calculateLocalInertia(body.mass, body.inertia);
    body.invInertia.set(1 / body.inertia.x, 1 / body.inertia.y, 1 / body.inertia.z);
  }
  body.quaternion.copy(quaternion);
  body.updateInertiaWorld(true);
  world.addBody(body);
  bodies.push(body);
}

/**
 * A pile dropped into a bin (`addBin`): 30 capsules (radius 0.15, half length 0.35, 1 m long)
 * in 6 crosswise layers of 5, 0.45 apart and 0.4 m higher each layer, or 20 random convex hulls
 * (8 to 14 points at 0.2 to 0.4 m from their centre) in 5 layers of 2 x 2, 0.9 m apart. Each
 * body turned and moved a little at random (seeded), so the pile is not a lattice. Another
 * `seed` drops another pile of the same kind (one pile is one chaotic run).
 */
export function buildPile(name: PileName, seed = name === 'capsules' ? 0xca95 : 0x4e11): Scene {
  const world = groundedWorld();
  addBin(world);
  const bodies: Body[] = [];
  const random = new Random(seed);
  const jitter = () => random.range(-0.05, 0.05);
  if (name === 'capsules') {
    for (let i = 0; i < 30; i++) {
      const layer = Math.floor(i / 5), across = (i % 5 - 2) * 0.45;
      // Lying: the segment (local y) turned onto x, then every other layer turned onto z.
      const turn = new Quaternion().setFromEuler(
        0,
        (layer % 2) * Math.PI / 2 + random.range(-0.2, 0.2),
        Math.PI / 2,
        'YZX',
      );
      const position = layer % 2 === 0
        ? new Vec3(jitter(), 0.2 + 0.4 * layer, across + jitter())
        : new Vec3(across + jitter(), 0.2 + 0.4 * layer, jitter());
      addDropped(world, bodies, new CapsuleShape(0.15, 0.35), position, turn);
    }
  } else {
    for (let i = 0; i < 20; i++) {
      const layer = Math.floor(i / 4), k = i % 4;
      const points = Array.from(
        { length: 8 + random.int(7) },
        () => random.unitVector().map((x) => x * random.range(0.2, 0.4)),
      );
      const position = new Vec3(
        (k % 2 - 0.5) * 0.9 + jitter(),
        0.5 + 0.9 * layer,
        (Math.floor(k / 2) - 0.5) * 0.9 + jitter(),
      );
      addDropped(
        world,
        bodies,
        convexPolyhedronFromPoints(points),
        position,
        new Quaternion(...random.rotation()),
      );
    }
  }
  return { world, bodies };
}

/** The gap cannon-es's solver sees for `equation` (ContactEquation.computeB): negative when overlapping. */
function gapOf({ bi, bj, ri, rj, ni }: ContactEquation): number {
  return (bj.position.x + rj.x - bi.position.x - ri.x) * ni.x +
    (bj.position.y + rj.y - bi.position.y - ri.y) * ni.y +
    (bj.position.z + rj.z - bi.position.z - ri.z) * ni.z;
}

/** Steps a pile for `seconds` (10 unless given) at 1/60 s and measures it (`PileMeasures`). */
export function runPile(scene: Scene, seconds = 10): PileMeasures {
  const dt = 1 / 60;
  const steps = Math.round(seconds / dt), lastSteps = Math.round(2 / dt);
  let angularSum = 0, tumblingSum = 0;
  let before: Vec3[] = [];
  const axis = new Vec3();
  for (let step = 0; step < steps; step++) {
    if (step === steps - lastSteps) before = scene.bodies.map((body) => body.position.clone());
    scene.world.step(dt);
    if (step >= steps - lastSteps) {
      for (const body of scene.bodies) {
        const w = body.angularVelocity;
        body.quaternion.vmult(Vec3.UNIT_Y, axis);
        const roll = w.dot(axis);
        angularSum += w.length();
        tumblingSum += Math.sqrt(Math.max(0, w.lengthSquared() - roll * roll));
      }
    }
  }
  let lateDrift = 0, floorSink = 0, deepest = 0, top = -Infinity;
  scene.bodies.forEach((body, i) => {
    lateDrift = Math.max(lateDrift, body.position.distanceTo(before[i]!));
    body.updateAABB();
    floorSink = Math.max(floorSink, -body.aabb.lowerBound.y);
    top = Math.max(top, body.position.y);
  });
  for (const equation of scene.world.contacts) deepest = Math.max(deepest, -gapOf(equation));
  return {
    angularSpeed: angularSum / (lastSteps * scene.bodies.length),
    tumbling: tumblingSum / (lastSteps * scene.bodies.length),
    lateDrift,
    floorSink,
    deepest,
    top,
  };
}
