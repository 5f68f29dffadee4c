/**
 * The "pairs contactkit does not answer (particles) stay cannon-es's own": a `Particle`
 * against a plane, a box and a sphere goes through cannon-es's own particle pairs with the
 * adapter installed, bit for bit as without it.
 */
import { Body, Box, Particle, Plane, Sphere, Vec3, World } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { useContactkit } from './use-contactkit.js';

/** A floor, a box and a sphere, and three particles dropped onto them; the particles' bodies. */
function particleWorld(): { world: World; particles: Body[]; } {
  const world = new World({ gravity: new Vec3(0, -9.82, 0) });
  const floor = new Body({ mass: 0, shape: new Plane() });
  floor.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
  world.addBody(floor);
  world.addBody(
    new Body({ mass: 0, shape: new Box(new Vec3(0.5, 0.5, 0.5)), position: new Vec3(3, 0.5, 0) }),
  );
  world.addBody(new Body({ mass: 0, shape: new Sphere(0.5), position: new Vec3(-3, 0.5, 0) }));
  const particles = [0, 3, -3].map((x) => {
    const body = new Body({ mass: 1, shape: new Particle(), position: new Vec3(x, 2, 0.1) });
    world.addBody(body);
    return body;
  });
  return { world, particles };
}

describe("particles stay cannon-es's", () => {
  it('land on the floor, the box and the sphere exactly as without the adapter', () => {
    const native = particleWorld();
    const adapted = particleWorld();
    useContactkit(adapted.world);
    for (let i = 0; i < 120; i++) {
      native.world.step(1 / 60);
      adapted.world.step(1 / 60);
    }
    const heights = native.particles.map((body) => body.position.y);
    // Resting on the floor (y 0), the box's top (y 1) and the sphere's top (about y 1), not
    // fallen through: cannon-es's own planeParticle, boxParticle and sphereParticle answered.
    expect(heights[0]).toBeCloseTo(0, 1);
    expect(heights[1]).toBeCloseTo(1, 1);
    expect(heights[2]).toBeGreaterThan(0.9);
    adapted.particles.forEach((body, k) => {
      const twin = native.particles[k]!;
      expect([body.position.x, body.position.y, body.position.z]).toEqual([
        twin.position.x,
        twin.position.y,
        twin.position.z,
      ]);
    });
  });
});
