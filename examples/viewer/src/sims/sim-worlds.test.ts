/**
 * The simulation scenes run in Node exactly as the page runs them (sim-worlds.ts builds both),
 * with contactkit as cannon-es's narrowphase.
 */
import { describe, expect, it } from 'vitest';
import { CollisionData } from '@contactkit/contacts3d';
import { type Body, Trimesh } from 'cannon-es';
import { useContactkit } from '@contactkit/cannon-es';
import { buildSimWorld, simSpec } from './sim-worlds.js';
import { SIM_IDS } from './registry.js';

/**
 * Steps a scene's world `seconds` at 1/60 s with contactkit; returns its bodies' start and the
 * last step's contacts (the adapter's record, as the page draws them).
 */
function run(id: (typeof SIM_IDS)[number], seconds: number) {
  const sim = buildSimWorld(simSpec(id));
  const record = new CollisionData<Body>({ capacity: 1024 });
  useContactkit(sim.world, { record });
  const start = sim.bodies.map((body) => body.position.clone());
  for (let step = 0; step < seconds * 60; step++) sim.world.step(1 / 60);
  return { sim, start, record };
}

describe('simulation scenes with contactkit', () => {
  it.each(['sim-stack', 'sim-pyramid'] as const)(
    '%s stands after 10 s: no box 0.1 m lower, none 25 cm aside',
    (id) => {
      const { sim, start } = run(id, 10);
      sim.bodies.forEach((body, i) => {
        expect(body.position.y).toBeGreaterThan(start[i]!.y - 0.1);
        expect(Math.hypot(body.position.x - start[i]!.x, body.position.z - start[i]!.z))
          .toBeLessThan(0.25);
      });
    },
    60_000,
  );

  it.each(['sim-capsules', 'sim-hulls'] as const)(
    '%s: after 10 s the pile lies in its bin, no contact deeper than 5 mm, every shape touched',
    (id) => {
      const { sim, record } = run(id, 10);
      const moving = sim.bodies.filter((body) => body.mass > 0);
      expect(moving).toHaveLength(id === 'sim-capsules' ? 30 : 20);
      for (const body of moving) {
        // The bin's inner half width is 1.3 m; nothing flew out, nothing fell through the floor.
        expect(Math.max(Math.abs(body.position.x), Math.abs(body.position.z))).toBeLessThan(1.3);
        body.updateAABB();
        expect(body.aabb.lowerBound.y).toBeGreaterThan(-0.005);
        // Every body rests on something: it is in at least one of the last step's contacts.
        expect(
          record.contacts.slice(0, record.contactCount).some((c) =>
            c.firstBody === body || c.secondBody === body
          ),
        ).toBe(true);
      }
      expect(record.overflowed).toBe(false);
      for (let i = 0; i < record.contactCount; i++) {
        expect(record.contacts[i]!.penetration).toBeLessThan(0.005);
      }
    },
    60_000,
  );

  it(
    'sim-ramp: the crates slide off the trimesh ramp and come to rest on the floor beyond it',
    () => {
      const { sim, start } = run('sim-ramp', 10);
      const [ramp, ...crates] = sim.bodies;
      expect(ramp!.shapes[0]).toBeInstanceOf(Trimesh);
      expect(ramp!.position.almostEquals(start[0]!, 0)).toBe(true);
      for (const crate of crates) {
        // The ramp's lower end is at x = 4 cos(30 deg) = 3.46: every crate ends beyond it, on the
        // floor (its centre at its half size, within a centimetre), at rest.
        expect(crate.position.x).toBeGreaterThan(3.6);
        const half = (crate.shapes[0] as unknown as { halfExtents: { y: number; }; }).halfExtents.y;
        expect(crate.position.y).toBeCloseTo(half, 1);
        expect(crate.velocity.length()).toBeLessThan(0.05);
      }
    },
    60_000,
  );

  it("sim-ramp on cannon-es's own narrowphase (no box-trimesh pair): the crates fall through", () => {
    const sim = buildSimWorld(simSpec('sim-ramp'));
    for (let step = 0; step < 60; step++) sim.world.step(1 / 60);
    // After 1 s each crate lies on the floor under the ramp, not down the slope: it fell.
    for (const crate of sim.bodies.slice(1)) {
      const half = (crate.shapes[0] as unknown as { halfExtents: { y: number; }; }).halfExtents.y;
      expect(crate.position.x).toBeLessThan(-2);
      expect(crate.position.y).toBeLessThan(half + 0.1);
    }
  });
});
