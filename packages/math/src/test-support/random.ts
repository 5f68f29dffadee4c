/**
 * Seeded randomness for the math package's property tests: mulberry32, Tommy Ettinger's public
 * domain 32-bit generator. Tests only: excluded from the build and not exported by the package.
 */

/** A reproducible stream of uniform numbers from a 32-bit seed. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** The next number in [0, 1), with 2^-32 resolution. */
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

  /** A new Float64Array of `length` components, each uniform in [low, high). */
  vector(length: number, low: number, high: number): Float64Array {
    const out = new Float64Array(length);
    for (let i = 0; i < length; i++) out[i] = this.range(low, high);
    return out;
  }

  /** A uniformly distributed unit quaternion `[x, y, z, w]` (Shoemake's subgroup algorithm). */
  unitQuaternion(): Float64Array {
    const u1 = this.next(), u2 = this.next() * 2 * Math.PI, u3 = this.next() * 2 * Math.PI;
    const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
    return Float64Array.of(a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3), b * Math.cos(u3));
  }
}
