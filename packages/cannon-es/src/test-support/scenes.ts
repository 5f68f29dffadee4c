/**
 * The simulation scenes the adapter is judged by, and the measures taken of them, shared by
 * scenes.test.ts and scripts/step-time.ts. Each scene is a cannon-es world with default settings
 * (GSSolver, 10 iterations, the default contact material: friction 0.3 except on the ice of
 * the sliding scene, restitution 0), gravity 9.82 along -y, and a static `Plane` turned so that
 * its normal is +y.
 */
import { Body, Box, Plane, Vec3, World } from 'cannon-es';

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

function groundedWorld(): World {
  const world = new World({ gravity: new Vec3(0, -9.82, 0) });
  const ground = new Body({ mass: 0, shape: new Plane() });
  // cannon-es's Plane faces +z in its frame; a quarter turn about x makes it face +y.
  ground.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
  world.addBody(ground);
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

/** Builds a scene: a fresh world each call, so runs never share state. */
export function buildScene(name: SceneName): Scene {
  const world = groundedWorld();
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
