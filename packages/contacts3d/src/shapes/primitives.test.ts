import { mat4, transformFromPose } from '@contactkit/math';
import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { CollisionData } from '../manifold/collision-data.js';
import { collide } from '../collide.js';
import { Capsule } from './capsule.js';
import { ConvexHull } from './convex-hull.js';
import { Box, HalfSpace, Plane, Sphere, type AnyPrimitive } from './primitives.js';

describe('primitive validation', () => {
  it('rejects bad geometry at construction and in setters, naming the field and the value', () => {
    expect(() => new Sphere(-1)).toThrow(
      new RangeError('Sphere.radius must be at least 0, got -1'),
    );
    expect(() => new Sphere(Number.POSITIVE_INFINITY)).toThrow(
      new RangeError('Sphere.radius must be finite, got Infinity'),
    );
    const sphere = new Sphere(1);
    expect(() => {
      sphere.radius = Number.NaN;
    }).toThrow(new RangeError('Sphere.radius must be finite, got NaN'));
    expect(sphere.radius).toBe(1);
    expect(() => new Box([1, 0, 1])).toThrow(
      new RangeError('Box.halfSize[1] must be greater than 0, got 0 in [1, 0, 1]'),
    );
    expect(() => new Box([1, 1])).toThrow(TypeError);
    expect(() => new Plane([0, 0, 0], 1)).toThrow(
      new RangeError('Plane.normal must be non-zero, got [0, 0, 0]'),
    );
    expect(() => new HalfSpace([0, 1, 0], Number.NaN)).toThrow(
      new RangeError('HalfSpace.offset must be finite, got NaN'),
    );
  });

  it('rejects non-finite poses, a zero quaternion and non-rigid transforms, and keeps the old pose', () => {
    const box = new Box([0.5, 0.5, 0.5]).setPose([1, 2, 3], [0, 0, 0, 1]);
    expect(() => box.setPose([0, Number.NaN, 0], [0, 0, 0, 1])).toThrow(
      /Box\.position\[1\] must be a finite number, got NaN/,
    );
    expect(() => box.setPose([0, 0, 0], [0, 0, 0, 0])).toThrow(
      new RangeError('Box.quaternion must be non-zero, got [0, 0, 0, 0]'),
    );
    const scaled = [2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    expect(() => box.setTransform(scaled)).toThrow(/Box\.transform must be a rigid transform/);
    expect(() => box.updateTransform(scaled)).toThrow(/rigid transform/);
    expect(Array.from(box.transform.subarray(12, 15))).toEqual([1, 2, 3]);
  });

  it('normalises a quaternion that is not of unit length', () => {
    // (0, 0, 2, 2) is a 90 degree turn about z once normalised: x maps to y.
    const box = new Box([0.5, 0.5, 0.5]).setPose([0, 0, 0], [0, 0, 2, 2]);
    expect(box.transform[0]).toBeCloseTo(0, 15);
    expect(box.transform[1]).toBeCloseTo(1, 15);
  });

  it('composes the body transform with the offset (seed 004) and moves planes with their transform', () => {
    // Offset: 1 along x. Body: turned 90 degrees about z and moved to (0, 5, 0): the offset
    // becomes 1 along y, so the primitive sits at (0, 6, 0).
    const sphere = new Sphere(1).setOffset([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1]);
    sphere.updateTransform([0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 5, 0, 1]);
    expect(Array.from(sphere.transform.subarray(12, 15)).map((v) => Math.round(v * 1e12) / 1e12))
      .toEqual([0, 6, 0]);
    // The plane y = 1 in its own frame, turned 90 degrees about z (y -> -x) and moved by (3, 0, 0):
    // world normal (-1, 0, 0); the point (0, 1, 0) goes to (2, 0, 0), so the world offset is -2.
    const plane = new Plane([0, 1, 0], 1).setPose([3, 0, 0], [0, 0, Math.SQRT1_2, Math.SQRT1_2]);
    expect(plane.worldNormal[0]).toBeCloseTo(-1, 15);
    expect(plane.worldNormal[1]).toBeCloseTo(0, 15);
    expect(plane.worldOffset).toBeCloseTo(-2, 14);
  });

  it('CollisionData names itself in its errors', () => {
    expect(() => new CollisionData({ capacity: -3 })).toThrow(
      /^CollisionData\.capacity must be an integer in \[1, 16777216\], got -3$/,
    );
    expect(() => new CollisionData({ restitution: 2 })).toThrow(
      new RangeError('CollisionData.restitution must be at most 1, got 2'),
    );
  });

  it(
    'new CollisionData(null) and new CollisionData("abc") are TypeErrors naming the argument; ' +
      'no argument takes the defaults',
    () => {
      expect(() => new CollisionData(null as unknown as object)).toThrow(
        new TypeError('CollisionData(options) must be an object, got null'),
      );
      expect(() => new CollisionData('abc' as unknown as object)).toThrow(
        new TypeError('CollisionData(options) must be an object, got "abc"'),
      );
      expect(new CollisionData(undefined).capacity).toBe(256);
    },
  );
});

describe('quaternions of any length keep their rotation', () => {
  it('[2^-1074, 0, 0, 0] and [2^1000, 0, 0, 0] give exactly the half turn about x of [1, 0, 0, 0]', () => {
    // A half turn about x: x stays, y and z flip. Powers of two scale exactly, on both the one
    // division path (2^-24, 2^40) and the path that first rescales (the others).
    const halfTurn = [1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 1, 2, 3, 1];
    for (const scale of [1, 2 ** -24, 2 ** 40, 5e-324, 2 ** -1022, 2 ** 1000]) {
      const box = new Box([1, 1, 1]).setPose([1, 2, 3], [scale, 0, 0, 0]);
      expect(Array.from(box.transform), `scale ${scale}`).toEqual(halfTurn);
    }
  });

  it('[1e-7, 0, 0, 0], [1e200, 0, 0, 0] and [MAX_VALUE, 0, 0, 0] give the half turn within round-off', () => {
    // Not powers of two: 2 / |q|^2 and the products round, by a few units in the last place.
    const halfTurn = [1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 1, 2, 3, 1];
    for (const scale of [1e-7, 1e200, Number.MAX_VALUE, 3 * 5e-324]) {
      const box = new Box([1, 1, 1]).setPose([1, 2, 3], [scale, 0, 0, 0]);
      halfTurn.forEach((value, i) =>
        expect(Math.abs(box.transform[i]! - value), `scale ${scale}, element ${i}`)
          .toBeLessThanOrEqual(4 * Number.EPSILON)
      );
    }
  });

  it('a quaternion times any power of two gives the very matrix of the quaternion itself', () => {
    const random = new Random(8);
    for (let trial = 0; trial < 50; trial++) {
      const q = random.rotation();
      const unit = Array.from(new Sphere(1).setPose([0, 0, 0], q).transform);
      for (const exponent of [-1000, -500, -24, 30, 900]) {
        const scaled = q.map((component) => component * 2 ** exponent);
        expect(Array.from(new Sphere(1).setPose([0, 0, 0], scaled).transform)).toEqual(unit);
      }
    }
  });

  it("any length from 1e-150 to 1e150: an orthonormal matrix, within round-off of the unit quaternion's", () => {
    // Across the squared lengths 1e-100 and 1e100, where setPose turns from one division to a
    // rescaling first, and far beyond on both sides.
    const random = new Random(27);
    const lengths = [
      1e-150,
      1e-50 * (1 - 1e-15),
      1e-50 * (1 + 1e-15),
      0.3,
      1 - 1e-7,
      1 + 1e-7,
      1e50,
      1e150,
    ];
    for (let trial = 0; trial < 200; trial++) {
      const q = random.rotation();
      const unit = transformFromPose(mat4(), [0, 0, 0], q);
      for (const length of lengths) {
        const m = new Box([1, 1, 1]).setPose([0, 0, 0], q.map((c) => c * length)).transform;
        for (let i = 0; i < 16; i++) {
          expect(Math.abs(m[i]! - unit[i]!), `length ${length}`).toBeLessThan(8 * Number.EPSILON);
        }
        for (let a = 0; a < 3; a++) {
          for (let b = 0; b < 3; b++) {
            const product = m[4 * a]! * m[4 * b]! + m[4 * a + 1]! * m[4 * b + 1]! +
              m[4 * a + 2]! * m[4 * b + 2]!;
            expect(Math.abs(product - (a === b ? 1 : 0))).toBeLessThan(8 * Number.EPSILON);
          }
        }
      }
    }
  });

  it('[1e-7, 2e-7, 3e-7, 4e-7]: the rotation of the normalised quaternion (1, 2, 3, 4) / sqrt(30)', () => {
    const box = new Box([1, 1, 1]).setPose([0, 0, 0], [1e-7, 2e-7, 3e-7, 4e-7]);
    const root = Math.sqrt(30);
    const expected = transformFromPose(mat4(), [0, 0, 0], [1 / root, 2 / root, 3 / root, 4 / root]);
    for (let i = 0; i < 16; i++) expect(box.transform[i]).toBeCloseTo(expected[i]!, 15);
    // By hand (Shoemake's matrix of a unit quaternion): element (0, 0) is 1 - 2 (y^2 + z^2) = 1 - 26/30.
    expect(box.transform[0]).toBeCloseTo(4 / 30, 15);
  });

  it('plane normals of any length give the unit normal of their direction', () => {
    expect(Array.from(new Plane([0, 1e-200, 0], 1).normal)).toEqual([0, 1, 0]);
    expect(Array.from(new HalfSpace([3e300, 0, -4e300], 1).normal)).toEqual([0.6, 0, -0.8]);
  });
});

describe('transforms accepted within RIGID_TOLERANCE are made exactly rigid', () => {
  // A diagonal of 1.00000049 passes the rigidity check (1.00000049^2 - 1 = 9.8e-7 < 1e-6) but
  // would turn a unit normal into one of length 1 + 4.9e-7.
  const stretched = [1.00000049, 0, 0, 0, 0, 1.00000049, 0, 0, 0, 0, 1.00000049, 0, 0, 0.25, 0, 1];

  it('setTransform, setOffset and updateTransform store the orthonormalised rotation', () => {
    const identityAt = (y: number): number[] => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, y, 0, 1];
    expect(Array.from(new Box([1, 1, 1]).setTransform(stretched).transform)).toEqual(
      identityAt(0.25),
    );
    const sphere = new Sphere(1).setOffset(stretched);
    expect(Array.from(sphere.offset)).toEqual(identityAt(0.25));
    sphere.updateTransform(stretched);
    expect(Array.from(sphere.transform)).toEqual(identityAt(0.5));
  });

  it('the normals of contacts stay unit to 1e-12: a plane turned by it, and box contacts with every primitive', () => {
    const plane = new Plane([0, 1, 0], 0).setTransform(stretched);
    expect(Math.abs(Math.hypot(...plane.worldNormal) - 1)).toBeLessThan(1e-12);
    // A random rotation with every element disturbed by up to 1.5e-7 (still accepted as rigid).
    const random = new Random(77);
    const data = new CollisionData({ capacity: 64 });
    let written = 0;
    for (let trial = 0; trial < 100; trial++) {
      const disturbed = Array.from(
        transformFromPose(mat4(), random.vector(3, -0.3, 0.3), random.rotation()),
      );
      for (const i of [0, 1, 2, 4, 5, 6, 8, 9, 10]) disturbed[i]! += random.range(-1.5e-7, 1.5e-7);
      const box = new Box([0.5, 0.4, 0.3]).setTransform(disturbed);
      const others: AnyPrimitive[] = [
        new Box([0.5, 0.5, 0.5]),
        new Sphere(0.5),
        new Plane([0, 1, 0], 0).setTransform(disturbed),
        new HalfSpace([0, 0, 1], 0),
      ];
      for (const other of others) {
        data.reset();
        written += collide(box, other, data);
        for (let i = 0; i < data.contactCount; i++) {
          expect(Math.abs(Math.hypot(...data.contacts[i]!.normal) - 1)).toBeLessThan(1e-12);
        }
      }
    }
    expect(written).toBeGreaterThan(200);
  });
});

/** Every field of a primitive a setter may write, as plain values. */
function snapshot(primitive: AnyPrimitive): unknown {
  const state: Record<string, unknown> = {
    transform: Array.from(primitive.transform),
    offset: Array.from(primitive.offset),
    body: primitive.body,
  };
  if (primitive instanceof Sphere) state.radius = primitive.radius;
  if (primitive instanceof Box) state.halfSize = Array.from(primitive.halfSize);
  if (primitive instanceof Plane || primitive instanceof HalfSpace) {
    Object.assign(state, {
      normal: Array.from(primitive.normal),
      worldNormal: Array.from(primitive.worldNormal),
      planeOffset: primitive.planeOffset,
      worldOffset: primitive.worldOffset,
    });
  }
  return state;
}

describe('a rejected call leaves the primitive exactly as it was', () => {
  const turned = Array.from(
    transformFromPose(mat4(), [1, 2, 3], [0, 0, Math.SQRT1_2, Math.SQRT1_2]),
  );
  const rejectedEverywhere: Array<[string, (primitive: AnyPrimitive) => unknown]> = [
    ['position NaN', (p) => p.setPose([0, Number.NaN, 0], [0, 0, 0, 1])],
    ['position out of range', (p) => p.setPose([1e308, 0, 0], [0, 0, 0, 1])],
    ['position too short', (p) => p.setPose([0, 0], [0, 0, 0, 1])],
    ['position null', (p) => p.setPose(null as unknown as number[], [0, 0, 0, 1])],
    ['zero quaternion', (p) => p.setPose([4, 5, 6], [0, 0, 0, 0])],
    [
      'quaternion with a string',
      (p) => p.setPose([4, 5, 6], [0, 0, '1', 0] as unknown as number[]),
    ],
    ['scaled transform', (p) => p.setTransform([2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])],
    [
      'transform out of range',
      (p) => p.setTransform([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1e300, 0, 0, 1]),
    ],
    ['mirrored offset', (p) => p.setOffset([-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])],
    [
      'sheared body transform',
      (p) => p.updateTransform([1, 0.5, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
    ],
    [
      'body transform putting it out of range',
      (p) => p.updateTransform([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1e75, 1]),
    ],
  ];
  const makers: Array<[string, () => AnyPrimitive, Array<(primitive: AnyPrimitive) => unknown>]> = [
    ['Sphere', () => new Sphere(1), [(p) => {
      (p as Sphere).radius = -1;
    }, (p) => {
      (p as Sphere).radius = 1e76;
    }]],
    ['Box', () => new Box([1, 2, 3]), [
      (p) => (p as Box).setHalfSize([1, 0, 1]),
      (p) => (p as Box).setHalfSize([1, 1, 2e300]),
      (p) => (p as Box).setHalfSize('abc' as unknown as number[]),
    ]],
    ['Plane', () => new Plane([0, 1, 0], 0.5), [
      (p) => (p as Plane).setPlane([0, 0, 0], 1),
      (p) => (p as Plane).setPlane([1, 0, 0], 1e300),
      (p) => (p as Plane).setPlane([1, 0, 0], Number.NaN),
    ]],
    ['HalfSpace', () => new HalfSpace([0, 0, 1], -2), [
      (p) => (p as HalfSpace).setPlane([1, 0], 1),
      (p) => (p as HalfSpace).setPlane([Number.NaN, 0, 1], 0),
    ]],
  ];
  for (const [name, create, own] of makers) {
    it(`${name}: every rejected setter call, after a pose, an offset and a body were set`, () => {
      const primitive = create();
      primitive.body = { name };
      primitive.setOffset([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 9e74, 1]);
      primitive.setTransform(turned);
      const before = snapshot(primitive);
      const attempts = [...rejectedEverywhere.map(([, attempt]) => attempt), ...own];
      for (const attempt of attempts) {
        expect(() => attempt(primitive)).toThrow();
        expect(snapshot(primitive)).toEqual(before);
      }
    });
  }
});

describe('aabb', () => {
  it('read after any number of poses and size changes, equals the box of a shape made at the last', () => {
    // The box is written when read: whatever was set in between, it is that of the final state.
    const random = new Random(51);
    const cloud = [0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 1, 1, 1];
    const pose = (): [number[], number[]] => [
      [random.range(-5, 5), random.range(-5, 5), random.range(-5, 5)],
      random.rotation(),
    ];
    for (let trial = 0; trial < 50; trial++) {
      const [p1, q1] = pose(), [p2, q2] = pose(), [p3, q3] = pose();
      const pairs: Array<[AnyPrimitive, AnyPrimitive]> = [
        [new Sphere(1).setPose(p1, q1), new Sphere(2).setPose(p3, q3)],
        [new Box([1, 2, 3]).setPose(p1, q1), new Box([3, 1, 2]).setPose(p3, q3)],
        [new Capsule(1, 2).setPose(p1, q1), new Capsule(0.5, 3).setPose(p3, q3)],
        [
          ConvexHull.fromPoints(cloud).setPose(p1, q1),
          ConvexHull.fromPoints(cloud).setPose(p3, q3),
        ],
        [new Plane([0, 1, 0], 1).setPose(p1, q1), new Plane([0, 1, 0], 1).setPose(p3, q3)],
      ];
      for (const [shape, fresh] of pairs) {
        const before = Array.from(shape.aabb);
        shape.setPose(p2, q2);
        if (shape instanceof Sphere) shape.radius = 2;
        if (shape instanceof Box) shape.setHalfSize([3, 1, 2]);
        if (shape instanceof Capsule) {
          shape.radius = 0.5;
          shape.halfLength = 3;
        }
        shape.setPose(p3, q3);
        expect(Array.from(shape.aabb)).toEqual(Array.from(fresh.aabb));
        expect(shape.aabb).toBe(shape.aabb);
        if (!(shape instanceof Plane)) expect(Array.from(shape.aabb)).not.toEqual(before);
      }
    }
  });

  it('a sphere: centre -/+ radius, current after setPose and a new radius', () => {
    const sphere = new Sphere(2).setPose([1, 2, 3], [0, 0, 0, 1]);
    expect(Array.from(sphere.aabb)).toEqual([-1, 0, 1, 3, 4, 5]);
    sphere.radius = 1;
    expect(Array.from(sphere.aabb)).toEqual([0, 1, 2, 2, 3, 4]);
  });

  it('a box turned 45 degrees about z: extents (1 + 2) / sqrt(2) in x and y, 3 in z', () => {
    const half = Math.PI / 8;
    const box = new Box([1, 2, 3]).setPose([10, 0, -5], [0, 0, Math.sin(half), Math.cos(half)]);
    const e = 3 / Math.SQRT2;
    const expected = [10 - e, -e, -8, 10 + e, e, -2];
    expected.forEach((value, i) => expect(box.aabb[i]).toBeCloseTo(value, 12));
    box.setHalfSize([1, 1, 1]);
    expect(box.aabb[5]).toBeCloseTo(-4, 12);
    expect(box.aabb[3]).toBeCloseTo(10 + Math.SQRT2, 12);
  });

  it('updateTransform moves it: the body transform times the offset', () => {
    const sphere = new Sphere(0.5).setOffset([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1]);
    sphere.updateTransform([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, 0, 0, 1]);
    expect(Array.from(sphere.aabb)).toEqual([2.5, 0.5, -0.5, 3.5, 1.5, 0.5]);
  });

  it('a half-space along an axis is bounded on its solid side only; a plane on both; tilted, neither', () => {
    const up = new HalfSpace([0, 1, 0], 2);
    expect(Array.from(up.aabb)).toEqual([-Infinity, -Infinity, -Infinity, Infinity, 2, Infinity]);
    up.setPose([0, 3, 0], [0, 0, 0, 1]);
    expect(up.aabb[4]).toBe(5);
    const down = new HalfSpace([0, -1, 0], 2);
    expect(Array.from(down.aabb)).toEqual([-Infinity, -2, -Infinity, Infinity, Infinity, Infinity]);
    const wall = new Plane([1, 0, 0], 4);
    expect(Array.from(wall.aabb)).toEqual([4, -Infinity, -Infinity, 4, Infinity, Infinity]);
    const tilted = new Plane([1, 1, 0], 0);
    expect(Array.from(tilted.aabb)).toEqual([
      -Infinity,
      -Infinity,
      -Infinity,
      Infinity,
      Infinity,
      Infinity,
    ]);
  });
});
