/** The benchmark's pairs: seeded configurations, our detector and the peers for each. */
import * as collision2d from '@contactkit/collision2d';
import * as contacts3d from '@contactkit/contacts3d';
import * as b2 from '@box2d/core';
import * as planck from 'planck';
import SAT from 'sat';
import {
  type Collision2d,
  type Detector2,
  box2d2,
  contactkit2,
  matter2,
  planck2,
  sat2,
} from './adapters2d.js';
import {
  type Detector3,
  cannon3,
  contactkit3,
  initRapier,
  oimo3,
  oimoCapsule3,
  rapierColliders3,
} from './adapters3d.js';
import { crashcat3 } from './crashcat3.js';
import { type Found, findExports } from './detectors.js';
import {
  apartFrames,
  contactkitBoxFrames,
  contactkitFloor,
  contactkitFrames,
  FRAME_PAIRS,
  FRAMES,
  MIXED_PAIRS,
  mixedFrames,
  mixedPairsPerKind,
  oimoFrames,
  rapierFrames,
  restingFrames,
} from './frame.js';
import type { Implementation } from './harness.js';
import {
  CONFIGURATIONS,
  type CapsuleSpec,
  type HullSpec,
  type Pair,
  type Pairs2,
  type Pairs3,
  boxAsHull,
  boxBoxPairs,
  boxCapsulePairs,
  boxHalfSpacePairs,
  capsuleCapsulePairs,
  capsuleHalfSpacePairs,
  boxSpherePairs,
  boxStackPairs,
  circleCirclePairs,
  circlePolygonPairs,
  hullCapsulePairs,
  hullHalfSpacePairs,
  hullHullPairs,
  polygonPolygonPairs,
  sphereHalfSpacePairs,
  sphereSpherePairs,
} from './inputs.js';
import {
  box2dChain,
  box2dRounded,
  capsuleCapsule2Pairs,
  capsulePolygon2Pairs,
  contactkitRounded,
  planckChain,
  planckRounded,
  polygonChainSlidePairs,
  roundedPolygonPairs,
  roundedPolygonPeer,
} from './rounded2d.js';
import { type Resting, TERRAIN_SIDE, rowsTerrainSpec, terrainPairs } from './terrain.js';
import { contactkitPolygonFrames, polygonFrames } from './polygon-frames.js';

export interface PairBench {
  id: string;
  title: string;
  /**
   * The configurations, generated on first use: every row's process calls `pairBenches`, and
   * generates only its own pair's (the hull rows' bisections take seconds).
   */
  pairs: () => Pairs2 | Pairs3 | readonly Pair<unknown, unknown>[];
  /** What the configurations are, when not the standard mix; printed under the title. */
  inputs?: string;
  /** A set of pairs that `--only=<group>` runs together: `terrain` for the mesh rows. */
  group?: string;
  /** Builds our implementation, or says why it cannot. */
  ours: () => Implementation | string;
  /** Builds each peer's implementation, one at a time (a row's process builds only its own). */
  peers: (() => Implementation)[];
}

/** Our exports, found in the package index or its files (see detectors.ts). */
export interface Ours {
  found3: Record<string, Found<(...args: never[]) => unknown>>;
  found2: Record<string, Found<(...args: never[]) => unknown>>;
  api2: Collision2d | undefined;
}

/** Loads Rapier and finds our detectors in the packages' indexes. */
export async function loadOurs(): Promise<Ours> {
  await initRapier();
  const found3 = findExports(contacts3d, [
    'collideSphereSphere',
    'collideBoxSphere',
    'collideSphereHalfSpace',
    'collideBoxHalfSpace',
    'collideBoxBox',
    'collideCapsuleCapsule',
    'collideBoxCapsule',
    'collideCapsuleHalfSpace',
    'collideConvexHullConvexHull',
    'collideConvexHullHalfSpace',
    'collideConvexHullCapsule',
    'collideSphereTriangleMesh',
    'collideSphereHeightfield',
    'collideCapsuleTriangleMesh',
    'collideCapsuleHeightfield',
    'collideBoxTriangleMesh',
    'collideBoxHeightfield',
    'collideConvexHullTriangleMesh',
    'collideConvexHullHeightfield',
  ]);
  const found2 = findExports(collision2d, [
    'Circle',
    'Polygon',
    'Chain',
    'CollisionData2',
    'collideCircleCircle',
    'collideCirclePolygon',
    'collidePolygonPolygon',
    'collideCircleChain',
    'collideCapsule2Capsule2',
    'collideCapsule2Polygon',
    'collidePolygonChain',
    'collide2d',
    'UniformGrid',
    'PairList',
  ]);
  const api2 = found2.Circle?.fn && found2.Polygon?.fn && found2.CollisionData2?.fn
    ? ({
      Circle: found2.Circle.fn,
      Polygon: found2.Polygon.fn,
      CollisionData2: found2.CollisionData2.fn,
    } as unknown as Collision2d)
    : undefined;
  return { found3, found2, api2 };
}

/** `make`'s value, computed on the first call and kept. */
function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/**
 * The terrain rows: each resting shape against the triangle mesh and against the same
 * heightfield, with the peers that have the pair. One line a pair below; a pair whose detector
 * the index does not export yet is reported as missing and its peers are still measured.
 */
interface TerrainRow {
  shape: Resting;
  target: 'trianglemesh' | 'heightfield';
  /** Our detector's name (DESIGN.md's canonical order). */
  detector: string;
  seed: number;
  /** cannon-es's narrowphase function for the pair, when it has one. */
  cannon?: string;
}

const SHAPE_NAMES: Record<Resting, [string, string]> = {
  sphere: ['Sphere', 'Ball'],
  capsule: ['Capsule (lying)', 'Capsule'],
  box: ['Box (lying flat)', 'Cuboid'],
  hull: ['Hull (16 vertices)', 'ConvexPolyhedron'],
};

/** Every pair of the benchmark: its configurations, our implementation and its peers. */
export function pairBenches({ found3, found2, api2 }: Ours): PairBench[] {
  function ours3(name: string, pairs: () => Pairs3): () => Implementation | string {
    const entry = found3[name];
    return () => (entry?.fn
      ? contactkit3(pairs(), entry.fn as Detector3, `${name}`)
      : `${name} not found in @contactkit/contacts3d`);
  }

  function ours2(name: string, pairs: () => Pairs2): () => Implementation | string {
    const entry = found2[name];
    if (api2 === undefined) {
      return () => 'Circle, Polygon or CollisionData2 not found in @contactkit/collision2d';
    }
    return () => (entry?.fn
      ? contactkit2(api2, pairs(), entry.fn as Detector2, name)
      : `${name} not found in @contactkit/collision2d`);
  }

  /** Our row of a capsule or chain pair (rounded2d.ts). */
  function oursRounded(
    name: string,
    pairs: () => Parameters<typeof contactkitRounded>[0],
  ): () => Implementation | string {
    const entry = found2[name];
    return () => (entry?.fn
      ? contactkitRounded(pairs(), entry.fn as Parameters<typeof contactkitRounded>[1], name)
      : `${name} not found in @contactkit/collision2d`);
  }

  /** crashcat's row: its shape query, named with the function its dispatch picks for the pair. */
  function crashcat(pairs: () => Pairs3, dispatched: string): () => Implementation {
    return () => crashcat3(pairs(), `collideShapeVsShape → ${dispatched}`);
  }

  function bench3(
    id: string,
    title: string,
    detector: string,
    make: () => Pairs3,
    cannonCall: string,
    rapierCall: string,
    crashcatCall: string,
  ): PairBench {
    const pairs = lazy(make);
    return {
      id,
      title,
      pairs,
      ours: ours3(detector, pairs),
      peers: [
        () => cannon3(pairs(), `Narrowphase.getContacts → ${cannonCall}`),
        () => rapierColliders3(pairs(), rapierCall),
        crashcat(pairs, crashcatCall),
      ],
    };
  }

  /**
   * Box-box also against OimoPhysics's BoxBoxDetector, the fastest pure-JS box-box peer; hulls
   * against its GjkEpaDetector.
   */
  function withOimo(bench: PairBench, call = 'BoxBoxDetector.detect'): PairBench {
    const pairs = bench.pairs as () => Pairs3;
    return { ...bench, peers: [...bench.peers, () => oimo3(pairs(), call)] };
  }

  /** A hull of `spec`'s points, built once per point list and posed as `spec` asks. */
  const hulls = new WeakMap<number[], contacts3d.ConvexHull>();
  function hullAt(spec: HullSpec): contacts3d.ConvexHull {
    let hull = hulls.get(spec.points);
    if (hull === undefined) {
      hull = contacts3d.ConvexHull.fromPoints(spec.points);
      hulls.set(spec.points, hull);
    }
    return hull.setPose(spec.position, spec.quaternion);
  }

  /** Whether two hull specs touch or overlap, by our boolean test: the bisection of hullHullPairs. */
  function hullsTouch(a: HullSpec, b: HullSpec): boolean {
    return contacts3d.overlapConvexHullConvexHull(hullAt(a), hullAt(b));
  }

  /** Whether a hull and a capsule touch or overlap, by our boolean test (hullCapsulePairs' bisection). */
  function hullCapsuleTouch(a: HullSpec, b: CapsuleSpec): boolean {
    const capsule = new contacts3d.Capsule(b.radius, b.halfLength).setPose(
      b.position,
      b.quaternion,
    );
    return contacts3d.overlapConvexHullCapsule(hullAt(a), capsule);
  }

  /** A terrain row: the pair's configurations, our detector, Rapier, cannon-es and crashcat. */
  function terrainBench(row: TerrainRow): PairBench {
    const [shapeTitle, rapierShape] = SHAPE_NAMES[row.shape];
    const mesh = row.target === 'trianglemesh';
    const pairs = lazy(() => terrainPairs(row.shape, rowsTerrainSpec(row.target), N, row.seed));
    const peers: (() => Implementation)[] = [
      () =>
        rapierColliders3(
          pairs(),
          `Collider(${rapierShape}).contactCollider(Collider(${mesh ? 'TriMesh' : 'HeightField'}))`,
        ),
    ];
    if (row.cannon !== undefined) {
      const call = `Narrowphase.getContacts → ${row.cannon}`;
      peers.push(() => cannon3(pairs(), call));
    }
    // crashcat has triangle meshes but no heightfield.
    if (mesh) {
      const dispatched = row.shape === 'sphere'
        ? 'sphereVsTriangleMesh'
        : 'convexVsTriangleMesh (GJK/EPA per triangle)';
      peers.push(crashcat(pairs, dispatched));
    }
    const triangles = 2 * (TERRAIN_SIDE - 1) ** 2;
    return {
      id: `${row.shape}-${mesh ? 'mesh' : 'heightfield'}`,
      title: `${shapeTitle} on a ${triangles.toLocaleString('en-US')}-triangle terrain ${
        mesh ? 'mesh' : 'heightfield'
      }`,
      group: 'terrain',
      inputs: `Each resting on a terrain of ${TERRAIN_SIDE} x ${TERRAIN_SIDE} grid points one ` +
        'unit apart (gentle slopes and noise), its lowest point 0 to 2% of its size below the ' +
        (mesh
          ? "surface: the mesh has the heightfield's triangles; built once, before timing."
          : 'surface; built once, before timing.'),
      pairs,
      ours: ours3(row.detector, pairs),
      peers,
    };
  }

  const N = CONFIGURATIONS;
  const terrainRows: TerrainRow[] = [
    {
      shape: 'sphere',
      target: 'trianglemesh',
      detector: 'collideSphereTriangleMesh',
      seed: 301,
      cannon: 'sphereTrimesh',
    },
    {
      shape: 'sphere',
      target: 'heightfield',
      detector: 'collideSphereHeightfield',
      seed: 301,
      cannon: 'sphereHeightfield',
    },
    { shape: 'capsule', target: 'trianglemesh', detector: 'collideCapsuleTriangleMesh', seed: 302 },
    { shape: 'capsule', target: 'heightfield', detector: 'collideCapsuleHeightfield', seed: 302 },
    { shape: 'box', target: 'trianglemesh', detector: 'collideBoxTriangleMesh', seed: 303 },
    {
      shape: 'box',
      target: 'heightfield',
      detector: 'collideBoxHeightfield',
      seed: 303,
      cannon: 'boxHeightfield (convexHeightfield)',
    },
    { shape: 'hull', target: 'trianglemesh', detector: 'collideConvexHullTriangleMesh', seed: 304 },
    {
      shape: 'hull',
      target: 'heightfield',
      detector: 'collideConvexHullHeightfield',
      seed: 304,
      cannon: 'convexHeightfield',
    },
  ];
  return [
    bench3(
      'sphere-sphere',
      'Sphere-sphere',
      'collideSphereSphere',
      () => sphereSpherePairs(N, 101),
      'sphereSphere',
      'Collider(Ball).contactCollider(Collider(Ball))',
      'sphereVsSphere',
    ),
    bench3(
      'sphere-box',
      'Sphere-box (box first, as collideBoxSphere takes them)',
      'collideBoxSphere',
      () => boxSpherePairs(N, 102),
      'sphereBox',
      'Collider(Cuboid).contactCollider(Collider(Ball))',
      'convexVsConvex (GJK/EPA)',
    ),
    bench3(
      'sphere-half-space',
      'Sphere-half-space (cannon-es Plane)',
      'collideSphereHalfSpace',
      () => sphereHalfSpacePairs(N, 103),
      'spherePlane',
      'Collider(HalfSpace).contactCollider(Collider(Ball))',
      'convexVsPlane',
    ),
    bench3(
      'box-half-space',
      'Box-half-space (cannon-es Plane)',
      'collideBoxHalfSpace',
      () => boxHalfSpacePairs(N, 104),
      'planeBox',
      'Collider(HalfSpace).contactCollider(Collider(Cuboid))',
      'convexVsPlane',
    ),
    withOimo(
      bench3(
        'box-box',
        'Box-box, full manifold',
        'collideBoxBox',
        () => boxBoxPairs(N, 105),
        'boxBox (convexConvex)',
        'Collider(Cuboid).contactCollider(Collider(Cuboid))',
        'convexVsConvex (GJK/EPA)',
      ),
    ),
    withOimo(
      bench3(
        'box-box-resting',
        'Box-box resting contacts (shallow face on face, as in a stack)',
        'collideBoxBox',
        () => boxStackPairs(N, 106),
        'boxBox (convexConvex)',
        'Collider(Cuboid).contactCollider(Collider(Cuboid))',
        'convexVsConvex (GJK/EPA)',
      ),
    ),
    // The frame row: the resting pairs called frame after frame, with and without our cache.
    (() => {
      const frames = lazy(() => restingFrames(110));
      const box = contacts3d.collideBoxBox;
      return {
        id: 'frame',
        title: `Frame: ${FRAME_PAIRS} resting box-box pairs over ${FRAMES} frames of a solver's ` +
          'jitter, poses set before each call, per-pair state kept across frames',
        pairs: frames,
        ours: () => contactkitBoxFrames(frames(), box, 'none'),
        peers: [
          () => contactkitBoxFrames(frames(), box, 'axis'),
          () => contactkitBoxFrames(frames(), box, 'recycle'),
          () =>
            rapierFrames(
              frames(),
              FRAME_PAIRS,
              'Collider(Cuboid).contactCollider(Collider(Cuboid)), setTranslation and setRotation first',
            ),
          () => oimoFrames(frames(), 'BoxBoxDetector.detect'),
          () =>
            contactkitFloor(
              frames(),
              FRAME_PAIRS,
              'floor: both setPose calls and the contacts written, no detection',
            ),
        ],
      };
    })(),
    // The near misses called frame after frame: what the separating-axis cache saves.
    (() => {
      const frames = lazy(() => apartFrames(114));
      const box = contacts3d.collideBoxBox;
      return {
        id: 'frame-apart',
        title: `Frame, apart: ${FRAME_PAIRS} box-box near misses over ${FRAMES} frames of a ` +
          "solver's jitter, poses set before each call, per-pair state kept across frames",
        pairs: frames,
        ours: () => contactkitBoxFrames(frames(), box, 'none'),
        peers: [
          () => contactkitBoxFrames(frames(), box, 'axis'),
          () => oimoFrames(frames(), 'BoxBoxDetector.detect'),
        ],
      };
    })(),
    // The mixed frame row: every detector kind interleaved, as an engine calls them.
    (() => {
      const frames = lazy(() => {
        const kinds = 12, n = mixedPairsPerKind(kinds);
        const lists: Pairs3[] = [
          sphereSpherePairs(n, 401),
          boxSpherePairs(n, 402),
          sphereHalfSpacePairs(n, 403),
          boxHalfSpacePairs(n, 404),
          boxBoxPairs(n, 405),
          boxStackPairs(n, 406),
          capsuleCapsulePairs(n, 407),
          boxCapsulePairs(n, 408),
          capsuleHalfSpacePairs(n, 409),
          hullHullPairs(n, 410, hullsTouch),
          hullCapsulePairs(n, 411, hullCapsuleTouch),
          hullHalfSpacePairs(n, 412),
        ];
        if (lists.length !== kinds) throw new Error('the mixed scene lists every kind');
        return mixedFrames(lists, 413);
      });
      const collide = contacts3d.collide;
      return {
        id: 'frame-mixed',
        title: `Frame, mixed: ${MIXED_PAIRS} pairs of every 3D detector kind interleaved over ` +
          `${FRAMES} frames of a solver's jitter, poses set before each call`,
        inputs: 'Twelve kinds in turn: sphere-sphere, box-sphere, sphere-half-space, ' +
          'box-half-space, box-box, box-box resting, capsule-capsule, box-capsule, ' +
          'capsule-half-space, hull-hull, hull-capsule, hull-half-space, each from its own ' +
          "row's generator (the standard mix; box-box resting as the frame row), every shape " +
          'but a half-space jittered in every frame; ns per pair, through `collide`.',
        pairs: frames,
        ours: () => contactkitFrames(frames(), MIXED_PAIRS, collide, 'none', 'collide, no cache'),
        peers: [
          () =>
            contactkitFrames(
              frames(),
              MIXED_PAIRS,
              collide,
              'axis',
              'collide + PairCache (separating axis)',
            ),
          () =>
            contactkitFrames(
              frames(),
              MIXED_PAIRS,
              collide,
              'recycle',
              'collide + PairCache({ recycle: true })',
            ),
          () =>
            rapierFrames(
              frames(),
              MIXED_PAIRS,
              'Collider.contactCollider(Collider), setTranslation and setRotation first',
            ),
        ],
      };
    })(),
    // Capsules: cannon-es has none; OimoPhysics has no half-space.
    (() => {
      const pairs = lazy((): Pairs3 => capsuleCapsulePairs(N, 107));
      return {
        id: 'capsule-capsule',
        title: 'Capsule-capsule (two points when near parallel)',
        pairs,
        ours: ours3('collideCapsuleCapsule', pairs),
        peers: [
          () => oimoCapsule3(pairs(), 'CapsuleCapsuleDetector.detect'),
          () => rapierColliders3(pairs(), 'Collider(Capsule).contactCollider(Collider(Capsule))'),
          crashcat(pairs, 'convexVsConvex (GJK/EPA)'),
        ],
      };
    })(),
    (() => {
      const pairs = lazy((): Pairs3 => boxCapsulePairs(N, 108));
      return {
        id: 'capsule-box',
        title: 'Capsule-box (box first, as collideBoxCapsule takes them)',
        pairs,
        ours: ours3('collideBoxCapsule', pairs),
        peers: [
          () => oimoCapsule3(pairs(), 'GjkEpaDetector.detect'),
          () => rapierColliders3(pairs(), 'Collider(Cuboid).contactCollider(Collider(Capsule))'),
          crashcat(pairs, 'convexVsConvex (GJK/EPA)'),
        ],
      };
    })(),
    (() => {
      const pairs = lazy((): Pairs3 => capsuleHalfSpacePairs(N, 109));
      return {
        id: 'capsule-half-space',
        title: 'Capsule-half-space',
        pairs,
        ours: ours3('collideCapsuleHalfSpace', pairs),
        peers: [
          () => rapierColliders3(pairs(), 'Collider(HalfSpace).contactCollider(Collider(Capsule))'),
          crashcat(pairs, 'convexVsPlane'),
        ],
      };
    })(),
    withOimo(
      bench3(
        'hull-hull',
        'Hull-hull, two random 16-vertex hulls, full manifold',
        'collideConvexHullConvexHull',
        () => hullHullPairs(N, 107, hullsTouch),
        'convexConvex (ConvexPolyhedron)',
        'Collider(ConvexPolyhedron).contactCollider(Collider(ConvexPolyhedron))',
        'convexVsConvex (GJK/EPA)',
      ),
      'ConvexHullGeometry, GjkEpaDetector.detect',
    ),
    withOimo(
      bench3(
        'hull-hull-box',
        'Hull-hull, box-shaped hulls (the box-box configurations)',
        'collideConvexHullConvexHull',
        () =>
          boxBoxPairs(N, 105).map((pair) => ({
            category: pair.category,
            a: boxAsHull(pair.a),
            b: boxAsHull(pair.b),
          })),
        'convexConvex (ConvexPolyhedron)',
        'Collider(ConvexPolyhedron).contactCollider(Collider(ConvexPolyhedron))',
        'convexVsConvex (GJK/EPA)',
      ),
      'ConvexHullGeometry, GjkEpaDetector.detect',
    ),
    (() => {
      const pairs = lazy((): Pairs3 => hullCapsulePairs(N, 110, hullCapsuleTouch));
      return {
        id: 'hull-capsule',
        title: 'Hull-capsule, a random 16-vertex hull (two points for a capsule on a face)',
        pairs,
        ours: ours3('collideConvexHullCapsule', pairs),
        peers: [
          () => oimoCapsule3(pairs(), 'ConvexHullGeometry, CapsuleGeometry, GjkEpaDetector.detect'),
          () =>
            rapierColliders3(
              pairs(),
              'Collider(ConvexPolyhedron).contactCollider(Collider(Capsule))',
            ),
          crashcat(pairs, 'convexVsConvex (GJK/EPA)'),
        ],
      };
    })(),
    bench3(
      'hull-half-space',
      'Hull-half-space, a random 16-vertex hull (cannon-es Plane)',
      'collideConvexHullHalfSpace',
      () => hullHalfSpacePairs(N, 108),
      'planeConvex',
      'Collider(HalfSpace).contactCollider(Collider(ConvexPolyhedron))',
      'convexVsPlane',
    ),
    ...terrainRows.map(terrainBench),
    (() => {
      const pairs = lazy((): Pairs2 => polygonPolygonPairs(N, 201));
      return {
        id: 'polygon-polygon',
        title: 'Convex polygon-polygon manifold',
        pairs,
        ours: ours2('collidePolygonPolygon', pairs),
        peers: [
          () => sat2(pairs(), SAT.testPolygonPolygon, 'SAT.testPolygonPolygon', false),
          () =>
            planck2(pairs(), planck.CollidePolygons, 'CollidePolygons + getWorldManifold', false),
          () =>
            box2d2(
              pairs(),
              b2.b2CollidePolygons,
              'b2CollidePolygons + b2WorldManifold.Initialize',
              false,
            ),
          () => matter2(pairs(), 'Collision.collides'),
        ],
      };
    })(),
    ...(['resting', 'moving'] as const).map((motion): PairBench => {
      const frames = lazy(() => polygonFrames(203, motion));
      return {
        id: motion === 'resting' ? 'polygon-frame' : 'polygon-frame-moving',
        title:
          `Polygon frames: ${FRAME_PAIRS} convex polygon-polygon pairs over ${FRAMES} frames, ` +
          (motion === 'resting'
            ? "each shape jittered by a solver's jitter"
            : 'the second shape sliding and turning') +
          ', poses set before each call, a PairCache2 per pair kept across frames',
        pairs: frames,
        ours: () => contactkitPolygonFrames(frames(), false, 'collidePolygonPolygon, no cache'),
        peers: [
          () => contactkitPolygonFrames(frames(), true, 'collidePolygonPolygon + PairCache2'),
          () =>
            planck2(frames(), planck.CollidePolygons, 'CollidePolygons + getWorldManifold', false),
        ],
      };
    }),
    (() => {
      const pairs = lazy((): Pairs2 => circlePolygonPairs(N, 202));
      return {
        id: 'circle-polygon',
        title: 'Circle-convex polygon',
        pairs,
        ours: ours2('collideCirclePolygon', pairs),
        peers: [
          () => sat2(pairs(), SAT.testPolygonCircle, 'SAT.testPolygonCircle', true),
          () =>
            planck2(
              pairs(),
              planck.CollidePolygonCircle,
              'CollidePolygonCircle + getWorldManifold',
              true,
            ),
          () =>
            box2d2(
              pairs(),
              b2.b2CollidePolygonAndCircle,
              'b2CollidePolygonAndCircle + b2WorldManifold.Initialize',
              true,
            ),
        ],
      };
    })(),
    (() => {
      const pairs = lazy(() => capsuleCapsule2Pairs(N, 204));
      return {
        id: 'capsule2-capsule2',
        title: 'Capsule-capsule (2D)',
        inputs:
          'Capsules of radius 0.1 to 0.5, half length 0.2 to 1; half side on, half from an end',
        pairs,
        ours: oursRounded('collideCapsule2Capsule2', pairs),
        peers: [
          () =>
            planckRounded(pairs(), planck.CollidePolygons, 'CollidePolygons + getWorldManifold'),
          () =>
            box2dRounded(
              pairs(),
              b2.b2CollidePolygons,
              'b2CollidePolygons + b2WorldManifold.Initialize',
            ),
        ],
      };
    })(),
    (() => {
      const pairs = lazy(() => capsulePolygon2Pairs(N, 205));
      return {
        id: 'capsule2-polygon',
        title: 'Capsule-convex polygon (2D)',
        pairs,
        ours: oursRounded('collideCapsule2Polygon', pairs),
        peers: [
          () =>
            planckRounded(
              pairs(),
              planck.CollideEdgePolygon,
              'Edge (radius r) CollideEdgePolygon + getWorldManifold',
            ),
          () =>
            box2dRounded(
              pairs(),
              b2.b2CollideEdgeAndPolygon,
              'b2EdgeShape (radius r) b2CollideEdgeAndPolygon + b2WorldManifold.Initialize',
            ),
        ],
      };
    })(),
    (() => {
      const pairs = lazy(() => roundedPolygonPairs(N, 207));
      return {
        id: 'rounded-polygons',
        title: 'Rounded convex polygons (2D)',
        inputs: 'Convex polygons (3 to 8 vertices, 0.4 to 1.2 across) rounded by 0.05 to 0.3; ' +
          'half along a face normal, half corner against corner',
        pairs,
        ours: oursRounded('collidePolygonPolygon', pairs),
        peers: [
          () => roundedPolygonPeer('planck', pairs()),
          () => roundedPolygonPeer('box2d', pairs()),
        ],
      };
    })(),
    (() => {
      const pairs = lazy(() => polygonChainSlidePairs(N, 206));
      return {
        id: 'polygon-chain-slide',
        title: 'Box sliding along a chain of 64 segments',
        inputs: 'A box resting on (or just above) a hill of 64 segments, collinear runs between ' +
          'convex vertices, turned to the slope under it',
        pairs,
        ours: oursRounded('collidePolygonChain', pairs),
        peers: [() => planckChain(pairs()), () => box2dChain(pairs())],
      };
    })(),
    (() => {
      const pairs = lazy((): Pairs2 => circleCirclePairs(N, 203));
      return {
        id: 'circle-circle',
        title: 'Circle-circle',
        pairs,
        ours: ours2('collideCircleCircle', pairs),
        peers: [
          () => sat2(pairs(), SAT.testCircleCircle, 'SAT.testCircleCircle', false),
          () => planck2(pairs(), planck.CollideCircles, 'CollideCircles + getWorldManifold', false),
        ],
      };
    })(),
  ];
}
