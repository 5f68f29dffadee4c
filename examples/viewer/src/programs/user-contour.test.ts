import { describe, expect, it } from 'vitest';
import { formatContour, normalizeContour, parseContour } from '@contactkit/collision2d';
import { CometScene, USER_BODY_SIZE } from './comet-scene.js';
import { PinballSim, standardTable } from './pinball-sim.js';
import { RollingBallScene } from './rolling-ball-scene.js';
import {
  PROFILE_SIZE,
  TABLE_OBSTACLE,
  bounds,
  centredInWorld,
  profileFromContour,
  readContour,
  tableWithContour,
} from './user-contour.js';

/** A contour file's text, as the digitiser saves it, of `points` in a 200 x 100 picture (y down). */
function file(points: number[][], closed: boolean): string {
  return formatContour(
    normalizeContour(points, {
      closed,
      normalization: 'center',
      image: { width: 200, height: 100 },
    })
      .contour,
  );
}

/** An L in the picture: the foot (large y) at the bottom, the stem going up to y = 10. */
const L_SHAPE = [[50, 10], [70, 10], [70, 70], [130, 70], [130, 90], [50, 90]];
/** A V in the picture, left to right: its tip at the bottom (y = 80). */
const V_PROFILE = [[20, 20], [100, 80], [180, 20]];

describe('readContour', () => {
  it('reads a file as parseContour does, and throws its error (naming the line) for a bad one', () => {
    const text = file(L_SHAPE, true);
    expect(readContour(text)).toEqual(parseContour(text));
    const bad = text.replace(/\n(-?[\d.]+) (-?[\d.e-]+)\n/, '\n$1 oops\n');
    expect(bad).not.toBe(text);
    expect(() => parseContour(bad)).toThrow(/line \d+/);
    expect(() => readContour(bad)).toThrow(
      (() => {
        try {
          parseContour(bad);
        } catch (caught) {
          return (caught as Error).message;
        }
        return 'no error';
      })(),
    );
    expect(() => readContour(42)).toThrow(TypeError);
    expect(() => readContour(null)).toThrow(/got null/);
  });
});

describe('centredInWorld', () => {
  it('turns y up, scales the largest dimension to size and centres the box (the L by hand)', () => {
    // The L is 80 px wide and 80 px high: size 8 makes 1 px 0.1 m. Its box centre (90, 50) goes to
    // (1, 2); picture (50, 90), the foot's lower left, is (90 - 40, 50 + 40) from the centre, so it
    // lands at (1 - 4, 2 - 4): y turned up.
    const points = centredInWorld(parseContour(file(L_SHAPE, true)), 8, [1, 2]);
    const expected = L_SHAPE.map(([x, y]) => [1 + (x! - 90) / 10, 2 - (y! - 50) / 10]);
    expect(points.length).toBe(expected.length);
    points.forEach((p, i) => {
      expect(p[0]).toBeCloseTo(expected[i]![0]!, 12);
      expect(p[1]).toBeCloseTo(expected[i]![1]!, 12);
    });
    const box = bounds(points);
    expect(box.maxX - box.minX).toBeCloseTo(8, 12);
    expect(box.maxY - box.minY).toBeCloseTo(8, 12);
  });
});

describe('profileFromContour', () => {
  it('makes an open V a profile PROFILE_SIZE long, tip at y = 0, and the ball lands in it', () => {
    const profile = profileFromContour(parseContour(file(V_PROFILE, false)), 'V');
    expect(profile.closed).toBe(false);
    const box = bounds(profile.points);
    expect(box.maxX - box.minX).toBeCloseTo(PROFILE_SIZE, 12);
    // The V's tip (picture y 80, the lowest) is the world's lowest point, at the middle.
    expect(profile.points[1]![0]).toBeCloseTo(0, 12);
    expect(profile.points[1]![1]).toBeCloseTo(0, 12);
    expect(profile.points[0]![1]).toBeCloseTo(PROFILE_SIZE * 60 / 160, 12);
    expect(profile.start.position[1]).toBeCloseTo(box.maxY + 1, 12);
    const scene = new RollingBallScene(profile);
    for (let i = 0; i < 240 && scene.events.every((e) => e.kind !== 'impact'); i++) scene.step();
    // Dropped on the V's tip from 5.5 m above it, it meets the V; nothing goes through.
    expect(scene.events.some((e) => e.kind === 'impact')).toBe(true);
    expect(scene.ball.position[1]).toBeGreaterThan(0);
  });

  it('keeps a closed outline closed: the ball falls onto the L and stays above it', () => {
    const profile = profileFromContour(parseContour(file(L_SHAPE, true)), 'L');
    expect(profile.closed).toBe(true);
    const scene = new RollingBallScene(profile);
    expect(scene.ball.closed).toBe(true);
    for (let i = 0; i < 240 && scene.events.every((e) => e.kind !== 'impact'); i++) scene.step();
    const impact = scene.events.find((e) => e.kind === 'impact');
    expect(impact).toBeDefined();
    // Let go at x = 0 above the L (12 m: its stem x in [-6, -3], its top at y = 12), it lands on the
    // foot's top face, y = 3 (picture y 70), one radius above it.
    expect(impact!.position[1]).toBeCloseTo(3 + 0.25, 6);
  });
});

describe('tableWithContour', () => {
  it('refuses an open profile, naming it', () => {
    expect(() => tableWithContour(parseContour(file(V_PROFILE, false)), 'v')).toThrow(
      /open profile.*closed outline/,
    );
  });

  it('puts the outline in the field, clear of every other obstacle, and a dropped ball meets it', () => {
    const table = tableWithContour(parseContour(file(L_SHAPE, true)), 'your contour');
    const own = table.obstacles.at(-1)!;
    expect(own.name).toBe('your contour');
    const box = bounds(own.kind === 'polygon' ? own.outline : []);
    expect(box.maxX - box.minX).toBeCloseTo(TABLE_OBSTACLE.size, 12);
    expect((box.minX + box.maxX) / 2).toBeCloseTo(TABLE_OBSTACLE.centre[0], 12);
    expect(table.obstacles.length).toBeLessThan(standardTable().obstacles.length + 1);
    for (const other of table.obstacles.slice(0, -1)) {
      const b = other.kind === 'polygon'
        ? bounds(other.outline)
        : bounds([[other.centre[0]! - other.radius, other.centre[1]! - other.radius], [
          other.centre[0]! + other.radius,
          other.centre[1]! + other.radius,
        ]]);
      const apart = b.maxX < box.minX || b.minX > box.maxX || b.maxY < box.minY ||
        b.minY > box.maxY;
      expect(apart).toBe(true);
    }
    const sim = new PinballSim(table);
    const x = (box.minX + box.maxX) / 2;
    sim.dropAt([x, box.maxY + 0.04]);
    for (let i = 0; i < 120 && sim.collisions === 0; i++) sim.step(1 / 60);
    // At x the L (14 cm, 1.75 mm a picture pixel) has the foot's top face, picture y 70, which is
    // 2.5 cm above the box's centre: the ball's first impact is there.
    expect(sim.lastImpact).not.toBeNull();
    expect(sim.lastImpact!.point[1]).toBeCloseTo(TABLE_OBSTACLE.centre[1] - 0.14 * 20 / 80, 6);
    // Picture (60, 50) is inside the stem: no ball can be let go there, and nothing moves.
    const before = sim.state.position;
    expect(() => sim.dropAt([x - (30 * 0.14) / 80, TABLE_OBSTACLE.centre[1]])).toThrow(
      /would touch/,
    );
    expect(sim.state.position).toEqual(before);
  });
});

describe('CometScene with a user contour', () => {
  it('makes a closed outline the body, USER_BODY_SIZE across; refuses an open one', () => {
    const scene = new CometScene(parseContour(file(L_SHAPE, true)), 0.8, false);
    const box = bounds(scene.outline);
    expect(box.maxX - box.minX).toBeCloseTo(USER_BODY_SIZE, 12);
    expect((box.minY + box.maxY) / 2).toBeCloseTo(0, 12);
    expect(() => new CometScene(parseContour(file(V_PROFILE, false)), 0.8, false)).toThrow(
      RangeError,
    );
    // The starting shot, from the left toward the middle, meets the L's stem.
    for (let i = 0; i < 600 && scene.impacts === 0; i++) scene.step(1 / 60);
    expect(scene.impacts).toBe(1);
  });
});
