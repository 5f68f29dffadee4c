/**
 * Node test of the rounded polygons scene: the contacts at the starting pose against hand-worked
 * numbers, and the corner-to-corner contact when the box is lifted onto the L's corner.
 */
import { describe, expect, it } from 'vitest';
import { CollisionData2 } from '@contactkit/collision2d';
import { collideScene2, createScene2 } from './scenes2d.js';
import { contactRecords } from './contact-records.js';

describe('rounded-polygons', () => {
  it('the rounded box rests 0.03 deep on the rounded L: two contacts, normal +y', () => {
    const scene = createScene2('rounded-polygons');
    const data = new CollisionData2({ capacity: 64 });
    collideScene2(scene, data);
    const contacts = contactRecords(data);
    // The box's core bottom at 0.34 - 0.3 = 0.04, rounded 0.15 lower at -0.11; the L's core top
    // -0.2, rounded 0.12 higher at -0.08: 0.03 deep, at the box core's corners x = 0.1 and 1.1.
    expect(contacts).toHaveLength(2);
    for (const c of contacts) {
      expect(c.penetration).toBeCloseTo(0.03, 12);
      expect(c.normal[0]).toBeCloseTo(0, 12);
      expect(c.normal[1]).toBeCloseTo(1, 12);
    }
    expect(contacts.map((c) => c.point[0]!).sort((a, b) => a - b)).toEqual([
      expect.closeTo(0.1, 12),
      expect.closeTo(1.1, 12),
    ]);
  });

  it("lifted over the L's reflex-free outer corner, the rounded corners touch along the diagonal", () => {
    const scene = createScene2('rounded-polygons');
    // The box's lower-left core corner to (1.5 + 0.1, -0.2 + 0.1) from the L's corner (1.5, -0.2):
    // 0.1 sqrt 2 apart, the radii 0.27: one contact 0.27 - 0.1 sqrt 2 deep along (1, 1) / sqrt 2.
    scene.shapes[0]!.setPose([1.6 + 0.5, -0.1 + 0.3], 0);
    const data = new CollisionData2({ capacity: 64 });
    collideScene2(scene, data);
    const contacts = contactRecords(data);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]!.penetration).toBeCloseTo(0.27 - 0.1 * Math.SQRT2, 12);
    expect(contacts[0]!.normal[0]).toBeCloseTo(Math.SQRT1_2, 12);
    expect(contacts[0]!.normal[1]).toBeCloseTo(Math.SQRT1_2, 12);
  });
});
