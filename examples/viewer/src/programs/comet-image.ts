/**
 * The comet scene's picture, drawn procedurally so that the repository can remake it
 * (`pnpm --filter viewer comet`): a two-lobed nucleus in the manner of comet
 * 67P/Churyumov-Gerasimenko as Rosetta photographed it (a large and a small lobe joined by a
 * neck, which gives the outline concave corners), lit from the upper left, with craters and
 * boulders, on a transparent ground with a faint coma. Pure: RGBA bytes out, deterministic.
 */

import { mulberry32 } from '@contactkit/test-support';

export const COMET_WIDTH = 640;
export const COMET_HEIGHT = 440;

interface Lobe {
  x: number;
  y: number;
  /** Semi-axes before the wobble. */
  a: number;
  b: number;
  /** Turn of the lobe's axes. */
  angle: number;
  /** Radial wobble: amplitude and phase per harmonic 2..7. */
  wobble: Array<[number, number]>;
}

interface Crater {
  x: number;
  y: number;
  r: number;
}

const random = mulberry32(67);
const LOBES: Lobe[] = [
  { x: 250, y: 250, a: 170, b: 118, angle: -0.25, wobble: [] },
  { x: 452, y: 168, a: 108, b: 82, angle: 0.45, wobble: [] },
];
for (const lobe of LOBES) {
  for (let k = 2; k <= 7; k++) {
    lobe.wobble.push([(0.05 * (random() - 0.3)) / Math.sqrt(k - 1), random() * 2 * Math.PI]);
  }
}
const CRATERS: Crater[] = Array.from(
  { length: 18 },
  () => ({ x: 110 + random() * 430, y: 110 + random() * 260, r: 8 + random() * random() * 30 }),
);

/** The lobe's level function: < 1 inside, with the wobble on the radius. */
function lobeLevel(lobe: Lobe, x: number, y: number): number {
  const dx = x - lobe.x, dy = y - lobe.y;
  const c = Math.cos(lobe.angle), s = Math.sin(lobe.angle);
  const u = (c * dx + s * dy) / lobe.a, v = (-s * dx + c * dy) / lobe.b;
  const theta = Math.atan2(v, u);
  let radius = 1;
  for (let k = 0; k < lobe.wobble.length; k++) {
    radius += lobe.wobble[k]![0] * Math.cos((k + 2) * theta + lobe.wobble[k]![1]);
  }
  return Math.hypot(u, v) / radius;
}

/** Height of the surface over the picture (a smooth union of the two lobes as domes), 0 outside. */
function height(x: number, y: number): number {
  let h = 0;
  for (const lobe of LOBES) {
    const level = lobeLevel(lobe, x, y);
    if (level < 1) h = Math.max(h, Math.sqrt(1 - level * level) * Math.min(lobe.a, lobe.b));
  }
  // The neck: a saddle bridging the lobes, so the union has a waist, not a cusp.
  const nx = 0.55 * LOBES[0]!.x + 0.45 * LOBES[1]!.x, ny = 0.55 * LOBES[0]!.y + 0.45 * LOBES[1]!.y;
  const neck = 1 - Math.hypot((x - nx) / 70, (y - ny) / 52);
  if (neck > 0) h = Math.max(h, Math.sqrt(neck) * 60);
  for (const crater of CRATERS) {
    const d = Math.hypot(x - crater.x, y - crater.y) / crater.r;
    // A bowl with a raised rim (a crater's profile, depth about a fifth of its radius).
    if (h > 0 && d < 1.4) {
      h += crater.r * (d < 1 ? 0.25 * (d * d - 1) : 0.5 * (1.4 - d) * (d - 1) / 0.16);
    }
  }
  return h;
}

/** Whether (x, y) is on the nucleus. */
function inside(x: number, y: number): boolean {
  for (const lobe of LOBES) if (lobeLevel(lobe, x, y) < 1) return true;
  const nx = 0.55 * LOBES[0]!.x + 0.45 * LOBES[1]!.x, ny = 0.55 * LOBES[0]!.y + 0.45 * LOBES[1]!.y;
  return Math.hypot((x - nx) / 70, (y - ny) / 52) < 1;
}

/** Value noise on a lattice of `cell` pixels, bilinear, in [0, 1). */
function noise(x: number, y: number, cell: number, salt: number): number {
  const gx = Math.floor(x / cell), gy = Math.floor(y / cell);
  const fx = x / cell - gx, fy = y / cell - gy;
  const at = (i: number, j: number) => {
    let h = Math.imul(i + 374761393 * salt, 668265263) ^ Math.imul(j, 2246822519);
    h = Math.imul(h ^ (h >>> 13), 3266489917);
    return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
  };
  const sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy);
  const top = at(gx, gy) * (1 - sx) + at(gx + 1, gy) * sx;
  const bottom = at(gx, gy + 1) * (1 - sx) + at(gx + 1, gy + 1) * sx;
  return top * (1 - sy) + bottom * sy;
}

/** The picture: COMET_WIDTH x COMET_HEIGHT RGBA bytes, row by row from the top. */
export function drawComet(): Uint8ClampedArray {
  const width = COMET_WIDTH, heightPx = COMET_HEIGHT;
  const out = new Uint8ClampedArray(width * heightPx * 4);
  // Light from the upper left and toward the viewer (x right, y down, z out of the picture).
  const light = [-0.55, -0.5, 0.67];
  const norm = Math.hypot(light[0]!, light[1]!, light[2]!);
  const [lx, ly, lz] = light.map((v) => v / norm) as [number, number, number];
  for (let y = 0; y < heightPx; y++) {
    for (let x = 0; x < width; x++) {
      // Coverage by 4 x 4 samples: an antialiased edge, as a photograph's cut-out has.
      let covered = 0;
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          if (inside(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4)) covered++;
        }
      }
      const coverage = covered / 16;
      const cx = x + 0.5, cy = y + 0.5;
      let r = 0, g = 0, b = 0, alpha = 0;
      if (coverage > 0) {
        // Shading: the normal of the height field (plus fine roughness), Lambert's cosine law.
        const rough = (px: number, py: number) =>
          height(px, py) + 3 * noise(px, py, 7, 1) + 1.2 * noise(px, py, 3, 2);
        const hx = (rough(cx + 1, cy) - rough(cx - 1, cy)) / 2,
          hy = (rough(cx, cy + 1) - rough(cx, cy - 1)) / 2;
        const n = Math.hypot(hx, hy, 1);
        const lambert = Math.max(0, (-hx * lx - hy * ly + lz) / n);
        const albedo = 0.55 + 0.45 * noise(cx, cy, 23, 3);
        const shade = 0.07 + 0.93 * lambert * albedo;
        r = 205 * shade + 8;
        g = 190 * shade + 7;
        b = 172 * shade + 6;
        alpha = 255 * coverage;
      }
      // The coma: a faint glow around the nucleus and a tail to the upper right, never half opaque.
      const dx = cx - 330, dy = cy - 220;
      const glow = 40 * Math.exp(-(dx * dx + dy * dy) / (2 * 150 * 150));
      const along = (dx * 0.8 - dy * 0.6) / 320, across = (dx * 0.6 + dy * 0.8) / 90;
      const tail = along > 0
        ? 40 * Math.exp(-across * across / (1 + 2 * along)) * Math.exp(-along * 0.8)
        : 0;
      // Faded out toward the picture's border, so that the picture has no visible edge.
      const border = Math.min(cx, width - cx, cy, heightPx - cy) / 110;
      const fade = border >= 1 ? 1 : border * border * (3 - 2 * border);
      const comaAlpha = Math.min(90, glow + tail) * fade;
      const i = 4 * (y * width + x);
      const total = alpha + comaAlpha * (1 - alpha / 255);
      if (total > 0) {
        // The nucleus over the coma (Porter and Duff's "over"), the coma a pale blue-white.
        const weight = alpha / total;
        out[i] = r * weight + 200 * (1 - weight);
        out[i + 1] = g * weight + 220 * (1 - weight);
        out[i + 2] = b * weight + 255 * (1 - weight);
      }
      out[i + 3] = total;
    }
  }
  return out;
}
