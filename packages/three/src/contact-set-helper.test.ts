import { describe, it, expect } from 'vitest';
import { Color, Matrix4, Vector3 } from 'three';
import { CollisionData, ContactKind } from '@contactkit/contacts3d';
import { ContactSetHelper } from './contact-set-helper.js';
import {
  CONTACT_KIND_COLORS,
  SPECULATIVE_COLOR,
  WITNESS_COLORS,
  contactKindColor,
} from './colors.js';
import { OrthographicCamera } from 'three';
import type { LabelCanvas, LabelContext } from './contact-drawing.js';

interface TestContact {
  point: [number, number, number];
  normal: [number, number, number];
  penetration: number;
  kind: ContactKind;
}

function dataWith(contacts: readonly TestContact[]): CollisionData {
  const data = new CollisionData({ capacity: 64 });
  contacts.forEach((c, i) => {
    const contact = data.contacts[i]!;
    contact.point.set(c.point);
    contact.normal.set(c.normal);
    contact.penetration = c.penetration;
    contact.kind = c.kind;
  });
  data.contactCount = contacts.length;
  return data;
}

const matrix = new Matrix4();
const position = new Vector3();
const axisY = new Vector3();

/**
 * Instance `i`'s translation and its local +Y axis (which carries the length of shafts and heads).
 */
function instance(
  mesh: { getMatrixAt(i: number, m: Matrix4): void; },
  i: number,
): { position: Vector3; axisY: Vector3; } {
  mesh.getMatrixAt(i, matrix);
  matrix.extractBasis(new Vector3(), axisY, new Vector3());
  position.setFromMatrixPosition(matrix);
  return { position: position.clone(), axisY: axisY.clone() };
}

const s = Math.SQRT1_2;
const sample: TestContact[] = [
  { point: [1, 2, 3], normal: [0, 1, 0], penetration: 0.3, kind: ContactKind.FaceFace },
  { point: [-0.5, 0.25, 4], normal: [s, 0, -s], penetration: 0.01, kind: ContactKind.EdgeEdge },
  { point: [0, 0, 0], normal: [0, -1, 0], penetration: -0.2, kind: ContactKind.PointFace },
];

describe('ContactSetHelper', () => {
  it('centres marker i on contact i and draws only contactCount instances', () => {
    const helper = new ContactSetHelper().update(dataWith(sample));
    expect(helper.contactCount).toBe(3);
    expect(helper.markers.count).toBe(3);
    expect(helper.shafts.count).toBe(3);
    expect(helper.heads.count).toBe(3);
    sample.forEach((c, i) => {
      const p = instance(helper.markers, i).position;
      expect(p.x).toBeCloseTo(c.point[0], 6);
      expect(p.y).toBeCloseTo(c.point[1], 6);
      expect(p.z).toBeCloseTo(c.point[2], 6);
    });
  });

  it('draws arrows from the point along the normal, max(minArrowLength, |penetration| * penetrationScale) long', () => {
    const helper = new ContactSetHelper({
      penetrationScale: 2,
      minArrowLength: 0.25,
      headLength: 0.1,
    }).update(dataWith(sample));
    // Penetration 0.3 -> 0.6; 0.01 -> 0.02, below the minimum -> 0.25; -0.2 -> |-0.2| * 2 = 0.4.
    const lengths = [0.6, 0.25, 0.4];
    sample.forEach((c, i) => {
      const length = lengths[i]!;
      expect(helper.arrowLength(c.penetration)).toBeCloseTo(length, 12);
      // Head: min(0.1, length / 2) = 0.1 for all three; shaft: the rest.
      const shaft = instance(helper.shafts, i);
      expect(shaft.position.toArray()).toEqual(c.point.map((v) => expect.closeTo(v, 6)));
      expect(shaft.axisY.length()).toBeCloseTo(length - 0.1, 6);
      const direction = shaft.axisY.clone().normalize();
      expect(direction.x).toBeCloseTo(c.normal[0], 6);
      expect(direction.y).toBeCloseTo(c.normal[1], 6);
      expect(direction.z).toBeCloseTo(c.normal[2], 6);
      // The head starts where the shaft ends and its tip is point + normal * length.
      const head = instance(helper.heads, i);
      expect(head.axisY.length()).toBeCloseTo(0.1, 6);
      const tip = head.position.clone().add(head.axisY);
      expect(tip.x).toBeCloseTo(c.point[0] + c.normal[0] * length, 6);
      expect(tip.y).toBeCloseTo(c.point[1] + c.normal[1] * length, 6);
      expect(tip.z).toBeCloseTo(c.point[2] + c.normal[2] * length, 6);
    });
  });

  it('halves a short arrow between head and shaft when the head would be longer than half of it', () => {
    // minArrowLength 0.1 with headLength 0.3: the head takes 0.05 and the shaft 0.05.
    const helper = new ContactSetHelper({ minArrowLength: 0.1, headLength: 0.3 }).update(
      dataWith([sample[1]!]),
    );
    expect(instance(helper.shafts, 0).axisY.length()).toBeCloseTo(0.05, 6);
    expect(instance(helper.heads, 0).axisY.length()).toBeCloseTo(0.05, 6);
  });

  it('colours marker and arrow by kind (CONTACT_KIND_COLORS); a speculative marker has a colour of its own', () => {
    const helper = new ContactSetHelper().update(dataWith(sample));
    const color = new Color();
    sample.forEach((c, i) => {
      const expected = new Color(CONTACT_KIND_COLORS[c.kind]);
      // Sample contact 2 is speculative (penetration -0.2): its marker is SPECULATIVE_COLOR.
      const expectedMarker = new Color(
        c.penetration < 0 ? SPECULATIVE_COLOR : CONTACT_KIND_COLORS[c.kind],
      );
      helper.markers.getColorAt(i, color);
      expect(
        color.toArray().map((v, k) => v - expectedMarker.toArray()[k]!).every((d) =>
          Math.abs(d) < 1e-6
        ),
        `marker ${i}`,
      ).toBe(true);
      for (const mesh of [helper.shafts, helper.heads]) {
        mesh.getColorAt(i, color);
        expect(color.r).toBeCloseTo(expected.r, 6);
        expect(color.g).toBeCloseTo(expected.g, 6);
        expect(color.b).toBeCloseTo(expected.b, 6);
      }
    });
    // Every kind has its own colour; a value that is no kind draws white instead of failing.
    expect(new Set(Object.values(CONTACT_KIND_COLORS)).size).toBe(6);
    expect(contactKindColor(ContactKind.PointEdge)).toBe(
      CONTACT_KIND_COLORS[ContactKind.PointEdge],
    );
    expect(contactKindColor(42)).toBe(0xffffff);
    expect(Object.values(CONTACT_KIND_COLORS)).not.toContain(SPECULATIVE_COLOR);
    // The speculative marker is smaller (scale 0.7), a penetrating one full size.
    helper.markers.getMatrixAt(2, matrix);
    expect(new Vector3().setFromMatrixScale(matrix).x).toBeCloseTo(0.7, 6);
    helper.markers.getMatrixAt(0, matrix);
    expect(new Vector3().setFromMatrixScale(matrix).x).toBeCloseTo(1, 6);
  });

  it('draws the witness points point -/+ normal * penetration / 2 and the depth segment between them on demand', () => {
    const helper = new ContactSetHelper().update(dataWith(sample));
    expect(helper.witnessMarkers.count).toBe(0);
    helper.showWitnesses = true;
    helper.update(dataWith(sample));
    expect(helper.witnessMarkers.count).toBe(6);
    expect(helper.depthSegments.count).toBe(3);
    // Contact 0: point (1, 2, 3), normal +Y, penetration 0.3: witnesses at y = 2 - 0.15 (first) and
    // 2 + 0.15. (Instance matrices are Float32: 6 digits.)
    expect(instance(helper.witnessMarkers, 0).position.toArray().map((v) => +v.toFixed(6))).toEqual(
      [1, 1.85, 3],
    );
    expect(instance(helper.witnessMarkers, 1).position.toArray().map((v) => +v.toFixed(6))).toEqual(
      [1, 2.15, 3],
    );
    // The depth segment starts at the first witness and is 0.3 long, along +Y.
    const depth = instance(helper.depthSegments, 0);
    expect(depth.position.y).toBeCloseTo(1.85, 6);
    expect(depth.axisY.y).toBeCloseTo(0.3, 6);
    // Contact 2 is a gap of 0.2 with normal -Y: the first witness at y = -0.1, the second at +0.1;
    // the segment runs from the first to the second, +Y.
    expect(instance(helper.witnessMarkers, 4).position.y).toBeCloseTo(-0.1, 6);
    expect(instance(helper.witnessMarkers, 5).position.y).toBeCloseTo(0.1, 6);
    expect(instance(helper.depthSegments, 2).axisY.y).toBeCloseTo(0.2, 6);
    const color = new Color();
    helper.witnessMarkers.getColorAt(0, color);
    expect(color.getHex()).toBe(WITNESS_COLORS.first);
    helper.witnessMarkers.getColorAt(1, color);
    expect(color.getHex()).toBe(WITNESS_COLORS.second);
  });

  it('placeLabels keeps every label off every arrow and off the other labels, as seen by the camera', () => {
    const createCanvas = (): LabelCanvas => ({ width: 0, height: 0, getContext: () => null });
    const helper = new ContactSetHelper({
      labels: true,
      createCanvas,
      markerRadius: 0.05,
      labelSize: 0.2,
      minArrowLength: 0.5,
    });
    // Looking down -z at the plane z = 0, 100 pixels per unit. A row of contacts 0.3 apart with
    // arrows along +y, and one just below contact 0 whose arrow points up at it: the default spot
    // (straight below each point) of contact 0's label lies on that arrow.
    const contacts: TestContact[] = [
      { point: [0, 0, 0], normal: [0, 1, 0], penetration: 0.1, kind: ContactKind.FaceFace },
      { point: [0.3, 0, 0], normal: [0, 1, 0], penetration: 0.1, kind: ContactKind.FaceFace },
      { point: [0, -0.7, 0], normal: [0, 1, 0], penetration: 0.1, kind: ContactKind.FaceFace },
    ];
    helper.update(dataWith(contacts));
    const camera = new OrthographicCamera(-2, 2, 2, -2, 0.1, 10);
    camera.position.set(0, 0, 5);
    camera.updateMatrixWorld();
    helper.placeLabels(camera, 400, 400);
    const arrows = contacts.map((c) => [c.point, [c.point[0], c.point[1] + 0.5, 0]]);
    const distanceToArrow = (x: number, y: number, [a, b]: number[][]): number => {
      const t = Math.max(0, Math.min(1, (y - a![1]!) / (b![1]! - a![1]!)));
      return Math.hypot(x - a![0]!, y - (a![1]! + t * (b![1]! - a![1]!)));
    };
    const labels = helper.labelObjects.map((l) => l.position);
    labels.forEach((label, i) => {
      // Half a label (0.1) and a margin clear of every arrow, in world units.
      for (const arrow of arrows) {
        expect(distanceToArrow(label.x, label.y, arrow), `label ${i}`).toBeGreaterThan(0.1);
      }
      expect(label.z).toBeCloseTo(0, 9);
      // Beside its own marker: 2.2 marker radii + half a label from the point.
      expect(Math.hypot(label.x - contacts[i]!.point[0], label.y - contacts[i]!.point[1]))
        .toBeCloseTo(0.21, 9);
      for (let k = 0; k < i; k++) expect(label.distanceTo(labels[k]!)).toBeGreaterThan(0.2);
    });
  });

  it('minLabelPixels: zoomed out, labels are drawn that many pixels high and moved out by their size', () => {
    const createCanvas = (): LabelCanvas => ({ width: 0, height: 0, getContext: () => null });
    const options = { labels: true, createCanvas, markerRadius: 0.05, labelSize: 0.2 };
    const contacts: TestContact[] = [
      { point: [0, 0, 0], normal: [0, 1, 0], penetration: 0.1, kind: ContactKind.FaceFace },
    ];
    // 400 pixels across 8 units: 50 pixels per unit, so labelSize 0.2 would be 10 pixels high.
    const camera = new OrthographicCamera(-4, 4, 4, -4, 0.1, 10);
    camera.position.set(0, 0, 5);
    camera.updateMatrixWorld();
    const plain = new ContactSetHelper(options).update(dataWith(contacts));
    plain.placeLabels(camera, 400, 400);
    expect(plain.labelObjects[0]!.scale.y).toBeCloseTo(0.2, 12);
    const sized = new ContactSetHelper({ ...options, minLabelPixels: 24 }).update(
      dataWith(contacts),
    );
    sized.placeLabels(camera, 400, 400);
    // 24 pixels at 50 pixels per unit: 0.48 units; its centre 2.2 marker radii + half of it away.
    const label = sized.labelObjects[0]!;
    expect(label.scale.x).toBeCloseTo(0.48, 12);
    expect(label.scale.y).toBeCloseTo(0.48, 12);
    expect(Math.hypot(label.position.x, label.position.y)).toBeCloseTo(0.11 + 0.24, 9);
    // Zoomed in (200 pixels per unit) labelSize is larger than the minimum: it stays 0.2.
    const close = new OrthographicCamera(-1, 1, 1, -1, 0.1, 10);
    close.position.set(0, 0, 5);
    close.updateMatrixWorld();
    sized.placeLabels(close, 400, 400);
    expect(label.scale.y).toBeCloseTo(0.2, 12);
    expect(() => new ContactSetHelper({ minLabelPixels: -1 })).toThrow(/minLabelPixels/);
    expect(() => new ContactSetHelper({ minLabelPixels: Number.NaN })).toThrow(/minLabelPixels/);
  });

  it('reuses its pool: a second update with the same count creates no object and keeps every buffer', () => {
    const helper = new ContactSetHelper({ initialCapacity: 2 });
    const data = dataWith(sample);
    helper.update(data);
    const markers = helper.markers, shafts = helper.shafts, heads = helper.heads;
    const buffers = [
      markers.instanceMatrix.array,
      markers.instanceColor!.array,
      shafts.instanceMatrix.array,
      heads.instanceColor!.array,
    ];
    const children = [...helper.children];
    expect(helper.capacity).toBe(4); // 3 contacts outgrew 2 slots: doubled.
    data.contacts[0]!.point.set([5, 6, 7]);
    helper.update(data);
    expect(helper.markers).toBe(markers);
    expect(helper.shafts).toBe(shafts);
    expect(helper.heads).toBe(heads);
    const after = [
      markers.instanceMatrix.array,
      markers.instanceColor!.array,
      shafts.instanceMatrix.array,
      heads.instanceColor!.array,
    ];
    after.forEach((buffer, i) => expect(buffer).toBe(buffers[i]));
    expect(helper.children).toEqual(children);
    expect(instance(helper.markers, 0).position.toArray()).toEqual([5, 6, 7]);
    // Fewer contacts: same pool, fewer instances drawn.
    data.contactCount = 1;
    helper.update(data);
    expect(helper.markers).toBe(markers);
    expect(helper.markers.count).toBe(1);
  });

  it('grows to the largest count and draws the new slots correctly', () => {
    const helper = new ContactSetHelper({ initialCapacity: 16 });
    const many: TestContact[] = [];
    for (let i = 0; i < 20; i++) {
      many.push({
        point: [i, -i, 0.5 * i],
        normal: [0, 0, 1],
        penetration: 0.1,
        kind: ContactKind.PointFace,
      });
    }
    helper.update(dataWith(many));
    expect(helper.capacity).toBe(32);
    expect(instance(helper.markers, 19).position.toArray()).toEqual([19, -19, 9.5]);
    // The old instanced meshes are gone: exactly five instanced meshes are children (markers,
    // shafts, heads, witnesses, depth segments).
    expect(helper.children.filter((c) => (c as { isInstancedMesh?: boolean; }).isInstancedMesh))
      .toHaveLength(5);
  });

  it('draws each contact index as a label once per slot, behind the point', () => {
    const drawn: string[] = [];
    const context: LabelContext = {
      font: '',
      fillStyle: '',
      strokeStyle: '',
      lineWidth: 1,
      textAlign: 'left',
      textBaseline: 'alphabetic',
      clearRect() {},
      fillText(text) {
        drawn.push(text);
      },
      strokeText() {},
    };
    const createCanvas = (): LabelCanvas => ({ width: 0, height: 0, getContext: () => context });
    const helper = new ContactSetHelper({
      labels: true,
      createCanvas,
      markerRadius: 0.05,
      labelSize: 0.2,
    });
    const data = dataWith(sample);
    helper.update(data);
    helper.update(data);
    expect(drawn).toEqual(['0', '1', '2']);
    expect(helper.labelObjects).toHaveLength(3);
    // Contact 0: point (1, 2, 3), normal +Y; back = 2.5 * 0.05 + 0.2 / 2 = 0.225 below the point.
    expect(helper.labelObjects[0]!.position.x).toBeCloseTo(1, 12);
    expect(helper.labelObjects[0]!.position.y).toBeCloseTo(2 - 0.225, 12);
    data.contactCount = 1;
    helper.update(data);
    expect(helper.labelObjects.map((l) => l.visible)).toEqual([true, false, false]);
  });

  it('asks for a canvas factory when labels are on and there is no DOM', () => {
    const helper = new ContactSetHelper({ labels: true });
    expect(() => helper.update(dataWith(sample))).toThrow(/createCanvas/);
  });

  it('disposes its geometries, material, instance buffers and label textures', () => {
    const createCanvas = (): LabelCanvas => ({ width: 0, height: 0, getContext: () => null });
    const helper = new ContactSetHelper({ labels: true, createCanvas }).update(dataWith(sample));
    const disposed: string[] = [];
    const watch = (
      name: string,
      target: { addEventListener(type: 'dispose', listener: () => void): void; },
    ): void => {
      target.addEventListener('dispose', () => disposed.push(name));
    };
    watch('markerGeometry', helper.markers.geometry);
    watch('shaftGeometry', helper.shafts.geometry);
    watch('headGeometry', helper.heads.geometry);
    watch('material', helper.markers.material as never);
    watch('markers', helper.markers);
    watch('labelTexture', helper.labelObjects[0]!.material.map!);
    watch('labelMaterial', helper.labelObjects[2]!.material);
    watch('helper', helper);
    helper.dispose();
    expect(disposed.sort()).toEqual([
      'headGeometry',
      'helper',
      'labelMaterial',
      'labelTexture',
      'markerGeometry',
      'markers',
      'material',
      'shaftGeometry',
    ]);
    expect(helper.children).toHaveLength(0);
  });

  it('rejects bad options naming the field', () => {
    expect(() => new ContactSetHelper({ markerRadius: -1 })).toThrow(/markerRadius.*-1/);
    expect(() => new ContactSetHelper({ minArrowLength: Number.NaN })).toThrow(RangeError);
    expect(() => new ContactSetHelper({ initialCapacity: 1.5 })).toThrow(/initialCapacity/);
  });
});
