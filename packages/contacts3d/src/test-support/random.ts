/**
 * Seeded randomness for the property tests: mulberry32 (Tommy Ettinger's 32-bit generator, a
 * public-domain one-liner) and the samplers built on it. Tests only; not exported by the package.
 */

/** A reproducible stream of uniform numbers in [0, 1) from a 32-bit seed. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** The next number in [0, 1): mulberry32's add-then-mix step, 2^-32 resolution. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
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

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** A unit vector uniform on the sphere: z uniform in [-1, 1], angle uniform (Archimedes). */
  unitVector(): [number, number, number] {
    const z = this.range(-1, 1);
    const angle = this.range(0, 2 * Math.PI);
    const r = Math.sqrt(Math.max(0, 1 - z * z));
    return [r * Math.cos(angle), r * Math.sin(angle), z];
  }

  /** A uniformly random rotation as a unit quaternion [x, y, z, w] (Shoemake, Graphics Gems III). */
  rotation(): [number, number, number, number] {
    const u1 = this.next(), u2 = this.range(0, 2 * Math.PI), u3 = this.range(0, 2 * Math.PI);
    const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
    return [a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3), b * Math.cos(u3)];
  }
}
