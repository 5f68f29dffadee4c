/**
 * The comet's picture (comet.ts holds the page's state and input): the stars, the nucleus's
 * picture with its contour placed over it (or a user's body, filled), the ball and its velocity,
 * the shot being aimed, and on demand the contact's vectors, magnified in an inset.
 */
import { placeContour } from '@contactkit/collision2d';
import type { Contour } from '@contactkit/collision2d';
import { BALL_RADIUS, IMAGE_WIDTH } from './comet-scene.js';
import type { CometScene, ContactVectors } from './comet-scene.js';
import { WorldView, drawLabel, fitCanvas, shortNumber } from './program-page.js';

/** Colours of the drawn vectors (the legend in the panel uses the same). */
export const VECTOR_COLORS = {
  offset: '#5aa9ff',
  segment: '#ffd166',
  foot: '#ffffff',
  normal: '#3ddc84',
  penetration: '#ff5c5c',
  gap: '#b48cff',
} as const;

/** What the picture shows: the page's state, read only. */
export interface CometPicture {
  readonly scene: CometScene;
  readonly contour: Contour;
  readonly picture: HTMLImageElement;
  /** Whether the body is the shipped nucleus, drawn over its picture (false: a user's contour). */
  readonly onPicture: boolean;
  readonly showContour: boolean;
  readonly showVectors: boolean;
  /** A shot being aimed: from where the ball starts to the pointer (world metres). */
  readonly aim: { from: [number, number]; to: [number, number]; } | null;
}

/** Where the body was drawn, in canvas CSS pixels, for the browser test. */
export interface DrawnComet {
  outlineOnScreen: number[][];
  /** The picture's `[left, top, width, height]`. */
  imageRect: number[];
}

/** The picture's height in world units, at IMAGE_WIDTH wide. */
function imageHeight(picture: HTMLImageElement): number {
  return (IMAGE_WIDTH * picture.naturalHeight) / picture.naturalWidth;
}

/**
 * Fits `view` to the canvas (the picture with a margin, about the centre), tells the scene the
 * view's half size (the ball wraps around at its edges), and draws the whole picture; `vertex`
 * is the corner touched, ringed, or -1.
 */
export function drawComet(
  canvas: HTMLCanvasElement,
  context: CanvasRenderingContext2D,
  view: WorldView,
  comet: CometPicture,
  vectors: readonly ContactVectors[],
  vertex: number,
): DrawnComet {
  const { width, height } = fitCanvas(canvas, context);
  const { scene, onPicture } = comet;
  const X = (x: number) => view.x(x), Y = (y: number) => view.y(y);
  const margin = 0.3, pictureHeight = imageHeight(comet.picture);
  const s = Math.min(width / (IMAGE_WIDTH + 2 * margin), height / (pictureHeight + 2 * margin));
  view.scale = s;
  view.cx = width / 2;
  view.cy = height / 2;
  scene.halfWidth = width / (2 * s);
  scene.halfHeight = height / (2 * s);
  context.fillStyle = '#07090d';
  context.fillRect(0, 0, width, height);
  drawStars(context, width, height);
  const imageRect = [X(-IMAGE_WIDTH / 2), Y(pictureHeight / 2), IMAGE_WIDTH * s, pictureHeight * s];
  if (onPicture) {
    context.drawImage(comet.picture, imageRect[0]!, imageRect[1]!, imageRect[2]!, imageRect[3]!);
  }
  // The shipped contour in CSS pixels straight from the file: placed at the displayed width
  // about the displayed centre of the picture (its y already points down, as the canvas's
  // does). A user's body has no picture: its world outline, projected and filled.
  const onScreen = onPicture
    ? placeContour(comet.contour, imageRect[2]!, [
      imageRect[0]! + imageRect[2]! / 2,
      imageRect[1]! + imageRect[3]! / 2,
    ]).points
    : scene.outline.map(([x, y]): [number, number] => [X(x), Y(y)]);
  if (!onPicture) {
    context.fillStyle = '#3a3f47';
    polygon(context, onScreen);
    context.fill();
  }
  if (comet.showContour) {
    context.strokeStyle = '#ff4d6d';
    context.lineWidth = 1.5;
    polygon(context, onScreen);
    context.stroke();
    context.fillStyle = '#ff4d6d';
    for (const [x, y] of onScreen) context.fillRect(x - 1.5, y - 1.5, 3, 3);
  }
  if (comet.showVectors) drawVectors(context, view, scene, vectors, false);
  if (vertex >= 0) ringCorner(context, view, scene, vertex);
  drawBall(context, view, comet);
  if (comet.showVectors && vectors.length > 0) {
    drawInset(context, view, comet, vectors, [width, height]);
  }
  return { outlineOnScreen: onScreen.map((p) => [p[0], p[1]]), imageRect };
}

/** A closed path through points in canvas pixels. */
function polygon(context: CanvasRenderingContext2D, points: readonly (readonly number[])[]): void {
  context.beginPath();
  points.forEach(([x, y], i) => (i === 0 ? context.moveTo(x!, y!) : context.lineTo(x!, y!)));
  context.closePath();
}

/** The corner touched: a white ring about its vertex. */
function ringCorner(
  context: CanvasRenderingContext2D,
  view: WorldView,
  scene: CometScene,
  vertex: number,
): void {
  context.strokeStyle = '#ffffff';
  context.lineWidth = 1.5;
  context.beginPath();
  context.arc(
    view.x(scene.polygon.vertices[2 * vertex]!),
    view.y(scene.polygon.vertices[2 * vertex + 1]!),
    7,
    0,
    2 * Math.PI,
  );
  context.stroke();
}

/** The ball, its velocity (half a second's travel) and the shot being aimed. */
function drawBall(context: CanvasRenderingContext2D, view: WorldView, comet: CometPicture): void {
  const X = (x: number) => view.x(x), Y = (y: number) => view.y(y);
  const radius = Math.max(3, BALL_RADIUS * view.scale);
  const b = comet.scene.ball.position, v = comet.scene.ball.velocity;
  context.fillStyle = '#e8eef5';
  context.beginPath();
  context.arc(X(b[0]!), Y(b[1]!), radius, 0, 2 * Math.PI);
  context.fill();
  if (Math.hypot(v[0]!, v[1]!) > 1e-6) {
    const tip = [b[0]! + 0.5 * v[0]!, b[1]! + 0.5 * v[1]!];
    view.arrow(context, b, tip, 'rgba(232, 238, 245, 0.55)', 1.5, 9);
  }
  const aim = comet.aim;
  if (aim) {
    context.strokeStyle = '#e8eef5';
    context.setLineDash([4, 4]);
    context.beginPath();
    context.arc(X(aim.from[0]), Y(aim.from[1]), radius, 0, 2 * Math.PI);
    context.stroke();
    context.setLineDash([]);
    view.arrow(context, aim.from, aim.to, '#ffd166', 2, 9);
  }
}

function label(
  context: CanvasRenderingContext2D,
  view: WorldView,
  text: string,
  at: ArrayLike<number>,
  color: string,
): void {
  drawLabel(context, text, view.x(at[0]!) + 4, view.y(at[1]!) - 4, color);
}

/**
 * Each contact's vectors as collision2d's circle-against-contour method computes them: S, O,
 * the penetration (or gap) along the normal, the normal and the foot; `labelled` names them.
 */
function drawVectors(
  context: CanvasRenderingContext2D,
  view: WorldView,
  scene: CometScene,
  vectors: readonly ContactVectors[],
  labelled: boolean,
): void {
  const X = (x: number) => view.x(x), Y = (y: number) => view.y(y);
  const arrow = (from: ArrayLike<number>, to: ArrayLike<number>, color: string) =>
    view.arrow(context, from, to, color, 2, 9);
  const c = scene.ball.position;
  for (const v of vectors) {
    const end = [v.start[0]! + v.segment[0]!, v.start[1]! + v.segment[1]!];
    arrow(v.start, end, VECTOR_COLORS.segment);
    arrow(v.start, c, VECTOR_COLORS.offset);
    // The penetration along the normal: from the outline's point to the circle's deepest point.
    const deepest = [c[0]! - v.normal[0]! * BALL_RADIUS, c[1]! - v.normal[1]! * BALL_RADIUS];
    context.strokeStyle = v.penetration >= 0 ? VECTOR_COLORS.penetration : VECTOR_COLORS.gap;
    context.lineWidth = 3;
    context.beginPath();
    context.moveTo(X(v.foot[0]!), Y(v.foot[1]!));
    context.lineTo(X(deepest[0]!), Y(deepest[1]!));
    context.stroke();
    const normalLength = Math.max(2.5 * BALL_RADIUS, 28 / view.scale);
    const normalTip = [
      v.foot[0]! + v.normal[0]! * normalLength,
      v.foot[1]! + v.normal[1]! * normalLength,
    ];
    arrow(v.foot, normalTip, VECTOR_COLORS.normal);
    context.fillStyle = VECTOR_COLORS.foot;
    context.beginPath();
    context.arc(X(v.foot[0]!), Y(v.foot[1]!), 3.5, 0, 2 * Math.PI);
    context.fill();
    if (labelled) {
      const middle = [v.start[0]! + 0.5 * v.segment[0]!, v.start[1]! + 0.5 * v.segment[1]!];
      label(context, view, `S${v.index}`, middle, VECTOR_COLORS.segment);
      const offsetMiddle = [(v.start[0]! + c[0]!) / 2, (v.start[1]! + c[1]!) / 2];
      label(context, view, 'O', offsetMiddle, VECTOR_COLORS.offset);
      label(context, view, 'n', normalTip, VECTOR_COLORS.normal);
      label(context, view, `P${v.index}`, v.start, '#e8eef5');
    }
  }
}

/**
 * The contact magnified: a square inset in the canvas's lower left, 8 ball radii across, with
 * the picture, the outline, the ball and the labelled vectors (O, S, n, P_i), which at the
 * page's scale are a few pixels long.
 */
function drawInset(
  context: CanvasRenderingContext2D,
  view: WorldView,
  comet: CometPicture,
  vectors: readonly ContactVectors[],
  [width, height]: readonly [number, number],
): void {
  const size = Math.floor(Math.min(240, 0.42 * width, 0.42 * height));
  const left = 10, top = height - size - 10;
  const { scene } = comet;
  const b = scene.ball.position;
  const inset = new WorldView();
  inset.scale = size / (8 * BALL_RADIUS);
  inset.cx = left + size / 2 - b[0]! * inset.scale;
  inset.cy = top + size / 2 + b[1]! * inset.scale;
  const X = (x: number) => inset.x(x), Y = (y: number) => inset.y(y), s = inset.scale;
  context.save();
  context.beginPath();
  context.rect(left, top, size, size);
  context.clip();
  context.fillStyle = '#07090d';
  context.fillRect(left, top, size, size);
  if (comet.onPicture) {
    const pictureHeight = imageHeight(comet.picture);
    context.drawImage(
      comet.picture,
      X(-IMAGE_WIDTH / 2),
      Y(pictureHeight / 2),
      IMAGE_WIDTH * s,
      pictureHeight * s,
    );
  }
  context.strokeStyle = '#ff4d6d';
  context.lineWidth = 1.5;
  polygon(context, scene.outline.map(([x, y]) => [X(x), Y(y)]));
  context.stroke();
  context.strokeStyle = '#e8eef5';
  context.lineWidth = 1.5;
  context.beginPath();
  context.arc(X(b[0]!), Y(b[1]!), BALL_RADIUS * s, 0, 2 * Math.PI);
  context.stroke();
  drawVectors(context, inset, scene, vectors, true);
  context.restore();
  context.strokeStyle = '#8d99a6';
  context.lineWidth = 1;
  context.strokeRect(left + 0.5, top + 0.5, size - 1, size - 1);
  context.font = '11px system-ui, sans-serif';
  context.fillStyle = '#aeb8c4';
  context.fillText(`contact, ${shortNumber(s / view.scale, 2)}x`, left + 6, top + 14);
}

/** A fixed field of faint stars (positions from a small linear congruential generator). */
function drawStars(context: CanvasRenderingContext2D, width: number, height: number): void {
  let state = 12345;
  const next = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 4294967296);
  for (let i = 0; i < 140; i++) {
    const x = next() * width, y = next() * height, brightness = 90 + next() * 120;
    context.fillStyle = `rgb(${brightness}, ${brightness}, ${brightness + 20})`;
    context.fillRect(x, y, next() < 0.1 ? 2 : 1, 1);
  }
}
