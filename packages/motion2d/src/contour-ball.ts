/**
 * A ball rolling, turning, flying and bouncing on a fixed 2D contour, with every change of state
 * located exactly in time.
 *
 * Units are the caller's (metres and seconds with the default gravity 9.81); gravity points along
 * -y. Per unit mass, with I = k m r^2 the ball's own moment of inertia:
 *
 * - ground: on segment i it rolls without slipping, so it moves as on an inclined plane with the
 *   acceleration (g sin(beta) - mu g cos(beta) sign(v)) / (1 + k) along the segment (beta the
 *   slope, mu the rolling friction; Halliday, Resnick and Walker, Fundamentals of Physics, 11-3).
 *   The motion is uniformly accelerated between events, and the time to each event (a limiter or
 *   segment end, a stop) is a root of a quadratic, solved in closed form.
 * - concave corner: the ball touches both segments at once when its centre is at the limiter
 *   point, r tan(|beta_i+1 - beta_i| / 2) from the corner along each segment. There it goes on
 *   along the next segment keeping its speed (redirected, the velocity turned to the new
 *   direction): no energy is lost, whatever the restitution.
 * - convex corner: the ball turns about the corner point (see pendulum.ts) until it reaches the
 *   next segment, rolls back, or the normal force g sin(theta) - r theta'^2 vanishes and it
 *   leaves the surface. An open end of the contour is a convex corner with one segment.
 * - flight: a parabola. Each stretch of at most sqrt(4 r / g) seconds is screened with
 *   `sweepCircle` (the chord of the stretch, the radius grown by the chord's largest distance
 *   from the parabola, g h^2 / 8, so no contact can be missed) and, where that finds something,
 *   the impact is the first root of the exact distance polynomial of the parabola to each nearby
 *   segment (degree 2) and corner point (degree 4).
 * - impact: the velocity's normal part is reversed and scaled by `restitution`, its tangential
 *   part scaled by `tangentialRestitution`, the spin kept. A rebound slower than `landingSpeed`
 *   lands instead: the normal velocity is dropped and the ball rolls on from there (with k > 0 the
 *   rolling speed is the one that keeps the angular momentum about the contact point,
 *   (v_t + k r omega) / (1 + k), which loses energy when the spin does not match the speed).
 * - rest: stopped on a segment where static rolling friction holds it (|g sin(beta)| at most
 *   mu g cos(beta)), or in a concave corner both of whose segments slope toward it.
 *
 * While rolling or turning the ball touches only the segment or corner it is on and the two
 * next to it: a contour that folds back so that the ball would touch a segment farther along
 * the contour is seen only in flight.
 *
 * The simulation's methods pass doubles through fields, so `advance` allocates nothing
 * (PERFORMANCE.md: doubles cross calls in arrays or fields).
 */
import {
  requireFinite,
  requireNonNegative,
  requirePositive,
  readFiniteArray,
  copyFiniteArray,
} from '@contactkit/math';
import { Chain, Circle, SweepHit, VERTEX_FEATURE, sweepCircle } from '@contactkit/collision2d';
import { Pendulum, PendulumEvent } from './pendulum.js';
import { FallingRoot, firstFallingRoot, Reach, timeToReach } from './roots.js';

/** What the ball is doing. */
export type BallMode = 'flight' | 'ground' | 'corner' | 'rest';

/** Settings of a `ContourBall`; only `radius` is required. */
export interface ContourBallOptions {
  /** The ball's radius, > 0. */
  radius: number;
  /** Whether the last point joins the first (default false: an open contour). */
  closed?: boolean;
  /** Acceleration of gravity along -y, > 0 (default 9.81). */
  gravity?: number;
  /** Normal restitution of an impact, in [0, 1] (default 0.5). */
  restitution?: number;
  /** Factor on the tangential velocity at an impact, in [0, 1] (default 1). */
  tangentialRestitution?: number;
  /** Rolling-friction coefficient mu, >= 0 (default 0). */
  rollingFriction?: number;
  /** k in I = k m r^2, >= 0: 0 a point mass, 0.4 a solid ball, 2/3 a thin shell (default 0). */
  inertia?: number;
  /**
   * A rebound slower than this (normal speed after the impact) lands and rolls instead of
   * hopping, >= 0. Default sqrt(2 g r / 100): the speed of a hop 1% of the radius high.
   */
  landingSpeed?: number;
}

/** What a corner of the contour is for a ball on one side (see `ContourBall.corners`). */
export interface ContourCorner {
  /** Index into `ContourBall.vertices` (x at 2 vertex, y at 2 vertex + 1). */
  readonly vertex: number;
  /** 'concave' (limiters), 'convex' (turning), 'straight' (no corner) or 'end' (an open end). */
  readonly kind: 'concave' | 'convex' | 'straight' | 'end';
  /** Distance of the two limiter points from the corner along its segments (concave; else 0). */
  readonly limiter: number;
  /** The limiter point on the segment before the corner, `[x, y]` (concave only). */
  readonly limiterBefore: Float64Array | null;
  /** The limiter point on the segment after the corner, `[x, y]` (concave only). */
  readonly limiterAfter: Float64Array | null;
  /** Concave: the ball's centre when it touches both segments. */
  readonly wedgedCentre: Float64Array | null;
  /**
   * Convex and end: the arc the ball's centre can follow about the corner, radius r, from
   * `sectorStart` to `sectorEnd` (radians from +x; the segment before's normal to the segment
   * after's). An open end has one segment: its sector is drawn a quarter turn beyond it.
   */
  readonly sectorStart: number;
  /** See `sectorStart`. */
  readonly sectorEnd: number;
}

const Mode = { Flight: 0, Ground: 1, Corner: 2, Rest: 3 } as const;
type Mode = (typeof Mode)[keyof typeof Mode];
const MODE_NAMES: readonly BallMode[] = ['flight', 'ground', 'corner', 'rest'];

const Kind = { Concave: 0, Convex: 1, Straight: 2, End: 3 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];
const KIND_NAMES = ['concave', 'convex', 'straight', 'end'] as const;

/** Relative distance within which `launch` takes the ball as touching the contour. */
const TOUCH_TOLERANCE = 1e-9;
/**
 * A friction stop this many radii from a concave corner that both its segments slope toward: rest
 * there.
 */
const SETTLE_DISTANCE = 1e-9;
/**
 * More transitions than this in a row, each shorter than `INSTANT` times sqrt(r / g): a state
 * the rules cannot resolve, or events closing in on a limit point (a Zeno sequence the rules do
 * not end); the ball rests where it is (a safeguard: no test reaches it).
 */
const MAX_INSTANT_EVENTS = 1000;
const INSTANT = 1e-9;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return (value as object).constructor?.name ?? 'object';
  return typeof value;
}

/**
 * A ball of radius r moving under gravity on the contour through `points` (`[x, y]`, at least 2
 * distinct; 3 when closed). See the file comment for the model.
 */
export class ContourBall {
  /** The ball's radius. */
  readonly radius: number;
  /** Whether the contour is closed (its last point joined to its first). */
  readonly closed: boolean;
  /** Acceleration of gravity, along -y. */
  readonly gravity: number;
  /** Normal restitution of an impact. */
  readonly restitution: number;
  /** Factor on the tangential velocity at an impact. */
  readonly tangentialRestitution: number;
  /** Rolling-friction coefficient mu. */
  readonly rollingFriction: number;
  /** k in I = k m r^2. */
  readonly inertia: number;
  /** Rebound speed below which an impact lands instead of bouncing. */
  readonly landingSpeed: number;
  /**
   * The contour's vertices, flat (`x0, y0, x1, y1, ...`); a closed contour repeats vertex 0 at the
   * end.
   */
  readonly vertices: Float64Array;
  /** Segment i runs from vertex i to vertex i + 1. */
  readonly segmentCount: number;
  /** The ball's centre, `[x, y]`, updated by `launch` and `advance`. */
  readonly position: Float64Array = new Float64Array(2);
  /** The ball's velocity, `[vx, vy]`. */
  readonly velocity: Float64Array = new Float64Array(2);
  /** Simulated seconds since the last `launch`. */
  time = 0;

  private readonly chain: Chain;
  private readonly directionX: Float64Array;
  private readonly directionY: Float64Array;
  private readonly lengths: Float64Array;
  /** Per corner vertex: cross product of the unit directions before and after (0 at open ends). */
  private readonly turn: Float64Array;
  /** Per corner vertex: r tan(|turning angle| / 2). */
  private readonly limiters: Float64Array;
  private readonly cornerCount: number;
  /** Per segment: where the ball may roll, [low, high] on the left side, then on the right. */
  private readonly bounds: Float64Array;
  /**
   * Per corner vertex: the exit angles [before, after] about it on the left side, then on the
   * right.
   */
  private readonly sectors: Float64Array;

  private modeCode: Mode = Mode.Rest;
  private launched = false;
  /** Which side of the contour the ball is on: +1 left of the segments' direction, -1 right. */
  private sideSign = 1;
  // Ground (and the segment of a rest on the ground).
  private segmentIndex = 0;
  private along = 0;
  private speed = 0;
  private restX = 0;
  private restY = 0;
  // Corner.
  private cornerVertex = 0;
  private readonly pendulum = new Pendulum();
  /** The root problems of the ground and flight events, reused each step. */
  private readonly reach = new Reach();
  private readonly falling = new FallingRoot();
  /** Whether the corner's low exit angle leads to the segment before it. */
  private lowIsBefore = true;
  // Flight: the parabola from its departure point, and the time since departure.
  private departureX = 0;
  private departureY = 0;
  private departureVx = 0;
  private departureVy = 0;
  private flightTime = 0;
  private spinValue = 0;
  /** Feature the flight started on (their low-order distance coefficients are exactly 0). */
  private departureFace = -1;
  private departureFaceSide = 1;
  private departureFaceOrder = 0;
  private departureVertex = -1;
  private departureVertexOrder = 0;

  // Flight screening: a circle grown by the chord's sagitta, and the exact solve's result.
  private readonly flightStretch: number;
  private readonly screen: Circle;
  private readonly screenHit = new SweepHit();
  private readonly screenChord = new Float64Array(2);
  private readonly screenCentre = new Float64Array(2);
  private readonly launchScratch = new Float64Array(2);
  private readonly arcBox = new Float64Array(4);
  private impactFeature = 0;
  private impactSide = 1;
  private instantEvents = 0;
  /** A step's time budget and the time it used (see `stepMode`). */
  private budget = 0;
  private elapsed = 0;
  /** The impact being handled: centre x, y, velocity x, y, unit normal x, y. */
  private readonly contact = new Float64Array(6);
  /** Rolling speed along perp(normal) after a landing. */
  private rolling = 0;
  /** The flight window `firstImpact` searches (time since departure) and the impact found. */
  private windowStart = 0;
  private windowEnd = 0;
  private impactTime = 0;
  private cornerTables: [ContourCorner[] | null, ContourCorner[] | null] = [null, null];

  constructor(points: ArrayLike<ArrayLike<number>>, options: ContourBallOptions) {
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`ContourBall.options must be an object, got ${describe(options)}`);
    }
    this.radius = requirePositive('ContourBall.radius', options.radius);
    if (options.closed !== undefined && typeof options.closed !== 'boolean') {
      throw new TypeError(`ContourBall.closed must be a boolean, got ${describe(options.closed)}`);
    }
    this.closed = options.closed ?? false;
    this.gravity = requirePositive('ContourBall.gravity', options.gravity ?? 9.81);
    this.restitution = requireUnit('ContourBall.restitution', options.restitution ?? 0.5);
    this.tangentialRestitution = requireUnit(
      'ContourBall.tangentialRestitution',
      options.tangentialRestitution ?? 1,
    );
    this.rollingFriction = requireNonNegative(
      'ContourBall.rollingFriction',
      options.rollingFriction ?? 0,
    );
    this.inertia = requireNonNegative('ContourBall.inertia', options.inertia ?? 0);
    this.landingSpeed = requireNonNegative(
      'ContourBall.landingSpeed',
      options.landingSpeed ?? Math.sqrt((2 * this.gravity * this.radius) / 100),
    );

    if (points === null || typeof points !== 'object' || typeof points.length !== 'number') {
      throw new TypeError(
        `ContourBall.points must be an array of [x, y] points, got ${describe(points)}`,
      );
    }
    const list: ArrayLike<number>[] = [];
    for (let i = 0; i < points.length; i++) list.push(points[i]!);
    if (this.closed && points.length > 0) list.push(points[0]!);
    try {
      this.chain = new Chain(list);
    } catch (error) {
      if (error instanceof Error) {
        error.message = error.message.replace('Chain.points', 'ContourBall.points');
      }
      throw error;
    }
    this.vertices = this.chain.vertices;
    this.segmentCount = this.chain.segmentCount;
    if (this.closed && this.segmentCount < 3) {
      throw new RangeError(
        `ContourBall.points of a closed contour must have at least 3 distinct points, got ${this.segmentCount}`,
      );
    }
    const n = this.segmentCount, v = this.vertices;
    this.directionX = new Float64Array(n);
    this.directionY = new Float64Array(n);
    this.lengths = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const ex = v[2 * i + 2]! - v[2 * i]!, ey = v[2 * i + 3]! - v[2 * i + 1]!;
      const length = Math.hypot(ex, ey);
      this.lengths[i] = length;
      this.directionX[i] = ex / length;
      this.directionY[i] = ey / length;
    }
    this.cornerCount = this.closed ? n : n + 1;
    this.turn = new Float64Array(this.cornerCount);
    this.limiters = new Float64Array(this.cornerCount);
    for (let j = 0; j < this.cornerCount; j++) {
      const p = this.segmentBefore(j), q = this.segmentAfter(j);
      if (p < 0 || q < 0) continue;
      const cross = this.directionX[p]! * this.directionY[q]! -
        this.directionY[p]! * this.directionX[q]!;
      const dot = this.directionX[p]! * this.directionX[q]! +
        this.directionY[p]! * this.directionY[q]!;
      if (cross === 0 && dot < 0) {
        throw new RangeError(
          `ContourBall.points: the contour folds back onto itself at vertex ${
            this.chain.inputIndex[j]
          }`,
        );
      }
      this.turn[j] = cross;
      this.limiters[j] = this.radius * Math.tan(Math.abs(Math.atan2(cross, dot)) / 2);
    }
    this.bounds = new Float64Array(4 * n);
    this.sectors = new Float64Array(4 * this.cornerCount);
    // The ball must fit on every segment between the limiters of its concave corners, on both
    // sides.
    for (const side of [1, -1]) {
      for (let i = 0; i < n; i++) {
        if (this.highBound(i, side) < this.lowBound(i, side)) {
          throw new RangeError(
            `ContourBall.points: a ball of radius ${this.radius} does not fit on segment ${i} (from point ${
              this.chain.inputIndex[i]
            }, ` +
              `${this.lengths[i]} long) on the ${
                side > 0 ? 'left' : 'right'
              } side: its concave corners' limiters need ` +
              `${this.lengths[i]! - this.highBound(i, side) + this.lowBound(i, side)}`,
          );
        }
      }
    }
    for (const side of [1, -1]) {
      const offset = side > 0 ? 0 : 2;
      for (let i = 0; i < n; i++) {
        this.bounds[4 * i + offset] = this.lowBound(i, side);
        this.bounds[4 * i + offset + 1] = this.highBound(i, side);
      }
      for (let j = 0; j < this.cornerCount; j++) {
        const sector = this.computeSector(j, side);
        this.sectors[4 * j + offset] = sector[0];
        this.sectors[4 * j + offset + 1] = sector[1];
      }
    }
    this.pendulum.gravity = this.gravity;
    this.pendulum.radius = this.radius;
    this.pendulum.c = this.gravity / ((1 + this.inertia) * this.radius);
    this.flightStretch = Math.sqrt((4 * this.radius) / this.gravity);
    // Sagitta of a chord of the longest stretch: g h^2 / 8 = r / 2.
    this.screen = new Circle(1.5 * this.radius);
  }

  /** 'flight', 'ground', 'corner' or 'rest'. */
  get mode(): BallMode {
    return MODE_NAMES[this.modeCode]!;
  }

  /** The segment the ball rolls or rests on, else -1. */
  get segment(): number {
    return this.modeCode === Mode.Ground || this.modeCode === Mode.Rest ? this.segmentIndex : -1;
  }

  /** The vertex the ball turns about (mode 'corner'), else -1. */
  get vertex(): number {
    return this.modeCode === Mode.Corner ? this.cornerVertex : -1;
  }

  /**
   * The side of the contour the ball is on: +1 left of the segments' direction, -1 right (last
   * contact, in flight).
   */
  get side(): number {
    return this.sideSign;
  }

  /** The ball's angular velocity, counter-clockwise positive (rad/s). */
  get spin(): number {
    if (this.modeCode === Mode.Flight) return this.spinValue;
    if (this.modeCode === Mode.Corner) return this.pendulum.omega;
    return (-this.sideSign * this.speed) / this.radius;
  }

  /**
   * Total energy per unit mass, W = (|v|^2 + k r^2 omega^2) / 2 + g y: kinetic energy with the
   * spin, plus the potential energy with y measured from 0.
   */
  get energy(): number {
    const k = this.inertia, g = this.gravity, y = this.position[1]!;
    if (this.modeCode === Mode.Flight) {
      const vx = this.velocity[0]!, vy = this.velocity[1]!, w = this.spinValue * this.radius;
      return 0.5 * (vx * vx + vy * vy + k * w * w) + g * y;
    }
    if (this.modeCode === Mode.Corner) {
      const w = this.pendulum.omega * this.radius;
      return 0.5 * (1 + k) * w * w + g * y;
    }
    return 0.5 * (1 + k) * this.speed * this.speed + g * y;
  }

  /**
   * The limiter distance at corner `vertex` (r tan(|turning angle| / 2)), whichever side is
   * concave; 0 at an open end.
   */
  limiter(vertex: number): number {
    return this.limiters[vertex] ?? 0;
  }

  /**
   * Every corner of the contour as a ball on `side` (+1 left, -1 right) meets it: kind, limiter
   * points, sectors.
   */
  corners(side: number): readonly ContourCorner[] {
    if (side !== 1 && side !== -1) {
      throw new RangeError(`ContourBall.corners: side must be 1 or -1, got ${side}`);
    }
    const index = side > 0 ? 0 : 1;
    const cached = this.cornerTables[index];
    if (cached) return cached;
    const table: ContourCorner[] = [];
    const r = this.radius, v = this.vertices;
    for (let j = 0; j < this.cornerCount; j++) {
      const kind = this.cornerKind(j, side);
      const p = this.segmentBefore(j), q = this.segmentAfter(j);
      const x = v[2 * j]!, y = v[2 * j + 1]!;
      const limiter = kind === Kind.Concave ? this.limiters[j]! : 0;
      let limiterBefore: Float64Array | null = null,
        limiterAfter: Float64Array | null = null,
        wedgedCentre: Float64Array | null = null;
      let sectorStart = 0, sectorEnd = 0;
      if (kind === Kind.Concave) {
        limiterBefore = Float64Array.of(
          x - limiter * this.directionX[p]!,
          y - limiter * this.directionY[p]!,
        );
        limiterAfter = Float64Array.of(
          x + limiter * this.directionX[q]!,
          y + limiter * this.directionY[q]!,
        );
        wedgedCentre = Float64Array.of(
          limiterAfter[0]! - side * r * this.directionY[q]!,
          limiterAfter[1]! + side * r * this.directionX[q]!,
        );
      } else if (kind === Kind.Convex || kind === Kind.End) {
        const at = this.sectorAt(j, side);
        sectorStart = this.sectors[at]!;
        sectorEnd = this.sectors[at + 1]!;
      }
      table.push({
        vertex: j,
        kind: KIND_NAMES[kind],
        limiter,
        limiterBefore,
        limiterAfter,
        wedgedCentre,
        sectorStart,
        sectorEnd,
      });
    }
    this.cornerTables[index] = table;
    return table;
  }

  /**
   * Puts the ball's centre at `position` (`[x, y]`) with `velocity` (`[vx, vy]`), both finite,
   * and `time` to 0. Touching a segment (within 1e-9 of the radius) with a velocity along it on
   * a side where gravity presses it on, the ball rolls; otherwise it flies. Throws a RangeError
   * if the ball would overlap the contour; a rejected call changes nothing.
   */
  launch(position: ArrayLike<number>, velocity: ArrayLike<number>): void {
    const p = this.launchScratch;
    if (!copyFiniteArray(position, 2, p)) {
      readFiniteArray('ContourBall.launch: position', position, 2, p);
    }
    const x = p[0]!, y = p[1]!;
    if (!copyFiniteArray(velocity, 2, p)) {
      readFiniteArray('ContourBall.launch: velocity', velocity, 2, p);
    }
    const vx = p[0]!, vy = p[1]!;
    const r = this.radius, v = this.vertices;
    // Only the segments within reach of the ball can touch it.
    const box = this.arcBox, reachOut = r * (1 + 2 * TOUCH_TOLERANCE);
    box[0] = x - reachOut;
    box[1] = y - reachOut;
    box[2] = x + reachOut;
    box[3] = y + reachOut;
    const grid = this.chain.grid;
    const candidates = grid ? grid.query(box) : this.segmentCount;
    let nearest = Infinity, nearestSegment = 0, nearestAlong = 0;
    for (let k = 0; k < candidates; k++) {
      const i = grid ? grid.candidates[k]! : k;
      const ax = v[2 * i]!, ay = v[2 * i + 1]!, ex = this.directionX[i]!, ey = this.directionY[i]!;
      const s = Math.min(this.lengths[i]!, Math.max(0, (x - ax) * ex + (y - ay) * ey));
      const d = Math.hypot(x - ax - s * ex, y - ay - s * ey);
      if (d < nearest) {
        nearest = d;
        nearestSegment = i;
        nearestAlong = s;
      }
    }
    if (nearest < r * (1 - TOUCH_TOLERANCE)) {
      throw new RangeError(
        `ContourBall.launch: a ball of radius ${r} at [${x}, ${y}] overlaps the contour ` +
          `(its centre is ${nearest} from segment ${nearestSegment})`,
      );
    }
    this.launched = true;
    this.time = 0;
    this.instantEvents = 0;
    const i = nearestSegment, ex = this.directionX[i]!, ey = this.directionY[i]!;
    const side = (x - v[2 * i]!) * -ey + (y - v[2 * i + 1]!) * ex >= 0 ? 1 : -1;
    const normalSpeed = side * (vx * -ey + vy * ex);
    const onFace = nearestAlong >= this.lowBound(i, side) &&
      nearestAlong <= this.highBound(i, side);
    if (
      nearest <= r * (1 + TOUCH_TOLERANCE) && onFace && side * ex > 0 &&
      Math.abs(normalSpeed) <= TOUCH_TOLERANCE * (Math.hypot(vx, vy) + Math.sqrt(this.gravity * r))
    ) {
      this.sideSign = side;
      this.along = nearestAlong;
      this.speed = vx * ex + vy * ey;
      this.rollOn(i);
    } else {
      this.departureX = x;
      this.departureY = y;
      this.departureVx = vx;
      this.departureVy = vy;
      this.spinValue = 0;
      this.startFlight();
    }
    this.updateOutputs();
  }

  /**
   * Simulates exactly `dt` seconds (finite, >= 0), however many transitions happen inside: each
   * is located at its exact time, so two calls of dt / 2 end where one call of dt does (to
   * round-off). Allocates nothing.
   */
  advance(dt: number): void {
    if (!(typeof dt === 'number' && dt >= 0 && dt < Infinity)) {
      if (typeof dt !== 'number') {
        throw new TypeError(`ContourBall.advance: dt must be a number, got ${describe(dt)}`);
      }
      throw new RangeError(`ContourBall.advance: dt must be finite and >= 0, got ${dt}`);
    }
    if (!this.launched) throw new Error('ContourBall.advance: call launch first');
    let remaining = dt;
    const instant = INSTANT * Math.sqrt(this.radius / this.gravity);
    while (remaining > 0) {
      this.budget = remaining;
      this.stepMode();
      const used = this.elapsed;
      if (used >= remaining) break;
      remaining -= used;
      if (used > instant) this.instantEvents = 0;
      else if (++this.instantEvents > MAX_INSTANT_EVENTS) this.freeze();
    }
    this.time += dt;
    this.updateOutputs();
  }

  /**
   * Simulates until the next transition (a change of segment, corner, mode or an impact) or
   * `maxDt` seconds, whichever comes first, and returns the time simulated: a debugger's single
   * step.
   */
  advanceToEvent(maxDt: number): number {
    if (!(typeof maxDt === 'number' && maxDt >= 0 && maxDt < Infinity)) {
      throw new RangeError(
        `ContourBall.advanceToEvent: maxDt must be finite and >= 0, got ${maxDt}`,
      );
    }
    if (!this.launched) throw new Error('ContourBall.advanceToEvent: call launch first');
    let used = 0;
    if (maxDt > 0) {
      this.budget = maxDt;
      this.stepMode();
      used = Math.min(maxDt, this.elapsed);
    }
    this.time += used;
    this.updateOutputs();
    return used;
  }

  /**
   * Simulates up to `budget` seconds, stopping at the mode's next event; sets `elapsed` to the time
   * simulated.
   */
  private stepMode(): void {
    if (this.modeCode === Mode.Ground) this.stepGround();
    else if (this.modeCode === Mode.Corner) this.stepCorner();
    else if (this.modeCode === Mode.Flight) this.stepFlight();
    else this.elapsed = this.budget;
  }

  // Topology. Segment i runs from vertex i to i + 1; a closed contour's vertex n is vertex 0.

  private segmentBefore(vertex: number): number {
    if (vertex > 0) return vertex - 1;
    return this.closed ? this.segmentCount - 1 : -1;
  }

  private segmentAfter(vertex: number): number {
    return vertex < this.segmentCount ? vertex : -1;
  }

  private endVertex(segment: number): number {
    return this.closed && segment + 1 === this.segmentCount ? 0 : segment + 1;
  }

  private cornerKind(vertex: number, side: number): Kind {
    if (this.segmentBefore(vertex) < 0 || this.segmentAfter(vertex) < 0) return Kind.End;
    const turn = side * this.turn[vertex]!;
    return turn > 0 ? Kind.Concave : turn < 0 ? Kind.Convex : Kind.Straight;
  }

  private lowBound(segment: number, side: number): number {
    return this.cornerKind(segment, side) === Kind.Concave ? this.limiters[segment]! : 0;
  }

  private highBound(segment: number, side: number): number {
    const end = this.endVertex(segment);
    return this.lengths[segment]! -
      (this.cornerKind(end, side) === Kind.Concave ? this.limiters[end]! : 0);
  }

  /**
   * Angle of the normal on `side` of `segment` (the direction from the segment to the ball's
   * centre).
   */
  private normalAngle(segment: number, side: number): number {
    return Math.atan2(side * this.directionX[segment]!, -side * this.directionY[segment]!);
  }

  /**
   * Where in `sectors` the exit angle before `vertex` on `side` is; the one after it is next. An
   * index, not the angle (PERFORMANCE.md: doubles cross calls in arrays or fields): the angle
   * cost about 0.6 bytes a frame on the rippled profile.
   */
  private sectorAt(vertex: number, side: number): number {
    return 4 * vertex + (side > 0 ? 0 : 2);
  }

  /**
   * Exit angles about convex corner or open end `vertex` for `side`: [before's normal, after's
   * normal] (at construction, into `sectors`).
   */
  private computeSector(vertex: number, side: number): [number, number] {
    const p = this.segmentBefore(vertex), q = this.segmentAfter(vertex);
    const out: [number, number] = [0, 0];
    if (p >= 0 && q >= 0) {
      const before = this.normalAngle(p, side);
      const cross = this.turn[vertex]!;
      const dot = this.directionX[p]! * this.directionX[q]! +
        this.directionY[p]! * this.directionY[q]!;
      // The normals turn as the directions do.
      out[0] = before;
      out[1] = before + Math.atan2(cross, dot);
    } else if (p >= 0) {
      // Rolling forward off the end turns the centre clockwise on the left side
      // (theta' = -side v / r).
      out[0] = this.normalAngle(p, side);
      out[1] = out[0] - side * (Math.PI / 2);
    } else {
      out[1] = this.normalAngle(q, side);
      out[0] = out[1] + side * (Math.PI / 2);
    }
    return out;
  }

  // Ground.

  /** Rolls on `segment` at the `along` and `speed` set. */
  private rollOn(segment: number): void {
    this.modeCode = Mode.Ground;
    this.segmentIndex = segment;
  }

  /** Stops the ball where it is (the safeguard against a state the rules cannot resolve). */
  private freeze(): void {
    this.updateOutputs();
    this.enterRest();
  }

  /** Rest at the current position (which `updateOutputs` has written). */
  private enterRest(): void {
    this.restX = this.position[0]!;
    this.restY = this.position[1]!;
    this.speed = 0;
    this.modeCode = Mode.Rest;
  }

  /** Rests on `segment` at the `along` set. */
  private restOn(segment: number): void {
    this.speed = 0;
    this.rollOn(segment);
    this.updateOutputs();
    this.enterRest();
  }

  private stepGround(): void {
    const i = this.segmentIndex, side = this.sideSign, g = this.gravity;
    const ex = this.directionX[i]!, ey = this.directionY[i]!;
    // Gravity (0, -g) along the segment and against it (pressing the ball on).
    const tangential = -g * ey, normal = g * side * ex;
    if (!(normal > 0)) {
      this.leaveSegment();
      this.elapsed = 0;
      return;
    }
    const friction = this.rollingFriction * normal;
    let v = this.speed;
    if (v === 0 && Math.abs(tangential) <= friction) {
      this.restOn(i);
      this.elapsed = 0;
      return;
    }
    const direction = v !== 0 ? Math.sign(v) : Math.sign(tangential);
    const a = (tangential - direction * friction) / (1 + this.inertia);
    const offset = side > 0 ? 0 : 2;
    const low = this.bounds[4 * i + offset]!, high = this.bounds[4 * i + offset + 1]!;
    const s = this.along;
    const reach = this.reach;
    reach.start = s;
    reach.speed = v;
    reach.acceleration = a;
    reach.target = high;
    timeToReach(reach, 1);
    const toHigh = reach.time;
    reach.target = low;
    timeToReach(reach, -1);
    const toLow = reach.time;
    const toStop = friction > 0 && v !== 0 && a * v < 0 ? -v / a : Infinity;
    const t = Math.min(this.budget, toHigh, toLow, toStop);
    let along = s + v * t + 0.5 * a * t * t;
    v += a * t;
    along = along < low ? low : along > high ? high : along;
    this.speed = v;
    if (t === toHigh) {
      this.along = high;
      this.passEnd(i);
    } else if (t === toLow) {
      this.along = low;
      this.passStart(i);
    } else if (t === toStop) {
      this.along = along;
      this.speed = 0;
      this.settleInCorner(i);
    } else {
      this.along = along;
    }
    this.elapsed = t;
  }

  /**
   * Stopped by friction within `SETTLE_DISTANCE` radii of a concave corner whose two segments
   * both slope toward it: rest in the corner. Without this rule the ball would swing through the
   * corner an unbounded number of times, each swing shorter by a constant factor (a geometric
   * series of swings whose total time is finite, like a bouncing ball's).
   */
  private settleInCorner(i: number): void {
    const side = this.sideSign, near = SETTLE_DISTANCE * this.radius, offset = side > 0 ? 0 : 2;
    const low = this.bounds[4 * i + offset]!, high = this.bounds[4 * i + offset + 1]!;
    if (high - this.along <= near) {
      const j = this.endVertex(i), q = this.segmentAfter(j);
      if (
        this.cornerKind(j, side) === Kind.Concave && this.wouldRoll(i, 1) && !this.wouldRoll(q, 1)
      ) {
        this.along = high;
        this.restOn(i);
      }
    } else if (this.along - low <= near) {
      const p = this.segmentBefore(i);
      if (
        this.cornerKind(i, side) === Kind.Concave && this.wouldRoll(i, -1) && !this.wouldRoll(p, -1)
      ) {
        this.along = low;
        this.restOn(i);
      }
    }
  }

  /**
   * Whether a ball at rest on `segment` (on the current side) would start rolling in `direction`:
   * gravity presses it on and pulls it that way harder than friction holds it.
   */
  private wouldRoll(segment: number, direction: number): boolean {
    const g = this.gravity, side = this.sideSign;
    const normal = g * side * this.directionX[segment]!;
    if (!(normal > 0)) return false;
    return direction * -g * this.directionY[segment]! > this.rollingFriction * normal;
  }

  /**
   * Whether a ball reaching a concave corner at `speed` goes on along `segment`: it rolls on if
   * gravity presses it on that segment; onto one that does not (a wall, an overhang) only if it
   * is faster than `landingSpeed`, else it would hop up and fall back into the corner ever lower
   * (the hops of a bouncing ball), and stops there instead.
   */
  private goesOn(segment: number, speed: number): boolean {
    if (speed === 0) return false;
    return this.gravity * this.sideSign * this.directionX[segment]! > 0 ||
      Math.abs(speed) >= this.landingSpeed;
  }

  /** Reached the end of segment i moving forward at `speed`. */
  private passEnd(i: number): void {
    const j = this.endVertex(i), q = this.segmentAfter(j), side = this.sideSign;
    const kind = this.cornerKind(j, side);
    if (kind === Kind.Straight) {
      this.along = 0;
      this.rollOn(q);
    } else if (kind === Kind.Concave) {
      if (this.goesOn(q, this.speed) || this.wouldRoll(q, 1)) {
        this.along = this.bounds[4 * q + (side > 0 ? 0 : 2)]!;
        this.speed = Math.abs(this.speed);
        this.rollOn(q);
      } else {
        this.restOn(i);
      }
    } else {
      this.pendulum.omega = (-side * this.speed) / this.radius;
      this.enterCorner(j, true, i);
    }
  }

  /** Reached the start of segment i moving backward at `speed`. */
  private passStart(i: number): void {
    const j = i, p = this.segmentBefore(j), side = this.sideSign;
    const kind = this.cornerKind(j, side);
    if (kind === Kind.Straight) {
      this.along = this.lengths[p]!;
      this.rollOn(p);
    } else if (kind === Kind.Concave) {
      if (this.goesOn(p, this.speed) || this.wouldRoll(p, -1)) {
        this.along = this.bounds[4 * p + (side > 0 ? 1 : 3)]!;
        this.speed = -Math.abs(this.speed);
        this.rollOn(p);
      } else {
        this.restOn(i);
      }
    } else {
      this.pendulum.omega = (-side * this.speed) / this.radius;
      this.enterCorner(j, false, i);
    }
  }

  /** Gravity no longer presses the ball on its segment: it flies off along it. */
  private leaveSegment(): void {
    const i = this.segmentIndex, side = this.sideSign, r = this.radius, v = this.vertices;
    const ex = this.directionX[i]!, ey = this.directionY[i]!;
    this.departureX = v[2 * i]! + this.along * ex - side * r * ey;
    this.departureY = v[2 * i + 1]! + this.along * ey + side * r * ex;
    this.departureVx = this.speed * ex;
    this.departureVy = this.speed * ey;
    this.spinValue = (-side * this.speed) / r;
    this.startFlight();
    // On the segment with no normal speed: distance r and its rate exactly 0.
    this.departureFace = i;
    this.departureFaceSide = side;
    this.departureFaceOrder = 2;
  }

  // Corner.

  /**
   * Starts turning about `vertex` from the normal of the segment before it (`fromBefore`) or after
   * it, at the `pendulum.omega` set; flies off at once, tangentially, if gravity cannot hold it
   * there (the roll-or-flight decision: the normal force g sin(theta) - r omega^2 is not positive).
   */
  private enterCorner(vertex: number, fromBefore: boolean, fromSegment: number): void {
    const side = this.sideSign;
    this.pendulum.theta = this.sectors[this.sectorAt(vertex, side) + (fromBefore ? 0 : 1)]!;
    if (this.enterCornerAt(vertex)) return;
    this.flyOffCorner(vertex);
    // On the segment's end with the velocity along it: distance and its rate start at exactly 0.
    this.departureFace = fromSegment;
    this.departureFaceSide = side;
    this.departureFaceOrder = 2;
    this.departureVertex = vertex;
    this.departureVertexOrder = 2;
  }

  /**
   * Puts the ball on corner `vertex` at the `pendulum.theta` set (clamped into the corner's
   * sector) and `pendulum.omega`, if gravity holds it there, and says whether it did.
   */
  private enterCornerAt(vertex: number): boolean {
    const side = this.sideSign, pendulum = this.pendulum;
    const at = this.sectorAt(vertex, side);
    const before = this.sectors[at]!, after = this.sectors[at + 1]!;
    const p = this.segmentBefore(vertex), q = this.segmentAfter(vertex);
    let low = Math.min(before, after), high = Math.max(before, after);
    // An open end has no exit on the side away from its one segment.
    if (p < 0) {
      if (after === low) high = Infinity;
      else low = -Infinity;
    } else if (q < 0) {
      if (before === low) high = Infinity;
      else low = -Infinity;
    }
    const theta = pendulum.theta;
    pendulum.theta = theta < low ? low : theta > high ? high : theta;
    pendulum.low = low;
    pendulum.high = high;
    pendulum.start();
    if (!pendulum.pressing()) return false;
    this.lowIsBefore = p >= 0 && before === low && (q < 0 || before !== after);
    this.cornerVertex = vertex;
    this.modeCode = Mode.Corner;
    return true;
  }

  /** Flight from corner `vertex` at the pendulum's angle, along the circle's tangent. */
  private flyOffCorner(vertex: number): void {
    const r = this.radius, theta = this.pendulum.theta, omega = this.pendulum.omega;
    const c = Math.cos(theta), s = Math.sin(theta);
    this.departureX = this.vertices[2 * vertex]! + r * c;
    this.departureY = this.vertices[2 * vertex + 1]! + r * s;
    this.departureVx = -r * omega * s;
    this.departureVy = r * omega * c;
    this.spinValue = omega;
    this.startFlight();
  }

  private stepCorner(): void {
    const pendulum = this.pendulum;
    pendulum.duration = this.budget;
    pendulum.advance();
    this.elapsed = pendulum.elapsed;
    const event = pendulum.event;
    if (event === PendulumEvent.None) return;
    const j = this.cornerVertex;
    if (event === PendulumEvent.Leave) {
      this.flyOffCorner(j);
      // Leaving where the normal force vanishes: distance, its rate and its curvature all
      // start at 0.
      this.departureVertex = j;
      this.departureVertexOrder = 3;
      return;
    }
    // Along a segment the centre's velocity is r omega perp(normal) = -side r omega direction.
    this.speed = -this.sideSign * this.radius * pendulum.omega;
    if ((event === PendulumEvent.Low) === this.lowIsBefore) {
      const p = this.segmentBefore(j);
      this.along = this.lengths[p]!;
      this.rollOn(p);
    } else {
      this.along = 0;
      this.rollOn(this.segmentAfter(j));
    }
  }

  // Flight.

  /** Starts a flight from the departure point and velocity set (no surface touched). */
  private startFlight(): void {
    this.modeCode = Mode.Flight;
    this.flightTime = 0;
    this.departureFace = -1;
    this.departureFaceOrder = 0;
    this.departureVertex = -1;
    this.departureVertexOrder = 0;
  }

  private stepFlight(): void {
    const remaining = this.budget, start = this.flightTime, end = start + remaining;
    const g = this.gravity, screenCentre = this.screenCentre;
    let t0 = start;
    while (t0 < end) {
      const t1 = Math.min(end, t0 + this.flightStretch);
      const x0 = this.departureX + this.departureVx * t0,
        y0 = this.departureY + this.departureVy * t0 - 0.5 * g * t0 * t0;
      const x1 = this.departureX + this.departureVx * t1,
        y1 = this.departureY + this.departureVy * t1 - 0.5 * g * t1 * t1;
      // Screen the stretch: the grown circle covers the ball all along it, so no contact here means
      // none at all.
      screenCentre[0] = x0;
      screenCentre[1] = y0;
      this.screen.setPose(screenCentre, 0);
      this.screenChord[0] = x1 - x0;
      this.screenChord[1] = y1 - y0;
      const near = this.screenOverlaps() ||
        sweepCircle(this.screen, this.screenChord, this.chain, this.screenHit);
      if (near) {
        this.windowStart = t0;
        this.windowEnd = t1;
        this.firstImpact();
        if (this.impactTime <= t1) {
          this.flightTime = this.impactTime;
          this.elapsed = this.impactTime - start;
          this.impact();
          return;
        }
      }
      t0 = t1;
    }
    this.flightTime = end;
    this.elapsed = remaining;
  }

  /**
   * Whether the screening circle (centre `screenCentre`, radius 1.5 r) overlaps the contour:
   * `sweepCircle` ignores what a circle touches at its start unless it moves into it, and the
   * screen must not.
   */
  private screenOverlaps(): boolean {
    const x = this.screenCentre[0]!,
      y = this.screenCentre[1]!,
      reachOut = this.screen.radius,
      v = this.vertices;
    const box = this.arcBox;
    box[0] = x - reachOut;
    box[1] = y - reachOut;
    box[2] = x + reachOut;
    box[3] = y + reachOut;
    const grid = this.chain.grid;
    const candidates = grid ? grid.query(box) : this.segmentCount;
    for (let k = 0; k < candidates; k++) {
      const i = grid ? grid.candidates[k]! : k;
      const ax = v[2 * i]!, ay = v[2 * i + 1]!, ex = this.directionX[i]!, ey = this.directionY[i]!;
      let s = (x - ax) * ex + (y - ay) * ey;
      s = s < 0 ? 0 : s > this.lengths[i]! ? this.lengths[i]! : s;
      const dx = x - ax - s * ex, dy = y - ay - s * ey;
      if (dx * dx + dy * dy <= reachOut * reachOut) return true;
    }
    return false;
  }

  /**
   * Sets `impactTime` to the first time in [windowStart, windowEnd] (since departure) at which
   * the ball touches the contour, or Infinity, and `impactFeature` and `impactSide`. Exact roots
   * per segment: its line at distance r (degree 2 in t, both sides) and its end points at
   * distance r (degree 4).
   */
  private firstImpact(): void {
    const g = this.gravity, r = this.radius, v = this.vertices;
    const t0 = this.windowStart, t1 = this.windowEnd;
    const px = this.departureX, py = this.departureY, vx = this.departureVx, vy = this.departureVy;
    // The arc's box, grown by r: x is linear in t, y has its apex at t = vy / g.
    const box = this.arcBox;
    const xa = px + vx * t0, xb = px + vx * t1;
    const ya = py + vy * t0 - 0.5 * g * t0 * t0, yb = py + vy * t1 - 0.5 * g * t1 * t1;
    const apexTime = vy / g;
    const top = apexTime > t0 && apexTime < t1 ? py + (0.5 * vy * vy) / g : Math.max(ya, yb);
    box[0] = Math.min(xa, xb) - r;
    box[1] = Math.min(ya, yb) - r;
    box[2] = Math.max(xa, xb) + r;
    box[3] = top + r;
    const grid = this.chain.grid;
    const candidates = grid ? grid.query(box) : this.segmentCount;
    let best = Infinity;
    const falling = this.falling, coefficients = falling.coefficients;
    falling.lo = t0;
    for (let k = 0; k < candidates; k++) {
      const i = grid ? grid.candidates[k]! : k;
      const ax = v[2 * i]!, ay = v[2 * i + 1]!, ex = this.directionX[i]!, ey = this.directionY[i]!;
      // Distance to the line along the left normal (-ey, ex): D(t) = D0 + Dv t + Da t^2.
      const d0 = (px - ax) * -ey + (py - ay) * ex, dv = vx * -ey + vy * ex, da = -0.5 * g * ex;
      for (let side = 1; side >= -1; side -= 2) {
        let order = 0;
        if (i === this.departureFace) {
          if (side !== this.departureFaceSide) continue;
          order = this.departureFaceOrder;
        }
        coefficients[0] = side * d0 - r;
        coefficients[1] = side * dv;
        coefficients[2] = side * da;
        falling.hi = t1 < best ? t1 : best;
        firstFallingRoot(falling, 2, order);
        const t = falling.root;
        if (t < best) {
          const along = (px + vx * t - ax) * ex + (py + vy * t - 0.5 * g * t * t - ay) * ey;
          if (along >= 0 && along <= this.lengths[i]!) {
            best = t;
            this.impactFeature = i;
            this.impactSide = side;
          }
        }
      }
      for (let end = 0; end < 2; end++) {
        const j = end === 0 ? i : this.endVertex(i);
        const qx = v[2 * j]!, qy = v[2 * j + 1]!;
        if (qx < box[0] || qx > box[2] || qy < box[1] || qy > box[3]) continue;
        const mx = px - qx, my = py - qy;
        // |m + v t + a t^2 / 2|^2 - r^2 with a = (0, -g).
        coefficients[0] = mx * mx + my * my - r * r;
        coefficients[1] = 2 * (mx * vx + my * vy);
        coefficients[2] = vx * vx + vy * vy - g * my;
        coefficients[3] = -g * vy;
        coefficients[4] = 0.25 * g * g;
        falling.hi = t1 < best ? t1 : best;
        firstFallingRoot(falling, 4, j === this.departureVertex ? this.departureVertexOrder : 0);
        const t = falling.root;
        if (t < best) {
          best = t;
          this.impactFeature = VERTEX_FEATURE | j;
        }
      }
    }
    this.impactTime = best;
  }

  /**
   * The ball touches `impactFeature` at `flightTime`: it bounces, or lands when the rebound is
   * slow.
   */
  private impact(): void {
    const t = this.flightTime,
      g = this.gravity,
      r = this.radius,
      k = this.inertia,
      contact = this.contact;
    const x = this.departureX + this.departureVx * t,
      y = this.departureY + this.departureVy * t - 0.5 * g * t * t;
    const vx = this.departureVx, vy = this.departureVy - g * t;
    const feature = this.impactFeature;
    const isVertex = (feature & VERTEX_FEATURE) !== 0;
    const index = feature & (VERTEX_FEATURE - 1);
    let nx: number, ny: number;
    if (isVertex) {
      const dx = x - this.vertices[2 * index]!, dy = y - this.vertices[2 * index + 1]!;
      const d = Math.hypot(dx, dy);
      nx = dx / d;
      ny = dy / d;
    } else {
      nx = -this.impactSide * this.directionY[index]!;
      ny = this.impactSide * this.directionX[index]!;
    }
    contact[0] = x;
    contact[1] = y;
    contact[4] = nx;
    contact[5] = ny;
    // Tangent perp(n) = (-ny, nx): rolling without slipping is v . tangent = r omega.
    const normalSpeed = vx * nx + vy * ny, tangentSpeed = vx * -ny + vy * nx;
    const rebound = -this.restitution * normalSpeed;
    const slid = this.tangentialRestitution * tangentSpeed;
    if (rebound < this.landingSpeed) {
      this.rolling = (slid + k * r * this.spinValue) / (1 + k);
      if (!isVertex && this.land(index, this.impactSide)) return;
      if (isVertex && this.landOnCorner(index)) return;
    }
    this.departureX = x;
    this.departureY = y;
    this.departureVx = rebound * nx - slid * ny;
    this.departureVy = rebound * ny + slid * nx;
    this.startFlight();
    // Leaving the surface it touches: the distance starts at exactly r.
    if (isVertex) {
      this.departureVertex = index;
      this.departureVertexOrder = 1;
    } else {
      this.sideSign = this.impactSide;
      this.departureFace = index;
      this.departureFaceSide = this.impactSide;
      this.departureFaceOrder = 1;
    }
  }

  /**
   * Lands at `contact` on segment i on `side` rolling at `rolling` (along perp(normal)), if gravity
   * presses it there.
   */
  private land(i: number, side: number): boolean {
    if (!(side * this.directionX[i]! > 0)) return false;
    const ax = this.vertices[2 * i]!, ay = this.vertices[2 * i + 1]!;
    const along = (this.contact[0]! - ax) * this.directionX[i]! +
      (this.contact[1]! - ay) * this.directionY[i]!;
    const offset = side > 0 ? 0 : 2;
    const low = this.bounds[4 * i + offset]!, high = this.bounds[4 * i + offset + 1]!;
    this.sideSign = side;
    this.along = along < low ? low : along > high ? high : along;
    // perp(side n) = -side direction.
    this.speed = -side * this.rolling;
    this.rollOn(i);
    return true;
  }

  /**
   * Lands on the corner point `vertex` with the `contact` normal, if it is convex there and holds
   * the ball.
   */
  private landOnCorner(vertex: number): boolean {
    const nx = this.contact[4]!, ny = this.contact[5]!;
    const p = this.segmentBefore(vertex), q = this.segmentAfter(vertex);
    let facing = 0;
    if (p >= 0) facing += nx * -this.directionY[p]! + ny * this.directionX[p]!;
    if (q >= 0) facing += nx * -this.directionY[q]! + ny * this.directionX[q]!;
    if (facing === 0) return false;
    const side = facing > 0 ? 1 : -1;
    const kind = this.cornerKind(vertex, side);
    if (kind !== Kind.Convex && kind !== Kind.End) return false;
    const previousSide = this.sideSign;
    this.sideSign = side;
    const at = this.sectorAt(vertex, side);
    const middle = 0.5 * (this.sectors[at]! + this.sectors[at + 1]!);
    const theta = Math.atan2(ny, nx);
    this.pendulum.theta = theta + 2 * Math.PI * Math.round((middle - theta) / (2 * Math.PI));
    // On the corner the centre's velocity is r omega perp(normal).
    this.pendulum.omega = this.rolling / this.radius;
    if (this.enterCornerAt(vertex)) return true;
    this.sideSign = previousSide;
    return false;
  }

  private updateOutputs(): void {
    const r = this.radius, v = this.vertices;
    if (this.modeCode === Mode.Flight) {
      const t = this.flightTime, g = this.gravity;
      this.position[0] = this.departureX + this.departureVx * t;
      this.position[1] = this.departureY + this.departureVy * t - 0.5 * g * t * t;
      this.velocity[0] = this.departureVx;
      this.velocity[1] = this.departureVy - g * t;
    } else if (this.modeCode === Mode.Corner) {
      const j = this.cornerVertex, theta = this.pendulum.theta, omega = this.pendulum.omega;
      const c = Math.cos(theta), s = Math.sin(theta);
      this.position[0] = v[2 * j]! + r * c;
      this.position[1] = v[2 * j + 1]! + r * s;
      this.velocity[0] = -r * omega * s;
      this.velocity[1] = r * omega * c;
    } else if (this.modeCode === Mode.Rest) {
      this.position[0] = this.restX;
      this.position[1] = this.restY;
      this.velocity[0] = 0;
      this.velocity[1] = 0;
    } else {
      const i = this.segmentIndex, side = this.sideSign;
      const ex = this.directionX[i]!, ey = this.directionY[i]!;
      this.position[0] = v[2 * i]! + this.along * ex - side * r * ey;
      this.position[1] = v[2 * i + 1]! + this.along * ey + side * r * ex;
      this.velocity[0] = this.speed * ex;
      this.velocity[1] = this.speed * ey;
    }
  }
}

function requireUnit(field: string, value: unknown): number {
  requireFinite(field, value);
  if ((value as number) < 0 || (value as number) > 1) {
    throw new RangeError(`${field} must be in [0, 1], got ${value}`);
  }
  return value as number;
}
