import { describe, expect, it } from 'vitest';
import { OutlineEditor, segmentCrossing } from './outline-editor.js';

function square(): OutlineEditor {
  const editor = new OutlineEditor();
  for (const p of [[0, 0], [10, 0], [10, 10], [0, 10]]) editor.add(p);
  editor.setClosed(true);
  return editor;
}

describe('OutlineEditor', () => {
  it('add, close, insert on a segment, move, delete, and undo each in turn', () => {
    const editor = square();
    expect(editor.segmentCount).toBe(4);
    expect(editor.properties()).toEqual({
      area: 100,
      centroid: [5, 5],
      secondMoment: (100 * (100 + 100)) / 12,
    });
    // A click 0.5 beside the top segment (from [10, 10] to [0, 10]) lands on it at [4, 10].
    const hit = editor.nearestSegment([4, 10.5], 1)!;
    expect(hit).toEqual({ segment: 2, foot: [4, 10] });
    expect(editor.insert(hit.segment, hit.foot)).toBe(3);
    editor.remember();
    editor.move(3, [4, 14]);
    expect(editor.properties()!.area).toBe(100 + (10 * 4) / 2);
    editor.remove(0);
    expect(editor.points).toEqual([[10, 0], [10, 10], [4, 14], [0, 10]]);
    expect(editor.undo()).toBe(true);
    expect(editor.points[0]).toEqual([0, 0]);
    expect(editor.undo()).toBe(true);
    expect(editor.points[3]).toEqual([4, 10]);
    expect(editor.undo()).toBe(true);
    expect(editor.points).toHaveLength(4);
    expect(editor.undo()).toBe(true);
    expect(editor.closed).toBe(false);
    expect(editor.properties()).toBeNull();
  });

  it('new clears undoably; closing needs 3 points; deleting below 3 opens the outline', () => {
    const editor = square();
    editor.clear();
    expect(editor.points).toEqual([]);
    expect(() => editor.setClosed(true)).toThrow(/at least 3 points, got 0/);
    editor.undo();
    expect(editor.points).toHaveLength(4);
    editor.remove(0);
    editor.remove(0);
    expect(editor.closed).toBe(false);
    // A new picture: nothing, and nothing to undo back into the old picture's outline.
    editor.reset();
    expect([editor.points, editor.closed, editor.canUndo, editor.undo()]).toEqual([
      [],
      false,
      false,
      false,
    ]);
  });

  it('hit tests: the nearest point within the radius, else -1; segments between points (closing one if closed)', () => {
    const editor = square();
    expect(editor.nearestPoint([9.5, 9], 2)).toBe(2);
    expect(editor.nearestPoint([5, 5], 2)).toBe(-1);
    expect(editor.nearestSegment([-0.5, 5], 1)!.segment).toBe(3);
    editor.setClosed(false);
    expect(editor.nearestSegment([-0.5, 5], 1)).toBeNull();
  });

  it('reports self-intersections: a bow tie crosses once at its middle, a square none', () => {
    expect(square().intersections()).toEqual([]);
    const bowTie = new OutlineEditor();
    bowTie.replace([[0, 0], [10, 0], [0, 10], [10, 10]], true);
    // The diagonal from [10, 0] crosses the closing segment back to [0, 0].
    expect(bowTie.intersections()).toEqual([[5, 5]]);
    // Open (a Z), the closing segment is absent and so is the crossing.
    bowTie.setClosed(false);
    expect(bowTie.intersections()).toEqual([]);
  });
});

describe('segmentCrossing', () => {
  it('crossing, touching at an end, parallel apart, collinear overlapping, collinear apart', () => {
    expect(segmentCrossing([0, 0], [4, 4], [0, 4], [4, 0])).toEqual([2, 2]);
    expect(segmentCrossing([0, 0], [4, 0], [2, 0], [2, 3])).toEqual([2, 0]);
    expect(segmentCrossing([0, 0], [4, 0], [0, 1], [4, 1])).toBeNull();
    expect(segmentCrossing([0, 0], [4, 0], [3, 0], [6, 0])).toEqual([3, 0]);
    expect(segmentCrossing([0, 0], [4, 0], [5, 0], [6, 0])).toBeNull();
    expect(segmentCrossing([0, 0], [4, 4], [5, 0], [9, 4])).toBeNull();
  });
});
