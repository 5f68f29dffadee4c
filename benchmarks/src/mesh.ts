/**
 * Spheres and capsules on static terrain: our detectors against a triangle mesh (hierarchy) and a
 * heightfield (grid) beside Rapier (`TriMesh`, `Heightfield`, `Shape.contactShape`: the single
 * deepest point) and cannon-es (`Trimesh`, `Heightfield` against a sphere; it has no capsule),
 * on the same seeded placements (1,024, each resting 0 to 2% of its radius deep on a terrain of
 * gentle slopes with noise, 9,800 triangles). Then how our cost per call and the build time grow
 * from 1,000 to 1,000,000 triangles (the same cells of size 1, a larger world). A script, not a test:
 * times vary with the machine's load; bytes per call need node's --expose-gc and a large young
 * generation (see measure.ts).
 *
 *     pnpm --filter @contactkit/benchmarks mesh
 */
import RAPIER from '@dimforge/rapier3d-compat';
import * as CANNON from 'cannon-es';
import {
  Capsule,
  CollisionData,
  Heightfield,
  RayHit,
  Sphere,
  TriangleMesh,
  collideCapsuleHeightfield,
  collideCapsuleTriangleMesh,
  collideSphereHeightfield,
  collideSphereTriangleMesh,
  raycast,
} from '@contactkit/contacts3d';
import { Random } from '@contactkit/test-support';
import { sink } from './harness.js';
import { bytesPerCall, medianNanoseconds } from './measure.js';

const N = 1024;

interface Terrain {
  rows: number;
  columns: number;
  heights: Float64Array;
  cellSize: number;
}

/** Gentle slopes with noise; `rows x columns` points `cellSize` apart. */
function terrain(rows: number, columns: number, cellSize: number): Terrain {
  const random = new Random(7);
  const heights = new Float64Array(rows * columns);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < columns; j++) {
      const x = j * cellSize, z = i * cellSize;
      heights[i * columns + j] = 2 * Math.sin(0.11 * x) * Math.cos(0.07 * z) +
        random.range(-0.05, 0.05) * cellSize;
    }
  }
  return { rows, columns, heights, cellSize };
}

/** The heightfield's triangles as a vertex and index list (DESIGN.md's layout and diagonal). */
function meshOf(t: Terrain): { vertices: Float64Array; indices: Uint32Array; } {
  const vertices = new Float64Array(3 * t.rows * t.columns);
  for (let i = 0; i < t.rows; i++) {
    for (let j = 0; j < t.columns; j++) {
      const k = i * t.columns + j;
      vertices.set([j * t.cellSize, t.heights[k]!, i * t.cellSize], 3 * k);
    }
  }
  const indices = new Uint32Array(6 * (t.rows - 1) * (t.columns - 1));
  let n = 0;
  for (let i = 0; i + 1 < t.rows; i++) {
    for (let j = 0; j + 1 < t.columns; j++) {
      const p00 = i * t.columns + j, p01 = p00 + 1, p10 = p00 + t.columns, p11 = p10 + 1;
      indices.set([p00, p10, p11, p00, p11, p01], n);
      n += 6;
    }
  }
  return { vertices, indices };
}

interface Placement {
  position: [number, number, number];
  quaternion: [number, number, number, number];
}

/** Seeded placements resting on the terrain: the lowest point 0 to 2% of the radius below the surface under it. */
function placements(
  t: Terrain,
  field: Heightfield,
  radius: number,
  halfLength: number,
): Placement[] {
  const random = new Random(11);
  const hit = new RayHit();
  const width = (t.columns - 1) * t.cellSize, depth = (t.rows - 1) * t.cellSize;
  const out: Placement[] = [];
  while (out.length < N) {
    const x = random.range(0.1 * width, 0.9 * width), z = random.range(0.1 * depth, 0.9 * depth);
    if (!raycast(field, [x, 100, z], [0, -1, 0], 1000, hit)) continue;
    const yaw = random.range(0, 2 * Math.PI);
    // Lying, yawed: the yaw about Y times a quarter turn about Z (local Y onto the horizontal),
    // (0, sin, 0, cos)(yaw / 2) * (0, 0, 1, 1) / sqrt 2.
    const s = Math.sin(yaw / 2) * Math.SQRT1_2, c = Math.cos(yaw / 2) * Math.SQRT1_2;
    const quaternion: [number, number, number, number] = halfLength > 0
      ? [s, s, c, c]
      : [0, 0, 0, 1];
    out.push({
      position: [x, hit.point[1]! + radius * (1 - random.range(0, 0.02)), z],
      quaternion,
    });
  }
  return out;
}

interface Row {
  library: string;
  call: string;
  run: (i: number) => number;
}

async function report(title: string, rows: Row[]): Promise<void> {
  console.log(`\n### ${title}\n`);
  console.log('| library | call | ns per call | contacts per call | bytes per call |');
  console.log('|---|---|---:|---:|---:|');
  for (const row of rows) {
    let contacts = 0;
    for (let i = 0; i < N; i++) contacts += row.run(i);
    const ns = await medianNanoseconds(row.run, N);
    const bytes = bytesPerCall(row.run, N, ns);
    console.log(
      `| ${row.library} | ${row.call} | ${ns.toFixed(0)} | ${(contacts / N).toFixed(2)} | ${
        Math.max(0, bytes).toFixed(1)
      } |`,
    );
  }
}

function ours<S>(
  shapes: S[],
  target: unknown,
  detector: (a: S, b: never, d: CollisionData) => number,
  call: string,
): Row {
  const data = new CollisionData({ capacity: 16 });
  return {
    library: 'contactkit',
    call,
    run: (i) => {
      data.reset();
      const count = detector(shapes[i]!, target as never, data);
      for (let k = 0; k < count; k++) sink[0]! += data.contacts[k]!.penetration;
      return count;
    },
  };
}

function rapier(
  shape: RAPIER.Shape,
  places: Placement[],
  target: RAPIER.Shape,
  targetPosition: RAPIER.Vector,
  call: string,
): Row {
  const zero = (): RAPIER.Vector => ({ x: 0, y: 0, z: 0 });
  const result = new RAPIER.ShapeContact(0, zero(), zero(), zero(), zero());
  const positions = places.map((p) => ({ x: p.position[0], y: p.position[1], z: p.position[2] }));
  const rotations = places.map((p) => ({
    x: p.quaternion[0],
    y: p.quaternion[1],
    z: p.quaternion[2],
    w: p.quaternion[3],
  }));
  const identity = { x: 0, y: 0, z: 0, w: 1 };
  return {
    library: 'rapier',
    call,
    run: (i) => {
      const contact = shape.contactShape(
        positions[i]!,
        rotations[i]!,
        target,
        targetPosition,
        identity,
        0,
        result,
      );
      if (contact === null) return 0;
      sink[0]! -= contact.distance;
      return 1;
    },
  };
}

function cannon(places: Placement[], radius: number, target: CANNON.Body, call: string): Row {
  const world = new CANNON.World();
  const narrowphase = world.narrowphase;
  const bodies = places.map((p) => {
    const body = new CANNON.Body({ mass: 1, shape: new CANNON.Sphere(radius) });
    body.position.set(...p.position);
    return body;
  });
  const result: CANNON.ContactEquation[] = [], old: CANNON.ContactEquation[] = [];
  const friction: CANNON.FrictionEquation[] = [], frictionPool: CANNON.FrictionEquation[] = [];
  const a: CANNON.Body[] = [bodies[0]!], b: CANNON.Body[] = [target];
  return {
    library: 'cannon-es',
    call,
    run: (i) => {
      for (const equation of result) old.push(equation);
      result.length = 0;
      for (const equation of friction) frictionPool.push(equation);
      friction.length = 0;
      a[0] = bodies[i]!;
      narrowphase.getContacts(a, b, world, result, old, friction, frictionPool);
      return result.length;
    },
  };
}

await RAPIER.init();
const t = terrain(71, 71, 1);
const list = meshOf(t);
const field = new Heightfield(t.rows, t.columns, t.heights, t.cellSize);
const mesh = new TriangleMesh(list.vertices, list.indices);
console.log(`Terrain: ${mesh.triangleCount} triangles, hierarchy depth ${mesh.bvh.depth}.`);

const sphereRadius = 0.5, capsuleRadius = 0.3, halfLength = 0.6;
const spherePlaces = placements(t, field, sphereRadius, 0);
const capsulePlaces = placements(t, field, capsuleRadius, halfLength);
const spheres = spherePlaces.map((p) => new Sphere(sphereRadius).setPose(p.position, p.quaternion));
const capsules = capsulePlaces.map((p) =>
  new Capsule(capsuleRadius, halfLength).setPose(p.position, p.quaternion)
);

const rapierMesh = new RAPIER.TriMesh(new Float32Array(list.vertices), list.indices);
// Rapier's heightfield: (rows - 1) x (columns - 1) cells, heights column-major, centred on its
// origin with `scale` its full size; moved so its corner sits at ours.
const rapierHeights = new Float32Array(t.rows * t.columns);
for (let i = 0; i < t.rows; i++) {
  for (let j = 0; j < t.columns; j++) {
    rapierHeights[i + j * t.rows] = t.heights[i * t.columns + j]!;
  }
}
const width = (t.columns - 1) * t.cellSize, depth = (t.rows - 1) * t.cellSize;
const rapierField = new RAPIER.Heightfield(t.rows - 1, t.columns - 1, rapierHeights, {
  x: width,
  y: 1,
  z: depth,
});
const origin = { x: 0, y: 0, z: 0 }, centre = { x: width / 2, y: 0, z: depth / 2 };

const cannonMesh = new CANNON.Body({
  mass: 0,
  shape: new CANNON.Trimesh(Array.from(list.vertices), Array.from(list.indices)),
});
// cannon's heightfield lies in its local XY plane, heights along local Z: turned -90 degrees
// about X (local Z to world Y, local Y to world -Z) and moved so row i lands at z = i.
const data: number[][] = [];
for (let j = 0; j < t.columns; j++) {
  data.push([]);
  for (let i = t.rows - 1; i >= 0; i--) data[j]!.push(t.heights[i * t.columns + j]!);
}
const cannonField = new CANNON.Body({
  mass: 0,
  shape: new CANNON.Heightfield(data, { elementSize: t.cellSize }),
});
cannonField.quaternion.setFromAxisAngle(new CANNON.Vec3(1, 0, 0), -Math.PI / 2);
cannonField.position.set(0, 0, depth);

await report('Sphere on a 9,800-triangle terrain', [
  ours(spheres, mesh, collideSphereTriangleMesh, 'collideSphereTriangleMesh'),
  ours(spheres, field, collideSphereHeightfield, 'collideSphereHeightfield'),
  rapier(
    new RAPIER.Ball(sphereRadius),
    spherePlaces,
    rapierMesh,
    origin,
    'Ball.contactShape(TriMesh)',
  ),
  rapier(
    new RAPIER.Ball(sphereRadius),
    spherePlaces,
    rapierField,
    centre,
    'Ball.contactShape(Heightfield)',
  ),
  cannon(spherePlaces, sphereRadius, cannonMesh, 'Narrowphase.getContacts → sphereTrimesh'),
  cannon(spherePlaces, sphereRadius, cannonField, 'Narrowphase.getContacts → sphereHeightfield'),
]);
await report('Capsule lying on the same terrain', [
  ours(capsules, mesh, collideCapsuleTriangleMesh, 'collideCapsuleTriangleMesh'),
  ours(capsules, field, collideCapsuleHeightfield, 'collideCapsuleHeightfield'),
  rapier(
    new RAPIER.Capsule(halfLength, capsuleRadius),
    capsulePlaces,
    rapierMesh,
    origin,
    'Capsule.contactShape(TriMesh)',
  ),
  rapier(
    new RAPIER.Capsule(halfLength, capsuleRadius),
    capsulePlaces,
    rapierField,
    centre,
    'Capsule.contactShape(Heightfield)',
  ),
]);

console.log(
  '\n### How the cost grows with the triangle count (sphere of radius 0.5, cells of size 1)\n',
);
console.log(
  '| triangles | mesh build (ms) | hierarchy depth | mesh ns per call | heightfield ns per call |',
);
console.log('|---:|---:|---:|---:|---:|');
for (const side of [23, 71, 225, 708]) {
  const big = terrain(side, side, 1);
  const bigList = meshOf(big);
  const started = performance.now();
  const bigMesh = new TriangleMesh(bigList.vertices, bigList.indices);
  const buildMs = performance.now() - started;
  const bigField = new Heightfield(big.rows, big.columns, big.heights, big.cellSize);
  const places = placements(big, bigField, sphereRadius, 0);
  const balls = places.map((p) => new Sphere(sphereRadius).setPose(p.position, p.quaternion));
  const meshNs = await medianNanoseconds(
    ours(balls, bigMesh, collideSphereTriangleMesh, '').run,
    N,
  );
  const fieldNs = await medianNanoseconds(
    ours(balls, bigField, collideSphereHeightfield, '').run,
    N,
  );
  console.log(
    `| ${bigMesh.triangleCount} | ${buildMs.toFixed(0)} | ${bigMesh.bvh.depth} | ${
      meshNs.toFixed(0)
    } | ${fieldNs.toFixed(0)} |`,
  );
}
console.log(`\n(sink ${sink[0]! + sink[1]!})`);
