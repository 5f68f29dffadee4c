import { describe, it, expect } from 'vitest';
import { Matrix4, Vector3 } from 'three';
import { ContactKind } from '@contactkit/math';
import { ContactSet2Helper } from './contact-set2-helper.js';
import type { CollisionData2Like } from './contact-set2-helper.js';

const matrix = new Matrix4();

function translation(mesh: { getMatrixAt(i: number, m: Matrix4): void; }, i: number): number[] {
  mesh.getMatrixAt(i, matrix);
  return new Vector3().setFromMatrixPosition(matrix).toArray();
}

function axisY(mesh: { getMatrixAt(i: number, m: Matrix4): void; }, i: number): Vector3 {
  mesh.getMatrixAt(i, matrix);
  const y = new Vector3();
  matrix.extractBasis(new Vector3(), y, new Vector3());
  return y;
}

describe('ContactSet2Helper', () => {
  // Two 2D contacts, normals (0.6, 0.8) and (-1, 0).
  const data: CollisionData2Like = {
    contactCount: 2,
    contacts: [
      {
        point: new Float64Array([1.5, -2]),
        normal: new Float64Array([0.6, 0.8]),
        penetration: 0.5,
        kind: ContactKind.PointEdge,
      },
      {
        point: new Float64Array([0, 3]),
        normal: new Float64Array([-1, 0]),
        penetration: 0,
        kind: ContactKind.FaceFace,
      },
      {
        point: new Float64Array([9, 9]),
        normal: new Float64Array([0, 1]),
        penetration: 1,
        kind: ContactKind.FaceFace,
      },
    ],
  };

  it('puts 2D points in the plane z = planeZ and the arrows in that plane', () => {
    const helper = new ContactSet2Helper({
      planeZ: 0.25,
      penetrationScale: 1,
      minArrowLength: 0.2,
      headLength: 0.1,
    }).update(data);
    expect(helper.contactCount).toBe(2);
    expect(translation(helper.markers, 0)).toEqual(
      [1.5, -2, 0.25].map((v) => expect.closeTo(v, 6)),
    );
    expect(translation(helper.markers, 1)).toEqual([0, 3, 0.25].map((v) => expect.closeTo(v, 6)));
    // penetrationScale 1: the first arrow is the minimum translation,
    // 0.5 * (0.6, 0.8) = (0.3, 0.4); its tip is (1.8, -1.6). The touching contact gets the
    // minimum length, 0.2.
    const tip = new Vector3(...translation(helper.heads, 0)).add(axisY(helper.heads, 0));
    expect(tip.x).toBeCloseTo(1.8, 6);
    expect(tip.y).toBeCloseTo(-1.6, 6);
    expect(tip.z).toBeCloseTo(0.25, 6);
    const tip1 = new Vector3(...translation(helper.heads, 1)).add(axisY(helper.heads, 1));
    expect(tip1.toArray()).toEqual([-0.2, 3, 0.25].map((v) => expect.closeTo(v, 6)));
  });

  it('defaults to the plane z = 0 and rejects a non-finite plane', () => {
    const helper = new ContactSet2Helper().update(data);
    expect(translation(helper.markers, 1)[2]).toBe(0);
    expect(() => new ContactSet2Helper({ planeZ: Number.POSITIVE_INFINITY })).toThrow(/planeZ/);
  });
});
