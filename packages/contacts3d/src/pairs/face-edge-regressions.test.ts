/**
 * The face-versus-edge rule shared by box-box, box-hull and hull-hull (box-box-sat.ts's
 * EDGE_RELATIVE_MARGIN, EDGE_ABSOLUTE_MARGIN and FACE_FREES_RELATIVE): the adversarial suite's
 * two hull cases (fuzz/FINDINGS.md F124 and F125), checked against the brute-force oracle of
 * test-support/hull-oracle.ts (every face normal and every edge pair's cross product), and the
 * resting box the face preference exists for, worked by hand.
 */
import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { BoxBoxAxis, boxBoxSeparatingAxis } from '../sat/box-box-sat.js';
import { Box } from '../shapes/primitives.js';
import {
  hullOf,
  hullOracle,
  hullOracleMoved,
  type HullSpec,
  moveSpec,
} from '../test-support/hull-oracle.js';
import { axisAngle, rotate, type Vec3 } from '../test-support/shapes.js';
import { collideBoxBox } from './box-box.js';
import { collideConvexHullConvexHull } from './convex-hull-convex-hull.js';

const SCALES = [1e-3, 1, 1e3];

/** The deepest contact written into `data`, undefined for none. */
function deepestContact(data: CollisionData) {
  let deepest = data.contactCount > 0 ? data.contacts[0]! : undefined;
  for (let i = 1; i < data.contactCount; i++) {
    if (data.contacts[i]!.penetration > deepest!.penetration) deepest = data.contacts[i]!;
  }
  return deepest;
}

/** The spec's cloud and position scaled by `s` (a uniform scale of the whole configuration). */
function scaled(spec: HullSpec, s: number): HullSpec {
  return {
    ...spec,
    points: spec.points.map((p) => p.map((x) => x * s) as Vec3),
    position: spec.position.map((x) => x * s) as Vec3,
  };
}

/** The hull of `spec` at its pose (each spec's cloud is built once, `hullOf`). */
function posedHull(spec: HullSpec) {
  return hullOf(spec.points).setPose(spec.position, spec.rotation);
}

/**
 * Runs `check(first, second, swapped)` on 40 random rigid motions of the pair (the same motion
 * for both), in both argument orders.
 */
function underRigidMotions(
  pair: [HullSpec, HullSpec],
  s: number,
  check: (first: HullSpec, second: HullSpec, data: CollisionData) => void,
): void {
  const random = new Random(0xf12);
  const data = new CollisionData({ capacity: 64 });
  for (let k = 0; k < 40; k++) {
    const motion = {
      rotation: random.rotation(),
      translation: [0, 1, 2].map(() => random.range(-100, 100) * s) as Vec3,
    };
    const moved = pair.map((spec) => moveSpec(motion, spec)) as [HullSpec, HullSpec];
    for (const [first, second] of [moved, [moved[1], moved[0]]] as const) {
      data.reset();
      collide(posedHull(first), posedHull(second), data);
      check(first, second, data);
    }
  }
}

// fuzz/FINDINGS.md F124: two sliver hulls (sizes 1.41 and 0.80) touching along an edge pair:
// the least overlap over every face normal and edge cross product is 1.4e-17 by brute force.
const F124: [HullSpec, HullSpec] = [
  {
    kind: 'hull',
    points: [
      [-1.0834463700360628, -0.007756080714483198, -0.0006034955744112668],
      [-0.4524691900678787, 0.012396034782193192, 0.0008722807658262026],
      [-0.4524691900678787, 0.012396034782193192, 0.0008722807658262026],
      [0.2611840638175499, -0.012567766218109237, 0.000579647914231646],
      [-0.5835726717177748, 0.0014692641385723301, -0.0015482944508737149],
      [0.41425004378820984, 0.005406918808414485, 0.0018114718146209862],
      [0.26118406381106835, -0.012567766212318558, 0.000579647909174525],
      [-0.2931885521910729, 0.003915582747888496, -0.001597300680666308],
      [-0.5835726717218742, 0.0014692641434681834, -0.0015482944428029586],
      [1.7372426764176105, -0.0028639535551626006, 0.0004856902082588197],
    ],
    position: [-0.05379778071833696, 0.04333399829081066, -0.02557243872085282],
    rotation: [-0.7504198040814885, 0.6081214016627212, -0.1413556969670855, -0.2169724531294631],
  },
  {
    kind: 'hull',
    points: [
      [-0.19674171681752722, 0.0009099776301889545, -0.0003534088626365963],
      [0.5233466379202056, 0.00011366521806950217, 0.0016263376380859424],
      [0.006597682240030295, 0.0007195935146023076, 0.0012806448758272678],
      [0.4647852207259216, -0.001353966761602922, -0.00048422963900403846],
      [-0.5961884897905769, 0.00041158065592613474, -0.0005253086303692156],
      [0.6429638167212074, -0.0012511280153181218, -0.0003998363336498371],
      [0.6944361696106883, -0.00045379179056102473, 0.0014979292063875143],
      [-0.7185220131774053, 0.00020706686623064646, 0.0007138948178139648],
      [0.21674358286739645, 0.0010522690717010288, 0.0001027896346295208],
      [0.06625307079209147, -0.00042275825787150824, 0.0010074439085957596],
      [-0.6215533712866511, -0.0010622036029733282, 0.00010671774080258478],
      [-0.2918190718176996, 0.0006624213939239154, -0.0007721742327966564],
      [0.8726390560323996, -0.00013033270038260297, -0.0008622364127498153],
      [-0.03036736818037895, 0.0010107497007604078, -0.0001793019459104399],
      [-0.4066195706558816, 0.0008333681774640063, 0.00031565083881797255],
      [-0.16154368803844107, -0.0005818376075232778, -0.0013535827188281126],
      [-0.3981568763532872, -0.0010874317505056262, -0.0007138859764200561],
      [-0.06202109769560582, 0.0008105021606567461, 0.00006444000715753513],
    ],
    position: [0, 0, 0],
    rotation: [-0.12430091986856412, -0.10357384750261776, -0.9527074502383792, 0.2572357939588102],
  },
];

describe('test_f124: sliver hulls touching edge to edge, no contact deeper than their overlap (FINDINGS F124)', () => {
  // The face kept by the preference pointed against the edge axis, toward the far side of its
  // own thin hull: its clipped points lay 0.0048 below it, outside that hull, so about half the
  // rigid motions (those where round-off made the edge axis overlap by 1e-17) got 4 contacts
  // 0.0048 deep, the others none.
  for (const s of SCALES) {
    it(`40 rigid motions, both orders, scale ${s}: deepest within round-off of the oracle's`, () => {
      const pair: [HullSpec, HullSpec] = [scaled(F124[0], s), scaled(F124[1], s)];
      let touching = 0;
      underRigidMotions(pair, s, (first, second, data) => {
        const overlap = hullOracle(first, second).depth;
        expect(Math.abs(overlap)).toBeLessThan(1e-12 * s);
        const deepest = deepestContact(data);
        if (deepest === undefined) return;
        touching++;
        expect(deepest.penetration).toBeLessThan(1e-9 * s);
      });
      // Touching pairs may get the edge contact or none (both within the shell); with none at
      // all the test would prove nothing about the face.
      expect(touching).toBeGreaterThan(10);
    });
  }
});

// fuzz/FINDINGS.md F125: a sliver hull (size 1.27) deep in a round hull; the least overlap is an
// edge pair's (0.1794), the face kept by the preference overlaps by 0.1958, and its clipped patch
// reached only 0.1840 (the deepest vertex lies beside the reference face).
const F125: [HullSpec, HullSpec] = [
  {
    kind: 'hull',
    points: [
      [-1.5812748614769572, -0.005925708714847987, 0.00017000873541827318],
      [0.6651224417280669, 0.014686437377534375, 0.0015541448960047551],
      [0.646831193382012, -0.001210355421927318, -0.0009432540789918163],
      [-0.482898085668101, 0.007365231994611675, -0.0016590905227543344],
      [-0.6714803493157884, -0.01771473728454284, 0.0012470424187917112],
      [0.9562365854126585, 0.0003498590715870296, 0.0009852623629774905],
      [-0.09111062837193631, -0.01577868316499262, -0.0007306645278476784],
      [0.5585737043100457, 0.01822795614257769, -0.0006234492835984008],
    ],
    position: [-0.3538483798158658, 0.3622030799665943, 0.1008141901795614],
    rotation: [0.7371736803338443, -0.673243077226498, -0.05266976082035363, 0.023337101036275874],
  },
  {
    kind: 'hull',
    points: [
      [0.025963042678235158, -0.7608056649463828, 0.32169513334972333],
      [-0.5178444721341715, 0.3231822018295663, 0.5074762347817828],
      [0.8101213093828111, -0.40609139608127615, -0.19315286057853434],
      [-0.08706719204180624, -0.8950681859112873, -0.16331261542526723],
      [-0.08071504609755346, 0.8040283841957742, -0.30518626717751657],
      [-0.16499660795824148, 0.07059252900740888, 0.5935293555104545],
      [0.9686748048277568, -0.021195486038957333, -0.05053923088334185],
      [0.9686748048277568, -0.021195486038957333, -0.05053923088334185],
      [-0.5911851416878445, -0.12169338300355119, 0.5271588623590177],
      [-0.22973093487439336, -0.8717100550552018, 0.17209147831372704],
      [-0.27134815126433126, 0.6461885842769267, -0.4386910357294253],
      [-0.7189442766172379, 0.40061385625487367, 0.4121583758422855],
      [0.593515954492605, -0.15014019582100788, -0.47116011608814273],
      [-0.011154153509609454, 0.02624607445584579, -0.6263556290162158],
      [-0.2713481512666894, 0.646188584278381, -0.4386910357293965],
      [0.7199269889999822, 0.5703215747809595, -0.09562280699926577],
      [-0.768705630369911, 0.6309921005094685, 0.22118259110702795],
      [0.6247100401935181, -0.1896731267274586, 0.41533350949902825],
      [-0.5824088107616197, 0.4890082184676951, -0.4586899683782797],
      [0.4850116059305987, 0.3573352288929503, -0.46700831954548727],
      [-0.20382332918878723, -0.9021312590863461, 0.0990933090584295],
    ],
    position: [0, 0, 0],
    rotation: [-0.15655178639798875, -0.370217768227195, 0.11817112715871372, -0.9080010611064904],
  },
];

describe('test_f125: a face kept over an edge axis frees the hulls by its depth, else the edge (FINDINGS F125)', () => {
  for (const s of SCALES) {
    it(`40 rigid motions, both orders, scale ${s}: 1.02 x depth along the normal separates them`, () => {
      const pair: [HullSpec, HullSpec] = [scaled(F125[0], s), scaled(F125[1], s)];
      underRigidMotions(pair, s, (first, second, data) => {
        const deepest = deepestContact(data)!;
        expect(deepest).toBeDefined();
        // The oracle's least overlap (0.17940 at scale 1) bounds every depth that frees them.
        const overlap = hullOracle(first, second).depth;
        expect(overlap).toBeCloseTo(0.179398 * s, 5 - Math.log10(s));
        expect(deepest.penetration).toBeGreaterThanOrEqual(overlap * (1 - 1e-9));
        const push = Array.from(deepest.normal, (x) => x * 1.02 * deepest.penetration) as Vec3;
        expect(hullOracleMoved(first, second, push).depth).toBeLessThan(0);
      });
    });
  }
});

describe('a box resting on a box with a tilt of 0.005 rad, over the edge, keeps its face patch (hand-worked)', () => {
  // The lower box: half sizes (1, 0.5, 1) at the origin, top face y = 0.5, x and z in [-1, 1].
  // The upper box: half sizes (0.5, 0.1, 0.5), tilted by 0.005 rad about the horizontal axis
  // (cos 30, 0, sin 30) degrees, its centre at (1.2, y, 0.3): its bottom face spans x from about
  // 0.7 to 1.7, so it overhangs the lower box's edge x = 1 by 0.7, the overhang dipping lowest
  // (the tilt lowers +x). Its bottom face is a plane through the bottom centre c with normal -u
  // (u its up axis); a point of it at (x, z) lies at y = c_y - (u_x (x - c_x) + u_z (z - c_z)) / u_y.
  // The patch is that face clipped to x <= 1: its two corners over the lower box and the two
  // points where its side edges cross x = 1; each contact's depth is 0.5 - y there. The edge axis
  // of the lower box's top edge (along z) and the upper box's bottom edges overlaps less than the
  // top face (whose overlap counts the overhanging corner), within the face preference; the patch
  // reaches that edge pair, which is where the box comes free.
  const tilt = 0.005, heading = Math.PI / 6;
  const axis: Vec3 = [Math.cos(heading), 0, Math.sin(heading)];
  const turn = axisAngle(axis, -tilt);
  const half: Vec3 = [0.5, 0.1, 0.5];
  const up = rotate(turn, [0, 1, 0]);
  const sides = [rotate(turn, [1, 0, 0]), rotate(turn, [0, 0, 1])];

  for (const s of SCALES) {
    for (const swapped of [false, true]) {
      it(`scale ${s}, ${swapped ? 'lower box first' : 'upper box first'}`, () => {
        // The lowest corner over the lower box (x = 1 crossing) sits 0.01 below its top face.
        const centre: Vec3 = [1.2, 0, 0.3];
        const bottom = (c: Vec3): Vec3 => [0, 1, 2].map((k) => c[k]! - half[1] * up[k]!) as Vec3;
        const corners = (c: Vec3): Vec3[] =>
          [[1, 1], [1, -1], [-1, -1], [-1, 1]].map(([p, q]) =>
            [0, 1, 2].map((k) =>
              bottom(c)[k]! + p! * half[0] * sides[0]![k]! + q! * half[2] * sides[1]![k]!
            ) as Vec3
          );
        // The clipped patch: corners with x <= 1 and the crossings of the loop's edges with x = 1.
        const patch = (c: Vec3): Vec3[] => {
          const loop = corners(c), out: Vec3[] = [];
          for (let i = 0; i < 4; i++) {
            const p = loop[i]!, q = loop[(i + 1) % 4]!;
            if (p[0] <= 1) out.push(p);
            if ((p[0] - 1) * (q[0] - 1) < 0) {
              const t = (1 - p[0]) / (q[0] - p[0]);
              out.push([0, 1, 2].map((k) => p[k]! + t * (q[k]! - p[k]!)) as Vec3);
            }
          }
          return out;
        };
        centre[1] = 0.5 - 0.01 - Math.min(...patch([1.2, 0, 0.3]).map((p) => p[1]));
        const expected = patch(centre);
        expect(expected).toHaveLength(4);
        const depths = expected.map((p) => 0.5 - p[1]).sort((a, b) => a - b);
        // The overhanging corner lies deeper than the patch: the face axis measures it.
        const lowest = Math.min(...corners(centre).map((p) => p[1]));
        expect(0.5 - lowest).toBeGreaterThan(0.011);

        const lower = new Box([s, 0.5 * s, s]).setPose([0, 0, 0], [0, 0, 0, 1]);
        const upper = new Box(half.map((x) => x * s) as Vec3).setPose(
          centre.map((x) => x * s) as Vec3,
          turn,
        );
        // The case the rule is about: an edge axis overlapping less than the best face, declined.
        const axis = new BoxBoxAxis();
        expect(boxBoxSeparatingAxis(upper, lower, axis)).toBe(true);
        expect(axis.edgeA).toBeGreaterThanOrEqual(0);
        expect(axis.edgeSeparation).toBeGreaterThan(axis.faceSeparation + 1e-4 * s);
        expect(axis.edgeWins).toBe(false);
        const data = new CollisionData({ capacity: 16, maxContactsPerPair: 8 });
        if (swapped) collideBoxBox(lower, upper, data);
        else collideBoxBox(upper, lower, data);
        expect(data.contactCount).toBe(4);
        const sign = swapped ? -1 : 1;
        const got = data.contacts.slice(0, 4).map((c) => {
          expect(c.normal[0]).toBeCloseTo(0, 12);
          expect(c.normal[1]).toBeCloseTo(sign, 12);
          expect(c.normal[2]).toBeCloseTo(0, 12);
          return c.penetration / s;
        }).sort((a, b) => a - b);
        for (let i = 0; i < 4; i++) expect(got[i]).toBeCloseTo(depths[i]!, 9);
        expect(got[3]).toBeCloseTo(0.01, 9);
      });
    }
  }
});
