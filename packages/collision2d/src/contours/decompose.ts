/**
 * Convex decomposition of a simple counter-clockwise polygon: a triangulation in O(n log n)
 * (the polygon split into y-monotone pieces by a sweep, each piece triangulated in linear time:
 * de Berg et al., Computational Geometry, 3rd ed., 3.2 and 3.3), then the Hertel-Mehlhorn pass
 * that removes every diagonal whose two sides merge into a convex piece (at most four times the
 * optimal number of pieces), then outline vertices left out of every triangle (in line with their
 * neighbours, in flat triangles) put back on their edges, so that every piece edge on the outline
 * is one outline edge. Runs once per concave polygon, outside the hot path, so it uses plain
 * arrays and maps.
 *
 * Why not ear clipping (earcut, or the grid-assisted clipper this replaces): an ear test looks
 * for vertices inside the ear's triangle, and on a star of jittered radii every ear is a long
 * thin triangle whose box holds a large share of the vertices: measured 7.6 s (the clipper) and
 * 16 s (earcut 3.2.4) for 100,000 vertices, quadratic, against under a second here.
 */
import { orient2d } from 'robust-predicates';
import { findCorners, turnSign } from './corners.js';
import { foldingEdge, touchingEdges } from './simple-outline.js';
import { SweepStatus } from './sweep-status.js';

/**
 * The exact sign (and approximate size) of the turn a -> b -> c, positive counter-clockwise.
 * Exact, because the sweep and the triangulation ask it of one triple in several vertex orders
 * and of vertices in line to within rounding: a rounded cross product may then give different
 * signs for the same triangle (Shewchuk, "Adaptive Precision Floating-Point Arithmetic and Fast
 * Robust Geometric Predicates", 1997, via robust-predicates, whose sign convention is the
 * opposite).
 */
function cross(vertices: Float64Array, a: number, b: number, c: number): number {
  return -orient2d(
    vertices[2 * a]!,
    vertices[2 * a + 1]!,
    vertices[2 * b]!,
    vertices[2 * b + 1]!,
    vertices[2 * c]!,
    vertices[2 * c + 1]!,
  );
}

/**
 * Triangles (index triples, counter-clockwise) of a simple counter-clockwise polygon; flat
 * triangles are left out (a vertex in line with its neighbours may then be in none). `counted`
 * is called once per comparison of the sweep (for a test of the bound).
 */
export function triangulate(
  vertices: Float64Array,
  count: number,
  counted?: () => void,
): number[][] {
  const x = (i: number): number => vertices[2 * i]!,
    y = (i: number): number => vertices[2 * i + 1]!;
  const previous = (i: number): number => (i === 0 ? count - 1 : i - 1);
  const following = (i: number): number => (i + 1 === count ? 0 : i + 1);
  // The sweep goes down: a vertex is above another when higher, or as high and to its left.
  const above = (a: number, b: number): boolean => y(a) > y(b) || (y(a) === y(b) && x(a) < x(b));
  const diagonals = monotoneDiagonals(vertices, count, above, counted);
  // Each vertex's neighbours (outline and diagonals); a vertex with diagonals sorts them
  // counter-clockwise by angle.
  const extra = new Map<number, number[]>();
  for (let k = 0; k < diagonals.length; k += 2) {
    const u = diagonals[k]!, v = diagonals[k + 1]!;
    for (const [from, to] of [[u, v], [v, u]] as const) {
      let list = extra.get(from);
      if (list === undefined) {
        list = [previous(from), following(from)];
        extra.set(from, list);
      }
      list.push(to);
    }
  }
  // Counter-clockwise from the direction +x: first the upper half-plane (from +x inclusive to
  // -x exclusive), then the lower, each ordered by the exact turn between two directions.
  // Exactly, not by atan2: a diagonal nearly in line with an edge (to a vertex a few ulps from
  // its neighbour) can round to the same angle or to the wrong side of it, and the face walk
  // below then takes a wrong turn.
  const lower = (v: number, a: number): boolean => y(a) < y(v) || (y(a) === y(v) && x(a) < x(v));
  for (const [v, list] of extra) {
    list.sort((a, b) => {
      const half = Number(lower(v, a)) - Number(lower(v, b));
      return half !== 0 ? half : -cross(vertices, v, a, b);
    });
  }
  // The face left of u -> v goes on from v to the neighbour next clockwise from u.
  const turnFrom = (u: number, v: number): number => {
    const list = extra.get(v);
    if (list === undefined) return u === previous(v) ? following(v) : previous(v);
    const k = list.indexOf(u);
    return list[k === 0 ? list.length - 1 : k - 1]!;
  };
  const triangles: number[][] = [];
  const visited = new Set<number>();
  const starts: number[] = [];
  for (let i = 0; i < count; i++) starts.push(i, following(i));
  for (let k = 0; k < diagonals.length; k += 2) {
    starts.push(diagonals[k]!, diagonals[k + 1]!, diagonals[k + 1]!, diagonals[k]!);
  }
  for (let k = 0; k < starts.length; k += 2) {
    let u = starts[k]!, v = starts[k + 1]!;
    if (visited.has(u * count + v)) continue;
    const face: number[] = [];
    while (!visited.has(u * count + v)) {
      visited.add(u * count + v);
      face.push(u);
      const w = turnFrom(u, v);
      u = v;
      v = w;
    }
    triangulateMonotone(vertices, face, above, triangles);
  }
  return triangles;
}

/**
 * The diagonals (flat pairs) that split a simple counter-clockwise polygon into y-monotone
 * pieces: de Berg et al. 3.2's sweep from the top, with the status of the edges left of the
 * interior ordered by x (edge `e` runs from vertex `e` to `e + 1`) and each one's helper, the
 * lowest vertex above the sweep that sees it; split and merge vertices get their diagonals.
 */
function monotoneDiagonals(
  vertices: Float64Array,
  count: number,
  above: (a: number, b: number) => boolean,
  counted?: () => void,
): number[] {
  const x = (i: number): number => vertices[2 * i]!,
    y = (i: number): number => vertices[2 * i + 1]!;
  const previous = (i: number): number => (i === 0 ? count - 1 : i - 1);
  const following = (i: number): number => (i + 1 === count ? 0 : i + 1);
  const order = Array.from({ length: count }, (_, i) => i).sort((a, b) =>
    above(a, b) ? -1 : above(b, a) ? 1 : 0
  );
  const status = new SweepStatus(count);
  const helper = new Int32Array(count);
  const merge = new Uint8Array(count);
  const diagonals: number[] = [];
  // Every edge in the status runs down from its top vertex e to e + 1, so a point lies east of
  // it (at the point's height) exactly when it turns left seen from e to e + 1: an exact sign,
  // where x interpolated at the point's height rounds a vertex a few ulps from the edge onto it
  // (a split vertex then finds no edge on its left and gets no diagonal). A horizontal edge
  // (from its left end) has no vertex strictly east of it while it is in the status.
  const eastOf = (v: number, e: number): boolean => cross(vertices, e, following(e), v) > 0;
  // Edge e entering at its top vertex against edge `other`: by the side of `other` its top is
  // on (on it only where a simple outline would touch itself; then by where e goes).
  const compare = (e: number, other: number): number => {
    counted?.();
    const side = cross(vertices, other, following(other), e);
    if (side !== 0) return side;
    return cross(vertices, other, following(other), following(e)) || 1;
  };
  const leftOf = (v: number): number =>
    status.lastBefore((e) => {
      counted?.();
      return eastOf(v, e);
    });
  const connectHelper = (v: number, e: number): void => {
    if (merge[helper[e]!]) diagonals.push(v, helper[e]!);
  };
  for (const v of order) {
    const p = previous(v), n = following(v);
    const pBelow = above(v, p), nBelow = above(v, n);
    const convex = cross(vertices, p, v, n) > 0;
    if (pBelow && nBelow) {
      if (!convex) {
        // Split: a diagonal up to the helper of the edge on its left.
        const e = leftOf(v);
        if (e >= 0) {
          diagonals.push(v, helper[e]!);
          helper[e] = v;
        }
      }
      status.insert(v, compare);
      helper[v] = v;
    } else if (!pBelow && !nBelow) {
      connectHelper(v, p);
      status.remove(p);
      if (!convex) {
        // Merge: joined later to the next vertex below that sees it.
        merge[v] = 1;
        const e = leftOf(v);
        if (e >= 0) {
          connectHelper(v, e);
          helper[e] = v;
        }
      }
    } else if (nBelow) {
      // Going down: the interior lies right of v.
      connectHelper(v, p);
      status.remove(p);
      status.insert(v, compare);
      helper[v] = v;
    } else {
      const e = leftOf(v);
      if (e >= 0) {
        connectHelper(v, e);
        helper[e] = v;
      }
    }
  }
  return diagonals;
}

/**
 * Adds the triangles of a y-monotone counter-clockwise polygon `face` (vertex indices) to
 * `triangles`: de Berg et al. 3.3, the vertices taken from the top down along both chains, a
 * stack of those not yet cut off (a reflex run of one chain).
 */
function triangulateMonotone(
  vertices: Float64Array,
  face: number[],
  above: (a: number, b: number) => boolean,
  triangles: number[][],
): void {
  const m = face.length;
  const add = (a: number, b: number, c: number): void => {
    const turn = cross(vertices, a, b, c);
    if (turn > 0) triangles.push([a, b, c]);
    else if (turn < 0) triangles.push([a, c, b]);
  };
  if (m === 3) {
    add(face[0]!, face[1]!, face[2]!);
    return;
  }
  let top = 0, bottom = 0;
  for (let k = 1; k < m; k++) {
    if (above(face[k]!, face[top]!)) top = k;
    if (above(face[bottom]!, face[k]!)) bottom = k;
  }
  // Forward from the top (counter-clockwise) runs the left chain down to the bottom; backward,
  // the right chain. Merged into one list from the top down.
  const sorted = [face[top]!], leftChain = new Set<number>([face[top]!]);
  let l = top + 1 === m ? 0 : top + 1, r = top === 0 ? m - 1 : top - 1;
  while (l !== bottom || r !== bottom) {
    if (r === bottom || (l !== bottom && above(face[l]!, face[r]!))) {
      sorted.push(face[l]!);
      leftChain.add(face[l]!);
      l = l + 1 === m ? 0 : l + 1;
    } else {
      sorted.push(face[r]!);
      r = r === 0 ? m - 1 : r - 1;
    }
  }
  sorted.push(face[bottom]!);
  const stack = [sorted[0]!, sorted[1]!];
  for (let j = 2; j < m - 1; j++) {
    const u = sorted[j]!;
    if (leftChain.has(u) !== leftChain.has(stack[stack.length - 1]!)) {
      // Opposite chains: u sees every stacked vertex.
      for (let k = stack.length - 1; k > 0; k--) add(u, stack[k]!, stack[k - 1]!);
      const last = stack[stack.length - 1]!;
      stack.length = 0;
      stack.push(last, u);
    } else {
      // Same chain: cut off triangles while the diagonal from u stays inside.
      let last = stack.pop()!;
      const left = leftChain.has(u);
      while (stack.length > 0) {
        const t = stack[stack.length - 1]!;
        const turn = cross(vertices, t, last, u);
        if (left ? !(turn > 0) : !(turn < 0)) break;
        add(u, last, t);
        last = stack.pop()!;
      }
      stack.push(last, u);
    }
  }
  const u = sorted[m - 1]!;
  for (let k = stack.length - 1; k > 0; k--) add(u, stack[k]!, stack[k - 1]!);
}

/**
 * Grid steps across an outline's extent on which `decomposeConvex` takes its decisions: coarse
 * enough that the rounding a scaling leaves in the coordinates (a few ulps) almost never moves a
 * vertex to another grid point, fine enough (about 1.5e-8 of the size) that an outline whose
 * turns are far from straight keeps them.
 */
const DECISION_GRID_STEPS = 2 ** 26;

/**
 * Convex pieces (index loops, counter-clockwise) of a simple counter-clockwise polygon, the same
 * for the outline scaled or moved. The exact decisions of `decomposeOn` would see the rounding
 * of scaled coordinates: vertices in line without being neighbours (the step corners of a traced
 * staircase lie on diagonal lines) are exactly in line at one scale and a few ulps off at another,
 * and the pieces differ (a sliver triangle cut at one scale and not at the other). So the
 * decisions are taken on the vertices snapped to a grid relative to the outline's extent
 * (`DECISION_GRID_STEPS`), which is the same outline at every scale and placement, and the pieces
 * are kept if they are convex on the real vertices within rounding (`turnSign`'s band) with
 * positive area; else (a turn closer to straight than the grid, beyond rounding, or an outline
 * the snap makes touch itself) the exact decisions on the real vertices.
 */
export function decomposeConvex(
  vertices: Float64Array,
  count: number,
  corner: Uint8Array = findCorners(vertices, count),
): number[][] {
  const grid = decisionGrid(vertices, count);
  if (grid !== null) {
    const pieces = decomposeOn(grid, count, corner);
    if (pieces.every((piece) => convexWithinRounding(vertices, piece))) return pieces;
  }
  return decomposeOn(vertices, count, corner);
}

/**
 * The vertices snapped to `DECISION_GRID_STEPS` steps across the outline's larger extent, as
 * integers from its lower left corner (exact in every predicate); null when the snapped outline
 * is not simple and counter-clockwise (vertices closer than a step, a fold, edges touching).
 */
function decisionGrid(vertices: Float64Array, count: number): Float64Array | null {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < count; i++) {
    const x = vertices[2 * i]!, y = vertices[2 * i + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const extent = Math.max(maxX - minX, maxY - minY);
  if (!(extent > 0)) return null;
  const factor = DECISION_GRID_STEPS / extent, grid = new Float64Array(2 * count);
  for (let i = 0; i < count; i++) {
    grid[2 * i] = Math.round((vertices[2 * i]! - minX) * factor);
    grid[2 * i + 1] = Math.round((vertices[2 * i + 1]! - minY) * factor);
  }
  let twiceArea = 0;
  for (let i = 0; i < count; i++) {
    const j = i + 1 === count ? 0 : i + 1;
    if (grid[2 * i] === grid[2 * j] && grid[2 * i + 1] === grid[2 * j + 1]) return null;
    twiceArea += grid[2 * i]! * grid[2 * j + 1]! - grid[2 * j]! * grid[2 * i + 1]!;
  }
  if (!(twiceArea > 0) || foldingEdge(grid, count) >= 0 || touchingEdges(grid, count) !== null) {
    return null;
  }
  return grid;
}

/** Whether a piece turns left or straight (within rounding) at every vertex and has positive area. */
function convexWithinRounding(vertices: Float64Array, piece: number[]): boolean {
  const n = piece.length;
  let twiceArea = 0;
  for (let k = 0; k < n; k++) {
    const a = piece[k]!,
      b = piece[k + 1 === n ? 0 : k + 1]!,
      c = piece[k + 2 >= n ? k + 2 - n : k + 2]!;
    if (turnSign(vertices, a, b, c, true) < 0) return false;
    if (k > 0 && k < n - 1) twiceArea += cross(vertices, piece[0]!, a, b);
  }
  return twiceArea > 0;
}

/**
 * Convex pieces (index loops, counter-clockwise) of a simple counter-clockwise polygon, every
 * decision taken exactly on `vertices`:
 * triangulation of its corners (`corner`, from `findCorners` unless given: a vertex within
 * rounding of its side's line is left out, as if exactly on it, so that the pieces do not
 * depend on which way rounding turned it), then Hertel-Mehlhorn: each diagonal is removed when
 * the union of its two sides stays convex (exactly: next to a vertex a few ulps from its
 * neighbour a rounding band would take any turn for straight), which only the two diagonal ends
 * can spoil, so each test is O(1). The pieces are kept as half-edge links:
 * `following(u, v)` is the vertex after `v` on the loop holding the directed edge `u -> v`,
 * `preceding(u, v)` the vertex before `u`. Every vertex is in some piece, and a piece edge joins
 * two consecutive outline vertices exactly when it lies on the outline.
 */
function decomposeOn(
  vertices: Float64Array,
  count: number,
  corner: Uint8Array,
): number[][] {
  const triangles = cornerTriangles(vertices, count, corner);
  const key = (u: number, v: number): number => u * count + v;
  const following = new Map<number, number>(), preceding = new Map<number, number>();
  for (const [a, b, c] of triangles) {
    following.set(key(a!, b!), c!);
    preceding.set(key(a!, b!), c!);
    following.set(key(b!, c!), a!);
    preceding.set(key(b!, c!), a!);
    following.set(key(c!, a!), b!);
    preceding.set(key(c!, a!), b!);
  }
  for (const triangle of triangles) {
    for (let k = 0; k < 3; k++) {
      const u = triangle[k]!, v = triangle[(k + 1) % 3]!;
      const a1 = following.get(key(u, v)), b1 = following.get(key(v, u));
      if (a1 === undefined || b1 === undefined) continue;
      // Side A: a0 -> u -> v -> a1; side B: b0 -> v -> u -> b1. The union turns at u from a0 to b1
      // and at v from b0 to a1.
      const a0 = preceding.get(key(u, v))!, b0 = preceding.get(key(v, u))!;
      if (cross(vertices, a0, u, b1) < 0 || cross(vertices, b0, v, a1) < 0) continue;
      following.delete(key(u, v));
      following.delete(key(v, u));
      preceding.delete(key(u, v));
      preceding.delete(key(v, u));
      following.set(key(a0, u), b1);
      preceding.set(key(u, b1), a0);
      following.set(key(b0, v), a1);
      preceding.set(key(v, a1), b0);
    }
  }
  // The next vertex in a triangle after each outline vertex: an edge from u to it that skips
  // vertices runs along the outline through vertices left out (in line with it).
  const used = new Uint8Array(count);
  for (const triangle of triangles) for (const i of triangle) used[i] = 1;
  const nextUsed = new Int32Array(count);
  let first = 0;
  while (first < count && used[first] === 0) first++;
  for (let k = 0, last = first; k < count && first < count; k++) {
    const i = (first + count - 1 - k) % count;
    nextUsed[i] = last;
    if (used[i] === 1) last = i;
  }
  const pieces: number[][] = [];
  const visited = new Set<number>();
  for (const start of following.keys()) {
    if (visited.has(start)) continue;
    const loop: number[] = [];
    let u = Math.floor(start / count), v = start % count;
    while (!visited.has(key(u, v))) {
      visited.add(key(u, v));
      loop.push(u);
      if (nextUsed[u] === v) {
        for (let i = u + 1 === count ? 0 : u + 1; i !== v; i = i + 1 === count ? 0 : i + 1) {
          loop.push(i);
        }
      }
      const w = following.get(key(u, v))!;
      u = v;
      v = w;
    }
    pieces.push(loop);
  }
  return pieces;
}

/**
 * The triangles of the outline through its corners only (indices of `vertices`). The vertices
 * left out lie within rounding of the chords that replace them; where one is not exactly on its
 * chord, the outline of corners may touch itself where another part of the outline passes as
 * close: it is checked (O(n log n)), and if it does, every vertex is triangulated instead.
 */
function cornerTriangles(vertices: Float64Array, count: number, corner: Uint8Array): number[][] {
  const kept: number[] = [];
  for (let i = 0; i < count; i++) if (corner[i] === 1) kept.push(i);
  if (kept.length === count) return triangulate(vertices, count);
  const reduced = new Float64Array(2 * kept.length);
  kept.forEach((i, k) => {
    reduced[2 * k] = vertices[2 * i]!;
    reduced[2 * k + 1] = vertices[2 * i + 1]!;
  });
  let onChords = true;
  for (let k = 0; k < kept.length && onChords; k++) {
    const a = kept[k]!, b = kept[k + 1 === kept.length ? 0 : k + 1]!;
    for (
      let v = a + 1 === count ? 0 : a + 1;
      v !== b && onChords;
      v = v + 1 === count ? 0 : v + 1
    ) {
      onChords = cross(vertices, a, b, v) === 0;
    }
  }
  if (
    !onChords &&
    (foldingEdge(reduced, kept.length) >= 0 || touchingEdges(reduced, kept.length) !== null)
  ) return triangulate(vertices, count);
  return triangulate(reduced, kept.length).map((triangle) => triangle.map((k) => kept[k]!));
}
