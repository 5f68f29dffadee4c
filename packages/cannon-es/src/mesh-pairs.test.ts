/**
 * Spheres, capsules and boxes against cannon-es's Trimesh and Heightfield through contactkit's
 * TriangleMesh and Heightfield: hand cases whose contacts are worked out from cannon-es's own
 * description of the surface (its Heightfield puts `data[x][y]` at `(x, y, height)` and splits a
 * cell from (x + 1, y) to (x, y + 1)), so a heightfield read with the wrong axes, the wrong
 * diagonal or upside down fails them.
 */
import {
  Body,
  Box,
  ContactEquation,
  FrictionEquation,
  Heightfield,
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

/** The gap cannon-es's solver sees (ContactEquation.computeB): negative when overlapping. */
function gap(equation: ContactEquation): number {
  const { bi, bj, ri, rj, ni } = equation;
  return (bj.position.x + rj.x - bi.position.x - ri.x) * ni.x +
    (bj.position.y + rj.y - bi.position.y - ri.y) * ni.y +
    (bj.position.z + rj.z - bi.position.z - ri.z) * ni.z;
}

/** The equations `getContacts` makes for the one body pair (first, second), as World.step calls it. */
function equationsOf(world: World, first: Body, second: Body) {
  const contacts: ContactEquation[] = [];
  const friction: FrictionEquation[] = [];
  world.narrowphase.getContacts([first], [second], world, contacts, [], friction, []);
  return { contacts, friction };
}

/**
 * cannon-es's usual terrain: heights along its local z, the body turned a quarter about x so that
 * z is world up (local y then points along world -z), here also yawed by 0.3 rad and moved, so no
 * axis of the answer lines up with a world axis by chance.
 */
const TERRAIN_DATA = [[0, 0.2, 0.1], [0.3, 0, 0.2], [0.1, 0.2, 0]];
const terrainTurn = new Quaternion().setFromEuler(0, 0.3, 0).mult(
  new Quaternion().setFromEuler(-Math.PI / 2, 0, 0),
);
const terrainAt = new Vec3(-1, 0.2, 1);

function terrain(mass = 0): Body {
  const data = TERRAIN_DATA.map((column) => [...column]);
  const body = new Body({ mass, shape: new Heightfield(data, { elementSize: 1 }) });
  body.quaternion.copy(terrainTurn);
  body.position.copy(terrainAt);
  return body;
}

/** A point of the terrain's frame in the world. */
function terrainToWorld(local: Vec3): Vec3 {
  return terrainTurn.vmult(local).vadd(terrainAt);
}

/**
 * The two triangles of cell (0, 0) by cannon-es's layout, as planes z = a + b x + c y in the
 * terrain's frame. Corners: (0, 0) 0, (1, 0) 0.3, (0, 1) 0.2, (1, 1) 0. The lower triangle
 * (0, 0), (1, 0), (0, 1) gives z = 0.3 x + 0.2 y; the upper (1, 1), (0, 1), (1, 0) gives
 * a + b + c = 0, a + c = 0.2, a + b = 0.3, so z = 0.5 - 0.2 x - 0.3 y. (Split along the other
 * diagonal, the cell would hold z = 0.3 x - 0.3 y and z = 0.2 y - 0.2 x instead.)
 */
const CELL_PLANES = {
  lower: { a: 0, b: 0.3, c: 0.2 },
  upper: { a: 0.5, b: -0.2, c: -0.3 },
};

interface SurfacePoint {
  /** The point on the surface, in the world. */
  point: Vec3;
  /** The surface's unit normal there (out of the solid), in the world. */
  normal: Vec3;
}

/** The point of `plane` over terrain coordinates (x, y) and its upward unit normal, in the world. */
function onTerrain(
  plane: { a: number; b: number; c: number; },
  x: number,
  y: number,
): SurfacePoint {
  const z = plane.a + plane.b * x + plane.c * y;
  const normal = new Vec3(-plane.b, -plane.c, 1);
  normal.normalize();
  return { point: terrainToWorld(new Vec3(x, y, z)), normal: terrainTurn.vmult(normal) };
}

/** A dynamic body of mass 1 with `shape` at `position`. */
function body(shape: Shape, position: Vec3, quaternion = new Quaternion()): Body {
  return new Body({ mass: 1, shape, position, quaternion });
}

/** A sphere of `radius` resting `depth` deep on the surface at `at`. */
function sphereOn(at: SurfacePoint, radius: number, depth: number): Body {
  return body(new Sphere(radius), at.point.vadd(at.normal.scale(radius - depth)));
}

/**
 * A capsule of `radius` and `halfLength` lying along `direction` (a unit vector in the surface)
 * with its core's middle over `at`, `depth` deep.
 */
function capsuleOn(
  at: SurfacePoint,
  direction: Vec3,
  radius: number,
  halfLength: number,
  depth: number,
): Body {
  const turn = new Quaternion().setFromVectors(new Vec3(0, 1, 0), direction);
  return body(
    new CapsuleShape(radius, halfLength),
    at.point.vadd(at.normal.scale(radius - depth)),
    turn,
  );
}

interface Expected {
  /** Every contact's depth. */
  depth: number;
  /** The surface's outward normal (from the static geometry toward the moving shape). */
  normal: Vec3;
  /** The witness points on the surface, in the world, one per contact (any order). */
  onSurface: Vec3[];
}

/**
 * Checks the equations of the pair (mover, ground), asked for in both body orders: the count, each
 * gap minus the depth, `ni` from bi toward bj, the witness on the ground at an expected point and
 * the witness on the mover one depth from it along the normal.
 */
function expectContacts(world: World, mover: Body, ground: Body, expected: Expected): void {
  for (const [first, second] of [[mover, ground], [ground, mover]] as const) {
    const { contacts } = equationsOf(world, first, second);
    expect(contacts).toHaveLength(expected.onSurface.length);
    const unmatched = [...expected.onSurface];
    for (const equation of contacts) {
      expect(gap(equation)).toBeCloseTo(-expected.depth, 12);
      const sign = equation.bi === mover ? 1 : -1;
      // ni points from bi toward bj: from the mover into the ground is minus the surface normal.
      expect(equation.ni.x).toBeCloseTo(-sign * expected.normal.x, 12);
      expect(equation.ni.y).toBeCloseTo(-sign * expected.normal.y, 12);
      expect(equation.ni.z).toBeCloseTo(-sign * expected.normal.z, 12);
      const [onMover, onGround] = equation.bi === mover
        ? [mover.position.vadd(equation.ri), ground.position.vadd(equation.rj)]
        : [mover.position.vadd(equation.rj), ground.position.vadd(equation.ri)];
      const match = unmatched.findIndex((p) => p.distanceTo(onGround) < 1e-12);
      expect(match, `witness ${onGround.toString()} not among the expected`).toBeGreaterThanOrEqual(
        0,
      );
      unmatched.splice(match, 1);
      const across = onGround.vsub(onMover);
      expect(across.distanceTo(expected.normal.scale(expected.depth))).toBeLessThan(1e-12);
    }
  }
}

describe("a sphere on a cannon-es Heightfield: the contact cannon-es's surface gives", () => {
  // Feet inside each triangle of cell (0, 0), more than the radius from every edge of it.
  it.each([
    ['the lower triangle of a cell', CELL_PLANES.lower, 0.4, 0.3],
    ['the upper triangle of a cell', CELL_PLANES.upper, 0.7, 0.6],
  ])(
    '%s: one contact, the depth, the face normal, the foot of the centre',
    (_name, plane, x, y) => {
      const world = new World();
      const ground = terrain();
      const at = onTerrain(plane, x, y);
      const ball = sphereOn(at, 0.15, 0.01);
      world.addBody(ground);
      world.addBody(ball);
      useContactkit(world);
      expectContacts(world, ball, ground, {
        depth: 0.01,
        normal: at.normal,
        onSurface: [at.point],
      });
    },
  );

  it("cannon-es's own sphereHeightfield finds the same contact (an independent check)", () => {
    const world = new World();
    const ground = terrain();
    const at = onTerrain(CELL_PLANES.upper, 0.7, 0.6);
    const ball = sphereOn(at, 0.15, 0.01);
    world.addBody(ground);
    world.addBody(ball);
    const { contacts } = equationsOf(world, ball, ground);
    expect(contacts).toHaveLength(1);
    expect(gap(contacts[0]!)).toBeCloseTo(-0.01, 9);
    expect(contacts[0]!.ni.dot(at.normal)).toBeCloseTo(-1, 9);
  });

  it('a capsule lying in a triangle: two contacts, one under each end', () => {
    const world = new World();
    const ground = terrain();
    // The incentre of the lower triangle, 0.29 from each of its edges; the core along (1, -1)
    // in the triangle's plane, its ends 0.057 either way in x and y.
    const { a, b, c } = CELL_PLANES.lower;
    const x = 1 / (2 + Math.SQRT2), y = x;
    const at = onTerrain(CELL_PLANES.lower, x, y);
    const local = new Vec3(1, -1, b - c);
    local.normalize();
    const direction = terrainTurn.vmult(local);
    const half = 0.08;
    const log = capsuleOn(at, direction, 0.08, half, 0.004);
    const ends = [-1, 1].map((s) => {
      const ex = x + s * half * local.x, ey = y + s * half * local.y;
      return terrainToWorld(new Vec3(ex, ey, a + b * ex + c * ey));
    });
    world.addBody(ground);
    world.addBody(log);
    useContactkit(world);
    expectContacts(world, log, ground, { depth: 0.004, normal: at.normal, onSurface: ends });
  });

  it('follows data changed in place at the next step (cannon-es asks for update(); this needs none)', () => {
    const world = new World();
    const ground = terrain();
    const at = onTerrain(CELL_PLANES.lower, 0.4, 0.3);
    const ball = sphereOn(at, 0.15, 0.01);
    world.addBody(ground);
    world.addBody(ball);
    useContactkit(world);
    expect(gap(equationsOf(world, ball, ground).contacts[0]!)).toBeCloseTo(-0.01, 12);
    // Raise the whole terrain 0.005 along its normal direction's vertical part: every height + h
    // moves the plane by h * (its normal's z component) along the normal.
    const h = 0.005;
    for (const column of (ground.shapes[0] as Heightfield).data) {
      for (let y = 0; y < column.length; y++) column[y]! += h;
    }
    world.stepnumber++;
    const deeper = 0.01 + h * new Vec3(-0.3, -0.2, 1).unit().z;
    expect(gap(equationsOf(world, ball, ground).contacts[0]!)).toBeCloseTo(-deeper, 12);
  });
});

/**
 * A square floor of two triangles, 2 x 2, in the trimesh's x-z plane, wound clockwise seen from
 * +y (its fronts face down: cannon-es's trimeshes collide on both sides, and so must ours), on a
 * static body turned 0.2 rad about z and moved.
 */
function slab(mass = 0, scale = 1): Body {
  const mesh = new Trimesh([-1, 0, -1, 1, 0, -1, 1, 0, 1, -1, 0, 1], [0, 1, 2, 0, 2, 3]);
  mesh.setScale(new Vec3(scale, 1, scale));
  const ground = new Body({ mass, shape: mesh, position: new Vec3(0.5, -0.2, 0.3) });
  ground.quaternion.setFromEuler(0, 0, 0.2);
  return ground;
}

function onSlab(ground: Body, x: number, z: number): SurfacePoint {
  return {
    point: ground.quaternion.vmult(new Vec3(x, 0, z)).vadd(ground.position),
    normal: ground.quaternion.vmult(new Vec3(0, 1, 0)),
  };
}

describe('spheres and capsules on a static cannon-es Trimesh', () => {
  it('a sphere resting on a face: one contact, depth, normal and foot', () => {
    const world = new World();
    const ground = slab();
    const at = onSlab(ground, 0.3, -0.4);
    const ball = sphereOn(at, 0.25, 0.02);
    world.addBody(ground);
    world.addBody(ball);
    useContactkit(world);
    expectContacts(world, ball, ground, { depth: 0.02, normal: at.normal, onSurface: [at.point] });
  });

  it('a sphere on the shared diagonal: one straight contact, no ghost of the edge', () => {
    const world = new World();
    const ground = slab();
    const at = onSlab(ground, 0.2, 0.2);
    const ball = sphereOn(at, 0.25, 0.02);
    world.addBody(ground);
    world.addBody(ball);
    useContactkit(world);
    expectContacts(world, ball, ground, { depth: 0.02, normal: at.normal, onSurface: [at.point] });
    // cannon-es's own sphereTrimesh gives the diagonal once from each of its triangles and both
    // faces: four equations here, two of them along the edge's direction from the centre.
    const native = new World();
    native.addBody(ground);
    native.addBody(ball);
    expect(equationsOf(native, ball, ground).contacts.length).toBe(4);
  });

  it('a capsule lying on it: two contacts, one under each end', () => {
    const world = new World();
    const ground = slab();
    const at = onSlab(ground, -0.2, 0.1);
    const along = ground.quaternion.vmult(new Vec3(0.6, 0, 0.8));
    const log = capsuleOn(at, along, 0.1, 0.3, 0.005);
    world.addBody(ground);
    world.addBody(log);
    useContactkit(world);
    const ends = [-1, 1].map((s) =>
      onSlab(ground, -0.2 + s * 0.3 * 0.6, 0.1 + s * 0.3 * 0.8).point
    );
    expectContacts(world, log, ground, { depth: 0.005, normal: at.normal, onSurface: ends });
  });

  it('honours the scale and follows it when changed (setScale)', () => {
    const world = new World();
    const ground = slab(0, 0.5);
    // (0.8, 0.8) lies off a floor scaled to 1 x 1: no contact; at scale 1 it is on it.
    const at = onSlab(ground, 0.8, -0.8);
    const ball = sphereOn(at, 0.1, 0.01);
    world.addBody(ground);
    world.addBody(ball);
    useContactkit(world);
    expect(equationsOf(world, ball, ground).contacts).toHaveLength(0);
    (ground.shapes[0] as Trimesh).setScale(new Vec3(1, 1, 1));
    world.stepnumber++;
    expectContacts(world, ball, ground, { depth: 0.01, normal: at.normal, onSurface: [at.point] });
  });
});

/**
 * A box of half extents `half` lying flat on the surface at `at`, turned `yaw` about the surface
 * normal, its bottom face `depth` under the surface, and the points of the surface above its
 * four bottom corners: each corner is the centre plus the turned (+-x, -y, +-z) half extents, and
 * lies `depth` under the surface along the normal.
 */
function boxOn(at: SurfacePoint, half: Vec3, yaw: number, depth: number) {
  const turn = new Quaternion().setFromVectors(new Vec3(0, 1, 0), at.normal).mult(
    new Quaternion().setFromAxisAngle(new Vec3(0, 1, 0), yaw),
  );
  const centre = at.point.vadd(at.normal.scale(half.y - depth));
  const onSurface = [[-1, -1], [-1, 1], [1, -1], [1, 1]].map(([sx, sz]) =>
    centre.vadd(turn.vmult(new Vec3(sx! * half.x, -half.y, sz! * half.z)))
      .vadd(at.normal.scale(depth))
  );
  return { box: body(new Box(half), centre, turn), onSurface };
}

describe('a box on a static cannon-es Trimesh or Heightfield: a contact under each corner', () => {
  it('a box lying inside one triangle of a trimesh, both body orders', () => {
    const world = new World();
    const ground = slab();
    // The triangle (-1, -1), (1, -1), (1, 1) of the slab (x and z): the footprint, 0.25 at most
    // from (0.5, -0.45), stays inside it and clear of its edges.
    const at = onSlab(ground, 0.5, -0.45);
    const { box, onSurface } = boxOn(at, new Vec3(0.2, 0.1, 0.15), 0.3, 0.01);
    world.addBody(ground);
    world.addBody(box);
    useContactkit(world);
    expectContacts(world, box, ground, { depth: 0.01, normal: at.normal, onSurface });
  });

  it('a box lying on the sloped lower triangle of a heightfield cell, both body orders', () => {
    const world = new World();
    const ground = terrain();
    // The lower triangle's incentre, 0.29 from each edge; the footprint reaches 0.13 from it.
    const x = 1 / (2 + Math.SQRT2);
    const at = onTerrain(CELL_PLANES.lower, x, x);
    const { box, onSurface } = boxOn(at, new Vec3(0.1, 0.05, 0.08), 0.4, 0.004);
    world.addBody(ground);
    world.addBody(box);
    useContactkit(world);
    expectContacts(world, box, ground, { depth: 0.004, normal: at.normal, onSurface });
  });
});

describe("a trimesh or heightfield on a dynamic body stays cannon-es's", () => {
  const fields = (e: ContactEquation) => [...e.ni.toArray(), ...e.ri.toArray(), ...e.rj.toArray()];

  it.each([
    ['a trimesh', () => slab(1), (ground: Body) => onSlab(ground, 0.2, 0.2)],
    ['a heightfield', () => terrain(1), () => onTerrain(CELL_PLANES.upper, 0.7, 0.6)],
  ])('a sphere on %s: the equations cannon-es makes, bit for bit', (_name, make, where) => {
    const run = (adapted: boolean) => {
      const world = new World();
      const ground = make();
      const ball = sphereOn(where(ground), 0.25, 0.02);
      world.addBody(ground);
      world.addBody(ball);
      if (adapted) useContactkit(world);
      return equationsOf(world, ball, ground).contacts.map(fields);
    };
    const expected = run(false);
    expect(expected.length).toBeGreaterThan(0);
    expect(run(true)).toEqual(expected);
  });

  it('a capsule against a dynamic trimesh: nothing, as cannon-es has no such pair', () => {
    const world = new World();
    const ground = slab(1);
    const log = capsuleOn(onSlab(ground, 0, 0), new Vec3(1, 0, 0), 0.1, 0.3, 0.01);
    world.addBody(ground);
    world.addBody(log);
    useContactkit(world);
    expect(equationsOf(world, log, ground).contacts).toHaveLength(0);
    ground.type = Body.STATIC;
    expect(equationsOf(world, log, ground).contacts.length).toBeGreaterThan(0);
  });
});

describe('the mesh pairs', () => {
  it('are the sphere, capsule, box and polyhedron pairs against a Trimesh and a Heightfield, each static-only', () => {
    const { SPHERE, BOX, CONVEXPOLYHEDRON, CYLINDER, TRIMESH, HEIGHTFIELD } = Shape.types;
    const meshPairs = PAIRS.filter((entry) => entry.staticType !== undefined);
    expect(meshPairs.map((entry) => entry.key)).toEqual([
      'sphereTrimesh',
      'sphereHeightfield',
      512 | TRIMESH,
      512 | HEIGHTFIELD,
      BOX | TRIMESH,
      'boxHeightfield',
      CONVEXPOLYHEDRON | TRIMESH,
      'convexHeightfield',
      CYLINDER | TRIMESH,
    ]);
    for (const entry of meshPairs) {
      expect(entry.types).toContain(entry.staticType);
      expect(entry.types[0]).toBeLessThan(entry.types[1]);
    }
    expect(meshPairs[0]!.types).toEqual([SPHERE, TRIMESH]);
  });
});
