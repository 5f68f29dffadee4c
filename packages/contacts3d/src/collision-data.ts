import { requireInteger, requireNonNegative } from '@contactkit/math';
import { Contact } from './contact.js';

/** Settings of a `CollisionData`; every field is optional. */
export interface CollisionDataOptions {
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
  /** Most contacts one pair may write, from 1 to 8 (default 8, box-box's full manifold). */
  maxContactsPerPair?: number;
}

/**
 * The caller-owned output buffer of every detector (seed 004's CollisionData): a pool of
 * preallocated contacts that detectors fill from `contactCount` on. A detector never writes
 * past `capacity`; when capacity cut a pair short it sets `overflowed`.
 */
export class CollisionData {
  /** The pool: `capacity` Contact objects, allocated once. Valid entries are `[0, contactCount)`. */
  readonly contacts: readonly Contact[];
  /** Number of contacts written since the last `reset()`. */
  contactCount = 0;
  /** Set when a detector had more contacts than room; cleared by `reset()`. */
  overflowed = false;
  private frictionValue = 0;
  private restitutionValue = 0;
  private toleranceValue = 0;
  private maxContactsPerPairValue = 8;

  constructor(options: CollisionDataOptions = {}) {
    const capacity = requireInteger('CollisionData.capacity', options.capacity ?? 256, 1, 1 << 24);
    const contacts: Contact[] = [];
    for (let i = 0; i < capacity; i++) contacts.push(new Contact());
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
    this.frictionValue = requireNonNegative('CollisionData.friction', value);
  }

  /** Restitution copied into each contact; in [0, 1]. */
  get restitution(): number {
    return this.restitutionValue;
  }
  set restitution(value: number) {
    requireNonNegative('CollisionData.restitution', value);
    if (value > 1) throw new RangeError(`CollisionData.restitution must be at most 1, got ${value}`);
    this.restitutionValue = value;
  }

  /** Speculative margin; at least 0. */
  get tolerance(): number {
    return this.toleranceValue;
  }
  set tolerance(value: number) {
    this.toleranceValue = requireNonNegative('CollisionData.tolerance', value);
  }

  /** Most contacts a single pair writes; an integer from 1 to 8. */
  get maxContactsPerPair(): number {
    return this.maxContactsPerPairValue;
  }
  set maxContactsPerPair(value: number) {
    this.maxContactsPerPairValue = requireInteger('CollisionData.maxContactsPerPair', value, 1, 8);
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
export function claimContact(data: CollisionData, firstBody: unknown, secondBody: unknown): Contact {
  const contact = data.contacts[data.contactCount++]!;
  contact.bodies[0] = firstBody;
  contact.bodies[1] = secondBody;
  contact.friction = data.friction;
  contact.restitution = data.restitution;
  return contact;
}
