/**
 * The ball turning about a convex corner: its centre on the circle of radius r about the corner
 * at angle theta, rolling on the corner point, so with I = k m r^2 the moment of inertia about
 * the corner is (1 + k) m r^2 and
 *
 *   theta'' = -c cos(theta),  c = g / ((1 + k) r)
 *
 * (gravity along -y; the pendulum equation with the angle measured from the horizontal). It has
 * the energy integral theta'^2 + 2 c sin(theta) = W, but no elementary closed form for theta(t),
 * so it is integrated with the Dormand-Prince 5(4) pair with step-size control (Dormand and
 * Prince 1980; Hairer, Norsett and Wanner, Solving Ordinary Differential Equations I, II.4-II.5)
 * at a relative tolerance of 1e-12. The ball stays on the corner while the normal force per unit
 * mass N = g sin(theta) - r theta'^2 is positive; with the energy integral N is an increasing
 * function of sin(theta) alone, so it leaves at the angle where sin(theta) = leaveSine (fixed at
 * entry). Events (reaching either exit angle, leaving) are functions of theta only: a step that
 * crosses one is redone from its start with a shorter step found by the Illinois variant of
 * regula falsi (Dahlquist and Bjorck, Numerical Methods, 6.2), then theta is set to the event's
 * exact angle and theta' to the value the energy integral gives there, so an exit is hit to
 * round-off and no energy error is carried past the corner.
 *
 * Doubles go in and out through fields (PERFORMANCE.md: doubles cross calls in arrays or fields).
 */

/** Why `Pendulum.advance` stopped: the duration ran out, or an event. */
export const PendulumEvent = { None: 0, Low: 1, High: 2, Leave: 3 } as const;
export type PendulumEvent = (typeof PendulumEvent)[keyof typeof PendulumEvent];

const RELATIVE_TOLERANCE = 1e-12;

// Dormand-Prince 5(4): stage coefficients and the 5th-order weights (the 7th stage is FSAL).
const A21 = 1 / 5;
const A31 = 3 / 40, A32 = 9 / 40;
const A41 = 44 / 45, A42 = -56 / 15, A43 = 32 / 9;
const A51 = 19372 / 6561, A52 = -25360 / 2187, A53 = 64448 / 6561, A54 = -212 / 729;
const A61 = 9017 / 3168, A62 = -355 / 33, A63 = 46732 / 5247, A64 = 49 / 176, A65 = -5103 / 18656;
const B1 = 35 / 384, B3 = 500 / 1113, B4 = 125 / 192, B5 = -2187 / 6784, B6 = 11 / 84;
// 5th-order minus 4th-order weights: the local error estimate.
const E1 = 71 / 57600,
  E3 = -71 / 16695,
  E4 = 71 / 1920,
  E5 = -17253 / 339200,
  E6 = 22 / 525,
  E7 = -1 / 40;

export class Pendulum {
  theta = 0;
  omega = 0;
  /** g / ((1 + k) r), g and r: set once by the owner. */
  c = 1;
  gravity = 1;
  radius = 1;
  /** The energy integral theta'^2 + 2 c sin(theta), fixed at entry. */
  energy = 0;
  /** Exit angles (theta stays in [low, high]; -Infinity or Infinity where there is no exit). */
  low = -Infinity;
  high = Infinity;
  /** sin(theta) at which the normal force vanishes. */
  leaveSine = -2;
  /** `advance`'s input: the time to simulate; its output: the time simulated. */
  duration = 0;
  elapsed = 0;
  /** Why the last `advance` stopped. */
  event: PendulumEvent = PendulumEvent.None;
  private step = 0;
  /** Trial step from (theta, omega): theta, omega, error estimates of both. */
  private readonly trial = new Float64Array(4);
  /** The event functions (index: `PendulumEvent`) at the trial angle. */
  private readonly values = new Float64Array(4);
  /** Step length handed to `dormandPrince`, and the one `stepToEvent` found. */
  private length = 0;
  private eventLength = 0;

  /**
   * Starts on the corner at the `theta` and `omega` set, between the `low` and `high` exit
   * angles set; fixes the energy and the leaving angle.
   */
  start(): void {
    this.energy = this.omega * this.omega + 2 * this.c * Math.sin(this.theta);
    // N = g sin(theta) - r (W - 2 c sin(theta)) = (g + 2 c r) sin(theta) - r W.
    this.leaveSine = (this.radius * this.energy) / (this.gravity + 2 * this.c * this.radius);
    this.step = 0.05 / Math.sqrt(this.c);
    this.event = PendulumEvent.None;
  }

  /**
   * Whether the ball presses on the corner (the normal force g sin(theta) - r theta'^2 is
   * positive).
   */
  pressing(): boolean {
    return Math.sin(this.theta) > this.leaveSine;
  }

  /** One Dormand-Prince step of size `length` from (theta, omega) into `trial`. */
  private dormandPrince(): void {
    const c = this.c, h = this.length, theta = this.theta, omega = this.omega;
    // Stage k_i = (omega_i, -c cos(theta_i)); the theta increments use the omega stages.
    const w1 = omega, f1 = -c * Math.cos(theta);
    const w2 = omega + h * A21 * f1;
    const f2 = -c * Math.cos(theta + h * A21 * w1);
    const w3 = omega + h * (A31 * f1 + A32 * f2);
    const f3 = -c * Math.cos(theta + h * (A31 * w1 + A32 * w2));
    const w4 = omega + h * (A41 * f1 + A42 * f2 + A43 * f3);
    const f4 = -c * Math.cos(theta + h * (A41 * w1 + A42 * w2 + A43 * w3));
    const w5 = omega + h * (A51 * f1 + A52 * f2 + A53 * f3 + A54 * f4);
    const f5 = -c * Math.cos(theta + h * (A51 * w1 + A52 * w2 + A53 * w3 + A54 * w4));
    const w6 = omega + h * (A61 * f1 + A62 * f2 + A63 * f3 + A64 * f4 + A65 * f5);
    const f6 = -c * Math.cos(theta + h * (A61 * w1 + A62 * w2 + A63 * w3 + A64 * w4 + A65 * w5));
    const thetaNext = theta + h * (B1 * w1 + B3 * w3 + B4 * w4 + B5 * w5 + B6 * w6);
    const omegaNext = omega + h * (B1 * f1 + B3 * f3 + B4 * f4 + B5 * f5 + B6 * f6);
    const w7 = omegaNext, f7 = -c * Math.cos(thetaNext);
    this.trial[0] = thetaNext;
    this.trial[1] = omegaNext;
    this.trial[2] = h * (E1 * w1 + E3 * w3 + E4 * w4 + E5 * w5 + E6 * w6 + E7 * w7);
    this.trial[3] = h * (E1 * f1 + E3 * f3 + E4 * f4 + E5 * f5 + E6 * f6 + E7 * f7);
    // The event functions at the trial angle: positive inside, 0 at the event.
    const next = this.trial[0]!;
    this.values[PendulumEvent.Low] = next - this.low;
    this.values[PendulumEvent.High] = this.high - next;
    this.values[PendulumEvent.Leave] = Math.sin(next) - this.leaveSine;
  }

  /**
   * Sets `eventLength` to the shortest step from (theta, omega) that reaches `event` (its
   * function, positive at the start, is at most 0 after a step of `length`): Illinois regula
   * falsi on the step length.
   */
  private stepToEvent(event: PendulumEvent): void {
    const h = this.length;
    let inside = 0;
    let valueInside = event === PendulumEvent.Low
      ? this.theta - this.low
      : event === PendulumEvent.High
      ? this.high - this.theta
      : Math.sin(this.theta) - this.leaveSine;
    if (valueInside <= 0) {
      this.eventLength = 0;
      return;
    }
    let outside = h;
    let valueOutside = this.values[event]!;
    let side = 0;
    for (let k = 0; k < 200 && outside - inside > 2e-16 * outside; k++) {
      const next = (valueInside * outside - valueOutside * inside) / (valueInside - valueOutside);
      if (!(next > inside && next < outside)) break;
      this.length = next;
      this.dormandPrince();
      const value = this.values[event]!;
      if (value <= 0) {
        outside = next;
        valueOutside = value;
        if (side === -1) valueInside *= 0.5;
        side = -1;
      } else {
        inside = next;
        valueInside = value;
        if (side === 1) valueOutside *= 0.5;
        side = 1;
      }
    }
    this.eventLength = outside;
  }

  /**
   * Integrates for up to `duration` seconds, stopping at the first event. Sets `elapsed` to the
   * time simulated (exactly `duration` when no event came first) and `event`.
   */
  advance(): void {
    const duration = this.duration;
    this.event = PendulumEvent.None;
    let used = 0;
    while (used < duration) {
      const remaining = duration - used;
      const truncated = this.step >= remaining;
      const h = truncated ? remaining : this.step;
      const omega = this.omega;
      this.length = h;
      this.dormandPrince();
      const errorTheta = Math.abs(this.trial[2]!) / RELATIVE_TOLERANCE;
      const errorOmega = Math.abs(this.trial[3]!) /
        (RELATIVE_TOLERANCE * Math.max(Math.abs(omega), Math.sqrt(this.c)));
      const error = Math.max(errorTheta, errorOmega, 1e-10);
      const proposal = h * Math.min(4, Math.max(0.1, 0.9 * error ** -0.2));
      if (error > 1) {
        this.step = proposal;
        continue;
      }
      const crossedLow = this.values[PendulumEvent.Low]! <= 0;
      const crossedHigh = this.values[PendulumEvent.High]! <= 0;
      const crossedLeave = this.values[PendulumEvent.Leave]! <= 0;
      if (crossedLow || crossedHigh || crossedLeave) {
        let event: PendulumEvent = PendulumEvent.None;
        let eventStep = Infinity;
        for (
          let candidate = PendulumEvent.Low as PendulumEvent;
          candidate <= PendulumEvent.Leave;
          candidate++
        ) {
          if (
            !(candidate === PendulumEvent.Low
              ? crossedLow
              : candidate === PendulumEvent.High
              ? crossedHigh
              : crossedLeave)
          ) continue;
          this.length = h;
          this.dormandPrince();
          this.stepToEvent(candidate);
          if (this.eventLength < eventStep) {
            eventStep = this.eventLength;
            event = candidate;
          }
        }
        this.length = eventStep;
        this.dormandPrince();
        this.settleAt(event);
        this.event = event;
        this.elapsed = used + eventStep;
        return;
      }
      this.theta = this.trial[0]!;
      this.omega = this.trial[1]!;
      if (truncated) break;
      used += h;
      this.step = proposal;
    }
    this.elapsed = duration;
  }

  /**
   * Puts the state exactly on `event`'s angle, theta' from the energy integral with the sign of the
   * trial's.
   */
  private settleAt(event: PendulumEvent): void {
    const theta = this.trial[0]!, omega = this.trial[1]!;
    let exact = theta;
    if (event === PendulumEvent.Low) exact = this.low;
    else if (event === PendulumEvent.High) exact = this.high;
    else {
      // The angle with sin = leaveSine nearest the one found: asin(S) or pi - asin(S), plus turns.
      const principal = Math.asin(Math.min(1, Math.max(-1, this.leaveSine)));
      const turns = 2 * Math.PI;
      const a = principal + turns * Math.round((theta - principal) / turns);
      const b = Math.PI - principal + turns * Math.round((theta - Math.PI + principal) / turns);
      exact = Math.abs(a - theta) <= Math.abs(b - theta) ? a : b;
    }
    const squared = this.energy - 2 * this.c * Math.sin(exact);
    const speed = Math.sqrt(squared > 0 ? squared : 0);
    this.theta = exact;
    this.omega = omega < 0 ? -speed : speed;
  }
}
