import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseContour, placeContour } from '@contactkit/collision2d';
import {
  BALL_RADIUS,
  COMET_GRAVITY,
  CometScene,
  DEFAULT_RESTITUTION,
  IMAGE_WIDTH,
  START_SHOT,
} from './comet-scene.js';

const contour = parseContour(
  readFileSync(fileURLToPath(new URL('./assets/comet-contour.txt', import.meta.url)), 'utf8'),
);

describe('CometScene', () => {
  it('puts the outline over the picture: the file placed at the picture width, y flipped', () => {
    const scene = new CometScene(contour);
    const placed = placeContour(contour, IMAGE_WIDTH);
    scene.outline.forEach((p, i) =>
      expect(p).toEqual([placed.points[i]![0], -placed.points[i]![1]])
    );
    // The picture is 640 px wide, the outline 473 px: 8 * 473 / 640 m.
    const xs = scene.outline.map((p) => p[0]);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(
      (IMAGE_WIDTH * contour.image!.size) / contour.image!.width,
      12,
    );
  });

  it('the start shot hits the nucleus; stopped there, the ball touches it, normal velocity reversed times e', () => {
    const scene = new CometScene(contour);
    scene.stopAtImpact = true;
    let stopped = false;
    let before: number[] = [];
    for (let frame = 0; frame < 600 && !stopped; frame++) {
      before = Array.from(scene.ball.velocity);
      const time = scene.time;
      stopped = scene.step(1 / 60);
      if (stopped) before = [before[0]!, before[1]! - COMET_GRAVITY * (scene.time - time)];
    }
    expect(stopped).toBe(true);
    expect(scene.impacts).toBe(1);
    const contacts = scene.contacts();
    const vectors = scene.vectors(contacts);
    const touching = vectors.filter((c) => Math.abs(c.penetration) < 1e-7);
    expect(touching.length).toBeGreaterThan(0);
    const n = touching[0]!.normal;
    const after = scene.ball.velocity;
    const normalBefore = before[0]! * n[0]! + before[1]! * n[1]!;
    const normalAfter = after[0]! * n[0]! + after[1]! * n[1]!;
    expect(normalBefore).toBeLessThan(0);
    expect(normalAfter).toBeCloseTo(-DEFAULT_RESTITUTION * normalBefore, 6);
    // Tangential velocity kept (tangential restitution 1).
    expect(after[0]! * -n[1]! + after[1]! * n[0]!).toBeCloseTo(
      before[0]! * -n[1]! + before[1]! * n[0]!,
      6,
    );
  });

  it('contact vectors: the foot on S, O - (foot - P) along the normal, |O x S| / |S| = radius - penetration', () => {
    const scene = new CometScene(contour);
    // Place the ball 0.05 off the middle of the first segment, on its outer side.
    const [a, b] = [scene.polygon.vertices.slice(0, 2), scene.polygon.vertices.slice(2, 4)];
    const normal = [scene.polygon.normals[0]!, scene.polygon.normals[1]!];
    const centre = [
      (a[0]! + b[0]!) / 2 + normal[0]! * (BALL_RADIUS + 0.05),
      (a[1]! + b[1]!) / 2 + normal[1]! * (BALL_RADIUS + 0.05),
    ];
    scene.shoot(centre, [0, 0]);
    const vectors = scene.vectors(scene.contacts());
    const first = vectors.find((c) => c.feature === 'segment' && c.index === 0)!;
    expect(first.penetration).toBeCloseTo(-0.05, 12);
    const { offset: o, segment: s, foot, start, normal: nn } = first;
    expect(Math.abs(o[0]! * s[1]! - o[1]! * s[0]!) / Math.hypot(s[0]!, s[1]!)).toBeCloseTo(
      BALL_RADIUS - first.penetration,
      12,
    );
    expect(foot).toEqual(
      [(a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2].map((v) => expect.closeTo(v, 12)),
    );
    expect(nn[0]! * s[0]! + nn[1]! * s[1]!).toBeCloseTo(0, 12);
    expect(start).toEqual(Array.from(a));
    expect(scene.touching(vectors).kind).toBe('none');
  });

  it('a shot into a concave corner is named concave; one onto a convex corner convex', () => {
    const scene = new CometScene(contour);
    const n = scene.polygon.count, v = scene.polygon.vertices;
    const concave = Array.from(scene.polygon.convexVertex).indexOf(0);
    expect(concave).toBeGreaterThanOrEqual(0);
    // The wedged centre of a concave corner: on the bisector of the two outward normals, r / cos(half the turn) out.
    const before = (concave + n - 1) % n;
    const bisector = [
      scene.polygon.normals[2 * before]! + scene.polygon.normals[2 * concave]!,
      scene.polygon.normals[2 * before + 1]! + scene.polygon.normals[2 * concave + 1]!,
    ];
    const length = Math.hypot(bisector[0]!, bisector[1]!);
    const cosHalf = length / 2;
    const centre = [
      v[2 * concave]! + (bisector[0]! / length) * (BALL_RADIUS / cosHalf),
      v[2 * concave + 1]! + (bisector[1]! / length) * (BALL_RADIUS / cosHalf),
    ];
    scene.shoot(centre, [0, 0]);
    expect(scene.touching(scene.vectors(scene.contacts()))).toEqual({
      kind: 'concave corner',
      vertex: concave,
    });
    // The sharpest convex corner (on a nearly straight one the foot rounds onto a segment).
    const turn = (i: number) =>
      Math.acos(
        scene.polygon.normals[2 * i]! * scene.polygon.normals[2 * ((i + n - 1) % n)]! +
          scene.polygon.normals[2 * i + 1]! * scene.polygon.normals[2 * ((i + n - 1) % n) + 1]!,
      );
    let convex = -1;
    for (let i = 0; i < n; i++) {
      if (scene.polygon.convexVertex[i] === 1 && (convex < 0 || turn(i) > turn(convex))) convex = i;
    }
    expect(turn(convex)).toBeGreaterThan(0.2);
    const out = [
      scene.polygon.normals[2 * convex]! + scene.polygon.normals[2 * ((convex + n - 1) % n)]!,
      scene.polygon.normals[2 * convex + 1]! +
      scene.polygon.normals[2 * ((convex + n - 1) % n) + 1]!,
    ];
    const outLength = Math.hypot(out[0]!, out[1]!);
    scene.shoot([
      v[2 * convex]! + (out[0]! / outLength) * BALL_RADIUS,
      v[2 * convex + 1]! + (out[1]! / outLength) * BALL_RADIUS,
    ], [0, 0]);
    expect(scene.touching(scene.vectors(scene.contacts()))).toEqual({
      kind: 'convex corner',
      vertex: convex,
    });
  });

  it('20 s from the start shot: finite state, the ball inside the wrap bounds, energy growing only by wraps', () => {
    const scene = new CometScene(contour);
    let energy = scene.ball.energy;
    for (let frame = 0; frame < 1200; frame++) {
      const wraps = scene.wraps;
      scene.step(1 / 60);
      const state = scene.state;
      for (const value of [...state.position, ...state.velocity, state.energy, state.time]) {
        expect(Number.isFinite(value)).toBe(true);
      }
      expect(Math.abs(state.position[0]!)).toBeLessThanOrEqual(scene.halfWidth + BALL_RADIUS);
      if (scene.wraps === wraps) expect(state.energy).toBeLessThanOrEqual(energy + 1e-9);
      energy = state.energy;
    }
    expect(scene.impacts).toBeGreaterThan(0);
    expect(scene.time).toBeCloseTo(20, 9);
  });

  it('a shot from inside the nucleus or overlapping its outline is refused and changes nothing', () => {
    const scene = new CometScene(contour);
    const position = Array.from(scene.ball.position);
    expect(() => scene.shoot([0, 0], [1, 0])).toThrow(/inside the nucleus/);
    // Half a radius outside the middle of the first edge: outside, but overlapping the outline.
    const v = scene.polygon.vertices, normals = scene.polygon.normals;
    const near = [
      (v[0]! + v[2]!) / 2 + normals[0]! * BALL_RADIUS / 2,
      (v[1]! + v[3]!) / 2 + normals[1]! * BALL_RADIUS / 2,
    ];
    expect(() => scene.shoot(near, [1, 0])).toThrow(/overlaps the contour/);
    expect(Array.from(scene.ball.position)).toEqual(position);
    expect(START_SHOT.position[0]).toBeLessThan(-IMAGE_WIDTH / 2);
  });
});
