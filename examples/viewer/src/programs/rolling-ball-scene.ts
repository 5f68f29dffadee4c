/**
 * The rolling-ball scene without a page: a ball on a profile of concave and convex corners moved
 * exactly (`ContourBall` of @contactkit/motion2d: every transition located in time), and beside
 * it the same ball moved the way a first program does it, a fixed-step explicit Euler integrator
 * that pushes the ball back out after it has sunk into the profile (`NaiveBall`). Both start from
 * the same launch and are stepped by the same frames of `FRAME` seconds; the page draws them and
 * plots their energies, Node tests them.
 *
 * World frame: metres, seconds, y up, gravity 9.81 m/s^2 along -y; every profile keeps y >= 0, so
 * the energy per unit mass W = (|v|^2 + k r^2 omega^2) / 2 + g y is positive.
 */
import { ContourBall } from '@contactkit/motion2d';
import type { BallMode } from '@contactkit/motion2d';
import { UncorrectedBall } from './uncorrected-ball.js';
import type { BallState } from './ball-state.js';

export const BALL_RADIUS = 0.25;
export const GRAVITY = 9.81;
/** One frame: what the page simulates per displayed frame and what a single step advances. */
export const FRAME = 1 / 60;

/** Drag length (metres) to launch speed (m/s). */
const SHOT_GAIN = 3;
const MAX_SPEED = 15;

/** The velocity of a throw dragged from `from` to `to`, capped at MAX_SPEED. */
export function throwVelocity(from: readonly number[], to: readonly number[]): [number, number] {
  const vx = (to[0]! - from[0]!) * SHOT_GAIN, vy = (to[1]! - from[1]!) * SHOT_GAIN;
  const speed = Math.hypot(vx, vy);
  const cap = speed > MAX_SPEED ? MAX_SPEED / speed : 1;
  return [vx * cap, vy * cap];
}

/** A profile to roll on, with the launch it starts from (the original program's "Shape"/"Game"). */
export interface Profile {
  id: string;
  title: string;
  /** The contour, left to right: the ball rolls on its left side (above it, or inside the bowl). */
  points: Array<[number, number]>;
  /** A closed outline (a body: the last point joins the first); absent or false, an open profile. */
  closed?: boolean;
  start: { position: [number, number]; velocity: [number, number]; };
}

/**
 * The centre of a ball of radius r touching segment `segment` of `points` on its left side,
 * `along` metres from the segment's start, and a velocity `speed` along the segment.
 */
export function onSegment(
  points: ReadonlyArray<readonly [number, number]>,
  segment: number,
  along: number,
  speed = 0,
  radius = BALL_RADIUS,
): Profile['start'] {
  const [ax, ay] = points[segment]!, [bx, by] = points[segment + 1]!;
  const length = Math.hypot(bx - ax, by - ay), ex = (bx - ax) / length, ey = (by - ay) / length;
  return {
    position: [ax + along * ex - radius * ey, ay + along * ey + radius * ex],
    velocity: [speed * ex, speed * ey],
  };
}

function profile(
  id: string,
  title: string,
  points: Array<[number, number]>,
  start: (points: Array<[number, number]>) => Profile['start'],
): Profile {
  return { id, title, points, start: start(points) };
}

/** A polygonal circle of radius 3 about (0, 3.5), counter-clockwise from 110 to 430 degrees: open at the top. */
function bowlPoints(): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  for (let i = 0; i <= 32; i++) {
    const angle = ((110 + 10 * i) * Math.PI) / 180;
    points.push([3 * Math.cos(angle), 3.5 + 3 * Math.sin(angle)]);
  }
  return points;
}

export const PROFILES: readonly Profile[] = [
  // Walls, flat shoulders (convex edges) and a V: let go below the shoulders it rolls to and fro
  // through the concave bottom for ever, without losses.
  profile('valley', 'Valley', [[-6, 4], [-6, 2.5], [-4.5, 2.5], [0, 0.5], [4.5, 2.5], [6, 2.5], [
    6,
    4,
  ]], (p) => onSegment(p, 2, 1.2)),
  // Two valleys and a convex peak between them, which throws a fast ball into the air.
  profile('w-profile', 'W-profile', [
    [-7, 4.5],
    [-7, 3],
    [-5.5, 3],
    [-3, 0.5],
    [0, 2],
    [3, 0.5],
    [5.5, 3],
    [7, 3],
    [7, 4.5],
  ], (p) => onSegment(p, 2, 0.3)),
  // A ramp, a kicker whose lip throws the ball, the floor, a table with two convex edges, a wall.
  profile('ramp-jump-table', 'Ramp, jump and table', [
    [-8, 6],
    [-8, 5],
    [-4, 1.2],
    [-2.2, 1.2],
    [-1.2, 1.8],
    [-1.2, 0],
    [1.5, 0],
    [1.5, 1.2],
    [4.5, 1.2],
    [4.5, 0],
    [8, 0],
    [8, 2],
  ], (p) => onSegment(p, 1, 0.8)),
  // A round bowl of 32 concave corners, open at the top: fast enough, the ball runs up the
  // overhang, leaves it where gravity no longer holds it on, and falls across.
  profile(
    'bowl',
    'Loop-ish bowl',
    bowlPoints(),
    (p) => onSegment(p, 16, 3 * Math.sin(Math.PI / 36), 10),
  ),
];

export function findProfile(id: string | null): Profile | undefined {
  return PROFILES.find((p) => p.id === id);
}

/** The settings the options panel changes (the ball is rebuilt with them). */
export interface RollingBallSettings {
  restitution: number;
  rollingFriction: number;
  /** k in I = k m r^2: 0 a point mass, 0.4 a solid ball. */
  inertia: number;
}

export const DEFAULT_SETTINGS: RollingBallSettings = {
  restitution: 0.5,
  rollingFriction: 0,
  inertia: 0.4,
};

/**
 * A ball moved as a first program moves it: each fixed step is one explicit Euler step (position
 * from the old velocity, then the velocity from the acceleration), after which any overlap with
 * the profile is undone by pushing the centre out along the normal to one radius and the normal
 * velocity is reflected (times the restitution) or, when small, removed. While it touches, gravity's
 * normal part is taken off and its tangential part divided by 1 + k (rolling; Halliday, Resnick
 * and Walker, Fundamentals of Physics, ch. 11). Explicit Euler gains g^2 h^2 / 2 per step in free
 * flight (Hairer, Lubich and Wanner, Geometric Numerical Integration, I.1), corners are met a
 * step late and the push-out changes the height: the energy drifts.
 */
export class NaiveBall {
  readonly position = [0, 0];
  readonly velocity = [0, 0];
  /** Angular velocity magnitude (rad/s): rolling while it touches, kept in flight. */
  spin = 0;
  time = 0;
  /** Unit normal of the last contact (from the profile toward the centre), or null in flight. */
  contact: [number, number] | null = null;
  /** The ball has fallen through the profile and out of the picture: it stops. */
  lost = false;
  private readonly floor: number;

  constructor(
    readonly points: ReadonlyArray<readonly [number, number]>,
    readonly settings: RollingBallSettings,
    readonly radius = BALL_RADIUS,
    readonly gravity = GRAVITY,
  ) {
    this.floor = Math.min(...points.map((p) => p[1])) - 10 * radius;
  }

  launch(position: readonly number[], velocity: readonly number[]): void {
    this.position[0] = position[0]!;
    this.position[1] = position[1]!;
    this.velocity[0] = velocity[0]!;
    this.velocity[1] = velocity[1]!;
    this.spin = 0;
    this.time = 0;
    this.lost = false;
    this.correct();
  }

  get energy(): number {
    const v = this.velocity, w = this.spin * this.radius;
    return 0.5 * (v[0]! * v[0]! + v[1]! * v[1]! + this.settings.inertia * w * w) +
      this.gravity * this.position[1]!;
  }

  get mode(): BallMode {
    if (!this.contact) return 'flight';
    return this.velocity[0] === 0 && this.velocity[1] === 0 ? 'rest' : 'ground';
  }

  /** One explicit Euler step of `h` seconds, then the push-out. */
  step(h: number): void {
    if (this.lost) return;
    const p = this.position, v = this.velocity, { rollingFriction: mu, inertia: k } = this.settings;
    let ax = 0, ay = -this.gravity;
    let stop = false;
    const n = this.contact;
    if (n && ay * n[1] < 0) {
      const tx = n[1], ty = -n[0];
      const pressing = -ay * n[1], along = ay * ty, vt = v[0]! * tx + v[1]! * ty;
      const friction = vt > 0
        ? mu * pressing
        : vt < 0
        ? -mu * pressing
        : Math.sign(along) * Math.min(Math.abs(along), mu * pressing);
      const at = (along - friction) / (1 + k);
      // Friction may stop the ball within the step, not turn it round.
      stop = vt !== 0 && mu > 0 && Math.sign(vt + at * h) !== Math.sign(vt) &&
        Math.abs(along) <= mu * pressing;
      ax = at * tx;
      ay = at * ty;
    }
    p[0] = p[0]! + h * v[0]!;
    p[1] = p[1]! + h * v[1]!;
    v[0] = stop ? 0 : v[0]! + h * ax;
    v[1] = stop ? 0 : v[1]! + h * ay;
    this.time += h;
    this.correct();
    if (p[1]! < this.floor) this.lost = true;
  }

  /** Pushes the ball out of every segment it overlaps (twice round, for concave corners) and records the contact. */
  private correct(): void {
    const p = this.position, v = this.velocity, r = this.radius, pts = this.points;
    const landing = Math.sqrt((2 * this.gravity * r) / 100);
    this.contact = null;
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 0; i + 1 < pts.length; i++) {
        const [ax, ay] = pts[i]!, [bx, by] = pts[i + 1]!;
        const sx = bx - ax, sy = by - ay;
        const t = Math.min(
          1,
          Math.max(0, ((p[0]! - ax) * sx + (p[1]! - ay) * sy) / (sx * sx + sy * sy)),
        );
        const dx = p[0]! - ax - t * sx, dy = p[1]! - ay - t * sy, d = Math.hypot(dx, dy);
        if (d > r * (1 + 1e-6)) continue;
        const length = Math.hypot(sx, sy);
        // A centre on the segment itself is pushed to its left side (where the ball rolls).
        const nx = d > 0 ? dx / d : -sy / length, ny = d > 0 ? dy / d : sx / length;
        if (d < r) {
          p[0] = ax + t * sx + r * nx;
          p[1] = ay + t * sy + r * ny;
        }
        const vn = v[0]! * nx + v[1]! * ny;
        if (vn < 0) {
          const scale = -vn > landing ? 1 + this.settings.restitution : 1;
          v[0] = v[0]! - scale * vn * nx;
          v[1] = v[1]! - scale * vn * ny;
          // A bounce leaves the surface; a small normal velocity removed keeps the ball on it.
          if (scale === 1) this.contact = [nx, ny];
        } else if (vn <= 1e-9 * (1 + Math.hypot(v[0]!, v[1]!))) {
          this.contact = [nx, ny];
        }
      }
    }
    if (this.contact) this.spin = Math.abs(v[0]! * this.contact[1] - v[1]! * this.contact[0]) / r;
  }

  /** The naive Euler ball; energy per unit mass (|v|^2 + k r^2 omega^2) / 2 + g y, time in seconds since the launch. */
  get state(): BallState {
    return {
      position: [...this.position],
      velocity: [...this.velocity],
      mode: this.mode,
      energy: this.energy,
      time: this.time,
    };
  }
}

/** One sample of the energy plot. */
export interface EnergySample {
  time: number;
  exact: number;
  naive: number;
}

/**
 * A transition of the exact ball: over a concave corner's limiter points onto the next segment,
 * onto or off a convex corner, a take-off, an impact (bouncing on), a landing (rolling on),
 * coming to rest, or a turn on the same segment (stopped and sent back by gravity, where the
 * rolling friction changes direction).
 */
export type EventKind = 'limiter' | 'corner' | 'take-off' | 'impact' | 'landing' | 'rest' | 'turn';

export interface BallEvent {
  kind: EventKind;
  /** The ball's centre at the event. */
  position: [number, number];
  /** Seconds since the launch. */
  time: number;
}

/** How many events the scene keeps. */
export const EVENTS = 40;

/** How many frames of energy the plot keeps (10 s). */
export const HISTORY = 600;

export class RollingBallScene {
  readonly ball: ContourBall;
  readonly naive: NaiveBall;
  /** The same ball without the limiter correction (the plain segment switch), stepped by whole frames. */
  readonly uncorrected: UncorrectedBall;
  /** The last launch, as given to both balls. */
  launched: { position: number[]; velocity: number[]; } = { position: [0, 0], velocity: [0, 0] };
  /** Frames since the last launch. */
  frames = 0;
  /** Both balls' energies at the last launch. */
  startEnergy = { exact: 0, naive: 0, uncorrected: 0 };
  /** Seconds of the current frame the exact ball has already simulated (by `stepToEvent`). */
  intoFrame = 0;
  /** Euler steps the naive ball takes per frame. */
  readonly naiveSteps: number;
  readonly history: EnergySample[] = [];
  /** The exact ball's last `EVENTS` transitions, where and when they happened. */
  readonly events: BallEvent[] = [];

  constructor(
    readonly profile: Profile,
    readonly settings: RollingBallSettings = DEFAULT_SETTINGS,
    naiveSteps = 1,
  ) {
    if (!(Number.isInteger(naiveSteps) && naiveSteps >= 1)) {
      throw new RangeError(
        `RollingBallScene: naiveSteps must be a whole number >= 1, got ${naiveSteps}`,
      );
    }
    this.naiveSteps = naiveSteps;
    const options = {
      radius: BALL_RADIUS,
      gravity: GRAVITY,
      restitution: settings.restitution,
      rollingFriction: settings.rollingFriction,
      inertia: settings.inertia,
    };
    this.ball = new ContourBall(profile.points, { ...options, closed: profile.closed ?? false });
    // The naive ball takes the closing segment as one more segment of an open chain.
    this.uncorrected = new UncorrectedBall(profile.points, profile.closed ?? false, {
      radius: BALL_RADIUS,
      gravity: GRAVITY,
      inertia: settings.inertia,
      restitution: settings.restitution,
    });
    this.naive = new NaiveBall(
      profile.closed ? [...profile.points, profile.points[0]!] : profile.points,
      settings,
    );
    this.shoot(profile.start.position, profile.start.velocity);
  }

  /**
   * Launches both balls from `position` with `velocity`; throws (and changes nothing) where the
   * ball would overlap the profile. A ball touching a segment shot into it rolls along it
   * instead: the velocity keeps its part along the segment.
   */
  shoot(position: readonly number[], velocity: readonly number[]): void {
    const along = this.rollingVelocity(position, velocity);
    this.ball.launch(position, along);
    this.naive.launch(position, along);
    this.uncorrected.launch(position, along);
    this.launched = { position: [position[0]!, position[1]!], velocity: [along[0]!, along[1]!] };
    this.frames = 0;
    this.intoFrame = 0;
    this.startEnergy = {
      exact: this.ball.energy,
      naive: this.naive.energy,
      uncorrected: this.uncorrected.energy,
    };
    this.history.length = 0;
    this.events.length = 0;
    this.record();
  }

  /** `velocity`, or its part along the segment the ball at `position` touches when it points into it. */
  private rollingVelocity(position: readonly number[], velocity: readonly number[]): number[] {
    const pts = this.profile.points, r = BALL_RADIUS;
    for (let i = 0; i + 1 < pts.length; i++) {
      const [ax, ay] = pts[i]!, [bx, by] = pts[i + 1]!;
      const length = Math.hypot(bx - ax, by - ay), ex = (bx - ax) / length, ey = (by - ay) / length;
      const s = (position[0]! - ax) * ex + (position[1]! - ay) * ey;
      const h = -(position[0]! - ax) * ey + (position[1]! - ay) * ex;
      const vn = -velocity[0]! * ey + velocity[1]! * ex;
      if (s >= 0 && s <= length && Math.abs(h - r) <= 1e-9 * r && vn < 0) {
        const vt = velocity[0]! * ex + velocity[1]! * ey;
        return [vt * ex, vt * ey];
      }
    }
    return [velocity[0]!, velocity[1]!];
  }

  /**
   * One frame: the exact ball advances to the frame's end (`FRAME` seconds, less what
   * `stepToEvent` has already taken of it), the naive one takes `naiveSteps` Euler steps of
   * `FRAME / naiveSteps`.
   */
  step(): void {
    let remaining = FRAME - this.intoFrame, instants = 0;
    while (remaining > 0) {
      let used = this.advanceToEvent(remaining);
      // Transitions at one instant end in a step of time; should they not, advance() takes the
      // rest of the frame with its own guard.
      if (used === 0 && ++instants > 64) {
        this.ball.advance(remaining);
        used = remaining;
      }
      remaining -= used;
    }
    this.endFrame();
  }

  /**
   * A debugger's single step: the exact ball advances to its next transition or to the frame's
   * end, whichever comes first; returns the seconds simulated. The naive ball moves only when the
   * frame ends, so both stay on the same frames.
   */
  stepToEvent(): number {
    const used = this.advanceToEvent(FRAME - this.intoFrame);
    this.intoFrame += used;
    // The frame's end within round-off: the rest of it is shorter than any event could be.
    if (this.intoFrame >= FRAME * (1 - 1e-12)) {
      this.ball.advance(Math.max(0, FRAME - this.intoFrame));
      this.endFrame();
    }
    return used;
  }

  /** The exact ball to its next transition or `maxDt`; a transition is recorded in `events`. */
  private advanceToEvent(maxDt: number): number {
    const ball = this.ball, mode = ball.mode, segment = ball.segment;
    const used = ball.advanceToEvent(maxDt);
    if (used < maxDt) {
      const next = ball.mode;
      const kind: EventKind = next === 'flight' ?
        (mode === 'flight' ? 'impact' : 'take-off')
        : mode === 'flight' ?
        'landing'
        : next === 'rest' ?
        'rest'
        : next === 'corner' || mode === 'corner' ?
        'corner'
        : ball.segment !== segment
        ? 'limiter'
        : 'turn';
      this.events.push({ kind, position: [ball.position[0]!, ball.position[1]!], time: ball.time });
      if (this.events.length > EVENTS) this.events.shift();
    }
    return used;
  }

  private endFrame(): void {
    const h = FRAME / this.naiveSteps;
    for (let i = 0; i < this.naiveSteps; i++) this.naive.step(h);
    this.uncorrected.step(FRAME);
    this.intoFrame = 0;
    this.frames++;
    this.record();
  }

  private record(): void {
    this.history.push({ time: this.ball.time, exact: this.ball.energy, naive: this.naive.energy });
    if (this.history.length > HISTORY) this.history.shift();
  }

  /** The ContourBall; energy per unit mass ContourBall.energy, time in seconds since the launch. */
  get state(): BallState {
    const b = this.ball;
    return {
      position: Array.from(b.position),
      velocity: Array.from(b.velocity),
      mode: b.mode,
      energy: b.energy,
      time: b.time,
    };
  }
}
