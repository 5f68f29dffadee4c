import { packFeatureId } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { collideCircleChain } from './pairs/circle-chain.js';
import { collideCircleCircle } from './pairs/circle-circle.js';
import { collideCirclePolygon } from './pairs/circle-polygon.js';
import { collide2d } from './collide2d.js';
import { CollisionData2 } from './manifold/contact2.js';
import { mulberry32 } from '@contactkit/test-support';
import { contactList, mirroredMismatch } from './test-support/contacts.js';
import { collidePolygonChain } from './pairs/polygon-chain.js';
import { collidePolygonPolygon } from './pairs/polygon-polygon.js';
import {
  Aabb,
  Chain,
  Circle,
  Polygon,
  Segment,
  type Shape2,
  ShapeType2,
  VERTEX_FEATURE,
} from './shapes/shapes.js';

/** One overlapping shape of each type around the origin, each with a body name. */
function shapes(): Shape2[] {
  const list: Shape2[] = [
    new Circle(0.6).setPose([0.1, 0.2], 0),
    new Polygon([[-0.5, -0.4], [0.6, -0.5], [0.4, 0.5], [-0.3, 0.4]]).setPose([0.2, -0.1], 0.3),
    new Chain([[-1, -0.2], [0, 0.1], [1, -0.1]]),
    new Segment([-1, 0.3], [1, 0]),
    new Aabb([-0.4, -0.4], [0.4, 0.4]).setPose([-0.2, 0.1], 0),
  ];
  list.forEach((shape, i) => (shape.body = `body${i}`));
  return list;
}

describe('collide2d', () => {
  it('dispatches every pair in both orders with mirrored results', () => {
    const list = shapes();
    for (const a of list) {
      for (const b of list) {
        if (a === b) continue;
        const ab = new CollisionData2(), ba = new CollisionData2();
        const written = collide2d(a, b, ab);
        expect(collide2d(b, a, ba)).toBe(written);
        expect(mirroredMismatch(contactList(ab), contactList(ba), 1e-15)).toBeNull();
        for (let i = 0; i < written; i++) {
          expect(ab.contacts[i]!.bodies).toEqual([a.body, b.body]);
          expect(ba.contacts[i]!.bodies).toEqual([b.body, a.body]);
        }
        const bothOpen = a instanceof Chain && b instanceof Chain;
        if (bothOpen) expect(written).toBe(0);
        else expect(written).toBeGreaterThan(0);
      }
    }
  });

  it("gives the same feature ids in both argument orders (the pair's canonical order)", () => {
    const ids = (a: Shape2, b: Shape2): number[] => {
      const data = new CollisionData2();
      collide2d(a, b, data);
      return contactList(data).map((c) => c.featureId);
    };
    // Circle (radius 0.5 at (0, 1.4)) on the slab [-5, 5] x [-1, 1]: 0.1 into its top, edge 2.
    // Canonical order circle, polygon: packFeatureId(0, 2) = 2.
    const ball = new Circle(0.5).setPose([0, 1.4], 0),
      slab = new Polygon([[-5, -1], [5, -1], [5, 1], [-5, 1]]);
    expect(ids(ball, slab)).toEqual([2]);
    expect(ids(slab, ball)).toEqual([2]);
    // Crate [-1, 1] x [-0.5, 0.5] at (0, 0.9) on a slab [-2, 2] x [-0.5, 0.5] (README): the crate
    // was made first (smaller id), so its features take the high half: corners 1 and 0 against
    // the slab's edge 2.
    const crate = new Polygon([[-1, -0.5], [1, -0.5], [1, 0.5], [-1, 0.5]]).setPose([0, 0.9], 0);
    const ground = new Aabb([-2, -0.5], [2, 0.5]);
    const corners = [packFeatureId(VERTEX_FEATURE | 1, 2), packFeatureId(VERTEX_FEATURE | 0, 2)];
    expect(ids(crate, ground)).toEqual(corners);
    expect(ids(ground, crate)).toEqual(corners);
    // Box [-1, 1] x [-0.5, 0.5] at (0, 0.4) on the segment (-3, 0) to (3, 0): canonical order
    // polygon, chain: box corners 1 and 0 against segment 0.
    const box = new Polygon([[-1, -0.5], [1, -0.5], [1, 0.5], [-1, 0.5]]).setPose([0, 0.4], 0),
      rail = new Segment([-3, 0], [3, 0]);
    const onRail = [packFeatureId(VERTEX_FEATURE | 1, 0), packFeatureId(VERTEX_FEATURE | 0, 0)];
    expect(ids(box, rail)).toEqual(onRail);
    expect(ids(rail, box)).toEqual(onRail);
  });

  it('calls the named detector for the stored order', () => {
    const [circle, polygon, chain, segment, box] = shapes() as [
      Circle,
      Polygon,
      Chain,
      Segment,
      Aabb,
    ];
    const other = new Circle(0.3);
    const cases: [Shape2, Shape2, (data: CollisionData2) => number][] = [
      [circle, other, (d) => collideCircleCircle(circle, other, d)],
      [circle, polygon, (d) => collideCirclePolygon(circle, polygon, d)],
      [circle, chain, (d) => collideCircleChain(circle, chain, d)],
      [polygon, box, (d) => collidePolygonPolygon(polygon, box, d)],
      [box, segment, (d) => collidePolygonChain(box, segment, d)],
    ];
    for (const [a, b, direct] of cases) {
      const viaDispatch = new CollisionData2(), viaDetector = new CollisionData2();
      collide2d(a, b, viaDispatch);
      direct(viaDetector);
      expect(contactList(viaDispatch)).toEqual(contactList(viaDetector));
      expect(viaDispatch.contactCount).toBeGreaterThan(0);
    }
  });

  it('mirrors only the contacts of this pair, after earlier ones', () => {
    const [circle, polygon] = shapes() as [Circle, Polygon];
    const data = new CollisionData2();
    collide2d(circle, polygon, data);
    const before = contactList(data);
    collide2d(polygon, circle, data);
    expect(contactList(data, 0).slice(0, before.length)).toEqual(before);
    expect(mirroredMismatch(before, contactList(data, before.length))).toBeNull();
  });

  it('is invariant under moving both shapes together, for every pair of types', () => {
    const random = mulberry32(81);
    const failures: string[] = [];
    for (let n = 0; n < 200; n++) {
      const base = shapes();
      // A random pose for each shape, then the same rigid motion for all (the Aabb, which cannot
      // turn, sits this one out).
      const poses = base.map((shape) =>
        [
          random() - 0.5,
          random() - 0.5,
          shape.shapeType === ShapeType2.Aabb ? 0 : 6 * random(),
        ] as const
      );
      const theta = 6 * random(), tx = 20 * random() - 10, ty = 20 * random() - 10;
      const c = Math.cos(theta), s = Math.sin(theta);
      const moved = shapes();
      base.forEach((shape, i) => shape.setPose([poses[i]![0], poses[i]![1]], poses[i]![2]));
      moved.forEach((shape, i) => {
        const [x, y, angle] = poses[i]!;
        if (shape.shapeType !== ShapeType2.Aabb) {
          shape.setPose([c * x - s * y + tx, s * x + c * y + ty], angle + theta);
        }
      });
      for (let i = 0; i < base.length; i++) {
        for (let j = 0; j < base.length; j++) {
          if (
            i === j || base[i]!.shapeType === ShapeType2.Aabb ||
            base[j]!.shapeType === ShapeType2.Aabb
          ) continue;
          const before = new CollisionData2(), after = new CollisionData2();
          collide2d(base[i]!, base[j]!, before);
          collide2d(moved[i]!, moved[j]!, after);
          if (before.contactCount !== after.contactCount) {
            failures.push(`count ${n} ${i}-${j}`);
            continue;
          }
          for (let k = 0; k < before.contactCount; k++) {
            const p = before.contacts[k]!, q = after.contacts[k]!;
            const x = c * p.point[0]! - s * p.point[1]! + tx,
              y = s * p.point[0]! + c * p.point[1]! + ty;
            const nx = c * p.normal[0]! - s * p.normal[1]!,
              ny = s * p.normal[0]! + c * p.normal[1]!;
            if (
              Math.hypot(x - q.point[0]!, y - q.point[1]!) > 1e-9 ||
              Math.hypot(nx - q.normal[0]!, ny - q.normal[1]!) > 1e-9 ||
              Math.abs(p.penetration - q.penetration) > 1e-9 || p.featureId !== q.featureId ||
              p.kind !== q.kind
            ) {
              failures.push(`contact ${n} ${i}-${j}-${k}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
