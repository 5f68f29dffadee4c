/**
 * A colour per contact identity (the two bodies and the feature id): the same identity gives the
 * same colour in every frame, so a contact that persists keeps its colour and a new one shows as
 * a change. The hue is the identity's hash times the golden ratio conjugate, which spreads
 * neighbouring hashes around the colour wheel (Ankerl, "How to generate random colors
 * programmatically", 2009).
 */

const GOLDEN = 0.618033988749895;

/**
 * sRGB hex colour of the contact of bodies `first` and `second` (numbers naming them) with
 * `featureId`.
 */
export function contactColor(first: number, second: number, featureId: number): number {
  // FNV-1a over the bytes of the three 32-bit words (Fowler, Noll and Vo).
  const hash = fnv1a(fnv1a(fnv1a(0x811c9dc5, first), second), featureId);
  const hue = ((hash >>> 0) * GOLDEN) % 1;
  return hslToHex(hue, 0.85, 0.6);
}

/** `hash` advanced by the four bytes of `word`, low byte first. */
function fnv1a(hash: number, word: number): number {
  for (let shift = 0; shift < 32; shift += 8) {
    hash = Math.imul(hash ^ ((word >>> shift) & 0xff), 0x01000193);
  }
  return hash;
}

/** HSL (each in [0, 1]) to an sRGB hex number. */
function hslToHex(h: number, s: number, l: number): number {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h * 12) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return (channel(0) << 16) | (channel(8) << 8) | channel(4);
}
