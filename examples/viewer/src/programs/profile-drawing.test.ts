import { describe, expect, it } from 'vitest';
import { ProfileDrawing } from './profile-drawing.js';
import { RollingBallScene } from './rolling-ball-scene.js';

describe('ProfileDrawing', () => {
  it('appends, inserts on a segment, drags and deletes; the profile drawn is rolled on', () => {
    const drawing = new ProfileDrawing();
    drawing.begin([], false);
    for (const p of [[-4, 3], [0, 0], [4, 3]]) {
      drawing.press(p, 0.2);
      drawing.release();
    }
    expect(drawing.editor.points).toEqual([[-4, 3], [0, 0], [4, 3]]);
    // On the segment (0, 0) -> (4, 3) at its middle: a point inserted there, then dragged down.
    drawing.press([2.05, 1.45], 0.2);
    expect(drawing.editor.points).toHaveLength(4);
    drawing.drag([2, 1]);
    drawing.release();
    expect(drawing.editor.points[2]).toEqual([2, 1]);
    // Shift+press on it deletes it; a press on an existing point only takes it.
    drawing.press([2, 1.1], 0.2, true);
    expect(drawing.editor.points).toEqual([[-4, 3], [0, 0], [4, 3]]);
    drawing.press([0.1, 0], 0.2);
    drawing.drag([0, 0.5]);
    drawing.release();
    const profile = drawing.finish('drawn');
    expect(drawing.active).toBe(false);
    expect(profile.points).toEqual([[-4, 3], [0, 0.5], [4, 3]]);
    expect(profile.start.position).toEqual([0, 4]);
    const scene = new RollingBallScene(profile);
    for (let i = 0; i < 120 && scene.events.every((e) => e.kind !== 'impact'); i++) scene.step();
    // Let go 3.5 m above the V's tip, it lands in the V.
    expect(scene.events.some((e) => e.kind === 'impact')).toBe(true);
  });

  it('refuses fewer than 2 points, coinciding points and a profile that crosses itself', () => {
    const drawing = new ProfileDrawing();
    drawing.begin([[0, 0]], false);
    expect(() => drawing.finish('x')).toThrow(/at least 2 points, got 1/);
    drawing.begin([[0, 0], [0, 0], [1, 1]], false);
    expect(() => drawing.finish('x')).toThrow(/coincide/);
    drawing.begin([[0, 0], [2, 2], [2, 0], [0, 2]], false);
    expect(() => drawing.finish('x')).toThrow(/crosses itself in 1 place/);
    expect(drawing.active).toBe(true);
  });
});
