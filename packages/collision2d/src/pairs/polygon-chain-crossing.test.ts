import { describe, expect, it } from 'vitest';
import { collide2d } from '../collide2d.js';
import { CollisionData2 } from '../manifold/contact2.js';
import { contactList, mirroredMismatch, worldPoints } from '../test-support/contacts.js';
import { collidePolygonChain } from './polygon-chain.js';
import { Chain, Polygon } from '../shapes/shapes.js';

type Point = [number, number];

/** Both argument orders: the contacts of `collidePolygonChain`, checked against `collide2d(chain, polygon)`. */
function bothOrders(polygon: Polygon, chain: Chain, s: number): ReturnType<typeof contactList> {
  const data = new CollisionData2({ capacity: 64 }), swapped = new CollisionData2({ capacity: 64 });
  collidePolygonChain(polygon, chain, data);
  collide2d(chain, polygon, swapped);
  const contacts = contactList(data);
  expect(mirroredMismatch(contacts, contactList(swapped), 1e-12 * s)).toBeNull();
  return contacts;
}

/**
 * Brute force, sharing nothing with the detector: how far the polygon (world outline) must move
 * along the unit normal n for its part between the side lines of segment a b (the lines through
 * a and b along n) to lie wholly on n's side of the segment's line. That part's outline is made
 * of the outline's vertices between the side lines and the outline's crossings of them, so the
 * depth is the largest -n . (p - a) over those points.
 */
function stripDepth(outline: number[][], a: number[], b: number[], n: number[]): number {
  const tx = b[0]! - a[0]!, ty = b[1]! - a[1]!, length = Math.hypot(tx, ty);
  const along = (p: number[]) => ((p[0]! - a[0]!) * tx + (p[1]! - a[1]!) * ty) / length;
  const below = (p: number[]) => -(n[0]! * (p[0]! - a[0]!) + n[1]! * (p[1]! - a[1]!));
  let depth = -Infinity;
  for (let i = 0; i < outline.length; i++) {
    const p = outline[i]!, q = outline[(i + 1) % outline.length]!;
    const u = along(p), v = along(q);
    if (u >= 0 && u <= length) depth = Math.max(depth, below(p));
    for (const limit of [0, length]) {
      if ((u - limit) * (v - limit) >= 0) continue;
      const f = (limit - u) / (v - u);
      depth = Math.max(depth, below([p[0]! + f * (q[0]! - p[0]!), p[1]! + f * (q[1]! - p[1]!)]));
    }
  }
  return depth;
}

/** Whether segment a b crosses the outline's interior (an edge crossing, or an end strictly inside). */
function segmentCrossesOutline(outline: number[][], a: number[], b: number[]): boolean {
  const side = (p: number[], q: number[], r: number[]) =>
    (q[0]! - p[0]!) * (r[1]! - p[1]!) - (q[1]! - p[1]!) * (r[0]! - p[0]!);
  for (let i = 0; i < outline.length; i++) {
    const p = outline[i]!, q = outline[(i + 1) % outline.length]!;
    if (side(a, b, p) * side(a, b, q) < 0 && side(p, q, a) * side(p, q, b) < 0) return true;
  }
  return false;
}

/**
 * The contacts of a polygon lying across chain segment `segment` (both its ends outside the
 * polygon): the deepest is the segment's face normal, the depth `stripDepth`, and moving the
 * polygon by 1.0001 times it along the normal clears the segment.
 */
function expectAcross(
  polygon: Polygon,
  chain: Chain,
  segment: number,
  s: number,
): ReturnType<typeof contactList> {
  const contacts = bothOrders(polygon, chain, s);
  expect(contacts.length).toBeGreaterThan(0);
  const deepest = contacts.reduce((d, c) => (c.penetration > d.penetration ? c : d));
  const chainWorld = worldPoints(chain), a = chainWorld[segment]!, b = chainWorld[segment + 1]!;
  const tx = b[0]! - a[0]!, ty = b[1]! - a[1]!, length = Math.hypot(tx, ty);
  // The segment's face normal: perpendicular to it.
  expect(Math.abs(deepest.normal[0]! * tx + deepest.normal[1]! * ty) / length).toBeLessThan(1e-12);
  const outline = worldPoints(polygon);
  const depth = stripDepth(outline, a, b, deepest.normal);
  expect(depth).toBeGreaterThan(0);
  expect(Math.abs(deepest.penetration - depth)).toBeLessThan(1e-10 * s);
  expect(segmentCrossesOutline(outline, a, b)).toBe(true);
  const moved = outline.map(([x, y]) => [
    x! + 1.0001 * depth * deepest.normal[0]!,
    y! + 1.0001 * depth * deepest.normal[1]!,
  ]);
  expect(segmentCrossesOutline(moved, a, b)).toBe(false);
  return contacts;
}

const scaledPoints = (points: number[][], s: number): Point[] =>
  points.map(([x, y]) => [x! * s, y! * s]);

describe('FINDINGS.md F36: a staircase lying across a chain segment gets a contact', () => {
  // The staircase's band, 0.19 thick, crosses the chain's straight run (vertices 20 to 24 on one
  // line) over segment 20, both of whose ends lie outside it. The one piece pair that reports
  // leans past vertex 21, straight: snapped. Its best face (the side the piece reaches least
  // past) meets the piece's side-line crossings on an internal edge and nothing else; the face on
  // the normal's side holds the contact: the band's top over the segment, pushed down past it.
  const staircase = [
    [-6, -2],
    [-5, -2],
    [-4, -2],
    [-3, -2],
    [-2, -2],
    [-1, -2],
    [0, -2],
    [1, -2],
    [
      2,
      -2,
    ],
    [3, -2],
    [4, -2],
    [5, -2],
    [6, -2],
    [6, -1],
    [6, 0],
    [6, 1],
    [6, 2],
    [5, 2],
    [5, 1],
    [4, 1],
    [
      3,
      1,
    ],
    [2, 1],
    [2, 0],
    [1, 0],
    [1, -1],
    [0, -1],
    [-1, -1],
    [-1, 0],
    [-2, 0],
    [-3, 0],
    [-3, 1],
    [-4, 1],
    [
      -4,
      0,
    ],
    [-5, 0],
    [-5, -1],
    [-6, -1],
  ].map(([x, y]) => [x! * 0.19248291950983307, y! * 0.19248291950983307]);
  const stepped = [
    [-5, -2],
    [-5, -3],
    [-4, -3],
    [-3, -3],
    [-2, -3],
    [-1, -3],
    [0, -3],
    [1, -3],
    [
      2,
      -3,
    ],
    [3, -3],
    [4, -3],
    [5, -3],
    [5, -2],
    [5, -1],
    [5, 0],
    [5, 1],
    [5, 2],
    [4, 2],
    [4, 3],
    [3, 3],
    [3, 2],
    [
      2,
      2,
    ],
    [1, 2],
    [0, 2],
    [-1, 2],
    [-1, 3],
    [-2, 3],
    [-2, 2],
    [-3, 2],
    [-3, 1],
    [-4, 1],
    [-5, 1],
    [-5, 0],
    [
      -5,
      -1,
    ],
  ].map(([x, y]) => [x! * 0.3184982655569911, y! * 0.3184982655569911]);
  for (const s of [1e-3, 1, 1e3]) {
    it(`test_f36_band_across_segment x ${s}: the segment's normal, the depth of the band over segment 20`, () => {
      const polygon = new Polygon(scaledPoints(staircase, s)).setPose(
        [-0.43931610378942865 * s, 0.5969825730364752 * s],
        -2.734249374244314,
      );
      const chain = new Chain(scaledPoints(stepped, s)).setPose([0, 0], 1.3576855234745313);
      expectAcross(polygon, chain, 20, s);
    });
  }
});

describe('FINDINGS.md F67: a concave polygon cut across by a zigzag segment gets a contact', () => {
  // A hexagon made concave by a vertex 0.01 degrees off the line through its neighbours, and a
  // zigzag whose segment 2 cuts across it, both ends outside. Its piece pairs lean past vertex 2
  // (a valley, concave on the normal's side): snapped; the face the separations favour meets
  // the pieces only on internal edges. The face on the normal's side gives the contacts the
  // convex hexagon (that vertex left out) gets: the hexagon's part past the segment's line.
  const outline = [
    [1.3891677659437098, 0.03175395794212858],
    [
      -0.07130027215206358,
      0.27089005664634586,
    ],
    [-0.92453879153934, 0.410598028886278],
    [-0.8491348557965128, 0.13445075230319115],
    [
      -0.6816368203782218,
      -0.47896718001802496,
    ],
    [0.4403525066611505, -0.20225171145523496],
  ];
  const zigzag = [
    [-1.0587638976285234, -0.317629169288557],
    [-0.635258338577114, 0.317629169288557],
    [
      -0.2117527795257047,
      -0.317629169288557,
    ],
    [0.2117527795257046, 0.317629169288557],
    [0.635258338577114, -0.317629169288557],
    [
      1.0587638976285234,
      0.317629169288557,
    ],
  ];
  for (const s of [1e-3, 1, 1e3]) {
    it(`test_f67_zigzag_across_hexagon x ${s}: the segment's normal, the depth of the polygon past segment 2`, () => {
      const polygon = new Polygon(scaledPoints(outline, s)).setPose(
        [-0.09626626094866138 * s, 0.04984177344034731 * s],
        -0.7612603603382069,
      );
      const chain = new Chain(scaledPoints(zigzag, s)).setPose([0, 0], 0.6194332672076404);
      expectAcross(polygon, chain, 2, s);
    });
  }
});

describe('FINDINGS.md F66, F37: a polygon touching a sharp corner of a zigzag gets no phantom contact', () => {
  // A zigzag's corner turns by 135 degrees: its cone on the outer side spans 135 degrees and
  // reaches past the line of each of its segments. A polygon touching the corner from there
  // has a normal inside the cone but, seen from one of the two segments, on that segment's inner
  // side, where the corner is concave: it was snapped to that segment's inner face and gave
  // contacts 0.2 deep (the polygon pushed through the other segment). The cone admits it from
  // either segment. The touching pair (corner 7e-12 inside the rectangle's edge) gets no contact
  // deeper than round-off at any pose or scale; pressed in by d along the edge's normal, the
  // corner gets one contact, depth d, along that normal.
  const rectangle = [[-0.8650475542216259, -1.036426718379529], [
    0.8650475542216259,
    -1.036426718379529,
  ], [
    0.8650475542216259,
    1.036426718379529,
  ], [-0.8650475542216259, 1.036426718379529]];
  const zigzag = [-4, -3, -2, -1, 0, 1, 2, 3, 4].map((k) => [
    k * 0.29384473216487095,
    (k % 2 === 0 ? -1 : 1) * 0.35261367859784515,
  ]);
  const pose = (far: number, s: number, press: number): [Polygon, Chain] => {
    const at = (x: number, y: number): Point => [
      (x + far * -98232.97363902215) * s,
      (y + far * 54212.83531776614) * s,
    ];
    const chain = new Chain(scaledPoints(zigzag, s)).setPose(
      at(1.3010116925870534, -0.9132211061078124),
      0.665822251746476,
    );
    const angle = 3.125642010118611;
    // The rectangle's edge 3 (its outward normal (-1, 0) turned by the angle) touches the corner;
    // moved along that normal, it presses in.
    const [x, y] = at(-press * Math.cos(angle), -press * Math.sin(angle));
    return [new Polygon(scaledPoints(rectangle, s)).setPose([x, y], angle), chain];
  };
  for (const [far, s] of [[0, 1e-3], [0, 1], [0, 1e3], [1, 1], [1, 7]] as const) {
    it(`test_f66_touching_corner ${far ? 'near 1e5' : 'at the origin'}, x ${s}: nothing deeper than round-off`, () => {
      const [polygon, chain] = pose(far, s, 0);
      for (const c of bothOrders(polygon, chain, s)) expect(c.penetration).toBeLessThan(1e-9 * s);
    });
    it(`test_f66_pressed_corner ${far ? 'near 1e5' : 'at the origin'}, x ${s}: one contact, 0.01 deep`, () => {
      const [polygon, chain] = pose(far, s, 0.01);
      const contacts = bothOrders(polygon, chain, s);
      expect(contacts.length).toBe(1);
      const angle = 3.125642010118611;
      expect(contacts[0]!.penetration / s).toBeCloseTo(0.01, 8);
      // From the chain toward the polygon: the edge's inward normal, (1, 0) turned.
      expect(contacts[0]!.normal[0]).toBeCloseTo(Math.cos(angle), 12);
      expect(contacts[0]!.normal[1]).toBeCloseTo(Math.sin(angle), 12);
    });
  }
});

describe('FINDINGS.md F37: a triangle touching a zigzag corner near 1e5, under rigid motions', () => {
  // The finding's pair: the zigzag's corner (turning by 112 degrees) 1e-11 outside the
  // triangle's edge, near (-40122, 82305). Turned about the origin by each angle and shifted,
  // both together, it stays a touching pair: no contact deeper than the round-off of coordinates
  // near 1e5 (a few 1e-11), where one motion gave 0.235.
  const triangle = [[0.6602405075226648, 0.23640593893613346], [
    0.27216014072945477,
    0.6057364646209396,
  ], [
    -0.5202355582202909,
    -0.4449151495174144,
  ]];
  const zigzag = [-5, -3, -1, 1, 3, 5].map((k, i) => [
    k * 0.20134937434922906,
    (i % 2 === 0 ? -1 : 1) * 0.30202406152384353,
  ]);
  const polygonAt: Point = [-40122.738208746625, 82305.45708309421];
  const chainAt: Point = [-40123.394626961825, 82304.93483378143];
  for (const [turn, shift] of [[0, 0], [0.3, 17], [1.1, -250], [2.5, 3.25], [-2, 1000]] as const) {
    it(`test_f37_rigid_motion turned by ${turn}, shifted by ${shift}: nothing deeper than 1e-8`, () => {
      const c = Math.cos(turn), s = Math.sin(turn);
      const move = ([x, y]: Point): Point => [c * x - s * y + shift, s * x + c * y - shift];
      const polygon = new Polygon(triangle.map(([x, y]) => [x!, y!])).setPose(
        move(polygonAt),
        1.6163134048438987 + turn,
      );
      const chain = new Chain(zigzag.map(([x, y]) => [x!, y!])).setPose(
        move(chainAt),
        1.6835672892095621 + turn,
      );
      for (const contact of bothOrders(polygon, chain, 1)) {
        expect(contact.penetration).toBeLessThan(1e-8);
      }
    });
  }
});
