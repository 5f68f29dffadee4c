/**
 * How a sphere's cost against terrain grows with the terrain's size: the rows' kind of terrain
 * (cells of size 1, gentle slopes and noise) from 968 to 999,698 triangles, a larger world of the
 * same kind, as a triangle mesh (through its bounding-volume hierarchy) and as a heightfield
 * (through its grid), with the CPU time of building the mesh and the hierarchy's depth. A call
 * should cost what the hierarchy's depth costs, not what the triangle count does.
 */
import { collideSphereHeightfield, collideSphereTriangleMesh } from '@contactkit/contacts3d';
import { type Detector3, contactkit3, toOurs } from './adapters3d.js';
import { CONFIGURATIONS, type TerrainSpec } from './inputs.js';
import { bytesPerCall, medianNanoseconds, runToSteadyState } from './measure.js';
import type { ScalingRow, ScalingTable } from './report.js';
import { terrain, terrainPairs } from './terrain.js';

/** Grid points on a side: 968, 9,800, 100,352 and 999,698 triangles. */
const SIDES = [23, 71, 225, 708];

/** CPU time of this process, in milliseconds. */
function cpuMilliseconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

async function row(
  label: string,
  target: TerrainSpec,
  detector: Detector3,
  name: string,
): Promise<ScalingRow> {
  const pairs = terrainPairs('sphere', target, CONFIGURATIONS, 305);
  const implementation = contactkit3(pairs, detector, name);
  let contacts = 0;
  for (let i = 0; i < CONFIGURATIONS; i++) contacts += implementation.run(i);
  const medianNs = await medianNanoseconds(implementation.run, CONFIGURATIONS);
  // Bytes a call in the steady state: a helper that one placement of the 1,024 reaches runs
  // unoptimised (and boxes its doubles) until V8 has seen it called a few hundred times, which on
  // the largest terrain takes about 480 passes (benchmarks README, this table's paragraph).
  runToSteadyState(implementation.run, CONFIGURATIONS);
  const bytes = bytesPerCall(implementation.run, CONFIGURATIONS, medianNs);
  return {
    label,
    size: 2 * (target.terrain.rows - 1) * (target.terrain.columns - 1),
    medianNs,
    contactsPerCall: contacts / CONFIGURATIONS,
    bytesPerCall: Math.max(0, Math.round(bytes)),
  };
}

/** The table: for each size a mesh row (with its build time and depth) and a heightfield row. */
export async function terrainScalingTable(): Promise<ScalingTable> {
  const rows: ScalingRow[] = [];
  for (const side of SIDES) {
    process.stderr.write(`terrain scaling: ${side} x ${side} grid points\n`);
    const grid = terrain(side);
    const mesh: TerrainSpec = { kind: 'trianglemesh', terrain: grid };
    const started = cpuMilliseconds();
    const built = toOurs(mesh) as { bvh: { depth: number; }; };
    const buildMs = cpuMilliseconds() - started;
    rows.push(
      await row(
        `collideSphereTriangleMesh (built in ${
          buildMs.toFixed(0)
        } ms CPU, hierarchy depth ${built.bvh.depth})`,
        mesh,
        collideSphereTriangleMesh as unknown as Detector3,
        'collideSphereTriangleMesh',
      ),
      await row(
        'collideSphereHeightfield',
        { kind: 'heightfield', terrain: grid },
        collideSphereHeightfield as unknown as Detector3,
        'collideSphereHeightfield',
      ),
    );
  }
  return {
    title: 'Scaling: a sphere on terrain of 1,000 to 1,000,000 triangles',
    unit: 'ns/call',
    per: 'triangle',
    rows,
    notes: [
      'A sphere of radius 0.5 resting on the terrain (its lowest point 0 to 2% of the radius ' +
      'below the surface) at 1024 seeded places; cells of size 1, so a larger terrain is a ' +
      'larger world with the same local geometry. Build: CPU time of `new TriangleMesh` ' +
      '(vertex and index arrays to hierarchy and edge flags).',
    ],
  };
}
