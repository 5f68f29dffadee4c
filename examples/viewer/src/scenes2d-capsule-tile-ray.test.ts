/**
 * Node tests of the capsule, tile floor and ray cast scenes (issue 24): the contacts at the
 * starting poses against hand-worked numbers, the tile floor's sideways contacts over a whole
 * slide, and the ray scene's first hit against a cast on every shape one by one.
 */
import { describe, expect, it } from 'vitest';
import { Capsule2, CollisionData2, RayHit2, raycast2d } from '@contactkit/collision2d';
import { applyMotion2, collideScene2, createScene2, startProbeInput } from './scenes2d.js';
import type { Scene2 } from './scenes2d.js';
import { contactRecords } from './contact-records.js';
import type { ContactRecord } from './contact-records.js';
import { RAY_TARGETS_FROM, probeRaycast, sceneRay } from './ray-probe2d.js';
import { BOX_HALF, CHAIN_TOP, SIDEWAYS, TILE, TILES_TOP, TILE_COUNT } from './tile-floor2d.js';

function contactsOf(scene: Scene2): ContactRecord[] {
  const data = new CollisionData2({ capacity: 64 });
  collideScene2(scene, data);
  return contactRecords(data);
}

describe('circle-capsule2', () => {
  it("touches the capsule's flat side 0.016 deep along its normal", () => {
    const scene = createScene2('circle-capsule2');
    const contacts = contactsOf(scene);
    expect(contacts).toHaveLength(1);
    // The capsule lies along (cos 0.2, sin 0.2) through the origin; the circle's centre
    // (-0.35, 0.78) is at n . c from that line, n = (-sin 0.2, cos 0.2) its upper side's normal.
    const n = [-Math.sin(0.2), Math.cos(0.2)];
    const distance = n[0]! * -0.35 + n[1]! * 0.78;
    expect(contacts[0]!.penetration).toBeCloseTo(0.5 + 0.35 - distance, 9);
    expect(contacts[0]!.normal).toEqual([expect.closeTo(n[0]!, 9), expect.closeTo(n[1]!, 9)]);
  });
});

describe('capsule2-capsule2', () => {
  it("the nearly parallel capsules touch at both ends of the upper one's core", () => {
    const scene = createScene2('capsule2-capsule2');
    const contacts = contactsOf(scene);
    expect(contacts).toHaveLength(2);
    // The lower capsule is level at y = -0.1; the upper one's core ends lie at
    // y = 0.5 -+ 0.7 sin 0.04, so each end is 0.3 + 0.35 - (its height above y = -0.1) deep.
    // (Whichever side is the reference, the normal stays within 0.04 rad of +y.)
    const depths = [-1, 1].map((s) => 0.65 - (0.6 + s * 0.7 * Math.sin(0.04)));
    const got = contacts.map((c) => c.penetration).sort((a, b) => a - b);
    expect(got[0]).toBeCloseTo(Math.min(...depths), 2);
    expect(got[1]).toBeCloseTo(Math.max(...depths), 2);
    for (const c of contacts) expect(c.normal[1]!).toBeGreaterThan(Math.cos(0.04) - 1e-9);
  });
});

describe('capsule2-polygon', () => {
  it("the capsule lying on the box's top touches it at both core ends", () => {
    const contacts = contactsOf(createScene2('capsule2-polygon'));
    expect(contacts).toHaveLength(2);
    // The box's top is y = 0.5; the core ends lie at y = 0.76 -+ 0.7 sin 0.05, each
    // 0.3 - (its height above the top) deep, straight up.
    const depths = [-1, 1].map((s) => 0.3 - (0.26 + s * 0.7 * Math.sin(0.05))).sort();
    const got = contacts.map((c) => c.penetration).sort((a, b) => a - b);
    expect(got[0]).toBeCloseTo(depths[0]!, 9);
    expect(got[1]).toBeCloseTo(depths[1]!, 9);
    for (const c of contacts) {
      expect(c.normal).toEqual([expect.closeTo(0, 12), expect.closeTo(1, 12)]);
    }
  });
});

describe('capsule2-chain', () => {
  it('the capsule across the straight vertex gets only upward contacts, 0.01 deep', () => {
    const scene = createScene2('capsule2-chain');
    const contacts = contactsOf(scene);
    expect(contacts.length).toBeGreaterThanOrEqual(2);
    for (const c of contacts) {
      expect(c.normal).toEqual([expect.closeTo(0, 12), expect.closeTo(1, 12)]);
      expect(c.penetration).toBeCloseTo(0.01, 9);
    }
  });

  it('slid along the flat part across both inner vertices, every normal stays (0, 1)', () => {
    const scene = createScene2('capsule2-chain');
    for (let k = 0; k <= 400; k++) {
      // The capsule's ends at x - 0.9 and x + 0.9 stay on the flat part (x up to 0.9) for x in [-1.3, 0].
      const x = -1.3 + (1.3 * k) / 400;
      scene.shapes[0]!.setPose([x, -0.01], 0);
      const contacts = contactsOf(scene);
      expect(contacts.length, `x = ${x}`).toBeGreaterThan(0);
      for (const c of contacts) {
        expect(c.normal, `x = ${x}`).toEqual([expect.closeTo(0, 9), expect.closeTo(1, 9)]);
      }
    }
  });
});

describe('tile-floor', () => {
  /** The contacts of the box on the chain and of the box on the separate tiles, by height. */
  function split(contacts: ContactRecord[]): { chain: ContactRecord[]; tiles: ContactRecord[]; } {
    const middle = (CHAIN_TOP + TILES_TOP) / 2;
    return {
      chain: contacts.filter((c) => c.point[1]! > middle),
      tiles: contacts.filter((c) => c.point[1]! < middle),
    };
  }
  const sideways = (c: ContactRecord): boolean => Math.abs(c.normal[0]!) > SIDEWAYS;

  it('at the start the chain holds the box straight up, the next separate tile pushes it back', () => {
    const scene = createScene2('tile-floor');
    const { chain, tiles } = split(contactsOf(scene));
    // Both bottom corners, 0.005 deep, normal (0, 1).
    expect(chain).toHaveLength(2);
    for (const c of chain) {
      expect(c.normal).toEqual([expect.closeTo(0, 12), expect.closeTo(1, 12)]);
      expect(c.penetration).toBeCloseTo(0.005, 9);
    }
    // The tile the box stands on: (0, 1), 0.005 deep; the next tile, whose corner the box's
    // right side passed by 0.002: (-1, 0), 0.002 deep.
    const up = tiles.filter((c) => !sideways(c)), back = tiles.filter(sideways);
    expect(up.length).toBeGreaterThan(0);
    expect(back.length).toBeGreaterThan(0);
    for (const c of up) expect(c.penetration).toBeCloseTo(0.005, 9);
    for (const c of back) {
      expect(c.normal).toEqual([expect.closeTo(-1, 12), expect.closeTo(0, 12)]);
      expect(c.penetration).toBeCloseTo(0.002, 9);
    }
    expect(scene.probe!(scene, startProbeInput(scene)).values).toEqual({
      chainContacts: 2,
      chainSideways: 0,
      tileContacts: tiles.length,
      tileSideways: back.length,
    });
  });

  it('over the whole slide the chain never gives a sideways contact; the tiles do exactly past a seam', () => {
    const scene = createScene2('tile-floor');
    let caught = 0;
    for (let k = 0; k <= 600; k++) {
      applyMotion2(scene, (k / 600) * (scene.motion.period / 2));
      const { chain, tiles } = split(contactsOf(scene));
      expect(chain.length, `step ${k}`).toBeGreaterThan(0);
      expect(chain.filter(sideways), `step ${k}`).toEqual([]);
      // A seam lies within the box's bottom when a tile edge x = -1.5 + i TILE is inside it;
      // the corner is met sideways when the box's side is less than 0.005 (its depth) past it.
      const left = scene.shapes[2]!.transform.x - BOX_HALF, right = left + 2 * BOX_HALF;
      let nearSeam = false;
      for (let i = 1; i < TILE_COUNT; i++) {
        const seam = -1.5 + i * TILE;
        nearSeam ||= (right - seam > 0 && right - seam < 0.005) ||
          (seam - left > 0 && seam - left < 0.005);
      }
      expect(tiles.some(sideways), `step ${k}, right side at ${right}`).toBe(nearSeam);
      if (nearSeam) caught++;
    }
    expect(caught).toBeGreaterThan(0);
  });
});

describe('raycast', () => {
  /** The nearest hit over the targets, cast one by one (no playfield). */
  function bruteForce(scene: Scene2): { distance: number; shape: number; hit: RayHit2; } | null {
    const { origin, direction, length } = sceneRay(scene);
    let best: { distance: number; shape: number; hit: RayHit2; } | null = null;
    for (let i = RAY_TARGETS_FROM; i < scene.shapes.length; i++) {
      const hit = new RayHit2();
      if (!raycast2d(scene.shapes[i]!, origin, direction, length, hit)) continue;
      if (!best || hit.distance < best.distance) best = { distance: hit.distance, shape: i, hit };
    }
    return best;
  }

  it("starts on the capsule's upper side, its normal turned by the capsule's 0.8 rad", () => {
    const scene = createScene2('raycast');
    const values = probeRaycast(scene, startProbeInput(scene)).values;
    expect(values['hit']).toBe(true);
    expect(scene.shapes[values['shape'] as number]).toBeInstanceOf(Capsule2);
    expect(values['normal']).toEqual([
      expect.closeTo(-Math.sin(0.8), 12),
      expect.closeTo(Math.cos(0.8), 12),
    ]);
    // The point lies on the ray at the distance, and 0.22 from the capsule's core line.
    const { origin, direction, length } = sceneRay(scene);
    const d = values['distance'] as number, p = values['point'] as number[];
    expect(p[0]).toBeCloseTo(origin[0]! + (direction[0]! / length) * d, 12);
    expect(p[1]).toBeCloseTo(origin[1]! + (direction[1]! / length) * d, 12);
    const c = scene.shapes[3]!.transform;
    expect(-Math.sin(0.8) * (p[0]! - c.x) + Math.cos(0.8) * (p[1]! - c.y)).toBeCloseTo(0.22, 12);
  });

  it('the first hit over the playfield is the nearest single-shape cast, over a grid of handle positions', () => {
    const scene = createScene2('raycast');
    let hits = 0, misses = 0;
    for (let a = 0; a < 12; a++) {
      for (let b = 0; b < 12; b++) {
        scene.shapes[0]!.setPose([-1.8 + 0.3 * (a % 4), -1.5 + 0.9 * Math.floor(a / 4)], 0);
        scene.shapes[1]!.setPose([1.8 - 0.3 * (b % 4), 1.6 - 1.1 * Math.floor(b / 4)], 0);
        const values = probeRaycast(scene, startProbeInput(scene)).values;
        const want = bruteForce(scene);
        expect(values['hit'], `a ${a} b ${b}`).toBe(want !== null);
        if (!want) {
          misses++;
          continue;
        }
        hits++;
        expect(values['distance']).toBeCloseTo(want.distance, 12);
        expect(values['shape']).toBe(want.shape);
        expect(values['point']).toEqual(
          Array.from(want.hit.point).map((v) => expect.closeTo(v, 12)),
        );
        expect(values['normal']).toEqual(
          Array.from(want.hit.normal).map((v) => expect.closeTo(v, 12)),
        );
      }
    }
    expect(hits).toBeGreaterThan(20);
    expect(misses).toBeGreaterThan(0);
  });
});
