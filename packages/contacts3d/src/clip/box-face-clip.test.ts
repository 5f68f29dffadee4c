/**
 * The plain Sutherland-Hodgman face clip (records of position and features, as Box3D's
 * b3ClipPolygon) against the integer-packed clip it replaced (test-support/box-face-clip-packed.ts):
 * on random box pairs, for every reference face of either box, both must write the same manifold
 * to the bit, feature ids included. The poses: free (edge-edge and tilted pairs among them),
 * touching, face-face resting (twisted, by 45 degrees: the octagon), resting with a tilt,
 * identical poses; sizes 1e-3 to 1e3, positions near 1e5.
 */
import { describe, expect, it } from 'vitest';
import { ContactKind } from '@contactkit/math';
import { Random } from '@contactkit/test-support';
import { LocalManifold } from '../manifold/local-manifold.js';
import { BoxBoxAxis } from '../sat/box-box-sat.js';
import { Box } from '../shapes/primitives.js';
import { clipBoxFacesPacked } from '../test-support/box-face-clip-packed.js';
import { randomConfiguration } from '../test-support/generate.js';
import { add, axisAngle, multiplyQuat, scale, type Vec3 } from '../test-support/shapes.js';
import { clipBoxFaces } from './box-face-clip.js';

const DEFAULT_RUNS = 10_000;
const RUNS = Math.max(DEFAULT_RUNS, Number(process.env['CONTACTKIT_PROPERTY_RUNS'] ?? 0) || 0);
const SEED = Number(process.env['CONTACTKIT_PROPERTY_SEED'] ?? 0xc11b) >>> 0;

/** Every number the clip writes: the normal, then each point's position, depth, kind, features. */
function written(manifold: LocalManifold): number[] {
  const out = [manifold.count, manifold.normalX, manifold.normalY, manifold.normalZ];
  for (let k = 0; k < manifold.count; k++) {
    const p = manifold.points[k]!;
    out.push(p.x, p.y, p.z, p.depth, p.kind, p.features);
  }
  return out;
}

/** A random pair of posed boxes, and what kind of pose it is. */
function randomPair(random: Random): { a: Box; b: Box; label: string; } {
  const configuration = randomConfiguration(random, 'box-box');
  const first = configuration.first, second = configuration.second;
  if (first.kind !== 'box' || second.kind !== 'box') throw new Error('box-box holds boxes');
  const s = random.logRange(1e-3, 1e3);
  const offset: Vec3 = random.chance(0.1) ? [1e5, -1e5, 1e5] : [0, 0, 0];
  let rotation = first.rotation, label: string = configuration.mode;
  if (configuration.mode === 'resting' && random.chance(0.5)) {
    // A box resting with a tilt, as a solver leaves it.
    rotation = multiplyQuat(axisAngle(random.unitVector(), random.range(0, 0.02)), rotation);
    label = 'tilted resting';
  }
  const a = new Box(scale(first.halfSize, s)).setPose(
    add(scale(first.position, s), offset),
    rotation,
  );
  if (random.chance(0.03)) {
    return {
      a,
      b: new Box(a.halfSize).setPose(a.transform.slice(12, 15), rotation),
      label: 'identical',
    };
  }
  const b = new Box(scale(second.halfSize, s)).setPose(
    add(scale(second.position, s), offset),
    second.rotation,
  );
  return { a, b, label };
}

describe('box face clip', () => {
  it(`gives exactly what the packed clip gives, every reference face, ${RUNS} pairs`, () => {
    const random = new Random(SEED);
    const plain = new LocalManifold(), packed = new LocalManifold();
    const axis = new BoxBoxAxis();
    const seen = { points: 0, corners: 0, crossings: 0, referenceCorners: 0, octagons: 0 };
    for (let run = 0; run < RUNS; run++) {
      const { a, b, label } = randomPair(random);
      const size = Math.max(...a.halfSize, ...b.halfSize);
      axis.tolerance = random.chance(0.5) ? 0 : random.range(0, 0.05) * size;
      for (let face = 0; face < 12; face++) {
        axis.faceAxis = face % 3;
        axis.faceSign = face & 4 ? -1 : 1;
        const referenceIsA = face < 6;
        const [reference, incident] = referenceIsA ? [a, b] : [b, a];
        clipBoxFaces(reference, incident, referenceIsA, axis, plain);
        clipBoxFacesPacked(reference, incident, referenceIsA, axis, packed);
        const expected = written(packed), actual = written(plain);
        if (actual.some((value, k) => !Object.is(value, expected[k]))) {
          expect({ run, label, face, actual }).toEqual({ run, label, face, actual: expected });
        }
        seen.points += plain.count;
        if (plain.count === 8) seen.octagons++;
        for (let k = 0; k < plain.count; k++) {
          const point = plain.points[k]!;
          // An incident corner names the reference face (a face code, 32 and up, on the
          // reference box's side); a reference corner names a vertex of the reference box there.
          const referenceCode = (point.features >>> (referenceIsA ? 16 : 0)) & 0xffff;
          if (point.kind === ContactKind.EdgeEdge) seen.crossings++;
          else if (referenceCode >= 32) seen.corners++;
          else seen.referenceCorners++;
        }
      }
    }
    // Every kind of vertex the clip makes was compared, many times over.
    expect(seen.corners).toBeGreaterThan(RUNS);
    expect(seen.crossings).toBeGreaterThan(RUNS);
    expect(seen.referenceCorners).toBeGreaterThan(RUNS / 10);
    expect(seen.octagons).toBeGreaterThan(10);
  });
});
