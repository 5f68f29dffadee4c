/**
 * What a chain keeps per segment for the detectors (`Chain.segmentBounds`, `segmentRounding`),
 * built once: a segment loaded from it must be the piece the general construction gives
 * (`ConvexPiece.pack`, `updateBounds`) bit for bit, so that the detectors' answers do not move.
 */
import { describe, expect, it } from 'vitest';
import { Random } from '@contactkit/test-support';
import { Chain, ConvexPiece } from '../shapes/shapes.js';
import { loadSegmentPiece } from './chain-cones.js';

/** A random open chain of `count` points about (ox, oy): steps of 0.01 to 2 at any angle, times `scale`. */
function randomChain(
  random: Random,
  count: number,
  scale: number,
  ox: number,
  oy: number,
): number[][] {
  const points: number[][] = [[ox, oy]];
  for (let i = 1; i < count; i++) {
    const [x, y] = points[i - 1]!, angle = random.range(0, 2 * Math.PI);
    const step = scale * random.logRange(0.01, 2);
    points.push([x! + step * Math.cos(angle), y! + step * Math.sin(angle)]);
  }
  return points;
}

/** Segment `i` of `chain` as a two-vertex piece, the general way: its fields, then pack and bounds. */
function generalPiece(chain: Chain, i: number): ConvexPiece {
  const piece = new ConvexPiece(2), v = chain.vertices, n = chain.normals;
  piece.vertices.set([v[2 * i]!, v[2 * i + 1]!, v[2 * i + 2]!, v[2 * i + 3]!]);
  piece.normals.set([-n[2 * i]!, -n[2 * i + 1]!, n[2 * i]!, n[2 * i + 1]!]);
  piece.pack();
  piece.updateBounds();
  return piece;
}

describe('a chain segment loaded from what the chain keeps', () => {
  for (const scale of [1e-3, 1, 1e3]) {
    it(`x ${scale}: is the general piece bit for bit, and its angle round-off is 2^-52 m / length`, () => {
      const random = new Random(24);
      const loaded = new ConvexPiece(2);
      for (let trial = 0; trial < 50; trial++) {
        // Far from the origin too, where the round-off of a short segment's direction is large.
        const far = trial % 2 === 0 ? 0 : scale * 1e5;
        const chain = new Chain(randomChain(random, 2 + random.int(30), scale, far, -far));
        for (let i = 0; i < chain.segmentCount; i++) {
          // Another segment loaded first: every field the load writes must be overwritten.
          loadSegmentPiece(loaded, chain, (i + 1) % chain.segmentCount);
          loadSegmentPiece(loaded, chain, i);
          const general = generalPiece(chain, i);
          expect(Array.from(loaded.packed)).toEqual(Array.from(general.packed));
          expect(Array.from(loaded.vertices)).toEqual(Array.from(general.vertices));
          expect(Array.from(loaded.normals)).toEqual(Array.from(general.normals));
          expect([loaded.centerX, loaded.centerY, loaded.radius])
            .toEqual([general.centerX, general.centerY, general.radius]);
          expect(Array.from(loaded.outerEdge)).toEqual([i, i]);
          expect(Array.from(loaded.vertexIndex)).toEqual([i, i + 1]);
          const v = chain.vertices;
          const largest = Math.max(...Array.from(v.subarray(2 * i, 2 * i + 4), Math.abs));
          const length = Math.hypot(v[2 * i + 2]! - v[2 * i]!, v[2 * i + 3]! - v[2 * i + 1]!);
          expect(chain.segmentRounding[i]! / (2 * Number.EPSILON * largest / length)).toBeCloseTo(
            1,
            12,
          );
        }
      }
    });
  }
});
