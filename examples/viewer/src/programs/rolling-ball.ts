/**
 * The rolling ball (`?scene=rolling-ball`): a ball on a profile of concave and convex corners,
 * moved exactly by ContourBall (@contactkit/motion2d), and beside it, as a ghost, the same ball
 * moved by a fixed-step explicit Euler integrator with push-out after overlap (NaiveBall), both
 * launched together and stepped by the same frames; their energies are plotted under the picture.
 * The limiter points of the concave corners and the turning sectors of the convex ones are drawn.
 * URL options: `profile`, `restitution`, `friction`, `inertia`, `substeps` (the naive ball's Euler
 * steps per frame: 1, 4 or 16), e.g. `&profile=bowl&inertia=0`. A user's contour file, open or
 * closed (contour-input.ts), becomes the profile "Your contour".
 */
import {
  BALL_RADIUS,
  DEFAULT_SETTINGS,
  FRAME,
  PROFILES,
  RollingBallScene,
  findProfile,
} from './rolling-ball-scene.js';
import type { EventKind, Profile, RollingBallSettings } from './rolling-ball-scene.js';
import {
  drawArrow,
  element,
  fitCanvas,
  isTypingTarget,
  programPage,
  publish,
  shortNumber,
} from './program-page.js';
import { contourInput } from './contour-input.js';
import { ProfileDrawing } from './profile-drawing.js';
import { PROFILE_SIZE, profileFromContour, readContour } from './user-contour.js';

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

/** Drag length (metres) to launch speed (m/s). */
const SHOT_GAIN = 3;
const MAX_SPEED = 15;
/** At most this many frames per displayed frame: a slow machine runs the scene slower, not coarser. */
const MAX_FRAMES_PER_TICK = 4;
/** Positions kept for the trails (2 s). */
const TRAIL = 120;

const MODE_TEXT = {
  flight: 'flying',
  ground: 'rolling',
  corner: 'turning about a corner',
  rest: 'at rest',
} as const;

function number(
  parameters: URLSearchParams,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = Number(parameters.get(name) ?? Number.NaN);
  return Number.isFinite(value) && value >= min && value <= max ? value : fallback;
}

export function startRollingBall(): Promise<void> {
  const page = programPage(
    'rolling-ball',
    'Rolling ball: exact events against a naive integrator',
    'The white ball is moved exactly (ContourBall): every transition, a limiter point, a convex corner, a take-off, an impact, is located in time, so without losses its energy W stays constant to round-off. The orange ghost is the same ball moved by one explicit Euler step per frame and pushed back out after it has sunk in.',
    'Drag from the ball to throw it with the velocity of the arrow (drag from anywhere else to throw it from there); both balls start again together. Space pauses, the right arrow key steps one frame, E steps the exact ball to its next transition.',
  );
  const { canvas, context, body, stage } = page;
  const parameters = new URLSearchParams(location.search);
  let profile: Profile = findProfile(parameters.get('profile')) ?? PROFILES[0]!;
  let settings: RollingBallSettings = {
    restitution: number(parameters, 'restitution', DEFAULT_SETTINGS.restitution, 0, 1),
    rollingFriction: number(parameters, 'friction', DEFAULT_SETTINGS.rollingFriction, 0, 1),
    inertia: number(parameters, 'inertia', DEFAULT_SETTINGS.inertia, 0, 1),
  };
  let naiveSteps = [1, 4, 16].includes(Number(parameters.get('substeps')))
    ? Number(parameters.get('substeps'))
    : 1;
  let scene = new RollingBallScene(profile, settings, naiveSteps);
  /** The profile made of the user's last contour file, if any. */
  let userProfile: Profile | null = null;
  const drawing = new ProfileDrawing();
  let paused = false;
  let showNaive = true;
  let showUncorrected = parameters.get('uncorrected') === '1';
  let message = '';
  let aim: { from: [number, number]; to: [number, number]; } | null = null;
  let frame = 0;
  /** What the last event step found, for the readout. */
  let eventText = '';
  let last = performance.now();
  let pending = 0;
  /** The exact ball's turned angle, for the spoke drawn on it. */
  let turned = 0;
  const trails: { exact: number[][]; naive: number[][]; } = { exact: [], naive: [] };
  // World (metres, y up) -> CSS pixels: [cx + x s, cy - y s].
  let s = 1, cx = 0, cy = 0;

  // --- The panel -------------------------------------------------------------------------------
  const profileSelect = element('select', { id: 'profile' });
  for (const entry of PROFILES) {
    profileSelect.append(element('option', { value: entry.id }, entry.title));
  }
  profileSelect.value = profile.id;
  const profileLabel = element('label', { class: 'choice' });
  profileLabel.append('Profile ', profileSelect);
  const buttons = element('div', { class: 'buttons' });
  const pauseButton = element('button', { type: 'button', id: 'pause' }, 'Pause');
  const stepButton = element('button', {
    type: 'button',
    id: 'step',
    title: `One frame: ${shortNumber(FRAME * 1000, 3)} ms`,
  }, 'Step');
  const eventButton = element('button', {
    type: 'button',
    id: 'next-event',
    title: "The exact ball to its next transition (or the frame's end)",
  }, 'Next event');
  const restartButton = element('button', { type: 'button', id: 'restart' }, 'Restart');
  buttons.append(pauseButton, stepButton, eventButton, restartButton);
  const options = element('fieldset', { class: 'settings' });
  options.append(element('legend', {}, 'Ball'));
  const restitution = element('input', {
    type: 'range',
    id: 'restitution',
    min: '0',
    max: '1',
    step: '0.05',
    value: String(settings.restitution),
  });
  const friction = element('input', {
    type: 'range',
    id: 'friction',
    min: '0',
    max: '0.3',
    step: '0.01',
    value: String(settings.rollingFriction),
  });
  const inertia = element('select', { id: 'inertia' });
  for (
    const [value, text] of [['0', 'point mass (k = 0)'], ['0.4', 'solid ball (k = 0.4)'], [
      '0.6666666666666666',
      'thin shell (k = 2/3)',
    ]]
  ) inertia.append(element('option', { value: value! }, text));
  inertia.value = String(settings.inertia);
  if (inertia.value === '') {
    inertia.append(
      element('option', { value: String(settings.inertia) }, `k = ${settings.inertia}`),
    );
    inertia.value = String(settings.inertia);
  }
  const restitutionValue = element('span', { class: 'value' });
  const frictionValue = element('span', { class: 'value' });
  const row = (text: string, input: HTMLElement, value?: HTMLElement) => {
    const label = element('label', {});
    const right = element('span', {});
    right.append(input);
    if (value) right.append(' ', value);
    label.append(text, right);
    options.append(label);
  };
  row('Restitution', restitution, restitutionValue);
  row('Rolling friction', friction, frictionValue);
  row('Inertia I = k m r^2', inertia);
  const substeps = element('select', { id: 'naive-steps' });
  for (const n of [1, 4, 16]) {
    substeps.append(
      element('option', { value: String(n) }, n === 1 ? '1 per frame' : `${n} per frame`),
    );
  }
  substeps.value = String(naiveSteps);
  row('Naive Euler steps', substeps);
  const toggles = element('div', { class: 'toggles' });
  const naiveToggle = element('input', { type: 'checkbox', id: 'show-naive' });
  naiveToggle.checked = showNaive;
  const naiveLabel = element('label', {});
  naiveLabel.append(naiveToggle, ' Naive Euler ghost');
  toggles.append(naiveLabel);
  const uncorrectedToggle = element('input', { type: 'checkbox', id: 'show-uncorrected' });
  uncorrectedToggle.checked = showUncorrected;
  const uncorrectedLabel = element('label', {});
  uncorrectedLabel.append(uncorrectedToggle, ' Uncorrected ghost (plain segment switch)');
  toggles.append(uncorrectedLabel);
  uncorrectedToggle.addEventListener('change', () => (showUncorrected = uncorrectedToggle.checked));
  const uncorrectedLine = element('p', { class: 'probe', id: 'uncorrected-caption' });
  const live = element('p', { class: 'live', id: 'ball-caption' });
  const naiveLine = element('p', { class: 'probe', id: 'naive-caption' });
  const error = element('p', { class: 'error', id: 'rolling-error' });
  body.append(profileLabel, buttons, live, naiveLine, uncorrectedLine, error, options, toggles);
  const legend = element('ul', { class: 'legend' });
  for (
    const [color, text] of [
      [COLORS.ball, 'exact ball (ContourBall)'],
      [COLORS.naive, 'naive Euler ball'],
      [COLORS.uncorrected, 'uncorrected ball (no limiters)'],
      [COLORS.limiter, 'limiter points'],
      [COLORS.sector, 'corner sectors'],
    ] as const
  ) {
    const item = element('li');
    const swatch = element('span', { class: 'swatch' });
    swatch.style.background = color;
    item.append(swatch, text);
    legend.append(item);
  }
  const eventLegend = element('ul', { class: 'legend', id: 'event-legend' });
  for (const [kind, color] of Object.entries(EVENT_COLORS)) {
    const item = element('li');
    const ring = element('span', { class: 'swatch' });
    ring.style.border = `2px solid ${color}`;
    ring.style.boxSizing = 'border-box';
    item.append(ring, kind);
    eventLegend.append(item);
  }
  body.append(legend, element('h2', {}, 'Transitions of the exact ball (rings)'), eventLegend);
  body.append(element('h2', {}, 'The model'));
  body.append(
    element(
      'p',
      { class: 'description', id: 'model' },
      'On a segment of slope beta the ball rolls with a = g sin(beta) / (1 + k), I = k m r^2 (Halliday, Resnick and Walker, Fundamentals of Physics, ch. 11); it passes a concave corner where its centre is over the limiter points (yellow ticks, r tan(turn / 2) from the corner), turns about a convex corner along its sector (blue) and leaves it where gravity can no longer supply the centripetal acceleration; it flies on a parabola, and an impact is found by sweeping the circle along it, never by overlap after the fact (Ericson, Real-Time Collision Detection, 5.5). W = (|v|^2 + k r^2 omega^2) / 2 + g y per unit mass. The naive ball tests for overlap after each step, so it meets corners a step late and bounces where the exact ball rolls on; explicit Euler also gains g^2 h^2 / 2 per step in flight (Hairer, Lubich and Wanner, Geometric Numerical Integration, I.1).',
    ),
  );

  const showSettings = () => {
    restitutionValue.textContent = shortNumber(settings.restitution, 2);
    frictionValue.textContent = shortNumber(settings.rollingFriction, 2);
  };
  showSettings();

  /** The link names the profile and the settings that differ from the defaults. */
  const writeLink = () => {
    const link = new URLSearchParams({ scene: 'rolling-ball' });
    // A user's contour is not in the link: it lives in its file.
    if (profile !== userProfile) link.set('profile', profile.id);
    if (settings.restitution !== DEFAULT_SETTINGS.restitution) {
      link.set('restitution', String(settings.restitution));
    }
    if (settings.rollingFriction !== DEFAULT_SETTINGS.rollingFriction) {
      link.set('friction', String(settings.rollingFriction));
    }
    if (settings.inertia !== DEFAULT_SETTINGS.inertia) {
      link.set('inertia', String(settings.inertia));
    }
    if (naiveSteps !== 1) link.set('substeps', String(naiveSteps));
    window.history.replaceState(null, '', `?${link}`);
  };
  /** A new scene (profile or settings changed), started from the profile's launch. */
  const rebuild = () => {
    writeLink();
    scene = new RollingBallScene(profile, settings, naiveSteps);
    clearTrails();
    message = '';
  };
  const clearTrails = () => {
    eventText = '';
    trails.exact.length = 0;
    trails.naive.length = 0;
    turned = 0;
  };
  profileSelect.addEventListener('change', () => {
    profile = (profileSelect.value === 'user' ? userProfile : findProfile(profileSelect.value)) ??
      profile;
    rebuild();
  });
  /** Rolls the ball on a profile of the user's (a contour file, or drawn here): "user" in the menu. */
  const useUserProfile = (next: Profile) => {
    scene = new RollingBallScene(next, settings, naiveSteps);
    userProfile = profile = next;
    let option = profileSelect.querySelector<HTMLOptionElement>('option[value="user"]');
    if (!option) {
      option = element('option', { value: 'user' });
      profileSelect.append(option);
    }
    option.textContent = next.title;
    profileSelect.value = 'user';
    writeLink();
    clearTrails();
    message = '';
  };
  buildDrawingButtons();
  const contourControls = contourInput(
    body,
    stage,
    'the profile the ball rolls on (open, or closed: a body it rolls over)',
    (text, fileName) => {
      const contour = readContour(text);
      useUserProfile(profileFromContour(contour, `Your contour (${fileName})`));
      return `${fileName}: ${
        contour.closed ? 'a closed outline' : 'an open profile'
      } of ${contour.points.length} points, made ${PROFILE_SIZE} m long; the ball is let go above it.`;
    },
    profileLabel,
  );
  const changeSettings = () => {
    settings = {
      restitution: Number(restitution.value),
      rollingFriction: Number(friction.value),
      inertia: Number(inertia.value),
    };
    showSettings();
    // The options are fixed at construction: the new balls start again from the last launch.
    const launched = scene.launched;
    rebuild();
    try {
      scene.shoot(launched.position, launched.velocity);
    } catch (caught) {
      message = (caught as Error).message;
    }
  };
  restitution.addEventListener('input', changeSettings);
  friction.addEventListener('input', changeSettings);
  inertia.addEventListener('change', changeSettings);
  substeps.addEventListener('change', () => {
    naiveSteps = Number(substeps.value);
    changeSettings();
  });
  naiveToggle.addEventListener('change', () => (showNaive = naiveToggle.checked));
  const togglePause = () => {
    paused = !paused;
    pending = 0;
    last = performance.now();
  };
  const stepOnce = () => {
    paused = true;
    advance();
  };
  const stepToEvent = () => {
    paused = true;
    const frames = scene.frames;
    const used = scene.stepToEvent();
    turned += scene.ball.spin * used;
    pushTrails();
    eventText = scene.frames === frames
      ? `Stopped at a transition ${shortNumber(scene.intoFrame * 1000, 4)} ms into frame ${
        frames + 1
      }.`
      : "No transition before the frame's end.";
  };
  eventButton.addEventListener('click', stepToEvent);
  pauseButton.addEventListener('click', togglePause);
  stepButton.addEventListener('click', stepOnce);
  restartButton.addEventListener('click', () => {
    scene.shoot(profile.start.position, profile.start.velocity);
    clearTrails();
    message = '';
  });
  window.addEventListener('keydown', (event) => {
    if (isTypingTarget(event.target)) return;
    if (event.key === ' ') {
      event.preventDefault();
      togglePause();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      stepOnce();
    } else if (event.key === 'e') {
      stepToEvent();
    }
  });

  // --- Throwing --------------------------------------------------------------------------------
  const toWorld = (event: PointerEvent): [number, number] => {
    const box = canvas.getBoundingClientRect();
    return [(event.clientX - box.left - cx) / s, (cy - (event.clientY - box.top)) / s];
  };
  canvas.addEventListener('pointerdown', (event) => {
    canvas.setPointerCapture(event.pointerId);
    if (drawing.active) {
      drawing.press(toWorld(event), 12 / s, event.shiftKey);
      return;
    }
    const p = toWorld(event), b = scene.ball.position;
    // Pressed on the ball (or near it: a small ball on a phone), the throw starts where it is.
    const onBall = Math.hypot(p[0] - b[0]!, p[1] - b[1]!) <= Math.max(1.5 * BALL_RADIUS, 22 / s);
    const from: [number, number] = onBall ? [b[0]!, b[1]!] : p;
    aim = { from, to: p };
  });
  canvas.addEventListener('pointermove', (event) => {
    if (drawing.active) drawing.drag(toWorld(event));
    else if (aim) aim.to = toWorld(event);
  });
  canvas.addEventListener('pointerup', () => {
    drawing.release();
    if (!aim) return;
    try {
      scene.shoot(aim.from, throwVelocity(aim.from, aim.to));
      clearTrails();
      message = '';
    } catch (caught) {
      message = `Throw refused: ${(caught as Error).message.replace(/^ContourBall\.launch: /, '')}`;
    }
    aim = null;
    last = performance.now();
  });
  canvas.addEventListener('pointercancel', () => (aim = null));

  // --- Simulating --------------------------------------------------------------------------------
  function advance(): void {
    const before = scene.ball.time;
    scene.step();
    turned += scene.ball.spin * (scene.ball.time - before);
    eventText = '';
    pushTrails();
  }

  function pushTrails(): void {
    for (
      const [trail, p] of [[trails.exact, scene.ball.position], [
        trails.naive,
        scene.naive.position,
      ]] as const
    ) {
      trail.push([p[0]!, p[1]!]);
      if (trail.length > TRAIL) trail.shift();
    }
  }

  // --- Drawing ---------------------------------------------------------------------------------
  const X = (x: number) => cx + x * s, Y = (y: number) => cy - y * s;

  function arrow(from: ArrayLike<number>, to: ArrayLike<number>, color: string, width = 2): void {
    drawArrow(context, X(from[0]!), Y(from[1]!), X(to[0]!), Y(to[1]!), color, width, 10);
  }

  function text(
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

  /** The profile, hatched on its solid side (right of its direction), its corners' marks. */
  function drawProfile(): void {
    const pts = profile.closed ? [...profile.points, profile.points[0]!] : profile.points;
    context.strokeStyle = COLORS.hatch;
    context.lineWidth = 1;
    const spacing = 9 / s, depth = 8 / s;
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

    const side = scene.ball.side === -1 ? -1 : 1;
    const r = BALL_RADIUS;
    for (const corner of scene.ball.corners(side)) {
      const vx = scene.ball.vertices[2 * corner.vertex]!,
        vy = scene.ball.vertices[2 * corner.vertex + 1]!;
      if (corner.kind === 'concave') {
        // A tick across the segment at each limiter point, on the ball's side.
        context.strokeStyle = COLORS.limiter;
        context.lineWidth = 2;
        context.beginPath();
        for (const point of [corner.limiterBefore!, corner.limiterAfter!]) {
          const dx = point[0]! - vx, dy = point[1]! - vy, length = Math.hypot(dx, dy) || 1;
          const nx = (-dy / length) * side, ny = (dx / length) * side;
          // The normal on the ball's side is the one pointing toward the wedged centre.
          const w = corner.wedgedCentre!,
            toward = (w[0]! - point[0]!) * nx + (w[1]! - point[1]!) * ny >= 0 ? 1 : -1;
          const tick = Math.max(0.35 * r, 6 / s) * toward;
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

  function drawTrail(trail: readonly number[][], color: string): void {
    if (trail.length < 2) return;
    context.strokeStyle = color;
    context.lineWidth = 1.5;
    context.globalAlpha = 0.45;
    context.beginPath();
    trail.forEach((
      [x, y],
      i,
    ) => (i === 0 ? context.moveTo(X(x!), Y(y!)) : context.lineTo(X(x!), Y(y!))));
    context.stroke();
    context.globalAlpha = 1;
  }

  /** The profile being drawn: its segments and a handle at each point. */
  function drawDrawing(): void {
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
   * Draw or edit the profile: the buttons, shown by turns. While drawing, the ball waits and the
   * canvas edits (ProfileDrawing).
   */
  function buildDrawingButtons(): { show(): void; } {
    const row = element('div', { class: 'buttons', id: 'drawing-buttons' });
    const start = element(
      'button',
      { type: 'button', id: 'draw-profile' },
      'Draw or edit the profile',
    );
    const done = element('button', { type: 'button', id: 'profile-done' }, 'Roll on it');
    const undo = element('button', { type: 'button', id: 'profile-undo' }, 'Undo');
    const fresh = element('button', { type: 'button', id: 'profile-new' }, 'New');
    const cancel = element('button', { type: 'button', id: 'profile-cancel' }, 'Cancel');
    row.append(start, done, undo, fresh, cancel);
    profileLabel.after(row);
    const show = () => {
      start.hidden = drawing.active;
      for (const button of [done, undo, fresh, cancel]) button.hidden = !drawing.active;
    };
    start.addEventListener('click', () => {
      drawing.begin(profile.points, profile.closed ?? false);
      message =
        'Drawing: press to add a point, on a line to insert one, drag a point to move it, Shift+press to delete it.';
      show();
    });
    done.addEventListener('click', () => {
      try {
        useUserProfile(drawing.finish('Your drawing'));
      } catch (caught) {
        message = `Drawing: ${(caught as Error).message}`;
      }
      show();
    });
    undo.addEventListener('click', () => drawing.editor.undo());
    fresh.addEventListener('click', () => drawing.editor.clear());
    cancel.addEventListener('click', () => {
      drawing.active = false;
      message = '';
      show();
    });
    show();
    return { show };
  }

  function drawBalls(): void {
    const r = BALL_RADIUS * s;
    if (showNaive && !scene.naive.lost) {
      drawTrail(trails.naive, COLORS.naive);
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
    if (showUncorrected) {
      const [ux, uy] = scene.uncorrected.position;
      context.strokeStyle = COLORS.uncorrected;
      context.lineWidth = 2;
      context.setLineDash([2, 3]);
      context.beginPath();
      context.arc(X(ux), Y(uy), r, 0, 2 * Math.PI);
      context.stroke();
      context.setLineDash([]);
    }
    drawTrail(trails.exact, COLORS.ball);
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
    context.strokeStyle = '#3a4350';
    context.lineWidth = 2;
    context.beginPath();
    context.moveTo(X(b[0]!), Y(b[1]!));
    context.lineTo(X(b[0]!) + 0.85 * r * Math.cos(turned), Y(b[1]!) - 0.85 * r * Math.sin(turned));
    context.stroke();
    if (!aim && Math.hypot(v[0]!, v[1]!) > 1e-6) {
      arrow(b, [b[0]! + 0.25 * v[0]!, b[1]! + 0.25 * v[1]!], 'rgba(244, 247, 250, 0.6)', 1.5);
    }
    if (aim) {
      context.strokeStyle = COLORS.aim;
      context.setLineDash([4, 4]);
      context.lineWidth = 1.5;
      context.beginPath();
      context.arc(X(aim.from[0]), Y(aim.from[1]), r, 0, 2 * Math.PI);
      context.stroke();
      context.setLineDash([]);
      arrow(aim.from, aim.to, COLORS.aim, 2.5);
      const velocity = throwVelocity(aim.from, aim.to);
      context.font = '600 12px system-ui, sans-serif';
      context.fillStyle = COLORS.aim;
      context.fillText(
        `${shortNumber(Math.hypot(velocity[0], velocity[1]), 3)} m/s`,
        X(aim.to[0]) + 8,
        Y(aim.to[1]) - 8,
      );
    }
  }

  /** W(t) of both balls since the launch (the last 10 s), in the strip at the canvas's foot. */
  function drawPlot(left: number, top: number, width: number, height: number): void {
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
    const py = (w: number) =>
      inner.bottom - ((w - low) / (high - low)) * (inner.bottom - inner.top);
    text('W (J/kg)', left + 6, top + 13, '#9fb3c8');
    text(shortNumber(high, 4), inner.left - 4, inner.top + 8, '#8d99a6', 'right');
    text(shortNumber(low, 4), inner.left - 4, inner.bottom, '#8d99a6', 'right');
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
    text(`${shortNumber(span, 3)} s`, inner.right, top + 13, '#8d99a6', 'right');
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
      text(name, x + 18, top + 13, color);
      x += 30 + context.measureText(name).width;
    }
  }

  function draw(): void {
    const { width, height } = fitCanvas(canvas, context);
    const xs = profile.points.map((p) => p[0]), ys = profile.points.map((p) => p[1]);
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
    s = Math.min(width / (maxX - minX), viewHeight / (maxY - minY));
    cx = width / 2 - ((minX + maxX) / 2) * s;
    // The profile stands on the plot: the room left over goes above it, where the ball flies.
    cy = viewHeight + minY * s;
    context.fillStyle = '#15181d';
    context.fillRect(0, 0, width, height);
    drawProfile();
    drawBalls();
    if (drawing.active) drawDrawing();
    drawPlot(8, height - plotHeight - 4, width - 16, plotHeight);
  }

  function showReadouts(): void {
    const state = scene.state, naive = scene.naive;
    const speed = Math.hypot(state.velocity[0]!, state.velocity[1]!);
    const where = state.mode === 'ground'
      ? ` on segment ${scene.ball.segment}`
      : state.mode === 'corner'
      ? ` (vertex ${scene.ball.vertex})`
      : '';
    const relative = (w: number, w0: number) => {
      const change = (w - w0) / Math.abs(w0);
      if (change === 0) return 'change 0';
      return `change ${change > 0 ? '+' : '-'}${
        Math.abs(change) < 1e-3
          ? Math.abs(change).toExponential(1)
          : `${shortNumber(Math.abs(100 * change), 2)}%`
      }`;
    };
    const liveText = `${paused ? 'Paused. ' : ''}${eventText ? `${eventText} ` : ''}Exact: ${
      MODE_TEXT[state.mode]
    }${where}, speed ${shortNumber(speed, 3)} m/s, W ${state.energy.toFixed(6)} J/kg (${
      relative(state.energy, scene.startEnergy.exact)
    } since the throw), t ${state.time.toFixed(3)} s.`;
    if (live.textContent !== liveText) live.textContent = liveText;
    const naiveText = naive.lost ?
      'Naive Euler: fell through the profile (a step longer than the ball is wide jumps a segment).'
      : `Naive Euler (h = ${shortNumber((FRAME * 1000) / scene.naiveSteps, 3)} ms): ${
        MODE_TEXT[naive.mode]
      }, W ${naive.energy.toFixed(4)} J/kg (${relative(naive.energy, scene.startEnergy.naive)}).`;
    if (naiveLine.textContent !== naiveText) naiveLine.textContent = naiveText;
    const uncorrected = scene.uncorrected;
    const uncorrectedText = showUncorrected
      ? `Uncorrected (segment switch at the segment's end, no limiters): W ${
        uncorrected.energy.toFixed(4)
      } J/kg (${relative(uncorrected.energy, scene.startEnergy.uncorrected)}).`
      : '';
    if (uncorrectedLine.textContent !== uncorrectedText) {
      uncorrectedLine.textContent = uncorrectedText;
    }
    pauseButton.textContent = paused ? 'Continue' : 'Pause';
    const gone = state.position[1]! < Math.min(...profile.points.map((p) => p[1])) - 2
      ? 'The ball has left the profile: drag to throw it again, or Restart.'
      : '';
    if (error.textContent !== (message || gone)) error.textContent = message || gone;
  }

  function tick(now: number): void {
    const dt = Math.min(0.1, Math.max(0, (now - last) / 1000));
    last = now;
    if (!paused && !aim && !drawing.active) {
      pending += dt;
      let frames = 0;
      while (pending >= FRAME && frames < MAX_FRAMES_PER_TICK) {
        advance();
        pending -= FRAME;
        frames++;
      }
      if (frames === MAX_FRAMES_PER_TICK) pending = 0;
    }
    draw();
    showReadouts();
    frame++;
    publish({
      scene: 'rolling-ball',
      frame,
      ball: scene.state,
      naive: { ...scene.naive.state, lost: scene.naive.lost },
      uncorrected: { ...scene.uncorrected.state, segment: scene.uncorrected.segment },
      showUncorrected,
      profile: profile.id,
      closed: profile.closed ?? false,
      loadContour: (text: string) => contourControls.load(text),
      drawing: drawing.active
        ? { points: drawing.editor.points.map((p) => [p[0], p[1]]), closed: drawing.editor.closed }
        : null,
      points: profile.points.map((p) => [p[0], p[1]]),
      settings: { ...settings },
      launch: { position: [...scene.launched.position], velocity: [...scene.launched.velocity] },
      frames: scene.frames,
      intoFrame: scene.intoFrame,
      naiveSteps: scene.naiveSteps,
      frameTime: FRAME,
      paused,
      message,
      events: scene.events.map((e) => ({ kind: e.kind, position: [...e.position], time: e.time })),
      project: (point: readonly number[]) => [X(point[0]!), Y(point[1]!)],
    });
    requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
  return Promise.resolve();
}

/** The velocity of a throw dragged from `from` to `to`, capped at MAX_SPEED. */
export function throwVelocity(from: readonly number[], to: readonly number[]): [number, number] {
  const vx = (to[0]! - from[0]!) * SHOT_GAIN, vy = (to[1]! - from[1]!) * SHOT_GAIN;
  const speed = Math.hypot(vx, vy);
  const cap = speed > MAX_SPEED ? MAX_SPEED / speed : 1;
  return [vx * cap, vy * cap];
}
