export { CAPSULE_TYPE, CapsuleShape } from './capsule-shape.js';
export type { CapsuleShapeOptions } from './capsule-shape.js';
export { convexPolyhedronFromPoints } from './convex-polyhedron.js';
export { useContactkit } from './use-contactkit.js';
export type { ContactkitHandle, UseContactkitOptions } from './use-contactkit.js';
