/**
 * `useContactkit(world, { pairCache })`: one contactkit `PairCache` per pair of shapes, exact
 * without recycling, within contactkit's stated bounds with it, reset when a shape is resized,
 * and forgotten when its pair leaves the broadphase.
 */
import {
  Box as KitBox,
  collide,
  CollisionData,
  DEFAULT_RECYCLE_ANGLE,
  DEFAULT_RECYCLE_DISTANCE,
  HalfSpace,
} from '@contactkit/contacts3d';
import { Random } from '@contactkit/test-support';
import { Body, Box, Plane, Vec3, World } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { convexPolyhedronFromPoints } from './convex-polyhedron.js';
import { buildPile, buildScene, type Scene } from './test-support/scenes.js';
import { useContactkit, type UseContactkitOptions } from './use-contactkit.js';

const TIMEOUT = 60_000;

/**
 * Each recorded contact of a step, every field, in the order the adapter wrote them; the bodies
 * by their place in the world (their ids differ from world to world).
 */
function contactsOf(record: CollisionData<Body>, world: World): number[][] {
  return record.contacts.slice(0, record.contactCount).map((contact) => [
    world.bodies.indexOf(contact.firstBody!),
    world.bodies.indexOf(contact.secondBody!),
    ...contact.point,
    ...contact.normal,
    contact.penetration,
    contact.featureId,
  ]);
}

/** Runs `scene` with contactkit for `steps` steps, returning every step's contacts and final poses. */
function run(scene: Scene, steps: number, options: UseContactkitOptions) {
  const record = new CollisionData<Body>({ capacity: 1024 });
  const handle = useContactkit(scene.world, { ...options, record });
  const contacts: number[][][] = [];
  let cached = 0;
  for (let step = 0; step < steps; step++) {
    scene.world.step(1 / 60);
    contacts.push(contactsOf(record, scene.world));
    cached = Math.max(cached, handle.cachedPairs);
  }
  const poses = scene.bodies.map((body) => [
    ...body.position.toArray(),
    ...body.quaternion.toArray(),
  ]);
  return { contacts, poses, cached, handle };
}

describe('pairCache without recycling: exactly the contacts without a cache', () => {
  it.each([
    ['the pyramid of 21 cubes (box-box, box-plane)', () => buildScene('pyramid')],
    ['the pile of 20 convex hulls (hull-hull, box-hull, hull-plane)', () => buildPile('hulls')],
  ])(
    '%s settling for 5 s: every contact of every step, and every pose, bit for bit',
    (_, build) => {
      const plain = run(build(), 300, {});
      const cached = run(build(), 300, { pairCache: true });
      expect(cached.cached).toBeGreaterThan(0);
      expect(plain.cached).toBe(0);
      expect(cached.contacts).toEqual(plain.contacts);
      expect(cached.poses).toEqual(plain.poses);
      // The caches are handed to the detectors: with recycling the same scene differs.
      const recycled = run(build(), 300, { pairCache: { recycle: true } });
      expect(recycled.contacts).not.toEqual(plain.contacts);
    },
    TIMEOUT,
  );
});

describe('pairCache with recycling (contacts3d README, "Frame coherence")', () => {
  it(
    'the pyramid settling for 10 s: no contact for a pair that does not touch, depths within ' +
      '2 Delta of the full computation, and it stands',
    () => {
      const scene = buildScene('pyramid');
      const record = new CollisionData<Body>({ capacity: 1024 });
      useContactkit(scene.world, { record, pairCache: { recycle: true } });
      // The pyramid's own shapes in contactkit, posed where the narrowphase saw them: cannon-es
      // fires preStep after the narrowphase and the solver, before it moves the bodies.
      const kit = new Map<Body, KitBox | HalfSpace>(
        scene.world.bodies.map((body) => [
          body,
          body.shapes[0] instanceof Plane
            ? new HalfSpace([0, 1, 0], 0)
            : new KitBox([0.5, 0.5, 0.5]),
        ]),
      );
      const full = new CollisionData<Body>({ capacity: 16, tolerance: 0.002 });
      // Delta = distance x size + angle x the larger bounding radius (unit cubes).
      const delta = DEFAULT_RECYCLE_DISTANCE * 0.5 + DEFAULT_RECYCLE_ANGLE * Math.sqrt(3) * 0.5;
      let worst = 0, differing = 0, pairs = 0;
      scene.world.addEventListener('preStep', () => {
        for (const [body, shape] of kit) {
          if (shape instanceof KitBox) {
            shape.setPose(body.position.toArray(), body.quaternion.toArray());
          }
        }
        const deepest = new Map<string, number>();
        for (let k = 0; k < record.contactCount; k++) {
          const { firstBody, secondBody, penetration } = record.contacts[k]!;
          const key = `${firstBody!.id} ${secondBody!.id}`;
          deepest.set(key, Math.max(deepest.get(key) ?? -Infinity, penetration));
        }
        for (const [key, recycledDepth] of deepest) {
          const [a, b] = key.split(' ').map(Number);
          const first = scene.world.bodies.find((body) => body.id === a)!;
          const second = scene.world.bodies.find((body) => body.id === b)!;
          full.reset();
          const count = collide(kit.get(first)!, kit.get(second)!, full);
          let fullDepth = -Infinity;
          for (let k = 0; k < count; k++) {
            fullDepth = Math.max(fullDepth, full.contacts[k]!.penetration);
          }
          // A recycled contact only while the shapes still touch (or are within the margin).
          expect(count).toBeGreaterThan(0);
          worst = Math.max(worst, Math.abs(recycledDepth - fullDepth));
          if (recycledDepth !== fullDepth) differing++;
          pairs++;
        }
      });
      const start = scene.bodies.map((body) => body.position.y);
      for (let step = 0; step < 600; step++) scene.world.step(1 / 60);
      expect(worst).toBeLessThanOrEqual(2 * delta);
      // Recycling happened: some pairs' deepest contact was not the full computation's.
      expect(differing).toBeGreaterThan(pairs / 10);
      scene.bodies.forEach((body, i) => expect(body.position.y).toBeGreaterThan(start[i]! - 0.1));
    },
    TIMEOUT,
  );

  it('a box resized in place on a polyhedron: its pair cache starts afresh', () => {
    // A box on a static slab given as a ConvexPolyhedron (box-convex-hull, which recycles).
    const world = new World({ gravity: new Vec3(0, -9.82, 0) });
    const corners = [-2, 2].flatMap((x) => [-0.2, 0].flatMap((y) => [-2, 2].map((z) => [x, y, z])));
    world.addBody(new Body({ mass: 0, shape: convexPolyhedronFromPoints(corners) }));
    const box = new Box(new Vec3(0.5, 0.5, 0.5));
    const crate = new Body({ mass: 1, shape: box, position: new Vec3(0, 0.5, 0) });
    world.addBody(crate);
    const record = new CollisionData<Body>({ capacity: 64 });
    useContactkit(world, { record, pairCache: { recycle: true } });
    for (let step = 0; step < 60; step++) world.step(1 / 60);
    // 10 cm taller below its centre: its bottom now 0.1 under the slab's top face.
    box.halfExtents.set(0.5, 0.6, 0.5);
    box.updateConvexPolyhedronRepresentation();
    box.updateBoundingSphereRadius();
    let deepest = 0;
    const deepestOfStep = () => {
      for (let k = 0; k < record.contactCount; k++) {
        deepest = Math.max(deepest, record.contacts[k]!.penetration);
      }
    };
    world.addEventListener('preStep', deepestOfStep);
    world.step(1 / 60);
    // The recycled contacts of the old size would be a hair deep; the new box is 0.1 m in.
    expect(deepest).toBeGreaterThan(0.09);
    expect(deepest).toBeLessThan(0.11);
  });
});

describe('pairCache: a pair that leaves the broadphase is forgotten', () => {
  it(
    'boxes dropped and removed for 1500 steps: the caches never outnumber the pairs of a step',
    () => {
      const world = new World({ gravity: new Vec3(0, -9.82, 0) });
      const floor = new Body({ mass: 0, shape: new Plane() });
      floor.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
      world.addBody(floor);
      const handle = useContactkit(world, { pairCache: { recycle: true } });
      const random = new Random(0xb0c5);
      const live: Body[] = [];
      let most = 0, made = 0;
      for (let step = 0; step < 1500; step++) {
        // A box every 10 steps, dropped over a 2 m square; the oldest goes when there are 8.
        if (step % 10 === 0) {
          const body = new Body({
            mass: 1,
            shape: new Box(new Vec3(0.3, 0.3, 0.3)),
            position: new Vec3(random.range(-1, 1), 1 + random.range(0, 1), random.range(-1, 1)),
          });
          world.addBody(body);
          live.push(body);
          made++;
          if (live.length > 8) world.removeBody(live.shift()!);
        }
        world.step(1 / 60);
        // At most every pair of the 9 bodies (8 boxes and the floor).
        expect(handle.cachedPairs).toBeLessThanOrEqual(9 * 8 / 2);
        most = Math.max(most, handle.cachedPairs);
      }
      // Every box met the floor: 150 boxes made at least 150 pairs, a handful kept at any time.
      expect(made).toBe(150);
      expect(most).toBeGreaterThan(7);
      for (const body of live) world.removeBody(body);
      world.step(1 / 60);
      expect(handle.cachedPairs).toBe(0);
      handle.dispose();
      expect(handle.cachedPairs).toBe(0);
    },
    TIMEOUT,
  );

  it('a box lifted off its neighbour: the pair is forgotten after the first step apart', () => {
    const { world, bodies } = buildScene('stack');
    const handle = useContactkit(world, { pairCache: true });
    world.step(1 / 60);
    // Six boxes: five box-box pairs and the bottom one on the floor, each met by the broadphase.
    const before = handle.cachedPairs;
    expect(before).toBeGreaterThanOrEqual(6);
    // The top box 10 m up, beyond every bounding sphere.
    bodies[5]!.position.y += 10;
    world.step(1 / 60);
    expect(handle.cachedPairs).toBe(before - 1);
  });
});

describe('pairCache option errors', () => {
  it.each([
    [{ pairCache: 'yes' }, TypeError, /options.pairCache must be a boolean/],
    [{ pairCache: { recycle: 'often' } }, TypeError, /options.pairCache: .*recycle/],
    [{ pairCache: { recycle: { distance: -1 } } }, RangeError, /options.pairCache: .*distance.*-1/],
  ])('%j throws and installs nothing', (options, kind, message) => {
    const world = new World();
    expect(() => useContactkit(world, options as UseContactkitOptions)).toThrow(kind);
    expect(() => useContactkit(world, options as UseContactkitOptions)).toThrow(message);
    // Nothing was installed: a valid call now succeeds.
    useContactkit(world).dispose();
  });
});
