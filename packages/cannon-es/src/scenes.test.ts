/**
 * The engine is the judge: each scene runs 10 simulated seconds in cannon-es with its own
 * narrowphase and with contactkit's, same settings (test-support/scenes.ts), and with contactkit
 * it must do at least as well: stand whenever cannon-es's stands, and drift and spin at most
 * 1.5 times as much as with cannon-es's (or under 5 cm and 0.05 rad/s).
 */
import { describe, expect, it } from 'vitest';
import { buildScene, runScene, SCENE_NAMES, type SceneMeasures } from './test-support/scenes.js';
import { useContactkit } from './use-contactkit.js';

/** A scene runs twice in about 2 s alone; the full suite on a loaded 2-core machine is slower. */
const SCENE_TIMEOUT = 60_000;

function measure(name: (typeof SCENE_NAMES)[number], adapted: boolean): SceneMeasures {
  const scene = buildScene(name);
  if (adapted) useContactkit(scene.world);
  return runScene(scene);
}

describe.each(SCENE_NAMES.map((name) => [name]))('scene %s, 10 s', (name) => {
  it('with contactkit it stands, drifts and spins no worse than with cannon-es', () => {
    const native = measure(name, false);
    const adapted = measure(name, true);
    expect(native.stands, 'the scene must stand in cannon-es itself to judge anything').toBe(true);
    expect(adapted.stands).toBe(true);
    expect(adapted.drift).toBeLessThanOrEqual(Math.max(1.5 * native.drift, 0.05));
    expect(adapted.angularSpeed).toBeLessThanOrEqual(Math.max(1.5 * native.angularSpeed, 0.05));
    expect(adapted.tilt).toBeLessThanOrEqual(Math.max(1.5 * native.tilt, 0.01));
  }, SCENE_TIMEOUT);
});

it(
  'sliding boxes travel as far as with cannon-es (friction resolved as cannon-es resolves it)',
  () => {
    const native = measure('sliding', false);
    const adapted = measure('sliding', true);
    expect(native.drift).toBeGreaterThan(0.3);
    expect(Math.abs(adapted.drift - native.drift)).toBeLessThan(0.02 * native.drift);
  },
  SCENE_TIMEOUT,
);

it('the measures can fail: a pyramid without a floor falls', () => {
  const scene = buildScene('pyramid');
  scene.world.removeBody(scene.world.bodies[0]!);
  useContactkit(scene.world);
  expect(runScene(scene, 1).stands).toBe(false);
}, SCENE_TIMEOUT);
