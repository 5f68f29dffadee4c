import { describe, expect, it } from 'vitest';
import { Random } from '@contactkit/test-support';
import { loadSegmentPiece } from '../contours/chain-cones.js';
import { LocalManifold2 } from '../manifold/manifold2.js';
import { Chain, ConvexPiece, Polygon } from '../shapes/shapes.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';
import { CapsuleCore, capsulePieceContacts } from './capsule2-piece.js';

/**
 * A hostile outline of size `s` about the origin: a box or a sliver, a convex polygon, or a star
 * (concave); now and then with midpoints (collinear vertices) and repeated vertices.
 */
function hostileOutline(random: Random, s: number): number[][] {
  const kind = random.int(4);
  let points: number[][];
  if (kind === 0) {
    const hx = s * random.range(0.2, 1),
      hy = random.chance(0.3) ? s * 1e-4 : s * random.range(0.2, 1);
    points = [[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]];
  } else if (kind === 1 || kind === 2) {
    const count = 3 + random.int(8), angles: number[] = [];
    for (let i = 0; i < count; i++) angles.push(random.range(0, 2 * Math.PI));
    angles.sort((x, y) => x - y);
    points = angles.map((a) => [s * Math.cos(a), s * random.range(0.3, 1) * Math.sin(a)]);
  } else {
    const count = 6 + 2 * random.int(5);
    points = [];
    for (let i = 0; i < count; i++) {
      const a = (2 * Math.PI * i) / count, r = s * (i % 2 === 0 ? 1 : random.range(0.2, 0.6));
      points.push([r * Math.cos(a), r * Math.sin(a)]);
    }
  }
  if (!random.chance(0.3)) return points;
  const out: number[][] = [];
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!, q = points[(i + 1) % points.length]!;
    out.push(p);
    if (random.chance(0.5)) out.push([(p[0]! + q[0]!) / 2, (p[1]! + q[1]!) / 2]);
    if (random.chance(0.2)) out.push([p[0]!, p[1]!]);
  }
  return out;
}

/** A candidate pair of closest points: the distance squared and the features they name. */
interface Candidate {
  d2: number;
  pieceEdge: number;
  pieceVertex: number;
  coreAt: number;
}

/**
 * Every candidate of a scan of the core's ends against every edge (an edge's inside only from
 * in front of it) and of every vertex against the core (Ericson 5.1.2), brute force.
 */
function scan(core: CapsuleCore, piece: ConvexPiece): Candidate[] {
  const v = piece.packed, n = piece.count, half = core.half, out: Candidate[] = [];
  for (const sign of [-1, 1]) {
    const px = core.cx + sign * core.ux * half, py = core.cy + sign * core.uy * half;
    for (let k = 0; k < n; k++) {
      const j = (k + 1) % n, ex = v[4 * j]! - v[4 * k]!, ey = v[4 * j + 1]! - v[4 * k + 1]!;
      const t = Math.max(
        0,
        Math.min(1, ((px - v[4 * k]!) * ex + (py - v[4 * k + 1]!) * ey) / (ex * ex + ey * ey)),
      );
      const fx = v[4 * k]! + t * ex, fy = v[4 * k + 1]! + t * ey;
      const inside = t > 0 && t < 1;
      if (inside && v[4 * k + 2]! * (px - fx) + v[4 * k + 3]! * (py - fy) < 0) continue;
      out.push({
        d2: (px - fx) ** 2 + (py - fy) ** 2,
        pieceEdge: inside ? k : -1,
        pieceVertex: t >= 1 ? j : k,
        coreAt: sign * half,
      });
    }
  }
  for (let k = 0; k < n; k++) {
    const s = Math.max(
      -half,
      Math.min(half, core.ux * (v[4 * k]! - core.cx) + core.uy * (v[4 * k + 1]! - core.cy)),
    );
    const px = core.cx + core.ux * s, py = core.cy + core.uy * s;
    out.push({
      d2: (px - v[4 * k]!) ** 2 + (py - v[4 * k + 1]!) ** 2,
      pieceEdge: -1,
      pieceVertex: k,
      coreAt: s,
    });
  }
  return out;
}

describe('capsulePieceContacts: the closest features of a core apart from a piece', () => {
  it(
    `are those of a brute-force scan over ${PROPERTY_RUNS} hostile pairs (ties: any tied one)`,
    () => {
      const random = new Random(2411);
      const core = new CapsuleCore(),
        manifold = new LocalManifold2(8),
        segment = new ConvexPiece(2);
      const failures: string[] = [];
      let runs = 0, compared = 0, vertices = 0, edges = 0;
      while (runs < PROPERTY_RUNS && failures.length < 5) {
        const s = 10 ** random.range(-3, 3);
        // Coordinates near 1e5 three times in ten (the outline and the core moved there).
        const origin = random.chance(0.3) ? 1e5 : 0;
        let pieces: readonly ConvexPiece[];
        try {
          if (random.chance(0.2)) {
            const points: number[][] = [];
            for (let i = 0, count = 2 + random.int(4); i < count; i++) {
              points.push(
                i > 0 && random.chance(0.2)
                  ? [...points[i - 1]!]
                  : [origin + s * random.range(-1, 1), s * random.range(-1, 1)],
              );
            }
            const chain = new Chain(points);
            loadSegmentPiece(segment, chain, random.int(chain.segmentCount));
            pieces = [segment];
          } else {
            const shift = origin;
            pieces = new Polygon(hostileOutline(random, s).map(([x, y]) => [x! + shift, y!]))
              .convexPieces();
          }
        } catch {
          continue;
        }
        runs++;
        // The core's pose: inside the piece, touching it, apart; parallel to the owner's axes.
        const half = random.chance(0.1) ? 0 : s * random.range(0.01, 1.5);
        const distance = random.chance(0.1) ? 0 : s * random.range(0, 2.5),
          angle = random.range(0, 2 * Math.PI);
        const turn = random.chance(0.1) ? 0 : random.range(-4, 4);
        core.set(
          origin + distance * Math.cos(angle),
          distance * Math.sin(angle),
          Math.cos(turn),
          Math.sin(turn),
          half,
          s * 1e-3,
          10 * s,
        );
        for (const piece of pieces) {
          manifold.count = 0;
          core.distance = NaN;
          capsulePieceContacts(core, piece, manifold);
          // Only pairs the SAT found apart reach the closest features (the distance is set).
          if (Number.isNaN(core.distance)) continue;
          compared++;
          const candidates = scan(core, piece), least = Math.min(...candidates.map((c) => c.d2));
          const got = core.distance ** 2;
          if (Math.abs(got - least) > 1e-12 * Math.max(least, s * s * 1e-6)) {
            failures.push(
              `run ${runs}: distance ${core.distance}, brute force ${Math.sqrt(least)}`,
            );
            continue;
          }
          const tied = candidates.filter((c) =>
            c.d2 <= least + 1e-12 * Math.max(least, s * s * 1e-6)
          );
          const match = tied.some((c) =>
            c.pieceEdge === core.pieceEdge && c.pieceVertex === core.pieceVertex &&
            Math.abs(c.coreAt - core.coreAt) <= 1e-12 * s
          );
          if (!match) {
            failures.push(
              `run ${runs}: features ${core.pieceEdge}/${core.pieceVertex}/${core.coreAt} not among the ties`,
            );
          }
          if (core.pieceEdge >= 0) edges++;
          else vertices++;
        }
      }
      expect(failures).toEqual([]);
      // Most configurations compare, both an edge's inside and a vertex closest often.
      expect(compared).toBeGreaterThan(PROPERTY_RUNS / 4);
      expect(edges).toBeGreaterThan(PROPERTY_RUNS / 20);
      expect(vertices).toBeGreaterThan(PROPERTY_RUNS / 20);
    },
    PROPERTY_TIMEOUT,
  );
});
