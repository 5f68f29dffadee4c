/**
 * The mesh oracle's shortcuts give the answers of the plain brute force, over thousands of the
 * suite's own hostile configurations (every mesh pair and regime): `closest` against every
 * triangle measured; `coreTriangle` with its edge-pair rejection against it without;
 * `coreSegmentDistance`'s box rejection against the full measure, at the flat-floor property's
 * threshold and at thresholds a hair either side of the distance itself; and `hypot3` against
 * `Math.hypot`, bit for bit, on hostile triples.
 */
import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import {
  closest,
  type Core,
  coreOf,
  coreSegmentDistance,
  coreTriangle,
  length,
  shrunk,
  sub,
  surfaceOf,
  type Surface,
} from './mesh-oracle3d.js';
import { MESH_PAIRS, type MeshConfig, meshSubjects } from './mesh3d.js';
import { hypot3 } from './oracle3d.js';

/** Configurations per pair and regime (8 pairs, 15 or 16 regimes each). */
const PER_REGIME = 10;

/** Every mesh pair's configurations, drawn by the suite's generators. */
function configurations(): MeshConfig[] {
  const out: MeshConfig[] = [];
  for (const subject of meshSubjects(MESH_PAIRS, undefined, () => {})) {
    for (const regime of subject.regimes) {
      const random = new Random(1 + out.length);
      for (let i = 0; i < PER_REGIME; i++) {
        const config = subject.generate(regime, random);
        if (config) out.push(config);
      }
    }
  }
  return out;
}

/** The cores a configuration's measures ask about: its own, a polytope's shrunk one, a point. */
function coresOf(config: MeshConfig): Core[] {
  const core = coreOf(config.moving);
  if (core.faces.length === 0) return [core];
  const centre = core.points[0]!;
  return [core, shrunk(core, 1e-9), { points: [centre], edges: [], faces: [], radius: 0 }];
}

/** The least distance from the core to any triangle, every triangle measured in full. */
function bruteForce(surface: Surface, core: Core): number {
  let best = Infinity;
  for (const t of surface.triangles) {
    const [p, q] = coreTriangle(core, t, Infinity, Infinity);
    best = Math.min(best, length(sub(p, q)));
  }
  return best;
}

describe(
  'the mesh oracle: its shortcuts answer as the brute force does',
  { timeout: 300_000 },
  () => {
    const configs = configurations();

    it('draws thousands of configurations across the pairs and regimes', () => {
      expect(configs.length).toBeGreaterThan(1000);
    });

    it('closest finds every triangle-by-triangle least distance (and meeting exactly when it meets)', () => {
      let compared = 0, meeting = 0, apart = 0;
      for (const config of configs) {
        const surface = surfaceOf(config.fixed);
        for (const core of coresOf(config)) {
          const found = closest(surface, core).distance, truth = bruteForce(surface, core);
          if (truth === 0) {
            meeting++;
            expect(found).toBe(0);
          } else {
            apart++;
            expect(found).toBe(truth);
          }
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(2000);
      // Both sides of the question were asked often.
      expect(meeting).toBeGreaterThan(200);
      expect(apart).toBeGreaterThan(200);
    });

    it("coreTriangle's edge-pair rejection changes no pair", () => {
      let compared = 0;
      for (const config of configs) {
        const surface = surfaceOf(config.fixed);
        for (const core of coresOf(config)) {
          for (const t of surface.triangles.slice(0, 30)) {
            expect(coreTriangle(core, t)).toEqual(coreTriangle(core, t, Infinity, Infinity));
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(30_000);
    });

    it("coreSegmentDistance's box rejection answers 'below within?' as the full measure does", () => {
      let compared = 0, below = 0, rejected = 0;
      for (const config of configs) {
        const surface = surfaceOf(config.fixed), core = coreOf(config.moving);
        const size = Math.max(core.radius, 1e-3 * surface.extent);
        for (const t of surface.triangles.slice(0, 25)) {
          for (let k = 0; k < 3; k++) {
            const a = t.v[k]!, b = t.v[(k + 1) % 3]!;
            const full = coreSegmentDistance(core, a, b);
            // The flat-floor property's threshold, and the distance itself give or take a hair.
            for (const within of [1.01 * size, full * (1 + 1e-9), full * (1 - 1e-9)]) {
              if (!(within > 0)) continue;
              const quick = coreSegmentDistance(core, a, b, within);
              expect(quick < within).toBe(full < within);
              if (quick !== full) rejected++;
              if (full < within) below++;
              compared++;
            }
          }
        }
      }
      expect(compared).toBeGreaterThan(30_000);
      expect(below).toBeGreaterThan(1000);
      // The rejection is taken (it is what saves the time).
      expect(rejected).toBeGreaterThan(10_000);
    });

    it('hypot3 is Math.hypot of three numbers to the last bit', () => {
      const random = new Random(7);
      const bits = new Float64Array(1), words = new Uint32Array(bits.buffer);
      const hostile = () => {
        const kind = random.int(8);
        if (kind === 0) return random.pick([0, -0, NaN, Infinity, -Infinity, 5e-324, 1.7e308]);
        if (kind === 1) {
          // Any double: subnormals, huge, NaN and infinities among them.
          words[0] = random.int(2 ** 32), words[1] = random.int(2 ** 32);
          return bits[0]!;
        }
        if (kind === 2) return random.sign() * random.logRange(1e-300, 1e300);
        return random.range(-1, 1) * 10 ** random.int(12);
      };
      for (let i = 0; i < 100_000; i++) {
        const x = hostile(), y = hostile(), z = hostile();
        expect(Object.is(hypot3(x, y, z), Math.hypot(x, y, z))).toBe(true);
      }
    });
  },
);
