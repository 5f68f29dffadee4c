export {
  SegmentClosestPoints,
  closestPointsSegmentSegment3,
  writeClosestPointsSegmentSegment3,
  closestPointsSegmentSegment2,
  closestPointOnSegment3,
  closestPointOnSegment2,
} from './closest.js';
export { ContactRecord, ContactBuffer, claimContact } from './contact-buffer.js';
export type { ContactBufferOptions } from './contact-buffer.js';
export type { Vec2, Vec3, Quat, Mat3, Mat4 } from './create.js';
export { vec2, vec3, quat, mat3, mat4, float64From, slabFloat64Array, slabMat4 } from './create.js';
export {
  ContactKind,
  contactKindName,
  packFeatureId,
  firstFeatureOf,
  secondFeatureOf,
} from './features.js';
export {
  LENGTH_SQUARED_EPSILON,
  SQUARE_UNDERFLOW,
  PARALLEL_EPSILON,
  SEGMENT_PARALLEL_EPSILON,
  AXIS_RELATIVE_MARGIN,
  AXIS_ABSOLUTE_MARGIN,
  UNIT_QUATERNION_TOLERANCE,
  RIGID_TOLERANCE,
  MAX_COORDINATE,
  MIN_SIZE,
} from './tolerance.js';
export {
  Transform2,
  transform2Point,
  transform2Direction,
  inverseTransform2Point,
  inverseTransform2Direction,
  composeTransform2,
  invertTransform2,
} from './transform2.js';
export {
  transformFromPose,
  composeTransforms,
  invertRigid,
  transformPoint,
  transformDirection,
  inverseTransformPoint,
  inverseTransformDirection,
  isRigidTransform,
  orthonormalizeRigid,
  normalizeScaled,
} from './transform3.js';
export {
  requireFinite,
  requirePositive,
  requireNonNegative,
  requireInteger,
  requireObject,
  requireCoordinate,
  readFiniteArray,
  copyFiniteArray,
  readCoordinates,
  copyCoordinates,
} from './validate.js';
