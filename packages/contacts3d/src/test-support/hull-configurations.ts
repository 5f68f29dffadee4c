/**
 * Hostile pairs of convex polyhedra for the hull-hull tests: random, near-coplanar, box-shaped and
 * sliver hulls, sizes 1e-3 to 1e3, coordinates near 1e5, identical poses, parallel faces and
 * edges, nested hulls, and a box as the first polyhedron. Tests only; not exported by the package.
 */
import type { Random } from '@contactkit/test-support';
import { viewOfBox } from '../pairs/box-convex-hull.js';
import { ConvexHull, type HullEdgeData } from '../shapes/convex-hull.js';
import { Box } from '../shapes/primitives.js';
import { hullOf, randomCloud } from './hull-oracle.js';
import { axisAngle, type Quat, scale, type Vec3 } from './shapes.js';

/** 16 points on an ellipsoid of half axes 0.5 to 1 times `size` (the benchmark's hulls). */
export function ellipsoidCloud(random: Random, size: number): Vec3[] {
  const axes = [random.range(0.5, 1), random.range(0.5, 1), random.range(0.5, 1)];
  return Array.from({ length: 16 }, () => {
    const u = random.unitVector();
    return [u[0] * axes[0]! * size, u[1] * axes[1]! * size, u[2] * axes[2]! * size] as Vec3;
  });
}

/**
 * A box's corners and points on its faces lifted off them by up to 1e-9 of its size: faces that
 * the build merges although their points are not exactly coplanar.
 */
function nearCoplanarCloud(random: Random, size: number): Vec3[] {
  const h: Vec3 = [
    random.range(0.2, 1) * size,
    random.range(0.2, 1) * size,
    random.range(0.2, 1) * size,
  ];
  const points: Vec3[] = [];
  for (let i = 0; i < 8; i++) {
    points.push([i & 1 ? h[0] : -h[0], i & 2 ? h[1] : -h[1], i & 4 ? h[2] : -h[2]]);
  }
  for (let i = 0; i < 12; i++) {
    const q: Vec3 = [
      random.range(-h[0], h[0]),
      random.range(-h[1], h[1]),
      random.range(-h[2], h[2]),
    ];
    const axis = random.int(3);
    q[axis] = random.sign() * h[axis]! * (1 + random.range(-1e-9, 1e-9));
    points.push(q);
  }
  return points;
}

/** A hull cloud of one of three kinds (ellipsoid, near-coplanar box, `randomCloud`). */
export function cloud(random: Random, size: number): Vec3[] {
  for (;;) {
    const kind = random.int(4);
    const points = kind === 0
      ? ellipsoidCloud(random, size)
      : kind === 1
      ? nearCoplanarCloud(random, size)
      : randomCloud(random, size);
    try {
      hullOf(points);
      return points;
    } catch {
      // A few points may be flat by chance; draw again.
    }
  }
}

/** A random rotation, or one about y (often by a multiple of 45 degrees): parallel faces and edges. */
export function rotation(random: Random): Quat {
  if (random.chance(0.6)) return random.rotation();
  // Parallel faces and edges: turned about y only, often by a multiple of 45 degrees.
  return axisAngle(
    [0, 1, 0],
    random.chance(0.5) ? (Math.PI / 4) * random.int(8) : random.range(0, 7),
  );
}

export interface HullCase {
  /** The first polyhedron (a hull, or a box seen as one) and its transform. */
  a: HullEdgeData;
  ma: Float64Array;
  b: ConvexHull;
  mode: string;
}

/** A hull of a random cloud at a random size, and a second hull of the same points (identical hulls). */
export interface Pooled {
  hull: ConvexHull;
  twin: ConvexHull;
  size: number;
}

/** Hulls built once and posed anew by each configuration (building is most of a run's cost). */
export function pool(random: Random, count: number): Pooled[] {
  return Array.from({ length: count }, () => {
    const size = random.logRange(1e-3, 1e3);
    const points = cloud(random, size);
    return { hull: hullOf(points), twin: ConvexHull.fromPoints(points), size };
  });
}

/** Two hulls (or a box and a hull) posed for one configuration. */
export function configuration(random: Random, hulls: Pooled[]): HullCase {
  const second = random.pick(hulls), size = second.size;
  const offset: Vec3 = random.chance(0.15) ? [1e5, -1e5, 1e5] : [0, 0, 0];
  const mode = random.pick(['free', 'free', 'identical', 'same rotation', 'nested', 'box']);
  const turnB = rotation(random);
  const b = second.hull.setPose(offset, turnB);
  const near = (reach: number): Vec3 => {
    const d = scale(random.unitVector(), reach * size);
    return [offset[0] + d[0], offset[1] + d[1], offset[2] + d[2]];
  };
  if (mode === 'identical') {
    const twin = second.twin.setPose(offset, turnB);
    return { a: twin, ma: twin.transform, b, mode };
  }
  if (mode === 'box') {
    const box = new Box([
      random.range(0.1, 1) * size,
      random.range(0.1, 1) * size,
      random.range(0.1, 1) * size,
    ]);
    box.setPose(near(random.range(0, 2)), rotation(random));
    // The box view is rewritten by the next box: use the case before drawing another.
    return { a: viewOfBox(box), ma: box.transform, b, mode };
  }
  // Another hull of the pool (of any size: nested either way), or the same hull's twin.
  let first = random.pick(hulls);
  if (first === second) first = { ...second, hull: second.twin };
  const a = first.hull.setPose(
    near(mode === 'nested' ? 0.05 : random.range(0, 2.5)),
    mode === 'same rotation' ? turnB : rotation(random),
  );
  return { a, ma: a.transform, b, mode };
}
