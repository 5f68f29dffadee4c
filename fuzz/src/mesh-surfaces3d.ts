/**
 * Hostile static shapes for the mesh subjects, as plain data in their own frame (y up, the
 * surface's front up): flat floors tessellated at random (anisotropic grids whose rows may lie
 * 1e-4 of the floor apart, fans of up to 300 spokes from the centre or from a corner, and a square
 * split edge by edge, both triangles at an edge split together, so no T-junction, sometimes
 * 1e-9 to 1e-3 of the edge from its end), folded terrain (profiles extruded along z: ridges, valleys and
 * bends of 1e-9 to 1 rad, and steps with vertical risers), heightfields (flat, rolling, steps,
 * spikes of 1e3 cells, heights near 1e5, holes). A mesh repeats its vertices per triangle half
 * the time (exact copies, which the mesh joins), carries a few triangles of zero area (dropped),
 * and in the regime `near-duplicate` has its copies moved by 1e-12 to 1e-9 of the floor (not
 * joined: the build joins only equal positions, so each such edge is a crack, which its crack
 * sweep closes when the edges across it cover it within the crack width). Triangles are shuffled
 * and their corners rotated, so edge numbers vary.
 */
import type { Random } from '@contactkit/test-support';
import type { FieldData, MeshData, StaticData } from './mesh-oracle3d.js';

type Point = [number, number, number];

/** A mesh from triangles given by their corners, vertices shared, repeated, or nearly repeated. */
function meshFrom(
  random: Random,
  points: Point[],
  triangles: [number, number, number][],
  options: { twoSided?: boolean; nearDuplicate?: number; degenerate?: boolean; },
): MeshData {
  random.shuffle(triangles);
  const rotated = triangles.map((t) => {
    const k = random.int(3);
    return [t[k]!, t[(k + 1) % 3]!, t[(k + 2) % 3]!] as [number, number, number];
  });
  if (options.degenerate && rotated.length > 0) {
    // A repeated corner, and a triangle whose third corner is its first again: zero area.
    const [a, b] = rotated[random.int(rotated.length)]!;
    rotated.splice(random.int(rotated.length + 1), 0, [a, b, a]);
  }
  const repeat = options.nearDuplicate !== undefined || random.chance(0.5);
  if (!repeat) {
    return {
      kind: 'mesh',
      vertices: points.flat(),
      indices: rotated.flat(),
      twoSided: !!options.twoSided,
    };
  }
  const vertices: number[] = [], indices: number[] = [];
  const offset = options.nearDuplicate ?? 0;
  for (const t of rotated) {
    for (const i of t) {
      const p = points[i]!;
      // Moved within the plane of a flat floor: the copies no longer meet exactly.
      const moved = offset > 0 && random.chance(0.5);
      vertices.push(
        p[0] + (moved ? random.sign() * offset : 0),
        p[1],
        p[2] + (moved ? random.sign() * offset : 0),
      );
      indices.push(vertices.length / 3 - 1);
    }
  }
  return { kind: 'mesh', vertices, indices, twoSided: !!options.twoSided };
}

/** Coordinates 0..size along an axis: n cells of random widths, some 1e-4 of the others. */
function lines(random: Random, n: number, size: number): number[] {
  const widths = Array.from(
    { length: n },
    () => random.chance(0.15) ? random.logRange(1e-4, 1e-2) : random.range(0.3, 1),
  );
  const total = widths.reduce((a, b) => a + b, 0);
  const out = [0];
  for (const w of widths) out.push(out[out.length - 1]! + (w / total) * size);
  out[out.length - 1] = size;
  return out;
}

/** A grid over [0, size]^2 with heights `height(x, z)`, each cell split along a random diagonal. */
function gridMesh(
  random: Random,
  size: number,
  height: (x: number, z: number) => number,
): { points: Point[]; triangles: [number, number, number][]; } {
  const xs = lines(random, 1 + random.int(random.chance(0.3) ? 24 : 8), size);
  const zs = lines(random, 1 + random.int(random.chance(0.3) ? 24 : 8), size);
  const points: Point[] = [];
  for (const z of zs) for (const x of xs) points.push([x, height(x, z), z]);
  const triangles: [number, number, number][] = [];
  const at = (i: number, j: number) => i * xs.length + j;
  for (let i = 0; i + 1 < zs.length; i++) {
    for (let j = 0; j + 1 < xs.length; j++) {
      // Counter-clockwise seen from +y: (x, z) -> (x, z + 1) -> (x + 1, z + 1).
      const a = at(i, j), b = at(i + 1, j), c = at(i + 1, j + 1), d = at(i, j + 1);
      if (random.chance(0.5)) triangles.push([a, b, c], [a, c, d]);
      else triangles.push([a, b, d], [b, c, d]);
    }
  }
  return { points, triangles };
}

/** A fan over a convex polygon of `spokes` corners on a circle, from its centre or a corner. */
function fanMesh(random: Random, size: number): {
  points: Point[];
  triangles: [number, number, number][];
  inner: number;
} {
  const spokes = 3 + random.int(random.chance(0.5) ? 300 : 20);
  const angles = Array.from({ length: spokes }, () => random.range(0, 2 * Math.PI)).sort((a, b) =>
    a - b
  );
  const r = size / 2;
  const points: Point[] = angles.map((a) => [r + r * Math.cos(a), 0, r - r * Math.sin(a)]);
  // The widest angle between neighbouring corners (the last to the first round the circle).
  let gap = angles[0]! + 2 * Math.PI - angles[spokes - 1]!;
  for (let k = 0; k + 1 < spokes; k++) gap = Math.max(gap, angles[k + 1]! - angles[k]!);
  const triangles: [number, number, number][] = [];
  // Angles ascending with z = -sin: counter-clockwise seen from +y.
  if (random.chance(0.5)) {
    points.push([r, 0, r]);
    for (let k = 0; k < spokes; k++) triangles.push([spokes, k, (k + 1) % spokes]);
  } else {
    for (let k = 1; k + 1 < spokes; k++) triangles.push([0, k, k + 1]);
  }
  return { points, triangles, inner: gap >= Math.PI ? 0 : r * Math.cos(gap / 2) };
}

/** A square split edge by edge: both triangles at the chosen edge split at one new point. */
function splitMesh(
  random: Random,
  size: number,
): { points: Point[]; triangles: [number, number, number][]; } {
  const points: Point[] = [[0, 0, 0], [0, 0, size], [size, 0, size], [size, 0, 0]];
  const triangles: [number, number, number][] = [[0, 1, 2], [0, 2, 3]];
  const splits = random.int(random.chance(0.3) ? 400 : 60);
  for (let s = 0; s < splits; s++) {
    const t = triangles[random.int(triangles.length)]!, k = random.int(3);
    const a = t[k]!, b = t[(k + 1) % 3]!;
    const f = random.chance(0.2)
      ? random.pick([1e-9, 1e-6, 1 - 1e-6, 1e-3, 1 - 1e-3])
      : random.range(0.2, 0.8);
    const pa = points[a]!, pb = points[b]!;
    points.push([pa[0] + f * (pb[0] - pa[0]), 0, pa[2] + f * (pb[2] - pa[2])]);
    const m = points.length - 1;
    // Each triangle at the edge, in place, becomes its two halves (neither runs the edge again).
    for (let at = 0; at < triangles.length; at++) {
      const u = triangles[at]!;
      let i = 0;
      while (
        i < 3 && !((u[i] === a && u[(i + 1) % 3] === b) || (u[i] === b && u[(i + 1) % 3] === a))
      ) i++;
      if (i === 3) continue;
      const p = u[i]!, q = u[(i + 1) % 3]!, o = u[(i + 2) % 3]!;
      triangles.splice(at, 1, [p, m, o], [m, q, o]);
      at++;
    }
  }
  return { points, triangles };
}

/**
 * A profile y(x) given by its corners (x ascending, a vertical riser where two share an x),
 * extruded over z in [0, size] in `strips` strips: each segment's quads wound with their front
 * to the left of the profile's direction (up for a rising x).
 */
function profileMesh(
  profile: [number, number][],
  size: number,
  strips: number,
): { points: Point[]; triangles: [number, number, number][]; } {
  const points: Point[] = [];
  for (let s = 0; s <= strips; s++) {
    for (const [x, y] of profile) points.push([x, y, (s / strips) * size]);
  }
  const at = (s: number, i: number) => s * profile.length + i;
  const triangles: [number, number, number][] = [];
  for (let s = 0; s < strips; s++) {
    for (let i = 0; i + 1 < profile.length; i++) {
      const a = at(s, i), b = at(s, i + 1), c = at(s + 1, i + 1), d = at(s + 1, i);
      triangles.push([a, c, b], [a, d, c]);
    }
  }
  return { points, triangles };
}

/** A random profile over [0, size]: folds (convex and concave), bends near flat, or steps. */
function profile(random: Random, size: number, steps: boolean): [number, number][] {
  const n = 2 + random.int(8);
  const out: [number, number][] = [[0, 0]];
  let y = 0;
  for (let i = 1; i <= n; i++) {
    const x = (i / n) * size;
    if (steps) {
      const rise = random.sign() * random.range(0.05, 0.5) * size / n;
      out.push([x - size / (2 * n), y], [x - size / (2 * n), y + rise]);
      y += rise;
      out.push([x, y]);
      continue;
    }
    // A slope change of 1e-9 to 1 rad either way (convex or concave).
    const slope = Math.tan(
      random.sign() * (random.chance(0.3) ? random.logRange(1e-9, 1e-3) : random.range(0, 1)),
    );
    y += slope * size / n;
    out.push([x, y]);
  }
  return out;
}

/** Which static shape a regime draws. */
export type SurfaceKind =
  | 'flat-grid'
  | 'flat-fan'
  | 'flat-split'
  | 'near-duplicate'
  | 'folded'
  | 'steps'
  | 'two-sided'
  | 'field-flat'
  | 'field-terrain'
  | 'field-holes'
  | 'field-extreme'
  | 'field-steps';

/** A static shape of `kind` at `scale` (its floor about `scale` across), posed. */
export function drawStatic(
  random: Random,
  kind: SurfaceKind,
  scale: number,
  far: boolean,
): StaticData {
  const position = far
    ? (random.unitVector().map((x) => x * random.range(0.8e5, 1.2e5)) as unknown as Point)
    : ([0, 0, 0] as Point);
  const quaternion = random.chance(0.2) ? ([0, 0, 0, 1] as const) : random.rotation();
  if (kind.startsWith('field-')) {
    const surface = field(random, kind, scale);
    return { surface, position, quaternion, flat: flatField(kind, surface) };
  }
  if (kind === 'folded' || kind === 'steps' || kind === 'two-sided') {
    const shape = random.chance(0.5) || kind === 'steps'
      ? profileMesh(profile(random, scale, kind === 'steps'), scale, 1 + random.int(4))
      : gridMesh(random, scale, foldedHeight(random, scale));
    return {
      surface: meshFrom(random, shape.points, shape.triangles, {
        twoSided: kind === 'two-sided',
        degenerate: random.chance(0.2),
      }),
      position,
      quaternion,
      flat: null,
    };
  }
  // Flat floors in the plane y = 0, far ones with their vertices near 1e5 as well (x and z only:
  // a floor in a coordinate plane is exactly flat at any distance).
  const shift = far ? random.range(0.8e5, 1.2e5) * random.sign() : 0;
  let shape: { points: Point[]; triangles: [number, number, number][]; };
  let region: [number, number, number, number] = [0, 0, scale, scale];
  if (kind === 'flat-fan') {
    const fan = fanMesh(random, scale);
    shape = fan;
    const half = fan.inner / Math.SQRT2;
    region = [scale / 2 - half, scale / 2 - half, scale / 2 + half, scale / 2 + half];
  } else if (kind === 'flat-split' || (kind === 'near-duplicate' && random.chance(0.5))) {
    shape = splitMesh(random, scale);
  } else {
    shape = gridMesh(random, scale, () => 0);
  }
  for (const p of shape.points) (p[0] += shift, p[2] += shift);
  region = [region[0] + shift, region[1] + shift, region[2] + shift, region[3] + shift];
  const surface = meshFrom(random, shape.points, shape.triangles, {
    degenerate: random.chance(0.2),
    ...(kind === 'near-duplicate' ? { nearDuplicate: scale * random.logRange(1e-12, 1e-9) } : {}),
  });
  return { surface, position, quaternion, flat: { height: 0, region } };
}

/** Heights of folded terrain: a ridge or a valley along a random line, a peak, or noise. */
function foldedHeight(random: Random, scale: number): (x: number, z: number) => number {
  const kind = random.int(3), a = random.range(-1, 1), x0 = random.range(0.2, 0.8) * scale;
  const b = random.range(-1, 1), z0 = random.range(0.2, 0.8) * scale;
  const noise = random.chance(0.5) ? random.range(0, 0.2) : 0;
  // The noise from the coordinates, so a vertex gets one height whichever triangle asks.
  const jitter = (x: number, z: number) =>
    noise * scale * Math.sin(x * 12.9898 / scale + z * 78.233 / scale);
  if (kind === 0) return (x, z) => a * Math.abs(x - x0) + jitter(x, z);
  if (kind === 1) return (x, z) => a * Math.abs(x - x0) + b * Math.abs(z - z0) + jitter(x, z);
  return (x, z) => -Math.abs(a) * Math.hypot(x - x0, z - z0) + jitter(x, z);
}

function field(random: Random, kind: SurfaceKind, scale: number): FieldData {
  const rows = 2 + random.int(random.chance(0.3) ? 30 : 8);
  const columns = 2 + random.int(random.chance(0.3) ? 30 : 8);
  const cellSize = scale / Math.max(rows, columns);
  const heights: number[] = [];
  const base = kind === 'field-extreme' && random.chance(0.5)
    ? random.sign() * random.range(0.8e5, 1.2e5)
    : 0;
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < columns; j++) {
      let h = 0;
      if (kind === 'field-terrain' || kind === 'field-holes' || kind === 'field-extreme') {
        h = cellSize * (Math.sin(i * 0.7 + j * 0.3) + random.range(-0.5, 0.5));
      }
      if (kind === 'field-steps') h = cellSize * Math.floor(j / 2) * (i % 3 === 0 ? 1 : 0.5);
      if (kind === 'field-extreme' && random.chance(0.1)) {
        h = random.sign() * cellSize * random.logRange(10, 1e3);
      }
      heights.push(base + h);
    }
  }
  const cells = (rows - 1) * (columns - 1);
  const holes = kind === 'field-holes'
    ? Array.from({ length: cells }, (): number => (random.chance(0.3) ? 1 : 0))
    : null;
  if (holes && !holes.includes(0)) holes[random.int(cells)] = 0;
  return { kind: 'heightfield', rows, columns, heights, cellSize, holes };
}

/** A flat heightfield is a flat floor: its interior is all of it (it has no holes). */
function flatField(kind: SurfaceKind, surface: FieldData): StaticData['flat'] {
  const { rows, columns, cellSize } = surface;
  return kind === 'field-flat'
    ? { height: 0, region: [0, 0, (columns - 1) * cellSize, (rows - 1) * cellSize] }
    : null;
}
