import { ContactBuffer, type ContactBufferOptions } from '@contactkit/math';
import { Contact } from './contact.js';

export { claimContact } from '@contactkit/math';

/** Settings of a `CollisionData`; every field is optional (see `ContactBufferOptions`). */
export type CollisionDataOptions = ContactBufferOptions;

/**
 * The caller-owned output buffer of every 3D detector (the CollisionData of Millington, Game
 * Physics Engine Development, ch. 13): `capacity` preallocated `Contact`s that detectors fill from
 * `contactCount` on, never past `capacity`, setting `overflowed` when capacity cut a pair short.
 * `maxContactsPerPair` defaults to 8, box-box's full manifold. `B` is the type of the shapes'
 * `body` values, which the contacts' `firstBody` and `secondBody` hold (`unknown` unless given):
 * `new CollisionData<RigidBody>()`.
 */
export class CollisionData<B = unknown> extends ContactBuffer<Contact<B>> {
  constructor(options: CollisionDataOptions = {}) {
    super('CollisionData', options, () => new Contact<B>());
  }
}
