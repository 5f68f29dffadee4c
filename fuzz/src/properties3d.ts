/**
 * The properties every 3D detector must have, each a small function of one configuration,
 * checked against the oracle (oracle3d.ts). All 3D pairs today are convex, so the depth
 * properties move the whole first shape along the normal. The shell is as in 2D (see
 * properties2d.ts): 1e-9 of the larger shape plus 1e-12 of the largest coordinate.
 */
import {
  type AnyPrimitive,
  Box,
  boxEdgeFeature,
  boxFaceFeature,
  boxVertexFeature,
  Capsule,
  collide,
  CollisionData,
  ConvexHull,
  Plane,
  Sphere,
} from '@contactkit/contacts3d';
import { firstFeatureOf, secondFeatureOf } from '@contactkit/math';
import { Random } from '@contactkit/test-support';
import type { Collide3, Config3, Detector3 } from './detectors3d.js';
import {
  contains3,
  depthLowerBound3,
  gap3,
  type Geometry3,
  surfaceDistance,
  translated3,
  type Vec3,
} from './oracle3d.js';
import { extentOf } from './oracle-hull3d.js';
import { buildPair3, geometry3, hullSlack3, moved3, reach3, scaled3, size3 } from './shapes3d.js';
import type { Property } from './suite.js';
import { finiteProblem } from './written.js';

/** The shell: 1e-9 of the larger shape plus 1e-12 of the largest coordinate. */
export function shell3(config: Config3): number {
  return 1e-9 * Math.max(size3(config.a), size3(config.b)) +
    1e-12 * Math.max(reach3(config.a), reach3(config.b));
}

/**
 * The shell where the oracle's geometry is compared with the detector's: `shell3` plus each
 * hull's slack (`hullSlack3`: a built hull may lie its build tolerance from the design's hull).
 * Comparisons of the detector with itself (symmetry, invariance) keep `shell3`.
 */
export function oracleShell3(config: Config3): number {
  return shell3(config) + hullSlack3(config.a) + hullSlack3(config.b);
}

/** A contact read out of the buffer. */
export interface Contact3Data {
  point: Vec3;
  normal: Vec3;
  penetration: number;
  featureId: number;
}

export interface Outcome3 {
  contacts: Contact3Data[];
  returned: number;
  error: unknown;
  shapes: [AnyPrimitive, AnyPrimitive] | null;
}

function read(data: CollisionData, from: number, to: number): Contact3Data[] {
  const out: Contact3Data[] = [];
  for (let i = from; i < to; i++) {
    const c = data.contacts[i]!;
    out.push({
      point: [c.point[0]!, c.point[1]!, c.point[2]!],
      normal: [c.normal[0]!, c.normal[1]!, c.normal[2]!],
      penetration: c.penetration,
      featureId: c.featureId,
    });
  }
  return out;
}

export function run3(collideFn: Collide3, config: Config3, swap = false): Outcome3 {
  let shapes: [AnyPrimitive, AnyPrimitive] | null = null;
  try {
    shapes = buildPair3(config.a, config.b);
    const data = new CollisionData({ capacity: 64 });
    const returned = swap
      ? collideFn(shapes[1], shapes[0], data)
      : collideFn(shapes[0], shapes[1], data);
    return { contacts: read(data, 0, data.contactCount), returned, error: null, shapes };
  } catch (error) {
    return { contacts: [], returned: 0, error, shapes };
  }
}

const fmt = (x: number) => Number(x.toPrecision(6));
const describe = (c: Contact3Data) =>
  `point (${c.point.map(fmt).join(', ')}) normal (${c.normal.map(fmt).join(', ')}) depth ${
    fmt(c.penetration)
  }`;

const plain = new WeakMap<Config3, Map<Collide3, Outcome3>>();
function plainRun(collideFn: Collide3, config: Config3): Outcome3 {
  let runs = plain.get(config);
  if (!runs) plain.set(config, runs = new Map());
  let outcome = runs.get(collideFn);
  if (!outcome) runs.set(collideFn, outcome = run3(collideFn, config));
  return outcome;
}

/**
 * Box-box's face preference (its doc comment and EDGE_RELATIVE_MARGIN / EDGE_ABSOLUTE_MARGIN of
 * box-box-sat.ts): a face axis is kept over an edge axis overlapping less by up to 2% of the face's
 * overlap plus 1% of the larger box's largest half size, so its depth may exceed the minimum
 * translation by that much.
 */
const FACE_RELATIVE_MARGIN = 0.02;
const FACE_ABSOLUTE_MARGIN = 0.01;

/** The properties of one 3D detector. */
export function detectorProperties3(detector: Detector3): Property<Config3>[] {
  const fn = detector.collide;
  const ok = (config: Config3) => {
    const outcome = plainRun(fn, config);
    return outcome.error === null ? outcome : undefined;
  };
  const witnessPoints = (c: Contact3Data): [Vec3, Vec3] => {
    const h = c.penetration / 2;
    return [
      [c.point[0] - c.normal[0] * h, c.point[1] - c.normal[1] * h, c.point[2] - c.normal[2] * h],
      [c.point[0] + c.normal[0] * h, c.point[1] + c.normal[1] * h, c.point[2] + c.normal[2] * h],
    ];
  };
  const deepestOf = (list: Contact3Data[]) =>
    list.reduce((d, c) => c.penetration > d.penetration ? c : d);
  const sameDeepest = (
    before: Contact3Data[],
    after: Contact3Data[],
    tolerance: number,
    factor: number,
  ) => {
    const d0 = before.length ? deepestOf(before).penetration * factor : -Infinity;
    const d1 = after.length ? deepestOf(after).penetration : -Infinity;
    if (d0 === -Infinity && d1 === -Infinity) return null;
    if (Math.max(d0, d1) <= tolerance || Math.abs(d0 - d1) <= tolerance) return null;
    return `deepest penetration ${d0} (scaled) before, ${d1} after (${before.length} and ${after.length} contacts)`;
  };
  // Box-box, box-hull and hull-hull keep a face over an edge by the same margin.
  const polytopeSize = (d: Config3['a']) =>
    d.kind === 'box' ? Math.max(...d.half) : d.kind === 'hull' ? extentOf(d.points) / 2 : -1;
  const isPolytopePair = (config: Config3) =>
    polytopeSize(config.a) >= 0 && polytopeSize(config.b) >= 0;
  return [
    {
      name: 'no-exception',
      check: (config) => {
        const { error, shapes } = plainRun(fn, config);
        if (error === null) return null;
        return shapes === null && refusedAsTooSmall(config, error)
          ? undefined
          : `threw ${String(error)}`;
      },
    },
    {
      name: 'finite',
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        return finiteProblem(outcome.returned, outcome.contacts, describe);
      },
    },
    {
      name: 'contact-iff-overlap',
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        const shell = oracleShell3(config),
          first = geometry3(config.a),
          second = geometry3(config.b);
        if (outcome.contacts.length === 0) {
          const depth = depthLowerBound3(first, second);
          return depth > shell ? `no contact, but the shapes overlap by at least ${depth}` : null;
        }
        const apart = gap3(first, second);
        return apart > shell
          ? `${outcome.contacts.length} contact(s) (${
            describe(outcome.contacts[0]!)
          }), but the shapes are ${apart} apart`
          : null;
      },
    },
    {
      name: 'witness-on-surface',
      check(config) {
        const outcome = ok(config);
        if (!outcome || outcome.contacts.length === 0) return outcome && null;
        const shell = 100 * shell3(config) + 2 * (oracleShell3(config) - shell3(config)),
          first = geometry3(config.a),
          second = geometry3(config.b);
        for (const c of outcome.contacts) {
          const [onA, onB] = witnessPoints(c);
          const offA = surfaceDistance(first, onA), offB = surfaceDistance(second, onB);
          if (offA > shell && !coreSphereWitness(c, onA, first, second, 1, shell)) {
            return `witness on the first shape is ${offA} off its surface: ${describe(c)}`;
          }
          if (offB > shell && !coreSphereWitness(c, onB, second, first, -1, shell)) {
            return `witness on the second shape is ${offB} off its surface: ${describe(c)}`;
          }
        }
        return null;
      },
    },
    ...(['frees', 'minimal'] as const).map((which): Property<Config3> => ({
      name: `depth-${which}`,
      check(config) {
        const outcome = ok(config);
        if (!outcome || outcome.contacts.length === 0) return undefined;
        if (which === 'minimal' && !detector.minimal) return undefined;
        const shell = shell3(config),
          deepest = deepestOf(outcome.contacts),
          d = deepest.penetration;
        if (!(d > 100 * shell)) return undefined;
        // A hull's slack: its built surface may lie that far from the design's on either side.
        const slack = oracleShell3(config) - shell;
        let step = which === 'frees' ? 1.02 * d + shell + slack : 0.98 * d - slack;
        if (which === 'minimal' && isPolytopePair(config)) {
          const size = Math.max(polytopeSize(config.a), polytopeSize(config.b));
          step = (0.98 * d - FACE_ABSOLUTE_MARGIN * size) / (1 + FACE_RELATIVE_MARGIN) - slack;
        }
        if (which === 'minimal' && !(step > 100 * shell)) return undefined;
        const moved = translated3(geometry3(config.a), [
          deepest.normal[0] * step,
          deepest.normal[1] * step,
          deepest.normal[2] * step,
        ]);
        const apart = gap3(moved, geometry3(config.b));
        if (which === 'frees' && apart === 0) {
          return `moving the first shape by 1.02 x depth along the normal leaves them overlapping: ${
            describe(deepest)
          }`;
        }
        if (which === 'minimal' && apart > 0) {
          return `moving the first shape by ${
            fmt(step / d)
          } x depth along the normal already frees it (gap ${apart}): ${describe(deepest)}`;
        }
        return null;
      },
    })),
    ...(detector.kinds === null || detector.kinds.includes('hull')
      ? [{ name: 'features-named', check: (config: Config3) => featuresNamed(ok(config), config) }]
      : []),
    {
      name: 'swap-symmetric',
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        let swapped: Contact3Data[];
        try {
          const data = new CollisionData({ capacity: 64 });
          collide(outcome.shapes![1], outcome.shapes![0], data);
          swapped = read(data, 0, data.contactCount);
        } catch (error) {
          return `swapped call threw ${String(error)}`;
        }
        const tolerance = 1e3 * shell3(config);
        if (JSON.stringify(config.a) === JSON.stringify(config.b)) {
          return sameDeepest(outcome.contacts, swapped, tolerance, 1);
        }
        if (swapped.length !== outcome.contacts.length) {
          return `${outcome.contacts.length} contact(s) in one order, ${swapped.length} in the other`;
        }
        const unused = [...swapped];
        for (const c of outcome.contacts) {
          const k = unused.findIndex((s) =>
            Math.hypot(c.point[0] - s.point[0], c.point[1] - s.point[1], c.point[2] - s.point[2]) <=
              tolerance &&
            Math.abs(c.penetration - s.penetration) <= tolerance &&
            Math.hypot(
                c.normal[0] + s.normal[0],
                c.normal[1] + s.normal[1],
                c.normal[2] + s.normal[2],
              ) <= 1e-6 &&
            c.featureId === s.featureId
          );
          if (k < 0) {
            return `no mirrored partner for ${describe(c)} among ${
              unused.map(describe).join('; ')
            }`;
          }
          unused.splice(k, 1);
        }
        return null;
      },
    },
    {
      name: 'rigid-invariant',
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        const random = new Random(
          Math.floor(Math.abs(shell3(config) * 1e15 + size3(config.a) * 1e6)) >>> 0,
        );
        const q = random.rotation(), reach = Math.max(size3(config.a), size3(config.b), 1e-300);
        const t: Vec3 = [
          random.range(-10, 10) * reach,
          random.range(-10, 10) * reach,
          random.range(-10, 10) * reach,
        ];
        const moved = { a: moved3(config.a, q, t), b: moved3(config.b, q, t) };
        const after = run3(fn, moved);
        if (after.error !== null) {
          return after.shapes === null && refusedAsTooSmall(moved, after.error)
            ? undefined
            : `threw after a rigid motion: ${String(after.error)}`;
        }
        return sameDeepest(
          outcome.contacts,
          after.contacts,
          1e3 * Math.max(shell3(config), shell3(moved)),
          1,
        );
      },
    },
    {
      name: 'scale-invariant',
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        const factor = [
          1e-3,
          0.1,
          7,
          1e3,
        ][Math.floor(size3(config.a) * 1e6 + size3(config.b) * 1e3) % 4]!;
        const scaled = { a: scaled3(config.a, factor), b: scaled3(config.b, factor) };
        const after = run3(fn, scaled);
        if (after.error !== null) {
          return after.shapes === null && refusedAsTooSmall(scaled, after.error)
            ? undefined
            : `threw after scaling by ${factor}: ${String(after.error)}`;
        }
        return sameDeepest(outcome.contacts, after.contacts, 1e3 * shell3(scaled), factor);
      },
    },
    {
      name: 'buffer-overflow',
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        const k = outcome.contacts.length, shapes = buildPair3(config.a, config.b);
        const roomy = new CollisionData({ capacity: 64 });
        fn(shapes[0], shapes[1], roomy);
        if (roomy.overflowed) return 'overflowed set with room to spare';
        if (k === 0) return null;
        const capacity = 16, data = new CollisionData({ capacity }), start = capacity - (k - 1);
        for (let i = 0; i < start; i++) data.contacts[i]!.penetration = -12345;
        data.contactCount = start;
        const returned = fn(shapes[0], shapes[1], data);
        if (returned !== k - 1) return `room for ${k - 1} of ${k}: returned ${returned}`;
        if (data.contactCount !== capacity || !data.overflowed) {
          return `room for ${
            k - 1
          } of ${k}: contactCount ${data.contactCount}, overflowed ${data.overflowed}`;
        }
        for (let i = 0; i < start; i++) {
          if (
            data.contacts[i]!.penetration !== -12345
          ) return `contact ${i}, before the room, was overwritten`;
        }
        const deepest = deepestOf(outcome.contacts).penetration;
        if (
          k >= 2 &&
          !read(data, start, capacity).some((c) =>
            Math.abs(c.penetration - deepest) <= 1e3 * shell3(config)
          )
        ) {
          return `room for ${k - 1} of ${k}: the deepest contact (${deepest}) was not kept`;
        }
        if (k >= 2) {
          const limited = new CollisionData({
            capacity: 64,
            maxContactsPerPair: Math.min(8, k - 1),
          });
          const written = fn(shapes[0], shapes[1], limited);
          if (written !== Math.min(8, k - 1) || limited.overflowed) {
            return `maxContactsPerPair ${
              k - 1
            } of ${k}: returned ${written}, overflowed ${limited.overflowed}`;
          }
        }
        return null;
      },
    },
    {
      name: 'bad-input',
      check: (config) => badInput3(fn, config),
    },
  ];
}

/**
 * A capsule's documented witness off its surface (capsule-half-space.ts, box-capsule.ts): each
 * end of the core (or each end of the core clipped to a box face) is a contact whose witness is
 * the deepest point of the sphere of the capsule's radius about that core point, inside the
 * capsule when the other end lies deeper. Accepted only when the point `radius` back along the
 * normal lies on the core, and moving that sphere by 1.02 x depth + shell along the normal (away
 * from the other shape: `sign` +1 for the first shape, -1 for the second) separates it from the
 * other shape (the oracle's gap): the depth is that sphere's.
 */
function coreSphereWitness(
  c: Contact3Data,
  witness: Vec3,
  capsule: Geometry3,
  other: Geometry3,
  sign: 1 | -1,
  shell: number,
): boolean {
  if (capsule.kind !== 'capsule') return false;
  const r = capsule.radius;
  const centre: Vec3 = [
    witness[0] + sign * c.normal[0] * r,
    witness[1] + sign * c.normal[1] * r,
    witness[2] + sign * c.normal[2] * r,
  ];
  const core: Geometry3 = { kind: 'capsule', from: capsule.from, to: capsule.to, radius: shell };
  if (!contains3(core, centre)) return false;
  const step = sign * (1.02 * c.penetration + shell);
  const sphere: Geometry3 = {
    kind: 'sphere',
    centre: [
      centre[0] + step * c.normal[0],
      centre[1] + step * c.normal[1],
      centre[2] + step * c.normal[2],
    ],
    radius: r,
  };
  return gap3(sphere, other) > 0;
}

interface BadInput3 {
  what: string;
  field: RegExp;
  apply(shapes: readonly [AnyPrimitive, AnyPrimitive], data: CollisionData): void;
}

const solid = (shapes: readonly [AnyPrimitive, AnyPrimitive]) =>
  shapes.find((s) =>
    s instanceof Sphere || s instanceof Box || s instanceof Capsule || s instanceof ConvexHull
  )!;
/** A hull's geometry is fixed: its bad sizes are bad clouds (a NaN point, a flat cloud). */
const FLAT_CLOUD = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0], [0.5, 0.5, 0]];
const BAD_INPUTS_3D: readonly BadInput3[] = [
  {
    what: 'setPose with a NaN coordinate',
    field: /position/,
    apply: (s) => solid(s).setPose([NaN, 0, 0], [0, 0, 0, 1]),
  },
  {
    what: 'setPose with a zero quaternion',
    field: /quaternion/,
    apply: (s) => solid(s).setPose([0, 0, 0], [0, 0, 0, 0]),
  },
  {
    what: 'setPose beyond MAX_COORDINATE',
    field: /position/,
    apply: (s) => solid(s).setPose([0, 1e76, 0], [0, 0, 0, 1]),
  },
  {
    what: 'a non-rigid transform',
    field: /transform/,
    apply: (s) => solid(s).setTransform([2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
  },
  {
    what: 'a negative radius or half size (a hull: a flat cloud)',
    field: /radius|halfSize|points/,
    apply: (s) => {
      const shape = solid(s);
      if (shape instanceof ConvexHull) ConvexHull.fromPoints(FLAT_CLOUD);
      else if (shape instanceof Sphere || shape instanceof Capsule) shape.radius = -1;
      else (shape as Box).setHalfSize([1, -1, 1]);
    },
  },
  {
    what: 'a NaN radius or half size (a hull: a NaN point)',
    field: /radius|halfSize|points/,
    apply: (s) => {
      const shape = solid(s);
      if (shape instanceof ConvexHull) ConvexHull.fromPoints([...FLAT_CLOUD, [0, 0, NaN]]);
      else if (shape instanceof Sphere || shape instanceof Capsule) shape.radius = NaN;
      else (shape as Box).setHalfSize([1, 1, NaN]);
    },
  },
  { what: 'a zero plane normal', field: /normal/, apply: () => new Plane([0, 0, 0], 1) },
  { what: 'a negative tolerance', field: /tolerance/, apply: (_s, d) => (d.tolerance = -1) },
  {
    what: 'maxContactsPerPair 9',
    field: /maxContactsPerPair/,
    apply: (_s, d) => (d.maxContactsPerPair = 9),
  },
];

/** A bad input throws a named RangeError or TypeError and changes nothing (see properties2d.ts). */
function badInput3(fn: Collide3, config: Config3): string | null | undefined {
  let shapes: [AnyPrimitive, AnyPrimitive];
  try {
    shapes = buildPair3(config.a, config.b);
  } catch {
    return undefined;
  }
  const data = new CollisionData({ capacity: 64 });
  const bad = BAD_INPUTS_3D[
    Math.floor(size3(config.a) * 1e7 + size3(config.b) * 1e4) % BAD_INPUTS_3D.length
  ]!;
  const state = () =>
    JSON.stringify([
      ...shapes.map((
        s,
      ) => [
        ...s.transform,
        ...(s instanceof Sphere
          ? [s.radius]
          : s instanceof Box
          ? [...s.halfSize]
          : s instanceof Capsule
          ? [s.radius, s.halfLength]
          : []),
      ]),
      data.tolerance,
      data.maxContactsPerPair,
    ]);
  const contacts = () => {
    const d = new CollisionData({ capacity: 64 });
    fn(shapes[0], shapes[1], d);
    return JSON.stringify(read(d, 0, d.contactCount));
  };
  const before = state(), contactsBefore = contacts();
  try {
    bad.apply(shapes, data);
    return `${bad.what}: no error`;
  } catch (error) {
    if (!(error instanceof RangeError || error instanceof TypeError)) {
      return `${bad.what}: threw ${String(error)}, not a RangeError or TypeError`;
    }
    if (!bad.field.test(error.message)) {
      return `${bad.what}: the message does not name the field (${bad.field}): ${error.message}`;
    }
  }
  if (state() !== before) return `${bad.what}: the rejected call changed the state`;
  if (contacts() !== contactsBefore) {
    return `${bad.what}: the contacts changed after the rejected call`;
  }
  return null;
}

/**
 * Whether a constructor refused the configuration as below the smallest supported size (issue 21
 * lets the fix of its item 5 state and enforce a smallest size rather than make every test
 * relative): a RangeError about a size limit ("smallest", "at least", "minimum", `MIN_`) for
 * shapes under 1e-4 in size. Not a failure.
 */
export function refusedAsTooSmall(config: Config3, error: unknown): boolean {
  const sizes = [config.a, config.b].filter((d) =>
    d.kind === 'sphere' || d.kind === 'box' || d.kind === 'capsule'
  ).map(
    size3,
  );
  return error instanceof RangeError && /smallest|at least|minimum|MIN_/i.test(error.message) &&
    sizes.some((size) => size < 1e-4);
}

/** A feature of a polytope in world space: a point, a segment, or a face (its plane and its loop). */
type Feature3 =
  | { kind: 'point'; at: Vec3; }
  | { kind: 'segment'; from: Vec3; to: Vec3; }
  | { kind: 'face'; normal: Vec3; offset: number; loop: Vec3[]; };

/** A box's corners, edges and faces by their codes (box-features.ts's encoders), in its frame. */
const BOX_FEATURES = new Map<number, (h: Vec3) => Feature3>();
for (const sx of [-1, 1]) {
  for (const sy of [-1, 1]) {
    for (const sz of [-1, 1]) {
      BOX_FEATURES.set(boxVertexFeature(sx, sy, sz), (h) => ({
        kind: 'point',
        at: [sx * h[0], sy * h[1], sz * h[2]],
      }));
    }
  }
}
for (let axis = 0; axis < 3; axis++) {
  const [p, q] = [0, 1, 2].filter((k) => k !== axis) as [number, number];
  for (const sp of [-1, 1]) {
    for (const sq of [-1, 1]) {
      BOX_FEATURES.set(boxEdgeFeature(axis, sp, sq), (h) => {
        const end = (s: number): Vec3 => {
          const v: [number, number, number] = [0, 0, 0];
          v[axis] = s * h[axis]!;
          v[p] = sp * h[p]!;
          v[q] = sq * h[q]!;
          return v;
        };
        return { kind: 'segment', from: end(-1), to: end(1) };
      });
    }
  }
  for (const sign of [-1, 1]) {
    BOX_FEATURES.set(boxFaceFeature(axis, sign), (h) => {
      const normal: [number, number, number] = [0, 0, 0];
      normal[axis] = sign;
      const loop = [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([a, b]) => {
        const v: [number, number, number] = [0, 0, 0];
        v[axis] = sign * h[axis]!;
        v[p] = a! * h[p]!;
        v[q] = b! * h[q]!;
        return v as Vec3;
      });
      return { kind: 'face', normal, offset: h[axis]!, loop };
    });
  }
}

/** The feature `code` names on a hull or box primitive, in world space; null for other shapes. */
function featureOf(shape: AnyPrimitive, code: number): Feature3 | null {
  const m = shape.transform;
  const toWorld = (v: Vec3): Vec3 => [
    m[12]! + m[0]! * v[0] + m[4]! * v[1] + m[8]! * v[2],
    m[13]! + m[1]! * v[0] + m[5]! * v[1] + m[9]! * v[2],
    m[14]! + m[2]! * v[0] + m[6]! * v[1] + m[10]! * v[2],
  ];
  const turn = (v: Vec3): Vec3 => [
    m[0]! * v[0] + m[4]! * v[1] + m[8]! * v[2],
    m[1]! * v[0] + m[5]! * v[1] + m[9]! * v[2],
    m[2]! * v[0] + m[6]! * v[1] + m[10]! * v[2],
  ];
  let local: Feature3 | null = null;
  if (shape instanceof Box) {
    local = BOX_FEATURES.get(code)?.([...shape.halfSize] as unknown as Vec3) ?? null;
  } else if (shape instanceof ConvexHull) {
    const v = shape.vertices,
      vertex = (i: number): Vec3 => [v[3 * i]!, v[3 * i + 1]!, v[3 * i + 2]!];
    const vertices = shape.vertexCount, edges = shape.edgeCount;
    if (code < vertices) local = { kind: 'point', at: vertex(code) };
    else if (code < vertices + edges) {
      const e = code - vertices;
      local = {
        kind: 'segment',
        from: vertex(shape.edgeVertices[2 * e]!),
        to: vertex(shape.edgeVertices[2 * e + 1]!),
      };
    } else if (code < vertices + edges + shape.faceCount) {
      const f = code - vertices - edges, pl = shape.planes;
      const loop: Vec3[] = [];
      for (let k = shape.faceStart[f]!; k < shape.faceStart[f + 1]!; k++) {
        loop.push(vertex(shape.faceVertices[k]!));
      }
      local = {
        kind: 'face',
        normal: [pl[4 * f]!, pl[4 * f + 1]!, pl[4 * f + 2]!],
        offset: pl[4 * f + 3]!,
        loop,
      };
    } else return { kind: 'point', at: [NaN, NaN, NaN] };
  } else return null;
  if (local === null) return { kind: 'point', at: [NaN, NaN, NaN] };
  if (local.kind === 'point') return { kind: 'point', at: toWorld(local.at) };
  if (local.kind === 'segment') {
    return { kind: 'segment', from: toWorld(local.from), to: toWorld(local.to) };
  }
  const loop = local.loop.map(toWorld), normal = turn(local.normal);
  return {
    kind: 'face',
    normal,
    offset: normal[0] * loop[0]![0] + normal[1] * loop[0]![1] + normal[2] * loop[0]![2],
    loop,
  };
}

/** Distance from `p` to a feature (a face: off its plane, or outside its loop). */
function featureDistance(feature: Feature3, p: Vec3): number {
  const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
  const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const segment = (a: Vec3, b: Vec3) => {
    const d = sub(b, a), t = Math.max(0, Math.min(1, dot(sub(p, a), d) / dot(d, d)));
    return Math.hypot(...sub(p, [a[0] + t * d[0], a[1] + t * d[1], a[2] + t * d[2]]));
  };
  if (feature.kind === 'point') return Math.hypot(...sub(p, feature.at));
  if (feature.kind === 'segment') return segment(feature.from, feature.to);
  const n = feature.normal, loop = feature.loop;
  const height = dot(n, p) - feature.offset;
  // Inside the loop: on the side of every edge its centroid is on (either winding).
  const centre = [0, 1, 2].map((k) =>
    loop.reduce((sum, v) => sum + v[k]!, 0) / loop.length
  ) as unknown as Vec3;
  let outside = 0;
  for (let k = 0; k < loop.length; k++) {
    const a = loop[k]!, b = loop[(k + 1) % loop.length]!, e = sub(b, a);
    const side: Vec3 = [
      e[1] * n[2] - e[2] * n[1],
      e[2] * n[0] - e[0] * n[2],
      e[0] * n[1] - e[1] * n[0],
    ];
    if (dot(side, sub(p, a)) * dot(side, sub(centre, a)) < 0) {
      outside = Math.max(outside, segment(a, b));
    }
  }
  return Math.max(Math.abs(height), outside);
}

/**
 * Feature ids name the features in touch (so they stay the same while those do): each contact's
 * witness on a hull or box lies on the vertex, edge or face its id names there (the id packs the
 * canonical first shape's code first: box, then hull, the hull made first between two). Within
 * 100 shells and twice the hulls' slack, as the witnesses' surfaces.
 */
function featuresNamed(outcome: Outcome3 | undefined, config: Config3): string | null | undefined {
  if (!outcome || outcome.shapes === null) return undefined;
  if (config.a.kind !== 'hull' && config.b.kind !== 'hull') return undefined;
  if (outcome.contacts.length === 0) return null;
  const [a, b] = outcome.shapes;
  const order = (s: AnyPrimitive) => (s instanceof Box ? 0 : s instanceof ConvexHull ? 1 : 2);
  const aFirst = order(a) !== order(b)
    ? order(a) < order(b)
    : (a as ConvexHull).serial <= (b as ConvexHull).serial;
  const tolerance = 100 * shell3(config) + 2 * (oracleShell3(config) - shell3(config));
  for (const c of outcome.contacts) {
    const h = c.penetration / 2;
    const onA: Vec3 = [
      c.point[0] - c.normal[0] * h,
      c.point[1] - c.normal[1] * h,
      c.point[2] - c.normal[2] * h,
    ];
    const onB: Vec3 = [
      c.point[0] + c.normal[0] * h,
      c.point[1] + c.normal[1] * h,
      c.point[2] + c.normal[2] * h,
    ];
    const first = firstFeatureOf(c.featureId), second = secondFeatureOf(c.featureId);
    const sides: [AnyPrimitive, number, Vec3, string][] = [
      [a, aFirst ? first : second, onA, 'first'],
      [b, aFirst ? second : first, onB, 'second'],
    ];
    for (const [shape, code, witness, which] of sides) {
      const feature = featureOf(shape, code);
      if (feature === null) continue;
      const off = featureDistance(feature, witness);
      if (!(off <= tolerance)) {
        return `the ${which} shape's witness is ${off} from the ${feature.kind} its code ` +
          `${code} names (featureId ${c.featureId})`;
      }
    }
  }
  return null;
}
