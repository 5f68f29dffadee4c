/**
 * Every tolerance contactkit uses, in one place. Lengths are in the caller's units; the relative
 * ones are scaled by the size of the shapes involved so that the answers do not change with the
 * unit of length.
 */

/** A squared length below this is treated as zero (a direction cannot be taken from it). */
export const LENGTH_SQUARED_EPSILON = 1e-24;

/**
 * Two directions are parallel when `|a x b|^2 <= PARALLEL_EPSILON * |a|^2 * |b|^2`, i.e. the sine
 * of the angle between them is below 1e-3 (about 0.06 degrees).
 */
export const PARALLEL_EPSILON = 1e-6;

/**
 * An axis from an edge-edge cross product replaces a face axis only when it separates less than
 * `AXIS_RELATIVE_TOLERANCE * faceSeparation - AXIS_ABSOLUTE_TOLERANCE * size` (Box2D's
 * b2_linearSlop bias idea carried to 3D): resting boxes must never report a phantom edge contact
 * from round-off, and the chosen axis must not flip between nearly equal candidates.
 */
export const AXIS_RELATIVE_TOLERANCE = 0.95;
/** Absolute part of the face-axis bias, as a fraction of the larger shape's size. */
export const AXIS_ABSOLUTE_TOLERANCE = 1e-3;

/** How far from unit length a quaternion may be before a setter rejects it. */
export const UNIT_QUATERNION_TOLERANCE = 1e-6;

/** How far the columns of a transform's rotation may be from orthonormal before a setter rejects it. */
export const RIGID_TOLERANCE = 1e-6;
