/**
 * The rolling ball's picture (rolling-ball.ts holds the page's state and input): the profile with
 * its corners' marks, the three balls with their trails and transition rings, the throw being
 * aimed, a profile being drawn, and the energy plot under it all. The functions only read the
 * page's state; `drawRollingBall` also fits the view to the canvas.
 */
import { BALL_RADIUS, throwVelocity } from './rolling-ball-scene.js';
import type { EventKind, Profile, RollingBallScene } from './rolling-ball-scene.js';
import { fitCanvas, shortNumber } from './program-page.js';
import type { WorldView } from './program-page.js';
import type { ProfileDrawing } from './profile-drawing.js';

export const COLORS = {
  profile: '#c9d3de',
  hatch: '#55606d',
  ball: '#f4f7fa',
  naive: '#ff9f43',
  limiter: '#ffd166',
  sector: '#5aa9ff',
  aim: '#3ddc84',
  uncorrected: '#d67cff',
} as const;

/** The ring drawn where the exact ball had each kind of transition. */
export const EVENT_COLORS: Record<EventKind, string> = {
  limiter: COLORS.limiter,
  corner: COLORS.sector,
  'take-off': '#3ddc84',
  impact: '#ff5c5c',
  landing: '#b48cff',
  rest: '#8d99a6',
  turn: '#f4f7fa',
};

/** A throw being aimed: from where the ball starts to the pointer (world metres). */
export interface Aim {
  from: [number, number];
  to: [number, number];
}

/** The positions of the exact and the naive ball over the last frames. */
export interface Trails {
  exact: number[][];
  naive: number[][];
}

/** What the picture shows: the page's state, read only. */
export interface RollingBallPicture {
  readonly scene: RollingBallScene;
  readonly profile: Profile;
  readonly trails: Trails;
  readonly showNaive: boolean;
  readonly showUncorrected: boolean;
  /** The exact ball's turned angle, for the spoke drawn on it. */
  readonly turned: number;
  readonly aim: Aim | null;
  readonly drawing: ProfileDrawing;
}

/**
 * Fits `view` to the canvas (the profile above, the energy plot below) and draws the whole
 * picture.
 */
export function drawRollingBall(
  canvas: HTMLCanvasElement,
  context: CanvasRenderingContext2D,
  view: WorldView,
  picture: RollingBallPicture,
): void {
  const { width, height } = fitCanvas(canvas, context);
  const points = picture.profile.points;
  const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
  const margin = 0.6;
  const minX = Math.min(...xs) - margin, maxX = Math.max(...xs) + margin;
  const minY = Math.min(...ys) - margin, maxY = Math.max(...ys) + 1.5;
  // A canvas taller than the profile at full width (a phone) gives the plot some of the rest.
  const profileHeight = ((maxY - minY) * width) / (maxX - minX);
  const plotHeight = Math.round(
    Math.min(
      0.4 * height,
      Math.max(80, Math.min(150, 0.2 * height), height - 1.6 * profileHeight),
    ),
  );
  const viewHeight = height - plotHeight - 8;
  view.scale = Math.min(width / (maxX - minX), viewHeight / (maxY - minY));
  view.cx = width / 2 - ((minX + maxX) / 2) * view.scale;
  // The profile stands on the plot: the room left over goes above it, where the ball flies.
  view.cy = viewHeight + minY * view.scale;
  context.fillStyle = '#15181d';
  context.fillRect(0, 0, width, height);
  drawProfile(context, view, picture);
  drawCorners(context, view, picture.scene);
  drawBalls(context, view, picture);
  if (picture.aim) drawAim(context, view, picture.aim);
  if (picture.drawing.active) drawDrawing(context, view, picture.drawing);
  drawPlot(context, picture, [8, height - plotHeight - 4, width - 16, plotHeight]);
}

/** The profile, hatched on its solid side (right of its direction). */
function drawProfile(
  context: CanvasRenderingContext2D,
  view: WorldView,
  { profile }: RollingBallPicture,
): void {
  const X = (x: number) => view.x(x), Y = (y: number) => view.y(y);
  const pts = profile.closed ? [...profile.points, profile.points[0]!] : profile.points;
  context.strokeStyle = COLORS.hatch;
  context.lineWidth = 1;
  const spacing = 9 / view.scale, depth = 8 / view.scale;
  context.beginPath();
  for (let i = 0; i + 1 < pts.length; i++) {
    const [ax, ay] = pts[i]!, [bx, by] = pts[i + 1]!;
    const length = Math.hypot(bx - ax, by - ay), ex = (bx - ax) / length, ey = (by - ay) / length;
    // Slanted hatches on the right-hand side (-left normal), as a drawing marks solid ground.
    const hx = (ey - ex) * depth * Math.SQRT1_2, hy = (-ex - ey) * depth * Math.SQRT1_2;
    for (let t = spacing / 2; t < length; t += spacing) {
      const x = ax + t * ex, y = ay + t * ey;
      context.moveTo(X(x), Y(y));
      context.lineTo(X(x + hx), Y(y + hy));
    }
  }
  context.stroke();
  context.strokeStyle = COLORS.profile;
  context.lineWidth = 2.5;
  context.lineJoin = 'round';
  context.beginPath();
  pts.forEach(([x, y], i) => (i === 0 ? context.moveTo(X(x), Y(y)) : context.lineTo(X(x), Y(y))));
  context.stroke();
}

/**
 * The corners' marks on the ball's side: a tick across the segment at each limiter point of a
 * concave corner, the turning sector of a convex one.
 */
function drawCorners(
  context: CanvasRenderingContext2D,
  view: WorldView,
  scene: RollingBallScene,
): void {
  const X = (x: number) => view.x(x), Y = (y: number) => view.y(y);
  const side = scene.ball.side === -1 ? -1 : 1;
  const r = BALL_RADIUS;
  for (const corner of scene.ball.corners(side)) {
    const vx = scene.ball.vertices[2 * corner.vertex]!,
      vy = scene.ball.vertices[2 * corner.vertex + 1]!;
    if (corner.kind === 'concave') {
      context.strokeStyle = COLORS.limiter;
      context.lineWidth = 2;
      context.beginPath();
      for (const point of [corner.limiterBefore!, corner.limiterAfter!]) {
        const dx = point[0]! - vx, dy = point[1]! - vy, length = Math.hypot(dx, dy) || 1;
        const nx = (-dy / length) * side, ny = (dx / length) * side;
        // The normal on the ball's side is the one pointing toward the wedged centre.
        const w = corner.wedgedCentre!,
          toward = (w[0]! - point[0]!) * nx + (w[1]! - point[1]!) * ny >= 0 ? 1 : -1;
        const tick = Math.max(0.35 * r, 6 / view.scale) * toward;
        context.moveTo(X(point[0]!), Y(point[1]!));
        context.lineTo(X(point[0]! + nx * tick), Y(point[1]! + ny * tick));
      }
      context.stroke();
    } else if (corner.kind === 'convex' || corner.kind === 'end') {
      let sweep = corner.sectorEnd - corner.sectorStart;
      sweep -= 2 * Math.PI * Math.round(sweep / (2 * Math.PI));
      const steps = Math.max(4, Math.ceil(Math.abs(sweep) / 0.1));
      context.fillStyle = 'rgba(90, 169, 255, 0.22)';
      context.strokeStyle = COLORS.sector;
      context.lineWidth = 1.5;
      context.beginPath();
      context.moveTo(X(vx), Y(vy));
      for (let k = 0; k <= steps; k++) {
        const angle = corner.sectorStart + (sweep * k) / steps;
        context.lineTo(X(vx + r * Math.cos(angle)), Y(vy + r * Math.sin(angle)));
      }
      context.closePath();
      context.fill();
      context.stroke();
    }
  }
}

function drawTrail(
  context: CanvasRenderingContext2D,
  view: WorldView,
  trail: readonly number[][],
  color: string,
): void {
  if (trail.length < 2) return;
  context.strokeStyle = color;
  context.lineWidth = 1.5;
  context.globalAlpha = 0.45;
  context.beginPath();
  trail.forEach((
    [x, y],
    i,
  ) => (i === 0 ? context.moveTo(view.x(x!), view.y(y!)) : context.lineTo(view.x(x!), view.y(y!))));
  context.stroke();
  context.globalAlpha = 1;
}

/** The profile being drawn: its segments and a handle at each point. */
function drawDrawing(
  context: CanvasRenderingContext2D,
  view: WorldView,
  drawing: ProfileDrawing,
): void {
  const X = (x: number) => view.x(x), Y = (y: number) => view.y(y);
  const { points, closed } = drawing.editor;
  context.strokeStyle = COLORS.aim;
  context.lineWidth = 2;
  context.beginPath();
  points.forEach((
    [x, y],
    i,
  ) => (i === 0 ? context.moveTo(X(x), Y(y)) : context.lineTo(X(x), Y(y))));
  if (closed) context.closePath();
  context.stroke();
  context.fillStyle = COLORS.aim;
  for (const [x, y] of points) context.fillRect(X(x) - 4, Y(y) - 4, 8, 8);
}

/**
 * The ghosts (naive, uncorrected), the exact ball's trail and transition rings, the exact ball
 * with a spoke for its spin and, when no throw is being aimed, its velocity.
 */
function drawBalls(
  context: CanvasRenderingContext2D,
  view: WorldView,
  picture: RollingBallPicture,
): void {
  const X = (x: number) => view.x(x), Y = (y: number) => view.y(y);
  const { scene, trails } = picture;
  const r = BALL_RADIUS * view.scale;
  if (picture.showNaive && !scene.naive.lost) {
    drawTrail(context, view, trails.naive, COLORS.naive);
    const p = scene.naive.position;
    context.fillStyle = 'rgba(255, 159, 67, 0.28)';
    context.strokeStyle = COLORS.naive;
    context.lineWidth = 2;
    context.setLineDash([5, 4]);
    context.beginPath();
    context.arc(X(p[0]!), Y(p[1]!), r, 0, 2 * Math.PI);
    context.fill();
    context.stroke();
    context.setLineDash([]);
  }
  if (picture.showUncorrected) {
    const [ux, uy] = scene.uncorrected.position;
    context.strokeStyle = COLORS.uncorrected;
    context.lineWidth = 2;
    context.setLineDash([2, 3]);
    context.beginPath();
    context.arc(X(ux), Y(uy), r, 0, 2 * Math.PI);
    context.stroke();
    context.setLineDash([]);
  }
  drawTrail(context, view, trails.exact, COLORS.ball);
  // Where the exact ball's transitions happened, the older fainter.
  const events = scene.events;
  events.forEach((event, i) => {
    context.globalAlpha = 0.35 + (0.65 * (i + 1)) / events.length;
    context.strokeStyle = EVENT_COLORS[event.kind];
    context.lineWidth = 2;
    context.beginPath();
    context.arc(X(event.position[0]), Y(event.position[1]), 4, 0, 2 * Math.PI);
    context.stroke();
  });
  context.globalAlpha = 1;
  const b = scene.ball.position, v = scene.ball.velocity;
  context.fillStyle = COLORS.ball;
  context.beginPath();
  context.arc(X(b[0]!), Y(b[1]!), r, 0, 2 * Math.PI);
  context.fill();
  // A spoke shows the spin (counter-clockwise positive; the canvas's y points down).
  const turned = picture.turned;
  context.strokeStyle = '#3a4350';
  context.lineWidth = 2;
  context.beginPath();
  context.moveTo(X(b[0]!), Y(b[1]!));
  context.lineTo(X(b[0]!) + 0.85 * r * Math.cos(turned), Y(b[1]!) - 0.85 * r * Math.sin(turned));
  context.stroke();
  if (!picture.aim && Math.hypot(v[0]!, v[1]!) > 1e-6) {
    const tip = [b[0]! + 0.25 * v[0]!, b[1]! + 0.25 * v[1]!];
    view.arrow(context, b, tip, 'rgba(244, 247, 250, 0.6)', 1.5, 10);
  }
}

/** The throw being aimed: the ball where it starts, the arrow and the speed it gives. */
function drawAim(
  context: CanvasRenderingContext2D,
  view: WorldView,
  aim: Aim,
): void {
  context.strokeStyle = COLORS.aim;
  context.setLineDash([4, 4]);
  context.lineWidth = 1.5;
  context.beginPath();
  context.arc(view.x(aim.from[0]), view.y(aim.from[1]), BALL_RADIUS * view.scale, 0, 2 * Math.PI);
  context.stroke();
  context.setLineDash([]);
  view.arrow(context, aim.from, aim.to, COLORS.aim, 2.5, 10);
  const velocity = throwVelocity(aim.from, aim.to);
  context.font = '600 12px system-ui, sans-serif';
  context.fillStyle = COLORS.aim;
  context.fillText(
    `${shortNumber(Math.hypot(velocity[0], velocity[1]), 3)} m/s`,
    view.x(aim.to[0]) + 8,
    view.y(aim.to[1]) - 8,
  );
}

function text(
  context: CanvasRenderingContext2D,
  value: string,
  x: number,
  y: number,
  color: string,
  align: CanvasTextAlign = 'left',
): void {
  context.font = '12px system-ui, sans-serif';
  context.textAlign = align;
  context.fillStyle = color;
  context.fillText(value, x, y);
  context.textAlign = 'left';
}

/**
 * W(t) of both balls since the launch (the last 10 s), in the strip `[left, top, width, height]`
 * (CSS pixels) at the canvas's foot.
 */
function drawPlot(
  context: CanvasRenderingContext2D,
  { scene, showNaive }: RollingBallPicture,
  [left, top, width, height]: readonly [number, number, number, number],
): void {
  context.fillStyle = '#101317';
  context.fillRect(left, top, width, height);
  context.strokeStyle = '#303741';
  context.lineWidth = 1;
  context.strokeRect(left + 0.5, top + 0.5, width - 1, height - 1);
  const history = scene.history;
  if (history.length === 0) return;
  let low = Infinity, high = -Infinity;
  for (const sample of history) {
    low = Math.min(low, sample.exact, showNaive ? sample.naive : sample.exact);
    high = Math.max(high, sample.exact, showNaive ? sample.naive : sample.exact);
  }
  // At least 2% of the energy tall, so round-off in a constant W draws a flat line.
  const middle = (low + high) / 2,
    half = Math.max((high - low) / 2, 0.01 * Math.abs(middle), 1e-9) * 1.15;
  low = middle - half;
  high = middle + half;
  const t0 = history[0]!.time, span = Math.max(history.at(-1)!.time - t0, 10);
  const inner = {
    left: left + 54,
    right: left + width - 8,
    top: top + 22,
    bottom: top + height - 6,
  };
  const px = (t: number) => inner.left + ((t - t0) / span) * (inner.right - inner.left);
  const py = (w: number) => inner.bottom - ((w - low) / (high - low)) * (inner.bottom - inner.top);
  text(context, 'W (J/kg)', left + 6, top + 13, '#9fb3c8');
  text(context, shortNumber(high, 4), inner.left - 4, inner.top + 8, '#8d99a6', 'right');
  text(context, shortNumber(low, 4), inner.left - 4, inner.bottom, '#8d99a6', 'right');
  const series: Array<[keyof (typeof history)[number], string]> = [['exact', COLORS.ball]];
  if (showNaive) series.unshift(['naive', COLORS.naive]);
  for (const [key, color] of series) {
    context.strokeStyle = color;
    context.lineWidth = 1.5;
    context.beginPath();
    history.forEach((
      sample,
      i,
    ) => (i === 0
      ? context.moveTo(px(sample.time), py(sample[key]))
      : context.lineTo(px(sample.time), py(sample[key])))
    );
    context.stroke();
  }
  text(context, `${shortNumber(span, 3)} s`, inner.right, top + 13, '#8d99a6', 'right');
  // The plot's own key: on a phone the panel's legend is a screen away.
  let x = left + 76;
  for (
    const [name, color] of [
      ['exact', COLORS.ball],
      ...(showNaive ? [['naive Euler', COLORS.naive]] : []),
    ] as const
  ) {
    context.fillStyle = color;
    context.fillRect(x, top + 8, 14, 2);
    text(context, name, x + 18, top + 13, color);
    x += 30 + context.measureText(name).width;
  }
}
