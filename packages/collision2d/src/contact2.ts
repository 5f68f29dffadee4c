/**
 * Contacts in 2D: `Contact2` and the caller-owned buffer `CollisionData2`, the 2D twins of
 * contacts3d's `Contact` and `CollisionData` (seed 004's contact data), so a solver that handles
 * one handles both. Conventions (DESIGN.md): `normal` is a unit vector from the second shape
 * toward the first; `penetration > 0` overlaps, `0` touches, `< 0` is a gap within the caller's
 * tolerance; `point` is the midpoint of the two witness points.
 */
import { ContactKind, requireInteger, requireNonNegative } from '@contactkit/math';

/** One contact between two 2D shapes, in world space. */
export class Contact2 {
  /** Midpoint of the two witness points, world space. */
  readonly point = new Float64Array(2);
  /** Unit vector from the second shape toward the first, world space. */
  readonly normal = new Float64Array(2);
  /** Depth along `normal`: positive when overlapping, negative for a speculative gap. */
  penetration = 0;
  /** Which features touch. */
  kind: ContactKind = ContactKind.FaceFace;
  /**
   * The pair of touching features, packed as `(featureA << 16) | featureB` (`firstFeatureOf`,
   * `secondFeatureOf` unpack it): stable while the same features stay in touch, and the same in
   * either argument order, so a solver can match contacts across frames. A and B are the pair's
   * canonical order: the order of the detector's name for mixed pairs (circle before polygon or
   * chain, polygon before chain), and for two shapes of one type the order of their `id`s (the
   * smaller first), which the detectors already compute in. A feature code is an edge or segment
   * index, or `VERTEX_FEATURE | vertexIndex` for a vertex (see `shapes.ts`); a circle's is 0.
   */
  featureId = 0;
  /** The `body` values of the first and second shape. */
  readonly bodies: [unknown, unknown] = [null, null];
  /** Copied from the CollisionData2 when the contact is written. */
  friction = 0;
  /** Copied from the CollisionData2 when the contact is written. */
  restitution = 0;

  /** The witness point on the first shape's surface: `point - normal * penetration / 2`. */
  pointOnFirst(out: Float64Array): Float64Array {
    const half = 0.5 * this.penetration;
    out[0] = this.point[0]! - this.normal[0]! * half;
    out[1] = this.point[1]! - this.normal[1]! * half;
    return out;
  }

  /** The witness point on the second shape's surface: `point + normal * penetration / 2`. */
  pointOnSecond(out: Float64Array): Float64Array {
    const half = 0.5 * this.penetration;
    out[0] = this.point[0]! + this.normal[0]! * half;
    out[1] = this.point[1]! + this.normal[1]! * half;
    return out;
  }
}

/** Settings of a `CollisionData2`; every field is optional. */
export interface CollisionData2Options {
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
  /**
   * Most contacts one pair may write, from 1 to 8 (default 8). A convex pair never has more
   * than 2; concave polygons and chains can touch in several places at once (seed 000's concave
   * corner gives two contacts, a circle in a comb more), and 8 keeps those, as the 3D default
   * keeps box-box's full manifold. When a pair has more, the deepest are kept.
   */
  maxContactsPerPair?: number;
}

/**
 * The caller-owned output buffer of every 2D detector (seed 004's CollisionData): a pool of
 * preallocated contacts that detectors fill from `contactCount` on. A detector never writes past
 * `capacity`; when capacity cut a pair short it sets `overflowed` (the deepest contacts of the
 * pair are the ones written).
 */
export class CollisionData2 {
  /** The pool: `capacity` Contact2 objects, allocated once. Valid entries are `[0, contactCount)`. */
  readonly contacts: readonly Contact2[];
  /** Number of contacts written since the last `reset()`. */
  contactCount = 0;
  /** Set when a detector had more contacts than room; cleared by `reset()`. */
  overflowed = false;
  private frictionValue = 0;
  private restitutionValue = 0;
  private toleranceValue = 0;
  private maxContactsPerPairValue = 8;

  constructor(options: CollisionData2Options = {}) {
    const capacity = requireInteger('CollisionData2.capacity', options.capacity ?? 256, 1, 1 << 24);
    const contacts: Contact2[] = [];
    for (let i = 0; i < capacity; i++) contacts.push(new Contact2());
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
  set friction(value: number) {
    this.frictionValue = requireNonNegative('CollisionData2.friction', value);
  }

  /** Restitution copied into each contact; in [0, 1]. */
  get restitution(): number {
    return this.restitutionValue;
  }
  set restitution(value: number) {
    requireNonNegative('CollisionData2.restitution', value);
    if (value > 1) throw new RangeError(`CollisionData2.restitution must be at most 1, got ${value}`);
    this.restitutionValue = value;
  }

  /** Speculative margin; at least 0. */
  get tolerance(): number {
    return this.toleranceValue;
  }
  set tolerance(value: number) {
    this.toleranceValue = requireNonNegative('CollisionData2.tolerance', value);
  }

  /** Most contacts a single pair writes; an integer from 1 to 8. */
  get maxContactsPerPair(): number {
    return this.maxContactsPerPairValue;
  }
  set maxContactsPerPair(value: number) {
    this.maxContactsPerPairValue = requireInteger('CollisionData2.maxContactsPerPair', value, 1, 8);
  }

  /** Empties the buffer for a new frame and clears `overflowed`; the settings stay. */
  reset(): void {
    this.contactCount = 0;
    this.overflowed = false;
  }
}

/**
 * Takes the next free contact, fills in the bodies and materials, and advances `contactCount`.
 * The caller has checked `contactsLeft > 0`; it then writes point, normal, penetration, kind and
 * featureId. Internal to the detectors.
 */
export function claimContact2(data: CollisionData2, firstBody: unknown, secondBody: unknown): Contact2 {
  const contact = data.contacts[data.contactCount++]!;
  contact.bodies[0] = firstBody;
  contact.bodies[1] = secondBody;
  contact.friction = data.friction;
  contact.restitution = data.restitution;
  return contact;
}
