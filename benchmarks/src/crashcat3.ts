/**
 * crashcat (a pure-JavaScript 3D engine after Jolt's design) on the same configurations: its
 * public shape-versus-shape query, `collideShapeVsShape`, called for one pair without a world,
 * as its world's narrowphase calls it for a body pair (crashcat 0.0.5, `narrowphase()` in its
 * bundle): the same function, with `collectFaces` on and the world's default tolerances, into a
 * collector of our own that only reads each hit.
 *
 * What it answers, and what is not timed: one hit per convex pair (one per touching triangle
 * against a mesh), each the deepest point pair found by GJK and EPA (sphere-sphere has a closed
 * form) with the supporting face of each shape. Its world then clips the two faces into up to 4
 * points (`manifoldBetweenTwoFaces`) and merges the hits of a pair; the package does not export
 * that step, so these rows leave it out and understate what its narrowphase costs a pair.
 *
 * Geometry: its convex shapes are shrunk by a convex radius (0.05 by default) and inflated by it
 * again, which rounds a box's or a hull's edges and corners. The rows pass 0, so every library
 * meets the same sharp box and hull, as planck and @box2d/core get a skin radius of 0.
 */
import * as crashcat from 'crashcat';
import { type Implementation, sink } from './harness.js';
import type { Pairs3, Shape3Spec, TerrainSpec } from './inputs.js';
import { once } from './adapters3d.js';
import { meshOf } from './terrain.js';

crashcat.registerAllShapes();

interface Posed {
  shape: crashcat.Shape;
  position: [number, number, number];
  quaternion: [number, number, number, number];
}

const terrainShapes = new WeakMap<TerrainSpec, Posed>();

/** Convex radius of boxes and hulls: none, so the shapes are the sharp ones the others meet. */
const CONVEX_RADIUS = 0;

function toCrashcat(spec: Shape3Spec): Posed {
  const posed = (
    shape: crashcat.Shape,
    at: { position: Posed['position']; quaternion: Posed['quaternion']; },
  ): Posed => ({
    shape,
    position: at.position,
    quaternion: at.quaternion,
  });
  switch (spec.kind) {
    case 'sphere':
      return posed(crashcat.sphere.create({ radius: spec.radius }), spec);
    case 'box':
      return posed(
        crashcat.box.create({ halfExtents: spec.halfSize, convexRadius: CONVEX_RADIUS }),
        spec,
      );
    case 'capsule':
      // Along its local Y, as ours.
      return posed(
        crashcat.capsule.create({ halfHeightOfCylinder: spec.halfLength, radius: spec.radius }),
        spec,
      );
    case 'hull':
      return posed(
        crashcat.convexHull.create({ positions: spec.points, convexRadius: CONVEX_RADIUS }),
        spec,
      );
    case 'halfspace':
      // Its plane is `normal . x + constant = 0`, solid where that is negative: ours is
      // `normal . x <= offset`.
      return {
        shape: crashcat.plane.create({
          plane: { normal: [...spec.normal], constant: -spec.offset },
        }),
        position: [0, 0, 0],
        quaternion: [0, 0, 0, 1],
      };
    case 'trianglemesh':
      return once(terrainShapes, spec, () => {
        const { vertices, indices } = meshOf(spec.terrain);
        return {
          shape: crashcat.triangleMesh.create({
            positions: Array.from(vertices),
            indices: Array.from(indices),
          }),
          position: [0, 0, 0],
          quaternion: [0, 0, 0, 1],
        };
      });
    case 'heightfield':
      throw new Error('crashcat has no heightfield shape');
  }
}

/**
 * The collector: counts the hits, adds their depths into the sink and keeps the deepest for the
 * cross-checks, copying nothing (its world's collector reads each hit as it comes, too).
 */
class Hits implements crashcat.CollideShapeCollector {
  bodyIdB = -1;
  earlyOutFraction = Number.MAX_VALUE;
  count = 0;
  depth = 0;
  deepest = -Infinity;
  /** Our normal of the deepest hit: from B toward A, against crashcat's penetration axis. */
  normal: number[] = [];
  keepNormal = false;

  addHit(hit: crashcat.CollideShapeHit): void {
    this.count++;
    this.depth += hit.penetration;
    if (this.keepNormal && hit.penetration > this.deepest) {
      this.deepest = hit.penetration;
      const [x, y, z] = hit.penetrationAxis as unknown as [number, number, number];
      const length = Math.hypot(x, y, z);
      this.normal = [-x / length, -y / length, -z / length];
    }
  }

  addMiss(): void {}

  shouldEarlyOut(): boolean {
    return this.earlyOutFraction <= 0;
  }

  reset(): void {
    this.count = 0;
    this.depth = 0;
    this.deepest = -Infinity;
    this.earlyOutFraction = Number.MAX_VALUE;
  }
}

/**
 * crashcat: `collideShapeVsShape(collector, settings, shapeA, ..., shapeB, ...)` on configuration
 * `i`, with its world's settings for a body pair (`collectFaces` on, back faces off, only active
 * mesh edges, collision and penetration tolerances 1e-4) and no speculative distance, as ours
 * runs with tolerance 0.
 */
export function crashcat3(pairs: Pairs3, call: string): Implementation {
  const first = pairs.map((pair) => toCrashcat(pair.a));
  const second = pairs.map((pair) => toCrashcat(pair.b));
  const settings = crashcat.createDefaultCollideShapeSettings();
  settings.collectFaces = true;
  settings.collideWithBackfaces = false;
  settings.maxSeparationDistance = 0;
  const hits = new Hits();
  const empty = crashcat.EMPTY_SUB_SHAPE_ID;
  const run = (i: number): number => {
    const a = first[i]!, b = second[i]!;
    const pa = a.position, qa = a.quaternion, pb = b.position, qb = b.quaternion;
    hits.reset();
    crashcat.collideShapeVsShape(
      hits,
      settings,
      a.shape,
      empty,
      0,
      pa[0],
      pa[1],
      pa[2],
      qa[0],
      qa[1],
      qa[2],
      qa[3],
      1,
      1,
      1,
      b.shape,
      empty,
      0,
      pb[0],
      pb[1],
      pb[2],
      qb[0],
      qb[1],
      qb[2],
      qb[3],
      1,
      1,
      1,
    );
    sink[0]! += hits.depth;
    return hits.count;
  };
  return {
    library: 'crashcat',
    call,
    note: 'one point and two faces per pair or triangle; its clipping into a manifold not timed',
    run,
    inspect: (i) => {
      hits.keepNormal = true;
      const count = run(i);
      hits.keepNormal = false;
      return count === 0
        ? { count, penetration: NaN, normal: [] }
        : { count, penetration: hits.deepest, normal: hits.normal };
    },
  };
}
