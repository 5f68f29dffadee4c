import {
  Box as KitBox,
  Capsule as KitCapsule,
  CollisionData,
  ConvexHull,
  HalfSpace,
  Sphere as KitSphere,
  collide,
  type AnyPrimitive,
} from '@contactkit/contacts3d';
import {
  Body,
  Box,
  ContactEquation,
  ContactMaterial,
  ConvexPolyhedron,
  Cylinder,
  FrictionEquation,
  Heightfield,
  Material,
  Plane,
  Quaternion,
  Shape,
  Sphere,
  Vec3,
  World,
} from 'cannon-es';
import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { CapsuleShape } from './capsule-shape.js';
import { convexPolyhedronFromPoints } from './convex-polyhedron.js';
import { PAIRS } from './pairs.js';
import { isBridged, ShapeCache } from './shape-bridges.js';
import { buildPile, buildScene } from './test-support/scenes.js';
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

const floorTurn = new Quaternion().setFromEuler(-Math.PI / 2, 0, 0);

/** A static cannon-es Plane facing +y through the origin. */
function floor(): Body {
  return new Body({ mass: 0, shape: new Plane(), quaternion: floorTurn.clone() });
}

function body(shape: Shape, position: Vec3, quaternion = new Quaternion()): Body {
  return new Body({ mass: 1, shape, position, quaternion });
}

/** contactkit's own depths for the shapes of `a` and `b` at their poses, deepest first. */
function kitDepths(a: Body, b: Body, maxContactsPerPair = 8): number[] {
  const data = new CollisionData({ capacity: 8, maxContactsPerPair });
  collide(kitShape(a), kitShape(b), data);
  return data.contacts.slice(0, data.contactCount).map((c) => c.penetration).sort((x, y) => y - x);
}

function kitShape(body: Body): AnyPrimitive {
  const shape = body.shapes[0]!;
  const position = body.quaternion.vmult(body.shapeOffsets[0]!).vadd(body.position);
  const quaternion = body.quaternion.mult(body.shapeOrientations[0]!);
  const pose = [quaternion.x, quaternion.y, quaternion.z, quaternion.w];
  const at = [position.x, position.y, position.z];
  if (shape instanceof Sphere) return new KitSphere(shape.radius).setPose(at, pose);
  if (shape instanceof Box) {
    const h = shape.halfExtents;
    return new KitBox([h.x, h.y, h.z]).setPose(at, pose);
  }
  if (shape instanceof CapsuleShape) {
    return new KitCapsule(shape.radius, shape.halfLength).setPose(at, pose);
  }
  if (shape instanceof ConvexPolyhedron) {
    return ConvexHull.fromPoints(shape.vertices.map((v) => [v.x, v.y, v.z])).setPose(at, pose);
  }
  return new HalfSpace([0, 0, 1], 0).setPose(at, pose);
}

interface HandCase {
  name: string;
  make: () => [Body, Body];
  /** The depth of every contact, worked out by hand. */
  depth: number;
  count: number;
  /** The unit normal from the first body toward the second. */
  normal: [number, number, number];
  /** Whether cannon-es has the pair itself (it has no capsule). */
  native: boolean;
  /**
   * Set where cannon-es's own narrowphase finds another depth, with why: then the depth is not
   * checked against cannon-es's.
   */
  nativeDiffers?: string;
}

/** A cube of half side `half` as a cannon-es ConvexPolyhedron (its 8 corners). */
function cubeHull(half: number): ConvexPolyhedron {
  return convexPolyhedronFromPoints(
    [-1, 1].flatMap((x) =>
      [-1, 1].flatMap((y) => [-1, 1].map((z) => [x * half, y * half, z * half]))
    ),
  );
}

/** A quarter turn about z: a capsule's segment (local y) along x. */
const lying = new Quaternion().setFromEuler(0, 0, Math.PI / 2);

const yaw45 = new Quaternion().setFromEuler(0, Math.PI / 4, 0);

const HAND_CASES: HandCase[] = [
  {
    // Centres 0.8 apart, radii 0.5 + 0.5: 0.2 deep along x.
    name: 'sphere-sphere',
    make: () => [
      body(new Sphere(0.5), new Vec3(0, 0, 0)),
      body(new Sphere(0.5), new Vec3(0.8, 0, 0)),
    ],
    depth: 0.2,
    count: 1,
    normal: [1, 0, 0],
    native: true,
  },
  {
    // Centre 0.4 above the floor, radius 0.5: 0.1 deep; the sphere is bi, so ni points down.
    name: 'sphere-plane',
    make: () => [body(new Sphere(0.5), new Vec3(0.3, 0.4, -0.2)), floor()],
    depth: 0.1,
    count: 1,
    normal: [0, -1, 0],
    native: true,
  },
  {
    // Centre 1.3 above a box's centre whose top face is at 1, radius 0.5: 0.2 deep.
    name: 'sphere-box',
    make: () => [
      body(new Sphere(0.5), new Vec3(0.2, 1.3, 0.1)),
      body(new Box(new Vec3(1, 1, 1)), new Vec3(0, 0, 0)),
    ],
    depth: 0.2,
    count: 1,
    normal: [0, -1, 0],
    native: true,
  },
  {
    // A cube whose bottom face is 0.05 under the floor: its four bottom corners, each 0.05 deep;
    // the plane is bi (type 2 before box 4), ni points up into the box.
    name: 'plane-box',
    make: () => [floor(), body(new Box(new Vec3(0.5, 0.5, 0.5)), new Vec3(0, 0.45, 0))],
    depth: 0.05,
    count: 4,
    normal: [0, 1, 0],
    native: true,
  },
  {
    // A smaller box sunk 0.05 into the top face of a cube: its bottom face's four corners.
    name: 'box-box',
    make: () => [
      body(new Box(new Vec3(0.5, 0.5, 0.5)), new Vec3(0, 0, 0)),
      body(new Box(new Vec3(0.4, 0.5, 0.3)), new Vec3(0.05, 0.95, -0.05)),
    ],
    depth: 0.05,
    count: 4,
    normal: [0, 1, 0],
    native: true,
  },
  {
    // The same cube turned 45 degrees about the vertical: the overlap of the two faces is a
    // regular octagon, 8 points, each 0.05 deep.
    name: 'box-box turned 45 degrees',
    make: () => [
      body(new Box(new Vec3(0.5, 0.5, 0.5)), new Vec3(0, 0, 0)),
      body(new Box(new Vec3(0.5, 0.5, 0.5)), new Vec3(0, 0.95, 0), yaw45.clone()),
    ],
    depth: 0.05,
    count: 8,
    normal: [0, 1, 0],
    native: true,
  },
  {
    // A capsule (radius 0.5, half length 1) lying along x, its axis 0.4 above the floor: both
    // ends of its segment 0.1 deep. The plane is bi (type 2 before the capsule's 512).
    name: 'plane-capsule',
    make: () => [floor(), body(new CapsuleShape(0.5, 1), new Vec3(0.2, 0.4, 0.1), lying.clone())],
    depth: 0.1,
    count: 2,
    normal: [0, 1, 0],
    native: false,
  },
  {
    // An upright capsule and a ball 0.8 from its axis, beside its side: radii 0.5 + 0.5, 0.2 deep.
    name: 'sphere-capsule',
    make: () => [
      body(new Sphere(0.5), new Vec3(0.8, 0.3, 0)),
      body(new CapsuleShape(0.5, 1), new Vec3(0, 0, 0)),
    ],
    depth: 0.2,
    count: 1,
    normal: [-1, 0, 0],
    native: false,
  },
  {
    // A capsule lying along x with its axis 1.4 above a box's centre, the top face at 1; its
    // segment's ends (x = +-0.8) over the face: two contacts 0.1 deep.
    name: 'box-capsule',
    make: () => [
      body(new Box(new Vec3(1, 1, 1)), new Vec3(0, 0, 0)),
      body(new CapsuleShape(0.5, 0.8), new Vec3(0, 1.4, 0), lying.clone()),
    ],
    depth: 0.1,
    count: 2,
    normal: [0, 1, 0],
    native: false,
  },
  {
    // Two upright capsules side by side, axes 0.9 apart, the second 0.5 higher: the segments
    // overlap over y in [-0.5, 1], two contacts 0.1 deep.
    name: 'capsule-capsule',
    make: () => [
      body(new CapsuleShape(0.5, 1), new Vec3(0, 0, 0)),
      body(new CapsuleShape(0.5, 1), new Vec3(0, 0.5, 0.9)),
    ],
    depth: 0.1,
    count: 2,
    normal: [0, 0, 1],
    native: false,
  },
  {
    // The box-capsule case on a convex cube: the capsule lying along x, its axis 1.4 above the
    // centre of a cube whose top face is at 1; both ends of its segment (x = +-0.8) over that
    // face, two contacts 0.1 deep. The polyhedron is bi (type 16 before the capsule's 512).
    name: 'convex-capsule',
    make: () => [
      body(cubeHull(1), new Vec3(0, 0, 0)),
      body(new CapsuleShape(0.5, 0.8), new Vec3(0.1, 1.4, -0.2), lying.clone()),
    ],
    depth: 0.1,
    count: 2,
    normal: [0, 1, 0],
    native: false,
  },
  {
    // An upright capsule (radius 0.25, half length 0.5) standing on a cylinder's top cap at
    // y = 0.5: its lower end's centre at 1.2 - 0.5 = 0.7, its surface at 0.45, one contact
    // 0.05 deep. The cylinder is bi (type 128 before 512).
    name: 'cylinder-capsule',
    make: () => [
      body(new Cylinder(0.5, 0.5, 1, 8), new Vec3(0, 0, 0)),
      body(new CapsuleShape(0.25, 0.5), new Vec3(0.1, 1.2, 0.05)),
    ],
    depth: 0.05,
    count: 1,
    normal: [0, 1, 0],
    native: false,
  },
  {
    // The box-box case with both cubes as convex polyhedra.
    name: 'convex-convex',
    make: () => [
      body(cubeHull(0.5), new Vec3(0, 0, 0)),
      body(cubeHull(0.4), new Vec3(0.05, 0.85, -0.05)),
    ],
    depth: 0.05,
    count: 4,
    normal: [0, 1, 0],
    native: true,
  },
  {
    // A ball 1.3 above a convex cube's centre whose top face is at 1: 0.2 deep.
    name: 'sphere-convex',
    make:
      () => [body(new Sphere(0.5), new Vec3(0.2, 1.3, 0.1)), body(cubeHull(1), new Vec3(0, 0, 0))],
    depth: 0.2,
    count: 1,
    normal: [0, -1, 0],
    native: true,
  },
  {
    // A convex cube 0.05 into the floor: its four bottom corners.
    name: 'plane-convex',
    make: () => [floor(), body(cubeHull(0.5), new Vec3(0, 0.45, 0))],
    depth: 0.05,
    count: 4,
    normal: [0, 1, 0],
    native: true,
  },
  {
    // A convex cube turned 45 degrees sunk 0.05 into a box: the octagon of the two faces.
    name: 'box-convex',
    make: () => [
      body(new Box(new Vec3(0.5, 0.5, 0.5)), new Vec3(0, 0, 0)),
      body(cubeHull(0.5), new Vec3(0, 0.95, 0), yaw45.clone()),
    ],
    depth: 0.05,
    count: 8,
    normal: [0, 1, 0],
    native: true,
  },
  {
    // A cylinder (8 sides, radius 0.5, height 1) standing on its cap 0.05 into the floor: the
    // cap's 8 corners.
    name: 'plane-cylinder',
    make: () => [floor(), body(new Cylinder(0.5, 0.5, 1, 8), new Vec3(0, 0.45, 0))],
    depth: 0.05,
    count: 8,
    normal: [0, 1, 0],
    native: true,
  },
  {
    // A ball 0.9 from a cylinder's axis, level with its middle. The cylinder's ring vertices are
    // 45 degrees apart from +z; turned 22.5 degrees, the middle of a side face faces the ball,
    // 0.5 cos(22.5 deg) from the axis: the ball is 0.5 + 0.5 cos(22.5 deg) - 0.9 deep.
    name: 'sphere-cylinder',
    make: () => [
      body(new Sphere(0.5), new Vec3(0, 0, 0.9)),
      body(
        new Cylinder(0.5, 0.5, 1, 8),
        new Vec3(0, 0, 0),
        new Quaternion().setFromEuler(0, Math.PI / 8, 0),
      ),
    ],
    depth: 0.5 + 0.5 * Math.cos(Math.PI / 8) - 0.9,
    count: 1,
    normal: [0, 0, -1],
    native: true,
  },
  {
    // A cylinder standing on a convex cube's top face, 0.05 into it: the cap's 8 corners.
    name: 'convex-cylinder',
    make: () => [
      body(cubeHull(0.5), new Vec3(0, 0, 0)),
      body(new Cylinder(0.4, 0.4, 1, 8), new Vec3(0, 0.95, 0)),
    ],
    depth: 0.05,
    count: 8,
    normal: [0, 1, 0],
    native: true,
  },
  {
    // Two cylinders (8 sides, radius 0.5) lying along x and along z, one over the other. A
    // ring vertex of cannon-es's cylinder lies on each of its local x and z axes, so each turned
    // cylinder has a side edge along its top and bottom, 0.5 from its axis: the edges cross,
    // 1 - 0.95 = 0.05 deep, one edge-edge contact.
    name: 'cylinder-cylinder',
    make: () => [
      body(
        new Cylinder(0.5, 0.5, 2, 8),
        new Vec3(0, 0, 0),
        new Quaternion().setFromEuler(0, 0, Math.PI / 2),
      ),
      body(
        new Cylinder(0.5, 0.5, 2, 8),
        new Vec3(0, 0.95, 0),
        new Quaternion().setFromEuler(Math.PI / 2, 0, 0),
      ),
    ],
    depth: 0.05,
    count: 1,
    normal: [0, 1, 0],
    native: true,
    nativeDiffers:
      "cannon-es's convexConvex has no edge-edge contact: it clips one side face against the " +
      "other and reports 0.085, a corner's depth under the other's face plane",
  },
];

describe('each replaced pair gives the equations cannon-es expects', () => {
  describe.each(HAND_CASES.map((c) => [c.name, c]))('%s', (_name, hand) => {
    it.each([['in getContacts order', false], ['with the bodies swapped', true]])(
      '%s: gap (xj + rj - xi - ri) . ni is minus the depth, ni from bi toward bj',
      (_order, swapped) => {
        const world = new World();
        const [a, b] = hand.make();
        world.addBody(a);
        world.addBody(b);
        useContactkit(world);
        const { contacts } = swapped ? equationsOf(world, b, a) : equationsOf(world, a, b);
        expect(contacts).toHaveLength(hand.count);
        const depths = kitDepths(a, b);
        expect(depths).toHaveLength(hand.count);
        const gaps = contacts.map(gap).sort((x, y) => x - y);
        gaps.forEach((g, k) => {
          expect(g).toBeCloseTo(-hand.depth, 12);
          expect(g).toBeCloseTo(-depths[k]!, 14);
        });
        // cannon-es calls a pair with the lower type bit first, and a pair of one type with the
        // second body first (getContacts); the equations name the bodies so, and si is bi's shape.
        const [p, q] = swapped ? [b, a] : [a, b];
        const expectedBi = p.shapes[0]!.type < q.shapes[0]!.type ? p : q;
        if (hand.native) {
          const native = new World();
          native.addBody(a);
          native.addBody(b);
          const reference = swapped ? equationsOf(native, b, a) : equationsOf(native, a, b);
          expect(reference.contacts[0]!.bi).toBe(expectedBi);
        }
        for (const equation of contacts) {
          expect(equation.bi).toBe(expectedBi);
          expect(equation.bj).toBe(expectedBi === a ? b : a);
          expect(equation.si).toBe(equation.bi.shapes[0]);
          expect(equation.sj).toBe(equation.bj.shapes[0]);
          const sign = equation.bi === a ? 1 : -1;
          expect(equation.ni.x).toBeCloseTo(sign * hand.normal[0], 12);
          expect(equation.ni.y).toBeCloseTo(sign * hand.normal[1], 12);
          expect(equation.ni.z).toBeCloseTo(sign * hand.normal[2], 12);
        }
      },
    );

    it.runIf(hand.native && hand.nativeDiffers === undefined)(
      "cannon-es's own narrowphase finds the same depth (an independent check of the hand value)",
      () => {
        const world = new World();
        const [a, b] = hand.make();
        world.addBody(a);
        world.addBody(b);
        const { contacts } = equationsOf(world, a, b);
        expect(contacts.length).toBeGreaterThan(0);
        for (const equation of contacts) expect(gap(equation)).toBeCloseTo(-hand.depth, 6);
      },
    );
  });

  it('puts the witness points on the surfaces: ri on the sphere of bi, rj on the floor', () => {
    const world = new World();
    const [ball, ground] = HAND_CASES[1]!.make();
    world.addBody(ball);
    world.addBody(ground);
    useContactkit(world);
    const [equation] = equationsOf(world, ball, ground).contacts;
    const onBall = ball.position.vadd(equation!.ri), onFloor = ground.position.vadd(equation!.rj);
    expect(onBall.distanceTo(ball.position)).toBeCloseTo(0.5, 12);
    expect(onBall.x).toBeCloseTo(0.3, 12);
    expect(onBall.y).toBeCloseTo(-0.1, 12);
    expect(onFloor.y).toBeCloseTo(0, 12);
    expect(onFloor.x).toBeCloseTo(0.3, 12);
    expect(onFloor.z).toBeCloseTo(-0.2, 12);
  });

  it('gives the solver the shallowest contact first and the deepest last', () => {
    const world = new World();
    const ground = floor();
    // A cube tipped about z: its bottom corners at four depths, two and two.
    const cube = body(
      new Box(new Vec3(0.5, 0.5, 0.5)),
      new Vec3(0, 0.5, 0),
      new Quaternion().setFromEuler(0, 0, 0.1),
    );
    world.addBody(ground);
    world.addBody(cube);
    useContactkit(world);
    const depths = equationsOf(world, ground, cube).contacts.map((e) => -gap(e));
    expect(depths).toHaveLength(2);
    expect(depths[0]!).toBeLessThanOrEqual(depths[1]!);
    expect(depths).toEqual([...depths].sort((x, y) => x - y));
  });

  it('keeps at most maxContactsPerPair equations, the deepest among them', () => {
    const world = new World();
    const [a, b] = HAND_CASES[5]!.make();
    world.addBody(a);
    world.addBody(b);
    useContactkit(world, { maxContactsPerPair: 4 });
    const { contacts } = equationsOf(world, a, b);
    expect(contacts).toHaveLength(4);
    for (const equation of contacts) expect(gap(equation)).toBeCloseTo(-0.05, 12);
  });
});

const RUNS = Math.max(10_000, Number(process.env['CONTACTKIT_PROPERTY_RUNS'] ?? 0) || 0);

type Kind = 'sphere' | 'box' | 'plane' | 'capsule' | 'hull' | 'cylinder';

/**
 * A random shape of a replaced pair, sized `size`: spheres, boxes and capsules down to slivers,
 * planes, hulls of clouds with duplicate and collinear points (some flattened to slivers),
 * cylinders and cones of 3 to 16 sides.
 */
function randomShape(random: Random, kind: Kind, size: number): Shape {
  const side = () => size * (random.chance(0.1) ? 1e-3 : random.range(0.2, 1));
  switch (kind) {
    case 'sphere':
      return new Sphere(size * random.range(0.2, 1));
    case 'plane':
      return new Plane();
    case 'box':
      return new Box(new Vec3(side(), side(), side()));
    case 'capsule':
      return new CapsuleShape(side(), random.chance(0.1) ? 0 : side());
    case 'cylinder':
      return new Cylinder(
        random.chance(0.2) ? 0 : side(),
        side(),
        2 * side(),
        3 + random.int(14),
      );
    case 'hull': {
      const flat = random.chance(0.1) ? 1e-3 : 1;
      const points: number[][] = [];
      for (let i = 4 + random.int(12); i > 0; i--) {
        points.push([
          side() * random.sign(),
          flat * side() * random.sign(),
          side() * random.sign(),
        ]);
      }
      // Duplicates, and a point on the segment between two others.
      points.push([...points[0]!], points[1]!.map((x, k) => (x + points[2]![k]!) / 2));
      return convexPolyhedronFromPoints(points);
    }
  }
}

describe('property: every equation is a contactkit contact, in either order', () => {
  it(
    `over ${RUNS} random pairs: same count, gap = -depth, ni = -contactkit's normal, unit, finite`,
    () => {
      const random = new Random(0xca770);
      const world = new World();
      // Speculative contacts within the margin are equations too: contactkit's with that tolerance.
      const margin = 0.002;
      useContactkit(world, { speculativeMargin: margin });
      const all: Kind[] = ['sphere', 'box', 'plane', 'capsule', 'hull', 'cylinder'];
      // Every replaced pair (a plane against a plane is none).
      const kinds = all.flatMap((first, i) =>
        all.slice(i).filter((second) => !(first === 'plane' && second === 'plane'))
          .map((second) => [first, second] as const)
      );
      let contacts = 0;
      for (let run = 0; run < RUNS; run++) {
        const [firstKind, secondKind] = random.pick(kinds);
        // Sizes from 1e-3 to 1e3, near the origin or near 1e5; sometimes the very same pose.
        const size = random.logRange(1e-3, 1e3);
        const far = random.chance(0.2) ? 1e5 : 0;
        const at = new Vec3(far + random.range(-1, 1), random.range(-1, 1), random.range(-1, 1));
        const a = new Body({
          mass: firstKind === 'plane' ? 0 : 1,
          shape: randomShape(random, firstKind, size),
          position: at,
          quaternion: new Quaternion(...random.rotation()),
        });
        const b = new Body({
          mass: secondKind === 'plane' ? 0 : 1,
          shape: randomShape(random, secondKind, size),
          position: random.chance(0.05)
            ? at.clone()
            : at.vadd(new Vec3(...random.unitVector()).scale(size * random.range(0, 2.5))),
          quaternion: random.chance(0.05)
            ? a.quaternion.clone()
            : new Quaternion(...random.rotation()),
        });
        const swapped = random.chance(0.5);
        const equations = swapped
          ? equationsOf(world, b, a).contacts
          : equationsOf(world, a, b).contacts;
        if (equations.length === 0) continue;
        const bi = equations[0]!.bi, bj = equations[0]!.bj;
        const data = new CollisionData({ capacity: 8, tolerance: margin });
        const count = collide(kitShape(bi), kitShape(bj), data);
        expect(equations).toHaveLength(count);
        const tolerance = 1e-9 * (1 + far + size);
        const depths = data.contacts.slice(0, count).map((c) => c.penetration).sort((x, y) =>
          x - y
        );
        const gaps = equations.map((e) => -gap(e)).sort((x, y) => x - y);
        const normal = data.contacts[0]!.normal;
        gaps.forEach((depth, k) => expect(Math.abs(depth - depths[k]!)).toBeLessThan(tolerance));
        for (const { ni } of equations) {
          expect(Math.abs(ni.length() - 1)).toBeLessThan(1e-12);
          expect(
            Math.abs(ni.x + normal[0]!) + Math.abs(ni.y + normal[1]!) + Math.abs(ni.z + normal[2]!),
          )
            .toBeLessThan(1e-12);
        }
        contacts += count;
      }
      // The generator must reach contacts often enough for the property to mean something.
      expect(contacts).toBeGreaterThan(RUNS / 2);
      // About 0.2 ms a pair alone, several times that in the full suite on a loaded 2-core machine.
    },
    Math.max(60_000, 10 * RUNS),
  );
});

describe('what cannon-es resolves stays cannon-es', () => {
  function materialPair() {
    const world = new World({ gravity: new Vec3(0, -9.82, 0) });
    const ice = new Material('ice'), rubber = new Material('rubber');
    world.addContactMaterial(
      new ContactMaterial(ice, rubber, { friction: 0.05, restitution: 0.7 }),
    );
    const ground = floor();
    ground.material = ice;
    const cube = body(new Box(new Vec3(0.5, 0.5, 0.5)), new Vec3(0, 0.45, 0));
    cube.material = rubber;
    world.addBody(ground);
    world.addBody(cube);
    return { world, ground, cube };
  }

  it('materials: the same restitution, stiffness and friction bounds as cannon-es gives', () => {
    const native = materialPair();
    const expected = equationsOf(native.world, native.ground, native.cube);
    const adapted = materialPair();
    useContactkit(adapted.world);
    const actual = equationsOf(adapted.world, adapted.ground, adapted.cube);
    expect(actual.contacts).toHaveLength(expected.contacts.length);
    expect(actual.friction).toHaveLength(expected.friction.length);
    actual.contacts.forEach((equation) => {
      const reference = expected.contacts[0]!;
      expect(equation.restitution).toBe(reference.restitution);
      expect(equation.a).toBe(reference.a);
      expect(equation.b).toBe(reference.b);
      expect(equation.eps).toBe(reference.eps);
      expect(equation.enabled).toBe(true);
    });
    // 0.05 * 9.82 * (1 / (1 / 1)): the contact material's friction, not the default 0.3.
    for (const friction of actual.friction) {
      expect(friction.maxForce).toBeCloseTo(0.05 * 9.82, 12);
      expect(friction.maxForce).toBe(expected.friction[0]!.maxForce);
    }
  });

  it('friction: two equations per contact, or two per pair at the average when enableFrictionReduction is set', () => {
    const scene = () => {
      const world = new World({ gravity: new Vec3(0, -9.82, 0) });
      const ground = floor();
      const cube = body(new Box(new Vec3(0.5, 0.5, 0.5)), new Vec3(0.2, 0.45, -0.1));
      world.addBody(ground);
      world.addBody(cube);
      world.narrowphase.enableFrictionReduction = true;
      return { world, ground, cube };
    };
    const native = scene();
    const expected = equationsOf(native.world, native.ground, native.cube).friction;
    const { world, ground, cube } = scene();
    useContactkit(world);
    world.narrowphase.enableFrictionReduction = false;
    expect(equationsOf(world, ground, cube).friction).toHaveLength(8);
    world.narrowphase.enableFrictionReduction = true;
    const { contacts, friction } = equationsOf(world, ground, cube);
    expect(contacts).toHaveLength(4);
    expect(friction).toHaveLength(2);
    // cannon-es's createFrictionFromAverage over the same four corners, whatever their order:
    // (it stores the average of the cube-relative points as ri, the plane-relative ones as rj).
    friction.forEach((equation, k) => {
      for (const field of ['ri', 'rj', 't'] as const) {
        const want = expected[k]![field];
        expect(equation[field].x).toBeCloseTo(want.x, 12);
        expect(equation[field].y).toBeCloseTo(want.y, 12);
        expect(equation[field].z).toBeCloseTo(want.z, 12);
      }
      expect(equation.maxForce).toBeCloseTo(0.3 * 9.82, 12);
    });
    expect(friction[0]!.ri.y).toBeCloseTo(-0.5, 12);
  });

  it('collisionResponse false: equations exist, disabled, as cannon-es makes them', () => {
    const world = new World();
    const ground = floor();
    const cube = body(new Box(new Vec3(0.5, 0.5, 0.5)), new Vec3(0, 0.45, 0));
    cube.shapes[0]!.collisionResponse = false;
    world.addBody(ground);
    world.addBody(cube);
    useContactkit(world);
    const { contacts, friction } = equationsOf(world, ground, cube);
    expect(contacts).toHaveLength(4);
    for (const equation of [...contacts, ...friction]) expect(equation.enabled).toBe(false);
  });

  it('collision filters: shapes whose groups and masks exclude each other make nothing', () => {
    const world = new World();
    const ground = floor();
    const cube = body(new Box(new Vec3(0.5, 0.5, 0.5)), new Vec3(0, 0.45, 0));
    cube.shapes[0]!.collisionFilterGroup = 2;
    ground.shapes[0]!.collisionFilterMask = 1;
    world.addBody(ground);
    world.addBody(cube);
    useContactkit(world);
    expect(equationsOf(world, ground, cube).contacts).toHaveLength(0);
  });

  it('compound bodies: shape offsets and orientations, ri and rj relative to each body', () => {
    const world = new World();
    const ground = floor();
    // A plank 2 x 1 x 0.5 held 0.45 above its body's origin and turned a quarter about y: its
    // bottom face (0.05 under the floor) spans x in [1.75, 2.25], z in [-1, 1].
    const holder = new Body({ mass: 1, position: new Vec3(2, 0, 0) });
    holder.addShape(new Sphere(0.1), new Vec3(0, 3, 0));
    holder.addShape(
      new Box(new Vec3(1, 0.5, 0.25)),
      new Vec3(0, 0.45, 0),
      new Quaternion().setFromEuler(0, Math.PI / 2, 0),
    );
    world.addBody(ground);
    world.addBody(holder);
    useContactkit(world);
    const { contacts } = equationsOf(world, ground, holder);
    expect(contacts).toHaveLength(4);
    const corners = contacts.map((e) => holder.position.vadd(e.rj));
    for (const corner of corners) {
      expect(Math.abs(corner.x - 2)).toBeCloseTo(0.25, 12);
      expect(Math.abs(corner.z)).toBeCloseTo(1, 12);
      expect(corner.y).toBeCloseTo(-0.05, 12);
    }
    for (const equation of contacts) {
      expect(gap(equation)).toBeCloseTo(-0.05, 12);
      expect(equation.sj).toBe(holder.shapes[1]);
    }
  });

  it('events: collide on both bodies and beginContact on the world, once', () => {
    const world = new World({ gravity: new Vec3(0, -9.82, 0) });
    const ground = floor();
    const ball = body(new Sphere(0.5), new Vec3(0, 0.6, 0));
    world.addBody(ground);
    world.addBody(ball);
    useContactkit(world);
    const collided: Body[] = [];
    let begun = 0;
    ball.addEventListener('collide', (event: { body: Body; }) => collided.push(event.body));
    world.addEventListener('beginContact', () => begun++);
    for (let i = 0; i < 30; i++) world.step(1 / 60);
    expect(collided).toEqual([ground]);
    expect(begun).toBe(1);
  });

  it('kinematic against static: only the overlap is recorded, no equations (justTest)', () => {
    const world = new World();
    const ground = floor();
    const cube = new Body({
      type: Body.KINEMATIC,
      shape: new Box(new Vec3(0.5, 0.5, 0.5)),
      position: new Vec3(0, 0.45, 0),
    });
    world.addBody(ground);
    world.addBody(cube);
    useContactkit(world);
    expect(equationsOf(world, ground, cube).contacts).toHaveLength(0);
    const keeper = world.bodyOverlapKeeper;
    expect(keeper.current).toContain(keeper.getKey(ground.id, cube.id));
  });

  it('kinematic against static within the speculative margin but apart: no overlap recorded', () => {
    const world = new World();
    const ground = floor();
    const ball = new Body({
      type: Body.KINEMATIC,
      shape: new Sphere(0.5),
      position: new Vec3(0, 0.501, 0),
    });
    world.addBody(ground);
    world.addBody(ball);
    useContactkit(world);
    equationsOf(world, ground, ball);
    expect(world.bodyOverlapKeeper.current).toHaveLength(0);
    ball.position.y = 0.4999;
    equationsOf(world, ground, ball);
    expect(world.bodyOverlapKeeper.current).toHaveLength(1);
  });

  it('follows a shape resized in place (cannon-es lets a user change radius or halfExtents)', () => {
    const world = new World();
    const [a, b] = HAND_CASES[0]!.make();
    world.addBody(a);
    world.addBody(b);
    useContactkit(world);
    expect(gap(equationsOf(world, a, b).contacts[0]!)).toBeCloseTo(-0.2, 12);
    (b.shapes[0] as Sphere).radius = 0.6;
    expect(gap(equationsOf(world, a, b).contacts[0]!)).toBeCloseTo(-0.3, 12);
  });
});

describe('convex polyhedra and cylinders: one ConvexHull per shape', () => {
  it('is built on the first call and reused while the vertices stay as they were', () => {
    const cache = new ShapeCache();
    const cylinder = new Cylinder(0.5, 0.5, 1, 8);
    const first = cache.posed(cylinder, new Vec3(1, 2, 3), new Quaternion(), 0);
    const again = cache.posed(cylinder, new Vec3(0, 0, 0), new Quaternion(), 0);
    expect(again).toBe(first);
    // Two rings of 8, caps of 8 corners, 8 side faces.
    expect(first).toBeInstanceOf(ConvexHull);
    expect((first as ConvexHull).vertexCount).toBe(16);
    expect((first as ConvexHull).faceCount).toBe(10);
    // Another shape with equal vertices gets its own hull.
    expect(cache.posed(new Cylinder(0.5, 0.5, 1, 8), new Vec3(), new Quaternion(), 0)).not.toBe(
      first,
    );
  });

  it('is built anew when a vertex was moved in place, and the contacts follow', () => {
    const world = new World();
    const ground = floor();
    const cube = body(cubeHull(0.5), new Vec3(0, 0.45, 0));
    world.addBody(ground);
    world.addBody(cube);
    useContactkit(world);
    expect(equationsOf(world, ground, cube).contacts.map(gap)).toEqual(
      [-0.05, -0.05, -0.05, -0.05].map((g) => expect.closeTo(g, 12)),
    );
    // One bottom corner pulled 0.1 further down: it alone touches, 0.15 deep.
    const corner = (cube.shapes[0] as ConvexPolyhedron).vertices.find((v) =>
      v.x < 0 && v.y < 0 && v.z < 0
    )!;
    corner.y -= 0.1;
    const after = equationsOf(world, ground, cube).contacts.map(gap).sort((x, y) => x - y);
    expect(after[0]).toBeCloseTo(-0.15, 12);
    expect(after).toHaveLength(4);
    // And back: the hull of the original corners again.
    corner.y += 0.1;
    expect(equationsOf(world, ground, cube).contacts.map(gap)).toEqual(
      [-0.05, -0.05, -0.05, -0.05].map((g) => expect.closeTo(g, 12)),
    );
  });

  it("a polyhedron moved in place to a flat one throws the hull's RangeError during the step, naming it", () => {
    const world = new World();
    const ground = floor();
    const cube = body(cubeHull(0.5), new Vec3(0, 0.45, 0));
    world.addBody(ground);
    world.addBody(cube);
    useContactkit(world);
    for (const v of (cube.shapes[0] as ConvexPolyhedron).vertices) v.y = 0;
    expect(() => equationsOf(world, ground, cube)).toThrow(RangeError);
    expect(() => equationsOf(world, ground, cube)).toThrow(/ConvexHull\.fromPoints\(points\)/);
  });
});

describe("boxes and convex polyhedra on dynamic heightfields stay cannon-es's own", () => {
  // cannon-es's boxHeightfield and convexHeightfield call its convexHeightfield and convexConvex
  // entries with a pillar polyhedron per cell: those calls must reach cannon-es's methods. (On a
  // static heightfield these pairs are contactkit's: mesh-pairs.test.ts.)
  function terrain(): Body {
    const heights = [[0, 0.2, 0.1], [0.3, 0, 0.2], [0.1, 0.2, 0]];
    const ground = new Body({ mass: 1, shape: new Heightfield(heights, { elementSize: 1 }) });
    ground.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
    ground.position.set(-1, 0, 1);
    return ground;
  }

  it.each([
    ['a box', () => new Box(new Vec3(0.4, 0.3, 0.5))],
    ['a convex polyhedron', () => cubeHull(0.4)],
    ['a cylinder', () => new Cylinder(0.3, 0.3, 0.8, 8)],
  ])('%s on a heightfield: the equations cannon-es makes, bit for bit', (_name, shape) => {
    const make = () => {
      const world = new World();
      const ground = terrain();
      const thing = body(
        shape(),
        new Vec3(0.1, 0.45, -0.2),
        new Quaternion().setFromEuler(0.1, 0.2, 0.3),
      );
      world.addBody(ground);
      world.addBody(thing);
      return { world, ground, thing };
    };
    const native = make();
    const expected = equationsOf(native.world, native.ground, native.thing).contacts;
    const adapted = make();
    useContactkit(adapted.world);
    const actual = equationsOf(adapted.world, adapted.ground, adapted.thing).contacts;
    expect(expected.length).toBeGreaterThan(0);
    const fields = (e: ContactEquation) => [
      ...e.ni.toArray(),
      ...e.ri.toArray(),
      ...e.rj.toArray(),
      e.si === e.bi.shapes[0],
      e.sj === e.bj.shapes[0],
      e.bi === native.ground || e.bi === adapted.ground,
    ];
    expect(actual.map(fields)).toEqual(expected.map(fields));
  });
});

describe('the dispatch reaches contactkit', () => {
  it.each(PAIRS.map((entry) => [String(entry.key), entry]))(
    "%s: cannon-es's numeric getter for its type bits returns contactkit's function",
    (_key, { key, types }) => {
      const world = new World();
      const slots = world.narrowphase as unknown as Record<string | number, unknown>;
      const native = slots[types[0] | types[1]];
      expect(native).toBe(slots[key]);
      const handle = useContactkit(world);
      const installed = slots[key];
      expect(installed).not.toBe(native);
      expect(slots[types[0] | types[1]]).toBe(installed);
      expect(isBridged(types[0]) && isBridged(types[1])).toBe(true);
      handle.dispose();
      expect(slots[types[0] | types[1]]).toBe(native);
    },
  );
});

describe('dispose', () => {
  function snapshot(bodies: readonly Body[]): number[] {
    return bodies.flatMap((b) => [...b.position.toArray(), ...b.quaternion.toArray()]);
  }

  it('restores the narrowphase: the own properties it had, and no others', () => {
    const world = new World();
    const before = Object.getOwnPropertyNames(world.narrowphase);
    const mine = function boxBox() {};
    (world.narrowphase as unknown as Record<string, unknown>)['boxBox'] = mine;
    const handle = useContactkit(world);
    expect(world.narrowphase.boxBox).not.toBe(mine);
    const prototype = Object.getPrototypeOf(world.narrowphase) as typeof world.narrowphase;
    expect(world.narrowphase.sphereBox).not.toBe(prototype.sphereBox);
    handle.dispose();
    expect(handle.disposed).toBe(true);
    expect(world.narrowphase.boxBox).toBe(mine);
    expect(world.narrowphase.sphereBox).toBe(prototype.sphereBox);
    expect(Object.getOwnPropertyNames(world.narrowphase)).toEqual([...before, 'boxBox']);
    handle.dispose();
    expect(world.narrowphase.boxBox).toBe(mine);
  });

  it('puts back the very functions cannon-es had under every key, and takes the capsule keys away', () => {
    const world = new World();
    const slots = world.narrowphase as unknown as Record<string | number, unknown>;
    const names = Object.getOwnPropertyNames(world.narrowphase);
    const before = PAIRS.map(({ key, types }) => [slots[key], slots[types[0] | types[1]]]);
    const handle = useContactkit(world);
    PAIRS.forEach(({ key }, i) => expect(slots[key]).not.toBe(before[i]![0]));
    handle.dispose();
    PAIRS.forEach(({ key, types }, i) => {
      expect(slots[key]).toBe(before[i]![0]);
      expect(slots[types[0] | types[1]]).toBe(before[i]![1]);
    });
    expect(Object.getOwnPropertyNames(world.narrowphase)).toEqual(names);
    for (const { key } of PAIRS) {
      if (typeof key === 'number') expect(key in world.narrowphase).toBe(false);
    }
  });

  it('after dispose a CapsuleShape collides with nothing: it falls through the floor', () => {
    const world = new World({ gravity: new Vec3(0, -9.82, 0) });
    const ground = floor();
    const capsule = body(new CapsuleShape(0.2, 0.5), new Vec3(0, 0.25, 0), lying.clone());
    world.addBody(ground);
    world.addBody(capsule);
    const handle = useContactkit(world);
    for (let step = 0; step < 30; step++) world.step(1 / 60);
    expect(capsule.position.y).toBeGreaterThan(0.19);
    handle.dispose();
    for (let step = 0; step < 30; step++) world.step(1 / 60);
    expect(capsule.position.y).toBeLessThan(-0.5);
  });

  it('a hull pile whose adapter was disposed steps bit for bit as one that never had it', () => {
    const native = buildPile('hulls');
    const disposed = buildPile('hulls');
    useContactkit(disposed.world).dispose();
    for (let step = 0; step < 90; step++) {
      native.world.step(1 / 60);
      disposed.world.step(1 / 60);
      expect(snapshot(disposed.bodies)).toEqual(snapshot(native.bodies));
    }
  }, 60_000);

  it('a world whose adapter was disposed steps bit for bit as one that never had it', () => {
    const native = buildScene('pyramid');
    const disposed = buildScene('pyramid');
    useContactkit(disposed.world).dispose();
    for (let step = 0; step < 120; step++) {
      native.world.step(1 / 60);
      disposed.world.step(1 / 60);
      expect(snapshot(disposed.bodies)).toEqual(snapshot(native.bodies));
    }
  }, 60_000);

  it(
    'after stepping with contactkit, dispose hands the world back to cannon-es bit for bit',
    () => {
      const adapted = buildScene('planks');
      const handle = useContactkit(adapted.world);
      for (let step = 0; step < 60; step++) adapted.world.step(1 / 60);
      handle.dispose();
      // A fresh native world with the same bodies in the same states.
      const fresh = buildScene('planks');
      fresh.bodies.forEach((b, i) => {
        const from = adapted.bodies[i]!;
        b.position.copy(from.position);
        b.quaternion.copy(from.quaternion);
        b.velocity.copy(from.velocity);
        b.angularVelocity.copy(from.angularVelocity);
        b.updateInertiaWorld(true);
        b.aabbNeedsUpdate = true;
      });
      const movedApart = snapshot(adapted.bodies);
      expect(snapshot(fresh.bodies)).toEqual(movedApart);
      for (let step = 0; step < 60; step++) {
        adapted.world.step(1 / 60);
        fresh.world.step(1 / 60);
        expect(snapshot(adapted.bodies)).toEqual(snapshot(fresh.bodies));
      }
    },
    60_000,
  );
});

describe('speculative contacts (speculativeMargin)', () => {
  function ballAbove(height: number, margin?: number) {
    const world = new World();
    const ground = floor();
    const ball = body(new Sphere(0.5), new Vec3(0.3, 0.5 + height, -0.2));
    world.addBody(ground);
    world.addBody(ball);
    useContactkit(world, margin === undefined ? {} : { speculativeMargin: margin });
    return equationsOf(world, ball, ground);
  }

  it('a ball 1 mm above the floor: one equation with the gap, no friction (default margin 2 mm)', () => {
    const { contacts, friction } = ballAbove(0.001);
    expect(contacts).toHaveLength(1);
    expect(gap(contacts[0]!)).toBeCloseTo(0.001, 12);
    expect(friction).toHaveLength(0);
  });

  it('3 mm above, or 1 mm above with the margin 0: nothing; touching: friction as before', () => {
    expect(ballAbove(0.003).contacts).toHaveLength(0);
    expect(ballAbove(0.001, 0).contacts).toHaveLength(0);
    const touching = ballAbove(-0.001);
    expect(touching.contacts).toHaveLength(1);
    expect(touching.friction).toHaveLength(2);
  });

  it("a touching pair's contacts a hair apart keep their friction: a cube tipped 1 mm", () => {
    const world = new World();
    const ground = floor();
    // Turned about z so its -x bottom corners sit 1 mm higher than its +x ones, which touch.
    const tilt = Math.asin(0.001);
    const cube = body(
      new Box(new Vec3(0.5, 0.5, 0.5)),
      new Vec3(0, 0, 0),
      new Quaternion().setFromEuler(0, 0, tilt),
    );
    cube.position.y = 0.5 * Math.cos(tilt) + 0.5 * Math.sin(tilt) - 1e-5;
    world.addBody(ground);
    world.addBody(cube);
    useContactkit(world);
    const { contacts, friction } = equationsOf(world, ground, cube);
    expect(contacts.map((e) => Math.sign(gap(e)))).toEqual([1, 1, -1, -1]);
    expect(friction).toHaveLength(8);
  });
});

describe('useContactkit rejects bad input and changes nothing', () => {
  it('a world without a narrowphase: TypeError naming it', () => {
    expect(() => useContactkit({} as World)).toThrow(TypeError);
    expect(() => useContactkit(null as unknown as World)).toThrow(
      /world must be a cannon-es World/,
    );
  });

  it.each([0, 9, 2.5, Number.NaN])('maxContactsPerPair %s: RangeError naming it', (value) => {
    const world = new World();
    expect(() => useContactkit(world, { maxContactsPerPair: value })).toThrow(
      new RangeError(
        `useContactkit options.maxContactsPerPair must be an integer from 1 to 8, got ${value}`,
      ),
    );
    expect(Object.getOwnPropertyNames(world.narrowphase)).not.toContain('boxBox');
  });

  it.each([-0.001, Number.NaN, Number.POSITIVE_INFINITY, '0.002'])(
    'speculativeMargin %s: RangeError naming it',
    (value) => {
      const world = new World();
      expect(() => useContactkit(world, { speculativeMargin: value as number })).toThrow(
        new RangeError(
          `useContactkit options.speculativeMargin must be a finite number at least 0, got ${value}`,
        ),
      );
      expect(Object.getOwnPropertyNames(world.narrowphase)).not.toContain('boxBox');
    },
  );

  it('options that are not an object: TypeError', () => {
    expect(() => useContactkit(new World(), 4 as never)).toThrow(TypeError);
  });

  it('a second install on the same world is refused until the first is disposed', () => {
    const world = new World();
    const first = useContactkit(world);
    const installed = world.narrowphase.boxBox;
    expect(() => useContactkit(world)).toThrow(/already installed/);
    expect(world.narrowphase.boxBox).toBe(installed);
    first.dispose();
    useContactkit(world).dispose();
  });
});
