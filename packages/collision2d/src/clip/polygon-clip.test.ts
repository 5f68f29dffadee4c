import { describe, expect, it } from 'vitest';
import { Random } from '@contactkit/test-support';
import { loadSegmentPiece } from '../contours/chain-cones.js';
import { CollisionData2 } from '../manifold/contact2.js';
import { LocalManifold2 } from '../manifold/manifold2.js';
import { collidePolygonPolygon } from '../pairs/polygon-polygon.js';
import { Chain, ConvexPiece, Polygon } from '../shapes/shapes.js';
import { convexOutline } from '../test-support/convex-outline.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';
import {
  collidePieces,
  PIECES_REFERENCE,
  pieceAxes,
  pieceContacts,
  PieceQuery,
  snapPieces,
} from './polygon-clip.js';

/** Every number of a manifold's points, in order (compared with Object.is: -0 is not 0). */
function manifoldBits(manifold: LocalManifold2): number[] {
  const out = [manifold.count];
  for (let k = 0; k < manifold.count; k++) {
    const p = manifold.points[k]!;
    out.push(
      p.x,
      p.y,
      p.normalX,
      p.normalY,
      p.penetration,
      p.kind,
      p.firstFeature,
      p.secondFeature,
    );
  }
  return out;
}

function same(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, k) => Object.is(value, b[k]));
}

/**
 * A hostile outline of size `size`: a convex one (boxes, slivers, up to 64 points), one with
 * vertices inside straight sides (edges in line), one with a duplicated vertex, or a concave L
 * (pieces with internal edges).
 */
function hostileOutline(random: Random, size: number): number[][] {
  const kind = random.int(4);
  if (kind === 0) return convexOutline(random, size);
  const h = size * random.range(0.2, 1);
  if (kind === 1) return [[-size, -h], [0, -h], [size, -h], [size, h], [0, h], [-size, h]];
  if (kind === 2) return [[-size, -h], [size, -h], [size, -h], [size, h], [-size, h]];
  const t = size * random.range(0.1, 0.9);
  return [[-size, -h], [size, -h], [size, -h + t], [-size + t, -h + t], [-size + t, h], [
    -size,
    h,
  ]];
}

/**
 * A segment near `polygon` (its frame, then posed): across it, along one of its edges (in line
 * with it, touching), inside it, end on at a vertex, or 1e-3 of the size long.
 */
function nearSegment(random: Random, polygon: Polygon, size: number): number[][] {
  const v = polygon.vertices, n = polygon.count, i = random.int(n), j = (i + 1) % n;
  const ax = v[2 * i]!, ay = v[2 * i + 1]!, bx = v[2 * j]!, by = v[2 * j + 1]!;
  const kind = random.int(5);
  const jitter = () => (random.chance(0.5) ? 0 : size * random.range(-0.05, 0.05));
  let p: number[], q: number[];
  if (kind === 0) {
    // Along edge i, overhanging either end, on its line or a hair off.
    const f = random.range(-0.5, 0.5), g = random.range(0.5, 1.5), off = jitter();
    const nx = (by - ay) / Math.hypot(bx - ax, by - ay),
      ny = -(bx - ax) / Math.hypot(bx - ax, by - ay);
    p = [ax + f * (bx - ax) + off * nx, ay + f * (by - ay) + off * ny];
    q = [ax + g * (bx - ax) + off * nx, ay + g * (by - ay) + off * ny];
  } else if (kind === 1) {
    // Inside: between two points of the outline pulled toward the centre.
    const k = random.int(n), s = random.range(0.1, 0.9);
    p = [s * ax, s * ay];
    q = [s * v[2 * k]!, s * v[2 * k + 1]!];
  } else if (kind === 2) {
    // End on at vertex i.
    const angle = random.range(0, 2 * Math.PI), length = size * random.range(0.1, 2);
    p = [ax + jitter(), ay + jitter()];
    q = [p[0]! + length * Math.cos(angle), p[1]! + length * Math.sin(angle)];
  } else {
    const angle = random.range(0, 2 * Math.PI);
    const length = kind === 3 ? size * 1e-3 : size * random.range(0.5, 3);
    const cx = size * random.range(-1.2, 1.2), cy = size * random.range(-1.2, 1.2);
    p = [cx - 0.5 * length * Math.cos(angle), cy - 0.5 * length * Math.sin(angle)];
    q = [cx + 0.5 * length * Math.cos(angle), cy + 0.5 * length * Math.sin(angle)];
  }
  // From the polygon's frame into the world.
  const c = polygon.transform.cos,
    s = polygon.transform.sin,
    x = polygon.transform.x,
    y = polygon.transform.y;
  return [p, q].map(([px, py]) => [c * px! - s * py! + x, s * px! + c * py! + y]);
}

describe('polygon-clip: a chain segment snapped after the separating axes', () => {
  it(
    'snapPieces equals collidePieces afresh with the face forced; the reference normal decides ' +
      'the points (10^4 hostile pairs)',
    () => {
      const random = new Random(2424);
      const query = new PieceQuery(), segment = new ConvexPiece(2);
      const fresh = new LocalManifold2(16), reused = new LocalManifold2(16);
      let runs = 0, snapped = 0, withPoints = 0, early = 0;
      while (runs < PROPERTY_RUNS) {
        const size = 10 ** random.range(-3, 3);
        let polygon: Polygon;
        try {
          polygon = new Polygon(hostileOutline(random, size));
        } catch {
          continue;
        }
        const origin = random.chance(0.3) ? 1e5 : 0;
        polygon.setPose([origin + size * random.range(-1, 1), origin], random.range(-3, 3));
        let chain: Chain;
        try {
          chain = new Chain(nearSegment(random, polygon, size));
        } catch {
          continue;
        }
        runs++;
        const tolerance = random.chance(0.5) ? 0 : size * random.range(0, 0.1);
        query.set(polygon, chain, tolerance);
        loadSegmentPiece(segment, chain, 0);
        for (const piece of polygon.convexPieces()) {
          for (let face = -1; face < 2; face++) {
            // The old path: the whole pair again with the face forced.
            fresh.count = 0;
            query.secondReference = true;
            query.secondReferenceEdge = face;
            collidePieces(piece, segment, query, fresh);
            query.secondReference = false;
            query.secondReferenceEdge = -1;
            reused.count = 0;
            if (pieceAxes(piece, segment, query) === PIECES_REFERENCE) {
              snapPieces(piece, segment, face, query, reused);
              snapped++;
            }
            expect(same(manifoldBits(reused), manifoldBits(fresh))).toBe(true);
            if (fresh.count > 0) withPoints++;
          }
          // What polygon-chain.ts classifies before clipping: every point carries the reference
          // normal, and there is one at least, for pieces with no internal edge and no edges in
          // line that are not apart.
          const axes = pieceAxes(piece, segment, query);
          reused.count = 0;
          if (axes !== PIECES_REFERENCE) continue;
          pieceContacts(piece, segment, query, reused);
          if (piece.hasInternalEdge || piece.hasCollinearEdges || query.apart) continue;
          early++;
          const rv = query.referenceIsP ? piece.packed : segment.frame, r1 = query.referenceEdge;
          const nx = query.referenceIsP ? 0 - rv[4 * r1 + 2]! : rv[4 * r1 + 2]!,
            ny = query.referenceIsP ? 0 - rv[4 * r1 + 3]! : rv[4 * r1 + 3]!;
          expect(reused.count).toBeGreaterThan(0);
          for (let k = 0; k < reused.count; k++) {
            expect(Object.is(reused.points[k]!.normalX, nx)).toBe(true);
            expect(Object.is(reused.points[k]!.normalY, ny)).toBe(true);
          }
        }
      }
      // The draws reach both paths often.
      expect(snapped).toBeGreaterThan(PROPERTY_RUNS);
      expect(withPoints).toBeGreaterThan(PROPERTY_RUNS);
      expect(early).toBeGreaterThan(PROPERTY_RUNS / 5);
    },
    PROPERTY_TIMEOUT,
  );
});

describe('polygon-clip: corners that coincide (FINDINGS.md F90)', () => {
  // A sliver 0.034 by 1.7e-5 with a corner exactly on a corner of a box 0.024 by 0.043 (the
  // world corners equal to the last bit): one axis finds them apart by 2.6e-18, so they count as
  // apart, and their closest points coincide. The reference edge's clipped points were replaced
  // by the closest-point contact, which has no direction at distance 0 and wrote nothing: no
  // contact within a tolerance of 0.0004, nor with the sliver rounded by 0.00043 (overlapping).
  const h = 0.016983908147058198, t = 0.000008637565133081901;
  const w = 0.011977322168806977, v = 0.021265951807604003;
  const radius = 0.00043033402878752417, tolerance = 0.0004;
  const pair = (rounded: boolean) => {
    const sliver = new Polygon([[-h, -t], [h, -t], [h, t], [-h, t]], {
      radius: rounded ? radius : 0,
    }).setPose([-0.0033764675928088855, 0], -0.6900835909229208);
    const box = new Polygon([[-w, -v], [w, -v], [w, v], [-w, v]])
      .setPose([-0.02078094934967692, -0.013219609332769533], 2.4515090626668723);
    return [sliver, box] as const;
  };
  // The shared corner, in the world.
  const cornerX = -0.01647983402055846, cornerY = 0.010805322707599556;
  for (const rounded of [false, true]) {
    for (const order of ['sliver first', 'box first']) {
      it(`test_f90_corner_on_corner: ${rounded ? 'rounded, tolerance 0' : 'tolerance 0.0004'}, ${order}`, () => {
        const [sliver, box] = pair(rounded);
        const data = new CollisionData2({ tolerance: rounded ? 0 : tolerance });
        const count = order === 'sliver first'
          ? collidePolygonPolygon(sliver, box, data)
          : collidePolygonPolygon(box, sliver, data);
        expect(count).toBeGreaterThan(0);
        // Touching cores: the depth is the radius (0 without one), every contact near the corner
        // (within the sliver's length of it) with a unit normal.
        let deepest = -Infinity;
        for (let k = 0; k < count; k++) {
          const c = data.contacts[k]!;
          deepest = Math.max(deepest, c.penetration);
          expect(c.penetration).toBeLessThanOrEqual((rounded ? radius : 0) + 1e-15);
          expect(Math.hypot(c.normal[0]!, c.normal[1]!)).toBeCloseTo(1, 12);
          expect(Math.hypot(c.point[0]! - cornerX, c.point[1]! - cornerY)).toBeLessThan(2 * h);
        }
        expect(deepest).toBeCloseTo(rounded ? radius : 0, 15);
      });
    }
  }
});
