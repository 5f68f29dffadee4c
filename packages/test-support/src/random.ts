/**
 * Seeded randomness for every package's property tests and for the benchmarks' inputs:
 * mulberry32 (Tommy Ettinger's public-domain 32-bit generator: a state advanced by a Weyl
 * constant and mixed by two multiply-xorshift rounds), so a seed gives the same sequence on every
 * machine, and the samplers built on it.
 */

/**
 * A reproducible stream of uniform numbers in [0, 1), with 2^-32 resolution, from a 32-bit seed.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** mulberry32 with the samplers the tests and benchmarks draw from it. */
export class Random {
  /** The next number in [0, 1). */
  readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** Uniform in [low, high). */
  range(low: number, high: number): number {
    return low + (high - low) * this.next();
  }

  /** Log-uniform in [low, high): every order of magnitude equally likely (both bounds > 0). */
  logRange(low: number, high: number): number {
    return low * Math.exp(Math.log(high / low) * this.next());
  }

  /** An integer in [0, count). */
  int(count: number): number {
    return Math.floor(this.next() * count);
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** -1 or +1 with equal odds. */
  sign(): number {
    return this.next() < 0.5 ? -1 : 1;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** Shuffles in place (Fisher-Yates) and returns the list. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const swap = items[i]!;
      items[i] = items[j]!;
      items[j] = swap;
    }
    return items;
  }

  /** A new Float64Array of `length` components, each uniform in [low, high). */
  vector(length: number, low: number, high: number): Float64Array {
    const out = new Float64Array(length);
    for (let i = 0; i < length; i++) out[i] = this.range(low, high);
    return out;
  }

  /** A unit vector uniform on the sphere: z uniform in [-1, 1], angle uniform (Archimedes). */
  unitVector(): [number, number, number] {
    const z = this.range(-1, 1);
    const angle = this.range(0, 2 * Math.PI);
    const r = Math.sqrt(Math.max(0, 1 - z * z));
    return [r * Math.cos(angle), r * Math.sin(angle), z];
  }

  /**
   * A rotation uniform over SO(3) as a unit quaternion [x, y, z, w] (Shoemake, Graphics Gems III).
   */
  rotation(): [number, number, number, number] {
    const u1 = this.next(), u2 = this.range(0, 2 * Math.PI), u3 = this.range(0, 2 * Math.PI);
    const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
    return [a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3), b * Math.cos(u3)];
  }
}
