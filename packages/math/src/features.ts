/**
 * Contact kinds and feature ids, shared by the 2D and 3D packages so a solver handles both alike.
 */

/** Which features of the two shapes touch: the contact cases of seed 004. */
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
    case ContactKind.FaceFace: return 'FaceFace';
    case ContactKind.PointFace: return 'PointFace';
    case ContactKind.EdgeEdge: return 'EdgeEdge';
    case ContactKind.EdgeFace: return 'EdgeFace';
    case ContactKind.PointEdge: return 'PointEdge';
    case ContactKind.PointPoint: return 'PointPoint';
    default: return `Unknown(${String(kind)})`;
  }
}

/**
 * Packs the feature codes of the first and second shape (each below 2^16) into one unsigned
 * 32-bit id, as Box2D's B2_MAKE_ID packs its two feature indices. Only the low 16 bits of each
 * code are kept, so a larger or negative code wraps rather than spilling into the other half.
 */
export function packFeatureId(firstFeature: number, secondFeature: number): number {
  return (((firstFeature & 0xffff) << 16) | (secondFeature & 0xffff)) >>> 0;
}

/** The first shape's feature code of a packed id. */
export function firstFeatureOf(featureId: number): number {
  return featureId >>> 16;
}

/** The second shape's feature code of a packed id. */
export function secondFeatureOf(featureId: number): number {
  return featureId & 0xffff;
}
