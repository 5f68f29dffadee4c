import { describe, expect, it } from 'vitest';
import { collide2d } from '../collide2d.js';
import { CollisionData2 } from '../manifold/contact2.js';
import { contactList, mirroredMismatch, scaledMismatch } from '../test-support/contacts.js';
import { Chain, Polygon } from '../shapes/shapes.js';
import { collidePolygonChain } from './polygon-chain.js';
import { collidePolygonPolygon } from './polygon-polygon.js';

type Contacts = ReturnType<typeof contactList>;
type Points = [number, number][];

const SCALES = [1e-3, 1, 1e3];
/** Rigid motions (angle, then translation in sizes) applied to both shapes' poses. */
const MOTIONS: [number, number, number][] = [[0.7, 3, -2], [-2.1, 10, 4], [1.3, -5, 7], [
  2.9,
  0.5,
  0.1,
]];

const scaled = (points: Points, s: number): Points => points.map(([x, y]) => [x * s, y * s]);

/** The contacts of a moved pair brought back by the inverse motion (-t, then a turn by -angle). */
function movedBack(contacts: Contacts, angle: number, tx: number, ty: number): Contacts {
  const c = Math.cos(angle), s = Math.sin(angle);
  return contacts.map((contact) => {
    const x = contact.point[0]! - tx, y = contact.point[1]! - ty;
    const nx = contact.normal[0]!, ny = contact.normal[1]!;
    return {
      ...contact,
      point: [c * x + s * y, -s * x + c * y],
      normal: [c * nx + s * ny, -s * nx + c * ny],
    };
  });
}

/** The pose (x, y, angle) turned by `angle` about the origin, then moved by (tx, ty). */
function movedPose(
  [x, y, a]: [number, number, number],
  angle: number,
  tx: number,
  ty: number,
): [[number, number], number] {
  const c = Math.cos(angle), s = Math.sin(angle);
  return [[c * x - s * y + tx, s * x + c * y + ty], a + angle];
}

describe('FINDINGS.md F10: concave staircases, the contacts change with the scale (pieces)', () => {
  // The pair the adversarial suite found: a traced staircase (every side axis-aligned, its step
  // corners on diagonal lines, so vertices in line without being neighbours) against a box
  // outline as a chain. The exact triangulation cut a sliver at one scale and not at another: 7
  // pieces at scale 1 and 6 scaled by 7, the deepest contact 0.2094 against 0.7945 scaled back.
  const staircase: Points = [
    [-1.245887624216266, -0.6921597912312588],
    [-0.9690237077237623, -0.6921597912312588],
    [-0.6921597912312588, -0.6921597912312588],
    [-0.4152958747387553, -0.6921597912312588],
    [-0.13843195824625176, -0.6921597912312588],
    [0.13843195824625176, -0.6921597912312588],
    [0.4152958747387553, -0.6921597912312588],
    [0.6921597912312588, -0.6921597912312588],
    [0.9690237077237623, -0.6921597912312588],
    [1.245887624216266, -0.6921597912312588],
    [1.245887624216266, -0.4152958747387553],
    [1.245887624216266, -0.13843195824625176],
    [1.245887624216266, 0.13843195824625176],
    [1.245887624216266, 0.4152958747387553],
    [0.9690237077237623, 0.4152958747387553],
    [0.9690237077237623, 0.6921597912312588],
    [0.6921597912312588, 0.6921597912312588],
    [0.6921597912312588, 0.4152958747387553],
    [0.4152958747387553, 0.4152958747387553],
    [0.4152958747387553, 0.13843195824625176],
    [0.13843195824625176, 0.13843195824625176],
    [-0.13843195824625176, 0.13843195824625176],
    [-0.13843195824625176, -0.13843195824625176],
    [-0.4152958747387553, -0.13843195824625176],
    [-0.4152958747387553, -0.4152958747387553],
    [-0.6921597912312588, -0.4152958747387553],
    [-0.9690237077237623, -0.4152958747387553],
    [-1.245887624216266, -0.4152958747387553],
  ];
  const outline: Points = [
    [-0.6814699282404035, 0],
    [-0.6814699282404035, -0.34073496412020177],
    [-0.34073496412020177, -0.34073496412020177],
    [0, -0.34073496412020177],
    [0.34073496412020177, -0.34073496412020177],
    [0.6814699282404035, -0.34073496412020177],
    [0.6814699282404035, 0],
    [0.6814699282404035, 0.34073496412020177],
    [0.34073496412020177, 0.34073496412020177],
    [0, 0.34073496412020177],
    [-0.34073496412020177, 0.34073496412020177],
    [-0.6814699282404035, 0.34073496412020177],
  ];
  const pose: [number, number, number] = [
    0.0835502987083877,
    0.03428209479530648,
    -0.02518439074524803,
  ];
  const chainAngle = 1.9449661071195576;
  const contactsAt = (s: number) => {
    const polygon = new Polygon(scaled(staircase, s)).setPose([pose[0] * s, pose[1] * s], pose[2]);
    const chain = new Chain(scaled(outline, s)).setPose([0, 0], chainAngle);
    const data = new CollisionData2({ capacity: 64 }),
      swapped = new CollisionData2({ capacity: 64 });
    collidePolygonChain(polygon, chain, data);
    collide2d(chain, polygon, swapped);
    return { polygon, contacts: contactList(data), swapped: contactList(swapped) };
  };
  const reference = contactsAt(1);

  for (const s of [...SCALES, 7]) {
    it(`test_f10_staircase_chain_pieces_and_contacts_x${s}: those of scale 1, both orders`, () => {
      const { polygon, contacts, swapped } = contactsAt(s);
      // The same index loops at every scale: the decomposition depends on the outline's shape only.
      expect(polygon.convexPieces().map((piece) => Array.from(piece.vertexIndex)))
        .toEqual(reference.polygon.convexPieces().map((piece) => Array.from(piece.vertexIndex)));
      expect(contacts.length).toBeGreaterThan(1);
      expect(scaledMismatch(reference.contacts, contacts, s, 1e-9)).toBeNull();
      expect(mirroredMismatch(contacts, swapped)).toBeNull();
    });
  }
});

describe('FINDINGS.md F10: concave staircases, the contacts change with a rigid motion (axis ties)', () => {
  // The pair the adversarial suite found: a staircase against a box with vertices on its sides
  // (a piece whose sides are runs of edges in line, their separations equal up to rounding). The
  // reference edge was the run's edge that rounding favoured: a rigid motion turned the deepest
  // contact from 0.6578 (features 0x6400/2) into 0.6951 (0x400/7).
  const a: Points = [
    [-1.2010623009409755, -0.48042492037639023],
    [-0.9608498407527805, -0.48042492037639023],
    [-0.7206373805645854, -0.48042492037639023],
    [-0.48042492037639023, -0.48042492037639023],
    [-0.24021246018819511, -0.48042492037639023],
    [0, -0.48042492037639023],
    [0.24021246018819511, -0.48042492037639023],
    [0.48042492037639023, -0.48042492037639023],
    [0.7206373805645854, -0.48042492037639023],
    [0.9608498407527805, -0.48042492037639023],
    [1.2010623009409755, -0.48042492037639023],
    [1.2010623009409755, -0.24021246018819511],
    [1.2010623009409755, 0],
    [1.2010623009409755, 0.24021246018819511],
    [0.9608498407527805, 0.24021246018819511],
    [0.7206373805645854, 0.24021246018819511],
    [0.7206373805645854, 0],
    [0.48042492037639023, 0],
    [0.48042492037639023, 0.24021246018819511],
    [0.24021246018819511, 0.24021246018819511],
    [0.24021246018819511, 0],
    [0, 0],
    [0, 0.24021246018819511],
    [-0.24021246018819511, 0.24021246018819511],
    [-0.24021246018819511, 0],
    [-0.48042492037639023, 0],
    [-0.48042492037639023, 0.24021246018819511],
    [-0.7206373805645854, 0.24021246018819511],
    [-0.7206373805645854, 0.48042492037639023],
    [-0.9608498407527805, 0.48042492037639023],
    [-0.9608498407527805, 0.24021246018819511],
    [-1.2010623009409755, 0.24021246018819511],
    [-1.2010623009409755, 0],
    [-1.2010623009409755, -0.24021246018819511],
  ];
  const b: Points = [
    [-0.878906789352186, -0.878906789352186],
    [-0.439453394676093, -0.878906789352186],
    [0, -0.878906789352186],
    [0.439453394676093, -0.878906789352186],
    [0.878906789352186, -0.878906789352186],
    [0.878906789352186, -0.439453394676093],
    [0.878906789352186, 0],
    [0.878906789352186, 0.439453394676093],
    [0.439453394676093, 0.439453394676093],
    [0.439453394676093, 0.878906789352186],
    [0, 0.878906789352186],
    [0, 0.439453394676093],
    [-0.439453394676093, 0.439453394676093],
    [-0.878906789352186, 0.439453394676093],
    [-0.878906789352186, 0],
    [-0.878906789352186, -0.439453394676093],
  ];
  const poseA: [number, number, number] = [
    0.097880267225175,
    0.1721813819719908,
    0.9704419002861231,
  ];
  const poseB: [number, number, number] = [0, 0, -1.3348813194621862];
  const contactsAt = (s: number, angle: number, tx: number, ty: number) => {
    const first = new Polygon(scaled(a, s)), second = new Polygon(scaled(b, s));
    first.setPose(...movedPose([poseA[0] * s, poseA[1] * s, poseA[2]], angle, tx * s, ty * s));
    second.setPose(...movedPose([poseB[0] * s, poseB[1] * s, poseB[2]], angle, tx * s, ty * s));
    const data = new CollisionData2({ capacity: 64 }),
      swapped = new CollisionData2({ capacity: 64 });
    collidePolygonPolygon(first, second, data);
    collidePolygonPolygon(second, first, swapped);
    return {
      contacts: movedBack(contactList(data), angle, tx * s, ty * s),
      swapped: movedBack(contactList(swapped), angle, tx * s, ty * s),
    };
  };
  const reference = contactsAt(1, 0, 0, 0);

  for (const s of SCALES) {
    it(`test_f10_staircase_axis_ties_rigid_x${s}: those of scale 1 under four motions, both orders`, () => {
      expect(reference.contacts.length).toBe(8);
      for (const [angle, tx, ty] of [[0, 0, 0] as [number, number, number], ...MOTIONS]) {
        const { contacts, swapped } = contactsAt(s, angle, tx, ty);
        expect(scaledMismatch(reference.contacts, contacts, s, 1e-9)).toBeNull();
        expect(mirroredMismatch(contacts, swapped, 1e-9 * s)).toBeNull();
      }
    });
  }
});
