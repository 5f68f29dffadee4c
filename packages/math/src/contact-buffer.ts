/**
 * The contact record and the caller-owned contact buffer shared by the 2D and 3D packages (seed
 * 004's Contact and CollisionData): a pool of preallocated contacts that detectors fill from
 * `contactCount` on, with the settings every detector reads. `CollisionData` (3D) and
 * `CollisionData2` (2D) are this buffer with their own contact type.
 */
import { ContactKind } from './features.js';
import { MAX_COORDINATE } from './tolerance.js';
import {
  requireCoordinate,
  requireInteger,
  requireNonNegative,
  requireObject,
} from './validate.js';

/**
 * One contact between two shapes, in world space, in either dimension (the Contact of
 * Millington, Game Physics Engine Development, ch. 13):
 * contacts3d's `Contact` and collision2d's `Contact2` are this class with 3 and 2 components.
 *
 * Conventions (DESIGN.md): `normal` is a unit vector from the second shape toward the first, so
 * moving the first by `normal * penetration` separates the pair; `penetration > 0` overlaps,
 * `0` touches, `< 0` is a gap within the caller's tolerance; `point` is the midpoint of the two
 * witness points.
 */
export class ContactRecord<B = unknown> {
  // Declared, and stored in the constructor in `Object.keys` order (PERFORMANCE.md: fields are
  // declared, not defined).
  /** Midpoint of the two witness points, world space. */
  declare readonly point: Float64Array;
  /** Unit vector from the second shape toward the first, world space. */
  declare readonly normal: Float64Array;
  /** Depth along `normal`: positive when overlapping, negative for a speculative gap. */
  declare penetration: number;
  /** Which features touch. */
  declare kind: ContactKind;
  /**
   * The pair of touching features, packed as `featureA * 2^26 + featureB` (`firstFeatureOf`,
   * `secondFeatureOf` unpack it): stable while the same features stay in touch, and the same in
   * either argument order, so a solver can match contacts across frames. A and B are the pair's
   * canonical order, which each package documents on its contact class.
   */
  declare featureId: number;
  /** The `body` value of the first shape (`B`, the shapes' body type; null when not set). */
  declare firstBody: B | null;
  /** The `body` value of the second shape. */
  declare secondBody: B | null;
  /** Copied from the buffer when the contact is written. */
  declare friction: number;
  /** Copied from the buffer when the contact is written. */
  declare restitution: number;
  /** The tuple `bodies` returns, refreshed on each read (a private field: not among the keys). */
  readonly #bodyPair: [B | null, B | null];

  constructor(dimensions: 2 | 3) {
    this.point = new Float64Array(dimensions);
    this.normal = new Float64Array(dimensions);
    this.penetration = 0;
    this.kind = ContactKind.FaceFace;
    // 2^52, above every packed id: a double from the start (PERFORMANCE.md: a field for doubles starts as one).
    this.featureId = 2 ** 52;
    this.firstBody = null;
    this.secondBody = null;
    this.friction = 0;
    this.restitution = 0;
    this.#bodyPair = [null, null];
  }

  /**
   * `[firstBody, secondBody]`, the `body` values of the first and second shape. Detectors store
   * the two fields (PERFORMANCE.md: fields, not array elements); the tuple is this contact's own,
   * refilled from the fields when read (no allocation).
   */
  get bodies(): readonly [B | null, B | null] {
    const pair = this.#bodyPair;
    pair[0] = this.firstBody;
    pair[1] = this.secondBody;
    return pair;
  }

  /** The witness point on the first shape's surface: `point - normal * penetration / 2`. */
  pointOnFirst(out: Float64Array): Float64Array {
    return witnessPoint(out, this, -0.5);
  }

  /** The witness point on the second shape's surface: `point + normal * penetration / 2`. */
  pointOnSecond(out: Float64Array): Float64Array {
    return witnessPoint(out, this, 0.5);
  }
}

/** `out = point + normal * penetration * side`; `out` may be the contact's own `point`. */
function witnessPoint(
  out: Float64Array,
  contact: ContactRecord<unknown>,
  side: number,
): Float64Array {
  const step = side * contact.penetration;
  for (let i = 0; i < contact.point.length; i++) {
    out[i] = contact.point[i]! + contact.normal[i]! * step;
  }
  return out;
}

/** Settings of a contact buffer; every field is optional. */
export interface ContactBufferOptions {
  /** Number of contacts the buffer holds (default 256). */
  capacity?: number;
  /** Copied into every contact (default 0). */
  friction?: number;
  /** Copied into every contact, in [0, 1] (default 0). */
  restitution?: number;
  /**
   * Speculative margin (default 0): pairs closer than this report contacts with a negative
   * penetration down to `-tolerance`.
   */
  tolerance?: number;
  /** Most contacts one pair may write, from 1 to 8 (default 8). */
  maxContactsPerPair?: number;
}

/**
 * A pool of `capacity` contacts. A detector never writes past `capacity`; when capacity cut a
 * pair short it sets `overflowed`. Settings are validated in the constructor and the setters,
 * with errors naming `name.field` and the value.
 */
export class ContactBuffer<C extends ContactRecord<unknown>> {
  /** The pool: `capacity` contacts, allocated once. Valid entries are `[0, contactCount)`. */
  readonly contacts: readonly C[];
  /** Number of contacts written since the last `reset()`. */
  contactCount = 0;
  /** Set when a detector had more contacts than room; cleared by `reset()`. */
  overflowed = false;
  private frictionValue = 0;
  private restitutionValue = 0;
  private toleranceValue = 0;
  private maxContactsPerPairValue = 8;

  /** `name` is the subclass's name, for error messages; `create` makes one pooled contact. */
  constructor(
    private readonly name: string,
    options: ContactBufferOptions,
    create: () => C,
  ) {
    requireObject(`${name}(options)`, options);
    const capacity = requireInteger(`${name}.capacity`, options.capacity ?? 256, 1, 1 << 24);
    const contacts: C[] = [];
    for (let i = 0; i < capacity; i++) contacts.push(create());
    this.contacts = contacts;
    this.friction = options.friction ?? 0;
    this.restitution = options.restitution ?? 0;
    this.tolerance = options.tolerance ?? 0;
    this.maxContactsPerPair = options.maxContactsPerPair ?? 8;
  }

  /** Number of contacts the pool holds. */
  get capacity(): number {
    return this.contacts.length;
  }

  /** Room left in the pool: `capacity - contactCount`. */
  get contactsLeft(): number {
    return this.contacts.length - this.contactCount;
  }

  /** Friction coefficient copied into each contact; at least 0. */
  get friction(): number {
    return this.frictionValue;
  }
  /** Throws a RangeError, changing nothing, for a negative or non-finite value. */
  set friction(value: number) {
    this.frictionValue = requireNonNegative(`${this.name}.friction`, value);
  }

  /** Restitution copied into each contact; in [0, 1]. */
  get restitution(): number {
    return this.restitutionValue;
  }
  /** Throws a RangeError, changing nothing, for a value outside [0, 1]. */
  set restitution(value: number) {
    requireNonNegative(`${this.name}.restitution`, value);
    if (value > 1) throw new RangeError(`${this.name}.restitution must be at most 1, got ${value}`);
    this.restitutionValue = value;
  }

  /** Speculative margin, a length: at least 0 and at most `MAX_COORDINATE`. */
  get tolerance(): number {
    return this.toleranceValue;
  }
  /** Throws a RangeError, changing nothing, for a negative value or one above `MAX_COORDINATE`. */
  set tolerance(value: number) {
    // The message's field name is built only for a bad value: a detector that sets the tolerance
    // of its own scratch buffer per call (rounded polygons) allocates nothing.
    if (!(typeof value === 'number' && value >= 0 && value <= MAX_COORDINATE)) {
      const field = `${this.name}.tolerance`;
      requireCoordinate(field, requireNonNegative(field, value));
    }
    this.toleranceValue = value;
  }

  /** Most contacts a single pair writes; an integer from 1 to 8. */
  get maxContactsPerPair(): number {
    return this.maxContactsPerPairValue;
  }
  /** Throws a RangeError, changing nothing, for anything but an integer from 1 to 8. */
  set maxContactsPerPair(value: number) {
    this.maxContactsPerPairValue = requireInteger(`${this.name}.maxContactsPerPair`, value, 1, 8);
  }

  /** Empties the buffer for a new frame and clears `overflowed`; the settings stay. */
  reset(): void {
    this.contactCount = 0;
    this.overflowed = false;
  }
}

/**
 * Takes the next free contact, fills in the bodies and materials, and advances `contactCount`.
 * The caller (a detector) has checked that there is room; it then writes the geometry, kind and
 * feature id. The bodies have the type the buffer's contacts hold.
 */
export function claimContact<C extends ContactRecord<unknown>>(
  buffer: ContactBuffer<C>,
  firstBody: C['firstBody'],
  secondBody: C['secondBody'],
): C {
  const contact = buffer.contacts[buffer.contactCount++]!;
  contact.firstBody = firstBody;
  contact.secondBody = secondBody;
  contact.friction = buffer.friction;
  contact.restitution = buffer.restitution;
  return contact;
}
