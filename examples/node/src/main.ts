/**
 * contactkit in plain Node: one configuration of every 3D pair (and the three kinds of box-box
 * contact), run through `collide`, each contact set printed as a table.
 *
 * Run with `pnpm start` at the repository root (or `pnpm --filter @contactkit/example-node start`).
 */
import { pathToFileURL } from 'node:url';
import {
  Box,
  CollisionData,
  HalfSpace,
  Plane,
  Sphere,
  collide,
  type AnyPrimitive,
} from '@contactkit/contacts3d';
import { contactKindName, firstFeatureOf, secondFeatureOf } from '@contactkit/math';

/** One pair to collide: the two primitives in the order they are passed to `collide`. */
export interface Scene {
  name: string;
  /** What the configuration shows and what to expect from it. */
  note: string;
  first: AnyPrimitive;
  second: AnyPrimitive;
}

/** One printed contact. */
export interface ContactRow {
  index: number;
  point: [number, number, number];
  normal: [number, number, number];
  penetration: number;
  kind: string;
  featureId: string;
}

export interface ContactTable {
  scene: Scene;
  rows: ContactRow[];
  /** Whether the buffer ran out of room for this pair. */
  overflowed: boolean;
}

const IDENTITY = [0, 0, 0, 1];
const UNIT_HALF = [0.5, 0.5, 0.5];

/** The quaternion [x, y, z, w] turning by `angle` radians about the direction of (x, y, z). */
function axisAngle(x: number, y: number, z: number, angle: number): number[] {
  const s = Math.sin(angle / 2) / Math.hypot(x, y, z);
  return [x * s, y * s, z * s, Math.cos(angle / 2)];
}

/** One configuration of every 3D pair; each overlaps, so each gives at least one contact. */
export function buildScenes(): Scene[] {
  const floor = () => new HalfSpace([0, 1, 0], 0);
  return [
    {
      name: 'sphere-sphere',
      note: 'radii 1 and 0.5, centres 1.3 apart on y: penetration 0.2, normal +y',
      first: new Sphere(1).setPose([0, 1.3, 0], IDENTITY),
      second: new Sphere(0.5),
    },
    {
      name: 'sphere-half-space',
      note: 'radius 0.5, centre 0.4 above the floor y <= 0: penetration 0.1, normal +y',
      first: new Sphere(0.5).setPose([0, 0.4, 0], IDENTITY),
      second: floor(),
    },
    {
      name: 'sphere-plane',
      note:
        'radius 0.5, centre 0.3 below the plane y = 0: penetration 0.2, normal -y (a plane has two sides)',
      first: new Sphere(0.5).setPose([0, -0.3, 0], IDENTITY),
      second: new Plane([0, 1, 0], 0),
    },
    {
      name: 'box-half-space',
      note: 'unit cube turned 20 degrees about z, centre at y = 0.6: one edge (2 corners) 0.6 - ' +
        '0.5 (sin 20 + cos 20) = 0.0409 deep',
      first: new Box(UNIT_HALF).setPose([0, 0.6, 0], axisAngle(0, 0, 1, (20 * Math.PI) / 180)),
      second: floor(),
    },
    {
      name: 'box-plane',
      note: 'unit cube centred 0.45 above the plane y = 0: 4 corners 0.05 deep',
      first: new Box(UNIT_HALF).setPose([0, 0.45, 0], IDENTITY),
      second: new Plane([0, 1, 0], 0),
    },
    {
      name: 'box-sphere',
      note:
        'unit cube, sphere of radius 0.5 at (0.7, 0.7, 0) over its edge: penetration 0.5 - 0.2 sqrt 2 = 0.2172',
      first: new Box(UNIT_HALF),
      second: new Sphere(0.5).setPose([0.7, 0.7, 0], IDENTITY),
    },
    {
      name: 'box-box face-face',
      note:
        'two unit cubes, the upper turned 45 degrees about y and 0.1 deep: the 8 corners of an octagon',
      first: new Box(UNIT_HALF).setPose([0, 0.9, 0], axisAngle(0, 1, 0, Math.PI / 4)),
      second: new Box(UNIT_HALF),
    },
    {
      name: 'box-box edge-edge',
      note:
        'unit cubes turned 45 degrees about z and about x, crossed edges: penetration 2 sqrt 0.5 - 1.3 = 0.1142',
      first: new Box(UNIT_HALF).setPose([0, 1.3, 0], axisAngle(0, 0, 1, Math.PI / 4)),
      second: new Box(UNIT_HALF).setPose([0, 0, 0], axisAngle(1, 0, 0, Math.PI / 4)),
    },
    {
      name: 'box-box vertex-face',
      note:
        'upper unit cube standing on a corner (its -x-y-z diagonal turned onto -y), 0.05 deep: one point',
      // Turning (-1, -1, -1)/sqrt 3 onto (0, -1, 0): axis (-1, 0, 1), angle acos(1/sqrt 3).
      // The corner lies sqrt(3)/2 below the centre, so the centre sits at 0.5 + sqrt(3)/2 - 0.05.
      first: new Box(UNIT_HALF).setPose(
        [0, 0.5 + Math.sqrt(3) / 2 - 0.05, 0],
        axisAngle(-1, 0, 1, Math.acos(1 / Math.sqrt(3))),
      ),
      second: new Box(UNIT_HALF),
    },
  ];
}

function triple(values: Float64Array): [number, number, number] {
  return [values[0]!, values[1]!, values[2]!];
}

/** Collides every scene into one shared buffer (reset per pair) and copies out the rows. */
export function buildContactTables(scenes: Scene[] = buildScenes()): ContactTable[] {
  const data = new CollisionData({ capacity: 64 });
  return scenes.map((scene) => {
    data.reset();
    const count = collide(scene.first, scene.second, data);
    const rows: ContactRow[] = [];
    for (let i = 0; i < count; i++) {
      const contact = data.contacts[i]!;
      rows.push({
        index: i,
        point: triple(contact.point),
        normal: triple(contact.normal),
        penetration: contact.penetration,
        kind: contactKindName(contact.kind),
        // The two feature codes in hex, first:second (the id is first * 2^26 + second).
        featureId: `0x${firstFeatureOf(contact.featureId).toString(16)}:0x${
          secondFeatureOf(contact.featureId).toString(16)
        }`,
      });
    }
    return { scene, rows, overflowed: data.overflowed };
  });
}

function formatNumber(value: number): string {
  // `+ 0` turns -0 into 0 so the table does not print "-0.0000".
  return (value + 0).toFixed(4);
}

function formatVector(values: readonly number[]): string {
  return `(${values.map(formatNumber).join(', ')})`;
}

/** The tables as text, one block per pair with aligned columns. */
export function formatContactTables(tables: ContactTable[]): string {
  const header = ['#', 'point', 'normal', 'penetration', 'kind', 'featureId'];
  const blocks = tables.map(({ scene, rows, overflowed }) => {
    const cells = rows.map((
      row,
    ) => [
      String(row.index),
      formatVector(row.point),
      formatVector(row.normal),
      formatNumber(row.penetration),
      row.kind,
      row.featureId,
    ]);
    const widths = header.map((title, column) =>
      Math.max(title.length, ...cells.map((line) => line[column]!.length))
    );
    const line = (values: string[]) =>
      values.map((value, column) => value.padEnd(widths[column]!)).join('  ').trimEnd();
    const title = `${scene.name}: ${rows.length} contact${rows.length === 1 ? '' : 's'}${
      overflowed ? ' (buffer overflowed)' : ''
    }`;
    return [title, `  ${scene.note}`, line(header), ...cells.map(line)].join('\n');
  });
  return `${blocks.join('\n\n')}\n`;
}

function main(): void {
  process.stdout.write(formatContactTables(buildContactTables()));
}

// Print only when run as a program, not when a test imports the functions above.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main();
}
