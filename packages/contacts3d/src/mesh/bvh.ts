/**
 * The bounding-volume hierarchy of a triangle mesh: a binary tree of axis-aligned boxes built
 * top down by median split (Ericson, Real-Time Collision Detection, 6.2.1 "Top-down
 * construction", with the object-median partitioning of 6.2.2): each node's triangles are split
 * at the median of their centroids along the longest axis of the centroids' box, down to leaves
 * of at most `LEAF_SIZE` triangles. The median (rather than the surface area heuristic) keeps
 * the tree balanced whatever the input, so its depth is at most `ceil(log2(n / LEAF_SIZE)) + 1`
 * and a query's stack has a size known at build time; it builds in O(n log n) with quickselect.
 *
 * Storage is flat typed arrays (node i's box at `bounds[6i .. 6i + 5]`; an inner node's children
 * are nodes `child[i]` and `child[i] + 1`; a leaf holds `count[i]` triangles from `first[i]` on in
 * `order`), so a query allocates nothing.
 */

/** Most triangles in a leaf. */
export const LEAF_SIZE = 4;

/** A built hierarchy; see the file comment for the layout. */
export class Bvh {
  /** Box of each node: min x, y, z, max x, y, z. */
  readonly bounds: Float64Array;
  /** Inner node: index of the first child (the second follows it). Leaf: start in `order`. */
  readonly child: Int32Array;
  /** Triangles in a leaf; 0 for an inner node. */
  readonly count: Int32Array;
  /** Triangle slots in leaf order. */
  readonly order: Int32Array;
  /** Nodes used. */
  readonly nodeCount: number;
  /** Edges on the longest path from the root to a leaf. */
  readonly depth: number;

  /**
   * Builds the tree over `triangleCount` triangles whose boxes are `triangleBounds` (6 numbers a
   * triangle, as `bounds`). Zero triangles give one empty leaf with an empty box.
   */
  constructor(triangleBounds: Float64Array, triangleCount: number) {
    const maxNodes = Math.max(1, 2 * triangleCount - 1);
    this.bounds = new Float64Array(6 * maxNodes);
    this.child = new Int32Array(maxNodes);
    this.count = new Int32Array(maxNodes);
    this.order = new Int32Array(triangleCount);
    for (let i = 0; i < triangleCount; i++) this.order[i] = i;
    const centroids = new Float64Array(3 * triangleCount);
    for (let i = 0; i < triangleCount; i++) {
      for (let k = 0; k < 3; k++) {
        centroids[3 * i + k] = 0.5 * (triangleBounds[6 * i + k]! + triangleBounds[6 * i + 3 + k]!);
      }
    }
    let nodeCount = 1;
    let depth = 0;
    // Explicit stack of (node, start, end, level): the tree is balanced, the stack short.
    const pending: number[] = [0, 0, triangleCount, 0];
    while (pending.length > 0) {
      const level = pending.pop()!, end = pending.pop()!, start = pending.pop()!;
      const node = pending.pop()!;
      if (level > depth) depth = level;
      if (end - start <= LEAF_SIZE) {
        this.child[node] = start;
        this.count[node] = end - start;
        this.writeLeafBounds(node, triangleBounds, start, end);
        continue;
      }
      const axis = longestCentroidAxis(centroids, this.order, start, end);
      const middle = (start + end) >> 1;
      selectMedian(this.order, centroids, axis, start, end, middle);
      const left = nodeCount;
      nodeCount += 2;
      this.child[node] = left;
      this.count[node] = 0;
      pending.push(left, start, middle, level + 1, left + 1, middle, end, level + 1);
    }
    this.nodeCount = nodeCount;
    this.depth = depth;
    // Inner boxes bottom up: children are numbered after their parent, so a reverse sweep meets
    // both children of a node before the node (linear time, not a pass over each node's triangles).
    const b = this.bounds;
    for (let node = nodeCount - 1; node >= 0; node--) {
      if (this.count[node]! > 0 || triangleCount === 0) continue;
      const left = 6 * this.child[node]!, right = left + 6;
      for (let k = 0; k < 3; k++) {
        b[6 * node + k] = Math.min(b[left + k]!, b[right + k]!);
        b[6 * node + 3 + k] = Math.max(b[left + 3 + k]!, b[right + 3 + k]!);
      }
    }
  }

  private writeLeafBounds(node: number, triangleBounds: Float64Array, start: number, end: number) {
    const b = this.bounds;
    b.fill(Infinity, 6 * node, 6 * node + 3);
    b.fill(-Infinity, 6 * node + 3, 6 * node + 6);
    for (let i = start; i < end; i++) {
      const t = this.order[i]!;
      for (let k = 0; k < 3; k++) {
        b[6 * node + k] = Math.min(b[6 * node + k]!, triangleBounds[6 * t + k]!);
        b[6 * node + 3 + k] = Math.max(b[6 * node + 3 + k]!, triangleBounds[6 * t + 3 + k]!);
      }
    }
  }
}

function longestCentroidAxis(
  centroids: Float64Array,
  order: Int32Array,
  start: number,
  end: number,
): number {
  let best = 0, bestExtent = -1;
  for (let k = 0; k < 3; k++) {
    let low = Infinity, high = -Infinity;
    for (let i = start; i < end; i++) {
      const value = centroids[3 * order[i]! + k]!;
      if (value < low) low = value;
      if (value > high) high = value;
    }
    if (high - low > bestExtent) {
      bestExtent = high - low;
      best = k;
    }
  }
  return best;
}

/**
 * Reorders `order[start, end)` so that `order[middle]` holds the triangle whose centroid is the
 * median along `axis`, those before it no greater and those after no smaller (Hoare's
 * quickselect, with the middle element as pivot; ties broken by slot so equal centroids split too).
 */
function selectMedian(
  order: Int32Array,
  centroids: Float64Array,
  axis: number,
  start: number,
  end: number,
  middle: number,
): void {
  let low = start, high = end - 1;
  const less = (a: number, b: number): boolean => {
    const ca = centroids[3 * a + axis]!, cb = centroids[3 * b + axis]!;
    return ca < cb || (ca === cb && a < b);
  };
  while (low < high) {
    const pivot = order[(low + high) >> 1]!;
    let i = low, j = high;
    while (i <= j) {
      while (less(order[i]!, pivot)) i++;
      while (less(pivot, order[j]!)) j--;
      if (i <= j) {
        const swap = order[i]!;
        order[i] = order[j]!;
        order[j] = swap;
        i++;
        j--;
      }
    }
    if (middle <= j) high = j;
    else if (middle >= i) low = i;
    else return;
  }
}
