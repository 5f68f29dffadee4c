/**
 * The pinball table's picture (pinball.ts holds the page's state and input): the table and its
 * obstacles, the plunger with its spring and gauge, the names of the table's parts, the ball, and
 * with "Visible" the grid cells tested, the outlines and the last impact's vectors.
 */
import {
  CELL_SIZE,
  DRAIN_LEFT,
  DRAIN_RIGHT,
  DRAIN_Y,
  LANE_LEFT,
  PLUNGER_TIP_FALL,
  PLUNGER_TRAVEL,
  PLUNGER_Y,
  TABLE_HEIGHT,
  TABLE_WIDTH,
} from './pinball-sim.js';
import type { PinballSim } from './pinball-sim.js';
import { drawArrow, drawLabel, fitCanvas, shortNumber } from './program-page.js';
import type { WorldView } from './program-page.js';

/** Height of the table's part names, CSS pixels: the panel's smallest text. */
const NAME_FONT_PIXELS = 12;

export const PINBALL_COLORS = {
  table: '#17324a',
  wall: '#0b1520',
  obstacle: '#d9a441',
  bumper: '#e8607a',
  block: '#6f8294',
  ball: '#e8eef5',
  cell: 'rgba(90, 169, 255, 0.22)',
  outline: '#7df9ff',
  normal: '#3ddc84',
  point: '#ff5c5c',
} as const;

/** A name drawn on the table, with its box's corners in canvas pixels. */
export interface DrawnName {
  text: string;
  corners: number[][];
}

/** What the picture shows: the page's state, read only. */
export interface PinballPicture {
  readonly sim: PinballSim;
  /** Draw the outlines, the grid cells tested and the vectors of the last impact. */
  readonly visible: boolean;
  /** Whether the plunger is being pulled. */
  readonly pulling: boolean;
  /** The speed of the last shot (m/s), 0 before the first. */
  readonly lastShot: number;
}

/** The ball's state in a few words. */
export function modeWords(sim: PinballSim): string {
  if (sim.mode === 'flight') return 'flight';
  return Math.hypot(sim.velocity[0]!, sim.velocity[1]!) < 0.005
    ? 'ground: at rest'
    : 'ground: rolling';
}

/**
 * Fits `view` to the canvas (the table and the plunger's housing below it, with a margin) and
 * draws the whole picture; the names drawn are written to `names`, for the browser test.
 */
export function drawPinball(
  canvas: HTMLCanvasElement,
  context: CanvasRenderingContext2D,
  view: WorldView,
  picture: PinballPicture,
  names: DrawnName[],
): void {
  const { width, height } = fitCanvas(canvas, context);
  const bottom = PLUNGER_Y - 0.05 - PLUNGER_TRAVEL, top = TABLE_HEIGHT + 0.02;
  const worldWidth = TABLE_WIDTH + 0.08, worldHeight = top - bottom;
  const s = Math.min(width / worldWidth, height / worldHeight);
  view.scale = s;
  view.cx = (width - (TABLE_WIDTH + 0.03) * s) / 2;
  view.cy = (height + worldHeight * s) / 2 + bottom * s;
  const { sim, visible } = picture;
  context.fillStyle = PINBALL_COLORS.wall;
  context.fillRect(0, 0, width, height);
  path(context, view, sim.table.outline);
  context.fillStyle = PINBALL_COLORS.table;
  context.fill();
  context.strokeStyle = '#9fb3c8';
  context.lineWidth = 2;
  context.stroke();
  if (visible) drawCells(context, view, sim);
  drawObstacles(context, view, sim);
  drawPlunger(context, view, sim.pull);
  if (visible) drawOutlines(context, view, sim);
  names.length = 0;
  if (s > 350) drawNames(context, view, names);
  drawBall(context, view, sim);
  if (visible) drawVectors(context, view, sim);
  drawCaptions(context, picture, height);
}

function path(
  context: CanvasRenderingContext2D,
  view: WorldView,
  points: readonly (readonly number[])[],
): void {
  context.beginPath();
  points.forEach((
    p,
    i,
  ) => (i === 0
    ? context.moveTo(view.x(p[0]!), view.y(p[1]!))
    : context.lineTo(view.x(p[0]!), view.y(p[1]!)))
  );
  context.closePath();
}

/** The cells of the last frame's swept boxes: only the shapes listed there were swept against. */
function drawCells(context: CanvasRenderingContext2D, view: WorldView, sim: PinballSim): void {
  const s = view.scale;
  context.fillStyle = PINBALL_COLORS.cell;
  for (let i = 0; i < sim.drawnCellCount; i++) {
    const x = sim.drawnCells[2 * i]! * CELL_SIZE, y = sim.drawnCells[2 * i + 1]! * CELL_SIZE;
    context.fillRect(view.x(x), view.y(y + CELL_SIZE), CELL_SIZE * s, CELL_SIZE * s);
  }
}

/** Begins a path around an obstacle: a bumper's circle or a polygon's outline. */
function obstaclePath(
  context: CanvasRenderingContext2D,
  view: WorldView,
  obstacle: PinballSim['table']['obstacles'][number],
): void {
  if (obstacle.kind === 'circle') {
    context.beginPath();
    context.arc(
      view.x(obstacle.centre[0]!),
      view.y(obstacle.centre[1]!),
      obstacle.radius * view.scale,
      0,
      2 * Math.PI,
    );
  } else {
    path(context, view, obstacle.outline);
  }
}

/** The obstacles filled: bumpers, the lane's block and the rest. */
function drawObstacles(context: CanvasRenderingContext2D, view: WorldView, sim: PinballSim): void {
  for (const obstacle of sim.table.obstacles) {
    obstaclePath(context, view, obstacle);
    context.fillStyle = obstacle.kind === 'circle'
      ? PINBALL_COLORS.bumper
      : obstacle.name === 'lane block'
      ? PINBALL_COLORS.block
      : PINBALL_COLORS.obstacle;
    context.fill();
  }
}

/** The obstacles' and the table's outlines, stroked. */
function drawOutlines(context: CanvasRenderingContext2D, view: WorldView, sim: PinballSim): void {
  context.strokeStyle = PINBALL_COLORS.outline;
  context.lineWidth = 1;
  for (const obstacle of sim.table.obstacles) {
    obstaclePath(context, view, obstacle);
    context.stroke();
  }
  path(context, view, sim.table.outline);
  context.stroke();
}

/**
 * The plunger below the lane: its tip is the lane's floor (yellow); pulling draws the knob down
 * and stretches the spring, and a gauge beside it shows the pull.
 */
function drawPlunger(context: CanvasRenderingContext2D, view: WorldView, pull: number): void {
  const X = (x: number) => view.x(x), Y = (y: number) => view.y(y), s = view.scale;
  const laneWidth = TABLE_WIDTH - LANE_LEFT;
  const housingBottom = PLUNGER_Y - 0.03 - PLUNGER_TRAVEL;
  const knobY = PLUNGER_Y - 0.02 - pull * PLUNGER_TRAVEL;
  context.fillStyle = '#050a10';
  context.fillRect(X(LANE_LEFT), Y(PLUNGER_Y), laneWidth * s, (PLUNGER_Y - housingBottom) * s);
  context.fillStyle = '#8a99a8';
  context.fillRect(
    X(LANE_LEFT + laneWidth * 0.42),
    Y(PLUNGER_Y),
    laneWidth * 0.16 * s,
    (PLUNGER_Y - knobY) * s,
  );
  context.strokeStyle = '#c4ced8';
  context.lineWidth = 1.5;
  context.beginPath();
  const turns = 8;
  for (let i = 0; i <= 2 * turns; i++) {
    const y = PLUNGER_Y - 0.004 - ((PLUNGER_Y - 0.004 - knobY) * i) / (2 * turns);
    const x = LANE_LEFT + laneWidth * (i % 2 === 0 ? 0.2 : 0.8);
    if (i === 0) context.moveTo(X(x), Y(y));
    else context.lineTo(X(x), Y(y));
  }
  context.stroke();
  context.fillStyle = '#e8eef5';
  context.fillRect(
    X(LANE_LEFT + laneWidth * 0.05),
    Y(knobY),
    laneWidth * 0.9 * s,
    Math.max(3, 0.008 * s),
  );
  context.fillStyle = '#ffd166';
  context.fillRect(X(LANE_LEFT), Y(PLUNGER_Y) - 1.5, laneWidth * s, 3);
  const gaugeX = X(TABLE_WIDTH) + 6, gaugeTop = Y(PLUNGER_Y + 0.2), gaugeHeight = 0.2 * s;
  context.strokeStyle = '#5c6b7a';
  context.lineWidth = 1;
  context.strokeRect(gaugeX, gaugeTop, 6, gaugeHeight);
  context.fillStyle = '#ffd166';
  context.fillRect(gaugeX, gaugeTop + gaugeHeight * (1 - pull), 6, gaugeHeight * pull);
}

/**
 * Names of the table's parts, faint, where there is room for them; each box is recorded in
 * `names` for the browser test that checks them against the outlines.
 */
function drawNames(context: CanvasRenderingContext2D, view: WorldView, names: DrawnName[]): void {
  const X = (x: number) => view.x(x), Y = (y: number) => view.y(y);
  const name = (...args: NameArguments) => drawName(context, names, ...args);
  context.font = `${NAME_FONT_PIXELS}px system-ui, sans-serif`;
  context.fillStyle = 'rgba(200, 215, 230, 0.55)';
  name('drain', X((DRAIN_LEFT + DRAIN_RIGHT) / 2), Y(DRAIN_Y) - 6, 0, 'center', 'alphabetic');
  // Along the channel's sloping floor and just below it, whatever the scale, left of the
  // middle to keep clear of "plunger".
  const fx0 = X(DRAIN_LEFT), fy0 = Y(0.1);
  const fx1 = X(LANE_LEFT), fy1 = Y(PLUNGER_Y + PLUNGER_TIP_FALL);
  name(
    'return channel \u2192',
    fx0 + 0.42 * (fx1 - fx0),
    fy0 + 0.42 * (fy1 - fy0),
    Math.atan2(fy1 - fy0, fx1 - fx0),
    'center',
    'top',
    4,
  );
  // Under the top of the arc, low enough that the arc clears the name's ends: the arc of
  // radius R falls R - sqrt(R^2 - h^2) at h from the middle.
  const half = context.measureText('upper semicircle').width / 2 / view.scale,
    R = TABLE_WIDTH / 2;
  const sag = R - Math.sqrt(Math.max(0, R * R - half * half));
  name('upper semicircle', X(R), Y(TABLE_HEIGHT - sag) + 5, 0, 'center', 'top');
  name(
    'launch lane',
    X((LANE_LEFT + TABLE_WIDTH) / 2) + 4,
    Y(0.5),
    -Math.PI / 2,
    'center',
    'alphabetic',
  );
  name('plunger', X(LANE_LEFT) - 6, Y(PLUNGER_Y - 0.04), 0, 'end', 'alphabetic');
  context.textAlign = 'start';
  context.textBaseline = 'alphabetic';
}

type NameArguments = [
  text: string,
  x: number,
  y: number,
  angle: number,
  align: CanvasTextAlign,
  baseline: CanvasTextBaseline,
  offset?: number,
];

/**
 * Draws a name at (x, y) turned by `angle` (radians, clockwise on the screen), `offset` pixels
 * further along the turned y axis, and records its box's four corners in `names`.
 */
function drawName(
  context: CanvasRenderingContext2D,
  names: DrawnName[],
  ...[text, x, y, angle, align, baseline, offset = 0]: NameArguments
): void {
  context.save();
  context.translate(x, y);
  context.rotate(angle);
  context.textAlign = align;
  context.textBaseline = baseline;
  context.fillText(text, 0, offset);
  context.restore();
  const metrics = context.measureText(text);
  const width = metrics.width;
  const left = align === 'center' ? -width / 2 : align === 'end' ? -width : 0;
  const top = baseline === 'top' ? offset : offset - NAME_FONT_PIXELS;
  const bottom = baseline === 'top' ? offset + NAME_FONT_PIXELS : offset;
  const c = Math.cos(angle), sn = Math.sin(angle);
  names.push({
    text,
    corners: [[left, top], [left + width, top], [left + width, bottom], [left, bottom]].map((
      [u, v],
    ) => [x + c * u! - sn * v!, y + sn * u! + c * v!]),
  });
}

/** The ball, ringed green while on the ground. */
function drawBall(context: CanvasRenderingContext2D, view: WorldView, sim: PinballSim): void {
  const b = sim.position, r = sim.radius;
  context.beginPath();
  context.arc(view.x(b[0]!), view.y(b[1]!), Math.max(3, r * view.scale), 0, 2 * Math.PI);
  context.fillStyle = PINBALL_COLORS.ball;
  context.fill();
  if (sim.mode === 'ground') {
    context.strokeStyle = PINBALL_COLORS.normal;
    context.lineWidth = 2;
    context.stroke();
  }
}

/** The ball's velocity and the last impact: the ball where it touched, the point, the normal. */
function drawVectors(context: CanvasRenderingContext2D, view: WorldView, sim: PinballSim): void {
  const X = (x: number) => view.x(x), Y = (y: number) => view.y(y);
  const b = sim.position, v = sim.velocity;
  if (Math.hypot(v[0]!, v[1]!) > 1e-6) {
    const tip = [b[0]! + 0.05 * v[0]!, b[1]! + 0.05 * v[1]!];
    view.arrow(context, b, tip, 'rgba(232, 238, 245, 0.7)', 2, 8);
  }
  const impact = sim.lastImpact;
  if (!impact) return;
  const px = X(impact.point[0]), py = Y(impact.point[1]);
  // The ball where it touched, the contact point and the normal (4 cm long).
  context.setLineDash([3, 3]);
  context.strokeStyle = PINBALL_COLORS.point;
  context.lineWidth = 1;
  context.beginPath();
  context.arc(X(impact.centre[0]), Y(impact.centre[1]), sim.radius * view.scale, 0, 2 * Math.PI);
  context.stroke();
  context.setLineDash([]);
  drawArrow(
    context,
    px,
    py,
    X(impact.point[0] + 0.04 * impact.normal[0]),
    Y(impact.point[1] + 0.04 * impact.normal[1]),
    PINBALL_COLORS.normal,
    2,
    8,
  );
  context.fillStyle = PINBALL_COLORS.point;
  context.beginPath();
  context.arc(px, py, 3.5, 0, 2 * Math.PI);
  context.fill();
  drawLabel(
    context,
    `toi ${shortNumber(impact.toi, 3)}  t ${shortNumber(impact.time, 4)} s`,
    px + 8,
    py - 8,
    '#ffffff',
  );
}

/** The ball's state and the plunger's speed, in the free corner below the funnel. */
function drawCaptions(
  context: CanvasRenderingContext2D,
  { sim, pulling, lastShot }: PinballPicture,
  height: number,
): void {
  drawLabel(
    context,
    `${modeWords(sim)}, ${shortNumber(Math.hypot(sim.velocity[0]!, sim.velocity[1]!), 3)} m/s`,
    10,
    height - 30,
    sim.mode === 'ground' ? PINBALL_COLORS.normal : '#ffffff',
  );
  drawLabel(
    context,
    pulling || sim.pull > 0
      ? `launch ${shortNumber(sim.launchSpeed, 3)} m/s`
      : lastShot > 0
      ? `last shot ${shortNumber(lastShot, 3)} m/s`
      : 'pull the plunger',
    10,
    height - 12,
    '#ffd166',
  );
}
