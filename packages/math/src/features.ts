/**
 * Contact kinds and feature ids, shared by the 2D and 3D packages so a solver handles both alike.
 */

/** Which features of the two shapes touch: the contact cases of Millington, Game Physics Engine Development, ch. 13. */
export const ContactKind = {
  /** Two faces (or curved surfaces: sphere on sphere, sphere on plane, circle on circle). */
  FaceFace: 0,
  /** A vertex of one shape against a face of the other. */
  PointFace: 1,
  /** An edge of each shape. */
  EdgeEdge: 2,
  /** An edge of one shape lying on a face of the other. */
  EdgeFace: 3,
  /** A vertex of one shape against an edge of the other. */
  PointEdge: 4,
  /** A vertex of each shape. */
  PointPoint: 5,
} as const;
export type ContactKind = (typeof ContactKind)[keyof typeof ContactKind];

/**
 * The name of a contact kind, for tables and labels. A number that is not a `ContactKind` (from
 * untyped code) gets `Unknown(<number>)` rather than `undefined`.
 */
export function contactKindName(kind: ContactKind): string {
  switch (kind) {
    case ContactKind.FaceFace:
      return 'FaceFace';
    case ContactKind.PointFace:
      return 'PointFace';
    case ContactKind.EdgeEdge:
      return 'EdgeEdge';
    case ContactKind.EdgeFace:
      return 'EdgeFace';
    case ContactKind.PointEdge:
      return 'PointEdge';
    case ContactKind.PointPoint:
      return 'PointPoint';
    default:
      return `Unknown(${String(kind)})`;
  }
}

/** 2^26, one past the largest feature code: the packed id is `first * FEATURE_CODE_RANGE + second`. */
const FEATURE_CODE_RANGE = 67108864;
/** Keeps the low 26 bits of a code (`& 0x3ffffff`, int32 arithmetic). */
const FEATURE_CODE_MASK = 0x3ffffff;

/**
 * Packs the feature codes of the first and second shape (each below 2^26) into one id,
 * `first * 2^26 + second`, as Box2D's B2_MAKE_ID packs its two feature indices but with 26 bits
 * a code so that 2D contours of millions of vertices name each vertex and edge. The id is a
 * non-negative integer below 2^52, exact in a double (a safe integer), one number to compare.
 * Only the low 26 bits of each code are kept, so a larger or negative code wraps rather than
 * spilling into the other code.
 */
export function packFeatureId(firstFeature: number, secondFeature: number): number {
  return (firstFeature & FEATURE_CODE_MASK) * FEATURE_CODE_RANGE +
    (secondFeature & FEATURE_CODE_MASK);
}

/**
 * The first shape's feature code of a packed id (the quotient by 2^26). For an id that
 * `packFeatureId` did not make (negative, fractional or 2^52 and above) the answer is
 * unspecified but a number.
 */
export function firstFeatureOf(featureId: number): number {
  return Math.floor(featureId / FEATURE_CODE_RANGE);
}

/** The second shape's feature code of a packed id (the remainder by 2^26; see `firstFeatureOf`). */
export function secondFeatureOf(featureId: number): number {
  return featureId - Math.floor(featureId / FEATURE_CODE_RANGE) * FEATURE_CODE_RANGE;
}
