/**
 * `useContactkit(world, { record })`: the caller's CollisionData holds each step's contact set,
 * one contact per contact equation cannon-es got from contactkit.
 */
import { CollisionData } from '@contactkit/contacts3d';
import { Body, Box, Vec3, World, type ContactEquation } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { buildScene } from './test-support/scenes.js';
import { useContactkit } from './use-contactkit.js';

/** The gap cannon-es's solver sees (ContactEquation.computeB): negative when overlapping. */
function gap(equation: ContactEquation): number {
  const { bi, bj, ri, rj, ni } = equation;
  return (bj.position.x + rj.x - bi.position.x - ri.x) * ni.x +
    (bj.position.y + rj.y - bi.position.y - ri.y) * ni.y +
    (bj.position.z + rj.z - bi.position.z - ri.z) * ni.z;
}

/** Each equation as `bi.id bj.id depth nx ny nz` (depth = -gap, normal = -ni), sorted. */
function equationKeys(world: World): string[] {
  return world.contacts.map((equation) =>
    [
      equation.bi.id,
      equation.bj.id,
      (-gap(equation)).toFixed(9),
      (-equation.ni.x).toFixed(9),
      (-equation.ni.y).toFixed(9),
      (-equation.ni.z).toFixed(9),
    ].join(' ')
  ).sort();
}

/** Each recorded contact in the same form. */
function recordKeys(record: CollisionData<Body>): string[] {
  return record.contacts.slice(0, record.contactCount).map((contact) =>
    [
      contact.firstBody!.id,
      contact.secondBody!.id,
      contact.penetration.toFixed(9),
      ...Array.from(contact.normal, (value) => value.toFixed(9)),
    ].join(' ')
  ).sort();
}

/** The body pair and feature of each recorded contact, sorted. */
function features(record: CollisionData<Body>): string[] {
  return record.contacts.slice(0, record.contactCount).map((contact) =>
    `${contact.firstBody!.id} ${contact.secondBody!.id} ${contact.featureId}`
  ).sort();
}

describe('record: the step contact set in a caller-owned CollisionData', () => {
  it('holds exactly the contacts cannon-es got as equations, step after step (not accumulated)', () => {
    const { world } = buildScene('pyramid');
    const record = new CollisionData<Body>({ capacity: 512 });
    useContactkit(world, { record });
    // cannon-es fires preStep after the narrowphase and the solver, before it moves the bodies:
    // the equations' gaps are then still those of the poses the contacts were computed at.
    let equations: string[] = [];
    world.addEventListener('preStep', () => (equations = equationKeys(world)));
    for (let step = 0; step < 30; step++) {
      world.step(1 / 60);
      // 21 cubes on the floor and on each other: over 60 equations every step.
      expect(world.contacts.length).toBeGreaterThan(60);
      expect(record.contactCount).toBe(world.contacts.length);
      expect(recordKeys(record)).toEqual(equations);
      expect(record.overflowed).toBe(false);
    }
  });

  it('names the same features while they stay in touch: the cube on the floor keeps its four', () => {
    const { world } = buildScene('stack');
    const floor = world.bodies[0]!;
    const record = new CollisionData<Body>({ capacity: 128 });
    useContactkit(world, { record });
    for (let step = 0; step < 60; step++) world.step(1 / 60);
    const onFloor = () =>
      record.contacts.slice(0, record.contactCount)
        .filter((contact) => contact.firstBody === floor || contact.secondBody === floor)
        .map((contact) => contact.featureId).sort();
    const floorIds = onFloor();
    // The floor against the bottom cube: its four lower corners (box-half-space vertex ids).
    expect(floorIds).toHaveLength(4);
    expect(new Set(floorIds).size).toBe(4);
    let kept = 0, total = 0;
    let before = new Set(features(record));
    for (let step = 0; step < 60; step++) {
      world.step(1 / 60);
      expect(onFloor()).toEqual(floorIds);
      const now = features(record);
      kept += now.filter((key) => before.has(key)).length;
      total += now.length;
      before = new Set(now);
    }
    // Between cubes, a corner clipped against a side plane is named by the two edges that cut
    // it, and a cube that twists by a hair can swap a corner for such a cut: most ids persist.
    expect(kept / total).toBeGreaterThan(0.75);
  });

  it('is emptied after a step in which no pair touched', () => {
    const world = new World();
    const a = new Body({ mass: 1, shape: new Box(new Vec3(0.5, 0.5, 0.5)) });
    const b = new Body({ mass: 1, shape: new Box(new Vec3(0.5, 0.5, 0.5)) });
    b.position.set(0, 0.9, 0);
    world.addBody(a);
    world.addBody(b);
    const record = new CollisionData<Body>({ capacity: 16 });
    useContactkit(world, { record });
    world.step(1 / 60);
    expect(record.contactCount).toBe(4);
    b.position.set(0, 5, 0);
    world.step(1 / 60);
    expect(world.contacts).toHaveLength(0);
    expect(record.contactCount).toBe(0);
  });

  it('keeps what fits and sets overflowed when it is too small; the solver still gets all', () => {
    const { world } = buildScene('stack');
    const record = new CollisionData<Body>({ capacity: 10 });
    useContactkit(world, { record });
    world.step(1 / 60);
    expect(world.contacts.length).toBeGreaterThan(10);
    expect(record.contactCount).toBe(10);
    expect(record.overflowed).toBe(true);
    world.step(1 / 60);
    expect(record.contactCount).toBe(10);
    expect(record.overflowed).toBe(true);
  });

  it('is left alone once the handle is disposed', () => {
    const { world } = buildScene('stack');
    const record = new CollisionData<Body>({ capacity: 64 });
    const handle = useContactkit(world, { record });
    world.step(1 / 60);
    const kept = recordKeys(record);
    expect(kept.length).toBeGreaterThan(0);
    handle.dispose();
    world.step(1 / 60);
    world.step(1 / 60);
    expect(recordKeys(record)).toEqual(kept);
  });

  it('a record that is not a CollisionData: TypeError naming it, nothing installed', () => {
    const world = new World();
    expect(() => useContactkit(world, { record: [] as never })).toThrow(
      /useContactkit options\.record must be a CollisionData/,
    );
    expect(Object.getOwnPropertyNames(world.narrowphase)).not.toContain('boxBox');
    useContactkit(world).dispose();
  });
});
