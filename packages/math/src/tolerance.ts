/**
 * Every tolerance contactkit uses, in one place. Lengths are in the caller's units; the relative
 * ones are scaled by the size of the shapes involved so that the answers do not change with the
 * unit of length.
 */

/**
 * An absolute bound: a squared length below this is treated as zero (a direction cannot be taken
 * from it), i.e. lengths under 1e-12 in the caller's units. Being absolute, it suits only shapes
 * far larger than 1e-12: the detectors and the closest-point kernels no longer use it (their
 * tests are exact or relative to the shapes' sizes, so that two spheres of radius 1e-13 behave as
 * two of radius 1 scaled); collision2d's line and segment tests (`tests2d.ts`) still do.
 */
export const LENGTH_SQUARED_EPSILON = 1e-24;

/**
 * Below this a squared length has lost bits to underflow (a component under about 1e-154 squares
 * into the subnormal doubles near 1e-308): the length is then taken by `Math.hypot`, which
 * divides the components by the largest first, so that a direction between points 1e-300 apart
 * is still a unit vector (only there: it is slower than the square root of the sum).
 */
export const SQUARE_UNDERFLOW = 1e-280;

/**
 * Two directions are parallel when `|a x b|^2 <= PARALLEL_EPSILON * |a|^2 * |b|^2`, i.e. the sine
 * of the angle between them is below 1e-3 (about 0.06 degrees).
 */
export const PARALLEL_EPSILON = 1e-6;

/**
 * The segment-segment kernel treats two segments as parallel when
 * `|d1 x d2|^2 <= SEGMENT_PARALLEL_EPSILON * |d1|^2 * |d2|^2` (sine of the angle below 1e-6) and
 * then answers the middle of their overlap. Far smaller than `PARALLEL_EPSILON` on purpose: the
 * middle of the overlap can be up to `sin(angle) * length / 2` farther apart than the true
 * closest points, while Ericson's general formula stays accurate down to this angle (its
 * denominator keeps about 12 of its 16 digits).
 */
export const SEGMENT_PARALLEL_EPSILON = 1e-12;

/**
 * Axis selection bias for box-box SAT (Box2D's relative + absolute tolerance idea, carried to 3D):
 * a candidate axis replaces the preferred one only when its separation is larger by
 * `AXIS_RELATIVE_MARGIN * |separation| + AXIS_ABSOLUTE_MARGIN * size` (size: the largest half
 * extent of the pair). Resting boxes must never report a phantom edge contact from round-off,
 * and the chosen axis must not flip between nearly equal candidates from frame to frame.
 */
export const AXIS_RELATIVE_MARGIN = 0.02;
/** Absolute part of the axis bias, as a fraction of the larger shape's size. */
export const AXIS_ABSOLUTE_MARGIN = 1e-6;

/**
 * How far from unit length a caller may let a quaternion be and still treat it as normalised.
 * The setters need no such bound: they normalise any non-zero quaternion, scaled by its largest
 * component first (`normalizeScaled`), so a tiny or a huge one keeps its rotation.
 */
export const UNIT_QUATERNION_TOLERANCE = 1e-6;

/**
 * How far each element of a transform may be from the rigid transform `orthonormalizeRigid`
 * makes of it (the one a setter stores) before `isRigidTransform` and the setters reject it.
 */
export const RIGID_TOLERANCE = 1e-6;

/**
 * The supported range of coordinates and sizes: every position, translation, vertex, radius,
 * half size, plane offset and speculative tolerance a constructor or setter accepts has a
 * magnitude of at most 1e75, and a value beyond it is a `RangeError` that says so. Inside the
 * range no detector or mass property returns NaN or an infinity.
 *
 * Why 1e75: the kernels multiply up to four lengths together (Ericson's segment-segment
 * denominator `|d1|^2 |d2|^2 - (d1 . d2)^2`, the parallel tests `|a x b|^2 <= eps |a|^2 |b|^2`,
 * a polygon's second moment: an area times a squared length). A world coordinate is a pose plus
 * a local size (at most about 2.5e75) and a difference of two is at most about 5e75, whose fourth
 * power, 6.3e302, leaves room for sums of several such terms below the largest double, 1.8e308.
 * Squares alone would allow about 1e150. Nothing is bounded from below: a length too small to
 * square is a degenerate case each detector documents (coincident centres, a point sphere).
 */
export const MAX_COORDINATE = 1e75;

/**
 * The smallest supported size of a polygon: its extent (the largest difference of two of its
 * coordinates) must be at least 1e-150, and a smaller one is a `RangeError` that names the range
 * 1e-150 to 1e75. Why 1e-150: the 2D detectors and the polygon checks multiply two lengths (a
 * cross product of edges, an area), which for a shape of size 1e-150 are about 1e-300, above the
 * smallest normal double (2.2e-308), so they keep their precision; a square of side 2e-200 has an
 * area that underflows to 0. (The second moment, a product of four lengths, keeps its precision
 * down to sizes of about 1e-75.)
 */
export const MIN_SIZE = 1e-150;
