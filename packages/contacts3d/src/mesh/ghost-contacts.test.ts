/**
 * The property the rule against ghost contacts exists for (mesh-contacts.ts): a sphere or a
 * capsule resting on, or sliding across, a flat floor made of many triangles (fat ones, thin ones
 * from edge splits within 1e-3 of an end, slivers from points inserted next to an edge) only
 * ever gets the floor's normal, its deepest contact has the depth the floor as a plane gives
 * (so the depth is continuous as the shape crosses an edge), and no placement is left without a
 * contact. RUNS placements (10,000 unless CONTACTKIT_PROPERTY_RUNS asks for more; another seed
 * with CONTACTKIT_PROPERTY_SEED) over a few floors built once, at sizes 1e-3 to 1e3, posed at the
 * origin, near 1e5, and turned; penetration 0 to 2% of the shape's size; random yaw (and for
 * capsules a small tilt, one end lower). A planted failure shows the property can fail: the same
 * floor as separate one-triangle meshes (no adjacency) does tilt normals.
 */
import { Random } from '@contactkit/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import { Sphere } from '../shapes/primitives.js';
import { tessellatedFloor, type TriangleList } from '../test-support/mesh-cases.js';
import { TriangleMesh } from './triangle-mesh.js';

const RUNS = Math.max(10_000, Number(process.env['CONTACTKIT_PROPERTY_RUNS'] ?? 0) || 0);
const SEED = Number(process.env['CONTACTKIT_PROPERTY_SEED'] ?? 0x6a05) >>> 0;
const TIMEOUT = Math.max(60_000, 10 * RUNS);
/** 0.01 degrees. */
const MAX_ANGLE = (0.01 * Math.PI) / 180;

interface Floor {
  list: TriangleList;
  mesh: TriangleMesh;
  /** Side of the floor (before scaling), the floor's scale, its pose. */
  size: number;
  scale: number;
  position: [number, number, number];
  rotation: [number, number, number, number];
  /** World up of the floor. */
  up: [number, number, number];
}

function rotateVector(q: readonly number[], v: readonly number[]): [number, number, number] {
  const [x, y, z, w] = q as [number, number, number, number];
  // v + 2 w (q x v) + 2 q x (q x v), q the vector part.
  const cx = y * v[2]! - z * v[1]!, cy = z * v[0]! - x * v[2]!, cz = x * v[1]! - y * v[0]!;
  const dx = y * cz - z * cy, dy = z * cx - x * cz, dz = x * cy - y * cx;
  return [v[0]! + 2 * (w * cx + dx), v[1]! + 2 * (w * cy + dy), v[2]! + 2 * (w * cz + dz)];
}

function buildFloors(random: Random): Floor[] {
  const floors: Floor[] = [];
  for (let f = 0; f < 6; f++) {
    const scale = [1, 1e-3, 1e3, 1, 1, 0.05][f]!;
    const list = tessellatedFloor(random, 4, 10, 150, 150);
    for (let i = 0; i < list.vertices.length; i++) list.vertices[i] = list.vertices[i]! * scale;
    const position: [number, number, number] = f === 3
      ? [1e5, -2e4, 1e5 + 0.5]
      : [random.range(-1, 1) * scale, random.range(-1, 1) * scale, 0];
    const rotation: [number, number, number, number] = f === 4 || f === 5
      ? random.rotation()
      : [0, 0, 0, 1];
    const mesh = new TriangleMesh(list.vertices, list.indices).setPose(position, rotation);
    floors.push({
      list,
      mesh,
      size: 4,
      scale,
      position,
      rotation,
      up: rotateVector(rotation, [0, 1, 0]),
    });
  }
  return floors;
}

interface Placement {
  floor: Floor;
  shape: Sphere | Capsule;
  /** The depth the floor as a plane gives. */
  depth: number;
  description: string;
}

/** A shape over the floor's interior, its lowest point `depth` below the floor's plane. */
function place(random: Random, floor: Floor, capsule: boolean): Placement {
  const s = floor.scale;
  const radius = s * random.logRange(0.02, 0.3);
  const depth = radius * random.range(0, 0.02);
  const half = capsule ? s * random.range(0, 0.4) : 0;
  const tilt = capsule && random.chance(0.5) ? random.range(-0.3, 0.3) : 0;
  // Local frame of the floor: centre over the interior, one radius plus the reach of the core.
  const reach = half + radius;
  const x = random.range(-2 * s + reach, 2 * s - reach),
    z = random.range(-2 * s + reach, 2 * s - reach);
  const yaw = random.range(0, 2 * Math.PI);
  // The capsule's axis (local Y) laid along the floor: turn about z by 90 degrees minus the tilt, then yaw.
  const lie = Math.PI / 2 - tilt;
  const qLie: [number, number, number, number] = [0, 0, Math.sin(lie / 2), Math.cos(lie / 2)];
  const qYaw: [number, number, number, number] = [0, Math.sin(yaw / 2), 0, Math.cos(yaw / 2)];
  const qLocal = capsule ? multiply(qYaw, qLie) : qYaw;
  // The lower end is half * |sin(tilt)| below the centre.
  const y = radius - depth + half * Math.abs(Math.sin(tilt));
  const world = rotateVector(floor.rotation, [x, y, z]);
  const position: [number, number, number] = [
    floor.position[0] + world[0],
    floor.position[1] + world[1],
    floor.position[2] + world[2],
  ];
  const rotation = multiply(floor.rotation, qLocal);
  const shape = capsule
    ? new Capsule(radius, half).setPose(position, rotation)
    : new Sphere(radius).setPose(position, rotation);
  return {
    floor,
    shape,
    depth,
    description: `${
      capsule ? 'capsule' : 'sphere'
    } r ${radius} half ${half} tilt ${tilt} at local ${
      [x, y, z].join(', ')
    } yaw ${yaw} depth ${depth}, floor scale ${s} at ${floor.position.join(', ')}`,
  };
}

function multiply(a: readonly number[], b: readonly number[]): [number, number, number, number] {
  const [ax, ay, az, aw] = a as [number, number, number, number];
  const [bx, by, bz, bw] = b as [number, number, number, number];
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

/** The worst normal angle (radians) and the deepest depth of `shape` on `floor`'s contacts. */
function measure(data: CollisionData, up: readonly number[]): { angle: number; deepest: number; } {
  let angle = 0, deepest = -Infinity;
  for (let i = 0; i < data.contactCount; i++) {
    const c = data.contacts[i]!;
    const cosine = c.normal[0]! * up[0]! + c.normal[1]! * up[1]! + c.normal[2]! * up[2]!;
    // The angle from the cross product's length: accurate near 0, where acos is not.
    const cx = c.normal[1]! * up[2]! - c.normal[2]! * up[1]!,
      cy = c.normal[2]! * up[0]! - c.normal[0]! * up[2]!,
      cz = c.normal[0]! * up[1]! - c.normal[1]! * up[0]!;
    angle = Math.max(angle, Math.atan2(Math.hypot(cx, cy, cz), cosine));
    deepest = Math.max(deepest, c.penetration);
  }
  return { angle, deepest };
}

describe('ghost contacts on a tessellated flat floor', () => {
  let floors: Floor[];
  const data = new CollisionData({ capacity: 64 });
  beforeAll(() => {
    floors = buildFloors(new Random(SEED));
  });

  it('the floors hold thin triangles and flat interior edges', () => {
    for (const floor of floors) {
      expect(floor.mesh.triangleCount).toBeGreaterThan(500);
      expect(floor.mesh.degenerateTriangleCount).toBe(0);
      let thinnest = Infinity;
      const p = floor.list.vertices;
      for (let t = 0; t < floor.list.indices.length / 3; t++) {
        const v = [0, 1, 2].map((k) => floor.list.indices[3 * t + k]!);
        const e = (a: number, b: number) =>
          Math.hypot(p[3 * b]! - p[3 * a]!, p[3 * b + 2]! - p[3 * a + 2]!);
        const area = Math.abs(
          (p[3 * v[1]!]! - p[3 * v[0]!]!) * (p[3 * v[2]! + 2]! - p[3 * v[0]! + 2]!) -
            (p[3 * v[2]!]! - p[3 * v[0]!]!) * (p[3 * v[1]! + 2]! - p[3 * v[0]! + 2]!),
        );
        const longest = Math.max(e(v[0]!, v[1]!), e(v[1]!, v[2]!), e(v[2]!, v[0]!));
        thinnest = Math.min(thinnest, area / (longest * longest));
      }
      expect(thinnest).toBeLessThan(2e-3);
    }
  });

  for (const kind of ['sphere', 'capsule'] as const) {
    it(
      `${kind}: every normal within 0.01 degrees of the floor's, the plane's depth, always a contact`,
      () => {
        const random = new Random(SEED + (kind === 'sphere' ? 1 : 2));
        for (let run = 0; run < RUNS; run++) {
          const floor = floors[run % floors.length]!;
          const placement = place(random, floor, kind === 'capsule');
          data.reset();
          const written = collide(placement.shape, floor.mesh, data);
          if (written === 0) throw new Error(`no contact: ${placement.description}`);
          const { angle, deepest } = measure(data, floor.up);
          if (angle > MAX_ANGLE) {
            throw new Error(`normal ${angle} rad off the floor's: ${placement.description}`);
          }
          // Round-off of heights at the floor's distance from the origin, and of the shape's own numbers.
          const allowed = 1e-9 * floor.scale + 4e-16 * 2e5;
          if (Math.abs(deepest - placement.depth) > allowed) {
            throw new Error(
              `deepest ${deepest}, the plane gives ${placement.depth}: ${placement.description}`,
            );
          }
        }
      },
      TIMEOUT,
    );
  }

  it('sliding across edges: the deepest depth stays that of the plane at every step', () => {
    const floor = floors[0]!;
    for (const capsule of [false, true]) {
      const radius = 0.3, half = capsule ? 0.4 : 0, depth = 0.004;
      const shape = capsule ? new Capsule(radius, half) : new Sphere(radius);
      const lie = [0, 0, Math.SQRT1_2, Math.SQRT1_2];
      let previous = NaN;
      // 2,000 steps of 1e-3 across about 30 triangle edges.
      for (let step = 0; step < 2000; step++) {
        const x = -1 + step * 1e-3;
        shape.setPose([
          floor.position[0] + x,
          floor.position[1] + radius - depth,
          floor.position[2] + 0.1 * x,
        ], lie);
        data.reset();
        expect(collide(shape, floor.mesh, data)).toBeGreaterThan(0);
        const { angle, deepest } = measure(data, [0, 1, 0]);
        expect(angle).toBeLessThanOrEqual(MAX_ANGLE);
        if (step > 0) expect(Math.abs(deepest - previous)).toBeLessThan(1e-12);
        previous = deepest;
      }
      expect(previous).toBeCloseTo(depth, 12);
    }
  });

  it('planted: without adjacency (each triangle its own mesh) the same floor tilts normals', () => {
    const floor = floors[0]!;
    const list = floor.list;
    const pieces = Array.from(
      { length: list.indices.length / 3 },
      (_, t) =>
        new TriangleMesh(list.vertices, list.indices.slice(3 * t, 3 * t + 3)).setPose(
          floor.position,
          floor.rotation,
        ),
    );
    const random = new Random(SEED + 3);
    let worst = 0;
    for (let run = 0; run < 300; run++) {
      const placement = place(random, floor, run % 2 === 1);
      data.reset();
      for (const piece of pieces) {
        if (
          piece.aabb[0]! > placement.shape.aabb[3]! || piece.aabb[3]! < placement.shape.aabb[0]! ||
          piece.aabb[2]! > placement.shape.aabb[5]! || piece.aabb[5]! < placement.shape.aabb[2]!
        ) continue;
        collide(placement.shape, piece, data);
      }
      worst = Math.max(worst, measure(data, floor.up).angle);
    }
    expect(worst).toBeGreaterThan(100 * MAX_ANGLE);
  });
});
