/**
 * `useContactkit(world)`: contactkit as the narrowphase of a cannon-es world, for the pairs it
 * answers (pairs.ts), switched on by installing one function per pair on `world.narrowphase` and
 * off by taking them away again.
 *
 * Each installed function is called by cannon-es's own `getContacts`, after its collision filter
 * and bounding-sphere tests, with the two shapes' world poses (body pose times shape offset and
 * orientation). It poses the cached contactkit shapes, collides them into one reused
 * `CollisionData` and turns each contact into a cannon-es `ContactEquation` made by cannon-es's
 * own `createContactEquation` (its pool, its contact material, restitution and
 * `collisionResponse`), with friction from cannon-es's own `createFrictionEquationsFromContact`,
 * or `createFrictionFromAverage` when `enableFrictionReduction` is set. The world's contact events
 * (`collide`, `beginContact`, `endContact`, ...) come from those equations, as before.
 */
import { CollisionData, collide, PairCache, type PairCacheOptions } from '@contactkit/contacts3d';
import {
  Body,
  type Narrowphase,
  type Quaternion,
  type Shape,
  type Vec3,
  type World,
} from 'cannon-es';
import { PairCaches } from './pair-caches.js';
import { PAIRS, type PairEntry } from './pairs.js';
import { ShapeCache } from './shape-bridges.js';

/** Settings of `useContactkit`; every field is optional. */
export interface UseContactkitOptions {
  /**
   * Most contact equations one pair of shapes gives cannon-es's solver, an integer from 1 to 8
   * (default 8, contactkit's full box-box manifold; cannon-es's own clipping gives up to 8 as
   * well). A smaller number reduces a manifold to its deepest point and the points spanning the
   * largest area, as Bullet and Box2D reduce theirs: less work for the solver, but on cannon-es's
   * default 10 iterations a tower of yawed planks then rocks more (see the README).
   */
  maxContactsPerPair?: number;
  /**
   * How far apart, in the world's length unit, two shapes may be and still get contact equations
   * (speculative contacts), a finite number at least 0 (default 0.002, which is 2 mm in a world in
   * metres; 0 gives equations only to shapes that touch, as cannon-es's own narrowphase does).
   * cannon-es's solver treats an equation with a gap as a soft limit on how fast the gap may
   * close, so a resting contact that flickers between touching and a hair apart keeps its
   * equation instead of dropping out and landing again every few steps: measured on a pile of 20
   * convex polyhedra, the mean angular speed at 10 s falls from 0.105 to 0.023 rad/s (see the
   * README). An equation whose pair does not touch gets no friction equations (cannon-es bounds
   * friction by a force that does not depend on the load: friction across a gap would act at a
   * distance). The pair counts as in contact for cannon-es's events while within the margin.
   */
  speculativeMargin?: number;
  /**
   * A `CollisionData` of the caller's that receives, at every step, the contacts contactkit made
   * equations of in that step: each pair's contacts in contactkit's conventions (normal from the
   * second body toward the first, point halfway between the witness points, `kind`, `featureId`),
   * with `firstBody` and `secondBody` the cannon-es bodies, speculative ones (`speculativeMargin`)
   * with their negative penetration. The adapter empties it at the start of
   * each step that meets a pair (and after a step that met none), so after `world.step` it holds
   * that step's whole contact set: a page can draw it, and a contact keeps its `featureId` while
   * the same features stay in touch. When its capacity is too small the contacts that fit are
   * kept and `overflowed` is set; the solver still gets every equation. Its `friction`,
   * `restitution`, `tolerance` and `maxContactsPerPair` are not used (the equations' materials
   * stay cannon-es's). Pairs cannon-es answers itself (particles, a plane against a trimesh,
   * dynamic trimeshes and heightfields) are not in it.
   */
  record?: CollisionData<Body>;
  /**
   * One contactkit `PairCache` per pair of shapes, off unless given: `true` for the cache of the
   * separating axis alone (the contacts, and so the simulation, are exactly those without it), or
   * the options of each `new PairCache(options)`, `{ recycle: true }` or `{ recycle: { distance,
   * angle } }` to reuse a pair's last contacts while it barely moved (not exact: the bounds are
   * in contacts3d's README, "Frame coherence"). A pair's cache is made when cannon-es's
   * broadphase first hands the pair to the narrowphase and forgotten after the first step that
   * does not (it left the broadphase, or a body was removed), so the caches never outgrow the
   * pairs of one step (`ContactkitHandle.cachedPairs`).
   */
  pairCache?: boolean | PairCacheOptions;
}

/** What `useContactkit` returns: the switch back to cannon-es's own narrowphase. */
export interface ContactkitHandle {
  /**
   * Puts back every narrowphase entry contactkit replaced exactly as it was before
   * `useContactkit` (an own property the world had is restored, one it did not have is deleted),
   * so the world then steps bit for bit as one that never had contactkit. Calling it again does
   * nothing.
   */
  dispose(): void;
  /** Whether `dispose` has been called. */
  readonly disposed: boolean;
  /**
   * How many pairs of shapes hold a `PairCache` (`UseContactkitOptions.pairCache`; 0 without it
   * and after `dispose`): after a step, the pairs the broadphase handed the narrowphase in it.
   */
  readonly cachedPairs: number;
}

/** The signature cannon-es calls a narrowphase pair entry with (Narrowphase.getContacts). */
type PairMethod = (
  this: Narrowphase,
  si: Shape,
  sj: Shape,
  xi: Vec3,
  xj: Vec3,
  qi: Quaternion,
  qj: Quaternion,
  bi: Body,
  bj: Body,
  rsi?: Shape | null,
  rsj?: Shape | null,
  justTest?: boolean,
  faceListA?: number[] | null,
  faceListB?: number[] | null,
) => boolean | void;

const DYNAMIC = Body.DYNAMIC;

/** `UseContactkitOptions.speculativeMargin` when not given. */
const DEFAULT_SPECULATIVE_MARGIN = 0.002;

/**
 * A contact at least this deep (this far apart at most) touches: cannon-es's own convex clipping
 * keeps a point as a contact while its depth under the other face is at most 1e-6
 * (ConvexPolyhedron.clipFaceAgainstHull), so a pair exactly touching up to round-off touches.
 */
const TOUCHING = -1e-6;

/** Whether any of the first `count` contacts of `data` touches (see `TOUCHING`). */
function touches(data: CollisionData, count: number): boolean {
  for (let k = 0; k < count; k++) if (data.contacts[k]!.penetration >= TOUCHING) return true;
  return false;
}

/** Narrowphases that have contactkit installed: a second `useContactkit` on one is refused. */
const installed = new WeakSet<Narrowphase>();

/**
 * Replaces cannon-es's narrowphase with contactkit for the pairs of `world` (a cannon-es 0.20
 * `World`) among spheres, boxes, planes, convex polyhedra, cylinders and `CapsuleShape`s, and for
 * each of those but planes against a `Trimesh` or `Heightfield` on a static or kinematic body;
 * every other pair (particles, a plane against a trimesh, a dynamic trimesh or heightfield)
 * stays cannon-es's own. A cannon-es `Plane` is
 * contactkit's `HalfSpace` (solid below its surface, as cannon-es treats it); a
 * `ConvexPolyhedron` or `Cylinder` is contactkit's `ConvexHull` of its vertices, built once per
 * shape and again when its vertices change; a `Trimesh` is contactkit's two-sided `TriangleMesh`
 * and a `Heightfield` its `Heightfield` of the same surface, each rebuilt when its data changes
 * (compared once per step). Returns the handle whose `dispose()` restores cannon-es exactly (and from
 * then on a `CapsuleShape` collides with nothing: cannon-es has no method for it).
 *
 * Throws a TypeError, changing nothing, when `world` has no narrowphase, `options` is not an
 * object, `options.record` is not a `CollisionData` or `options.pairCache` is neither a boolean
 * nor an object; a RangeError for a `maxContactsPerPair` that is not an integer from 1 to 8, a
 * `speculativeMargin` that is not a finite number at least 0 or a recycling threshold of
 * `options.pairCache` that is not a finite number > 0; an Error when contactkit is already
 * installed on this world (dispose that handle first).
 */
export function useContactkit(world: World, options: UseContactkitOptions = {}): ContactkitHandle {
  const narrowphase = (world as Partial<World> | null | undefined)?.narrowphase;
  if (typeof narrowphase !== 'object' || narrowphase === null) {
    throw new TypeError(
      `useContactkit(world): world must be a cannon-es World with a narrowphase, got ${
        String(world)
      }`,
    );
  }
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`useContactkit(world, options): options must be an object, got ${options}`);
  }
  const maxContactsPerPair = options.maxContactsPerPair ?? 8;
  if (!Number.isInteger(maxContactsPerPair) || maxContactsPerPair < 1 || maxContactsPerPair > 8) {
    throw new RangeError(
      `useContactkit options.maxContactsPerPair must be an integer from 1 to 8, got ${maxContactsPerPair}`,
    );
  }
  const speculativeMargin = options.speculativeMargin ?? DEFAULT_SPECULATIVE_MARGIN;
  if (
    typeof speculativeMargin !== 'number' || !Number.isFinite(speculativeMargin) ||
    speculativeMargin < 0
  ) {
    throw new RangeError(
      `useContactkit options.speculativeMargin must be a finite number at least 0, got ${
        String(speculativeMargin)
      }`,
    );
  }
  const record = options.record;
  if (record !== undefined && !(record instanceof CollisionData)) {
    throw new TypeError(
      `useContactkit options.record must be a CollisionData from @contactkit/contacts3d, got ${
        String(record)
      }`,
    );
  }
  const pairCache = options.pairCache ?? false;
  let cacheOptions: PairCacheOptions | undefined;
  if (pairCache === true) cacheOptions = {};
  else if (typeof pairCache === 'object' && pairCache !== null) {
    try {
      // One made and dropped: PairCache checks its options, naming the field and the value.
      new PairCache(pairCache);
    } catch (error) {
      const Kind = error instanceof RangeError ? RangeError : TypeError;
      throw new Kind(`useContactkit options.pairCache: ${(error as Error).message}`);
    }
    cacheOptions = pairCache;
  } else if (pairCache !== false) {
    throw new TypeError(
      `useContactkit options.pairCache must be a boolean or PairCache options, got ${
        String(pairCache)
      }`,
    );
  }
  if (installed.has(narrowphase)) {
    throw new Error(
      'useContactkit(world): contactkit is already installed on this world; dispose that handle first',
    );
  }

  // One buffer for every pair: each call fills it and turns it into equations before returning.
  const data = new CollisionData({ capacity: 8, maxContactsPerPair, tolerance: speculativeMargin });
  const cache = new ShapeCache();
  // The step whose contacts `record` holds: cannon-es's World.internalStep increments
  // `stepnumber` after the narrowphase, so every pair of one step sees the same number.
  let recordedStep = -1;
  const startRecording = (): void => {
    if (record === undefined || recordedStep === world.stepnumber) return;
    record.reset();
    recordedStep = world.stepnumber;
  };
  // A step that met no pair never calls `pair`: empty the record after it (postStep comes after
  // `stepnumber` was incremented, so the step that ran is `stepnumber - 1`).
  const afterStep = (): void => {
    if (recordedStep === world.stepnumber - 1) return;
    record!.reset();
    recordedStep = world.stepnumber - 1;
  };
  if (record !== undefined) world.addEventListener('postStep', afterStep);
  const caches = cacheOptions === undefined ? null : new PairCaches(cacheOptions);
  // After a step (postStep comes after `stepnumber` was incremented): forget the pairs it did
  // not meet.
  const sweepCaches = (): void => caches!.sweep(world.stepnumber - 1);
  if (caches !== null) world.addEventListener('postStep', sweepCaches);
  const pair = (
    si: Shape,
    sj: Shape,
    xi: Vec3,
    xj: Vec3,
    qi: Quaternion,
    qj: Quaternion,
    bi: Body,
    bj: Body,
    justTest: boolean | undefined,
    narrowphase: Narrowphase,
  ): true | undefined => {
    const first = cache.posed(si, xi, qi, world.stepnumber);
    const second = cache.posed(sj, xj, qj, world.stepnumber);
    data.reset();
    const count = caches === null ? collide(first, second, data) : collide(
      first,
      second,
      data,
      caches.get(si, sj, world.stepnumber, cache.resizes(si), cache.resizes(sj)),
    );
    if (count === 0) return;
    // cannon-es's kinematic-static overlap test asks whether the shapes touch, not whether they are near.
    if (justTest) return touches(data, count) ? true : undefined;
    if (record !== undefined) {
      startRecording();
      copyContacts(data, count, record, bi, bj);
    }
    addEquations(narrowphase, data, count, bi, bj, si, sj);
    return true;
  };
  /**
   * The entry installed under one key. `getContacts` hands an entry the pair's two shapes and the
   * same two again as the override shapes `rsi` and `rsj`. cannon-es also calls its convex entries
   * from inside its heightfield pairs, with a pillar polyhedron it reshapes for every cell and
   * other override shapes (Narrowphase.sphereHeightfield, convexHeightfield): those calls go on
   * to the method cannon-es had, so what cannon-es does inside its own heightfield pairs stays
   * exactly cannon-es's. A pair against a trimesh or heightfield (`staticType`) whose mesh is on a
   * dynamic body goes to cannon-es's method too.
   */
  const entryFor = (cannonMethod: PairMethod | undefined, { staticType }: PairEntry): PairMethod =>
    function contactkitPair(
      si,
      sj,
      xi,
      xj,
      qi,
      qj,
      bi,
      bj,
      rsi,
      rsj,
      justTest,
      faceListA,
      faceListB,
    ) {
      const ours = (rsi === si && rsj === sj) || (rsi === sj && rsj === si);
      if (
        ours && (staticType === undefined || (si.type === staticType ? bi : bj).type !== DYNAMIC)
      ) {
        return pair(si, sj, xi, xj, qi, qj, bi, bj, justTest, this);
      }
      return cannonMethod?.call(
        this,
        si,
        sj,
        xi,
        xj,
        qi,
        qj,
        bi,
        bj,
        rsi,
        rsj,
        justTest,
        faceListA,
        faceListB,
      );
    };

  const slots = narrowphase as unknown as Record<string | number, unknown>;
  const saved = PAIRS.map(({ key }) => Object.getOwnPropertyDescriptor(narrowphase, key));
  for (const entry of PAIRS) {
    Object.defineProperty(narrowphase, entry.key, {
      value: entryFor(slots[entry.key] as PairMethod | undefined, entry),
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
  installed.add(narrowphase);

  let disposed = false;
  return {
    dispose() {
      if (disposed) return;
      disposed = true;
      PAIRS.forEach(({ key }, i) => {
        const before = saved[i];
        if (before === undefined) delete slots[key];
        else Object.defineProperty(narrowphase, key, before);
      });
      installed.delete(narrowphase);
      if (record !== undefined) world.removeEventListener('postStep', afterStep);
      if (caches !== null) {
        world.removeEventListener('postStep', sweepCaches);
        caches.clear();
      }
    },
    get disposed() {
      return disposed;
    },
    get cachedPairs() {
      return caches?.size ?? 0;
    },
  };
}

/**
 * Appends the first `count` contacts of `data` to `record` with the cannon-es bodies `first` and
 * `second`, as many as fit; when some do not, sets `record.overflowed` (nothing dropped silently).
 */
function copyContacts(
  data: CollisionData,
  count: number,
  record: CollisionData<Body>,
  first: Body,
  second: Body,
): void {
  const fits = Math.min(count, record.contactsLeft);
  if (fits < count) record.overflowed = true;
  for (let k = 0; k < fits; k++) {
    const from = data.contacts[k]!;
    const to = record.contacts[record.contactCount++]!;
    to.firstBody = first;
    to.secondBody = second;
    to.friction = from.friction;
    to.restitution = from.restitution;
    to.point.set(from.point);
    to.normal.set(from.normal);
    to.penetration = from.penetration;
    to.kind = from.kind;
    to.featureId = from.featureId;
  }
}

/** Contact indices in the order they become equations (see `solverOrder`). */
const order = new Int32Array(8);

/**
 * Fills `order` with the indices of the first `count` contacts of `data` from the shallowest to
 * the deepest (ties keep contactkit's order): cannon-es's Gauss-Seidel solver sweeps the
 * equations in the order they are added, and the one it visits last in a sweep is the one left
 * exactly solved, so the deepest point goes last. Measured on the scenes of scenes.test.ts with
 * cannon-es's default 10 iterations: a stack of 6 cubes drifts 0.5 cm in 10 s instead of 31 cm
 * (cannon-es's own narrowphase: 35 cm), and a tower of 8 yawed planks stands instead of falling
 * within 7 s. An insertion sort: at most 8 contacts.
 */
function solverOrder(data: CollisionData, count: number): void {
  for (let k = 0; k < count; k++) {
    const depth = data.contacts[k]!.penetration;
    let slot = k;
    while (slot > 0 && data.contacts[order[slot - 1]!]!.penetration > depth) {
      order[slot] = order[slot - 1]!;
      slot--;
    }
    order[slot] = k;
  }
}

/**
 * Turns the `count` contacts of `data` between shape `si` of body `bi` (contactkit's first shape)
 * and `sj` of `bj` into cannon-es equations on the narrowphase's result lists, the shallowest
 * first (`solverOrder`). The equation's `si` is always the shape of its `bi`, as cannon-es's box
 * pairs name them (its sphere pairs pass `getContacts`' own order through as the override shapes,
 * which names them the other way round when `getContacts` swapped the pair).
 *
 * cannon-es's convention (ContactEquation.computeB): `ni` is the unit normal from body i toward
 * body j, `ri` and `rj` the contact points on each body relative to its centre of mass (its
 * `position`), and the gap `(xj + rj - xi - ri) . ni` is negative when the bodies overlap.
 * contactkit's normal points from the second shape toward the first, so `ni = -normal`; its
 * witness points are `point -/+ normal * penetration / 2` on the first and second shape, which
 * makes the gap exactly `-penetration`: positive for a speculative contact, whose equation cannon-es's
 * solver (SPOOK, GSSolver) leaves at zero force unless the gap would close faster than about a
 * third of it per step.
 */
function addEquations(
  narrowphase: Narrowphase,
  data: CollisionData,
  count: number,
  bi: Body,
  bj: Body,
  si: Shape,
  sj: Shape,
): void {
  const averageFriction = narrowphase.enableFrictionReduction;
  // Friction only for a pair that touches; then for each of its contacts, as cannon-es makes it
  // for every contact of a manifold (a point of a touching pair a hair off the surface, the back
  // corners of a box tipping as it slides, keeps its friction as it would with no margin).
  const friction = touches(data, count);
  const xi = bi.position, xj = bj.position;
  solverOrder(data, count);
  for (let k = 0; k < count; k++) {
    const contact = data.contacts[order[k]!]!;
    const p = contact.point, n = contact.normal, half = contact.penetration / 2;
    const px = p[0]!, py = p[1]!, pz = p[2]!, nx = n[0]!, ny = n[1]!, nz = n[2]!;
    const equation = narrowphase.createContactEquation(bi, bj, si, sj);
    // Field by field, not `Vec3.set` (PERFORMANCE.md: doubles cross calls in arrays or fields; 3 KB a step
    // on the stack of cubes).
    const ni = equation.ni, ri = equation.ri, rj = equation.rj;
    ni.x = -nx;
    ni.y = -ny;
    ni.z = -nz;
    ri.x = px - nx * half - xi.x;
    ri.y = py - ny * half - xi.y;
    ri.z = pz - nz * half - xi.z;
    rj.x = px + nx * half - xj.x;
    rj.y = py + ny * half - xj.y;
    rj.z = pz + nz * half - xj.z;
    narrowphase.result.push(equation);
    if (friction && !averageFriction) {
      narrowphase.createFrictionEquationsFromContact(equation, narrowphase.frictionResult);
    }
  }
  // cannon-es's friction reduction: two friction equations for the whole manifold, at the average
  // of its points and normals (Narrowphase.createFrictionFromAverage reads the last `count` results).
  if (friction && averageFriction) narrowphase.createFrictionFromAverage(count);
}
