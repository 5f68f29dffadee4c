/**
 * The property the rule against ghost contacts exists for (mesh-contacts.ts,
 * hull-mesh-contacts.ts): a sphere, a capsule, a box or a convex hull resting on, or sliding
 * across, a flat floor made of many triangles (fat ones, thin ones from edge splits within 1e-3
 * of an end, slivers from points inserted next to an edge) only ever gets the floor's normal, its
 * deepest contact has the depth the floor as a plane gives (so the depth is continuous as the
 * shape crosses an edge), and no placement is left without a contact. RUNS placements per shape
 * (10,000 unless CONTACTKIT_PROPERTY_RUNS asks for more; another seed with
 * CONTACTKIT_PROPERTY_SEED) over a few floors built once, at sizes 1e-3 to 1e3, posed at the
 * origin, near 1e5, and turned; penetration 0 to 2% of the shape's size; random yaw (for capsules
 * a small tilt, one end lower; hulls, from hostile clouds with slivers and near-duplicate points,
 * at any orientation). A planted failure shows the property can fail: the same floor as separate
 * one-triangle meshes (no adjacency) does tilt normals.
 */
import { Random } from '@contactkit/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import type { ConvexHull } from '../shapes/convex-hull.js';
import { Box, Sphere } from '../shapes/primitives.js';
import { hullOf, randomCloud } from '../test-support/hull-oracle.js';
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
  /** Hulls from hostile clouds at this floor's scale, posed by each placement. */
  hulls: ConvexHull[];
}

/** Hulls at sizes 0.02 to 0.3 of `scale` from the hostile clouds of hull-oracle.ts. */
function hullPool(random: Random, scale: number): ConvexHull[] {
  const hulls: ConvexHull[] = [];
  while (hulls.length < 24) {
    const cloud = randomCloud(random, scale * random.logRange(0.02, 0.3));
    try {
      hulls.push(hullOf(cloud));
    } catch {
      // A blob of four points may be flat by chance: draw again.
    }
  }
  return hulls;
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
  // Their own generator: the floors stay those the sphere and capsule runs were tuned on.
  const hullRandom = new Random(SEED + 11);
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
      hulls: hullPool(hullRandom, scale),
    });
  }
  return floors;
}

type ShapeKind = 'sphere' | 'capsule' | 'box' | 'hull';

interface Placement {
  floor: Floor;
  shape: Sphere | Capsule | Box | ConvexHull;
  /** The depth the floor as a plane gives. */
  depth: number;
  description: string;
}

/**
 * A shape over the floor's interior, its lowest point `depth` below the floor's plane, 0 to 2% of
 * its size.
 */
function place(random: Random, floor: Floor, kind: ShapeKind): Placement {
  const s = floor.scale;
  const yaw = random.range(0, 2 * Math.PI);
  const qYaw: [number, number, number, number] = [0, Math.sin(yaw / 2), 0, Math.cos(yaw / 2)];
  let shape: Sphere | Capsule | Box | ConvexHull;
  let qLocal: [number, number, number, number] = qYaw;
  /** Height of the centre (the frame's origin) above its lowest point, and the horizontal reach. */
  let lift: number, reach: number, depth: number, what: string;
  if (kind === 'box') {
    const h = [0, 1, 2].map(() => s * random.logRange(0.01, 0.3));
    shape = new Box(h);
    depth = Math.min(...h) * random.range(0, 0.02);
    lift = h[1]!;
    reach = Math.hypot(h[0]!, h[2]!);
    what = `box ${h.join(', ')}`;
  } else if (kind === 'hull') {
    const hull = random.pick(floor.hulls);
    qLocal = random.rotation();
    shape = hull;
    depth = hull.size * random.range(0, 0.02);
    lift = Infinity;
    reach = 0;
    const v = hull.vertices;
    for (let i = 0; i < v.length; i += 3) {
      const w = rotateVector(qLocal, [v[i]!, v[i + 1]!, v[i + 2]!]);
      lift = Math.min(lift, w[1]);
      reach = Math.max(reach, Math.hypot(w[0], w[2]));
    }
    lift = -lift;
    what = `hull [${Array.from(hull.vertices).join(', ')}], size ${hull.size}, turned ${
      qLocal.join(', ')
    }`;
  } else {
    const capsule = kind === 'capsule';
    const radius = s * random.logRange(0.02, 0.3);
    depth = radius * random.range(0, 0.02);
    const half = capsule ? s * random.range(0, 0.4) : 0;
    const tilt = capsule && random.chance(0.5) ? random.range(-0.3, 0.3) : 0;
    // The capsule's axis (local Y) laid along the floor: turn about z by 90 degrees minus the tilt, then yaw.
    const lie = Math.PI / 2 - tilt;
    const qLie: [number, number, number, number] = [0, 0, Math.sin(lie / 2), Math.cos(lie / 2)];
    if (capsule) qLocal = multiply(qYaw, qLie);
    shape = capsule ? new Capsule(radius, half) : new Sphere(radius);
    // The lower end is half * |sin(tilt)| below the centre.
    lift = radius + half * Math.abs(Math.sin(tilt));
    reach = half + radius;
    what = `${kind} r ${radius} half ${half} tilt ${tilt}`;
  }
  // Local frame of the floor: the centre over the interior, the shape within it.
  const x = random.range(-2 * s + reach, 2 * s - reach),
    z = random.range(-2 * s + reach, 2 * s - reach);
  const y = lift - depth;
  const world = rotateVector(floor.rotation, [x, y, z]);
  const position: [number, number, number] = [
    floor.position[0] + world[0],
    floor.position[1] + world[1],
    floor.position[2] + world[2],
  ];
  shape.setPose(position, multiply(floor.rotation, qLocal));
  return {
    floor,
    shape,
    depth,
    description: `${what} at local ${
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

  for (const [index, kind] of (['sphere', 'capsule', 'box', 'hull'] as const).entries()) {
    it(
      `${kind}: every normal within 0.01 degrees of the floor's, the plane's depth, always a contact`,
      () => {
        const random = new Random(SEED + 1 + (index > 1 ? 3 + index : index));
        for (let run = 0; run < RUNS; run++) {
          const floor = floors[run % floors.length]!;
          const placement = place(random, floor, kind);
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
    const hull = floor.hulls.find((h) => h.vertexCount > 8)!;
    // A hull tipped onto one corner; its lowest vertex sits `lift` below its origin.
    const tip: [number, number, number, number] = [0.3, 0.1, 0.2, Math.sqrt(1 - 0.14)];
    let hullLift = Infinity;
    for (let i = 0; i < hull.vertices.length; i += 3) {
      const v = hull.vertices;
      hullLift = Math.min(hullLift, rotateVector(tip, [v[i]!, v[i + 1]!, v[i + 2]!])[1]);
    }
    for (const kind of ['sphere', 'capsule', 'box', 'hull'] as const) {
      const radius = 0.3, depth = 0.004;
      const shape = kind === 'capsule'
        ? new Capsule(radius, 0.4)
        : kind === 'sphere'
        ? new Sphere(radius)
        : kind === 'box'
        ? new Box([0.3, radius, 0.2])
        : hull;
      const lift = kind === 'hull' ? -hullLift : radius;
      // Capsule lying along x; the box turned 0.3 rad about y.
      const turn = kind === 'capsule'
        ? [0, 0, Math.SQRT1_2, Math.SQRT1_2]
        : kind === 'box'
        ? [0, Math.sin(0.15), 0, Math.cos(0.15)]
        : kind === 'hull'
        ? tip
        : [0, 0, 0, 1];
      let previous = NaN;
      // 2,000 steps of 1e-3 across about 30 triangle edges.
      for (let step = 0; step < 2000; step++) {
        const x = -1 + step * 1e-3;
        shape.setPose([
          floor.position[0] + x,
          floor.position[1] + lift - depth,
          floor.position[2] + 0.1 * x,
        ], turn);
        data.reset();
        expect(collide(shape, floor.mesh, data)).toBeGreaterThan(0);
        const { angle, deepest } = measure(data, [0, 1, 0]);
        expect(angle).toBeLessThanOrEqual(MAX_ANGLE);
        if (step > 0) expect(Math.abs(deepest - previous)).toBeLessThan(1e-12);
        previous = deepest;
      }
      expect(previous).toBeCloseTo(depth, 12);
    }
  }, TIMEOUT);

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
      const placement = place(
        random,
        floor,
        (['sphere', 'capsule', 'box', 'hull'] as const)[run % 4]!,
      );
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
