import { ContactKind, firstFeatureOf, packFeatureId, secondFeatureOf } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { collideCircleChain } from './circle-chain.js';
import { collideCirclePolygon } from './circle-polygon.js';
import { CollisionData2 } from '../manifold/contact2.js';
import {
  Chain,
  Circle,
  INTERNAL_EDGE_FEATURE,
  MAX_CONTOUR_VERTICES,
  Polygon,
  VERTEX_FEATURE,
  requireContourVertexCount,
} from '../shapes/shapes.js';

// A regular polygon of n = 100,000 vertices and circumradius R = 10,000 centred on the origin,
// counter-clockwise: vertex i at angle t_i = 2 pi i / n. Edge i runs from vertex i to i + 1;
// its outward normal points at angle t_i + pi / n and its midpoint lies at distance
// R cos(pi / n) from the origin. The edges are 2 R sin(pi / n) = 0.628 long, so a circle of
// radius 0.1 reaches no edge but the ones next to where it is placed.
const N = 100_000;
const R = 10_000;
const RADIUS = 0.1;
const DEPTH = 0.02;
const TARGET = 99_990;

function regularContour(): number[][] {
  const points: number[][] = [];
  for (let i = 0; i < N; i++) {
    points.push([R * Math.cos((2 * Math.PI * i) / N), R * Math.sin((2 * Math.PI * i) / N)]);
  }
  return points;
}

const points = regularContour();

/** Circle of radius 0.1 whose centre is `distance` from the origin at angle `angle`. */
function circleAt(angle: number, distance: number): Circle {
  return new Circle(RADIUS).setPose([distance * Math.cos(angle), distance * Math.sin(angle)], 0);
}

/** Near vertex 99,990, just outside: the centre on the vertex's ray at R + radius - depth. */
function nearVertex(): Circle {
  return circleAt((2 * Math.PI * TARGET) / N, R + RADIUS - DEPTH);
}

/** Over the middle of edge 99,990 (vertex 99,990 to 99,991): on its normal through the midpoint. */
function overEdge(): Circle {
  return circleAt((2 * Math.PI * (TARGET + 0.5)) / N, R * Math.cos(Math.PI / N) + RADIUS - DEPTH);
}

describe('contours of 100,000 vertices', () => {
  it('are accepted by Polygon and Chain', () => {
    expect(new Polygon(points).count).toBe(N);
    expect(new Chain(points).count).toBe(N);
  });

  for (
    const [name, contour, collide] of [
      ['Polygon', new Polygon(points), collideCirclePolygon],
      ['Chain', new Chain(points), collideCircleChain],
    ] as const
  ) {
    it(`${name}: a circle over vertex 99,990 touches that vertex`, () => {
      // The centre lies on the vertex's ray, inside the wedge between the normals of edges
      // 99,989 and 99,990 (angles t_i -+ pi / n): both edges see the foot off their ends (the
      // centre is pi / n off each edge's normal toward the vertex), so the contact is the vertex,
      // at distance 0.08 from the centre: penetration 0.1 - 0.08 = 0.02, normal along t_i.
      // Circle first, code 0: featureId = packFeatureId(0, VERTEX_FEATURE | 99,990)
      // = 2^25 + 99,990 = 33,554,432 + 99,990 = 33,654,422.
      const data = new CollisionData2({ capacity: 8, tolerance: 0 });
      expect(collide(nearVertex(), contour as Polygon & Chain, data)).toBe(1);
      const c = data.contacts[0]!;
      expect(c.kind).toBe(ContactKind.PointFace);
      expect(c.featureId).toBe(33_654_422);
      expect(c.featureId).toBe(packFeatureId(0, VERTEX_FEATURE | TARGET));
      expect(firstFeatureOf(c.featureId)).toBe(0);
      expect(secondFeatureOf(c.featureId)).toBe(VERTEX_FEATURE + 99_990);
      expect(c.penetration).toBeCloseTo(DEPTH, 9);
      const angle = (2 * Math.PI * TARGET) / N;
      expect(c.normal[0]).toBeCloseTo(Math.cos(angle), 9);
      expect(c.normal[1]).toBeCloseTo(Math.sin(angle), 9);
    });

    it(`${name}: a circle over the middle of edge 99,990 touches that edge`, () => {
      // The centre is on the edge's normal through its midpoint, 0.08 out: the foot is the
      // midpoint, on the edge; FaceFace, penetration 0.02, featureId packFeatureId(0, 99,990)
      // = 99,990. The neighbouring edges see the foot off their ends (the centre is half an edge,
      // 0.31, to the side of their starts or ends).
      const data = new CollisionData2({ capacity: 8, tolerance: 0 });
      expect(collide(overEdge(), contour as Polygon & Chain, data)).toBe(1);
      const c = data.contacts[0]!;
      expect(c.kind).toBe(ContactKind.FaceFace);
      expect(c.featureId).toBe(99_990);
      expect(c.penetration).toBeCloseTo(DEPTH, 9);
      const angle = (2 * Math.PI * (TARGET + 0.5)) / N;
      expect(c.normal[0]).toBeCloseTo(Math.cos(angle), 9);
      expect(c.normal[1]).toBeCloseTo(Math.sin(angle), 9);
    });
  }
});

describe('the contour size limit', () => {
  it('leaves every edge index below INTERNAL_EDGE_FEATURE and every vertex code in 26 bits', () => {
    // A closed contour of MAX vertices has edges 0 .. MAX - 1 = 2^25 - 2 < 2^25 - 1.
    expect(MAX_CONTOUR_VERTICES - 1).toBeLessThan(INTERNAL_EDGE_FEATURE);
    expect((VERTEX_FEATURE | (MAX_CONTOUR_VERTICES - 1)) < 2 ** 26).toBe(true);
    expect(VERTEX_FEATURE | (MAX_CONTOUR_VERTICES - 1)).toBeGreaterThan(INTERNAL_EDGE_FEATURE);
    expect(MAX_CONTOUR_VERTICES).toBeGreaterThanOrEqual(10_000_000);
  });

  it('refuses more vertices than MAX_CONTOUR_VERTICES, naming the field and the count', () => {
    // Called directly: a contour of 2^25 distinct points would take gigabytes to build.
    expect(() => requireContourVertexCount('Polygon.points', MAX_CONTOUR_VERTICES)).not.toThrow();
    expect(() => requireContourVertexCount('Polygon.points', MAX_CONTOUR_VERTICES + 1)).toThrow(
      RangeError,
    );
    expect(() => requireContourVertexCount('Chain.points', 33_554_432)).toThrow(
      'Chain.points may have at most 33554431 vertices, got 33554432',
    );
  });
});
