export { ContactKind, contactKindName } from '@contactkit/math';
export { Contact } from './contact.js';
export { CollisionData } from './collision-data.js';
export type { CollisionDataOptions } from './collision-data.js';
export { ShapeType, Primitive, Sphere, Box, Plane, HalfSpace } from './primitives.js';
export type { AnyPrimitive } from './primitives.js';
