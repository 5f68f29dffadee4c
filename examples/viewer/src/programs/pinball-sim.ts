/**
 * The pinball table without a page: the table's walls and obstacles in a `Playfield` (the
 * uniform-grid broadphase of collision2d), a plunger, and a ball stepped by swept circles. The
 * page (pinball.ts) draws it; Node tests it.
 *
 * World frame: metres, y up the tilted table, gravity `gravity` = 9.81 sin(6.5 degrees) along -y.
 *
 * A frame of `dt` seconds: the velocity takes the frame's gravity first (semi-implicit Euler), then
 * the ball moves in a straight line by v dt, split at each time of impact. Each piece asks the
 * grid for the shapes whose boxes meet the box of the swept path (only the cells that box
 * covers are visited; `cellsTestedPerFrame` counts them) and sweeps the circle against each
 * (`sweepCircle`: Ericson, Real-Time Collision Detection, 5.5.7, moving sphere against plane and
 * sphere; the time-of-impact split is the conservative advancement of Box2D's b2TimeOfImpact,
 * exact here since the obstacles do not move). The ball stops at the first touch, so it can never
 * pass through a wall however fast it goes.
 *
 * At an impact the velocity is split along the contact normal n: v_n' = -e v_n and
 * v_t' = e_t v_t (normal and tangential restitution). A rebound slower than `restSpeed` is no
 * bounce: the normal part is removed and the ball slides on, in continuous contact ('ground').
 * On the ground only gravity's tangential part accelerates the ball, rolling friction
 * decelerates it by mu g_n, and at the end of the frame a short probe toward the surface, as
 * deep as gravity pulls the ball in one frame (g_n dt^2 / 2), finds whether the surface is still
 * under it: a ball rolling over a crest faster than sqrt(g_n rho) leaves it ('flight').
 */
import {
  Chain,
  Circle,
  CollisionData2,
  IdList,
  Playfield,
  Polygon,
  Segment,
  SweepHit,
  collide2d,
  sweepCircle,
} from '@contactkit/collision2d';
import type { BallState } from './ball-state.js';

/** Table dimensions (metres). */
export const TABLE_WIDTH = 0.56;
export const TABLE_HEIGHT = 1.12;
export const BALL_RADIUS = 0.0135;
/** Gravity along the table, 9.81 sin(6.5 degrees) m/s^2. */
export const TABLE_GRAVITY = 9.81 * Math.sin((6.5 * Math.PI) / 180);
/** The launch speed at full pull (m/s). */
export const PLUNGER_MAX_SPEED = 3.2;
/** How far the plunger's knob travels at full pull (drawn only, metres). */
export const PLUNGER_TRAVEL = 0.06;
/** Grid cell side of the playfield: about one and a half ball diameters. */
export const CELL_SIZE = 0.04;

/** The launch lane, on the right: its left wall's faces and the floor the plunger's tip makes. */
export const LANE_LEFT = 0.524;
export const LANE_WALL_LEFT = 0.516;
export const LANE_WALL_TOP = 0.78;
export const PLUNGER_Y = 0.03;
/** The plunger's tip falls this much across the lane, so a returning ball settles against the outer wall. */
export const PLUNGER_TIP_FALL = 0.004;
/** Where the upper semicircle starts (its centre's height); its radius is half the width. */
export const ARC_Y = TABLE_HEIGHT - TABLE_WIDTH / 2;
/**
 * Straight pieces of the upper semicircle. Each joint turns the ball's path by 180 / ARC_PIECES
 * degrees, an impact at v sin(turn) across it: at 0.75 degrees a ball at the plunger's top speed
 * meets the joints at 4.2 cm/s, whose rebound (times 0.6) stays below the 3 cm/s of continuous
 * contact, so the semicircle guides the ball as a smooth one would instead of bouncing it.
 */
export const ARC_PIECES = 240;
/** The drain: a hole in the funnel at the bottom of the field, above the return channel. */
export const DRAIN_LEFT = 0.236;
export const DRAIN_RIGHT = 0.28;
export const DRAIN_Y = 0.14;

export type BallMode = 'flight' | 'ground';

/** Air at 20 degrees C and sea level (kg/m^3). */
export const AIR_DENSITY = 1.204;
/** The ball is steel (kg/m^3). */
export const STEEL_DENSITY = 7850;
/**
 * c_w of a smooth sphere at the channel's Reynolds numbers, Re = v d / nu, about 10^3 to 6 10^3
 * for 0.5 to 3.2 m/s: 0.47, nearly constant from 10^3 to 2 10^5 (Hoerner, Fluid-Dynamic Drag,
 * 1965, ch. 3).
 */
export const SPHERE_DRAG_COEFFICIENT = 0.47;

/**
 * The quadratic drag's rate k (1/m) for coefficient `cw` and ball radius `radius`: the drag force
 * rho_air c_w (pi r^2) v^2 / 2 (Newton's drag law) over the mass (4/3) pi r^3 rho_steel gives the
 * deceleration k v^2 with k = 3 rho_air c_w / (8 r rho_steel): 2.0e-3 1/m for c_w 0.47, so at
 * the plunger's top speed 3.2 m/s drag slows the ball by 0.021 m/s^2, 1.8% of the table's gravity.
 */
export function channelDragRate(cw: number, radius = BALL_RADIUS): number {
  return (3 * AIR_DENSITY * cw) / (8 * radius * STEEL_DENSITY);
}

/** Options of a simulation; the defaults make the table of the page. */
export interface PinballOptions {
  gravity?: number;
  radius?: number;
  /** Normal restitution e. */
  restitution?: number;
  /** Tangential restitution e_t. */
  tangentialRestitution?: number;
  /** Rolling-friction coefficient mu: deceleration mu g_n on the ground. */
  rollingFriction?: number;
  /** A rebound slower than this (m/s) ends in sliding contact. */
  restSpeed?: number;
  /**
   * The drag coefficient c_w of the ball in flight in the launch channel (right of the lane's
   * wall), where it rises and falls in a straight line: 0 (the default) no air drag;
   * `SPHERE_DRAG_COEFFICIENT` a smooth sphere. See `channelDragRate`.
   */
  channelDrag?: number;
}

/** One obstacle: a polygon (convex or concave) or a round bumper, with its world outline. */
export type Obstacle =
  | { kind: 'polygon'; name: string; shape: Polygon; outline: number[][]; }
  | { kind: 'circle'; name: string; shape: Circle; centre: number[]; radius: number; };

/** One impact of the ball, as drawn by the page's "visible" toggle. */
export interface Impact {
  /** The contact point on the obstacle. */
  point: [number, number];
  /** Unit normal from the obstacle toward the ball's centre. */
  normal: [number, number];
  /** The ball's centre at the impact. */
  centre: [number, number];
  /** Time of impact as a fraction of the straight move that found it, in [0, 1]. */
  toi: number;
  /** Seconds since the page's start at the impact. */
  time: number;
  /** Normal speed before the impact (m/s, >= 0). */
  normalSpeed: number;
  /** 'bounce', or 'slide' (a rebound below restSpeed). */
  kind: 'bounce' | 'slide';
}

/** The table: the outer wall (a closed outline), the obstacles inside it, all in one Playfield. */
export interface Table {
  /** The outer wall, closed, world points. */
  outline: number[][];
  obstacles: Obstacle[];
}

/** Longest run of straight moves in one frame; past it the frame's rest is dropped (the ball stays put, in contact). */
const MAX_MOVES = 64;
/**
 * The gap the ball keeps after an impact (metres), as Box2D's time of impact aims at a small
 * positive separation rather than at touching: a ball left at exactly its radius from a wall is
 * within round-off of it, where inside and outside can disagree. A tenth of a nanometre here.
 */
export const SKIN = 1e-10;
/**
 * Outward normal speed left after a slide, relative to the speed, so the next sweep does not meet
 * the same surface again at time 0 through round-off.
 */
const SEPARATION = 1e-9;
/** Most grid cells remembered for drawing per frame. */
const MAX_DRAWN_CELLS = 512;

/** The regular polygon of `n` corners at radius `r`, the first at angle `phase`. */
function regular(n: number, r: number, phase = 0): number[][] {
  return Array.from(
    { length: n },
    (
      _,
      i,
    ) => [r * Math.cos(phase + (2 * Math.PI * i) / n), r * Math.sin(phase + (2 * Math.PI * i) / n)],
  );
}

function star(points: number, outer: number, inner: number): number[][] {
  return Array.from({ length: 2 * points }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner, a = Math.PI / 2 + (Math.PI * i) / points;
    return [r * Math.cos(a), r * Math.sin(a)];
  });
}

/** Obstacle outlines about their own origin; the field cycles through them. */
const OBSTACLE_KINDS: Array<{ name: string; points?: number[][]; radius?: number; }> = [
  { name: 'post', points: regular(8, 0.015, Math.PI / 8) },
  { name: 'bumper', radius: 0.016 },
  { name: 'triangle', points: regular(3, 0.02, Math.PI / 2) },
  {
    name: 'ell',
    points: [
      [-0.018, -0.018],
      [0.018, -0.018],
      [0.018, -0.006],
      [-0.006, -0.006],
      [-0.006, 0.018],
      [-0.018, 0.018],
    ],
  },
  {
    name: 'chevron',
    points: [[-0.02, -0.01], [0, 0.008], [0.02, -0.01], [0.02, 0.004], [0, 0.02], [-0.02, 0.004]],
  },
  { name: 'star', points: star(5, 0.02, 0.009) },
  { name: 'diamond', points: regular(4, 0.017) },
  { name: 'hexagon', points: regular(6, 0.016) },
];

/** The page's table: outer wall with the upper semicircle, launch lane, field, funnel, drain and return channel. */
export function standardTable(): Table {
  const W = TABLE_WIDTH;
  const outline: number[][] = [[0, ARC_Y]];
  // The upper semicircle, from the left wall over the top to the right wall, in ARC_PIECES pieces.
  for (let i = 1; i < ARC_PIECES; i++) {
    const a = Math.PI - (Math.PI * i) / ARC_PIECES;
    outline.push([W / 2 + (W / 2) * Math.cos(a), ARC_Y + (W / 2) * Math.sin(a)]);
  }
  outline.push(
    [W, ARC_Y],
    [W, PLUNGER_Y],
    // The plunger's tip (see PLUNGER_TIP_FALL).
    [LANE_LEFT, PLUNGER_Y + PLUNGER_TIP_FALL],
    // The return channel's floor, rising from the lane to under the drain.
    [DRAIN_LEFT, 0.1],
    [DRAIN_LEFT, DRAIN_Y],
    // The left half of the funnel.
    [0, 0.24],
  );
  // The floor of the return channel, for the block's ceiling parallel to it 45 mm higher.
  const floorAt = (x: number) =>
    PLUNGER_Y + PLUNGER_TIP_FALL +
    ((LANE_LEFT - x) * (0.1 - PLUNGER_Y - PLUNGER_TIP_FALL)) / (LANE_LEFT - DRAIN_LEFT);
  const obstacles: Obstacle[] = [];
  const addPolygon = (name: string, points: number[][], position: number[] = [0, 0], angle = 0) => {
    const shape = new Polygon(points).setPose(position, angle);
    const c = Math.cos(angle), s = Math.sin(angle);
    obstacles.push({
      kind: 'polygon',
      name,
      shape,
      outline: points.map((
        [x, y],
      ) => [position[0]! + c * x! - s * y!, position[1]! + s * x! + c * y!]),
    });
  };
  // The block between field and lane: the right half of the funnel, the lane's left wall and the
  // return channel's ceiling (concave).
  addPolygon('lane block', [
    [DRAIN_RIGHT, DRAIN_Y],
    [LANE_WALL_LEFT, 0.24],
    [LANE_WALL_LEFT, LANE_WALL_TOP],
    [LANE_LEFT, LANE_WALL_TOP],
    [LANE_LEFT, floorAt(LANE_LEFT) + 0.045],
    [DRAIN_RIGHT, floorAt(DRAIN_RIGHT) + 0.045],
  ]);
  // The field: six staggered rows, eight kinds in turn, each turned a little further.
  let index = 0;
  for (let row = 0; row < 6; row++) {
    const odd = row % 2 === 1, y = 0.34 + 0.075 * row;
    for (let k = 0; k < (odd ? 5 : 6); k++, index++) {
      const x = (odd ? 0.1 : 0.06) + 0.08 * k;
      const kind = OBSTACLE_KINDS[index % OBSTACLE_KINDS.length]!;
      if (kind.radius !== undefined) {
        obstacles.push({
          kind: 'circle',
          name: kind.name,
          shape: new Circle(kind.radius).setPose([x, y], 0),
          centre: [x, y],
          radius: kind.radius,
        });
      } else {
        addPolygon(kind.name, kind.points!, [x, y], 0.9 * index);
      }
    }
  }
  // Two slingshots above the funnel.
  addPolygon('slingshot', [[0, 0], [0.05, -0.02], [0.0, 0.04]], [0.03, 0.27]);
  addPolygon('slingshot', [[0, 0], [0.0, 0.04], [-0.05, -0.02]], [0.486, 0.27]);
  return { outline, obstacles };
}

export class PinballSim {
  readonly table: Table;
  readonly playfield: Playfield;
  readonly gravity: number;
  readonly radius: number;
  readonly restitution: number;
  readonly tangentialRestitution: number;
  readonly rollingFriction: number;
  readonly restSpeed: number;
  /** The channel's drag rate k (1/m; 0 without drag): deceleration k |v| v in flight in the lane. */
  readonly channelDragRate: number;

  readonly position = new Float64Array(2);
  readonly velocity = new Float64Array(2);
  mode: BallMode = 'ground';
  /** The contact normal while on the ground. */
  readonly groundNormal = Float64Array.of(0, 1);
  time = 0;

  /** Plunger pull in [0, 1]; `release` launches at pull * PLUNGER_MAX_SPEED. */
  pull = 0;
  /** Impacts with a rebound (bounces) since the start. */
  collisions = 0;
  /** Grid cells visited by the last frame's queries (every straight move and the ground probe). */
  cellsTestedPerFrame = 0;
  /** Shapes swept against in the last frame (the narrowphase tests). */
  shapesTestedPerFrame = 0;
  /** Straight moves in the last frame (1 without impact). */
  movesPerFrame = 0;
  /** Frames whose rest was dropped after MAX_MOVES moves (a safeguard: the tests see none). */
  droppedFrames = 0;
  /**
   * Times the ball was put back on the plunger (`toPlunger`: the button, or 3 s at rest elsewhere);
   * a drained ball rolls back by itself.
   */
  returns = 0;
  /** The impacts of the last frame. */
  readonly impacts: Impact[] = [];
  /** The last impact, kept until the next. */
  lastImpact: Impact | null = null;
  /** Cells of the last frame's queries, `x, y` cell indices each (first `drawnCellCount` pairs). */
  readonly drawnCells = new Int32Array(2 * MAX_DRAWN_CELLS);
  drawnCellCount = 0;
  /** Seconds the ball has been at rest away from the plunger. */
  private restingFor = 0;

  private readonly circle: Circle;
  /** The earliest touch found by the last `castBall`. */
  readonly firstHit = new SweepHit();
  private readonly hit = new SweepHit();
  private readonly ids = new IdList(64);
  private readonly move = new Float64Array(2);
  /** The normal of the last slide in this frame (0, 0: none), for finding a wedge. */
  private readonly slideNormal = new Float64Array(2);

  constructor(table: Table = standardTable(), options: PinballOptions = {}) {
    this.table = table;
    this.gravity = positive('gravity', options.gravity ?? TABLE_GRAVITY, true);
    this.radius = positive('radius', options.radius ?? BALL_RADIUS, false);
    this.restitution = unit('restitution', options.restitution ?? 0.6);
    this.tangentialRestitution = unit(
      'tangentialRestitution',
      options.tangentialRestitution ?? 0.97,
    );
    this.rollingFriction = positive('rollingFriction', options.rollingFriction ?? 0.03, true);
    this.restSpeed = positive('restSpeed', options.restSpeed ?? 0.03, true);
    this.channelDragRate = channelDragRate(
      positive('channelDrag', options.channelDrag ?? 0, true),
      this.radius,
    );
    this.circle = new Circle(this.radius);
    this.playfield = new Playfield({ cellSize: CELL_SIZE });
    // The outer wall goes in edge by edge, so the grid holds each piece only in its own cells.
    const n = table.outline.length;
    for (let i = 0; i < n; i++) {
      this.playfield.add(new Segment(table.outline[i]!, table.outline[(i + 1) % n]!), true);
    }
    for (const obstacle of table.obstacles) this.playfield.add(obstacle.shape, true);
    this.toPlunger();
    this.returns = 0;
  }

  /**
   * Lets the ball go from rest at `position` (in flight): the page's "drop on your contour".
   * Throws a RangeError, changing nothing, for a position that is not two finite numbers or where
   * the ball would touch a wall or obstacle.
   */
  dropAt(position: readonly number[]): void {
    const x = position[0], y = position[1];
    if (!(Number.isFinite(x) && Number.isFinite(y))) {
      throw new RangeError(
        `dropAt: position must be two finite numbers, got [${position.join(', ')}]`,
      );
    }
    // A sweep of length 0 finds no overlap it starts in: each nearby shape's contacts do.
    const r = this.radius, data = new CollisionData2({ capacity: 8 });
    this.circle.setPose([x!, y!], 0);
    this.playfield.grid.queryBox(x! - r, y! - r, x! + r, y! + r, this.ids);
    for (let i = 0; i < this.ids.count; i++) {
      if (collide2d(this.circle, this.playfield.shapes[this.ids.ids[i]!]!, data) > 0) {
        throw new RangeError(`dropAt: the ball at [${x}, ${y}] would touch a wall or obstacle`);
      }
    }
    this.position[0] = x!;
    this.position[1] = y!;
    this.velocity[0] = 0;
    this.velocity[1] = 0;
    this.mode = 'flight';
    this.restingFor = 0;
  }

  /** The ball's rest position on the plunger's tip, against the outer wall. */
  get plungerRest(): [number, number] {
    // Touching the wall and the tip, whose line rises by k = 4 mm / lane width toward the lane's left.
    const k = PLUNGER_TIP_FALL / (TABLE_WIDTH - LANE_LEFT), r = this.radius;
    return [TABLE_WIDTH - r - SKIN, PLUNGER_Y + k * r + r * Math.sqrt(1 + k * k) + SKIN];
  }

  /** Whether the ball lies on the plunger's tip (in the lane, low and slow). */
  get onPlunger(): boolean {
    const p = this.position, v = this.velocity;
    return p[0]! > LANE_LEFT && p[1]! < PLUNGER_Y + PLUNGER_TIP_FALL + this.radius + 0.005 &&
      Math.hypot(v[0]!, v[1]!) < 0.1;
  }

  /** Puts the ball at rest on the plunger. */
  toPlunger(): void {
    const [x, y] = this.plungerRest;
    this.position[0] = x;
    this.position[1] = y;
    this.velocity[0] = 0;
    this.velocity[1] = 0;
    this.mode = 'ground';
    this.groundNormal[0] = 0;
    this.groundNormal[1] = 1;
    this.restingFor = 0;
    this.returns++;
  }

  /** Sets the plunger's pull, clamped to [0, 1]; returns the launch speed it gives. */
  setPull(pull: number): number {
    this.pull = Number.isFinite(pull) ? Math.min(1, Math.max(0, pull)) : 0;
    return this.launchSpeed;
  }

  get launchSpeed(): number {
    return this.pull * PLUNGER_MAX_SPEED;
  }

  /**
   * Lets the plunger go: a ball on its tip leaves upward at the launch speed. Returns that speed (0
   * when no ball was there).
   */
  release(): number {
    const speed = this.launchSpeed;
    this.pull = 0;
    if (!this.onPlunger || speed === 0) return 0;
    this.velocity[0] = 0;
    this.velocity[1] = speed;
    this.mode = 'flight';
    return speed;
  }

  get energy(): number {
    const v = this.velocity;
    return 0.5 * (v[0]! * v[0]! + v[1]! * v[1]!) + this.gravity * this.position[1]!;
  }

  /** The ball; energy per unit mass kinetic + gravity * y, time in seconds since the simulation started. */
  get state(): BallState {
    return {
      position: Array.from(this.position),
      velocity: Array.from(this.velocity),
      mode: this.mode,
      energy: this.energy,
      time: this.time,
    };
  }

  /** Advances `dt` seconds (one frame). */
  step(dt: number): void {
    if (!(dt >= 0 && Number.isFinite(dt))) {
      throw new RangeError(`step: dt must be a finite number >= 0, got ${String(dt)}`);
    }
    this.cellsTestedPerFrame = 0;
    this.shapesTestedPerFrame = 0;
    this.movesPerFrame = 0;
    this.drawnCellCount = 0;
    this.impacts.length = 0;
    if (dt === 0) return;
    const p = this.position, v = this.velocity, n = this.groundNormal, g = this.gravity;

    // Forces: on the ground gravity's part into the surface is held by it, friction slows the roll.
    const pressing = this.mode === 'ground' ? g * n[1]! : 0;
    if (pressing > 0) {
      // Tangential part of (0, -g): (0, -g) - ((0, -g) . n) n = (0, -g) + g n_y n.
      v[0] = v[0]! + pressing * n[0]! * dt;
      v[1] = v[1]! + (-g + pressing * n[1]!) * dt;
      const speed = Math.hypot(v[0]!, v[1]!);
      const slower = Math.max(0, speed - this.rollingFriction * pressing * dt);
      const scale = speed > 0 ? slower / speed : 0;
      v[0] = v[0]! * scale;
      v[1] = v[1]! * scale;
    } else {
      this.mode = 'flight';
      v[1] = v[1]! - g * dt;
      if (this.channelDragRate > 0 && p[0]! > LANE_WALL_LEFT) {
        // dv/dt = -k |v| v, linearly implicit: v' = v / (1 + k |v| dt), which slows and never
        // turns the ball round however long the step.
        const scale = 1 / (1 + this.channelDragRate * Math.hypot(v[0]!, v[1]!) * dt);
        v[0] = v[0]! * scale;
        v[1] = v[1]! * scale;
      }
    }

    // Motion: straight moves split at each time of impact.
    this.slideNormal[0] = this.mode === 'ground' ? n[0]! : 0;
    this.slideNormal[1] = this.mode === 'ground' ? n[1]! : 0;
    let left = dt;
    let moves = 0;
    while (left > 0) {
      if (moves === MAX_MOVES) {
        this.droppedFrames++;
        break;
      }
      moves++;
      const dx = v[0]! * left, dy = v[1]! * left;
      if (dx === 0 && dy === 0) break;
      if (!this.castBall(dx, dy)) {
        p[0] = p[0]! + dx;
        p[1] = p[1]! + dy;
        break;
      }
      const hit = this.firstHit, t = hit.time;
      p[0] = p[0]! + dx * t;
      p[1] = p[1]! + dy * t;
      left -= left * t;
      const stopped = this.collide(hit, t);
      this.backOff(hit.normal[0]!, hit.normal[1]!);
      if (stopped) break;
    }
    this.movesPerFrame = moves;
    this.time += dt;

    if (this.mode === 'ground') this.probeGround(dt);
    this.afterFrame(dt);
  }

  /**
   * The velocity change of an impact with normal `hit.normal`. Returns true when the ball is
   * wedged (sliding along this surface would take it into the one it slid on before): it stops.
   */
  private collide(hit: SweepHit, toi: number): boolean {
    const v = this.velocity, nx = hit.normal[0]!, ny = hit.normal[1]!;
    const vn = v[0]! * nx + v[1]! * ny;
    if (vn >= 0) return false;
    const speed = Math.hypot(v[0]!, v[1]!);
    const slide = -vn * this.restitution < this.restSpeed;
    let wedged = false;
    if (slide) {
      // Continuous contact: the normal part goes, a trace of separation is left (see SEPARATION).
      const keep = SEPARATION * speed;
      v[0] = v[0]! + (keep - vn) * nx;
      v[1] = v[1]! + (keep - vn) * ny;
      const m = this.slideNormal;
      if (v[0]! * m[0]! + v[1]! * m[1]! < 0) {
        v[0] = 0;
        v[1] = 0;
        wedged = true;
      }
      m[0] = nx;
      m[1] = ny;
      this.mode = 'ground';
      this.groundNormal[0] = nx;
      this.groundNormal[1] = ny;
    } else {
      const tx = v[0]! - vn * nx,
        ty = v[1]! - vn * ny,
        e = this.restitution,
        et = this.tangentialRestitution;
      v[0] = et * tx - e * vn * nx;
      v[1] = et * ty - e * vn * ny;
      this.mode = 'flight';
      this.collisions++;
    }
    const impact: Impact = {
      point: [hit.point[0]!, hit.point[1]!],
      normal: [nx, ny],
      centre: [this.position[0]!, this.position[1]!],
      toi,
      time: this.time,
      normalSpeed: -vn,
      kind: slide ? 'slide' : 'bounce',
    };
    this.impacts.push(impact);
    if (!slide) this.lastImpact = impact;
    return wedged;
  }

  /** Moves the ball SKIN along (nx, ny), or as far as it can go that way. */
  private backOff(nx: number, ny: number): void {
    const dx = nx * SKIN, dy = ny * SKIN, p = this.position;
    const t = this.castBall(dx, dy) ? this.firstHit.time : 1;
    p[0] = p[0]! + dx * t;
    p[1] = p[1]! + dy * t;
  }

  /**
   * Still on the ground? A probe toward the surface as deep as gravity pulls the ball in a frame
   * (plus a hair): a hit moves the ball onto the surface and turns its velocity along it, keeping
   * the speed; no hit, and the ball flies.
   */
  private probeGround(dt: number): void {
    const n = this.groundNormal, v = this.velocity, p = this.position;
    const depth = 0.5 * this.gravity * Math.max(0, n[1]!) * dt * dt + 2 * SKIN;
    const dx = -n[0]! * depth, dy = -n[1]! * depth;
    if (!this.castBall(dx, dy)) {
      this.mode = 'flight';
      return;
    }
    const hit = this.firstHit;
    p[0] = p[0]! + dx * hit.time;
    p[1] = p[1]! + dy * hit.time;
    const nx = hit.normal[0]!, ny = hit.normal[1]!;
    n[0] = nx;
    n[1] = ny;
    this.backOff(nx, ny);
    const speed = Math.hypot(v[0]!, v[1]!);
    const vn = v[0]! * nx + v[1]! * ny;
    const tx = v[0]! - vn * nx, ty = v[1]! - vn * ny, along = Math.hypot(tx, ty);
    if (along > 0) {
      const keep = SEPARATION * speed,
        scale = Math.sqrt(Math.max(0, speed * speed - keep * keep)) / along;
      v[0] = tx * scale + keep * nx;
      v[1] = ty * scale + keep * ny;
    } else {
      v[0] = 0;
      v[1] = 0;
    }
  }

  /** A ball at the end of the return channel is on the plunger; one resting elsewhere for 3 s is put back. */
  private afterFrame(dt: number): void {
    const speed = Math.hypot(this.velocity[0]!, this.velocity[1]!);
    if (this.mode === 'ground' && speed < 0.01 && !this.onPlunger) this.restingFor += dt;
    else this.restingFor = 0;
    if (this.restingFor > 3) this.toPlunger();
  }

  /**
   * Whether the ball moved by (dx, dy) from where it is touches a wall or obstacle, and the
   * earliest such touch in `firstHit`: the grid gives the shapes whose boxes meet the swept path's
   * box, and each of them is swept against. Adds to the frame's counters.
   */
  castBall(dx: number, dy: number): boolean {
    const p = this.position, r = this.radius;
    const minX = Math.min(p[0]!, p[0]! + dx) - r, maxX = Math.max(p[0]!, p[0]! + dx) + r;
    const minY = Math.min(p[1]!, p[1]! + dy) - r, maxY = Math.max(p[1]!, p[1]! + dy) + r;
    this.countCells(minX, minY, maxX, maxY);
    const ids = this.ids;
    this.playfield.grid.queryBox(minX, minY, maxX, maxY, ids);
    this.circle.setPose(p, 0);
    this.move[0] = dx;
    this.move[1] = dy;
    let found = false;
    for (let i = 0; i < ids.count; i++) {
      const shape = this.playfield.shapes[ids.ids[i]!]! as Polygon | Chain | Circle;
      this.shapesTestedPerFrame++;
      if (
        sweepCircle(this.circle, this.move, shape, this.hit) &&
        (!found || this.hit.time < this.firstHit.time)
      ) {
        found = true;
        copyHit(this.hit, this.firstHit);
      }
    }
    return found;
  }

  private countCells(minX: number, minY: number, maxX: number, maxY: number): void {
    const inverse = 1 / CELL_SIZE;
    const x0 = Math.floor(minX * inverse), x1 = Math.floor(maxX * inverse);
    const y0 = Math.floor(minY * inverse), y1 = Math.floor(maxY * inverse);
    this.cellsTestedPerFrame += (x1 - x0 + 1) * (y1 - y0 + 1);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        if (this.drawnCellCount === MAX_DRAWN_CELLS) return;
        this.drawnCells[2 * this.drawnCellCount] = x;
        this.drawnCells[2 * this.drawnCellCount + 1] = y;
        this.drawnCellCount++;
      }
    }
  }
}

function copyHit(from: SweepHit, to: SweepHit): void {
  to.time = from.time;
  to.point[0] = from.point[0]!;
  to.point[1] = from.point[1]!;
  to.normal[0] = from.normal[0]!;
  to.normal[1] = from.normal[1]!;
  to.featureId = from.featureId;
}

function positive(field: string, value: number, zeroAllowed: boolean): number {
  if (
    typeof value !== 'number' || !Number.isFinite(value) || value < 0 ||
    (!zeroAllowed && value === 0)
  ) {
    throw new RangeError(
      `PinballSim: ${field} must be a finite number ${zeroAllowed ? '>= 0' : '> 0'}, got ${
        String(value)
      }`,
    );
  }
  return value;
}

function unit(field: string, value: number): number {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw new RangeError(`PinballSim: ${field} must be a number in [0, 1], got ${String(value)}`);
  }
  return value;
}
