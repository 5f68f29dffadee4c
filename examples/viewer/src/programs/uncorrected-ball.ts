/**
 * The rolling ball without the limiter correction: the plain segment switch. The ball rolls on
 * segment i, its centre one radius off the segment along its normal, and changes to the next
 * segment only when the foot of its centre reaches the segment's end (to the one before at its
 * start), whatever the corner. At a concave corner the exact method (ContourBall) switches earlier,
 * at the limiter point r tan(|beta_i+1 - beta_i| / 2) before the corner, where the ball touches
 * both segments; without it the ball runs on into the next segment (its centre closer than one
 * radius to it) and then jumps out to one radius off the new segment: its height, and with it
 * its energy W, jumps at every concave corner. At a convex corner the switch makes it jump round
 * the corner instead of turning about it. It keeps to the profile (no take-off: only the corner
 * switch is compared), bounces back at an open end with the restitution, and has no rolling
 * friction. Motion along a segment is exact: constant acceleration -g S_y / |S| / (1 + k),
 * I = k m r^2 (Halliday, Resnick and Walker, Fundamentals of Physics, ch. 11). Pure: no DOM.
 */
import type { BallState } from './ball-state.js';

/** Most segment switches in one step: a ball rocking in a tiny V is cut off there. */
const MAX_SWITCHES = 256;

export class UncorrectedBall {
  /** The segment the ball rolls on (from point `segment` to the next). */
  segment = 0;
  /** The foot of the centre on the segment: metres from its start. */
  along = 0;
  /** Speed along the segment's direction (m/s, negative backwards). */
  speed = 0;
  time = 0;
  /** +1 the ball is on the segments' left, -1 on their right. */
  side = 1;
  private readonly segments: number;

  constructor(
    readonly points: ReadonlyArray<readonly [number, number]>,
    readonly closed: boolean,
    readonly options: { radius: number; gravity: number; inertia: number; restitution: number; },
  ) {
    this.segments = closed ? points.length : points.length - 1;
  }

  /**
   * Puts the ball on the segment nearest to `position` (the foot of the centre on it), its
   * velocity's part along the segment kept: a launch in the air starts rolling where it is over.
   */
  launch(position: readonly number[], velocity: readonly number[]): void {
    let best = Infinity;
    for (let i = 0; i < this.segments; i++) {
      const { ax, ay, ex, ey, length } = this.geometry(i);
      const along = Math.min(
        length,
        Math.max(0, (position[0]! - ax) * ex + (position[1]! - ay) * ey),
      );
      const dx = position[0]! - ax - along * ex, dy = position[1]! - ay - along * ey;
      const distance = Math.hypot(dx, dy);
      if (distance < best) {
        best = distance;
        this.segment = i;
        this.along = along;
        this.speed = velocity[0]! * ex + velocity[1]! * ey;
        this.side = -dx * ey + dy * ex >= 0 ? 1 : -1;
      }
    }
    this.time = 0;
  }

  /** Simulates `dt` seconds, switching segment at each segment end it reaches. */
  step(dt: number): void {
    let remaining = dt;
    for (let switches = 0; remaining > 0 && switches < MAX_SWITCHES; switches++) {
      const { ey, length } = this.geometry(this.segment);
      const a = (-this.options.gravity * ey) / (1 + this.options.inertia);
      const exit = this.exitTime(a, length, remaining);
      const tau = Math.min(exit, remaining);
      this.along += this.speed * tau + 0.5 * a * tau * tau;
      this.speed += a * tau;
      this.time += tau;
      remaining -= tau;
      if (exit <= tau) this.switchSegment(length);
    }
  }

  /** The time within `limit` at which the foot reaches an end of the segment (Infinity: none). */
  private exitTime(a: number, length: number, limit: number): number {
    // along + speed t + a t^2 / 2 = end, the smallest t >= 0 for each end.
    let best = Infinity;
    for (const end of [0, length]) {
      const c = this.along - end, b = this.speed;
      const roots = a === 0 ? [b !== 0 ? -c / b : -1] : solveQuadratic(0.5 * a, b, c);
      for (const t of roots) {
        const moving = b + a * t;
        // Only a crossing outward counts: forward at the end, backward at the start.
        if (t >= 0 && t <= limit && (end === 0 ? moving < 0 : moving > 0) && t < best) best = t;
      }
    }
    return best;
  }

  private switchSegment(length: number): void {
    const forward = this.speed > 0;
    const next = forward ? this.segment + 1 : this.segment - 1;
    const wrapped = this.closed ? (next + this.segments) % this.segments : next;
    if (wrapped < 0 || wrapped >= this.segments) {
      // An open end: back along the same segment with the restitution.
      this.along = forward ? length : 0;
      this.speed = -this.speed * this.options.restitution;
      return;
    }
    this.segment = wrapped;
    this.along = forward ? 0 : this.geometry(wrapped).length;
  }

  private geometry(i: number) {
    const [ax, ay] = this.points[i]!, [bx, by] = this.points[(i + 1) % this.points.length]!;
    const length = Math.hypot(bx - ax, by - ay);
    return { ax, ay, ex: (bx - ax) / length, ey: (by - ay) / length, length };
  }

  /** The centre: the foot plus one radius along the segment's normal on the ball's side. */
  get position(): [number, number] {
    const { ax, ay, ex, ey } = this.geometry(this.segment), r = this.options.radius * this.side;
    return [ax + this.along * ex - r * ey, ay + this.along * ey + r * ex];
  }

  get velocity(): [number, number] {
    const { ex, ey } = this.geometry(this.segment);
    return [this.speed * ex, this.speed * ey];
  }

  /** W = (1 + k) v^2 / 2 + g y per unit mass (rolling: omega r = v). */
  get energy(): number {
    return 0.5 * (1 + this.options.inertia) * this.speed * this.speed +
      this.options.gravity * this.position[1];
  }

  get state(): BallState {
    return {
      position: this.position,
      velocity: this.velocity,
      mode: 'ground',
      energy: this.energy,
      time: this.time,
    };
  }
}

/** The real roots of a t^2 + b t + c = 0 (a != 0), in the numerically stable form. */
function solveQuadratic(a: number, b: number, c: number): number[] {
  const discriminant = b * b - 4 * a * c;
  if (discriminant < 0) return [];
  // q = -(b + sign(b) sqrt(D)) / 2; roots q / a and c / q (Press et al., Numerical Recipes, 5.6).
  const q = -0.5 * (b + (b >= 0 ? 1 : -1) * Math.sqrt(discriminant));
  return q === 0 ? [0] : [q / a, c / q];
}
