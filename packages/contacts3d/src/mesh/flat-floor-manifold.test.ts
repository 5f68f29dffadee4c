/**
 * A box resting on a flat floor made of many triangles gets the contacts a plane gives it
 * (mesh-manifold.ts's reduction: one normal, at most 4 points spanning the footprint): its 4
 * bottom corners, the same points, depths and normal as `collideBoxPlane`, whatever the
 * triangles under it. RUNS placements (10,000 unless CONTACTKIT_PROPERTY_RUNS asks for more;
 * another seed with CONTACTKIT_PROPERTY_SEED) over floors with jittered vertices, random
 * diagonals, edge splits and inserted points (slivers), at scales 1e-3, 1 and 1e3: boxes from
 * cubes to planks (half-extents 0.05 to 0.6 of the cell-size floor), at random yaw, tilted up to
 * 2e-3 rad and sunk 1% to 2% of their height below their highest bottom corner.
 * Before the reduction kept a footprint's corners, a third of such placements lost a corner to
 * a triangle corner inside the footprint (measured: 64 of 200 at scale 1).
 */
import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { CollisionData } from '../manifold/collision-data.js';
import { collideBoxTriangleMesh } from '../pairs/box-mesh.js';
import { collideBoxPlane } from '../pairs/box-plane.js';
import { Box, Plane } from '../shapes/primitives.js';
import { tessellatedFloor } from '../test-support/mesh-cases.js';
import { TriangleMesh } from './triangle-mesh.js';

const RUNS = Math.max(10_000, Number(process.env['CONTACTKIT_PROPERTY_RUNS'] ?? 0) || 0);
const SEED = Number(process.env['CONTACTKIT_PROPERTY_SEED'] ?? 0x60f1) >>> 0;
const TIMEOUT = Math.max(60_000, 10 * RUNS);
const RELATIVE = 1e-9;

interface Seen {
  point: number[];
  normal: number[];
  depth: number;
}

function contactsOf(data: CollisionData): Seen[] {
  return Array.from({ length: data.contactCount }, (_, i) => {
    const c = data.contacts[i]!;
    return { point: Array.from(c.point), normal: Array.from(c.normal), depth: c.penetration };
  });
}

/** The quaternion of a turn by `yaw` about y, then `tilt` about the horizontal axis at `heading`. */
function pose(yaw: number, tilt: number, heading: number): [number, number, number, number] {
  const ax = Math.cos(heading) * Math.sin(tilt / 2), az = Math.sin(heading) * Math.sin(tilt / 2);
  const aw = Math.cos(tilt / 2), by = Math.sin(yaw / 2), bw = Math.cos(yaw / 2);
  // (ax, 0, az, aw) * (0, by, 0, bw).
  return [ax * bw - az * by, aw * by, az * bw + ax * by, aw * bw];
}

describe('a box resting on a flat tessellated floor', () => {
  it(
    `gets the plane's 4 corner contacts: points, depths and normal within 1e-9 relative (${RUNS} placements)`,
    () => {
      const random = new Random(SEED);
      const scales = [1e-3, 1, 1e3];
      const floors = scales.map((scale) => {
        const list = tessellatedFloor(random, 4, 10, 150, 150);
        return new TriangleMesh(list.vertices.map((v) => v * scale), list.indices);
      });
      const plane = new Plane([0, 1, 0], 0);
      const meshData = new CollisionData({ capacity: 16 });
      const planeData = new CollisionData({ capacity: 16 });
      for (let run = 0; run < RUNS; run++) {
        const f = run % scales.length, scale = scales[f]!;
        const hx = random.range(0.05, 0.6),
          hy = random.range(0.05, 0.3),
          hz = random.range(0.05, 0.3);
        const reach = Math.hypot(hx, hz), tilt = random.range(0, 2e-3);
        // Sunk 1% to 2% of the height below the highest corner the tilt can lift.
        const sink = hy * random.range(0.01, 0.02) + tilt * reach;
        const box = new Box([hx * scale, hy * scale, hz * scale]).setPose(
          [
            random.range(-2 + reach, 2 - reach) * scale,
            (hy - sink) * scale,
            random.range(-2 + reach, 2 - reach) * scale,
          ],
          pose(random.range(0, 2 * Math.PI), tilt, random.range(0, 2 * Math.PI)),
        );
        meshData.reset();
        planeData.reset();
        collideBoxTriangleMesh(box, floors[f]!, meshData);
        collideBoxPlane(box, plane, planeData);
        const mesh = contactsOf(meshData), expected = contactsOf(planeData);
        const where = `run ${run}, scale ${scale}`;
        expect(expected.length, where).toBe(4);
        expect(mesh.length, `${where} ${JSON.stringify(expected)} in ${JSON.stringify(mesh)}`).toBe(
          4,
        );
        for (const e of expected) {
          const found = mesh.find((c) =>
            Math.hypot(
              c.point[0]! - e.point[0]!,
              c.point[1]! - e.point[1]!,
              c.point[2]! - e.point[2]!,
            )
              <= RELATIVE * scale
          );
          expect(
            found,
            `${where}: corner ${e.point.join(', ')} of ${JSON.stringify(expected)} in ${
              JSON.stringify(mesh)
            }`,
          ).toBeDefined();
          expect(Math.abs(found!.depth - e.depth), where).toBeLessThanOrEqual(RELATIVE * scale);
          for (let k = 0; k < 3; k++) {
            expect(Math.abs(found!.normal[k]! - e.normal[k]!), where).toBeLessThanOrEqual(RELATIVE);
          }
        }
      }
    },
    TIMEOUT,
  );
});
