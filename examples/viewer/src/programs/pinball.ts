/**
 * The pinball table (`?scene=pinball`): a launch lane with a plunger, the upper semicircle, a field
 * of obstacles in collision2d's `Playfield` grid, the funnel, drain and return channel. The ball is
 * `PinballSim` (pinball-sim.ts), stepped in fixed frames of 1/60 s as its tests run it; this file
 * draws it and takes the plunger's controls.
 */
import { PLUNGER_MAX_SPEED, PinballSim, SPHERE_DRAG_COEFFICIENT } from './pinball-sim.js';
import type { BallState } from './ball-state.js';
import { contourInput } from './contour-input.js';
import type { ContourInput } from './contour-input.js';
import { bounds, readContour, tableWithContour } from './user-contour.js';
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
import { drawPinball, modeWords } from './pinball-drawing.js';
import type { DrawnName, PinballPicture } from './pinball-drawing.js';

/** The simulation's frame (s): the page steps in these, as the tests do. */
const FRAME = 1 / 60;
/** Most simulation frames per drawn frame: a slow or hidden tab is not made up for. */
const MAX_FRAMES_PER_DRAW = 6;
/** Seconds a held key takes to pull the plunger all the way. */
const PULL_TIME = 1;

const DESCRIPTION =
  'A tilted table (gravity 9.81 sin 6.5\u00b0 along it) with a plunger in the launch lane, the ' +
  'upper semicircle that turns the ball into the field, dozens of convex and concave obstacles ' +
  'and round bumpers, and a funnel whose drain leads through the return channel back to the ' +
  'plunger. Each frame the ball moves in straight pieces split at the time of impact of its ' +
  "swept circle (Ericson, Real-Time Collision Detection, 5.5, moving spheres; Box2D's time of " +
  'impact stops a small gap short of touching), against only the shapes that ' +
  "@contactkit/collision2d's Playfield grid finds in the cells of the swept path's box, so it " +
  'never passes through an obstacle however fast. An impact reverses the normal velocity times ' +
  'the restitution and keeps the tangential part times the tangential restitution; a rebound ' +
  'too slow to leave the surface is continuous contact: the ball slides and rolls on ' +
  '("ground", with rolling friction) until the surface falls away faster than gravity pulls it ' +
  'down.';
const HINT =
  'Pull the plunger: press on the table and drag down, or hold Space or \u2193, then let go; ' +
  'the further, the faster. "Visible" draws the obstacles\' outlines, the grid cells tested and ' +
  'the vectors of the last impact.';

export function startPinball(): Promise<void> {
  const page = programPage('pinball', 'Pinball: a ball among many obstacles', DESCRIPTION, HINT);
  new PinballPage(page, new URLSearchParams(location.search)).start();
  return Promise.resolve();
}

/** The panel's controls and readouts, as the page reads and writes them. */
interface PinballPanel {
  visibleInput: HTMLInputElement;
  dragInput: HTMLInputElement;
  shootButton: HTMLButtonElement;
  returnButton: HTMLButtonElement;
  pauseButton: HTMLButtonElement;
  dropButton: HTMLButtonElement;
  plungerText: HTMLElement;
  ballText: HTMLElement;
  countersText: HTMLElement;
  impactText: HTMLElement;
}

/** Builds the panel in `body`: the switches, the buttons and the readouts. */
function buildPinballPanel(body: HTMLElement, visible: boolean, drag: boolean): PinballPanel {
  const toggles = element('div', { class: 'toggles' });
  const visibleInput = element('input', { type: 'checkbox', id: 'show-visible' });
  visibleInput.checked = visible;
  const visibleLabel = element('label', {});
  visibleLabel.append(visibleInput, ' Visible: outlines, grid cells, collision vectors');
  toggles.append(visibleLabel);
  // The launch channel's air drag (PinballOptions.channelDrag): a new ball, on the plunger.
  const dragInput = element('input', { type: 'checkbox', id: 'channel-drag' });
  dragInput.checked = drag;
  const dragLabel = element('label', {});
  dragLabel.append(
    dragInput,
    ` Air drag in the launch channel (c_w ${SPHERE_DRAG_COEFFICIENT}, a smooth sphere)`,
  );
  toggles.append(dragLabel);
  const buttons = element('div', { class: 'buttons' });
  const shootButton = element('button', { type: 'button', id: 'shoot' }, 'Shoot at top speed');
  const returnButton = element(
    'button',
    { type: 'button', id: 'return-ball' },
    'Ball to the plunger',
  );
  const pauseButton = element('button', { type: 'button', id: 'pause' }, 'Pause');
  const dropButton = element('button', {
    type: 'button',
    id: 'drop-on-contour',
    disabled: '',
  }, 'Drop on your contour');
  buttons.append(shootButton, returnButton, pauseButton, dropButton);
  body.append(toggles, buttons);
  const plungerText = element('p', { class: 'live', id: 'plunger-caption' });
  const ballText = element('p', { class: 'live', id: 'ball-caption' });
  const countersText = element('p', { class: 'probe', id: 'counters' });
  const impactText = element('p', { class: 'probe', id: 'impact' });
  body.append(plungerText, ballText, countersText, impactText);
  return {
    visibleInput,
    dragInput,
    shootButton,
    returnButton,
    pauseButton,
    dropButton,
    plungerText,
    ballText,
    countersText,
    impactText,
  };
}

/**
 * The page's state and its input: the plunger (a drag down on the table, or Space / ArrowDown
 * held), the panel's buttons and a user's contour; `tick` steps the sim in fixed frames, draws
 * it (pinball-drawing.ts) and shows the readouts.
 */
class PinballPage implements PinballPicture {
  sim = new PinballSim();
  visible: boolean;
  paused = false;
  /** The plunger being pulled: by a pointer pressed at `pointerY`, or (null) by a key. */
  pull: { pointerY: number | null; } | null = null;
  lastShot = 0;
  frame = 0;
  /** The last frame's time (ms), and the time (s) not yet stepped in whole frames. */
  last = performance.now();
  carry = 0;
  readonly view = new WorldView();
  /** The names drawn in the last frame, each with its box's corners in canvas pixels. */
  readonly names: DrawnName[] = [];
  /** The table as the browser test reads it (pinball.browser.test.ts). */
  geometry: ReturnType<PinballPage['tableGeometry']>;
  private readonly panel: PinballPanel;
  private readonly contourControls: ContourInput;

  constructor(private readonly page: ProgramPage, parameters: URLSearchParams) {
    this.visible = parameters.get('visible') === '1';
    this.panel = buildPinballPanel(page.body, this.visible, parameters.get('drag') === '1');
    if (this.panel.dragInput.checked) this.sim = new PinballSim(this.sim.table, this.simOptions());
    this.geometry = this.tableGeometry();
    this.contourControls = contourInput(
      page.body,
      page.stage,
      'an obstacle in the middle of the field (a closed outline; the obstacles in its way make room)',
      (text, fileName) => this.loadContour(text, fileName),
    );
    this.wirePanel();
    this.wirePlunger();
  }

  get pulling(): boolean {
    return this.pull !== null;
  }

  start(): void {
    animate((now) => this.tick(now));
  }

  // --- State -----------------------------------------------------------------------------------

  private simOptions() {
    return { channelDrag: this.panel.dragInput.checked ? SPHERE_DRAG_COEFFICIENT : 0 };
  }

  private shoot(pull: number): void {
    this.sim.setPull(pull);
    const speed = this.sim.release();
    if (speed > 0) this.lastShot = speed;
    this.paused = false;
  }

  /**
   * The table in world coordinates (metres, y up): outer wall and polygon obstacles as point
   * lists, bumpers as centre and radius, so the browser test can check the ball against them.
   */
  private tableGeometry() {
    const sim = this.sim;
    return {
      radius: sim.radius,
      outline: sim.table.outline,
      obstacles: sim.table.obstacles.map((
        o,
      ) => (o.kind === 'circle'
        ? { kind: o.kind, name: o.name, centre: o.centre, radius: o.radius }
        : { kind: o.kind, name: o.name, outline: o.outline })
      ),
    };
  }

  /** A contour file's outline as an obstacle in the field; returns what the panel says. */
  private loadContour(text: string, fileName: string): string {
    const table = tableWithContour(readContour(text), 'your contour');
    this.sim = new PinballSim(table, this.simOptions());
    this.geometry = this.tableGeometry();
    this.paused = false;
    this.panel.dropButton.disabled = false;
    return `${fileName}: placed in the middle of the field, ${table.obstacles.length} obstacles ` +
      'now. Shoot, or drop the ball on it with "Drop on your contour".';
  }

  /** From rest 4 cm above the middle of the user's obstacle's box: gravity brings it down on it. */
  private dropOnContour(): void {
    const own = this.sim.table.obstacles.find((o) => o.name === 'your contour');
    if (own?.kind !== 'polygon') return;
    const box = bounds(own.outline);
    this.sim.dropAt([(box.minX + box.maxX) / 2, box.maxY + 0.04]);
    this.paused = false;
  }

  /**
   * Fast-forward: steps the page's own simulation `frames` frames of FRAME s at once (no
   * drawing) and returns the ball's state after each.
   */
  private fastForward(frames: number): BallState[] {
    if (!Number.isInteger(frames) || frames < 0) {
      throw new RangeError(`pinball step: frames must be an integer >= 0, got ${String(frames)}`);
    }
    const states: BallState[] = [];
    for (let i = 0; i < frames; i++) {
      this.sim.step(FRAME);
      states.push(this.sim.state);
    }
    return states;
  }

  // --- Input -----------------------------------------------------------------------------------

  private wirePanel(): void {
    const panel = this.panel;
    panel.visibleInput.addEventListener(
      'change',
      () => (this.visible = panel.visibleInput.checked),
    );
    panel.dragInput.addEventListener(
      'change',
      () => (this.sim = new PinballSim(this.sim.table, this.simOptions())),
    );
    panel.shootButton.addEventListener('click', () => {
      if (!this.sim.onPlunger) this.sim.toPlunger();
      this.shoot(1);
    });
    panel.returnButton.addEventListener('click', () => this.sim.toPlunger());
    panel.pauseButton.addEventListener('click', () => {
      this.paused = !this.paused;
      this.last = performance.now();
    });
    panel.dropButton.addEventListener('click', () => this.dropOnContour());
  }

  /** The plunger: drag down on the table, or hold Space / ArrowDown. */
  private wirePlunger(): void {
    const canvas = this.page.canvas;
    const fullPullPixels = () => Math.max(80, 0.25 * canvas.clientHeight);
    canvas.addEventListener('pointerdown', (event) => {
      canvas.setPointerCapture(event.pointerId);
      this.pull = { pointerY: event.clientY };
      this.sim.setPull(0);
    });
    canvas.addEventListener('pointermove', (event) => {
      if (this.pull?.pointerY != null) {
        this.sim.setPull((event.clientY - this.pull.pointerY) / fullPullPixels());
      }
    });
    canvas.addEventListener('pointerup', () => {
      if (!this.pull) return;
      this.pull = null;
      this.shoot(this.sim.pull);
    });
    canvas.addEventListener('pointercancel', () => {
      this.pull = null;
      this.sim.setPull(0);
    });
    // Whatever has the focus but a field: a button just clicked keeps it, and preventing the
    // default keeps Space from pressing that button (or ticking a focused checkbox) again.
    const isPullKey = (event: KeyboardEvent) =>
      (event.code === 'Space' || event.key === 'ArrowDown') && !isTypingTarget(event.target);
    window.addEventListener('keydown', (event) => {
      if (!isPullKey(event)) return;
      event.preventDefault();
      if (!this.pull) {
        this.pull = { pointerY: null };
        this.sim.setPull(0);
      }
    });
    window.addEventListener('keyup', (event) => {
      if (!isPullKey(event)) return;
      event.preventDefault();
      if (!this.pull || this.pull.pointerY !== null) return;
      this.pull = null;
      this.shoot(this.sim.pull);
    });
  }

  // --- Each frame ------------------------------------------------------------------------------

  private tick(now: number): void {
    const sim = this.sim;
    const elapsed = Math.max(0, (now - this.last) / 1000);
    this.last = now;
    if (this.pull && this.pull.pointerY === null) sim.setPull(sim.pull + elapsed / PULL_TIME);
    if (!this.paused) {
      this.carry = Math.min(this.carry + elapsed, MAX_FRAMES_PER_DRAW * FRAME);
      while (this.carry >= FRAME) {
        sim.step(FRAME);
        this.carry -= FRAME;
      }
    }
    drawPinball(this.page.canvas, this.page.context, this.view, this, this.names);
    this.showReadouts();
    this.frame++;
    this.publishState();
  }

  private showReadouts(): void {
    const { sim, panel, lastShot } = this;
    const state = sim.state;
    const speed = Math.hypot(state.velocity[0]!, state.velocity[1]!);
    showText(
      panel.plungerText,
      `Plunger: pull ${Math.round(sim.pull * 100)} %, launch speed ${
        shortNumber(sim.launchSpeed, 3)
      } m/s (top ${PLUNGER_MAX_SPEED} m/s)${
        lastShot > 0 ? `; last shot ${shortNumber(lastShot, 3)} m/s` : ''
      }${sim.onPlunger ? '.' : '. The ball is not on the plunger.'}`,
    );
    showText(
      panel.ballText,
      `${this.paused ? 'Paused. ' : ''}Ball: ${
        state.mode === 'ground'
          ? `${modeWords(sim)} (in continuous contact)`
          : 'flight (no contact)'
      }, speed ${shortNumber(speed, 3)} m/s, energy ${shortNumber(state.energy, 4)} J/kg, ${
        shortNumber(state.time, 4)
      } s.`,
    );
    showText(
      panel.countersText,
      `Collisions ${sim.collisions}; this frame ${sim.cellsTestedPerFrame} grid cells tested, ` +
        `${sim.shapesTestedPerFrame} shape sweeps (of ${sim.playfield.shapes.length} shapes), ` +
        `${sim.movesPerFrame} straight move${sim.movesPerFrame === 1 ? '' : 's'}.`,
    );
    const i = sim.lastImpact;
    showText(
      panel.impactText,
      i
        ? `Last bounce at ${shortNumber(i.time, 4)} s: point (${shortNumber(i.point[0], 3)}, ${
          shortNumber(i.point[1], 3)
        }) m, normal (${shortNumber(i.normal[0], 3)}, ${
          shortNumber(i.normal[1], 3)
        }), time of impact ${shortNumber(i.toi, 3)} of the move, normal speed ${
          shortNumber(i.normalSpeed, 3)
        } m/s.`
        : 'No bounce yet.',
    );
    panel.pauseButton.textContent = this.paused ? 'Continue' : 'Pause';
  }

  /** What the tests read (DESIGN.md: `window.__contactkit`). */
  private publishState(): void {
    const sim = this.sim;
    publish({
      scene: 'pinball',
      frame: this.frame,
      ball: sim.state,
      counters: {
        collisions: sim.collisions,
        cellsTestedPerFrame: sim.cellsTestedPerFrame,
        shapesTestedPerFrame: sim.shapesTestedPerFrame,
      },
      plunger: {
        pull: sim.pull,
        launchSpeed: sim.launchSpeed,
        lastShot: this.lastShot,
        onPlunger: sim.onPlunger,
      },
      lastImpact: sim.lastImpact,
      visible: this.visible,
      paused: this.paused,
      obstacles: sim.table.obstacles.length,
      project: (point: readonly number[]) => this.view.project(point),
      names: this.names,
      table: this.geometry,
      channelDragRate: sim.channelDragRate,
      loadContour: (text: string) => this.contourControls.load(text),
      step: (frames: number) => this.fastForward(frames),
    });
  }
}
