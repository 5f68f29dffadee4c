/**
 * The comet (`?scene=comet`): a fixed object shown as a picture with its digitised contour (both
 * shipped: src/programs/assets, made by scripts/make-comet.ts with the digitiser's pipeline), and
 * a ball shot by a drag that bounces off it. The contour is drawn over the picture by
 * `placeContour` at the displayed width, so the two stay in register at any size. On demand the
 * vectors of the current contact are drawn as collision2d's circle-against-contour method
 * computes them, and the corner touched is named convex or concave. A user's contour file
 * (contour-input.ts) replaces the nucleus: the ball then meets that body, drawn without a picture.
 */
import { parseContour, placeContour } from '@contactkit/collision2d';
import { contactKindName } from '@contactkit/math';
import type { ContactKind } from '@contactkit/math';
import cometUrl from './assets/comet.png';
import contourText from './assets/comet-contour.txt?raw';
import {
  BALL_RADIUS,
  CometScene,
  DEFAULT_RESTITUTION,
  IMAGE_WIDTH,
  USER_BODY_SIZE,
} from './comet-scene.js';
import type { ContactVectors } from './comet-scene.js';
import { contourInput } from './contour-input.js';
import { readContour } from './user-contour.js';
import {
  drawArrow,
  element,
  fitCanvas,
  programPage,
  publish,
  shortNumber,
} from './program-page.js';

/** Colours of the drawn vectors (the legend in the panel uses the same). */
export const VECTOR_COLORS = {
  offset: '#5aa9ff',
  segment: '#ffd166',
  foot: '#ffffff',
  normal: '#3ddc84',
  penetration: '#ff5c5c',
  gap: '#b48cff',
} as const;

/** Drag length (world units) to launch speed (world units per second). */
const SHOT_GAIN = 1.5;
const MAX_SPEED = 12;
/** Longest step a frame simulates: a hidden tab's long frame is not made up for. */
const MAX_FRAME = 0.1;

export async function startComet(): Promise<void> {
  const page = programPage(
    'comet',
    'Comet: a ball bouncing off a digitised picture',
    "A fixed object that comes as a picture (a two-lobed comet nucleus) with its contour, digitised from the picture by the digitiser's trace. The ball (ContourBall of @contactkit/motion2d) flies, bounces off the outline with the restitution set below, and may land and roll on it; the contour is placed over the picture at the displayed width, so picture and contour stay congruent at any size.",
    'Drag anywhere outside the nucleus to shoot the ball: it starts where you press, with the velocity of the arrow. A ball leaving the view comes back on the other side.',
  );
  const { canvas, context, body, stage } = page;
  let contour = parseContour(contourText);
  /** Whether the body is the shipped nucleus, drawn over its picture (false: a user's contour). */
  let onPicture = true;
  let contourName = 'comet-contour.txt';
  const picture = new Image();
  picture.src = cometUrl;
  await picture.decode();

  let scene = new CometScene(contour, DEFAULT_RESTITUTION, onPicture);
  let paused = false;
  let showContour = true;
  let showVectors = new URLSearchParams(location.search).get('vectors') === '1';
  let aim: { from: [number, number]; to: [number, number]; } | null = null;
  let message = '';
  let frame = 0;
  let last = performance.now();
  // World (metres, y up) -> CSS pixels: [cx + x s, cy - y s].
  let s = 1, cx = 0, cy = 0;

  // --- The panel -------------------------------------------------------------------------------
  const toggles = element('div', { class: 'toggles' });
  const toggle = (id: string, text: string, checked: boolean, on: (value: boolean) => void) => {
    const input = element('input', { type: 'checkbox', id });
    input.checked = checked;
    input.addEventListener('change', () => on(input.checked));
    const label = element('label', {});
    label.append(input, ` ${text}`);
    toggles.append(label);
    return input;
  };
  toggle('show-contour', 'Contour', showContour, (on) => (showContour = on));
  toggle('show-vectors', 'Contact vectors', showVectors, (on) => (showVectors = on));
  toggle('stop-at-impact', 'Stop at each impact', false, (on) => (scene.stopAtImpact = on));
  const buttons = element('div', { class: 'buttons' });
  const pauseButton = element('button', { type: 'button', id: 'pause' }, 'Pause');
  const resetButton = element('button', { type: 'button', id: 'reset' }, 'Reset');
  buttons.append(pauseButton, resetButton);
  const restitution = element('input', {
    type: 'range',
    id: 'restitution',
    min: '0',
    max: '1',
    step: '0.05',
    value: String(DEFAULT_RESTITUTION),
  });
  const restitutionLabel = element('label', { class: 'choice' }, '');
  const restitutionValue = element('span', {}, String(DEFAULT_RESTITUTION));
  restitutionLabel.append('Restitution ', restitution, ' ', restitutionValue);
  body.append(toggles, buttons, restitutionLabel);
  const live = element('p', { class: 'live', id: 'ball-caption' });
  const touching = element('p', { class: 'probe', id: 'touching' });
  const error = element('p', { class: 'error', id: 'comet-error' });
  body.append(live, touching, error);
  const legend = element('ul', { class: 'legend', id: 'vector-legend' });
  for (
    const [key, text] of [
      ['offset', 'O = centre - P_i'],
      ['segment', 'S = P_i+1 - P_i'],
      ['foot', 'foot of the perpendicular'],
      ['normal', 'normal'],
      ['penetration', 'penetration'],
      ['gap', 'gap (within one radius)'],
    ] as const
  ) {
    const item = element('li');
    const swatch = element('span', { class: 'swatch' });
    swatch.style.background = VECTOR_COLORS[key];
    item.append(swatch, text);
    legend.append(item);
  }
  const table = element('table', { id: 'contact-vectors' });
  const tableBody = element('tbody');
  table.append(element('thead'), tableBody);
  table.tHead!.innerHTML =
    '<tr><th>#</th><th>feature</th><th>kind</th><th>penetration</th><th>|O|</th><th>|S|</th><th>l_part</th></tr>';
  body.append(element('h2', {}, 'Contact (within one radius)'), legend, table);
  const contourControls = contourInput(body, stage, 'the body the ball meets', (text, fileName) => {
    const next = new CometScene(readContour(text), Number(restitution.value), false);
    next.stopAtImpact = scene.stopAtImpact;
    scene = next;
    contour = next.contour;
    onPicture = false;
    contourName = fileName;
    paused = false;
    message = '';
    return `${fileName}: ${contour.points.length} points, made ${USER_BODY_SIZE} m across in place of the nucleus (its picture is not shown). Drag to shoot at it.`;
  }, restitutionLabel);

  pauseButton.addEventListener('click', () => {
    paused = !paused;
    last = performance.now();
  });
  resetButton.addEventListener('click', () => {
    scene = new CometScene(contour, Number(restitution.value), onPicture);
    scene.stopAtImpact = (document.getElementById('stop-at-impact') as HTMLInputElement).checked;
    paused = false;
    message = '';
  });
  restitution.addEventListener('input', () => {
    const value = Number(restitution.value);
    restitutionValue.textContent = String(value);
    // The restitution is fixed at construction: a new ball carries on from where this one is.
    const { position, velocity } = scene.state;
    const next = new CometScene(contour, value, onPicture);
    next.stopAtImpact = scene.stopAtImpact;
    next.halfWidth = scene.halfWidth;
    next.halfHeight = scene.halfHeight;
    try {
      next.shoot(position, velocity);
      scene = next;
    } catch (caught) {
      message = `Restitution: ${(caught as Error).message}`;
    }
  });

  // --- Shooting --------------------------------------------------------------------------------
  const toWorld = (event: PointerEvent): [number, number] => {
    const box = canvas.getBoundingClientRect();
    return [(event.clientX - box.left - cx) / s, (cy - (event.clientY - box.top)) / s];
  };
  canvas.addEventListener('pointerdown', (event) => {
    canvas.setPointerCapture(event.pointerId);
    const p = toWorld(event);
    aim = { from: p, to: p };
  });
  canvas.addEventListener('pointermove', (event) => {
    if (aim) aim.to = toWorld(event);
  });
  canvas.addEventListener('pointerup', () => {
    if (!aim) return;
    const velocity = shotVelocity(aim.from, aim.to);
    try {
      scene.shoot(aim.from, velocity);
      paused = false;
      message = '';
    } catch (caught) {
      message = `Shot refused: ${
        (caught as Error).message.replace(/^shoot: |^ContourBall\.launch: /, '')
      }`;
    }
    aim = null;
  });
  canvas.addEventListener('pointercancel', () => (aim = null));

  // --- Drawing ---------------------------------------------------------------------------------
  const X = (x: number) => cx + x * s, Y = (y: number) => cy - y * s;
  const imageHeight = (IMAGE_WIDTH * picture.naturalHeight) / picture.naturalWidth;

  function arrow(from: ArrayLike<number>, to: ArrayLike<number>, color: string, width = 2): void {
    drawArrow(context, X(from[0]!), Y(from[1]!), X(to[0]!), Y(to[1]!), color, width, 9);
  }

  function label(text: string, at: ArrayLike<number>, color: string): void {
    context.font = '600 12px ui-monospace, monospace';
    context.fillStyle = color;
    context.strokeStyle = '#000';
    context.lineWidth = 3;
    context.strokeText(text, X(at[0]!) + 4, Y(at[1]!) - 4);
    context.fillText(text, X(at[0]!) + 4, Y(at[1]!) - 4);
  }

  function drawVectors(vectors: readonly ContactVectors[], labelled: boolean): void {
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
      const normalLength = Math.max(2.5 * BALL_RADIUS, 28 / s);
      arrow(v.foot, [
        v.foot[0]! + v.normal[0]! * normalLength,
        v.foot[1]! + v.normal[1]! * normalLength,
      ], VECTOR_COLORS.normal);
      context.fillStyle = VECTOR_COLORS.foot;
      context.beginPath();
      context.arc(X(v.foot[0]!), Y(v.foot[1]!), 3.5, 0, 2 * Math.PI);
      context.fill();
      if (labelled) {
        label(
          `S${v.index}`,
          [v.start[0]! + 0.5 * v.segment[0]!, v.start[1]! + 0.5 * v.segment[1]!],
          VECTOR_COLORS.segment,
        );
        label('O', [(v.start[0]! + c[0]!) / 2, (v.start[1]! + c[1]!) / 2], VECTOR_COLORS.offset);
        label('n', [
          v.foot[0]! + v.normal[0]! * normalLength,
          v.foot[1]! + v.normal[1]! * normalLength,
        ], VECTOR_COLORS.normal);
        label(`P${v.index}`, v.start, '#e8eef5');
      }
    }
  }

  /**
   * The contact magnified: a square inset in the canvas's lower left, 8 ball radii across, with
   * the picture, the outline, the ball and the labelled vectors (O, S, n, P_i), which at the
   * page's scale are a few pixels long.
   */
  function drawInset(vectors: readonly ContactVectors[], width: number, height: number): void {
    const size = Math.floor(Math.min(240, 0.42 * width, 0.42 * height));
    const left = 10, top = height - size - 10;
    const kept = [s, cx, cy] as const;
    const b = scene.ball.position;
    s = size / (8 * BALL_RADIUS);
    cx = left + size / 2 - b[0]! * s;
    cy = top + size / 2 + b[1]! * s;
    context.save();
    context.beginPath();
    context.rect(left, top, size, size);
    context.clip();
    context.fillStyle = '#07090d';
    context.fillRect(left, top, size, size);
    if (onPicture) {
      context.drawImage(
        picture,
        X(-IMAGE_WIDTH / 2),
        Y(imageHeight / 2),
        IMAGE_WIDTH * s,
        imageHeight * s,
      );
    }
    context.strokeStyle = '#ff4d6d';
    context.lineWidth = 1.5;
    context.beginPath();
    scene.outline.forEach((
      [x, y],
      i,
    ) => (i === 0 ? context.moveTo(X(x), Y(y)) : context.lineTo(X(x), Y(y))));
    context.closePath();
    context.stroke();
    context.strokeStyle = '#e8eef5';
    context.lineWidth = 1.5;
    context.beginPath();
    context.arc(X(b[0]!), Y(b[1]!), BALL_RADIUS * s, 0, 2 * Math.PI);
    context.stroke();
    drawVectors(vectors, true);
    context.restore();
    context.strokeStyle = '#8d99a6';
    context.lineWidth = 1;
    context.strokeRect(left + 0.5, top + 0.5, size - 1, size - 1);
    context.font = '11px system-ui, sans-serif';
    context.fillStyle = '#aeb8c4';
    context.fillText(`contact, ${shortNumber(s / kept[0], 2)}x`, left + 6, top + 14);
    [s, cx, cy] = kept;
  }

  function draw(
    vectors: readonly ContactVectors[],
    vertex: number,
  ): { outlineOnScreen: number[][]; imageRect: number[]; } {
    const { width, height } = fitCanvas(canvas, context);
    const margin = 0.3;
    s = Math.min(width / (IMAGE_WIDTH + 2 * margin), height / (imageHeight + 2 * margin));
    cx = width / 2;
    cy = height / 2;
    scene.halfWidth = width / (2 * s);
    scene.halfHeight = height / (2 * s);
    context.fillStyle = '#07090d';
    context.fillRect(0, 0, width, height);
    drawStars(context, width, height);
    const imageRect = [X(-IMAGE_WIDTH / 2), Y(imageHeight / 2), IMAGE_WIDTH * s, imageHeight * s];
    if (onPicture) {
      context.drawImage(picture, imageRect[0]!, imageRect[1]!, imageRect[2]!, imageRect[3]!);
    }
    // The shipped contour in CSS pixels straight from the file: placed at the displayed width
    // about the displayed centre of the picture (its y already points down, as the canvas's
    // does). A user's body has no picture: its world outline, projected and filled.
    const onScreen = onPicture
      ? placeContour(contour, imageRect[2]!, [
        imageRect[0]! + imageRect[2]! / 2,
        imageRect[1]! + imageRect[3]! / 2,
      ]).points
      : scene.outline.map(([x, y]): [number, number] => [X(x), Y(y)]);
    if (!onPicture) {
      context.fillStyle = '#3a3f47';
      context.beginPath();
      onScreen.forEach(([x, y], i) => (i === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
      context.closePath();
      context.fill();
    }
    if (showContour) {
      context.strokeStyle = '#ff4d6d';
      context.lineWidth = 1.5;
      context.beginPath();
      onScreen.forEach(([x, y], i) => (i === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
      context.closePath();
      context.stroke();
      context.fillStyle = '#ff4d6d';
      for (const [x, y] of onScreen) context.fillRect(x - 1.5, y - 1.5, 3, 3);
    }
    if (showVectors) drawVectors(vectors, false);
    if (vertex >= 0) {
      context.strokeStyle = '#ffffff';
      context.lineWidth = 1.5;
      context.beginPath();
      context.arc(
        X(scene.polygon.vertices[2 * vertex]!),
        Y(scene.polygon.vertices[2 * vertex + 1]!),
        7,
        0,
        2 * Math.PI,
      );
      context.stroke();
    }
    // The ball, and its velocity (half a second's travel).
    const b = scene.ball.position, v = scene.ball.velocity;
    context.fillStyle = '#e8eef5';
    context.beginPath();
    context.arc(X(b[0]!), Y(b[1]!), Math.max(3, BALL_RADIUS * s), 0, 2 * Math.PI);
    context.fill();
    if (Math.hypot(v[0]!, v[1]!) > 1e-6) {
      arrow(b, [b[0]! + 0.5 * v[0]!, b[1]! + 0.5 * v[1]!], 'rgba(232, 238, 245, 0.55)', 1.5);
    }
    if (aim) {
      context.strokeStyle = '#e8eef5';
      context.setLineDash([4, 4]);
      context.beginPath();
      context.arc(X(aim.from[0]), Y(aim.from[1]), Math.max(3, BALL_RADIUS * s), 0, 2 * Math.PI);
      context.stroke();
      context.setLineDash([]);
      arrow(aim.from, aim.to, '#ffd166', 2);
    }
    if (showVectors && vectors.length > 0) drawInset(vectors, width, height);
    return { outlineOnScreen: onScreen.map((p) => [p[0], p[1]]), imageRect };
  }

  function showReadouts(
    vectors: readonly ContactVectors[],
    kind: string,
    vertex: number,
    contacts: ReturnType<CometScene['contacts']>,
  ): void {
    const state = scene.state;
    const speed = Math.hypot(state.velocity[0]!, state.velocity[1]!);
    const liveText = `${
      paused
        ? 'Paused'
        : state.mode === 'flight'
        ? 'Flying'
        : state.mode === 'ground'
        ? 'Rolling on the outline'
        : state.mode === 'corner'
        ? 'Turning about a corner'
        : 'At rest'
    }: speed ${shortNumber(speed, 3)} m/s, energy ${shortNumber(state.energy, 5)} J/kg, ${
      shortNumber(state.time, 3)
    } s since the shot, ${scene.impacts} impact${scene.impacts === 1 ? '' : 's'}.`;
    if (live.textContent !== liveText) live.textContent = liveText;
    const touchText = kind === 'none' ?
      'Not touching the nucleus.'
      : kind === 'side' ?
      'Touching a side of the outline (no corner).'
      : `Touching a ${kind} (vertex ${vertex}, ringed): ${
        kind === 'convex corner'
          ? 'one contact at the corner, by the distance to the vertex'
          : 'two contacts, one on each segment'
      }.`;
    if (touching.textContent !== touchText) touching.textContent = touchText;
    pauseButton.textContent = paused ? 'Continue' : 'Pause';
    if (error.textContent !== message) error.textContent = message;
    const rows = vectors.map((v, i) => {
      const segmentLength = Math.hypot(v.segment[0]!, v.segment[1]!);
      const part = (v.offset[0]! * v.segment[0]! + v.offset[1]! * v.segment[1]!) / segmentLength;
      return `<tr><td>${i}</td><td>${v.feature} ${v.index}</td><td>${
        contactKindName(contacts[i]!.kind as ContactKind)
      }</td><td>${shortNumber(v.penetration, 3)}</td><td>${
        shortNumber(Math.hypot(v.offset[0]!, v.offset[1]!), 3)
      }</td><td>${shortNumber(segmentLength, 3)}</td><td>${shortNumber(part, 3)}</td></tr>`;
    }).join('') ||
      '<tr><td colspan="7">none: the ball is more than one radius from the outline</td></tr>';
    if (tableBody.innerHTML !== rows) tableBody.innerHTML = rows;
  }

  function tick(now: number): void {
    const dt = Math.min(MAX_FRAME, Math.max(0, (now - last) / 1000));
    last = now;
    if (!paused && scene.step(dt)) paused = true;
    const contacts = scene.contacts();
    const vectors = scene.vectors(contacts);
    const { kind, vertex } = scene.touching(vectors);
    const drawn = draw(vectors, vertex);
    showReadouts(vectors, kind, vertex, contacts);
    frame++;
    publish({
      scene: 'comet',
      frame,
      ball: scene.state,
      contacts,
      vectors,
      touching: { kind, vertex },
      impacts: scene.impacts,
      paused,
      showContour,
      showVectors,
      restitution: scene.ball.restitution,
      message,
      outline: scene.outline.map((p) => [p[0], p[1]]),
      outlineOnScreen: drawn.outlineOnScreen,
      imageRect: drawn.imageRect,
      contourName,
      onPicture,
      loadContour: (text: string) => contourControls.load(text),
      project: (point: readonly number[]) => [X(point[0]!), Y(point[1]!)],
    });
    requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
}

/** The velocity of a shot dragged from `from` to `to`, capped at MAX_SPEED. */
export function shotVelocity(from: readonly number[], to: readonly number[]): [number, number] {
  const vx = (to[0]! - from[0]!) * SHOT_GAIN, vy = (to[1]! - from[1]!) * SHOT_GAIN;
  const speed = Math.hypot(vx, vy);
  const cap = speed > MAX_SPEED ? MAX_SPEED / speed : 1;
  return [vx * cap, vy * cap];
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
