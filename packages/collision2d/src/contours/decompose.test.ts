import { describe, expect, it } from 'vitest';
import { mulberry32, Random } from '@contactkit/test-support';
import { Polygon } from '../shapes/shapes.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';
import { decomposeConvex, triangulate } from './decompose.js';

function loopArea(vertices: Float64Array, loop: number[]): number {
  let sum = 0;
  for (let k = 0; k < loop.length; k++) {
    const i = loop[k]!, j = loop[(k + 1) % loop.length]!;
    sum += vertices[2 * i]! * vertices[2 * j + 1]! - vertices[2 * j]! * vertices[2 * i + 1]!;
  }
  return sum / 2;
}

/** Whether a loop turns left or goes straight at every vertex (within 1e-12 of `area`, or of 1). */
function isConvex(vertices: Float64Array, loop: number[], area = 1): boolean {
  for (let k = 0; k < loop.length; k++) {
    const a = loop[k]!, b = loop[(k + 1) % loop.length]!, c = loop[(k + 2) % loop.length]!;
    const cross =
      (vertices[2 * b]! - vertices[2 * a]!) * (vertices[2 * c + 1]! - vertices[2 * b + 1]!) -
      (vertices[2 * b + 1]! - vertices[2 * a + 1]!) * (vertices[2 * c]! - vertices[2 * b]!);
    if (cross < -1e-12 * area) return false;
  }
  return true;
}

describe('convex decomposition', () => {
  it('splits an L into two convex pieces and keeps a square whole', () => {
    // L-shape, area 3: one diagonal from the reflex corner suffices.
    const l = Float64Array.from([0, 0, 2, 0, 2, 1, 1, 1, 1, 2, 0, 2]);
    expect(triangulate(l, 6).length).toBe(4);
    const pieces = decomposeConvex(l, 6);
    expect(pieces.length).toBe(2);
    expect(pieces.reduce((sum, piece) => sum + loopArea(l, piece), 0)).toBeCloseTo(3, 14);
    const square = Float64Array.from([0, 0, 1, 0, 1, 1, 0, 1]);
    // Two ear triangles, merged back across their diagonal into the whole square.
    const squarePieces = decomposeConvex(square, 4);
    expect(squarePieces.length).toBe(1);
    expect([...squarePieces[0]!].sort()).toEqual([0, 1, 2, 3]);
  });

  it('covers random star-shaped polygons with convex pieces of the same total area', () => {
    const random = mulberry32(12);
    for (let n = 0; n < 200; n++) {
      const count = 5 + Math.floor(random() * 30);
      const vertices = new Float64Array(2 * count);
      let area = 0;
      for (let i = 0; i < count; i++) {
        const angle = (2 * Math.PI * (i + 0.7 * random())) / count, radius = 0.2 + random();
        vertices[2 * i] = radius * Math.cos(angle);
        vertices[2 * i + 1] = radius * Math.sin(angle);
      }
      for (let i = 0; i < count; i++) {
        const j = (i + 1) % count;
        area +=
          (vertices[2 * i]! * vertices[2 * j + 1]! - vertices[2 * j]! * vertices[2 * i + 1]!) / 2;
      }
      const pieces = decomposeConvex(vertices, count);
      let total = 0;
      for (const piece of pieces) {
        expect(isConvex(vertices, piece)).toBe(true);
        total += loopArea(vertices, piece);
      }
      expect(total).toBeCloseTo(area, 10);
      // Ear clipping gives count - 2 triangles; merging can only lower the count.
      expect(pieces.length).toBeLessThanOrEqual(count - 2);
    }
  });
});

/** The hostile outlines of issue 21 (counter-clockwise, `count` about `n`), by name. */
function hostile(name: string, n: number, random: () => number): number[] {
  const points: number[] = [];
  if (name === 'spiky star') {
    for (let i = 0; i < n; i++) {
      const angle = (2 * Math.PI * (i + 0.8 * random())) / n, radius = 0.3 + random();
      points.push(radius * Math.cos(angle), radius * Math.sin(angle));
    }
  } else if (name === 'spiral') {
    // A band wound three times round: the outer side out, the inner side back, 0.3 wide.
    const half = Math.floor(n / 2);
    for (let i = 0; i < half; i++) {
      const angle = (6 * Math.PI * i) / half, radius = 1 + angle / 2;
      points.push(radius * Math.cos(angle), radius * Math.sin(angle));
    }
    for (let i = half - 1; i >= 0; i--) {
      const angle = (6 * Math.PI * i) / half, radius = 0.7 + angle / 2;
      points.push(radius * Math.cos(angle), radius * Math.sin(angle));
    }
  } else if (name === 'comb') {
    // Teeth 0.5 wide and 10 long on a base, every side split in collinear vertices.
    const teeth = Math.max(2, Math.floor(n / 8));
    points.push(0, -1, teeth, -1);
    for (let t = teeth - 1; t >= 0; t--) {
      points.push(t + 1, 0, t + 1, 5, t + 1, 10, t + 0.5, 10, t + 0.5, 5, t + 0.5, 0);
    }
  } else if (name === 'staircase') {
    // A traced staircase: unit steps, a vertex at every pixel corner (runs of collinear vertices).
    const steps = Math.max(2, Math.floor(n / 4));
    points.push(0, 0);
    for (let s = 0; s < steps; s++) points.push(s + 1, s, s + 1, s + 1);
    for (let k = steps; k > 0; k--) points.push(0, k);
  } else {
    // Slivers: a thin fan of needles 1e-6 wide, with near-duplicate vertices (1e-12 apart) at
    // their bases.
    const needles = Math.max(2, Math.floor(n / 4));
    points.push(0, -1);
    for (let k = 0; k < needles; k++) {
      const x = k / needles;
      points.push(x, 0, x + 1e-12, 0, x + 0.5 / needles, 1 + random(), x + 0.5 / needles + 1e-6, 1);
    }
    points.push(1, 0, 1, -1);
    // Built clockwise: reversed.
    const reversed: number[] = [];
    for (let k = points.length - 2; k >= 0; k -= 2) reversed.push(points[k]!, points[k + 1]!);
    return reversed;
  }
  return points;
}

describe('convex decomposition of hostile outlines (issue 21: building a long concave polygon is quadratic)', () => {
  for (const name of ['spiky star', 'spiral', 'comb', 'staircase', 'slivers']) {
    for (const scale of [1e-3, 1, 1e3]) {
      it(
        `${name} x ${scale}: convex pieces covering it once, every outline edge in one piece, ` +
          'every internal edge in two',
        () => {
          const random = mulberry32(2151);
          const flat = hostile(name, 400, random).map((v) => v * scale);
          const vertices = Float64Array.from(flat), count = flat.length / 2;
          let area = 0;
          for (let i = 0; i < count; i++) {
            const j = (i + 1) % count;
            area +=
              (vertices[2 * i]! * vertices[2 * j + 1]! - vertices[2 * j]! * vertices[2 * i + 1]!) /
              2;
          }
          expect(area).toBeGreaterThan(0);
          const pieces = decomposeConvex(vertices, count);
          const edges = new Map<string, number>();
          const seen = new Set<number>();
          let total = 0;
          for (const piece of pieces) {
            expect(isConvex(vertices, piece, area)).toBe(true);
            total += loopArea(vertices, piece);
            for (let k = 0; k < piece.length; k++) {
              const u = piece[k]!, v = piece[(k + 1) % piece.length]!;
              seen.add(u);
              edges.set(`${u},${v}`, (edges.get(`${u},${v}`) ?? 0) + 1);
            }
          }
          expect(total / area).toBeCloseTo(1, 9);
          expect(seen.size).toBe(count);
          for (const [key, times] of edges) {
            const [u, v] = key.split(',').map(Number);
            expect(times).toBe(1);
            // An outline edge (u to u + 1) once; any other edge also the other way, in a neighbour.
            if (v !== (u! + 1) % count) expect(edges.get(`${v},${u}`)).toBe(1);
          }
          for (let i = 0; i < count; i++) expect(edges.get(`${i},${(i + 1) % count}`)).toBe(1);
        },
      );
    }
  }

  it('counts: triangulating 100,000 vertices takes O(n log n) comparisons (a spiky star, a spiral, a comb)', () => {
    // Work measured by the sweep's comparisons, not by time. An ear clipper tests each ear
    // against the vertices in its box: on the spiky star about n^2 / 10 of them.
    for (const name of ['spiky star', 'spiral', 'comb']) {
      for (const n of [1_000, 100_000]) {
        const flat = hostile(name, n, mulberry32(2152));
        let comparisons = 0;
        const triangles = triangulate(
          Float64Array.from(flat),
          flat.length / 2,
          () => comparisons++,
        );
        expect(triangles.length).toBeGreaterThan(flat.length / 2 - 2 - flat.length / 4);
        expect(comparisons).toBeLessThan(4 * n * Math.log2(n));
      }
    }
  });
});

/** A double as an exact integer: the value times 2^1074 (every finite double is a multiple of 2^-1074). */
function exact(value: number): bigint {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const bits = view.getBigUint64(0);
  const exponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & 0xfffffffffffffn;
  const magnitude = exponent === 0 ? fraction : (fraction | (1n << 52n)) << BigInt(exponent - 1);
  return bits >> 63n ? -magnitude : magnitude;
}

/**
 * Checks, in exact integer arithmetic (no rounding to hide a wrong sign), that `pieces` is a
 * convex decomposition of the outline: every piece turns left or goes straight at each vertex
 * (a right turn only where rounding of the coordinates can make one: at most
 * 8 * Number.EPSILON * m * (|b - a|_1 + |c - b|_1), m the largest coordinate of the three, the
 * band of `corners.ts`) and has positive area, the pieces' areas sum to the outline's exactly,
 * every outline edge `i -> i + 1` is in exactly one piece and every other piece edge is in two
 * (once each way).
 */
function checkDecomposition(vertices: Float64Array, count: number, pieces: number[][]): void {
  const xs: bigint[] = [], ys: bigint[] = [];
  for (let i = 0; i < count; i++) {
    xs.push(exact(vertices[2 * i]!)), ys.push(exact(vertices[2 * i + 1]!));
  }
  const twiceArea = (loop: number[]): bigint => {
    let sum = 0n;
    for (let k = 0; k < loop.length; k++) {
      const i = loop[k]!, j = loop[(k + 1) % loop.length]!;
      sum += xs[i]! * ys[j]! - xs[j]! * ys[i]!;
    }
    return sum;
  };
  const outline = Array.from({ length: count }, (_, i) => i);
  let total = 0n;
  const edges = new Map<number, number>();
  for (const piece of pieces) {
    const area = twiceArea(piece);
    expect(area > 0n).toBe(true);
    total += area;
    for (let k = 0; k < piece.length; k++) {
      const a = piece[k]!, b = piece[(k + 1) % piece.length]!, c = piece[(k + 2) % piece.length]!;
      const turn = (xs[b]! - xs[a]!) * (ys[c]! - ys[a]!) - (ys[b]! - ys[a]!) * (xs[c]! - xs[a]!);
      if (turn < 0n) {
        const coordinates = [a, b, c].flatMap((i) => [vertices[2 * i]!, vertices[2 * i + 1]!]);
        const [ax, ay, bx, by, cx, cy] = coordinates as [
          number,
          number,
          number,
          number,
          number,
          number,
        ];
        const m = Math.max(...coordinates.map(Math.abs));
        const band = 8 * Number.EPSILON * m *
          (Math.abs(bx - ax) + Math.abs(by - ay) + Math.abs(cx - bx) + Math.abs(cy - by));
        // turn is in units of 2^-2148, exact(band) in units of 2^-1074.
        expect(-turn <= exact(band) << 1074n).toBe(true);
      }
      edges.set(a * count + b, (edges.get(a * count + b) ?? 0) + 1);
    }
  }
  expect(total).toBe(twiceArea(outline));
  for (const [key, times] of edges) {
    const u = Math.floor(key / count), v = key % count;
    expect(times).toBe(1);
    if (v !== (u + 1) % count) expect(edges.get(v * count + u)).toBe(1);
  }
  for (let i = 0; i < count; i++) expect(edges.get(i * count + ((i + 1) % count))).toBe(1);
}

/**
 * Hostile outlines for the decomposition, as points (either orientation; the Polygon
 * constructor orders them): convex and star-shaped outlines with points put on their sides
 * (rounded, so a hair off the line either way, or exactly on it on axis-parallel sides), nudged
 * a few ulps off the line, or a hair from a corner (duplicate-ish), and staircases (every other
 * side horizontal) with points on their steps.
 */
function collinearOutline(random: Random): number[][] {
  const kind = random.int(4);
  let corners: number[][];
  if (kind === 3) {
    // A staircase: up-right steps, then back along a straight (or stepped) top.
    const steps = 1 + random.int(6);
    corners = [[0, 0]];
    let x = 0, y = 0;
    for (let k = 0; k < steps; k++) {
      x += 1 + random.int(3);
      corners.push([x, y]);
      y += 1 + random.int(3);
      corners.push([x, y]);
    }
    if (random.chance(0.5)) corners.push([0, y]);
    else corners.push([x / 2, y], [x / 2, y + 1], [0, y + 1]);
  } else {
    const n = 3 + random.int(6);
    const angles = Array.from({ length: n }, () => random.range(0, 2 * Math.PI)).sort((a, b) =>
      a - b
    );
    const star = kind === 2;
    corners = angles.map((t) => {
      const r = star ? random.range(0.2, 1) : 1;
      return random.chance(0.2)
        ? [Math.round(2 * r * Math.cos(t) * 4) / 4, Math.round(r * Math.sin(t) * 4) / 4]
        : [2 * r * Math.cos(t), r * Math.sin(t)];
    });
  }
  const points: number[][] = [];
  for (let i = 0; i < corners.length; i++) {
    const p = corners[i]!, q = corners[(i + 1) % corners.length]!;
    points.push(p);
    const along = Array.from(
      { length: random.int(3) },
      () => random.pick([random.next(), 0.5, 1e-9, 1 - 1e-9]),
    ).sort((a, b) => a - b);
    for (const s of along) {
      let x = p[0]! + s * (q[0]! - p[0]!), y = p[1]! + s * (q[1]! - p[1]!);
      if (kind === 1) {
        // A few ulps off the line, either way.
        x += random.sign() * Math.abs(x) * 2.3e-16 * random.int(4);
        y += random.sign() * Math.abs(y) * 2.3e-16 * random.int(4);
      }
      points.push([x, y]);
    }
  }
  return points;
}

describe(
  'convex decomposition of outlines with collinear vertices (issue 21 regression: the ' +
    "monotone triangulation's pieces do not cover a convex polygon with collinear vertices)",
  () => {
    it(
      'covers the first failing ellipse polygon (a vertex a hair inside its side: the flat ' +
        'triangle was emitted clockwise)',
      () => {
        const points = [
          [0.24506425705786603, 0.9924645472147451],
          [-0.5432017558960797, 0.6792580047319867],
          [-1.9889876760330578, 0.1047950673798814],
          [0.4347680455399698, -0.9760861573879319],
          [0.8741084279822584, -0.8896969433858829],
          [1.0114895069123526, -0.8626831656822518],
          [1.6732171088195755, -0.4998031094890173],
          [1.811194507880415, -0.42413867267198735],
        ];
        const vertices = Float64Array.from(points.flat());
        // Every vertex taken as a corner: vertex 4 turns right by 2.8e-17 (the rounded midpoint
        // lies inside the side), which the decisions on the size-relative grid take as straight
        // (FINDINGS.md F10: the pieces must not hang on such rounding), so it is one piece, and
        // still a cover with each vertex once.
        const exactPieces = decomposeConvex(vertices, 8, new Uint8Array(8).fill(1));
        checkDecomposition(vertices, 8, exactPieces);
        for (const piece of exactPieces) expect(new Set(piece).size).toBe(piece.length);
        expect(exactPieces.length).toBe(1);
        // By its corners (corners.ts), vertex 4 lies on its side up to rounding: one piece, the
        // polygon itself (FINDINGS.md F3: a convex polygon with vertices on its sides is convex).
        const pieces = decomposeConvex(vertices, 8);
        checkDecomposition(vertices, 8, pieces);
        expect(pieces.map((loop) => [...loop].sort((a, b) => a - b))).toEqual([[
          0,
          1,
          2,
          3,
          4,
          5,
          6,
          7,
        ]]);
        expect(new Polygon(points).isConvex).toBe(true);
      },
    );

    it(
      'covers polygon B (two sides with a midpoint each; it was one piece with a repeated vertex ' +
        'and half the area)',
      () => {
        const points = [
          [14.595670919930779, 2.1979304255082197],
          [-0.15290099944729824, 1.0866393803036356],
          [-14.901472918825375, -0.024651664900948386],
          [-6.790829798846739, -5.443161575799824],
          [1.3198133211318954, -10.861671486698699],
          [7.957742120531337, -4.331870530595239],
        ];
        const polygon = new Polygon(points);
        const vertices = polygon.vertices, count = polygon.count;
        const pieces = decomposeConvex(vertices, count);
        checkDecomposition(vertices, count, pieces);
        for (const piece of pieces) expect(new Set(piece).size).toBe(piece.length);
        // The shoelace area by hand of the points (no piece involved): the pieces of the
        // constructed polygon add up to it.
        let area = 0;
        for (let i = 0; i < 6; i++) {
          const [ax, ay] = points[i]!, [bx, by] = points[(i + 1) % 6]!;
          area += (ax! * by! - bx! * ay!) / 2;
        }
        let piecesArea = 0;
        for (const piece of polygon.convexPieces()) {
          for (let k = 0; k < piece.count; k++) {
            const j = (k + 1) % piece.count;
            piecesArea += (piece.vertices[2 * k]! * piece.vertices[2 * j + 1]! -
              piece.vertices[2 * j]! * piece.vertices[2 * k + 1]!) / 2;
          }
        }
        expect(piecesArea / area).toBeCloseTo(1, 9);
      },
    );

    it(
      `convex pieces cover ${PROPERTY_RUNS} convex, star and staircase outlines with collinear, ` +
        'near-collinear and duplicate-ish vertices, sizes 1e-3 to 1e3, offsets near 1e5',
      () => {
        const random = new Random(2153);
        let accepted = 0;
        for (let run = 0; run < PROPERTY_RUNS; run++) {
          const scale = random.pick([1e-3, 1, 1e3]);
          const offset = random.chance(0.3)
            ? [1e5 + random.range(-10, 10), 1e5 - random.range(-10, 10)]
            : [0, 0];
          const points = collinearOutline(random).map((
            [x, y],
          ) => [x! * scale + offset[0]!, y! * scale + offset[1]!]);
          let polygon: Polygon;
          try {
            polygon = new Polygon(points);
          } catch (error) {
            // Rounding to the offset's grid can fold a duplicate-ish vertex back (about one in
            // seven): rejected as such.
            expect(error).toBeInstanceOf(RangeError);
            continue;
          }
          accepted++;
          checkDecomposition(
            polygon.vertices,
            polygon.count,
            decomposeConvex(polygon.vertices, polygon.count),
          );
        }
        expect(accepted).toBeGreaterThan(0.8 * PROPERTY_RUNS);
      },
      PROPERTY_TIMEOUT,
    );
  },
);
