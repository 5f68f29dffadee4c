/**
 * The rounded polygon subjects pass a short run outside the known list, and their properties can
 * fail: a defect planted in a wrapper around the real detector (the radius ignored, no contacts,
 * depths 10% short, a point moved) is caught by the property it breaks.
 */
import {
  type AnyShape2,
  collidePolygonPolygon,
  CollisionData2,
  Polygon,
} from '@contactkit/collision2d';
import { describe, expect, it } from 'vitest';
import { KNOWN_DEFECTS } from './known.js';
import { type RoundedCollide, roundedSubject, roundedSubjects2 } from './rounded2d.js';
import { runSuite, type Subject } from './suite.js';

const real = roundedSubject(
  'collidePolygonPolygon',
  collidePolygonPolygon as RoundedCollide,
  'polygon',
);

/** `collidePolygonPolygon`, its output changed by `plant`. */
function planted(plant: (data: CollisionData2, start: number) => void): Subject<unknown> {
  const collide: RoundedCollide = (a, b, data) => {
    const start = data.contactCount;
    collidePolygonPolygon(a as Polygon, b as Polygon, data);
    plant(data, start);
    return data.contactCount - start;
  };
  return roundedSubject('collidePolygonPolygon', collide, 'polygon') as Subject<unknown>;
}

function expectCaught(subject: Subject<unknown>, property: string, regime: string): void {
  const options = { n: 200, seed: 5, regime };
  const cells = runSuite([subject], options).cells.filter((c) => c.property === property);
  expect(cells.reduce((s, c) => s + c.checked, 0), `${property} not checked`).toBeGreaterThan(0);
  expect(cells.reduce((s, c) => s + c.failed, 0), `${property} missed the defect`).toBeGreaterThan(
    0,
  );
  const control = runSuite([real as Subject<unknown>], options, KNOWN_DEFECTS).cells.filter((c) =>
    c.property === property && !c.known
  );
  expect(control.reduce((s, c) => s + c.failed, 0), `the real detector fails ${property}`).toBe(0);
}

describe('rounded polygon subjects', { timeout: 240_000 }, () => {
  it('every subject passes a short run in every regime', () => {
    const result = runSuite(
      roundedSubjects2() as Subject<unknown>[],
      { n: 900, seed: 11 },
      KNOWN_DEFECTS,
    );
    const failed = result.cells.filter((c) => c.failed > 0 && !c.known);
    expect(failed.map((c) => `${c.subject} ${c.property} ${c.regime}: ${c.failed}`)).toEqual([]);
    expect(result.cells.reduce((s, c) => s + c.checked, 0)).toBeGreaterThan(1000);
    // As the suite's short run asks: every property of every subject checked at 500 each, seed 1.
    const short = runSuite(
      roundedSubjects2() as Subject<unknown>[],
      { n: 500, seed: 1 },
      KNOWN_DEFECTS,
    );
    expect(short.failures).toBe(0);
    for (const subject of roundedSubjects2()) {
      for (const property of subject.properties) {
        const checked = short.cells.filter((c) =>
          c.subject === subject.name && c.property === property.name
        )
          .reduce((s, c) => s + c.checked, 0);
        expect(checked, `${subject.name} / ${property.name}`).toBeGreaterThan(0);
      }
    }
  });

  it('a detector that ignores the radius is caught by contact-iff-overlap', () => {
    const strip = (shape: AnyShape2): AnyShape2 => {
      if (!(shape instanceof Polygon) || shape.radius === 0) return shape;
      const points: [number, number][] = [];
      for (let i = 0; i < shape.count; i++) {
        points.push([shape.vertices[2 * i]!, shape.vertices[2 * i + 1]!]);
      }
      return new Polygon(points).setPose(
        [shape.transform.x, shape.transform.y],
        shape.transform.angle,
      );
    };
    const ignoring: RoundedCollide = (a, b, data) =>
      collidePolygonPolygon(strip(a) as Polygon, strip(b) as Polygon, data);
    expectCaught(
      roundedSubject('collidePolygonPolygon', ignoring, 'polygon') as Subject<unknown>,
      'contact-iff-overlap',
      'unit',
    );
  });

  it('no contacts, depths 10% short, and a point moved are each caught', () => {
    expectCaught(
      planted((data, start) => (data.contactCount = start)),
      'contact-iff-overlap',
      'unit',
    );
    expectCaught(
      planted((data, start) => {
        for (let i = start; i < data.contactCount; i++) data.contacts[i]!.penetration *= 0.9;
      }),
      'depth',
      'radius-large',
    );
    expectCaught(
      planted((data, start) => {
        for (let i = start; i < data.contactCount; i++) data.contacts[i]!.point[0]! += 0.05;
      }),
      'witness-in-shape',
      'unit',
    );
  });
});
