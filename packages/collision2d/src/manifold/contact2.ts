/**
 * Contacts in 2D: `Contact2` and the caller-owned buffer `CollisionData2`, the 2D twins of
 * contacts3d's `Contact` and `CollisionData` (the contact data of Millington, Game Physics Engine
 * Development, ch. 13), so a solver that handles one handles both. Conventions (DESIGN.md):
 * `normal` is a unit vector from the second shape toward the first; `penetration > 0` overlaps, `0`
 * touches, `< 0` is a gap within the caller's tolerance; `point` is the midpoint of the two witness
 * points.
 */
import {
  ContactBuffer,
  ContactRecord,
  claimContact,
  type ContactBufferOptions,
} from '@contactkit/math';

/**
 * One contact between two 2D shapes, in world space: a `ContactRecord` with 2 components (see
 * there for the conventions). Feature ids name the features in the pair's canonical order: the
 * order of the detector's name for mixed pairs (circle before polygon or chain, polygon before
 * chain), and for two shapes of one type the order of their `id`s (the smaller first), which the
 * detectors already compute in. A feature code is an edge or segment index, or
 * `VERTEX_FEATURE | vertexIndex` for a vertex (see `shapes.ts`); a circle's is 0. Each code has
 * 26 bits and `featureId = firstCode * 2^26 + secondCode` (`packFeatureId`), a safe integer.
 */
export class Contact2<B = unknown> extends ContactRecord<B> {
  constructor() {
    super(2);
  }
}

/**
 * Settings of a `CollisionData2`; every field is optional (see `ContactBufferOptions`).
 * `maxContactsPerPair` defaults to 8: a convex pair never has more than 2, but concave polygons
 * and chains can touch in several places at once (a circle in a concave corner gets two contacts,
 * a circle in a comb more). When a pair has more, the deepest are kept.
 */
export type CollisionData2Options = ContactBufferOptions;

/**
 * The caller-owned output buffer of every 2D detector (the CollisionData of Millington, Game
 * Physics Engine Development, ch. 13): `capacity` preallocated `Contact2`s that detectors fill from
 * `contactCount` on, never past `capacity`, setting `overflowed` when capacity cut a pair short
 * (the deepest contacts of the pair are the ones written). `B` is the type of the shapes' `body`
 * values, which the contacts' `firstBody` and `secondBody` hold (`unknown` unless given):
 * `new CollisionData2<RigidBody>()`.
 */
export class CollisionData2<B = unknown> extends ContactBuffer<Contact2<B>> {
  constructor(options: CollisionData2Options = {}) {
    super('CollisionData2', options, () => new Contact2<B>());
  }
}

/** Takes the next free contact of a `CollisionData2` (see `claimContact`). Internal to the detectors. */
export const claimContact2: <B>(
  data: CollisionData2<B>,
  firstBody: B | null,
  secondBody: B | null,
) => Contact2<B> = claimContact;
