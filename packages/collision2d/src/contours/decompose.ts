/**
 * Convex decomposition of a simple counter-clockwise polygon: ear clipping into triangles, then
 * the Hertel-Mehlhorn pass that removes every diagonal whose two sides merge into a convex
 * piece (at most four times the optimal number of pieces). Runs once per concave polygon,
 * outside the hot path, so it uses plain arrays and closures.
 */

function cross(vertices: Float64Array, a: number, b: number, c: number): number {
  const ax = vertices[2 * a]!, ay = vertices[2 * a + 1]!;
  return (vertices[2 * b]! - ax) * (vertices[2 * c + 1]! - ay) -
    (vertices[2 * b + 1]! - ay) * (vertices[2 * c]! - ax);
}

/** Whether vertex `p` lies inside or on triangle `a, b, c` (counter-clockwise) without being at one of its corners' positions. */
function blocksEar(vertices: Float64Array, p: number, a: number, b: number, c: number): boolean {
  const px = vertices[2 * p]!, py = vertices[2 * p + 1]!;
  if (
    (vertices[2 * a] === px && vertices[2 * a + 1] === py) ||
    (vertices[2 * b] === px && vertices[2 * b + 1] === py) ||
    (vertices[2 * c] === px && vertices[2 * c + 1] === py)
  ) return false;
  return onLeft(vertices, a, b, p) && onLeft(vertices, b, c, p) && onLeft(vertices, c, a, p);
}

/**
 * Whether `p` lies left of the line `a -> b` or on it, within round-off: a reflex vertex on an
 * ear's side (a diagonal through it would cut the polygon) must block the ear even when its
 * coordinates' rounding puts it a hair outside (a tolerance of 1e-12 of the two lengths).
 */
function onLeft(vertices: Float64Array, a: number, b: number, p: number): boolean {
  const ax = vertices[2 * a]!, ay = vertices[2 * a + 1]!;
  const ex = vertices[2 * b]! - ax,
    ey = vertices[2 * b + 1]! - ay,
    px = vertices[2 * p]! - ax,
    py = vertices[2 * p + 1]! - ay;
  const scale = (Math.abs(ex) + Math.abs(ey)) * (Math.abs(px) + Math.abs(py));
  return ex * py - ey * px >= -1e-12 * scale;
}

/**
 * Triangles (index triples, counter-clockwise) of a simple counter-clockwise polygon; flat
 * triangles are left out. The polygon is a linked ring; only reflex (or flat) vertices can lie
 * inside an ear, and they sit in a uniform grid, so an ear test looks at the few reflex vertices
 * near the triangle: about linear time for an outline whose vertices spread evenly.
 */
export function earClip(vertices: Float64Array, count: number): number[][] {
  const previous = new Int32Array(count), following = new Int32Array(count);
  const reflex = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    previous[i] = i === 0 ? count - 1 : i - 1;
    following[i] = i === count - 1 ? 0 : i + 1;
  }
  for (let i = 0; i < count; i++) {
    reflex[i] = cross(vertices, previous[i]!, i, following[i]!) <= 0
      ? 1
      : 0;
  }

  // Grid of the reflex vertices. Clipping an ear never makes a vertex reflex, so the grid stays a
  // superset; the current flag is checked on use.
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < count; i++) {
    minX = Math.min(minX, vertices[2 * i]!);
    maxX = Math.max(maxX, vertices[2 * i]!);
    minY = Math.min(minY, vertices[2 * i + 1]!);
    maxY = Math.max(maxY, vertices[2 * i + 1]!);
  }
  const side = Math.max(maxX - minX, maxY - minY) / Math.max(1, Math.ceil(Math.sqrt(count)));
  const columns = Math.max(1, Math.ceil((maxX - minX) / side) || 1),
    rows = Math.max(1, Math.ceil((maxY - minY) / side) || 1);
  const column = (x: number): number =>
    Math.min(columns - 1, Math.max(0, Math.floor((x - minX) / side)));
  const row = (y: number): number => Math.min(rows - 1, Math.max(0, Math.floor((y - minY) / side)));
  const cells: number[][] = [];
  for (let k = 0; k < columns * rows; k++) cells.push([]);
  for (let i = 0; i < count; i++) {
    if (reflex[i]) cells[row(vertices[2 * i + 1]!) * columns + column(vertices[2 * i]!)]!.push(i);
  }

  const isEar = (a: number, b: number, c: number): boolean => {
    if (cross(vertices, a, b, c) <= 0) return false;
    const ax = vertices[2 * a]!,
      ay = vertices[2 * a + 1]!,
      bx = vertices[2 * b]!,
      by = vertices[2 * b + 1]!;
    const cx = vertices[2 * c]!, cy = vertices[2 * c + 1]!;
    const c0 = column(Math.min(ax, bx, cx)), c1 = column(Math.max(ax, bx, cx));
    const r0 = row(Math.min(ay, by, cy)), r1 = row(Math.max(ay, by, cy));
    for (let r = r0; r <= r1; r++) {
      for (let q = c0; q <= c1; q++) {
        for (const p of cells[r * columns + q]!) {
          if (p === a || p === b || p === c || !reflex[p]) continue;
          if (blocksEar(vertices, p, a, b, c)) return false;
        }
      }
    }
    return true;
  };

  const triangles: number[][] = [];
  let remaining = count, cursor = 0, misses = 0;
  const remove = (b: number): void => {
    const a = previous[b]!, c = following[b]!;
    following[a] = c;
    previous[c] = a;
    reflex[b] = 0;
    remaining--;
    reflex[a] = cross(vertices, previous[a]!, a, c) <= 0 ? 1 : 0;
    reflex[c] = cross(vertices, a, c, following[c]!) <= 0 ? 1 : 0;
  };
  while (remaining > 3) {
    const a = previous[cursor]!, c = following[cursor]!;
    if (isEar(a, cursor, c)) {
      triangles.push([a, cursor, c]);
      remove(cursor);
      cursor = c;
      misses = 0;
      continue;
    }
    cursor = c;
    if (++misses <= remaining) continue;
    // A full turn without an ear (round-off): drop a flat vertex, which adds no area, else stop.
    let flat = -1;
    for (let k = 0, v = cursor; k < remaining && flat < 0; k++, v = following[v]!) {
      if (cross(vertices, previous[v]!, v, following[v]!) === 0) flat = v;
    }
    if (flat < 0) break;
    cursor = following[flat]!;
    remove(flat);
    misses = 0;
  }
  if (remaining === 3) {
    const a = previous[cursor]!, c = following[cursor]!;
    if (cross(vertices, a, cursor, c) > 0) triangles.push([a, cursor, c]);
  }
  return triangles;
}

/**
 * Convex pieces (index loops, counter-clockwise) of a simple counter-clockwise polygon: ear
 * clipping, then Hertel-Mehlhorn: each diagonal is removed when the union of its two sides stays
 * convex, which only the two diagonal ends can spoil, so each test is O(1). The pieces are kept
 * as half-edge links: `following(u, v)` is the vertex after `v` on the loop holding the directed
 * edge `u -> v`, `preceding(u, v)` the vertex before `u`.
 */
export function decomposeConvex(vertices: Float64Array, count: number): number[][] {
  const triangles = earClip(vertices, count);
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
      // Side A: a0 -> u -> v -> a1; side B: b0 -> v -> u -> b1. The union turns at u from a0 to b1 and at v from b0 to a1.
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
  const pieces: number[][] = [];
  const visited = new Set<number>();
  for (const start of following.keys()) {
    if (visited.has(start)) continue;
    const loop: number[] = [];
    let u = Math.floor(start / count), v = start % count;
    while (!visited.has(key(u, v))) {
      visited.add(key(u, v));
      loop.push(u);
      const w = following.get(key(u, v))!;
      u = v;
      v = w;
    }
    pieces.push(loop);
  }
  return pieces;
}
