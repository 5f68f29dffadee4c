/**
 * Colours of the contact drawing. Saturated, unlit colours that stand out against the muted,
 * translucent shape colours below and against a dark or light background, so a contact stays
 * visible inside two overlapping shapes.
 */
import { ContactKind } from '@contactkit/math';
import { EdgeFlag } from '@contactkit/contacts3d';

/**
 * Marker and arrow colour (sRGB hex) for each `ContactKind`, indexed by the kind's value:
 * `CONTACT_KIND_COLORS[ContactKind.EdgeEdge]`.
 */
export const CONTACT_KIND_COLORS: Readonly<Record<ContactKind, number>> = Object.freeze({
  [ContactKind.FaceFace]: 0xff2d6f, // pink-red
  [ContactKind.PointFace]: 0xffd000, // yellow
  [ContactKind.EdgeEdge]: 0x00e5ff, // cyan
  [ContactKind.EdgeFace]: 0xff7a00, // orange
  [ContactKind.PointEdge]: 0xc061ff, // violet
  [ContactKind.PointPoint]: 0x39ff14, // green
});

/**
 * The colour of a kind; a value outside `ContactKind` (a corrupt contact) gets white rather
 * than an exception, so a drawing never stops a frame.
 */
export function contactKindColor(kind: number): number {
  return CONTACT_KIND_COLORS[kind as ContactKind] ?? 0xffffff;
}

/** Default colours of the two shapes of a pair (sRGB hex): a cool first shape, a warm second. */
export const SHAPE_COLORS = Object.freeze({
  /** The first shape of a pair. */
  first: 0x7f9cc4,
  /** The second shape of a pair. */
  second: 0xb9a27e,
});

/**
 * Marker colour of a speculative contact (negative penetration: a gap within the tolerance),
 * whatever its kind: a pale blue unlike every kind colour, so a contact that is only predicted
 * never reads as an overlap. Its arrow keeps the kind's colour.
 */
export const SPECULATIVE_COLOR = 0x9ec9ff;

/**
 * Witness points (`point -/+ normal * penetration / 2`, the deepest points of each shape) and
 * the depth segment between them: a bright tint of each shape colour and white.
 */
export const WITNESS_COLORS = Object.freeze({
  /** The witness point on the first shape. */
  first: 0x3f7bff,
  /** The witness point on the second shape. */
  second: 0xffe9a8,
  /** The segment between them, as long as the penetration. */
  depth: 0xffffff,
});

/**
 * Line colour (sRGB hex) of a mesh or heightfield edge by its `EdgeFlag`, indexed by the flag's
 * value: a ridge (convex) red, a valley (concave) blue, the many flat edges between coplanar
 * triangles a dim grey (they take no contact of their own, so they should not draw the eye), and
 * a boundary (the rim, a hole's edge) pale gold.
 */
export const EDGE_FLAG_COLORS: Readonly<Record<EdgeFlag, number>> = Object.freeze({
  [EdgeFlag.Boundary]: 0xf2d98c, // pale gold
  [EdgeFlag.Convex]: 0xff4d4d, // red
  [EdgeFlag.Flat]: 0x7d8796, // grey
  [EdgeFlag.Concave]: 0x4d8dff, // blue
});
