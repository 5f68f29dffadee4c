import { describe, expect, it } from 'vitest';
import { ContactKind, firstFeatureOf, secondFeatureOf } from '@contactkit/math';
import { collideBoxBox, overlapBoxBox } from './box-box.js';
import { boxEdgeFeature, boxFaceFeature, boxVertexFeature } from '../shapes/box-features.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Box } from '../shapes/primitives.js';
import { axisAngle, expectVector } from '../test-support/cases.js';
import { randomConfiguration } from '../test-support/generate.js';
import {
  add,
  buildPrimitive,
  length,
  rotate,
  rotateInverse,
  scale,
  sub,
  type BoxSpec,
  type Vec3,
} from '../test-support/shapes.js';
import { Random } from '@contactkit/test-support';

function contactsOf(data: CollisionData, count: number) {
  const list = [];
  for (let i = 0; i < count; i++) {
    const c = data.contacts[i]!;
    list.push({
      point: Array.from(c.point),
      normal: Array.from(c.normal),
      penetration: c.penetration,
      kind: c.kind,
      featureId: c.featureId,
    });
  }
  return list;
}

const unitHalf = [0.5, 0.5, 0.5];

describe('collideBoxBox face contacts', () => {
  // Two unit cubes, the upper one turned 22.5 * 2 = 45 degrees about the shared normal y and
  // sunk 0.1 into the lower one (centres 0.9 apart). The overlap of the two unit squares is a
  // regular octagon whose corners sit at 22.5 + 45k degrees: (0.5, 0.5 tan 22.5) = (0.5, 0.20711)
  // and its mirror images. The upper face bottom is at y = 0.4, the lower top at 0.5: depth 0.1,
  // contact points halfway at y = 0.45, normal +y from the lower (second) to the upper (first).
  const turned = () => new Box(unitHalf).setPose([0, 0.9, 0], axisAngle(0, 1, 0, Math.PI / 4));
  const base = () => new Box(unitHalf);
  const short = 0.5 * Math.tan(Math.PI / 8);

  it('gives the 8 corners of the octagon for two unit cubes turned 45 degrees', () => {
    const data = new CollisionData();
    const count = collideBoxBox(turned(), base(), data);
    expect(count).toBe(8);
    expect(data.contactCount).toBe(8);
    const expected = [
      [0.5, short],
      [0.5, -short],
      [-0.5, short],
      [-0.5, -short],
      [short, 0.5],
      [-short, 0.5],
      [short, -0.5],
      [-short, -0.5],
    ];
    const found = contactsOf(data, count);
    for (const [x, z] of expected) {
      const match = found.filter((c) =>
        Math.abs(c.point[0]! - x!) < 1e-12 && Math.abs(c.point[2]! - z!) < 1e-12
      );
      expect(match).toHaveLength(1);
      expect(match[0]!.point[1]).toBeCloseTo(0.45, 12);
    }
    for (const c of found) {
      expectVector(c.normal, [0, 1, 0]);
      expect(c.penetration).toBeCloseTo(0.1, 12);
      // Every octagon corner is an edge of one square crossing an edge of the other.
      expect(c.kind).toBe(ContactKind.EdgeEdge);
    }
    expect(new Set(found.map((c) => c.featureId)).size).toBe(8);
  });

  it('gives the same points, depths and feature ids with negated normals when the boxes are swapped', () => {
    const forward = new CollisionData();
    const backward = new CollisionData();
    const count = collideBoxBox(turned(), base(), forward);
    expect(collideBoxBox(base(), turned(), backward)).toBe(count);
    for (let i = 0; i < count; i++) {
      const f = forward.contacts[i]!, b = backward.contacts[i]!;
      expect(Array.from(b.point)).toEqual(Array.from(f.point));
      for (let k = 0; k < 3; k++) expect(b.normal[k]! + f.normal[k]!).toBe(0);
      expect(b.penetration).toBe(f.penetration);
      // Feature ids name the features in the pair's canonical order: the same either way.
      expect(b.featureId).toBe(f.featureId);
    }
  });

  it('keeps its feature ids under a small motion of both boxes', () => {
    const data = new CollisionData();
    collideBoxBox(turned(), base(), data);
    const before = contactsOf(data, 8).map((c) => c.featureId).sort();
    data.reset();
    const moved = new Box(unitHalf).setPose(
      [0.003, 0.899, -0.002],
      axisAngle(0.1, 1, 0.05, Math.PI / 4 + 0.01),
    );
    expect(collideBoxBox(moved, base(), data)).toBe(8);
    expect(contactsOf(data, 8).map((c) => c.featureId).sort()).toEqual(before);
  });

  it('reduces the octagon to the largest square when maxContactsPerPair is 4', () => {
    const data = new CollisionData({ maxContactsPerPair: 4 });
    expect(collideBoxBox(turned(), base(), data)).toBe(4);
    // The largest quadrilateral inscribed in a regular octagon of circumradius r is the square
    // on every other corner, area 2 r^2, r^2 = 0.25 + short^2.
    const points = contactsOf(data, 4).map((c) => [c.point[0]!, c.point[2]!]);
    const centre = points.reduce((s, p) => [s[0]! + p[0]! / 4, s[1]! + p[1]! / 4], [0, 0]);
    points.sort((p, q) =>
      Math.atan2(p[1]! - centre[1]!, p[0]! - centre[0]!) -
      Math.atan2(q[1]! - centre[1]!, q[0]! - centre[0]!)
    );
    let area = 0;
    for (let i = 0; i < 4; i++) {
      const p = points[i]!, q = points[(i + 1) % 4]!;
      area += 0.5 * (p[0]! * q[1]! - q[0]! * p[1]!);
    }
    expect(area).toBeCloseTo(2 * (0.25 + short * short), 12);
  });

  it('writes exactly capacity contacts and sets overflowed when the buffer fills mid-manifold', () => {
    const data = new CollisionData({ capacity: 5 });
    expect(collideBoxBox(turned(), base(), data)).toBe(5);
    expect(data.contactCount).toBe(5);
    expect(data.overflowed).toBe(true);
    // The room left gets the reduced set: the deepest point and the widest spread of the octagon.
    const spread = contactsOf(data, 5).map((c) => Math.atan2(c.point[2]!, c.point[0]!)).sort((
      p,
      q,
    ) => p - q);
    for (let i = 1; i < 5; i++) {
      expect(spread[i]! - spread[i - 1]!).toBeGreaterThan(Math.PI / 4 - 1e-9);
    }
    expect(collideBoxBox(turned(), base(), data)).toBe(0);
    expect(data.contactCount).toBe(5);
  });

  it('gives 4 contacts of depth 0 for a box exactly resting on a larger one', () => {
    // Upper box half 0.25 centred at y = 0.75: its bottom face y = 0.5 lies on the top face.
    const upper = new Box([0.25, 0.25, 0.25]).setPose([0, 0.75, 0], [0, 0, 0, 1]);
    const lower = new Box(unitHalf);
    const data = new CollisionData();
    expect(collideBoxBox(upper, lower, data)).toBe(4);
    const found = contactsOf(data, 4);
    const corners = found.map((c) =>
      [c.point[0], c.point[1], c.point[2]].map((v) => Math.round(v! * 1e9) / 1e9).join(',')
    ).sort();
    expect(corners).toEqual([
      '-0.25,0.5,-0.25',
      '-0.25,0.5,0.25',
      '0.25,0.5,-0.25',
      '0.25,0.5,0.25',
    ]);
    for (const c of found) {
      expect(c.penetration).toBe(0);
      expectVector(c.normal, [0, 1, 0]);
      expect(c.kind).toBe(ContactKind.PointFace);
      // The lower box's +y face is the reference; the upper box's bottom corners touch it.
      expect(secondFeatureOf(c.featureId)).toBe(boxFaceFeature(1, 1));
      expect(firstFeatureOf(c.featureId) & 2).toBe(0);
    }
  });

  it('never reports an edge contact for a resting box turned by round-off', () => {
    const upper = new Box(unitHalf).setPose([0, 0.999, 0], axisAngle(1, 0, 1, 1e-7));
    const data = new CollisionData();
    // The edge axes are skipped as parallel and the face axis keeps the 4-point manifold (an
    // edge axis would give a single point).
    expect(collideBoxBox(upper, new Box(unitHalf), data)).toBe(4);
    for (const c of contactsOf(data, 4)) {
      expect(c.normal[1]).toBeCloseTo(1, 12);
      expect(c.penetration).toBeCloseTo(0.001, 6);
    }
  });

  it('keeps the face normal for a tilted box whose corners all rest inside the lower face', () => {
    // Tilts of 0.001 to 0.05 rad keep the edge axes in the test (sine above 1e-3), and some of
    // them are nearly as deep as the face axis. With every corner of the smaller upper box above
    // the lower box's top face, the contact is point-face on that face: normal exactly +y (an
    // edge axis would be tilted by about the tilt angle).
    for (const tilt of [0.001, 0.002, 0.01, 0.05]) {
      for (const sink of [0, 0.0001, 0.001]) {
        const upper = new Box([0.3, 0.3, 0.3]).setPose(
          [0.1, 0.8 - sink, 0.05],
          axisAngle(1, 0.3, 1, tilt),
        );
        const data = new CollisionData();
        const count = collideBoxBox(upper, new Box(unitHalf), data);
        expect(count).toBeGreaterThanOrEqual(1);
        for (const c of contactsOf(data, count)) {
          expectVector(c.normal, [0, 1, 0]);
          expect(c.kind).toBe(ContactKind.PointFace);
        }
      }
    }
  });

  it('reports speculative contacts within the tolerance and nothing beyond it', () => {
    const upper = new Box(unitHalf).setPose([0, 1.05, 0], [0, 0, 0, 1]);
    const lower = new Box(unitHalf);
    const wide = new CollisionData({ tolerance: 0.1 });
    expect(collideBoxBox(upper, lower, wide)).toBe(4);
    for (const c of contactsOf(wide, 4)) expect(c.penetration).toBeCloseTo(-0.05, 12);
    const narrow = new CollisionData({ tolerance: 0.04 });
    expect(collideBoxBox(upper, lower, narrow)).toBe(0);
    expect(collideBoxBox(upper, lower, new CollisionData())).toBe(0);
  });

  it('gives a finite normal and the smallest push-out for identical boxes at the same pose', () => {
    const a = new Box([1, 0.25, 2]).setPose([1, 2, 3], axisAngle(1, 2, 3, 0.7));
    const b = new Box([1, 0.25, 2]).setPose([1, 2, 3], axisAngle(1, 2, 3, 0.7));
    const data = new CollisionData();
    const count = collideBoxBox(a, b, data);
    expect(count).toBeGreaterThan(0);
    for (const c of contactsOf(data, count)) {
      expect(Math.hypot(...c.normal)).toBeCloseTo(1, 12);
      // Along the thin axis the boxes overlap by 2 * 0.25: the least penetration.
      expect(c.penetration).toBeCloseTo(0.5, 12);
      for (const v of [...c.point, ...c.normal]) expect(Number.isFinite(v)).toBe(true);
    }
  });

  it('pushes a box that lies entirely inside another out through the nearest face', () => {
    // Inner half 0.1 at x = 0.7 inside a box of half 1: the +x face is nearest. Along x the
    // inner box reaches 0.8; the outer face is at 1, so moving it by 1 - 0.6 = 0.4 clears it.
    const inner = new Box([0.1, 0.1, 0.1]).setPose([0.7, 0, 0], [0, 0, 0, 1]);
    const outer = new Box([1, 1, 1]);
    const data = new CollisionData();
    const count = collideBoxBox(inner, outer, data);
    expect(count).toBe(4);
    for (const c of contactsOf(data, count)) {
      expectVector(c.normal, [1, 0, 0]);
      expect(c.penetration).toBeCloseTo(0.4, 12);
    }
  });
});

describe('collideBoxBox feature ids', () => {
  // Worked from the encoding in box-features.ts, independently of how the detector finds them.
  function vertexOf(box: BoxSpec, code: number): Vec3 {
    const [h0, h1, h2] = box.halfSize;
    return add(
      box.position,
      rotate(box.rotation, [code & 1 ? h0 : -h0, code & 2 ? h1 : -h1, code & 4 ? h2 : -h2]),
    );
  }
  function distanceToEdge(box: BoxSpec, code: number, point: readonly number[]): number {
    const index = code - 16, along = index >> 2;
    const [p, q] = along === 0 ? [1, 2] : along === 1 ? [0, 2] : [0, 1];
    const local = rotateInverse(box.rotation, sub(point, box.position));
    const nearest: Vec3 = [0, 0, 0];
    nearest[along] = Math.max(-box.halfSize[along]!, Math.min(box.halfSize[along]!, local[along]!));
    nearest[p] = index & 1 ? box.halfSize[p]! : -box.halfSize[p]!;
    nearest[q] = index & 2 ? box.halfSize[q]! : -box.halfSize[q]!;
    return length(sub(local, nearest));
  }

  // A clipped point lies on the incident face and is lifted halfway to the reference face; an
  // edge-axis point is the midpoint of the closest points of the two edges. So the features a
  // contact names lie half the penetration from its point along the normal, one on either side:
  // a point-face contact's vertex, and each of an edge-edge contact's two edges.
  it('names the vertex of a point-face contact and both edges of an edge-edge contact', () => {
    const random = new Random(0xfea7);
    const seen = { vertex: 0, edges: 0 };
    for (let run = 0; run < 3000; run++) {
      const { first, second } = randomConfiguration(random, 'box-box');
      if (first.kind !== 'box' || second.kind !== 'box') continue;
      // A, whose code comes first in the id, has the lexicographically smaller half size.
      const difference = first.halfSize.map((h, i) => h - second.halfSize[i]!).find((d) => d !== 0);
      if (difference === undefined) continue;
      const [a, b] = difference < 0 ? [first, second] : [second, first];
      const data = new CollisionData({ tolerance: 0.05 });
      const count = collideBoxBox(
        buildPrimitive(first) as Box,
        buildPrimitive(second) as Box,
        data,
      );
      const reach = 1e-8 * (1 + Math.max(...a.position.map(Math.abs), ...b.position.map(Math.abs)));
      for (let i = 0; i < count; i++) {
        const c = data.contacts[i]!;
        const sides = [-0.5, 0.5].map((s) =>
          add(Array.from(c.point), scale(Array.from(c.normal), s * c.penetration))
        );
        const onOneSide = (distance: (p: Vec3) => number) =>
          Math.min(...sides.map(distance)) < reach;
        const codeA = firstFeatureOf(c.featureId), codeB = secondFeatureOf(c.featureId);
        if (c.kind === ContactKind.PointFace) {
          const vertexOnA = codeA < 8;
          expect(vertexOnA ? codeB : codeA).toBeGreaterThanOrEqual(32);
          const vertex = vertexOnA ? vertexOf(a, codeA) : vertexOf(b, codeB);
          expect(onOneSide((p) => length(sub(p, vertex)))).toBe(true);
          seen.vertex++;
        } else {
          expect(c.kind).toBe(ContactKind.EdgeEdge);
          expect(onOneSide((p) => distanceToEdge(a, codeA, p))).toBe(true);
          expect(onOneSide((p) => distanceToEdge(b, codeB, p))).toBe(true);
          seen.edges++;
        }
      }
    }
    expect(seen.vertex).toBeGreaterThan(1000);
    expect(seen.edges).toBeGreaterThan(1000);
  });
});

describe('collideBoxBox output paths', () => {
  // A manifold whose clipped points all fit goes straight into the buffer; otherwise it goes
  // through the manifold buffers (where reduction and overflow are handled). With room for
  // exactly the contacts the pair gives, points dropped above the reference face send it down the
  // second path without any reduction: both paths must then write the same contacts.
  it('writes the same contacts whether the buffer has room for every clipped point or just enough', () => {
    const random = new Random(0xb0cb0c);
    let compared = 0;
    for (let run = 0; run < 2000; run++) {
      const { first, second } = randomConfiguration(random, 'box-box');
      const a = buildPrimitive(first) as Box, b = buildPrimitive(second) as Box;
      for (const tolerance of [0, 0.05]) {
        const roomy = new CollisionData({ tolerance });
        const count = collideBoxBox(a, b, roomy);
        if (count === 0) continue;
        // Contacts already in the buffer leave `count` places of room at its end.
        const tight = new CollisionData({ tolerance, capacity: count + 3 });
        tight.contactCount = 3;
        expect(collideBoxBox(a, b, tight)).toBe(count);
        expect(tight.overflowed).toBe(false);
        for (let i = 0; i < count; i++) {
          const expected = roomy.contacts[i]!, found = tight.contacts[3 + i]!;
          expect(Array.from(found.point)).toEqual(Array.from(expected.point));
          expect(Array.from(found.normal)).toEqual(Array.from(expected.normal));
          expect([found.penetration, found.kind, found.featureId]).toEqual([
            expected.penetration,
            expected.kind,
            expected.featureId,
          ]);
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});

describe('collideBoxBox edge and vertex contacts', () => {
  it('gives one edge-edge contact for two crossed edges', () => {
    // The lower cube turned 45 degrees about z has its top edge along z at y = sqrt(2)/2; the
    // upper one turned 45 degrees about x has its bottom edge along x at 1.4 - sqrt(2)/2.
    // Overlap sqrt(2) - 1.4; contact point halfway between the edges, on the y axis.
    const upper = new Box(unitHalf).setPose([0, 1.4, 0], axisAngle(1, 0, 0, Math.PI / 4));
    const lower = new Box(unitHalf).setPose([0, 0, 0], axisAngle(0, 0, 1, Math.PI / 4));
    const data = new CollisionData();
    expect(collideBoxBox(upper, lower, data)).toBe(1);
    const c = data.contacts[0]!;
    expect(c.kind).toBe(ContactKind.EdgeEdge);
    expect(c.penetration).toBeCloseTo(Math.SQRT2 - 1.4, 12);
    expectVector(c.point, [0, 0.7, 0]);
    expectVector(c.normal, [0, 1, 0]);
    // Upper: turned +45 about x, world y = (y - z) / sqrt(2) is lowest on the edge along local x
    // at local y < 0, z > 0.
    expect(firstFeatureOf(c.featureId)).toBe(boxEdgeFeature(0, -1, 1));
    // Lower: turned +45 about z, world y = (x + y) / sqrt(2) is highest on the edge along local z
    // at local x > 0, y > 0.
    expect(secondFeatureOf(c.featureId)).toBe(boxEdgeFeature(2, 1, 1));
  });

  it('gives one point-face contact for a cube standing on its corner', () => {
    // Turn the cube so its local (-1, -1, -1) diagonal points straight down: the rotation that
    // takes (1, 1, 1)/sqrt(3) to +y, about (1,1,1) x (0,1,0) = (-1, 0, 1) by acos(1/sqrt(3)).
    // The lowest vertex sits sqrt(3)/2 below the centre; the next ones 1/sqrt(3) higher.
    const angle = Math.acos(1 / Math.sqrt(3));
    const centreY = 0.5 + Math.sqrt(3) / 2 - 0.1;
    const corner = new Box(unitHalf).setPose([0.3, centreY, -0.2], axisAngle(-1, 0, 1, angle));
    const slab = new Box([2, 0.5, 2]);
    const data = new CollisionData();
    expect(collideBoxBox(corner, slab, data)).toBe(1);
    const c = data.contacts[0]!;
    expect(c.kind).toBe(ContactKind.PointFace);
    expect(c.penetration).toBeCloseTo(0.1, 12);
    expectVector(c.point, [0.3, 0.45, -0.2]);
    expectVector(c.normal, [0, 1, 0]);
    expect(firstFeatureOf(c.featureId)).toBe(boxVertexFeature(-1, -1, -1));
    expect(secondFeatureOf(c.featureId)).toBe(boxFaceFeature(1, 1));
  });

  it('reports separated boxes as no contact and overlapBoxBox agrees, touching included', () => {
    const lower = new Box(unitHalf);
    const data = new CollisionData();
    expect(collideBoxBox(new Box(unitHalf).setPose([1.2, 0, 0], [0, 0, 0, 1]), lower, data)).toBe(
      0,
    );
    expect(overlapBoxBox(new Box(unitHalf).setPose([1.2, 0, 0], [0, 0, 0, 1]), lower)).toBe(false);
    expect(overlapBoxBox(new Box(unitHalf).setPose([1, 0, 0], [0, 0, 0, 1]), lower)).toBe(true);
    expect(overlapBoxBox(new Box(unitHalf).setPose([1 + 1e-9, 0, 0], [0, 0, 0, 1]), lower)).toBe(
      false,
    );
    // Crossed edges 0.01 apart: only the edge axis separates them.
    const upper = new Box(unitHalf).setPose(
      [0, Math.SQRT2 + 0.01, 0],
      axisAngle(1, 0, 0, Math.PI / 4),
    );
    const turned = new Box(unitHalf).setPose([0, 0, 0], axisAngle(0, 0, 1, Math.PI / 4));
    expect(overlapBoxBox(upper, turned)).toBe(false);
    expect(collideBoxBox(upper, turned, data)).toBe(0);
  });
});
