/**
 * The seeded random source of every benchmark input: mulberry32 (Tommy Ettinger's 32-bit
 * generator, public domain), so a seed gives the same configurations on every machine.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** An integer in [0, count). */
  int(count: number): number {
    return Math.floor(this.next() * count);
  }

  /** -1 or +1 with equal odds. */
  sign(): number {
    return this.next() < 0.5 ? -1 : 1;
  }

  /** A unit vector uniform on the sphere (Marsaglia's z-and-angle method). */
  unitVector3(): [number, number, number] {
    const z = this.range(-1, 1);
    const angle = this.range(0, 2 * Math.PI);
    const r = Math.sqrt(1 - z * z);
    return [r * Math.cos(angle), r * Math.sin(angle), z];
  }

  /** A rotation uniform over SO(3) as a unit quaternion `[x, y, z, w]` (Shoemake 1992). */
  quaternion(): [number, number, number, number] {
    const u1 = this.next(), u2 = this.range(0, 2 * Math.PI), u3 = this.range(0, 2 * Math.PI);
    const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
    return [a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3), b * Math.cos(u3)];
  }

  /** Shuffles in place (Fisher-Yates). */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const swap = items[i]!;
      items[i] = items[j]!;
      items[j] = swap;
    }
    return items;
  }
}
