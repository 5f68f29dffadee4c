import { ContactKind, firstFeatureOf, packFeatureId, secondFeatureOf } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { collide2d } from '../collide2d.js';
import { CollisionData2 } from '../manifold/contact2.js';
import { mulberry32 } from '@contactkit/test-support';
import {
  contactList,
  distanceToFeature,
  mirroredMismatch,
  outlinesCross,
  randomConvexPoints,
  regionDistance,
  satOverlap,
  scaledMismatch,
  signedDistanceToOutline,
  worldPoints,
} from '../test-support/contacts.js';
import { collidePolygonChain } from './polygon-chain.js';
import { Chain, Polygon, Segment, VERTEX_FEATURE } from '../shapes/shapes.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';

const box = (hx: number, hy: number): number[][] => [[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]];

function run(polygon: Polygon, chain: Chain, tolerance = 0): ReturnType<typeof contactList> {
  const data = new CollisionData2({ tolerance });
  collidePolygonChain(polygon, chain, data);
  return contactList(data);
}

describe('collidePolygonChain: hand-computed cases', () => {
  it('rests a box on a segment from above and from below', () => {
    // Box [-1, 1] x [-0.5, 0.5] at (0, 0.4): bottom at y = -0.1, 0.1 below the segment (-3, 0) -> (3, 0).
    // The box's bottom edge is the reference (equal separations, the polygon is preferred); the
    // segment's upper face is clipped to x in [-1, 1]: points (1, -0.05) and (-1, -0.05), normal
    // (0, 1), penetration 0.1, at the box's corners 1 and 0 against segment 0.
    const ground = new Chain([[-3, 0], [3, 0]]);
    const above = run(new Polygon(box(1, 0.5)).setPose([0, 0.4], 0), ground);
    expect(above.length).toBe(2);
    expect(above[0]!.point[0]).toBeCloseTo(1, 15);
    expect(above[0]!.point[1]).toBeCloseTo(-0.05, 15);
    expect(above[1]!.point[0]).toBeCloseTo(-1, 15);
    for (const c of above) {
      expect(c.normal).toEqual([0, 1]);
      expect(c.penetration).toBeCloseTo(0.1, 15);
      expect(c.kind).toBe(ContactKind.PointEdge);
    }
    expect(above[0]!.featureId).toBe(packFeatureId(VERTEX_FEATURE | 1, 0));
    // Mirrored below: the box's top edge (y = 0.1 at centre -0.4) is 0.1 above the segment.
    const below = run(new Polygon(box(1, 0.5)).setPose([0, -0.4], 0), ground);
    expect(below.length).toBe(2);
    for (const c of below) {
      expect(c.normal).toEqual([0, -1]);
      expect(c.penetration).toBeCloseTo(0.1, 15);
      expect(c.point[1]).toBeCloseTo(0.05, 15);
    }
  });

  it('touches a segment with one vertex of a diamond', () => {
    // Diamond at (0, 0.9) with bottom vertex (0, -0.1): one contact at (0, -0.05), normal (0, 1),
    // penetration 0.1, the diamond's vertex 0 against the segment.
    const contacts = run(
      new Polygon([[0, -1], [1, 0], [0, 1], [-1, 0]]).setPose([0, 0.9], 0),
      new Segment([-3, 0], [3, 0]),
    );
    expect(contacts.length).toBe(1);
    expect(contacts[0]!.point[0]).toBeCloseTo(0, 15);
    expect(contacts[0]!.point[1]).toBeCloseTo(-0.05, 15);
    expect(contacts[0]!.normal[1]).toBeCloseTo(1, 15);
    expect(contacts[0]!.penetration).toBeCloseTo(0.1, 15);
    expect(contacts[0]!.featureId).toBe(packFeatureId(VERTEX_FEATURE | 0, 0));
  });

  it('pushes a box in the inside corner of a chain out of both segments', () => {
    // Chain (3, 0) -> (0, 0) -> (0, 3); box [-0.5, 0.5]^2 at (0.4, 0.4) is 0.1 into each segment.
    const contacts = run(
      new Polygon(box(0.5, 0.5)).setPose([0.4, 0.4], 0),
      new Chain([[3, 0], [0, 0], [0, 3]]),
    );
    const normals = contacts.map((c) => `${Math.round(c.normal[0]!)},${Math.round(c.normal[1]!)}`);
    expect(new Set(normals)).toEqual(new Set(['0,1', '1,0']));
    for (const c of contacts) expect(c.penetration).toBeCloseTo(0.1, 14);
  });

  it('keeps the deepest contacts up to maxContactsPerPair and flags a full buffer', () => {
    // Box [-0.5, 0.5]^2 at (0.4, 0.45) in the chain's inside corner: 0.05 into the floor
    // segment, 0.1 into the wall segment; the two wall points are the deepest.
    const chain = new Chain([[3, 0], [0, 0], [0, 3]]);
    const polygon = new Polygon(box(0.5, 0.5)).setPose([0.4, 0.45], 0);
    const limited = new CollisionData2({ maxContactsPerPair: 2 });
    expect(collidePolygonChain(polygon, chain, limited)).toBe(2);
    for (const c of contactList(limited)) {
      expect(c.normal).toEqual([1, 0]);
      expect(c.penetration).toBeCloseTo(0.1, 14);
    }
    expect(limited.overflowed).toBe(false);
    const full = new CollisionData2({ capacity: 3 });
    expect(collidePolygonChain(polygon, chain, full)).toBe(3);
    expect(full.overflowed).toBe(true);
  });

  it('reports nothing beyond the tolerance and a gap within it', () => {
    const polygon = new Polygon(box(1, 0.5)).setPose([0, 0.7], 0),
      segment = new Segment([-3, 0], [3, 0]);
    expect(run(polygon, segment, 0.1).length).toBe(0);
    const contacts = run(polygon, segment, 0.3);
    expect(contacts.length).toBe(2);
    for (const c of contacts) expect(c.penetration).toBeCloseTo(-0.2, 15);
  });
});

describe('collidePolygonChain: properties', () => {
  it(
    `holds over ${PROPERTY_RUNS} seeded configurations: finite, unit normals, mirrored swaps; a ` +
      'segment is separated by normal * penetration',
    () => {
      const random = mulberry32(71);
      const tolerance = 0.02;
      const data = new CollisionData2({ tolerance }), swapped = new CollisionData2({ tolerance });
      const failures: string[] = [];
      let touching = 0;
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        const polygon = new Polygon(
          randomConvexPoints(random, 3 + Math.floor(random() * 6), 0.3 + random(), 0.3 + random()),
        )
          .setPose([2 * random() - 1, 2 * random() - 1], 6 * random());
        const count = n % 2 === 0 ? 2 : 3 + Math.floor(random() * 5);
        const points: number[][] = [];
        for (let i = 0; i < count; i++) points.push([3 * random() - 1.5, 3 * random() - 1.5]);
        const chain = (count === 2 ? new Segment(points[0]!, points[1]!) : new Chain(points))
          .setPose([0, 0], 6 * random());
        data.reset();
        swapped.reset();
        const written = collidePolygonChain(polygon, chain, data);
        collide2d(chain, polygon, swapped);
        const mismatch = mirroredMismatch(contactList(data), contactList(swapped));
        if (mismatch) failures.push(`swap ${n}: ${mismatch}`);
        let deepest = -Infinity, normalX = 0, normalY = 0;
        for (let i = 0; i < written; i++) {
          const c = data.contacts[i]!;
          if (!Number.isFinite(c.point[0]! + c.point[1]! + c.penetration)) {
            failures.push(`not finite ${n}`);
          }
          if (Math.abs(Math.hypot(c.normal[0]!, c.normal[1]!) - 1) > 1e-12) {
            failures.push(`normal ${n}`);
          }
          if (c.penetration < -tolerance - 1e-12) failures.push(`beyond tolerance ${n}`);
          if (c.penetration > deepest) {
            deepest = c.penetration;
            normalX = c.normal[0]!;
            normalY = c.normal[1]!;
          }
        }
        if (written > 0) touching++;
        if (count !== 2) continue;
        const overlap = satOverlap(worldPoints(polygon), worldPoints(chain));
        if (written === 0) {
          if (overlap > 1e-9) failures.push(`missed overlap ${overlap} at ${n}`);
          continue;
        }
        if (deepest <= 0) continue;
        polygon.setPose([
          polygon.transform.x + normalX * deepest,
          polygon.transform.y + normalY * deepest,
        ], polygon.transform.angle);
        const after = satOverlap(worldPoints(polygon), worldPoints(chain));
        if (after > 1e-9) failures.push(`still overlapping by ${after} at ${n}`);
      }
      expect(failures).toEqual([]);
      expect(touching).toBeGreaterThan(2000);
    },
    PROPERTY_TIMEOUT,
  );

  it('visits only the segments near the polygon on a long chain', () => {
    const points: number[][] = [];
    for (let i = 0; i < 10_000; i++) points.push([i * 0.01, 0.1 * Math.sin(i * 0.02)]);
    const chain = new Chain(points);
    const contacts = run(new Polygon(box(0.2, 0.2)).setPose([50, 0.25], 0), chain);
    // Chain height at x = 50 (i = 5000): 0.1 sin(100) = -0.0506; the box bottom is at 0.05, clear of it.
    expect(contacts.length).toBe(0);
    const touching = run(new Polygon(box(0.2, 0.2)).setPose([50, 0.1], 0), chain);
    expect(touching.length).toBeGreaterThan(0);
    expect(chain.grid!.query(Float64Array.of(49.6, -0.3, 50.4, 0.5))).toBeLessThan(200);
  });
});

describe('collidePolygonChain: speculative contacts (issue 16)', () => {
  it(
    'test_speculative_contacts_beyond_tolerance_convex_chain: a chain 7.08 from a polygon gets ' +
      'nothing at tolerance 5',
    () => {
      // The configuration of the adversarial run: an 8-vertex polygon and a 22-point chain about 2
      // by 1.6 units whose true distance (brute force) is 7.078; measured along the polygon's edge
      // normals the chain's far corners seemed 2.9 to 3.5 away, and 8 contacts came out. Beyond
      // the tolerance there is no contact; at a tolerance above the distance the gap reported is
      // at least half the distance and at most the tolerance.
      const polygon = new Polygon([
        [35.12277387635394, 64.14839364558057],
        [29.90209630920054, 64.42688783651094],
        [-81.42521252075076, 63.84170580227048],
        [-150.79931672283055, 55.16010096137427],
        [-129.66496115554997, 28.3812779034613],
        [94.14353656830176, 29.25304288957004],
        [117.63622244952964, 34.418312237768895],
        [131.9681966039951, 43.051668975274026],
      ]).setPose([1.1543424236942634, -0.24811315473681161], 0);
      const chain = new Chain([
        [-0.9765904936939478, -0.7008667878806591],
        [0.95381526555866, 0.3184459291398525],
        [0.042890537064522505, -0.15116529911756516],
        [-0.06753473496064544, -0.4161197025328875],
        [0.10665120789781213, 0.36771534383296967],
        [-0.48436887795105577, -0.5504826176911592],
        [0.5281797731295228, 0.02944407314062114],
        [-0.6057254797779024, -0.2112662505358458],
        [-0.4135053241625428, 0.05558324083685873],
        [-0.40733950352296233, 0.7647137671709061],
        [-0.5049328114837408, 0.6044473528862],
        [-0.6184165813028812, -0.5701481822878123],
        [-0.6907119397073984, -0.3344780590385199],
        [0.0958028631284833, 0.41899791210889825],
        [-0.8509638197720051, 0.6607051327824593],
        [0.10742149595171213, 0.19459973424673083],
        [0.360181815456599, 0.745583526045084],
        [0.24876128835603595, 0.673927776142955],
        [0.6552569684572518, -0.7360344417393208],
        [-0.6501169060356915, -0.22883037738502032],
        [-0.14936855109408498, -0.7677182171493769],
        [-0.8237875294871628, 0.428825369104743],
      ]).setPose([141.324353203442, 43.891205877512704], -0.391332905603317);
      const distance = regionDistance(worldPoints(polygon), worldPoints(chain), false);
      expect(distance).toBeCloseTo(7.078485283098495, 9);
      for (const [a, b] of [[polygon, chain], [chain, polygon]] as const) {
        expect(collide2d(a, b, new CollisionData2({ tolerance: 5 }))).toBe(0);
      }
      const contacts = run(polygon, chain, 7.5);
      expect(contacts.length).toBeGreaterThan(0);
      for (const c of contacts) {
        expect(-c.penetration).toBeGreaterThanOrEqual(distance / 2);
        expect(-c.penetration).toBeLessThanOrEqual(7.5);
      }
    },
  );

  it(
    'reports a chain exactly when its distance is within the tolerance, with a gap of at least ' +
      `half the distance (${PROPERTY_RUNS} configurations)`,
    () => {
      // Convex polygons of 3 to 10 vertices against random chains of 2 to 24 points (zigzags,
      // self-crossing), scales 1e-3 to 1e3, tolerances 0 to the polygon's size: the brute-force
      // distance decides (up to 1e-9 of the scale).
      const random = mulberry32(161);
      const failures: string[] = [];
      let speculative = 0, touching = 0;
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        const scale = 10 ** (6 * random() - 3);
        const polygon = new Polygon(
          randomConvexPoints(
            random,
            3 + Math.floor(random() * 8),
            scale * (0.3 + random()),
            scale * (0.05 + random()),
          ),
        )
          .setPose([scale * (4 * random() - 2), scale * (4 * random() - 2)], 6 * random());
        const points: number[][] = [];
        const count = 2 + Math.floor(random() * 23);
        for (let i = 0; i < count; i++) {
          points.push([scale * (2 * random() - 1), scale * (1.6 * random() - 0.8)]);
        }
        const chain = new Chain(points).setPose([0, 0], 6 * random());
        const tolerance = random() < 0.2 ? 0 : scale * random();
        const distance = regionDistance(worldPoints(polygon), worldPoints(chain), false);
        const slack = 1e-9 * scale;
        const data = new CollisionData2({ tolerance, capacity: 64 });
        const written = collidePolygonChain(polygon, chain, data);
        if (Math.abs(distance - tolerance) > slack && written > 0 !== distance <= tolerance) {
          failures.push(
            `${written} contacts at distance ${distance}, tolerance ${tolerance} (n ${n})`,
          );
        }
        for (const c of contactList(data)) {
          if (distance > slack && -c.penetration < 0.5 * distance - slack) {
            failures.push(`gap ${-c.penetration} below half the distance ${distance} at ${n}`);
          }
          if (c.penetration < -tolerance - slack) {
            failures.push(`gap ${-c.penetration} beyond the tolerance ${tolerance} at ${n}`);
          }
        }
        if (written > 0) touching++;
        if (written > 0 && distance > 0) speculative++;
      }
      expect(failures).toEqual([]);
      expect(touching).toBeGreaterThan(PROPERTY_RUNS / 4);
      expect(speculative).toBeGreaterThan(PROPERTY_RUNS / 20);
    },
    PROPERTY_TIMEOUT,
  );
});

describe('collidePolygonChain: a chain wholly inside a concave polygon can get no contact (issue 21)', () => {
  /** A star-shaped outline of `count` vertices at jittered angles, radii 0.4 to 1.4 (concave). */
  const star = (random: () => number, count: number): number[][] => {
    const points: number[][] = [];
    for (let i = 0; i < count; i++) {
      const angle = (2 * Math.PI * (i + 0.8 * random())) / count, radius = 0.4 + random();
      points.push([radius * Math.cos(angle), radius * Math.sin(angle)]);
    }
    return points;
  };
  /**
   * Why a contact of `polygon` against `chain` is not made of witnesses on the features it names
   * (on the polygon's outline and on the chain), or null; `nearest`: also with the depth of the
   * chain vertex it names, pushed out through the nearest outline point.
   */
  const contactMismatch = (
    c: ReturnType<typeof contactList>[number],
    polygon: Polygon,
    chain: Chain,
    epsilon: number,
    nearest: boolean,
  ): string | null => {
    const half = 0.5 * c.penetration;
    const onPolygon = [c.point[0]! - c.normal[0]! * half, c.point[1]! - c.normal[1]! * half],
      onChain = [c.point[0]! + c.normal[0]! * half, c.point[1]! + c.normal[1]! * half];
    const outline = worldPoints(polygon), line = worldPoints(chain);
    const polygonCode = firstFeatureOf(c.featureId), chainCode = secondFeatureOf(c.featureId);
    const checks: [string, number][] = [
      [
        'polygon witness off the outline',
        signedDistanceToOutline(outline, onPolygon[0]!, onPolygon[1]!),
      ],
      [
        'polygon witness off its feature',
        distanceToFeature(outline, polygonCode, onPolygon[0]!, onPolygon[1]!),
      ],
      [
        'chain witness off its feature',
        distanceToFeature(line, chainCode, onChain[0]!, onChain[1]!),
      ],
    ];
    if (nearest && (chainCode & VERTEX_FEATURE) !== 0) {
      // A chain vertex out through the nearest outline point: the depth is its distance from it.
      const [x, y] = line[chainCode & (VERTEX_FEATURE - 1)]!;
      checks.push(['depth', c.penetration + signedDistanceToOutline(outline, x!, y!)]);
    }
    for (const [what, distance] of checks) {
      if (!(Math.abs(distance) <= epsilon)) return `${what} by ${distance}`;
    }
    return null;
  };

  for (const s of [1e-3, 1, 1e3]) {
    it(
      'gives a chain inside a 34-vertex star a contact per vertex, out through the nearest ' +
        `outline point (scale ${s}, both orders)`,
      () => {
        // Found by a generator of 34-vertex stars and chains inside them: both vertices lie inside
        // the star, every piece pair's reference edge led to an internal edge, and the pair got no
        // contact. Each vertex now gets one, its depth its distance from the outline (brute force).
        const points = [
          [0.8452998198198483, 0.05409660140760228],
          [0.762371049197917, 0.17583649711791655],
          [1.1688876528228054, 0.5503975463073991],
          [0.5784893043896134, 0.4707096863126365],
          [0.8156045250083261, 0.847659639852141],
          [0.42941043690927766, 0.6029216341414502],
          [0.26854539708425773, 0.6896377483139725],
          [0.341977238432947, 1.2708500084914183],
          [0.059020588730985785, 0.9525034626798252],
          [-0.09593967793991992, 0.44119881599714045],
          [-0.21603542270605347, 0.5928525417755891],
          [-0.4475061978111998, 0.7410601599854773],
          [-0.6563644431469167, 0.843518349696396],
          [-1.056499703650462, 0.7546541209570268],
          [-0.8869492226105066, 0.43775357426664746],
          [-0.6900750496055826, 0.24602331452635487],
          [-0.7056352858945927, 0.09107925373514478],
          [-0.8216532361111558, -0.07743495638388813],
          [-1.2885222641949516, -0.31840349284379216],
          [-1.0356875514812018, -0.5075059704108791],
          [-1.0432213655988298, -0.7150560665806766],
          [-0.7654793772341175, -0.917395295225811],
          [-0.27680614021142214, -0.449346645107615],
          [-0.17572721691950055, -0.4247174879830397],
          [-0.2913847356813289, -1.0857694468480843],
          [-0.04081488559633133, -1.1847212330449282],
          [0.08195672162573822, -0.6089969416796452],
          [0.4543947514688603, -1.1557480334907453],
          [0.19126141982565337, -0.3791497534990432],
          [0.37666399332633343, -0.4806005377220654],
          [0.9168413797427943, -0.6972788752446906],
          [1.193585400050439, -0.6739813642621088],
          [1.227612454408627, -0.43136483191144087],
          [0.6549061819142242, -0.027019264650199572],
        ];
        const angle = 1.4716454409062862;
        const inside = [
          [-0.17832615366205573, -0.36750062881037593],
          [0.11569168604910374, -0.20714888162910938],
        ];
        const polygon = new Polygon(points.map(([x, y]) => [x! * s, y! * s])).setPose(
          [0, 0],
          angle,
        );
        const chain = new Chain(inside.map(([x, y]) => [x! * s, y! * s]));
        expect(outlinesCrossChain(worldPoints(polygon), worldPoints(chain))).toBe(false);
        const data = new CollisionData2(), swapped = new CollisionData2();
        expect(collidePolygonChain(polygon, chain, data)).toBe(chain.count);
        expect(collide2d(chain, polygon, swapped)).toBe(chain.count);
        expect(mirroredMismatch(contactList(data), contactList(swapped))).toBeNull();
        for (const c of contactList(data)) {
          expect(contactMismatch(c, polygon, chain, 1e-12 * s, true)).toBeNull();
        }
      },
    );
  }

  it(
    `gives every chain inside a star of 12 to 40 vertices at least one contact (${PROPERTY_RUNS} ` +
      'pairs, scales 1e-3 to 1e3)',
    () => {
      const random = mulberry32(2131);
      const failures: string[] = [];
      const data = new CollisionData2({ capacity: 64 }),
        swapped = new CollisionData2({ capacity: 64 });
      let pairs = 0;
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        const s = [1e-3, 1, 1e3][n % 3]!;
        const polygon = new Polygon(
          star(random, 12 + Math.floor(random() * 29)).map(([x, y]) => [x! * s, y! * s]),
        )
          .setPose([0, 0], 6 * random());
        const outline = worldPoints(polygon);
        const points: number[][] = [];
        const count = 2 + Math.floor(random() * 5);
        for (let tries = 0; points.length < count && tries < 200; tries++) {
          const x = s * (2 * random() - 1), y = s * (2 * random() - 1);
          if (signedDistanceToOutline(outline, x, y) < -1e-6 * s) points.push([x, y]);
        }
        if (points.length < 2 || outlinesCrossChain(outline, points)) continue;
        pairs++;
        const chain = new Chain(points);
        data.reset();
        swapped.reset();
        const written = collidePolygonChain(polygon, chain, data);
        collide2d(chain, polygon, swapped);
        if (written === 0) failures.push(`no contact at ${n}`);
        const mismatch = mirroredMismatch(contactList(data), contactList(swapped));
        if (mismatch) failures.push(`swap ${n}: ${mismatch}`);
        for (const c of contactList(data)) {
          const why = contactMismatch(c, polygon, chain, 1e-9 * s, false);
          if (why) failures.push(`${why} at ${n}`);
        }
      }
      expect(failures).toEqual([]);
      expect(pairs).toBeGreaterThan(PROPERTY_RUNS / 2);
    },
    PROPERTY_TIMEOUT,
  );
});

/** Whether a segment of the open polyline `chain` crosses an edge of the closed `outline` (world points). */
function outlinesCrossChain(outline: number[][], chain: number[][]): boolean {
  for (let k = 0; k + 1 < chain.length; k++) {
    if (regionDistance(outline, [chain[k]!, chain[k + 1]!], false) === 0) {
      // The segment meets the region: it crosses the outline unless both ends lie inside and it
      // crosses no edge; a segment with both ends inside crossing an edge is found by the crossing test.
      if (outlinesCross(outline, [chain[k]!, chain[k + 1]!])) return true;
    }
  }
  return false;
}

describe('FINDINGS.md F2: polygon against chain, the contacts change with the scale at collinear vertices', () => {
  // The pair the adversarial suite found: a convex polygon with vertices put on its sides (each
  // rounded a few ulps in or out of its side) across a closed box outline as a chain.
  const polygonPoints: [number, number][] = [
    [0.41065106943587576, 0.15635804297040495],
    [0.37184813582464843, 0.1730876763198877],
    [0.3330452022134211, 0.1898173096693704],
    [0.22611068313170882, 0.21263760838643309],
    [0.11917616404999654, 0.23545790710349576],
    [0.06763947268695708, 0.23839249130932533],
    [0.016102781323917608, 0.24132707551515492],
    [-0.05020015311128598, 0.2389893281411072],
    [-0.10017907817937344, 0.23722714217104532],
    [-0.19475755966667516, 0.016767986786729888],
    [-0.2893360411539769, -0.20369116859758554],
    [-0.23014005988451675, -0.21632953743042388],
    [-0.17094407861505662, -0.22896790626326222],
    [-0.08754050552746985, -0.22888493143532515],
    [0.001134198536818537, -0.2287967125732342],
    [0.1732124756886937, -0.22862551888320617],
    [0.3173269284478378, -0.19514659728763054],
    [0.4199898647215188, -0.12702470687498418],
    [0.43151893133555763, -0.11937460606013932],
    [0.5226528009951998, -0.058902816462337845],
    [0.5388983938232859, -0.002926299390796005],
    [0.47477473162958084, 0.07671587178980448],
  ];
  const chainPoints: [number, number][] = [
    [-0.34779501339199825, -0.536744097023301],
    [-0.2729516210616721, -0.536744097023301],
    [0, -0.536744097023301],
    [0.34779501339199825, -0.536744097023301],
    [0.34779501339199825, 0],
    [0.34779501339199825, 0.536744097023301],
    [-0.34779501339199825, 0.536744097023301],
    [-0.34779501339199825, 0],
    [-0.34779501339199825, -0.3834335703583931],
    [-0.34779501339199825, -0.536744097023301],
  ];
  const contactsAt = (s: number) => {
    const polygon = new Polygon(polygonPoints.map(([x, y]) => [x * s, y * s])).setPose(
      [0.12289859405017413 * s, -0.4399787392116551 * s],
      -1.5809359612199414,
    );
    const chain = new Chain(chainPoints.map(([x, y]) => [x * s, y * s])).setPose(
      [0, 0],
      0.5060308098715338,
    );
    const data = new CollisionData2({ capacity: 64 }),
      swapped = new CollisionData2({ capacity: 64 });
    collidePolygonChain(polygon, chain, data);
    collide2d(chain, polygon, swapped);
    return { polygon, chain, contacts: contactList(data), swapped: contactList(swapped) };
  };

  for (const s of [1e-3, 1, 1e3]) {
    it(`x ${s}: the contacts at scale 1, scaled, in both argument orders, each witness on the feature it names`, () => {
      const { polygon, chain, contacts, swapped } = contactsAt(s);
      // Convex, whichever way rounding turned its side vertices: one piece (it was split in four
      // at scale 1 and three at 1e-3).
      expect(polygon.isConvex).toBe(true);
      expect(polygon.convexPieces().length).toBe(1);
      expect(contacts.length).toBeGreaterThan(1);
      expect(scaledMismatch(contactsAt(1).contacts, contacts, s, 1e-9)).toBeNull();
      expect(mirroredMismatch(contacts, swapped)).toBeNull();
      const outline = worldPoints(polygon), line = worldPoints(chain);
      for (const c of contacts) {
        const half = 0.5 * c.penetration;
        const onPolygon = [c.point[0]! - c.normal[0]! * half, c.point[1]! - c.normal[1]! * half],
          onChain = [c.point[0]! + c.normal[0]! * half, c.point[1]! + c.normal[1]! * half];
        expect(
          distanceToFeature(outline, firstFeatureOf(c.featureId), onPolygon[0]!, onPolygon[1]!),
        )
          .toBeLessThan(1e-9 * s);
        expect(distanceToFeature(line, secondFeatureOf(c.featureId), onChain[0]!, onChain[1]!))
          .toBeLessThan(1e-9 * s);
      }
    });
  }
});

describe('FINDINGS.md F19: a thin polygon across a chain, overlapping it, gets no contact', () => {
  // Chain (-2, 2) -> (0, 0) -> (2, 0) -> (4, 2), scaled by s. A thin box (half sizes 1.2 by 0.01)
  // turned 60 degrees, its centre line through (0.3, 0) (centre (0.5, 0.4 sqrt 3 / 2)), lies across
  // segment 1 (y = 0, x in [0, 2]); its lower end, near (-0.1, -0.69), is left of vertex 1 and
  // clear of segment 0 (y = -x), its upper end near (1.1, 1.39) clear of segment 2. Box edge 0
  // (offset 0.01 (sqrt 3 / 2, -1 / 2), down-right) is the line y = sqrt 3 (x - 0.3) - 0.02. The
  // least translation is along the box's face normal (-sqrt 3 / 2, 1 / 2) by 0.3 sqrt 3 / 2 +
  // 0.01, which leans toward vertex 1 outside its cone ((1, 1) / sqrt 2 to (0, 1)), on its
  // concave side: the normal is snapped to segment 1's (0, 1). Moving the box up keeps each point
  // between the same side lines x = 0 and x = 2, so it frees segment 1 when the box's lowest point
  // between them reaches y = 0: where edge 0 crosses x = 0, at y = -(0.3 sqrt 3 + 0.02). One
  // contact: normal (0, 1), that depth, witnesses vertex 1 and (0, -depth), naming box edge 0 and
  // chain vertex 1. The old code clipped only the box's lower end edge (the edge facing down most),
  // which lies left of x = 0, and wrote nothing.
  const depth = 0.3 * Math.sqrt(3) + 0.02;
  const pair = (s: number) => ({
    polygon: new Polygon(box(1.2 * s, 0.01 * s)).setPose(
      [0.5 * s, 0.2 * Math.sqrt(3) * s],
      Math.PI / 3,
    ),
    chain: new Chain([[-2 * s, 2 * s], [0, 0], [2 * s, 0], [4 * s, 2 * s]]),
  });
  for (const s of [1e-3, 1, 1e3]) {
    it(`x ${s}: one contact at vertex 1, normal (0, 1), depth 0.3 sqrt 3 + 0.02, both argument orders`, () => {
      const { polygon, chain } = pair(s);
      const contacts = run(polygon, chain);
      expect(contacts.length).toBe(1);
      const c = contacts[0]!;
      expect(c.normal[0]).toBeCloseTo(0, 12);
      expect(c.normal[1]).toBeCloseTo(1, 12);
      expect(c.penetration / s).toBeCloseTo(depth, 12);
      expect(c.point[0]! / s).toBeCloseTo(0, 12);
      expect(c.point[1]! / s).toBeCloseTo(-depth / 2, 12);
      expect(c.featureId).toBe(packFeatureId(0, VERTEX_FEATURE | 1));
      expect(c.kind).toBe(ContactKind.PointEdge);
      const data = new CollisionData2();
      collide2d(chain, polygon, data);
      expect(mirroredMismatch(contacts, contactList(data), 1e-15 * s)).toBeNull();
    });
  }

  it('the pair the adversarial suite found gets a contact that frees the features it names', () => {
    const polygon = new Polygon([
      [-0.9589015613310039, -0.002101306511815775],
      [0.9589015613310039, -0.002101306511815775],
      [1.0962787480877516, 0.002101306511815775],
      [-0.8215243745742561, 0.002101306511815775],
    ]).setPose([-0.09482473967686249, -0.1913299646867794], -1.279696747706124);
    const chainPoints = [
      [-1.0057425122940913, 0],
      [-0.8228857540098903, -0.0014204063773886639],
      [-0.6873560061449021, -0.12418155270690279],
      [-0.5056231066340133, -0.14447354225570894],
      [-0.45561431286931586, -0.32036479317707683],
      [-0.38875036567796273, -0.49056415912911433],
      [-0.2557685002592922, -0.6160808316242623],
      [-0.17309058235120856, -0.779185011505919],
      [0.009703656359668439, -0.7741972365917349],
      [0.11601075195608755, -0.625410768691131],
      [0.24275816511347548, -0.4936014182550028],
    ];
    const chain = new Chain(chainPoints).setPose([0, 0], 0.6165535363752923);
    const contacts = run(polygon, chain);
    expect(contacts.length).toBeGreaterThan(0);
    // Each contact: its polygon witness moved by the depth along the normal lands on the chain
    // feature it names (brute force over the world points).
    const outline = worldPoints(polygon), line = worldPoints(chain);
    for (const c of contacts) {
      const half = 0.5 * c.penetration;
      expect(
        distanceToFeature(
          outline,
          firstFeatureOf(c.featureId),
          c.point[0]! - c.normal[0]! * half,
          c.point[1]! - c.normal[1]! * half,
        ),
      ).toBeLessThan(1e-12);
      expect(
        distanceToFeature(
          line,
          secondFeatureOf(c.featureId),
          c.point[0]! + c.normal[0]! * half,
          c.point[1]! + c.normal[1]! * half,
        ),
      ).toBeLessThan(1e-12);
    }
  });

  it('near-duplicate chain vertices on a line: the deepest contact is the same at scales 1e-3, 1 and 1e3', () => {
    // The pair the adversarial suite found: chain vertices 6 and 7 are 3.7e-11 apart on the line
    // of segment 7, so vertex 7 is straight, but segment 6's direction is all rounding (a few
    // 1e-6 rad, either way): the polygon's face normal at vertex 7 was skipped as leaning past a
    // convex vertex at scale 1 and snapped at scale 1e3, and the deepest contact (polygon vertex
    // 0 against segment 7, snapped) was there only at 1e3.
    const polygonPoints = [
      [0.9296221432122073, 0.7704790162928432],
      [0.9296221432100109, 0.770479016293905],
      [0.7616729806750372, 0.8516694695170485],
      [-0.8103597892529449, 0.8305743351171826],
      [-1.4445957769955358, 0.16352750919632106],
      [0.2975513496830044, -0.9763603828107812],
      [0.29755135031831625, -0.9763603810549845],
    ];
    const chainPoints = [
      [-0.08348389176896706, -0.5141094207253406],
      [0.06910674471161922, -0.8546871593560461],
      [0.16499724576525215, -0.4940181834237672],
      [0.16499724600921728, -0.49401818361556726],
      [0.4583839113192013, -0.7246723896882334],
      [0.45838391078736795, -0.7246723873480402],
      [0.3756795027270193, -0.36075333386431424],
      [0.37567950276381584, -0.3607533338711217],
      [0.742650847968527, -0.4286439087918689],
      [0.7426507985025919, -0.4286438508663174],
      [0.5002981130428297, -0.14484424306551458],
      [0.8567854252611952, -0.03441827411037724],
      [0.510304454906389, 0.10424691825723746],
      [0.510304454912206, 0.10424691826303487],
      [0.7746407870102194, 0.36769217238463475],
      [0.7746407018175071, 0.3676921636100969],
      [0.40340619598624816, 0.3294563669188117],
      [0.5150352798886917, 0.6855687733573644],
      [0.20409243913733752, 0.479191332298916],
      [0.13744139699264007, 0.846389830353281],
      [0.13744139649995757, 0.8463898294546766],
      [-0.04197643593741599, 0.5191493383309179],
      [-0.27163865360603545, 0.8133131773184574],
      [-0.27842901540979853, 0.4401764873790604],
      [-0.2784290201900484, 0.4401764895401891],
      [-0.6184895622642194, 0.5939162768462897],
      [-0.45109686288517725, 0.2603645078703884],
      [-0.45109686288606926, 0.26036450787033594],
      [-0.8236519658149019, 0.2384603148156777],
      [-0.5204238553800816, 0.020906157341075374],
      [-0.5204238554568826, 0.020906157294824427],
      [-0.8401256300796138, -0.17162403158088357],
      [-0.8401255947571027, -0.17162403652353542],
      [-0.4705280143947586, -0.22334154188856972],
      [-0.47052802182068604, -0.22334155412583948],
      [-0.6641366371044856, -0.542391380636058],
      [-0.31283987578887673, -0.4164243854289012],
      [-0.31283987859809687, -0.4164244306051574],
      [-0.33600194428283797, -0.788903400912239],
      [-0.33600194113863935, -0.7889033974906743],
    ];
    const deepestAt = (s: number) => {
      const polygon = new Polygon(polygonPoints.map(([x, y]) => [x! * s, y! * s])).setPose(
        [-0.04441823276782869 * s, 0.27479467893036663 * s],
        1.6105583275446858,
      );
      const chain = new Chain(chainPoints.map(([x, y]) => [x! * s, y! * s])).setPose(
        [0, 0],
        -2.8539517493115665,
      );
      const data = new CollisionData2({ capacity: 64 }),
        swapped = new CollisionData2({ capacity: 64 });
      collidePolygonChain(polygon, chain, data);
      collide2d(chain, polygon, swapped);
      const contacts = contactList(data);
      expect(mirroredMismatch(contacts, contactList(swapped))).toBeNull();
      return contacts.reduce((d, c) => (c.penetration > d.penetration ? c : d));
    };
    const unit = deepestAt(1);
    expect(unit.featureId).toBe(packFeatureId(VERTEX_FEATURE | 0, 7));
    for (const s of [1e-3, 1e3]) {
      const scaled = deepestAt(s);
      expect(scaled.featureId).toBe(unit.featureId);
      expect(Math.abs(scaled.penetration / s - unit.penetration)).toBeLessThan(1e-9);
    }
  });
});

describe('FINDINGS.md F18: a chain inside a polygon, contacts at its vertices with normals outside their cones', () => {
  // An L, [0, 4] x [0, 1] with [0, 1] x [1, 4], and the chain A (0.3, 0.2), B (0.5, 0.27),
  // C (0.6, 0.5) in its corner square, scaled by s: no piece pair reports (each points out
  // through an internal edge), so each vertex inside gets a contact. The ends are round: out
  // through the bottom, normal (0, 1), depths 0.2 (A) and 0.5 (C; the left side is 0.6 away).
  // B's nearest outline point is below it, normal (0, 1), outside its cone, spanned by the normals
  // of AB, (-0.07, 0.2) / |AB| (109.3 degrees), and BC, (-0.23, 0.1) / |BC| (156.5 degrees), or
  // their negatives. Along AB's normal N the bottom reaches B after 0.27 / N_y = 0.27 |AB| / 0.2,
  // at (0.5 + 0.27 x 0.07 / 0.2, 0); along BC's normal after 0.27 / 0.1 |BC|; along -N and -BC's
  // normal the left side, after 0.5 / 0.33 and 0.5 / 0.917 (brute force below): AB's wins.
  const ab = Math.hypot(0.2, 0.07);
  for (const s of [1e-3, 1, 1e3]) {
    it(`x ${s}: vertex B pushed out along AB's normal by 0.27 |AB| / 0.2, the ends along (0, 1)`, () => {
      const polygon = new Polygon(
        [[0, 0], [4, 0], [4, 1], [1, 1], [1, 4], [0, 4]].map(([x, y]) => [x! * s, y! * s]),
      );
      const chain = new Chain(
        [[0.3, 0.2], [0.5, 0.27], [0.6, 0.5]].map(([x, y]) => [x! * s, y! * s]),
      );
      const contacts = run(polygon, chain);
      expect(contacts.length).toBe(3);
      const at = (vertex: number) =>
        contacts.find((c) => secondFeatureOf(c.featureId) === (VERTEX_FEATURE | vertex))!;
      for (const [vertex, depth] of [[0, 0.2], [2, 0.5]] as const) {
        const c = at(vertex);
        expect(c.normal[0]).toBeCloseTo(0, 12);
        expect(c.normal[1]).toBeCloseTo(1, 12);
        expect(c.penetration / s).toBeCloseTo(depth, 12);
      }
      const b = at(1), depth = (0.27 * ab) / 0.2;
      expect(b.normal[0]).toBeCloseTo(-0.07 / ab, 12);
      expect(b.normal[1]).toBeCloseTo(0.2 / ab, 12);
      expect(b.penetration / s).toBeCloseTo(depth, 12);
      expect(b.point[0]! / s).toBeCloseTo(0.5 * (0.5 + 0.5 + (0.27 * 0.07) / 0.2), 12);
      expect(b.point[1]! / s).toBeCloseTo(0.135, 12);
      expect(b.featureId).toBe(packFeatureId(0, VERTEX_FEATURE | 1));
      // Brute force: the four segment normals' distances to the outline from B, AB's the least.
      const bx = 0.5, by = 0.27, outline = [[0, 0], [4, 0], [4, 1], [1, 1], [1, 4], [0, 4]];
      const exit = (dx: number, dy: number) => {
        let best = Infinity;
        for (let i = 0; i < outline.length; i++) {
          const [ax, ay] = outline[i]!, [cx, cy] = outline[(i + 1) % outline.length]!;
          const ex = cx! - ax!, ey = cy! - ay!, d = dx * ey - dy * ex;
          const t = ((ax! - bx) * ey - (ay! - by) * ex) / d,
            u = ((ax! - bx) * dy - (ay! - by) * dx) / d;
          if (d !== 0 && t > 0 && u >= 0 && u <= 1) best = Math.min(best, t);
        }
        return best;
      };
      const bc = Math.hypot(0.1, 0.23);
      const candidates = [[-0.07 / ab, 0.2 / ab], [0.07 / ab, -0.2 / ab], [-0.23 / bc, 0.1 / bc], [
        0.23 / bc,
        -0.1 / bc,
      ]];
      expect(Math.min(...candidates.map(([x, y]) => exit(-x!, -y!)))).toBeCloseTo(depth, 12);
      const data = new CollisionData2();
      collide2d(chain, polygon, data);
      expect(mirroredMismatch(contacts, contactList(data), 1e-15 * s)).toBeNull();
    });
  }
});

describe('FINDINGS.md F35: a chain shorter than the tolerance, end on to a polygon, gets a contact', () => {
  // Square [-1, 1]^2 centred at (-1.02, 0), its right edge (edge 1) on x = -0.02; the chain
  // (0, 0) -> (0.01, 0) -> (0.02, 0) points at it end on, everything scaled by s, tolerance
  // 0.05 s. Segment 0 meets the square's edge 1 (reference) at both its vertices, gaps 0.02 and
  // 0.03 (both within the tolerance), normal (-1, 0) from the chain toward the square: it leans
  // toward vertex 0, an open end (round, any normal admitted), but vertex 1 is straight (its cone
  // is (0, +-1) alone). Snapped to the segment's face the square lies beside the segment, not over
  // it: nothing. The old code then wrote nothing; the answer is the contact at vertex 0 alone:
  // normal (-1, 0), gap 0.02 s, the point halfway, (-0.01 s, 0), the square's edge 1 against chain
  // vertex 0, PointFace. Segment 1 leans toward vertex 1, straight: snapped, nothing.
  const pair = (s: number, radius = 0) => ({
    polygon: new Polygon(box(s, s), { radius: radius * s }).setPose([-1.02 * s, 0], 0),
    chain: new Chain([[0, 0], [0.01 * s, 0], [0.02 * s, 0]]),
  });
  // The rounded square (radius 0.01 s): the core is the square above, its surface 0.01 s further
  // out, 0.02 s - 0.01 s from vertex 0: gap 0.01 s, the point halfway between the surface
  // (-0.01 s, 0) and the vertex; the same features.
  const cases = [
    { name: 'test_f35_end_on', radius: 0, gap: 0.02 },
    { name: 'test_f35_rounded', radius: 0.01, gap: 0.01 },
  ];
  for (const s of [1e-3, 1, 1e3]) {
    for (const { name, radius, gap } of cases) {
      it(`${name} x ${s}: one contact at the open end, gap ${gap} s, both argument orders`, () => {
        const { polygon, chain } = pair(s, radius);
        const contacts = run(polygon, chain, 0.05 * s);
        expect(contacts.length).toBe(1);
        const c = contacts[0]!;
        expect(c.normal[0]).toBeCloseTo(-1, 14);
        expect(c.normal[1]).toBeCloseTo(0, 14);
        expect(c.penetration / s).toBeCloseTo(-gap, 12);
        expect(c.point[0]! / s).toBeCloseTo(-gap / 2, 12);
        expect(c.point[1]! / s).toBeCloseTo(0, 12);
        expect(c.featureId).toBe(packFeatureId(1, VERTEX_FEATURE | 0));
        expect(c.kind).toBe(ContactKind.PointFace);
        const data = new CollisionData2({ tolerance: 0.05 * s });
        collide2d(chain, polygon, data);
        expect(mirroredMismatch(contacts, contactList(data), 1e-15 * s)).toBeNull();
        // Beyond the tolerance nothing.
        expect(run(polygon, chain, 0.95 * gap * s).length).toBe(0);
      });
    }
  }

  it('test_f35_found: the pair the adversarial suite found gets the contact at chain vertex 0', () => {
    // A star about 80 across and a straight chain 0.003 long pointing at its edge 5 end on. The gap
    // is the distance from chain vertex 0 to the line of star edge 5 (both in world coordinates,
    // worked out here from the outline), at every tolerance from 0.05 up.
    const star = new Polygon([
      [33.11026579091058, 0],
      [7.554766674427375, 7.554766674427374],
      [1.9511743593901787e-15, 31.865095483018653],
      [-13.78418121409818, 13.784181214098181],
      [-41.85345165968323, 5.1255695608299545e-15],
      [-7.747574884844815, -7.747574884844813],
      [-5.774085106776673e-15, -31.4326553081635],
      [13.768986934782486, -13.768986934782491],
    ]).setPose([0, 0], -2.3460248557062484);
    const chain = new Chain([
      [-0.004214481703806051, 0],
      [-0.00353834816923589, 0],
      [-0.0018311455827745096, 0],
      [-0.0011389739545511579, 0],
    ]).setPose([-7.760884729411773, 14.76459338347847], 1.1080234398409141);
    const outline = worldPoints(star), line = worldPoints(chain);
    const [ax, ay] = outline[5]!, [bx, by] = outline[6]!, [vx, vy] = line[0]!;
    const length = Math.hypot(bx! - ax!, by! - ay!);
    const gap = Math.abs((bx! - ax!) * (vy! - ay!) - (by! - ay!) * (vx! - ax!)) / length;
    expect(gap).toBeGreaterThan(0.02);
    expect(gap).toBeLessThan(0.0202);
    for (const tolerance of [0.05, 0.3, 0.76]) {
      const contacts = run(star, chain, tolerance);
      expect(contacts.length).toBe(1);
      expect(contacts[0]!.penetration).toBeCloseTo(-gap, 12);
      expect(contacts[0]!.featureId).toBe(packFeatureId(5, VERTEX_FEATURE | 0));
    }
  });
});

describe('FINDINGS.md F102: near-duplicate chain vertices, contacts along the normal of a segment 1e-12 long', () => {
  // Two pairs of the adversarial run (near-duplicate regime). A chain segment between copies of
  // a vertex 1e-12 apart has a direction its coordinates' rounding chose: scaling the chain by
  // 0.1 turns it by 3.2e-5 rad. The old code snapped a polygon lying across it to that normal
  // (the first pair, its deepest depth 1.1442110 at scale 1, 1.1441748 scaled back from 0.1:
  // each the exact distance along its own normal from chain vertex 6 to polygon edge 1's line),
  // and pushed a chain vertex inside the polygon out along it (the second, at chain vertex 25).
  // Now such a segment is no face to snap to (its neighbours answer) and lends no normal to a
  // vertex inside: the contacts are the same at every scale.
  const snapped = {
    polygon: [
      [1.7322913604221568, 0.2040135088301124],
      [1.7322913576162173, 0.20401351009152427],
      [0.18479710978313407, 0.8996905456345186],
      [-0.40031891856951923, 0.8813655138835125],
      [-0.8877055074738481, 0.7837921160379103],
      [-1.373853558041969, -0.5742608245599667],
      [-1.3738535556585652, -0.574260825009877],
      [0.30502694135375163, -0.8911796090925896],
      [0.3050269413658002, -0.8911796090833444],
    ],
    at: [-0.13059822466389778, -0.03476085764205649],
    angle: -0.7367949148313424,
    chain: [
      [0.45372019398164964, 0.2748675620254697],
      [0.45372019397895513, 0.2748675620257964],
      [0.19913830485755066, 0.3057355360751648],
      [0.06798980034417883, 0.5261098536710085],
      [0.06798980034369949, 0.5261098536705372],
      [-0.11487296517468554, 0.34631558491162745],
      [-0.3689382996916359, 0.3811806948170591],
      [-0.3689382996915342, 0.38118069481608224],
      [-0.3423825494489305, 0.12611293475911928],
      [-0.3423825494518064, 0.12611293475637916],
      [-0.528048335089851, -0.050785301903283384],
      [-0.5280483350782549, -0.05078530191070734],
      [-0.31207109065691785, -0.18905532750205414],
      [-0.2895272039423747, -0.44450893045908746],
      [-0.04676373551011056, -0.3618610721283067],
      [-0.046763735505476606, -0.36186107213137714],
      [0.16701381705236237, -0.5035082680494644],
      [0.16701381733127735, -0.5035082672734945],
      [0.25375766628217145, -0.26217804882127965],
      [0.49779002734567107, -0.18335561010170187],
      [0.4977900270180585, -0.18335560957038283],
      [0.36319436965092217, 0.03493039270572928],
      [0.45372019398164964, 0.2748675620254697],
    ],
    chainAt: [0, 0],
    chainAngle: 2.676913067968443,
  };
  const inside = {
    polygon: [
      [1.3041418566350769, 1.4382786109340313],
      [0.6374931997721106, 1.2404387290285526],
      [0.6374931997580681, 1.240438729069171],
      [0.4102806725175644, 1.8976567431062044],
      [0.4102806512830025, 1.8976567207067976],
      [-0.06813405877180041, 1.3929980510628635],
      [-0.06813405913846673, 1.3929980513808022],
      [-0.593514886471127, 1.8485592834515956],
      [-0.5935148866036263, 1.848559282898455],
      [-0.7555048512907526, 1.1723046702567523],
      [-1.4382786109340313, 1.3041418566350769],
      [-1.438278610350232, 1.3041418546678853],
      [-1.2404387290285523, 0.6374931997721109],
      [-1.8976567431062044, 0.4102806725175645],
      [-1.8976567431022378, 0.4102806725138041],
      [-1.3929980510628635, -0.06813405877180033],
      [-1.3929980514184652, -0.06813405918190177],
      [-1.8485592834515954, -0.5935148864711278],
      [-1.8485592494801668, -0.5935148946086406],
      [-1.1723046702567523, -0.7555048512907525],
      [-1.3041418566350769, -1.4382786109340313],
      [-1.3041418427395348, -1.4382786068102813],
      [-0.6374931997721105, -1.2404387290285526],
      [-0.4102806725175646, -1.8976567431062044],
      [-0.4102806707574321, -1.8976567412495178],
      [0.06813405877179962, -1.3929980510628635],
      [0.06813409720110992, -1.3929980843851757],
      [0.593514886471126, -1.848559283451596],
      [0.5935148864716948, -1.8485592834492215],
      [0.7555048512907525, -1.1723046702567523],
      [1.4382786109340306, -1.3041418566350775],
      [1.4382786108981522, -1.3041418565141807],
      [1.240438729028552, -0.6374931997721117],
      [1.8976567431062044, -0.4102806725175647],
      [1.3929980510628635, 0.06813405877179954],
      [1.3929980736388698, 0.0681340848078186],
      [1.848559283451596, 0.5935148864711259],
      [1.172304670256753, 0.7555048512907514],
      [1.1723046917886097, 0.7555049628024365],
    ],
    at: [0.04153671381432788, -0.12173333485556166],
    angle: 0.7321022993422144,
    chain: [
      [-0.42239558108556957, -0.3200962202392328],
      [-0.48548849902521873, -0.5343593766430241],
      [-0.2782400573157912, -0.45106771877496277],
      [-0.25967167147496584, -0.6736539535440125],
      [-0.09650667226134554, -0.521120023243192],
      [0.0012152541983850157, -0.7219678311734633],
      [0.09826047364392607, -0.5207921809466949],
      [0.098260473645742, -0.5207921809483811],
      [0.261938053058288, -0.6727759526410815],
      [0.2619380530640453, -0.6727759525691444],
      [0.2797569981035049, -0.45012846880425067],
      [0.2797569983188965, -0.4501284688899739],
      [0.48728466640381196, -0.5327219537242733],
      [0.4872846664027606, -0.5327219537207467],
      [0.42347078978216474, -0.3186724127018424],
      [0.42347078983897163, -0.3186724127023634],
      [0.6468207854139522, -0.32072090304275325],
      [0.6468207850250015, -0.3207209025409087],
      [0.5099925047680921, -0.14417788143925278],
      [0.7190001731962369, -0.06540471722943615],
      [0.7190001467756872, -0.06540470132527286],
      [0.527636906019064, 0.04978867162892765],
      [0.5276369101351437, 0.04978867531267873],
      [0.6940746034708739, 0.19874473806576684],
      [0.47402101937513413, 0.2370309887050688],
      [0.47402101938456703, 0.23703098872358508],
      [0.5754104125466228, 0.43605261520257677],
      [0.575410412530642, 0.43605261519938154],
      [0.3563859674234494, 0.39226095732254024],
      [0.37903385694878583, 0.6144691704053251],
      [0.19061901576840995, 0.49451391006060325],
      [0.1906190157110744, 0.4945139102693724],
      [0.1314666786709089, 0.7098982592536208],
      [-0.0008920902225828492, 0.5299800190488114],
      [-0.0008920903347583014, 0.5299800192002235],
      [-0.1338558030434895, 0.7094516545076652],
      [-0.19228271448577328, 0.493869389743813],
      [-0.38110031683625445, 0.6131896726131219],
      [-0.38110031682947537, 0.6131896725487581],
      [-0.3577044926823578, 0.3910589627291525],
      [-0.35770449293712836, 0.3910589627791999],
      [-0.5768751210905274, 0.4341130276309045],
      [-0.47481629703317113, 0.23543385586540239],
      [-0.4748162970500196, 0.23543385586241253],
      [-0.6947397436661295, 0.19640701276380626],
      [-0.6947397386505918, 0.19640700830538868],
      [-0.5278015294217259, 0.04801210218299875],
      [-0.7187759141738052, -0.0678248575058718],
      [-0.7187759141719655, -0.06782485750655806],
      [-0.5095042406126398, -0.14589395194346122],
      [-0.6457374145974746, -0.3228966049388726],
      [-0.42239558084835727, -0.3200962194336613],
    ],
    chainAt: [0, 0],
    chainAngle: -2.8235569695555593,
  };
  type Pair = typeof snapped;
  const pairAt = (pair: Pair, s: number) => {
    const scale = (points: number[][]) => points.map(([x, y]) => [x! * s, y! * s]);
    const polygon = new Polygon(scale(pair.polygon)).setPose(
      [pair.at[0]! * s, pair.at[1]! * s],
      pair.angle,
    );
    const chain = new Chain(scale(pair.chain)).setPose(
      [pair.chainAt[0]! * s, pair.chainAt[1]! * s],
      pair.chainAngle,
    );
    const data = new CollisionData2({ capacity: 64 }),
      swapped = new CollisionData2({ capacity: 64 });
    collidePolygonChain(polygon, chain, data);
    collide2d(chain, polygon, swapped);
    return { polygon, chain, contacts: contactList(data), swapped: contactList(swapped) };
  };
  /**
   * The depth of a contact naming polygon edge `edge` and chain vertex `vertex` along its normal
   * n (chain toward polygon), worked out from the world outlines: moving the polygon by t n takes
   * the vertex's signed distance from the edge's line, s0, to s0 - t (n . m) (m the edge's
   * outward normal), 0 at t = s0 / (n . m).
   */
  const depthAlong = (
    outline: number[][],
    edge: number,
    vertex: number[],
    n: number[],
  ): number => {
    const p = outline[edge]!, q = outline[(edge + 1) % outline.length]!;
    const ex = q[0]! - p[0]!, ey = q[1]! - p[1]!, length = Math.hypot(ex, ey);
    const mx = ey / length, my = -ex / length;
    const s0 = (vertex[0]! - p[0]!) * mx + (vertex[1]! - p[1]!) * my;
    return s0 / (n[0]! * mx + n[1]! * my);
  };

  for (const s of [1e-3, 1, 1e3]) {
    it(`test_f102_snapped_near_duplicate_segment_x${s}: the contacts of scale 0.1 s, scaled, both orders`, () => {
      const { polygon, chain, contacts, swapped } = pairAt(snapped, s);
      expect(mirroredMismatch(contacts, swapped)).toBeNull();
      // 0.1: the factor the adversarial suite's scale property used.
      expect(scaledMismatch(contacts, pairAt(snapped, 0.1 * s).contacts, 0.1, 1e-9 * s)).toBeNull();
      // The deepest: polygon edge 8 against chain vertex 10 (the segment's corner clipped), 0.848.
      const deepest = contacts[0]!;
      expect(deepest.featureId).toBe(packFeatureId(8, VERTEX_FEATURE | 10));
      const vertex = worldPoints(chain)[10]!;
      expect(deepest.penetration / s).toBeCloseTo(
        depthAlong(worldPoints(polygon), 8, vertex, deepest.normal) / s,
        12,
      );
      expect(deepest.penetration / s).toBeCloseTo(0.8483148631, 9);
    });

    it(`test_f102_inside_vertex_near_duplicate_x${s}: the contacts of scale 1e-3 s, scaled, both orders`, () => {
      const { polygon, chain, contacts, swapped } = pairAt(inside, s);
      expect(mirroredMismatch(contacts, swapped)).toBeNull();
      // 1e-3: the adversarial suite's factor for this pair.
      expect(scaledMismatch(contacts, pairAt(inside, 1e-3 * s).contacts, 1e-3, 1e-9 * s))
        .toBeNull();
      // Chain vertex 25 (1e-11 from vertex 24) inside the polygon: out along segment 25's
      // normal (segment 24's is round-off), as far as polygon edge 11.
      const deepest = contacts[0]!;
      expect(deepest.featureId).toBe(packFeatureId(11, VERTEX_FEATURE | 25));
      const line = worldPoints(chain), a = line[25]!, b = line[26]!;
      const length = Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!);
      const side = [(b[1]! - a[1]!) / length, -(b[0]! - a[0]!) / length];
      const sign = side[0]! * deepest.normal[0]! + side[1]! * deepest.normal[1]! > 0 ? 1 : -1;
      expect(deepest.normal[0]).toBeCloseTo(sign * side[0]!, 12);
      expect(deepest.normal[1]).toBeCloseTo(sign * side[1]!, 12);
      expect(deepest.penetration / s).toBeCloseTo(
        depthAlong(worldPoints(polygon), 11, a, deepest.normal) / s,
        12,
      );
    });
  }
});
