import { describe, expect, it } from 'vitest';
import { Aabb, Chain, Circle, Polygon, Segment, ShapeType2 } from './shapes.js';
import { collide2d } from '../collide2d.js';
import { polygonArea } from '../contours/mass.js';
import { CollisionData2 } from '../manifold/contact2.js';

const square = [[0, 0], [2, 0], [2, 2], [0, 2]];
// L-shape: 2 x 2 square with the top-right 1 x 1 quarter removed; vertex 3 (1, 1) is the reflex corner.
const lShape = [[0, 0], [2, 0], [2, 1], [1, 1], [1, 2], [0, 2]];

function twiceArea(vertices: Float64Array, count: number): number {
  let sum = 0;
  for (let i = 0; i < count; i++) {
    const j = (i + 1) % count;
    sum += vertices[2 * i]! * vertices[2 * j + 1]! - vertices[2 * j]! * vertices[2 * i + 1]!;
  }
  return sum;
}

describe('Polygon', () => {
  it('stores a counter-clockwise input as given, with outward unit normals', () => {
    const polygon = new Polygon(square);
    expect(polygon.count).toBe(4);
    expect(Array.from(polygon.vertices)).toEqual([0, 0, 2, 0, 2, 2, 0, 2]);
    // Edge 0 runs +x along the bottom: outward is -y; edge 1 runs +y on the right: outward +x.
    expect(Array.from(polygon.normals)).toEqual([0, -1, 1, 0, 0, 1, -1, 0]);
    expect(polygon.isConvex).toBe(true);
    expect(polygon.inputWasClockwise).toBe(false);
  });

  it('stores a clockwise input counter-clockwise and maps vertices back to the input', () => {
    const polygon = new Polygon([...square].reverse());
    expect(polygon.inputWasClockwise).toBe(true);
    expect(twiceArea(polygon.vertices, polygon.count)).toBe(8);
    // Input order (0,2), (2,2), (2,0), (0,0): stored vertex 0 is input vertex 3.
    expect(Array.from(polygon.inputIndex)).toEqual([3, 2, 1, 0]);
    expect(Array.from(polygon.vertices)).toEqual([0, 0, 2, 0, 2, 2, 0, 2]);
  });

  it('marks the reflex corner of an L-shape and is not convex', () => {
    const polygon = new Polygon(lShape);
    expect(Array.from(polygon.convexVertex)).toEqual([1, 1, 1, 0, 1, 1]);
    expect(polygon.isConvex).toBe(false);
  });

  it('drops repeated consecutive points and a closing point equal to the first', () => {
    const polygon = new Polygon([[0, 0], [0, 0], [1, 0], [0, 1], [0, 0]]);
    expect(polygon.count).toBe(3);
  });

  it('has the bounding circle about its local origin and the world box of its pose', () => {
    const polygon = new Polygon(square);
    expect(polygon.boundingRadius).toBeCloseTo(Math.SQRT2 * 2, 15);
    polygon.setPose([10, 0], Math.PI / 2);
    // Turned a quarter: local (x, y) -> (-y, x) + (10, 0); the square covers x in [8, 10], y in [0, 2].
    const box = polygon.computeAabb(new Float64Array(4));
    expect(box[0]).toBeCloseTo(8, 12);
    expect(box[1]).toBeCloseTo(0, 12);
    expect(box[2]).toBeCloseTo(10, 12);
    expect(box[3]).toBeCloseTo(2, 12);
  });

  it('rejects fewer than 3 distinct vertices, zero area and non-finite coordinates', () => {
    expect(() => new Polygon([[0, 0], [1, 0], [1, 0]])).toThrow(
      /Polygon\.points must have at least 3 distinct vertices, got 2/,
    );
    expect(() => new Polygon([[0, 0], [1, 1], [2, 2]])).toThrow(/Polygon\.points: zero area/);
    expect(() => new Polygon([[0, 0], [1, 0], [1, Number.NaN]])).toThrow(
      /Polygon\.points\[2\]\[1\] must be a finite number/,
    );
    expect(() => new Polygon([[0, 0], [1, 0], [1]])).toThrow(
      /Polygon\.points\[2\] must have 2 components/,
    );
  });

  it('rejects a self-intersecting outline naming the two edges by input vertex', () => {
    // Bow tie: edge 1 (1,0)->(0,1) crosses edge 3 (1,1)->(0,0).
    expect(() => new Polygon([[0, 0], [1, 0], [0, 1], [1, 1]])).toThrow(
      /self-intersecting outline: edge 1 \(vertex 1 to vertex 2\) crosses edge 3 \(vertex 3 to vertex 0\)/,
    );
    // A spike folding back onto itself at vertex 2.
    expect(() => new Polygon([[0, 0], [2, 0], [3, 0], [1, 0], [0, 2]])).toThrow(
      /folds back.*at vertex 2/,
    );
    // A vertex touching a non-adjacent edge.
    expect(() => new Polygon([[0, 0], [4, 0], [4, 4], [2, 0], [0, 4]])).toThrow(
      /self-intersecting outline/,
    );
  });

  it('finds self-intersections on long outlines through the segment grid', () => {
    const points: number[][] = [];
    for (let i = 0; i < 200; i++) {
      points.push([Math.cos((2 * Math.PI * i) / 200), Math.sin((2 * Math.PI * i) / 200)]);
    }
    expect(new Polygon(points).grid).not.toBeNull();
    // Swap two far-apart vertices: the outline then crosses itself.
    const crossed = points.slice();
    [crossed[10], crossed[110]] = [crossed[110]!, crossed[10]!];
    expect(() => new Polygon(crossed)).toThrow(/self-intersecting outline/);
  });

  it('decomposes a concave polygon into convex pieces covering its area with every outline edge once', () => {
    const comb: number[][] = [[0, 0], [7, 0], [7, 3]];
    for (let k = 3; k >= 0; k--) {
      comb.push([2 * k + 0.5, 3], [2 * k + 0.5, 1], [2 * k - 0.5 < 0 ? 0 : 2 * k - 0.5, 1]);
    }
    comb.pop();
    comb.push([0, 3]);
    const polygon = new Polygon(comb);
    const pieces = polygon.convexPieces();
    expect(pieces.length).toBeGreaterThan(1);
    let area = 0;
    const outerSeen = new Array<number>(polygon.count).fill(0);
    for (const piece of pieces) {
      area += twiceArea(piece.vertices, piece.count);
      for (let k = 0; k < piece.count; k++) {
        const a = k, b = (k + 1) % piece.count, c = (k + 2) % piece.count;
        const cross = (piece.vertices[2 * b]! - piece.vertices[2 * a]!) *
            (piece.vertices[2 * c + 1]! - piece.vertices[2 * b + 1]!) -
          (piece.vertices[2 * b + 1]! - piece.vertices[2 * a + 1]!) *
            (piece.vertices[2 * c]! - piece.vertices[2 * b]!);
        expect(cross).toBeGreaterThanOrEqual(0);
        if (piece.outerEdge[k]! >= 0) outerSeen[piece.outerEdge[k]!]!++;
      }
    }
    expect(area).toBeCloseTo(twiceArea(polygon.vertices, polygon.count), 12);
    expect(outerSeen).toEqual(new Array<number>(polygon.count).fill(1));
  });

  it('gives each piece its vertices and edge normals side by side in packed', () => {
    for (const polygon of [new Polygon(lShape), new Polygon(square)]) {
      for (const piece of polygon.convexPieces()) {
        const expected: number[] = [];
        for (let i = 0; i < piece.count; i++) {
          expected.push(
            piece.vertices[2 * i]!,
            piece.vertices[2 * i + 1]!,
            piece.normals[2 * i]!,
            piece.normals[2 * i + 1]!,
          );
        }
        expect(Array.from(piece.packed)).toEqual(expected);
        // The normals are the unit outward normals of the edges: (dy, -dx) / length, counter-clockwise.
        for (let i = 0; i < piece.count; i++) {
          const j = (i + 1) % piece.count;
          const dx = piece.vertices[2 * j]! - piece.vertices[2 * i]!,
            dy = piece.vertices[2 * j + 1]! - piece.vertices[2 * i + 1]!;
          const length = Math.hypot(dx, dy);
          expect(piece.packed[4 * i + 2]).toBeCloseTo(dy / length, 12);
          expect(piece.packed[4 * i + 3]).toBeCloseTo(-dx / length, 12);
        }
      }
    }
  });

  it('is its own single piece when convex', () => {
    const pieces = new Polygon(square).convexPieces();
    expect(pieces.length).toBe(1);
    expect(Array.from(pieces[0]!.outerEdge)).toEqual([0, 1, 2, 3]);
  });

  it("keeps each convex polygon's packed data its own while polygons made in a row share slabs", () => {
    // Enough polygons of up to 64 vertices to fill several slabs and cross their ends.
    const polygons = Array.from({ length: 200 }, (_, k) => {
      const n = 3 + (k % 62);
      const points = Array.from(
        { length: n },
        (_, i) => [Math.cos((2 * Math.PI * i) / n), Math.sin((2 * Math.PI * i) / n)],
      );
      return new Polygon(points);
    });
    const expected = (polygon: Polygon, k: number): number[] => {
      const values = [Math.cos(k), Math.sin(k), k, -k, polygon.boundingRadius];
      const piece = polygon.convexPieces()[0]!;
      values.push(piece.centerX, piece.centerY, piece.radius);
      for (let i = 0; i < polygon.count; i++) {
        values.push(
          polygon.vertices[2 * i]!,
          polygon.vertices[2 * i + 1]!,
          polygon.normals[2 * i]!,
          polygon.normals[2 * i + 1]!,
        );
      }
      return values;
    };
    polygons.forEach((polygon, k) => polygon.setPose([k, -k], k));
    polygons.forEach((polygon, k) => {
      expect(polygon.packed.length).toBe(8 + 4 * polygon.count);
      expect(Array.from(polygon.packed)).toEqual(expected(polygon, k));
    });
    expect(new Polygon(lShape).packed.length).toBe(0);
  });
});

/**
 * FINDINGS.md F1 (the outline the adversarial suite found): a convex outline with vertices put on
 * its sides, as tile outlines and simplified traces have; edges 22 and 24 lie on one line, apart
 * by the 7.7e-4 long edge 23. Simple at every scale.
 */
const F1_OUTLINE: [number, number][] = [
  [1.495134716300297, 0.8747486646869402],
  [0.9640904457167244, 1.2962238368025407],
  [0.9229350789242159, 1.3164397764032731],
  [0.8817797121317072, 1.3366557160040056],
  [0.16825202019478447, 1.427407897176544],
  [-0.367645571689545, 1.4955676559331994],
  [-0.6632367633234411, 1.3972617506830487],
  [-0.8586488151516727, 1.3322728092143314],
  [-0.9588279549573371, 1.298955845432898],
  [-1.273790411800263, 1.024612514915313],
  [-1.5887528686431889, 0.7502691843977279],
  [-1.736228675320658, -0.46833760541928865],
  [-1.5585590237745737, -0.7330168311868162],
  [-1.4645153312791903, -0.873116231964563],
  [-1.3808893722284892, -0.9976960569543438],
  [-1.2770812832833331, -1.0834287887553247],
  [-1.1732731943381771, -1.1691615205563057],
  [-0.9414482883853139, -1.28789505214989],
  [-0.7096233824324508, -1.4066285837434744],
  [0.050356708168256104, -1.3873006126555363],
  [0.810336798768963, -1.3679726415675981],
  [0.8187550391992566, -1.364339205295013],
  [0.8614783575064662, -1.345899193310561],
  [1.1780945934809732, -0.23631801975086852],
  [1.1783065369033816, -0.23557526431181053],
];

describe('FINDINGS.md F1: Polygon refuses a simple outline with collinear vertices, depending on its scale', () => {
  for (const scale of [1e-3, 1, 1e3]) {
    for (const offset of [0, 1e5]) {
      for (const reversed of [false, true]) {
        const where = `x ${scale}${offset ? ', moved to 1e5' : ''}, ${
          reversed ? 'clockwise' : 'counter-clockwise'
        }`;
        const place = (points: [number, number][]): number[][] => {
          const placed = points.map(([x, y]) => [x * scale + offset, y * scale + offset]);
          return reversed ? placed.reverse() : placed;
        };
        it(`accepts it ${where}, as one convex piece of its area`, () => {
          const points = place(F1_OUTLINE);
          const polygon = new Polygon(points);
          expect(polygon.count).toBe(25);
          expect(polygon.inputWasClockwise).toBe(reversed);
          expect(polygon.isConvex).toBe(true);
          expect(polygon.convexPieces().length).toBe(1);
          // Every vertex kept: the stored outline's area (shoelace, about the first point, so
          // that the offset does not swamp it) is the unscaled outline's, times scale^2.
          const shoelace = (flat: ArrayLike<number>): number => {
            let twice = 0;
            for (let i = 0; i < flat.length / 2; i++) {
              const j = (i + 1) % (flat.length / 2);
              twice += (flat[2 * i]! - flat[0]!) * (flat[2 * j + 1]! - flat[1]!) -
                (flat[2 * j]! - flat[0]!) * (flat[2 * i + 1]! - flat[1]!);
            }
            return twice / 2;
          };
          const unscaled = shoelace(F1_OUTLINE.flat());
          expect(unscaled).toBeGreaterThan(7);
          expect(shoelace(polygon.vertices) / scale ** 2 / unscaled).toBeCloseTo(1, 6);
        });
        it(`refuses it ${where} with two far vertices swapped (crossing edges), naming them`, () => {
          const crossed = F1_OUTLINE.slice();
          [crossed[3], crossed[20]] = [crossed[20]!, crossed[3]!];
          // The caller's edge numbers: edges 3 and 19, or 4 and 20 counted from the other end.
          const named = reversed
            ? /self-intersecting outline: edge 4 \(vertex 4 to vertex 5\) crosses edge 20 \(vertex 20 to vertex 21\)/
            : /self-intersecting outline: edge 3 \(vertex 3 to vertex 4\) crosses edge 19 \(vertex 19 to vertex 20\)/;
          expect(() => new Polygon(place(crossed))).toThrow(named);
        });
      }
    }
  }
});

describe('Circle, Chain, Segment, Aabb', () => {
  it('validates a circle radius and a pose', () => {
    expect(() => new Circle(0)).toThrow(/Circle\.radius must be greater than 0, got 0/);
    const circle = new Circle(1);
    expect(circle.setPose([1, 2], 0)).toBe(circle);
    expect(Array.from(circle.aabb)).toEqual([0, 1, 2, 3]);
    expect(() => circle.setPose([1, Number.POSITIVE_INFINITY], 0)).toThrow(/Circle\.position\[1\]/);
    expect(() => circle.setPose([1, 2], Number.NaN)).toThrow(/Circle\.angle must be finite/);
  });

  it('gives a chain left normals and at least two distinct points', () => {
    const chain = new Chain([[0, 0], [1, 0], [1, 1]]);
    expect(chain.segmentCount).toBe(2);
    // Segment 0 runs +x: left is +y; segment 1 runs +y: left is -x.
    expect(Array.from(chain.normals)).toEqual([0, 1, -1, 0]);
    expect(() => new Chain([[0, 0], [0, 0]])).toThrow(
      /Chain\.points must have at least 2 distinct points, got 1/,
    );
  });

  it('makes a segment a two-point chain', () => {
    const segment = new Segment([0, 0], [0, 2]);
    expect(segment.shapeType).toBe(ShapeType2.Segment);
    expect(segment.segmentCount).toBe(1);
    expect(segment.boundingRadius).toBe(2);
    expect(() => new Segment([1, 1], [1, 1])).toThrow(
      /Segment\.points must have at least 2 distinct points/,
    );
  });

  it('makes an Aabb a four-vertex polygon that stays axis aligned', () => {
    const box = new Aabb([-1, -2], [1, 2]);
    expect(box.shapeType).toBe(ShapeType2.Aabb);
    expect(Array.from(box.vertices)).toEqual([-1, -2, 1, -2, 1, 2, -1, 2]);
    box.setPose([5, 5], 0);
    expect(Array.from(box.aabb)).toEqual([4, 3, 6, 7]);
    expect(() => box.setPose([0, 0], 0.1)).toThrow(/Aabb\.angle must be 0.*0\.1/);
    expect(() => new Aabb([0, 0], [0, 1])).toThrow(
      /Aabb\.min\[0\] must be less than Aabb\.max\[0\], got 0 and 0/,
    );
  });

  it('numbers shapes so that pair detectors can order them', () => {
    const a = new Circle(1), b = new Circle(1);
    expect(b.id).toBeGreaterThan(a.id);
  });
});

describe('the range of coordinates and sizes (MAX_COORDINATE = 1e75)', () => {
  const outside = (field: string, value: string, within = ''): RangeError =>
    new RangeError(
      `${field} is outside the supported range of coordinates and sizes, magnitude at most 1e+75 ` +
        `(MAX_COORDINATE): got ${value}${within}`,
    );

  it('a square of side 2e300 is refused for its range, not as "zero area (collinear)"', () => {
    expect(() => new Polygon([[0, 0], [2e300, 0], [2e300, 2e300], [0, 2e300]])).toThrow(
      outside('Polygon.points[1][0]', '2e+300', ' in [2e+300, 0]'),
    );
    // At the edge of the range the same square is a square.
    const big = new Polygon([[0, 0], [1e75, 0], [1e75, 1e75], [0, 1e75]]);
    expect(big.count).toBe(4);
    expect(big.isConvex).toBe(true);
  });

  it(
    'a square of side 2e-200 is refused as "zero area" (issue 21): refused for its size, naming ' +
      'the range 1e-150 to 1e75',
    () => {
      // Its area, 4e-400, underflows to 0: the polygon is refused for being below MIN_SIZE.
      expect(() => new Polygon([[0, 0], [2e-200, 0], [2e-200, 2e-200], [0, 2e-200]])).toThrow(
        new RangeError(
          'Polygon.points: size 2e-200 is below the smallest supported size: an extent from 1e-150 ' +
            '(MIN_SIZE) to 1e+75 (MAX_COORDINATE) is supported',
        ),
      );
      // The size is the extent of the outline, wherever it lies (here about 1e-160 across at
      // 1e-150).
      const a = 1e-150, b = 1e-150 + 1e-160;
      expect(() => new Polygon([[a, a], [b, a], [b, b], [a, b]])).toThrow(
        /size \d\.\d*e-16[01] is below the smallest supported size/,
      );
      // At the edge of the range a square is a square, with its area and a contact.
      for (const side of [2e-150, 1e-60]) {
        const small = new Polygon([[0, 0], [side, 0], [side, side], [0, side]]);
        expect(small.isConvex).toBe(true);
        expect(polygonArea([[0, 0], [side, 0], [side, side], [0, side]]) / side ** 2).toBeCloseTo(
          1,
          12,
        );
        const data = new CollisionData2();
        const ball = new Circle(side / 2).setPose([side / 2, side * 1.4], 0);
        expect(collide2d(ball, small, data)).toBe(1);
        expect(data.contacts[0]!.penetration / side).toBeCloseTo(0.1, 12);
      }
    },
  );

  it('circles, poses, chains and boxes beyond it are refused with the field and the value', () => {
    expect(() => new Circle(1e308)).toThrow(outside('Circle.radius', '1e+308'));
    expect(() => new Circle(1).setPose([1e308, -1e308], 0)).toThrow(
      outside('Circle.position[0]', '1e+308', ' in [1e+308, -1e+308]'),
    );
    expect(() => new Chain([[0, 0], [0, -2e75]])).toThrow(
      outside('Chain.points[1][1]', '-2e+75', ' in [0, -2e+75]'),
    );
    expect(() => new Aabb([0, 0], [1e76, 1])).toThrow(
      outside('Aabb.max[0]', '1e+76', ' in [1e+76, 1]'),
    );
    expect(new Circle(1e75).setPose([-1e75, 1e75], 0).aabb[0]).toBe(-2e75);
  });
});

/** Every field of a 2D shape that `setPose` may write, as plain values. */
function poseState(shape: Circle | Polygon | Chain): unknown {
  const packed = 'packed' in shape ? Array.from(shape.packed) : [];
  const { x, y, angle, cos, sin } = shape.transform;
  return { x, y, angle, cos, sin, aabb: Array.from(shape.aabb), packed, body: shape.body };
}

describe('a rejected setPose leaves the shape exactly as it was', () => {
  const shapes: Array<[string, () => Circle | Polygon | Chain]> = [
    ['Circle', () => new Circle(0.5)],
    ['Polygon (convex, with packed data)', () => new Polygon(square)],
    ['Polygon (concave)', () => new Polygon(lShape)],
    ['Chain', () => new Chain([[0, 0], [1, 0], [1, 1]])],
    ['Aabb', () => new Aabb([-1, -1], [1, 1])],
  ];
  for (const [name, create] of shapes) {
    it(name, () => {
      const shape = create();
      shape.body = { name };
      shape.setPose([3, -4], shape instanceof Aabb ? 0 : 0.7);
      const before = poseState(shape);
      const attempts: Array<() => unknown> = [
        () => shape.setPose([Number.NaN, 0], 0),
        () => shape.setPose([1e308, 0], 0),
        () => shape.setPose([0, 0, 0], 0),
        () => shape.setPose(null as unknown as number[], 0),
        () => shape.setPose(['1', 0] as unknown as number[], 0),
        () => shape.setPose([0, 0], Number.POSITIVE_INFINITY),
        () => shape.setPose([0, 0], '1' as unknown as number),
      ];
      if (shape instanceof Aabb) attempts.push(() => shape.setPose([0, 0], 0.1));
      for (const attempt of attempts) {
        expect(attempt).toThrow();
        expect(poseState(shape)).toEqual(before);
      }
    });
  }
});
