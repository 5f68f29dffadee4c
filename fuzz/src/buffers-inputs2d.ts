/**
 * The properties of the 2D API's edges, apart from the geometry: contact buffers (capacity,
 * `overflowed`, `maxContactsPerPair`) and bad inputs (a named error that changes nothing).
 */
import { type AnyShape2, Chain, Circle, CollisionData2, Polygon } from '@contactkit/collision2d';
import { Random as Seeded, type Random } from '@contactkit/test-support';
import type { Collide2, Config2 } from './detectors2d.js';
import { type Outcome2, read, shell2 } from './properties2d.js';
import { build2 } from './shapes2d.js';

/**
 * Buffers: with room for one contact fewer than the pair has, the detector writes exactly the
 * room (the deepest), sets `overflowed`, and leaves the contacts before it alone; with
 * `maxContactsPerPair` one fewer, it writes that many, the deepest, and does not set `overflowed`;
 * with room to spare, `overflowed` stays false.
 */
export function bufferCheck(
  collide: Collide2,
  config: Config2,
  outcome: Outcome2,
): string | null | undefined {
  if (outcome.error !== null) return undefined;
  const all = outcome.contacts, k = all.length;
  const shapes = [build2(config.a), build2(config.b)] as const;
  const roomy = new CollisionData2({ capacity: 64 });
  collide(shapes[0], shapes[1], roomy);
  if (roomy.overflowed) return `overflowed set with room to spare (${roomy.contactCount} written)`;
  if (k === 0) return null;
  const capacity = 16, data = new CollisionData2({ capacity });
  const start = capacity - (k - 1);
  for (let i = 0; i < start; i++) data.contacts[i]!.penetration = -12345;
  data.contactCount = start;
  const returned = collide(shapes[0], shapes[1], data);
  if (returned !== k - 1) return `room for ${k - 1} of ${k}: returned ${returned}`;
  if (data.contactCount !== capacity) {
    return `room for ${k - 1} of ${k}: contactCount ${data.contactCount}, capacity ${capacity}`;
  }
  if (!data.overflowed) return `room for ${k - 1} of ${k}: overflowed not set`;
  for (let i = 0; i < start; i++) {
    if (
      data.contacts[i]!.penetration !== -12345
    ) return `contact ${i}, before the room, was overwritten`;
  }
  const depths = all.map((c) => c.penetration).sort((x, y) => y - x);
  const tolerance = 1e3 * shell2(config);
  const kept = read(data, start, capacity).map((c) => c.penetration).sort((x, y) => y - x);
  for (let i = 0; i < kept.length; i++) {
    if (Math.abs(kept[i]! - depths[i]!) > tolerance) {
      return `room for ${k - 1}: kept depths ${kept.join(', ')}, the deepest are ${
        depths.join(', ')
      }`;
    }
  }
  if (k >= 2) {
    const limited = new CollisionData2({ capacity: 64, maxContactsPerPair: Math.min(8, k - 1) });
    const written = collide(shapes[0], shapes[1], limited);
    if (written !== Math.min(8, k - 1)) {
      return `maxContactsPerPair ${Math.min(8, k - 1)} of ${k}: returned ${written}`;
    }
    if (limited.overflowed) {
      return `maxContactsPerPair ${k - 1}: overflowed set, though the buffer had room`;
    }
  }
  return null;
}

/** Each bad input: what it does, which error class and field name it must give. */
interface BadInput {
  what: string;
  field: RegExp;
  apply(shapes: readonly [AnyShape2, AnyShape2], data: CollisionData2, random: Random): void;
}

const BAD_INPUTS: readonly BadInput[] = [
  {
    what: 'setPose with a NaN coordinate',
    field: /position/,
    apply: (s) => s[0].setPose([NaN, 0], 0),
  },
  {
    what: 'setPose with an infinite angle',
    field: /angle/,
    apply: (s) => s[1].setPose([0, 0], Infinity),
  },
  {
    what: 'setPose beyond MAX_COORDINATE',
    field: /position/,
    apply: (s) => s[0].setPose([1e76, 0], 0),
  },
  { what: 'setPose with one coordinate', field: /position/, apply: (s) => s[1].setPose([1], 0) },
  { what: 'a negative tolerance', field: /tolerance/, apply: (_s, d) => (d.tolerance = -1) },
  {
    what: 'maxContactsPerPair 0',
    field: /maxContactsPerPair/,
    apply: (_s, d) => (d.maxContactsPerPair = 0),
  },
  { what: 'a NaN friction', field: /friction/, apply: (_s, d) => (d.friction = NaN) },
  { what: 'a negative radius', field: /Circle\.radius/, apply: () => new Circle(-1) },
  { what: 'a NaN radius', field: /Circle\.radius/, apply: () => new Circle(NaN) },
  {
    what: 'a polygon of two points',
    field: /Polygon\.points/,
    apply: () => new Polygon([[0, 0], [1, 0]]),
  },
  {
    what: 'a self-crossing polygon',
    field: /Polygon\.points/,
    apply: () => new Polygon([[0, 0], [1, 1], [1, 0], [0, 1]]),
  },
  {
    what: 'a polygon with a NaN',
    field: /Polygon\.points/,
    apply: () => new Polygon([[0, 0], [1, NaN], [0, 1]]),
  },
  { what: 'a chain of one point', field: /Chain\.points/, apply: () => new Chain([[0, 0]]) },
];

/**
 * A bad input (picked by the configuration) throws a RangeError or TypeError whose message names
 * the field, and changes nothing: the poses and the buffer's settings are as before, and the pair
 * gives the same contacts.
 */
export function badInputCheck(collide: Collide2, config: Config2): string | null | undefined {
  let shapes: [AnyShape2, AnyShape2];
  try {
    shapes = [build2(config.a), build2(config.b)];
  } catch {
    return undefined;
  }
  const data = new CollisionData2({ capacity: 64 });
  const random = new Seeded(Math.floor(Math.abs(config.a.angle) * 1e9) >>> 0);
  const bad = BAD_INPUTS[random.int(BAD_INPUTS.length)]!;
  const state = () =>
    JSON.stringify([
      ...shapes.map((
        s,
      ) => [s.transform.x, s.transform.y, s.transform.cos, s.transform.sin, ...s.aabb]),
      data.tolerance,
      data.friction,
      data.restitution,
      data.maxContactsPerPair,
      data.capacity,
    ]);
  const before = state();
  const contactsBefore = (() => {
    const d = new CollisionData2({ capacity: 64 });
    collide(shapes[0], shapes[1], d);
    return JSON.stringify(read(d, 0, d.contactCount));
  })();
  try {
    bad.apply(shapes, data, random);
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
  const d = new CollisionData2({ capacity: 64 });
  collide(shapes[0], shapes[1], d);
  if (JSON.stringify(read(d, 0, d.contactCount)) !== contactsBefore) {
    return `${bad.what}: the contacts changed after the rejected call`;
  }
  return null;
}
