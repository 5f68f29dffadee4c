/**
 * Rigid transforms in 2D: a position and an angle, with the angle's cosine and sine cached so the
 * kernels never call `Math.cos`. Functions write their first argument and return it; inputs are
 * read into locals first, so `out` may alias any input.
 */
import type { Vec2 } from './create.js';

/** A 2D rigid transform: translation `x, y` and rotation `angle`, with its cosine and sine. */
export class Transform2 {
  /** Translation, x. */
  x = 0;
  /** Translation, y. */
  y = 0;
  /** Rotation in radians, counter-clockwise. */
  angle = 0;
  /** `Math.cos(angle)`, kept in step by `set`. */
  cos = 1;
  /** `Math.sin(angle)`, kept in step by `set`. */
  sin = 0;

  /** Sets position and angle (radians); both assumed finite (shapes validate in `setPose`). */
  set(x: number, y: number, angle: number): this {
    this.x = x;
    this.y = y;
    this.angle = angle;
    this.cos = Math.cos(angle);
    this.sin = Math.sin(angle);
    return this;
  }

  /**
   * Sets position and angle from `pose` = `[x, y, angle]`, as `set` does, with no call inside. The
   * doubles arrive in an array: a call V8 does not inline passes each double argument as a new
   * heap number (docs/PERFORMANCE.md, first rule), and `Shape2.setPose` runs every frame.
   */
  setFrom(pose: Float64Array): this {
    const angle = pose[2]!;
    this.x = pose[0]!;
    this.y = pose[1]!;
    this.angle = angle;
    this.cos = Math.cos(angle);
    this.sin = Math.sin(angle);
    return this;
  }

  /** Copies another transform. */
  copy(other: Transform2): this {
    this.x = other.x;
    this.y = other.y;
    this.angle = other.angle;
    this.cos = other.cos;
    this.sin = other.sin;
    return this;
  }
}

/** `out = R p + t`. */
export function transform2Point(out: Vec2, xf: Transform2, p: Vec2): Vec2 {
  const x = p[0]!, y = p[1]!;
  out[0] = xf.cos * x - xf.sin * y + xf.x;
  out[1] = xf.sin * x + xf.cos * y + xf.y;
  return out;
}

/** `out = R d`. */
export function transform2Direction(out: Vec2, xf: Transform2, d: Vec2): Vec2 {
  const x = d[0]!, y = d[1]!;
  out[0] = xf.cos * x - xf.sin * y;
  out[1] = xf.sin * x + xf.cos * y;
  return out;
}

/** `out = R^T (p - t)`: the point in the transform's local frame. */
export function inverseTransform2Point(out: Vec2, xf: Transform2, p: Vec2): Vec2 {
  const x = p[0]! - xf.x, y = p[1]! - xf.y;
  out[0] = xf.cos * x + xf.sin * y;
  out[1] = -xf.sin * x + xf.cos * y;
  return out;
}

/** `out = R^T d`. */
export function inverseTransform2Direction(out: Vec2, xf: Transform2, d: Vec2): Vec2 {
  const x = d[0]!, y = d[1]!;
  out[0] = xf.cos * x + xf.sin * y;
  out[1] = -xf.sin * x + xf.cos * y;
  return out;
}

/** `out = a * b`: applying `out` applies `b` first, then `a`. */
export function composeTransform2(out: Transform2, a: Transform2, b: Transform2): Transform2 {
  const ac = a.cos, as = a.sin, ax = a.x, ay = a.y;
  const bx = b.x, by = b.y, bc = b.cos, bs = b.sin;
  out.x = ac * bx - as * by + ax;
  out.y = as * bx + ac * by + ay;
  out.angle = a.angle + b.angle;
  // Angle-sum identities keep cos and sin consistent without a trigonometric call.
  out.cos = ac * bc - as * bs;
  out.sin = as * bc + ac * bs;
  return out;
}

/** The inverse transform: angle negated, translation `-R^T t`. */
export function invertTransform2(out: Transform2, a: Transform2): Transform2 {
  const c = a.cos, s = a.sin, x = a.x, y = a.y;
  out.x = -(c * x + s * y);
  out.y = -(-s * x + c * y);
  out.angle = -a.angle;
  out.cos = c;
  out.sin = -s;
  return out;
}
