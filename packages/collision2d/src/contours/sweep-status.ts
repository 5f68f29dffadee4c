/**
 * The status of a sweep line over a polygon's edges: the edges the line crosses, in their order
 * along it, as a treap (a binary search tree kept balanced by random priorities: O(log n)
 * expected per operation; Seidel and Aragon, "Randomized search trees", 1996). Shared by the
 * simple-outline test (Shamos and Hoey's sweep) and the monotone partition of `decompose.ts`
 * (de Berg et al., Computational Geometry, 3rd ed., ch. 3). Built once per polygon, outside the
 * hot path.
 *
 * Items are edge indices below the capacity. The order is the caller's: `insert` takes a
 * comparison of the new item with one in the tree (negative: the new one comes first), valid
 * at the sweep's current position; a sweep keeps it consistent as long as no two items cross.
 * Removal and the neighbours go by the tree's links, not by comparisons.
 */
const NONE = -1;

export class SweepStatus {
  private readonly left: Int32Array;
  private readonly right: Int32Array;
  private readonly parent: Int32Array;
  private readonly priority: Float64Array;
  private root = NONE;
  /** A seeded generator (the same tree for the same input): mulberry32. */
  private seed = 0x2545f491;

  constructor(capacity: number) {
    this.left = new Int32Array(capacity).fill(NONE);
    this.right = new Int32Array(capacity).fill(NONE);
    this.parent = new Int32Array(capacity).fill(NONE);
    this.priority = new Float64Array(capacity);
  }

  private random(): number {
    let t = (this.seed += 0x6d2b79f5);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Inserts `item`; `compare(item, other)` is negative when `item` comes before `other`. */
  insert(item: number, compare: (item: number, other: number) => number): void {
    this.left[item] = NONE;
    this.right[item] = NONE;
    this.priority[item] = this.random();
    let node = this.root, above = NONE, goLeft = false;
    while (node !== NONE) {
      above = node;
      goLeft = compare(item, node) < 0;
      node = goLeft ? this.left[node]! : this.right[node]!;
    }
    this.parent[item] = above;
    if (above === NONE) this.root = item;
    else if (goLeft) this.left[above] = item;
    else this.right[above] = item;
    while (
      this.parent[item] !== NONE && this.priority[this.parent[item]!]! < this.priority[item]!
    ) {
      this.rotateUp(item);
    }
  }

  /** Removes `item` (which must be in the tree). */
  remove(item: number): void {
    // Rotate it down below its higher-priority child until it is a leaf, then cut it off.
    for (;;) {
      const l = this.left[item]!, r = this.right[item]!;
      if (l === NONE && r === NONE) break;
      const child = l === NONE ? r : r === NONE ? l : this.priority[l]! > this.priority[r]! ? l : r;
      this.rotateUp(child);
    }
    const above = this.parent[item]!;
    if (above === NONE) this.root = NONE;
    else if (this.left[above] === item) this.left[above] = NONE;
    else this.right[above] = NONE;
    this.parent[item] = NONE;
  }

  /** The item before `item` in the order, or -1. */
  previous(item: number): number {
    let node = this.left[item]!;
    if (node !== NONE) {
      while (this.right[node] !== NONE) node = this.right[node]!;
      return node;
    }
    node = item;
    let above = this.parent[node]!;
    while (above !== NONE && this.left[above] === node) {
      node = above;
      above = this.parent[node]!;
    }
    return above;
  }

  /** The item after `item` in the order, or -1. */
  next(item: number): number {
    let node = this.right[item]!;
    if (node !== NONE) {
      while (this.left[node] !== NONE) node = this.left[node]!;
      return node;
    }
    node = item;
    let above = this.parent[node]!;
    while (above !== NONE && this.right[above] === node) {
      node = above;
      above = this.parent[node]!;
    }
    return above;
  }

  /**
   * The last item for which `before(item)` holds, or -1, when `before` holds for a first run of
   * the order and not after it (the items left of a point).
   */
  lastBefore(before: (item: number) => boolean): number {
    let node = this.root, found = NONE;
    while (node !== NONE) {
      if (before(node)) {
        found = node;
        node = this.right[node]!;
      } else node = this.left[node]!;
    }
    return found;
  }

  /** Turns `node` above its parent, keeping the order. */
  private rotateUp(node: number): void {
    const above = this.parent[node]!, grand = this.parent[above]!;
    if (this.left[above] === node) {
      const middle = this.right[node]!;
      this.left[above] = middle;
      if (middle !== NONE) this.parent[middle] = above;
      this.right[node] = above;
    } else {
      const middle = this.left[node]!;
      this.right[above] = middle;
      if (middle !== NONE) this.parent[middle] = above;
      this.left[node] = above;
    }
    this.parent[above] = node;
    this.parent[node] = grand;
    if (grand === NONE) this.root = node;
    else if (this.left[grand] === above) this.left[grand] = node;
    else this.right[grand] = node;
  }
}
