import { describe, expect, it } from 'vitest';
import { mat3 as glMat3, mat4 as glMat4, vec3 as glVec3 } from 'gl-matrix';
import { mat4, quat, vec3 } from './create.js';
import {
  composeTransforms,
  inverseTransformDirection,
  inverseTransformPoint,
  invertRigid,
  isRigidTransform,
  normalizeScaled,
  orthonormalizeRigid,
  transformDirection,
  transformFromPose,
  transformPoint,
} from './transform3.js';
import { Random } from '@contactkit/test-support';

function expectVector(actual: ArrayLike<number>, expected: ArrayLike<number>, digits = 12): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) expect(actual[i]).toBeCloseTo(expected[i]!, digits);
}

/** Quaternion [x, y, z, w] for `angle` radians about the unit axis (x, y, z). */
function axisAngle(x: number, y: number, z: number, angle: number): Float64Array {
  const s = Math.sin(angle / 2);
  return quat(x * s, y * s, z * s, Math.cos(angle / 2));
}

/** 90 degrees about z, then a move by (1, 2, 3). */
function quarterTurnPose(): Float64Array {
  return transformFromPose(mat4(), [1, 2, 3], axisAngle(0, 0, 1, Math.PI / 2));
}

function randomPose(random: Random): Float64Array {
  return transformFromPose(mat4(), random.vector(3, -5, 5), Float64Array.from(random.rotation()));
}

describe('transformFromPose', () => {
  it('builds the column-major matrix of a quarter turn about z and a translation', () => {
    // R_z(90) maps x to y and y to -x: columns (0,1,0), (-1,0,0), (0,0,1); translation in 12..14.
    expectVector(quarterTurnPose(), [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1]);
  });

  it('overwrites every element of a used output, including the last row', () => {
    // out and the inputs cannot alias (16 elements against 3 and 4), so the hazard to check is a
    // stale output: every element must be written.
    const out = new Float64Array(16).fill(7);
    transformFromPose(out, [0, 0, 0], [0, 0, 0, 1]);
    expectVector(out, mat4(), 15);
  });

  it('returns its output', () => {
    const out = mat4();
    expect(transformFromPose(out, vec3(), quat())).toBe(out);
  });
});

describe('transformPoint, transformDirection and their inverses, by hand', () => {
  it('a quarter turn about z maps (1,0,0) to (0,1,0), then the move adds (1,2,3)', () => {
    const m = quarterTurnPose();
    const out = vec3();
    expect(transformPoint(out, m, vec3(1, 0, 0))).toBe(out);
    expectVector(out, [1, 3, 3]);
    expect(transformDirection(out, m, vec3(1, 0, 0))).toBe(out);
    expectVector(out, [0, 1, 0]);
    // (0,1,0) turns to (-1,0,0); the translation does not apply to directions.
    transformDirection(out, m, vec3(0, 1, 0));
    expectVector(out, [-1, 0, 0]);
  });

  it('the inverse functions undo them: (1,3,3) goes back to (1,0,0)', () => {
    const m = quarterTurnPose();
    const out = vec3();
    // R^T ((1,3,3) - (1,2,3)) = R^T (0,1,0) = (1,0,0).
    expect(inverseTransformPoint(out, m, vec3(1, 3, 3))).toBe(out);
    expectVector(out, [1, 0, 0]);
    // R^T (0,1,0) = (1,0,0).
    expect(inverseTransformDirection(out, m, vec3(0, 1, 0))).toBe(out);
    expectVector(out, [1, 0, 0]);
  });

  it('every function may write into its input vector (out === p)', () => {
    const m = quarterTurnPose();
    const p = vec3(1, 0, 0);
    expect(transformPoint(p, m, p)).toBe(p);
    expectVector(p, [1, 3, 3]);
    expect(inverseTransformPoint(p, m, p)).toBe(p);
    expectVector(p, [1, 0, 0]);
    const d = vec3(1, 0, 0);
    expect(transformDirection(d, m, d)).toBe(d);
    expectVector(d, [0, 1, 0]);
    expect(inverseTransformDirection(d, m, d)).toBe(d);
    expectVector(d, [1, 0, 0]);
  });
});

describe('composeTransforms', () => {
  it('applies b first, then a', () => {
    // a = quarter turn about z, b = move by (1,0,0). (a * b) origin: b moves it to (1,0,0), a turns
    // it to (0,1,0). (b * a) origin: a keeps it, b moves it to (1,0,0).
    const a = transformFromPose(mat4(), [0, 0, 0], axisAngle(0, 0, 1, Math.PI / 2));
    const b = transformFromPose(mat4(), [1, 0, 0], quat());
    const out = vec3();
    const ab = composeTransforms(mat4(), a, b);
    expectVector(transformPoint(out, ab, vec3()), [0, 1, 0]);
    const ba = composeTransforms(mat4(), b, a);
    expectVector(transformPoint(out, ba, vec3()), [1, 0, 0]);
  });

  it('two quarter turns about x make a half turn: (0,1,0) goes to (0,-1,0)', () => {
    const q = transformFromPose(mat4(), [0, 0, 0], axisAngle(1, 0, 0, Math.PI / 2));
    const half = composeTransforms(mat4(), q, q);
    expectVector(transformDirection(vec3(), half, vec3(0, 1, 0)), [0, -1, 0]);
  });

  it('a pose composed with its inverse (either order) is the identity', () => {
    const random = new Random(31);
    for (let n = 0; n < 50; n++) {
      const m = randomPose(random);
      const inverse = invertRigid(mat4(), m);
      expectVector(composeTransforms(mat4(), m, inverse), mat4(), 12);
      expectVector(composeTransforms(mat4(), inverse, m), mat4(), 12);
    }
  });

  it('out may be a, b, or both', () => {
    const random = new Random(32);
    for (let n = 0; n < 20; n++) {
      const a = randomPose(random), b = randomPose(random);
      const expected = composeTransforms(mat4(), a, b);
      const outIsA = Float64Array.from(a);
      expect(composeTransforms(outIsA, outIsA, Float64Array.from(b))).toBe(outIsA);
      expectVector(outIsA, expected, 13);
      const outIsB = Float64Array.from(b);
      expect(composeTransforms(outIsB, Float64Array.from(a), outIsB)).toBe(outIsB);
      expectVector(outIsB, expected, 13);
      const squared = composeTransforms(mat4(), a, a);
      const outIsBoth = Float64Array.from(a);
      composeTransforms(outIsBoth, outIsBoth, outIsBoth);
      expectVector(outIsBoth, squared, 13);
    }
  });
});

describe('invertRigid', () => {
  it('a quarter turn about z with move (1,2,3): R^T and -R^T t = (-2,1,-3)', () => {
    // R^T maps (1,2,3) to (2,-1,3) (x' = y, y' = -x), so the translation is (-2,1,-3).
    expectVector(invertRigid(mat4(), quarterTurnPose()), [
      0,
      -1,
      0,
      0,
      1,
      0,
      0,
      0,
      0,
      0,
      1,
      0,
      -2,
      1,
      -3,
      1,
    ]);
  });

  it('out may be m', () => {
    const m = quarterTurnPose();
    expect(invertRigid(m, m)).toBe(m);
    expectVector(m, [0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, -2, 1, -3, 1]);
  });

  it('writes the last row even into a stale output', () => {
    const out = new Float64Array(16).fill(7);
    invertRigid(out, mat4());
    expectVector(out, mat4(), 15);
  });
});

describe('against gl-matrix general matrix functions (independent method)', () => {
  it('invertRigid matches mat4.invert, and the point functions match vec3.transformMat4', () => {
    const random = new Random(33);
    const general = new Float64Array(16);
    const expected = new Float64Array(3);
    const out = vec3();
    const rotation = new Float64Array(9);
    const inverseRotation = new Float64Array(9);
    for (let n = 0; n < 200; n++) {
      const m = randomPose(random);
      const p = random.vector(3, -10, 10);
      const inverse = invertRigid(mat4(), m);
      expect(glMat4.invert(general, m)).not.toBeNull();
      expectVector(inverse, general, 12);

      glVec3.transformMat4(expected, p, m);
      expectVector(transformPoint(out, m, p), expected, 12);
      glVec3.transformMat4(expected, p, general);
      expectVector(inverseTransformPoint(out, m, p), expected, 12);

      // Directions use only the upper 3x3 block.
      glMat3.fromMat4(rotation, m);
      glVec3.transformMat3(expected, p, rotation);
      expectVector(transformDirection(out, m, p), expected, 12);
      glMat3.fromMat4(inverseRotation, general);
      glVec3.transformMat3(expected, p, inverseRotation);
      expectVector(inverseTransformDirection(out, m, p), expected, 12);
    }
  });

  it('composeTransforms matches mat4.multiply into a Float64Array', () => {
    const random = new Random(34);
    const expected = new Float64Array(16);
    for (let n = 0; n < 100; n++) {
      const a = randomPose(random), b = randomPose(random);
      glMat4.multiply(expected, a, b);
      expectVector(composeTransforms(mat4(), a, b), expected, 12);
    }
  });

  it('transformFromPose matches mat4.fromQuat followed by a translation', () => {
    const random = new Random(35);
    const expected = new Float64Array(16);
    for (let n = 0; n < 100; n++) {
      const position = random.vector(3, -5, 5), rotation = Float64Array.from(random.rotation());
      glMat4.fromQuat(expected, rotation);
      expected[12] = position[0]!;
      expected[13] = position[1]!;
      expected[14] = position[2]!;
      expectVector(transformFromPose(mat4(), position, rotation), expected, 14);
    }
  });
});

describe('isRigidTransform', () => {
  it('accepts the identity, rotations with translations, and plain arrays', () => {
    expect(isRigidTransform(mat4())).toBe(true);
    expect(isRigidTransform(quarterTurnPose())).toBe(true);
    expect(isRigidTransform(Array.from(quarterTurnPose()))).toBe(true);
    const random = new Random(36);
    for (let n = 0; n < 100; n++) expect(isRigidTransform(randomPose(random))).toBe(true);
  });

  it('accepts round-off well inside RIGID_TOLERANCE (1e-6)', () => {
    const m = quarterTurnPose();
    m[1] = m[1]! + 1e-9;
    expect(isRigidTransform(m)).toBe(true);
  });

  it('rejects scale, uniform or not', () => {
    const scaled = mat4();
    scaled[0] = 2;
    expect(isRigidTransform(scaled)).toBe(false);
    // Uniform scale 1.001: each column has squared length 1.002001, off by 2e-3 > 1e-6.
    const uniform = quarterTurnPose();
    for (const i of [0, 1, 2, 4, 5, 6, 8, 9, 10]) uniform[i] = uniform[i]! * 1.001;
    expect(isRigidTransform(uniform)).toBe(false);
  });

  it('rejects shear', () => {
    const sheared = mat4();
    sheared[4] = 0.1; // x += 0.1 y
    expect(isRigidTransform(sheared)).toBe(false);
  });

  it('rejects a mirror (orthonormal columns, determinant -1)', () => {
    const mirrored = mat4();
    mirrored[0] = -1;
    expect(isRigidTransform(mirrored)).toBe(false);
    // Swapping two columns of a rotation is a mirror too.
    const m = quarterTurnPose();
    const swapped = Float64Array.from(m);
    swapped.set(m.subarray(4, 7), 0);
    swapped.set(m.subarray(0, 3), 4);
    expect(isRigidTransform(swapped)).toBe(false);
  });

  it('rejects NaN and infinities anywhere', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      for (const i of [0, 5, 13, 15]) {
        const m = quarterTurnPose();
        m[i] = bad;
        expect(isRigidTransform(m)).toBe(false);
      }
    }
  });

  it('rejects a projective last row', () => {
    for (const i of [3, 7, 11]) {
      const m = mat4();
      m[i] = 0.5;
      expect(isRigidTransform(m)).toBe(false);
    }
    const m = mat4();
    m[15] = 2;
    expect(isRigidTransform(m)).toBe(false);
  });

  it('rejects the wrong length', () => {
    expect(isRigidTransform(new Float64Array(15))).toBe(false);
    expect(isRigidTransform([...mat4(), 0])).toBe(false);
    expect(isRigidTransform(new Float64Array(9))).toBe(false);
    expect(isRigidTransform([])).toBe(false);
  });
});

describe('orthonormalizeRigid', () => {
  /** Largest deviation of the rotation block's columns from orthonormal: |c_i . c_j - delta_ij|. */
  function orthonormalityError(m: Float64Array): number {
    let worst = 0;
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        const dot = m[4 * i]! * m[4 * j]! + m[4 * i + 1]! * m[4 * j + 1]! +
          m[4 * i + 2]! * m[4 * j + 2]!;
        worst = Math.max(worst, Math.abs(dot - (i === j ? 1 : 0)));
      }
    }
    return worst;
  }

  it('a diagonal of 1.00000049 (accepted as rigid) becomes the identity rotation, the translation kept', () => {
    const stretched = mat4();
    stretched[0] = stretched[5] = stretched[10] = 1.00000049;
    stretched.set([4, 5, 6], 12);
    expect(isRigidTransform(stretched)).toBe(true);
    expect(orthonormalityError(stretched)).toBeGreaterThan(9e-7);
    const fixed = orthonormalizeRigid(mat4(), stretched);
    expect(Array.from(fixed)).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 4, 5, 6, 1]);
  });

  it('rotations disturbed by 3e-7 per element: orthonormal to 1e-15, within 1e-6, right-handed', () => {
    const random = new Random(41);
    for (let trial = 0; trial < 200; trial++) {
      const exact = randomPose(random);
      const disturbed = Float64Array.from(exact);
      for (const i of [0, 1, 2, 4, 5, 6, 8, 9, 10]) disturbed[i]! += random.range(-3e-7, 3e-7);
      disturbed[3] = 2e-7;
      disturbed[15] = 1 - 2e-7;
      expect(isRigidTransform(disturbed)).toBe(true);
      const fixed = orthonormalizeRigid(mat4(), disturbed);
      expect(orthonormalityError(fixed)).toBeLessThan(1e-15);
      expectVector(fixed, exact, 5);
      expect([fixed[3], fixed[7], fixed[11], fixed[15]]).toEqual([0, 0, 0, 1]);
      // Column 2 is column 0 x column 1, so the determinant is +1 (no mirror).
      const det = fixed[0]! * (fixed[5]! * fixed[10]! - fixed[6]! * fixed[9]!) -
        fixed[1]! * (fixed[4]! * fixed[10]! - fixed[6]! * fixed[8]!) +
        fixed[2]! * (fixed[4]! * fixed[9]! - fixed[5]! * fixed[8]!);
      expect(det).toBeCloseTo(1, 14);
      // A unit vector stays unit after the fixed rotation, to 1e-12 and well beyond.
      const n = transformDirection(vec3(), fixed, vec3(0.6, 0, 0.8));
      expect(Math.abs(Math.hypot(n[0]!, n[1]!, n[2]!) - 1)).toBeLessThan(1e-15);
    }
  });

  it('leaves an exact rotation as it is to round-off, and out may be m', () => {
    const pose = quarterTurnPose();
    const copy = Float64Array.from(pose);
    expect(orthonormalizeRigid(pose, pose)).toBe(pose);
    expectVector(pose, copy, 15);
  });
});

describe('normalizeScaled', () => {
  it('tiny and huge quaternions give exactly the unit quaternion of their direction', () => {
    for (const scale of [1e-7, 1e200, 1e-300, 5e-324, Number.MAX_VALUE]) {
      const q = Float64Array.of(scale, 0, 0, 0);
      expect(normalizeScaled(q)).toBe(true);
      expect(Array.from(q)).toEqual([1, 0, 0, 0]);
    }
  });

  it('a 3-4 vector at any power of two becomes (0.6, 0.8), where squaring it would under- or overflow', () => {
    for (const exponent of [-1070, -540, 0, 520, 1020]) {
      const v = Float64Array.of(3 * 2 ** exponent, 0, -4 * 2 ** exponent);
      expect(normalizeScaled(v)).toBe(true);
      expect(Array.from(v)).toEqual([0.6, 0, -0.8]);
    }
  });

  it('any direction: the result has unit length and the same direction (the naive result where that is exact)', () => {
    const random = new Random(5);
    for (let trial = 0; trial < 100; trial++) {
      const v = Float64Array.from(random.vector(4, -3, 3));
      const length = Math.hypot(...v);
      const scaled = Float64Array.from(v);
      normalizeScaled(scaled);
      expect(Math.abs(Math.hypot(...scaled) - 1)).toBeLessThan(4e-16);
      expectVector(scaled, v.map((x) => x / length), 15);
    }
  });

  it('returns false for the zero vector and leaves it as it was', () => {
    const zero = new Float64Array(4);
    expect(normalizeScaled(zero)).toBe(false);
    expect(Array.from(zero)).toEqual([0, 0, 0, 0]);
  });
});
