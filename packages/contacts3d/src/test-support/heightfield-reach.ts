/**
 * A brute force for a capsule's reach into a heightfield's solid, column by column, sharing no
 * code with the kernel (mesh/mesh-contacts.ts): the tests of FINDINGS.md F150, F160 and F161.
 * Per triangle (the numbering of heightfield.ts), the body's lowest point on the vertical line
 * through each of 11,154 points of the triangle's shadow (a grid of 101 points a side, and 2,001
 * along each edge, where a body may reach the column by a sliver at a wall or a corner), and its
 * height over the triangle's plane: the least of those heights is how far the body reaches into
 * the solid under that triangle (negative: it does). On each line the lowest point of the body is
 * the least over the core's parameter t of `y(t) - sqrt(r^2 - d(t)^2)`, d the line's horizontal
 * distance from the core's point: a convex function on the span where d <= r (the square root of
 * a concave function is concave), minimised by golden-section search (Press et al., Numerical
 * Recipes, 10.2), to round-off rather than to the spacing of sampled core points, so reaches of
 * a billionth of the size are measured. Tests only; not exported by the package.
 */
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { expect } from 'vitest';
import type { Heightfield } from '../mesh/heightfield.js';
import { collideCapsuleHeightfield } from '../pairs/capsule-mesh.js';
import type { Capsule } from '../shapes/capsule.js';
import {
  add,
  cross,
  dot,
  length,
  rotate,
  rotateInverse,
  scale,
  sub,
  type Quat,
  type Vec3,
} from './shapes.js';

/** A heightfield as plain data and a capsule's core, both in the field's frame (Y up). */
export interface FieldScene {
  rows: number;
  columns: number;
  /** Row-major, as `Heightfield` takes them. */
  heights: readonly number[];
  cellSize: number;
  /** One entry per cell, non-zero for a hole (default: none). */
  holes?: readonly number[];
  /** The ends of the capsule's core in the field's frame, and its radius. */
  start: Vec3;
  end: Vec3;
  radius: number;
}

/** What the brute force finds of one triangle whose column the body reaches. */
export interface ColumnReach {
  /** The triangle's unit normal (its front up), in the field's frame. */
  normal: Vec3;
  /** The least height over the triangle's plane of the body's points in its column. */
  lowest: number;
  /**
   * The radius less the least height of the core over the plane (at an end: the height is
   * linear along it): the depth F132's rule gives, which frees the body from that plane.
   */
  depth: number;
}

/**
 * The ends of a capsule's core (half length `halfLength`, posed at `position`, `quaternion`) in
 * the frame of a field posed at `fieldPosition`, `fieldQuaternion`.
 */
export function coreInField(
  fieldPosition: Vec3,
  fieldQuaternion: Quat,
  position: Vec3,
  quaternion: Quat,
  halfLength: number,
): [Vec3, Vec3] {
  const axis = rotate(quaternion, [0, halfLength, 0]);
  const toField = (p: Vec3): Vec3 => rotateInverse(fieldQuaternion, sub(p, fieldPosition));
  return [toField(sub(position, axis)), toField(add(position, axis))];
}

/** The radius less the distance of point `p` (field frame) from the core: how deep the body holds `p`. */
export function depthOfPoint(scene: FieldScene, p: Vec3): number {
  const e = sub(scene.end, scene.start);
  const t = Math.min(1, Math.max(0, dot(sub(p, scene.start), e) / dot(e, e)));
  return scene.radius - length(sub(p, add(scene.start, scale(e, t))));
}

/** The corners of `triangle` in the field's frame (heightfield.ts's split of the cells). */
export function triangleCorners(scene: FieldScene, triangle: number): [Vec3, Vec3, Vec3] {
  const cell = Math.floor(triangle / 2), i = Math.floor(cell / (scene.columns - 1));
  const j = cell - i * (scene.columns - 1), s = scene.cellSize;
  const at = (row: number, column: number): Vec3 => [
    column * s,
    scene.heights[row * scene.columns + column]!,
    row * s,
  ];
  return triangle % 2 === 0
    ? [at(i, j), at(i + 1, j), at(i + 1, j + 1)]
    : [at(i, j), at(i + 1, j + 1), at(i, j + 1)];
}

/**
 * The body's lowest point on the vertical line through (px, pz): Infinity when the body does not
 * reach the line.
 */
export function lowestOnLine(scene: FieldScene, px: number, pz: number): number {
  const a = scene.start, e = sub(scene.end, scene.start), r = scene.radius;
  // d(t)^2 = qa t^2 + qb t + qc.
  const ux = a[0] - px, uz = a[2] - pz;
  const qa = e[0] * e[0] + e[2] * e[2], qb = 2 * (ux * e[0] + uz * e[2]);
  const qc = ux * ux + uz * uz - r * r;
  let from = 0, to = 1;
  if (qa === 0) {
    if (qc > 0) return Infinity;
  } else {
    const disc = qb * qb - 4 * qa * qc;
    if (disc < 0) return Infinity;
    const root = Math.sqrt(disc);
    from = Math.max(0, (-qb - root) / (2 * qa));
    to = Math.min(1, (-qb + root) / (2 * qa));
    if (from > to) return Infinity;
  }
  const low = (t: number): number =>
    a[1] + t * e[1] - Math.sqrt(Math.max(0, -(qa * t * t + qb * t + qc)));
  const golden = (Math.sqrt(5) - 1) / 2;
  let x0 = from, x1 = to;
  for (let k = 0; k < 80 && x1 - x0 > 0; k++) {
    const m0 = x1 - golden * (x1 - x0), m1 = x0 + golden * (x1 - x0);
    if (low(m0) <= low(m1)) x1 = m1;
    else x0 = m0;
  }
  return Math.min(low(from), low(to), low((x0 + x1) / 2));
}

/** Every triangle (no hole) whose column the body reaches, by index: see the file comment. */
export function columnReaches(scene: FieldScene): Map<number, ColumnReach> {
  const reaches = new Map<number, ColumnReach>();
  for (let index = 0; index < 2 * (scene.rows - 1) * (scene.columns - 1); index++) {
    if ((scene.holes?.[Math.floor(index / 2)] ?? 0) !== 0) continue;
    const t = triangleCorners(scene, index);
    const across = cross(sub(t[1], t[0]), sub(t[2], t[0]));
    const normal = scale(across, Math.sign(across[1]) / Math.hypot(...across));
    const samples: [number, number][] = [];
    for (let a = 0; a <= 100; a++) {
      for (let b = 0; a + b <= 100; b++) {
        samples.push([
          t[0][0] + ((t[1][0] - t[0][0]) * a) / 100 + ((t[2][0] - t[0][0]) * b) / 100,
          t[0][2] + ((t[1][2] - t[0][2]) * a) / 100 + ((t[2][2] - t[0][2]) * b) / 100,
        ]);
      }
    }
    for (let k = 0; k < 3; k++) {
      const p = t[k]!, q = t[(k + 1) % 3]!;
      for (let a = 0; a <= 2000; a++) {
        samples.push([p[0] + ((q[0] - p[0]) * a) / 2000, p[2] + ((q[2] - p[2]) * a) / 2000]);
      }
    }
    let lowest = Infinity;
    for (const [px, pz] of samples) {
      const low = lowestOnLine(scene, px, pz);
      if (low !== Infinity) lowest = Math.min(lowest, dot(normal, sub([px, low, pz], t[0])));
    }
    if (lowest === Infinity) continue;
    const core = Math.min(dot(normal, sub(scene.start, t[0])), dot(normal, sub(scene.end, t[0])));
    reaches.set(index, { normal, lowest, depth: scene.radius - core });
  }
  return reaches;
}

/** The three ways a test asks for a capsule's contacts with a heightfield. */
export const CAPSULE_FIELD_CALLS = [
  'collide',
  'collide swapped',
  'collideCapsuleHeightfield',
] as const;

/** A contact as seen with the capsule first: its normal points from the field toward the capsule. */
export interface SeenContact {
  normal: Vec3;
  depth: number;
  /** The triangle its field feature names (mesh-triangle.ts's codes: index * 8 + local). */
  triangle: number;
  /** 0 for the triangle's face; an edge's or vertex's code otherwise. */
  local: number;
}

/** The contacts of `capsule` and `field` by `call`, each as seen with the capsule first. */
export function capsuleFieldContacts(
  capsule: Capsule,
  field: Heightfield,
  call: (typeof CAPSULE_FIELD_CALLS)[number],
): SeenContact[] {
  const data = new CollisionData({ capacity: 16 });
  const count = call === 'collide'
    ? collide(capsule, field, data)
    : call === 'collide swapped'
    ? collide(field, capsule, data)
    : collideCapsuleHeightfield(capsule, field, data);
  const sign = call === 'collide swapped' ? -1 : 1;
  return data.contacts.slice(0, count).map((contact) => {
    // Feature ids keep the canonical order (the capsule's code first) in either order.
    const meshFeature = contact.featureId % 2 ** 26;
    return {
      normal: scale([...contact.normal], sign),
      depth: contact.penetration,
      triangle: Math.floor(meshFeature / 8),
      local: meshFeature % 8,
    };
  });
}

/**
 * Expects each of `contacts` to be the face contact of a triangle in `owed` (those the body
 * reaches), with its normal (`toWorld` turns the field's frame to the world's) within 1e-9 and
 * its depth, F132's, within 1e-9 of `size`.
 */
export function expectOwedFaceContacts(
  contacts: readonly SeenContact[],
  owed: ReadonlyMap<number, ColumnReach>,
  toWorld: (v: Vec3) => Vec3,
  size: number,
): void {
  for (const contact of contacts) {
    const truth = owed.get(contact.triangle);
    expect(truth).toBeDefined();
    expect(contact.local).toBe(0);
    const normal = toWorld(truth!.normal);
    for (let k = 0; k < 3; k++) {
      expect(Math.abs(contact.normal[k]! - normal[k]!)).toBeLessThan(1e-9);
    }
    expect(Math.abs(contact.depth - truth!.depth)).toBeLessThan(1e-9 * size);
  }
}
