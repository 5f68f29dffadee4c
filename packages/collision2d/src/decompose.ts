/**
 * Convex decomposition of a simple counter-clockwise polygon: ear clipping into triangles, then
 * the Hertel-Mehlhorn pass that removes every diagonal whose two sides merge into a convex
 * piece (at most four times the optimal number of pieces; O(n * r) for n vertices, r reflex).
 * Runs once per concave polygon, outside the hot path, so it uses plain arrays.
 */

function cross(vertices: Float64Array, a: number, b: number, c: number): number {
  const ax = vertices[2 * a]!, ay = vertices[2 * a + 1]!;
  return (vertices[2 * b]! - ax) * (vertices[2 * c + 1]! - ay) - (vertices[2 * b + 1]! - ay) * (vertices[2 * c]! - ax);
}

/** Whether vertex `p` lies inside or on triangle `a, b, c` (counter-clockwise) without being one of its corners' positions. */
function blocksEar(vertices: Float64Array, p: number, a: number, b: number, c: number): boolean {
  const px = vertices[2 * p]!, py = vertices[2 * p + 1]!;
  for (const q of [a, b, c]) if (vertices[2 * q] === px && vertices[2 * q + 1] === py) return false;
  return cross(vertices, a, b, p) >= 0 && cross(vertices, b, c, p) >= 0 && cross(vertices, c, a, p) >= 0;
}

/** Triangles (index triples, counter-clockwise) of a simple counter-clockwise polygon; flat triangles are left out. */
export function earClip(vertices: Float64Array, count: number): number[][] {
  const remaining: number[] = [];
  for (let i = 0; i < count; i++) remaining.push(i);
  const triangles: number[][] = [];
  let cursor = 0;
  while (remaining.length > 3) {
    const n = remaining.length;
    let ear = -1;
    for (let step = 0; step < n && ear < 0; step++) {
      const k = (cursor + step) % n;
      const a = remaining[(k + n - 1) % n]!, b = remaining[k]!, c = remaining[(k + 1) % n]!;
      if (cross(vertices, a, b, c) <= 0) continue;
      let blocked = false;
      for (let m = 0; m < n && !blocked; m++) {
        const p = remaining[m]!;
        if (p === a || p === b || p === c) continue;
        // Only reflex (or flat) vertices can lie inside an ear of a simple polygon.
        const before = remaining[(m + n - 1) % n]!, after = remaining[(m + 1) % n]!;
        if (cross(vertices, before, p, after) > 0) continue;
        blocked = blocksEar(vertices, p, a, b, c);
      }
      if (!blocked) ear = k;
    }
    if (ear < 0) {
      // Round-off left no strict ear: drop a flat vertex (it adds no area), else stop.
      let flat = -1;
      for (let k = 0; k < n && flat < 0; k++) {
        if (cross(vertices, remaining[(k + n - 1) % n]!, remaining[k]!, remaining[(k + 1) % n]!) === 0) flat = k;
      }
      if (flat < 0) break;
      remaining.splice(flat, 1);
      continue;
    }
    triangles.push([remaining[(ear + n - 1) % n]!, remaining[ear]!, remaining[(ear + 1) % n]!]);
    remaining.splice(ear, 1);
    cursor = ear % remaining.length;
  }
  if (remaining.length === 3 && cross(vertices, remaining[0]!, remaining[1]!, remaining[2]!) > 0) {
    triangles.push([remaining[0]!, remaining[1]!, remaining[2]!]);
  }
  return triangles;
}

function isConvexLoop(vertices: Float64Array, loop: number[]): boolean {
  const n = loop.length;
  for (let k = 0; k < n; k++) {
    if (cross(vertices, loop[(k + n - 1) % n]!, loop[k]!, loop[(k + 1) % n]!) < 0) return false;
  }
  return true;
}

/**
 * Convex pieces (index loops, counter-clockwise) of a simple counter-clockwise polygon: ear
 * clipping, then Hertel-Mehlhorn merging across each diagonal while the union stays convex.
 */
export function decomposeConvex(vertices: Float64Array, count: number): number[][] {
  const pieces: (number[] | null)[] = earClip(vertices, count);
  // Directed edge (u -> v) to the piece that holds it.
  const owner = new Map<number, number>();
  const key = (u: number, v: number): number => u * count + v;
  pieces.forEach((piece, p) => {
    const loop = piece!;
    for (let k = 0; k < loop.length; k++) owner.set(key(loop[k]!, loop[(k + 1) % loop.length]!), p);
  });
  for (let p = 0; p < pieces.length; p++) {
    let merged = true;
    while (merged) {
      merged = false;
      const loop = pieces[p];
      if (!loop) break;
      for (let k = 0; k < loop.length && !merged; k++) {
        const u = loop[k]!, v = loop[(k + 1) % loop.length]!;
        const q = owner.get(key(v, u));
        if (q === undefined || q === p || !pieces[q]) continue;
        const other = pieces[q]!;
        const m = other.indexOf(v);
        // Walk this piece from v around to u, then the other from after u back to before v.
        const union: number[] = [];
        for (let j = 0; j < loop.length; j++) union.push(loop[(k + 1 + j) % loop.length]!);
        for (let j = 2; j < other.length; j++) union.push(other[(m + j) % other.length]!);
        if (!isConvexLoop(vertices, union)) continue;
        pieces[p] = union;
        pieces[q] = null;
        for (let j = 0; j < union.length; j++) owner.set(key(union[j]!, union[(j + 1) % union.length]!), p);
        owner.delete(key(u, v));
        owner.delete(key(v, u));
        merged = true;
      }
    }
  }
  return pieces.filter((piece): piece is number[] => piece !== null);
}
