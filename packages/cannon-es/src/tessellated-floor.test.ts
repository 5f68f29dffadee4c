/**
 * Shapes moving across a flat floor made of many triangles, through the adapter: a floor of
 * triangles must behave as the plane it is. Each run is compared step by step with the same
 * shape started the same way on a cannon-es `Plane` (contactkit's HalfSpace), which has no
 * edges: the horizontal speed may differ by at most 2% at any step (the bound at every
 * triangle edge) and must stay within 2% of where it started, the shape must not be kicked up,
 * and every contact's normal must be the floor's (a contact on an edge between two coplanar
 * triangles pointing sideways is a ghost contact: it catches the shape; Bullet's
 * btAdjustInternalEdgeContacts and Box3D's mesh contact exist to remove them).
 *
 * Constant speed without a push: cannon-es's GSSolver clamps each friction equation's impulse
 * per step by its maxForce, friction * g * mass, a force (GSSolver.solve), so no steady push
 * balances its friction (the sliding scene in scenes.test.ts runs on ice for that reason). The
 * sliding shapes therefore slide without friction, where any speed lost at an edge is the
 * edge's doing, and the sphere rolls without slipping on the default friction 0.3, where friction
 * does no work unless an edge makes it.
 *
 * A shape joins when the adapter answers its pair with the floor (`PAIRS`): the box rows run as
 * soon as pairs.ts has a box-trimesh and a box-heightfield entry.
 */
import { CollisionData } from '@contactkit/contacts3d';
import { Random } from '@contactkit/test-support';
import {
  Body,
  Box,
  Heightfield,
  Plane,
  Quaternion,
  Shape,
  Sphere,
  Trimesh,
  Vec3,
  World,
} from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { CapsuleShape } from './capsule-shape.js';
import { PAIRS } from './pairs.js';
import { useContactkit } from './use-contactkit.js';

const { BOX, SPHERE, TRIMESH, HEIGHTFIELD, PLANE } = Shape.types;

/** Whether the adapter answers the pair of shape types `a` and `b`. */
function answered(a: number, b: number): boolean {
  return PAIRS.some(({ types }) => (types[0] | types[1]) === (a | b));
}

/** The floor spans x and z from -HALF to HALF, cells of CELL metres. */
const HALF = 4, CELL = 0.25, CELLS = Math.round(2 * HALF / CELL);

type FloorName = 'plane' | 'trimesh' | 'heightfield';

/**
 * A static floor whose top is y = 0. The trimesh's grid points are moved in the floor's plane by
 * up to 0.3 of a cell (seeded) and each cell is split along a diagonal chosen at random, so the
 * edges cross the path at every angle; the heightfield is cannon-es's regular grid of zeros.
 */
function floorBody(name: FloorName): Body {
  const ground = new Body({ mass: 0 });
  if (name === 'plane') {
    ground.addShape(new Plane());
    ground.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
  } else if (name === 'heightfield') {
    const data = Array.from({ length: CELLS + 1 }, () => new Array<number>(CELLS + 1).fill(0));
    ground.addShape(new Heightfield(data, { elementSize: CELL }));
    // Heights along its local z, turned to world y; its y then runs along world -z.
    ground.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
    ground.position.set(-HALF, 0, HALF);
  } else {
    const random = new Random(0x7e55);
    const vertices: number[] = [], indices: number[] = [];
    const at = (i: number, j: number) => i * (CELLS + 1) + j;
    for (let i = 0; i <= CELLS; i++) {
      for (let j = 0; j <= CELLS; j++) {
        const inside = i > 0 && i < CELLS && j > 0 && j < CELLS;
        const jitter = () => inside ? random.range(-0.3, 0.3) * CELL : 0;
        vertices.push(-HALF + j * CELL + jitter(), 0, -HALF + i * CELL + jitter());
      }
    }
    for (let i = 0; i < CELLS; i++) {
      for (let j = 0; j < CELLS; j++) {
        const a = at(i, j), b = at(i, j + 1), c = at(i + 1, j + 1), d = at(i + 1, j);
        // Counter-clockwise seen from +y: (i, j) -> (i + 1, j) -> (i + 1, j + 1).
        if (random.chance(0.5)) indices.push(a, d, c, a, c, b);
        else indices.push(a, d, b, b, d, c);
      }
    }
    ground.addShape(new Trimesh(vertices, indices));
  }
  return ground;
}

interface Mover {
  name: string;
  type: number;
  /** The friction of its contacts with the floor. */
  friction: number;
  /** The shape, and the height of its centre when it rests on the floor. */
  make(): { shape: Shape; height: number; quaternion: Quaternion; };
}

const MOVERS: Mover[] = [
  {
    name: 'a sphere rolling',
    type: SPHERE,
    friction: 0.3,
    make: () => ({ shape: new Sphere(0.3), height: 0.3, quaternion: new Quaternion() }),
  },
  {
    name: 'a capsule lying across its path, sliding',
    type: 512,
    friction: 0,
    // The segment (local y) turned level, across the path: it meets each edge along its length.
    make: () => ({
      shape: new CapsuleShape(0.15, 0.35),
      height: 0.15,
      quaternion: new Quaternion().setFromVectors(new Vec3(0, 1, 0), new Vec3(-1, 0, 3).unit()),
    }),
  },
  {
    name: 'a box sliding',
    type: BOX,
    friction: 0,
    make: () => ({
      shape: new Box(new Vec3(0.3, 0.2, 0.25)),
      height: 0.2,
      quaternion: new Quaternion().setFromEuler(0, 0.4, 0),
    }),
  },
];

/** The velocity the shapes start with: across the grid lines at a slant, 2.7 m/s. */
const START = new Vec3(2.5, 0, 1);
const GRAVITY = 9.82;
const STEPS = 120, DT = 1 / 60;

interface Run {
  /** Horizontal speed after each step. */
  speeds: number[];
  /** The largest |vertical speed| over the run. */
  rise: number;
  /** The largest horizontal drift of the path from the straight line it started on, metres. */
  swerve: number;
  /** The largest angle between a contact's normal and +y over the run, radians. */
  worstNormal: number;
  /** Steps at which the shape had no contact with the floor. */
  airborne: number;
}

/**
 * Starts `mover` resting on `floor` (0.1 mm deep) at START, rolling without slipping if it is a
 * sphere, and steps it for STEPS steps, recording its speed and every contact of the adapter.
 */
function run(mover: Mover, floor: FloorName, edit?: (ground: Body) => void): Run {
  const world = new World({ gravity: new Vec3(0, -GRAVITY, 0) });
  world.defaultContactMaterial.friction = mover.friction;
  const ground = floorBody(floor);
  edit?.(ground);
  world.addBody(ground);
  const { shape, height, quaternion } = mover.make();
  const start = new Vec3(-3.5, height - 1e-4, -1.5);
  const body = new Body({ mass: 1, shape, position: start.clone() });
  body.quaternion.copy(quaternion);
  body.linearDamping = 0;
  body.angularDamping = 0;
  body.velocity.copy(START);
  // Rolling: w = up x v / r.
  if (shape instanceof Sphere) body.angularVelocity.set(START.z / height, 0, -START.x / height);
  world.addBody(body);
  const record = new CollisionData<Body>({ capacity: 64 });
  useContactkit(world, { record });
  const path = START.unit();
  const result: Run = { speeds: [], rise: 0, swerve: 0, worstNormal: 0, airborne: 0 };
  for (let step = 0; step < STEPS; step++) {
    world.step(DT);
    result.speeds.push(Math.hypot(body.velocity.x, body.velocity.z));
    result.rise = Math.max(result.rise, Math.abs(body.velocity.y));
    const moved = body.position.vsub(start);
    result.swerve = Math.max(result.swerve, Math.abs(moved.x * path.z - moved.z * path.x));
    if (record.contactCount === 0) result.airborne++;
    for (let k = 0; k < record.contactCount; k++) {
      const contact = record.contacts[k]!;
      // The normal points from the second body toward the first: up when the mover is first.
      const sign = contact.firstBody === body ? 1 : -1;
      const cosine = Math.min(1, sign * contact.normal[1]!);
      result.worstNormal = Math.max(result.worstNormal, Math.acos(cosine));
    }
  }
  return result;
}

/** The largest relative difference of `speeds` from `reference`, step by step. */
function worstSpeedDifference(speeds: number[], reference: number[]): number {
  return Math.max(...speeds.map((speed, i) => Math.abs(speed - reference[i]!) / reference[i]!));
}

describe('a shape moving across a flat floor of many triangles keeps its speed', () => {
  for (const mover of MOVERS) {
    for (const floor of ['trimesh', 'heightfield'] as const) {
      const floorType = floor === 'trimesh' ? TRIMESH : HEIGHTFIELD;
      it.runIf(answered(mover.type, floorType) && answered(mover.type, PLANE))(
        `${mover.name} on a ${floor}: within 2% of the plane's speed at every step, no ghost normal`,
        () => {
          const reference = run(mover, 'plane');
          const moved = run(mover, floor);
          expect(moved.airborne).toBe(reference.airborne);
          expect(moved.worstNormal).toBeLessThan(1e-6);
          expect(moved.rise).toBeLessThan(Math.max(2 * reference.rise, 0.01));
          expect(moved.swerve).toBeLessThan(0.01);
          expect(worstSpeedDifference(moved.speeds, reference.speeds)).toBeLessThan(0.02);
          const startSpeed = START.length();
          expect(worstSpeedDifference(moved.speeds, moved.speeds.map(() => startSpeed)))
            .toBeLessThan(
              0.02,
            );
          // It crossed many edges: about 5 m at a slant over cells of 0.25 m.
          expect(moved.speeds.reduce((sum, v) => sum + v * DT, 0)).toBeGreaterThan(4);
        },
      );
    }
  }

  it('the measures can fail: a ridge 3 cm high across the path slows a sliding capsule', () => {
    const mover = MOVERS[1]!;
    const reference = run(mover, 'plane');
    // The grid line x = 0 of the heightfield raised: slopes of 0.12 up and down either side.
    const moved = run(mover, 'heightfield', (ground) => {
      (ground.shapes[0] as Heightfield).data[CELLS / 2]!.fill(0.03);
    });
    expect(worstSpeedDifference(moved.speeds, reference.speeds)).toBeGreaterThan(0.02);
    expect(moved.worstNormal).toBeGreaterThan(0.1);
  });
});
