/**
 * A capsule lying on a horizontal top face, for the capsule tests (tests only): the set-up and
 * the contacts expected of it, shared by the plain and the rounded polygon's cases.
 */
import { Capsule2 } from '../shapes/capsule2.js';
import type { contactList } from './contacts.js';

/**
 * A capsule of radius 0.5 s and half length s, level, centred at x = 0.3 s, its bottom 0.1 s
 * below a face at height `top` s: its core ends at x = -0.7 s and 1.3 s, 0.4 s above the face.
 */
export function capsuleLyingOn(top: number, s: number): Capsule2 {
  return new Capsule2(0.5 * s, s).setPose([0.3 * s, (top + 0.4) * s], 0);
}

/**
 * What is wrong with `contacts` for `capsuleLyingOn(top, s)` on that face (null: nothing): two
 * points, one under each core end (x = -0.7 s and 1.3 s), normal (0, 1), penetration 0.1 s,
 * each midway between the capsule's bottom and the face (y = (top - 0.05) s); within 1e-12 s.
 */
export function lyingMismatch(
  contacts: ReturnType<typeof contactList>,
  top: number,
  s: number,
): string | null {
  if (contacts.length !== 2) return `${contacts.length} contacts, expected 2`;
  const close = (value: number, expected: number): boolean =>
    Math.abs(value / s - expected) <= 1e-12 * Math.max(1, Math.abs(expected));
  const xs = contacts.map((c) => c.point[0]!).sort((a, b) => a - b);
  if (!close(xs[0]!, -0.7) || !close(xs[1]!, 1.3)) return `points at x ${xs}`;
  for (const c of contacts) {
    if (c.normal[0] !== 0 || c.normal[1] !== 1) return `normal ${c.normal}`;
    if (!close(c.penetration, 0.1)) return `penetration ${c.penetration}`;
    if (!close(c.point[1]!, top - 0.05)) return `point y ${c.point[1]}`;
  }
  return null;
}
