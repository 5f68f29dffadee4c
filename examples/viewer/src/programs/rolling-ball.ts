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
  throwVelocity,
} from './rolling-ball-scene.js';
import type { Profile, RollingBallSettings } from './rolling-ball-scene.js';
import {
  WorldView,
  animate,
  element,
  isTypingTarget,
  programPage,
  publish,
  shortNumber,
  showText,
} from './program-page.js';
import type { ProgramPage } from './program-page.js';
import { contourInput } from './contour-input.js';
import type { ContourInput } from './contour-input.js';
import { ProfileDrawing } from './profile-drawing.js';
import { PROFILE_SIZE, profileFromContour, readContour } from './user-contour.js';
import { drawRollingBall } from './rolling-ball-drawing.js';
import type { Aim, RollingBallPicture, Trails } from './rolling-ball-drawing.js';
import { buildRollingBallPanel } from './rolling-ball-panel.js';
import type { RollingBallPanel } from './rolling-ball-panel.js';

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

const DESCRIPTION =
  'The white ball is moved exactly (ContourBall): every transition, a limiter point, a convex ' +
  'corner, a take-off, an impact, is located in time, so without losses its energy W stays ' +
  'constant to round-off. The orange ghost is the same ball moved by one explicit Euler step per ' +
  'frame and pushed back out after it has sunk in.';
const HINT =
  'Drag from the ball to throw it with the velocity of the arrow (drag from anywhere else to ' +
  'throw it from there); both balls start again together. Space pauses, the right arrow key ' +
  'steps one frame, E steps the exact ball to its next transition.';
const DRAWING_HINT = 'Drawing: press to add a point, on a line to insert one, drag a point to ' +
  'move it, Shift+press to delete it.';

export function startRollingBall(): Promise<void> {
  const page = programPage(
    'rolling-ball',
    'Rolling ball: exact events against a naive integrator',
    DESCRIPTION,
    HINT,
  );
  new RollingBallPage(page, new URLSearchParams(location.search)).start();
  return Promise.resolve();
}

/**
 * The page's state and its input: the panel's controls, the keys and the throw by drag change
 * the state; `tick` steps the scene, draws it (rolling-ball-drawing.ts) and shows the readouts.
 */
class RollingBallPage implements RollingBallPicture {
  profile: Profile;
  settings: RollingBallSettings;
  naiveSteps: number;
  scene: RollingBallScene;
  /** The profile made of the user's last contour file or drawing, if any. */
  userProfile: Profile | null = null;
  readonly drawing = new ProfileDrawing();
  paused = false;
  showNaive = true;
  showUncorrected: boolean;
  message = '';
  aim: Aim | null = null;
  frame = 0;
  /** What the last event step found, for the readout. */
  eventText = '';
  /** The last frame's time (ms), and the time (s) not yet stepped in whole frames. */
  last = performance.now();
  pending = 0;
  /** The exact ball's turned angle, for the spoke drawn on it. */
  turned = 0;
  readonly trails: Trails = { exact: [], naive: [] };
  readonly view = new WorldView();
  private readonly panel: RollingBallPanel;
  private readonly contourControls: ContourInput;

  constructor(private readonly page: ProgramPage, parameters: URLSearchParams) {
    this.profile = findProfile(parameters.get('profile')) ?? PROFILES[0]!;
    this.settings = {
      restitution: number(parameters, 'restitution', DEFAULT_SETTINGS.restitution, 0, 1),
      rollingFriction: number(parameters, 'friction', DEFAULT_SETTINGS.rollingFriction, 0, 1),
      inertia: number(parameters, 'inertia', DEFAULT_SETTINGS.inertia, 0, 1),
    };
    const substeps = Number(parameters.get('substeps'));
    this.naiveSteps = [1, 4, 16].includes(substeps) ? substeps : 1;
    this.scene = new RollingBallScene(this.profile, this.settings, this.naiveSteps);
    this.showUncorrected = parameters.get('uncorrected') === '1';
    this.panel = buildRollingBallPanel(page.body, this);
    this.showSettings();
    this.buildDrawingButtons();
    this.contourControls = contourInput(
      page.body,
      page.stage,
      'the profile the ball rolls on (open, or closed: a body it rolls over)',
      (text, fileName) => this.loadContour(text, fileName),
      this.panel.profileLabel,
    );
    this.wirePanel();
    this.wireKeys();
    this.wirePointer();
  }

  start(): void {
    animate((now) => this.tick(now));
  }

  // --- State -----------------------------------------------------------------------------------

  /** A new scene (profile or settings changed), started from the profile's launch. */
  private rebuild(): void {
    this.writeLink();
    this.scene = new RollingBallScene(this.profile, this.settings, this.naiveSteps);
    this.clearTrails();
    this.message = '';
  }

  private clearTrails(): void {
    this.eventText = '';
    this.trails.exact.length = 0;
    this.trails.naive.length = 0;
    this.turned = 0;
  }

  /** The link names the profile and the settings that differ from the defaults. */
  private writeLink(): void {
    const { settings } = this;
    const link = new URLSearchParams({ scene: 'rolling-ball' });
    // A user's contour is not in the link: it lives in its file.
    if (this.profile !== this.userProfile) link.set('profile', this.profile.id);
    if (settings.restitution !== DEFAULT_SETTINGS.restitution) {
      link.set('restitution', String(settings.restitution));
    }
    if (settings.rollingFriction !== DEFAULT_SETTINGS.rollingFriction) {
      link.set('friction', String(settings.rollingFriction));
    }
    if (settings.inertia !== DEFAULT_SETTINGS.inertia) {
      link.set('inertia', String(settings.inertia));
    }
    if (this.naiveSteps !== 1) link.set('substeps', String(this.naiveSteps));
    window.history.replaceState(null, '', `?${link}`);
  }

  /** Rolls the ball on a profile of the user's (a contour file, or drawn here): "user" in the menu. */
  private useUserProfile(next: Profile): void {
    this.scene = new RollingBallScene(next, this.settings, this.naiveSteps);
    this.userProfile = this.profile = next;
    const select = this.panel.profileSelect;
    let option = select.querySelector<HTMLOptionElement>('option[value="user"]');
    if (!option) {
      option = element('option', { value: 'user' });
      select.append(option);
    }
    option.textContent = next.title;
    select.value = 'user';
    this.writeLink();
    this.clearTrails();
    this.message = '';
  }

  /** A contour file's text as the profile; returns what the panel says about it. */
  private loadContour(text: string, fileName: string): string {
    const contour = readContour(text);
    this.useUserProfile(profileFromContour(contour, `Your contour (${fileName})`));
    return `${fileName}: ${
      contour.closed ? 'a closed outline' : 'an open profile'
    } of ${contour.points.length} points, made ${PROFILE_SIZE} m long; the ball is let go above it.`;
  }

  private changeSettings(): void {
    const { restitution, friction, inertia } = this.panel;
    this.settings = {
      restitution: Number(restitution.value),
      rollingFriction: Number(friction.value),
      inertia: Number(inertia.value),
    };
    this.showSettings();
    // The options are fixed at construction: the new balls start again from the last launch.
    const launched = this.scene.launched;
    this.rebuild();
    try {
      this.scene.shoot(launched.position, launched.velocity);
    } catch (caught) {
      this.message = (caught as Error).message;
    }
  }

  private togglePause(): void {
    this.paused = !this.paused;
    this.pending = 0;
    this.last = performance.now();
  }

  private stepOnce(): void {
    this.paused = true;
    this.advance();
  }

  private stepToEvent(): void {
    this.paused = true;
    const scene = this.scene;
    const frames = scene.frames;
    const used = scene.stepToEvent();
    this.turned += scene.ball.spin * used;
    this.pushTrails();
    this.eventText = scene.frames === frames
      ? `Stopped at a transition ${shortNumber(scene.intoFrame * 1000, 4)} ms into frame ${
        frames + 1
      }.`
      : "No transition before the frame's end.";
  }

  /** One frame of the scene; the spoke turns with the exact ball. */
  private advance(): void {
    const before = this.scene.ball.time;
    this.scene.step();
    this.turned += this.scene.ball.spin * (this.scene.ball.time - before);
    this.eventText = '';
    this.pushTrails();
  }

  private pushTrails(): void {
    const { trails, scene } = this;
    for (
      const [trail, p] of [
        [trails.exact, scene.ball.position],
        [trails.naive, scene.naive.position],
      ] as const
    ) {
      trail.push([p[0]!, p[1]!]);
      if (trail.length > TRAIL) trail.shift();
    }
  }

  // --- Input -----------------------------------------------------------------------------------

  private wirePanel(): void {
    const panel = this.panel;
    panel.profileSelect.addEventListener('change', () => {
      const chosen = panel.profileSelect.value;
      this.profile = (chosen === 'user' ? this.userProfile : findProfile(chosen)) ?? this.profile;
      this.rebuild();
    });
    panel.restitution.addEventListener('input', () => this.changeSettings());
    panel.friction.addEventListener('input', () => this.changeSettings());
    panel.inertia.addEventListener('change', () => this.changeSettings());
    panel.substeps.addEventListener('change', () => {
      this.naiveSteps = Number(panel.substeps.value);
      this.changeSettings();
    });
    panel.naiveToggle.addEventListener(
      'change',
      () => (this.showNaive = panel.naiveToggle.checked),
    );
    panel.uncorrectedToggle.addEventListener(
      'change',
      () => (this.showUncorrected = panel.uncorrectedToggle.checked),
    );
    panel.eventButton.addEventListener('click', () => this.stepToEvent());
    panel.pauseButton.addEventListener('click', () => this.togglePause());
    panel.stepButton.addEventListener('click', () => this.stepOnce());
    panel.restartButton.addEventListener('click', () => {
      this.scene.shoot(this.profile.start.position, this.profile.start.velocity);
      this.clearTrails();
      this.message = '';
    });
  }

  /** Space pauses, the right arrow steps a frame, E steps to the next transition. */
  private wireKeys(): void {
    window.addEventListener('keydown', (event) => {
      if (isTypingTarget(event.target)) return;
      if (event.key === ' ') {
        event.preventDefault();
        this.togglePause();
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        this.stepOnce();
      } else if (event.key === 'e') {
        this.stepToEvent();
      }
    });
  }

  /** A drag throws the ball (or, while drawing, edits the profile). */
  private wirePointer(): void {
    const { canvas } = this.page;
    const toWorld = (event: PointerEvent) => this.view.toWorld(event, canvas);
    canvas.addEventListener('pointerdown', (event) => {
      canvas.setPointerCapture(event.pointerId);
      const s = this.view.scale;
      if (this.drawing.active) {
        this.drawing.press(toWorld(event), 12 / s, event.shiftKey);
        return;
      }
      const p = toWorld(event), b = this.scene.ball.position;
      // Pressed on the ball (or near it: a small ball on a phone), the throw starts where it is.
      const onBall = Math.hypot(p[0] - b[0]!, p[1] - b[1]!) <= Math.max(1.5 * BALL_RADIUS, 22 / s);
      const from: [number, number] = onBall ? [b[0]!, b[1]!] : p;
      this.aim = { from, to: p };
    });
    canvas.addEventListener('pointermove', (event) => {
      if (this.drawing.active) this.drawing.drag(toWorld(event));
      else if (this.aim) this.aim.to = toWorld(event);
    });
    canvas.addEventListener('pointerup', () => this.throwAimed());
    canvas.addEventListener('pointercancel', () => (this.aim = null));
  }

  private throwAimed(): void {
    this.drawing.release();
    const aim = this.aim;
    if (!aim) return;
    try {
      this.scene.shoot(aim.from, throwVelocity(aim.from, aim.to));
      this.clearTrails();
      this.message = '';
    } catch (caught) {
      this.message = `Throw refused: ${
        (caught as Error).message.replace(/^ContourBall\.launch: /, '')
      }`;
    }
    this.aim = null;
    this.last = performance.now();
  }

  /**
   * Draw or edit the profile: the buttons, shown by turns. While drawing, the ball waits and the
   * canvas edits (ProfileDrawing).
   */
  private buildDrawingButtons(): void {
    const drawing = this.drawing;
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
    this.panel.profileLabel.after(row);
    const show = () => {
      start.hidden = drawing.active;
      for (const button of [done, undo, fresh, cancel]) button.hidden = !drawing.active;
    };
    start.addEventListener('click', () => {
      drawing.begin(this.profile.points, this.profile.closed ?? false);
      this.message = DRAWING_HINT;
      show();
    });
    done.addEventListener('click', () => {
      try {
        this.useUserProfile(drawing.finish('Your drawing'));
      } catch (caught) {
        this.message = `Drawing: ${(caught as Error).message}`;
      }
      show();
    });
    undo.addEventListener('click', () => drawing.editor.undo());
    fresh.addEventListener('click', () => drawing.editor.clear());
    cancel.addEventListener('click', () => {
      drawing.active = false;
      this.message = '';
      show();
    });
    show();
  }

  // --- Each frame ------------------------------------------------------------------------------

  private tick(now: number): void {
    const dt = Math.min(0.1, Math.max(0, (now - this.last) / 1000));
    this.last = now;
    if (!this.paused && !this.aim && !this.drawing.active) {
      this.pending += dt;
      let frames = 0;
      while (this.pending >= FRAME && frames < MAX_FRAMES_PER_TICK) {
        this.advance();
        this.pending -= FRAME;
        frames++;
      }
      if (frames === MAX_FRAMES_PER_TICK) this.pending = 0;
    }
    drawRollingBall(this.page.canvas, this.page.context, this.view, this);
    this.showReadouts();
    this.frame++;
    this.publishState();
  }

  private showSettings(): void {
    this.panel.restitutionValue.textContent = shortNumber(this.settings.restitution, 2);
    this.panel.frictionValue.textContent = shortNumber(this.settings.rollingFriction, 2);
  }

  private showReadouts(): void {
    const { panel, scene } = this;
    const state = scene.state, naive = scene.naive;
    const speed = Math.hypot(state.velocity[0]!, state.velocity[1]!);
    const where = state.mode === 'ground'
      ? ` on segment ${scene.ball.segment}`
      : state.mode === 'corner'
      ? ` (vertex ${scene.ball.vertex})`
      : '';
    showText(
      panel.live,
      `${this.paused ? 'Paused. ' : ''}${this.eventText ? `${this.eventText} ` : ''}Exact: ${
        MODE_TEXT[state.mode]
      }${where}, speed ${shortNumber(speed, 3)} m/s, W ${state.energy.toFixed(6)} J/kg (${
        relativeChange(state.energy, scene.startEnergy.exact)
      } since the throw), t ${state.time.toFixed(3)} s.`,
    );
    showText(
      panel.naiveLine,
      naive.lost
        ? 'Naive Euler: fell through the profile (a step longer than the ball is wide jumps a segment).'
        : `Naive Euler (h = ${shortNumber((FRAME * 1000) / scene.naiveSteps, 3)} ms): ${
          MODE_TEXT[naive.mode]
        }, W ${naive.energy.toFixed(4)} J/kg (${
          relativeChange(naive.energy, scene.startEnergy.naive)
        }).`,
    );
    const uncorrected = scene.uncorrected;
    showText(
      panel.uncorrectedLine,
      this.showUncorrected
        ? `Uncorrected (segment switch at the segment's end, no limiters): W ${
          uncorrected.energy.toFixed(4)
        } J/kg (${relativeChange(uncorrected.energy, scene.startEnergy.uncorrected)}).`
        : '',
    );
    panel.pauseButton.textContent = this.paused ? 'Continue' : 'Pause';
    const gone = state.position[1]! < Math.min(...this.profile.points.map((p) => p[1])) - 2
      ? 'The ball has left the profile: drag to throw it again, or Restart.'
      : '';
    showText(panel.error, this.message || gone);
  }

  /** What the tests read (DESIGN.md: `window.__contactkit`). */
  private publishState(): void {
    const { scene, profile, drawing } = this;
    publish({
      scene: 'rolling-ball',
      frame: this.frame,
      ball: scene.state,
      naive: { ...scene.naive.state, lost: scene.naive.lost },
      uncorrected: { ...scene.uncorrected.state, segment: scene.uncorrected.segment },
      showUncorrected: this.showUncorrected,
      profile: profile.id,
      closed: profile.closed ?? false,
      loadContour: (text: string) => this.contourControls.load(text),
      drawing: drawing.active
        ? { points: drawing.editor.points.map((p) => [p[0], p[1]]), closed: drawing.editor.closed }
        : null,
      points: profile.points.map((p) => [p[0], p[1]]),
      settings: { ...this.settings },
      launch: { position: [...scene.launched.position], velocity: [...scene.launched.velocity] },
      frames: scene.frames,
      intoFrame: scene.intoFrame,
      naiveSteps: scene.naiveSteps,
      frameTime: FRAME,
      paused: this.paused,
      message: this.message,
      events: scene.events.map((e) => ({ kind: e.kind, position: [...e.position], time: e.time })),
      project: (point: readonly number[]) => this.view.project(point),
    });
  }
}

/** The change of W since the throw, relative: "change +0.64%", or in powers of ten when tiny. */
function relativeChange(w: number, w0: number): string {
  const change = (w - w0) / Math.abs(w0);
  if (change === 0) return 'change 0';
  return `change ${change > 0 ? '+' : '-'}${
    Math.abs(change) < 1e-3
      ? Math.abs(change).toExponential(1)
      : `${shortNumber(Math.abs(100 * change), 2)}%`
  }`;
}
