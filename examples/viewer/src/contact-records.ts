/**
 * Contacts as plain objects, the form the page publishes on `window.__contactkit` and the panel
 * lists: the same fields in 2D and 3D (2D points and normals have two components).
 */
import type { CollisionData } from '@contactkit/contacts3d';
import { firstFeatureOf, secondFeatureOf } from '@contactkit/math';

/** One contact, copied out of a CollisionData or CollisionData2. */
export interface ContactRecord {
  point: number[];
  normal: number[];
  penetration: number;
  kind: number;
  featureId: number;
}

/** What `contactRecords` reads: a CollisionData or a CollisionData2. */
export interface ContactBuffer {
  readonly contactCount: number;
  readonly contacts: readonly {
    readonly point: Float64Array;
    readonly normal: Float64Array;
    readonly penetration: number;
    readonly kind: number;
    readonly featureId: number;
  }[];
}

/** Copies `data.contacts[0 .. contactCount)` into plain objects. */
export function contactRecords(data: ContactBuffer | CollisionData): ContactRecord[] {
  const records: ContactRecord[] = [];
  for (let i = 0; i < data.contactCount; i++) {
    const c = data.contacts[i]!;
    records.push({
      point: Array.from(c.point),
      normal: Array.from(c.normal),
      penetration: c.penetration,
      kind: c.kind,
      featureId: c.featureId,
    });
  }
  return records;
}

/**
 * A feature id as the panel shows it: its two feature codes in hex, `first:second` (a 2D vertex
 * code has bit 25 set, `0x2000000 | index`). The id is `first * 2^26 + second` (a safe integer
 * of up to 52 bits), so it is split by `firstFeatureOf` / `secondFeatureOf`, not by 32-bit masks.
 */
export function featureIdHex(featureId: number): string {
  return `0x${firstFeatureOf(featureId).toString(16)}:0x${secondFeatureOf(featureId).toString(16)}`;
}

/**
 * Where the visible labels and the contact arrows fall on the screen, for the label-placement
 * tests: each label's centre and height `[x, y, height]` (its sprite's height measured along the
 * world direction `up`, which the view keeps pointing up the screen), and each arrow's tail and
 * tip (`arrowLength` of its penetration along the normal), through `project`.
 */
export function screenLayout(
  labels: readonly {
    readonly visible: boolean;
    readonly position: { toArray(): number[]; };
    readonly scale: { readonly y: number; };
  }[],
  contacts: readonly ContactRecord[],
  arrowLength: (penetration: number) => number,
  project: (point: readonly number[]) => [number, number],
  up: readonly number[],
): { labels: number[][]; arrows: number[][]; } {
  const arrows = contacts.map((c) => {
    const length = arrowLength(c.penetration);
    const tip = c.point.map((v, k) => v + c.normal[k]! * length);
    return [...project(c.point), ...project(tip)];
  });
  return {
    labels: labels.filter((l) => l.visible).map((l) => {
      const centre = l.position.toArray();
      const [x, y] = project(centre);
      const [tx, ty] = project(centre.map((v, k) => v + (up[k]! * l.scale.y) / 2));
      const [bx, by] = project(centre.map((v, k) => v - (up[k]! * l.scale.y) / 2));
      return [x, y, Math.hypot(tx - bx, ty - by)];
    }),
    arrows,
  };
}
