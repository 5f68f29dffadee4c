/**
 * A simulation page (`?scene=sim-stack`, `sim-pyramid`, `sim-capsules`, `sim-hulls`, `sim-ramp`):
 * the scene runs in cannon-es twice, side by side in time, from the same start and with the same
 * throws: one world with contactkit as its narrowphase (`useContactkit`, @contactkit/cannon-es),
 * one on cannon-es's own (sim-runs.ts). The switch shows either; both step every frame, so the
 * step time of both is always measured. A scene cannon-es cannot run itself (capsules: it has
 * none) runs contactkit's world alone, and the switch says why it is off. Each frame's contact
 * set is drawn from one CollisionData through `ContactSetHelper` (@contactkit/three): for
 * contactkit the adapter records it (`record`), with feature ids; for cannon-es it is read from
 * cannon-es's contact equations, which carry no feature ids.
 *
 * This file holds the page's state, its input (panel, keys, the throw by drag) and its frame
 * (step, draw, readouts, the state published for the tests); sim-panel.ts builds the panel and
 * sim-drawing.ts the three.js picture.
 */
import { Plane as ThreePlane, Raycaster, Vector2, Vector3 } from 'three';
import type { Body } from 'cannon-es';
import { isTypingTarget, showFirstFrame } from '../panel-frame.js';
import { simSpec } from './sim-worlds.js';
import type { SimSpec } from './sim-worlds.js';
import type { SimId } from './registry.js';
import { contactColor } from './contact-colors.js';
import { RECORD_CAPACITY, STEP, TIMED_STEPS, makeRuns, meanStep, stepRun } from './sim-runs.js';
import type { Narrowphase, Run, Runs } from './sim-runs.js';
import { buildSimPanel } from './sim-panel.js';
import type { SimPanel } from './sim-panel.js';
import { SimPicture } from './sim-drawing.js';
import '../style.css';

/**
 * At most this many steps per displayed frame: a slow machine runs the scene slower, not coarser.
 */
const MAX_STEPS_PER_FRAME = 4;
/** Drag length (metres, in the plane facing the camera) to throw speed (m/s). */
const THROW_GAIN = 4;
const MAX_THROW_SPEED = 15;
/** The marker colour of cannon-es's own contacts, which carry no feature ids. */
const NATIVE_COLOR = 0x9aa4b0;
const NARROWPHASES = ['contactkit', 'cannon-es'] as const;

/** What the page publishes for tests on `window.__contactkit`. */
export interface SimState {
  scene: SimId;
  frame: number;
  /** Simulated seconds since the start or the last reset. */
  time: number;
  /** The shown world's bodies, in the scene's order (static ones too), the floor left out. */
  bodies: { position: [number, number, number]; quaternion: [number, number, number, number]; }[];
  /** The narrowphase of the world shown. */
  narrowphase: Narrowphase;
  paused: boolean;
  /** Contacts of the shown world's last step. */
  contactCount: number;
  /**
   * Those contacts: the boxes' indices in `bodies` (-1: the floor), the feature id, the point,
   * normal and depth, and the colour its marker is drawn in.
   */
  contacts: {
    bodies: [number, number];
    featureId: number;
    point: number[];
    normal: number[];
    penetration: number;
    color: number;
  }[];
  /**
   * Mean milliseconds per `world.step` of each world over its last 60 steps; cannon-es's is null
   * when it cannot run the scene.
   */
  stepTimes: { contactkit: number; 'cannon-es': number | null; };
  /** Runs `count` steps of both worlds at once (tests drive time with it). */
  step(count: number): void;
  /** World point -> canvas CSS pixels (from the canvas's top left). */
  project(point: readonly number[]): [number, number];
}

export function startSim(id: SimId): void {
  new SimPage(id, document.getElementById('view') as HTMLCanvasElement).start();
}

/** A contact as the markers' colours read it. */
type ColoredContact = { firstBody: Body | null; secondBody: Body | null; featureId: number; };

/**
 * The page's state and its input: the panel's buttons, the keys and a throw by drag change the
 * state; `tick` steps both worlds, draws the one shown (sim-drawing.ts) and publishes the state.
 */
class SimPage {
  private readonly spec: SimSpec;
  private runs: Runs;
  private shown: Narrowphase;
  private paused = false;
  /** Steps since the start or the last reset. */
  private steps = 0;
  private frame = 0;
  /** The last frame's time (ms), and the time (s) not yet stepped in whole steps. */
  private last = performance.now();
  private pending = 0;
  private readonly picture: SimPicture;
  private readonly panel: SimPanel;
  private readonly thrower: Thrower;

  constructor(private readonly id: SimId, private readonly canvas: HTMLCanvasElement) {
    this.spec = simSpec(id);
    this.runs = makeRuns(this.spec);
    const start = new URLSearchParams(location.search).get('narrowphase');
    this.shown = start === 'cannon-es' && this.spec.native ? 'cannon-es' : 'contactkit';
    this.picture = new SimPicture(canvas, this.spec, this.runs.contactkit.sim.bodies);
    this.panel = buildSimPanel(id, this.spec);
    this.showMode();
    this.wirePanel();
    this.wireKeys();
    this.thrower = new Thrower(canvas, this.picture, this.spec);
    this.wirePointer();
  }

  start(): void {
    requestAnimationFrame((now) => this.tick(now));
  }

  // --- State -----------------------------------------------------------------------------------

  /** The world shown (contactkit's when cannon-es cannot run the scene). */
  private shownRun(): Run {
    return this.runs[this.shown] ?? this.runs.contactkit;
  }

  private advance(count: number): void {
    for (let i = 0; i < count; i++) {
      stepRun(this.runs.contactkit);
      stepRun(this.runs['cannon-es']);
      this.steps++;
    }
  }

  private reset(): void {
    this.runs = makeRuns(this.spec);
    this.steps = 0;
  }

  private togglePause(): void {
    this.paused = !this.paused;
    this.showMode();
  }

  private singleStep(): void {
    this.paused = true;
    this.showMode();
    this.advance(1);
  }

  private show(mode: Narrowphase): void {
    if (this.runs[mode] === undefined) return;
    this.shown = mode;
    this.showMode();
  }

  /** Both worlds get the throw: body `index` at `velocity` (m/s). */
  private throwBody(index: number, velocity: Vector3): void {
    for (const run of [this.runs.contactkit, this.runs['cannon-es']]) {
      if (run === undefined) continue;
      const target = run.sim.bodies[index]!;
      target.velocity.set(velocity.x, velocity.y, velocity.z);
      target.wakeUp();
    }
  }

  // --- Input -----------------------------------------------------------------------------------

  private wirePanel(): void {
    const panel = this.panel;
    panel.pauseButton.addEventListener('click', () => this.togglePause());
    panel.stepButton.addEventListener('click', () => this.singleStep());
    panel.resetButton.addEventListener('click', () => this.reset());
    for (const mode of NARROWPHASES) {
      panel.modeButtons[mode].addEventListener('click', () => this.show(mode));
    }
  }

  /** Space pauses, the right arrow steps once, R resets. */
  private wireKeys(): void {
    window.addEventListener('keydown', (event) => {
      if (isTypingTarget(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === ' ') this.togglePause();
      else if (event.key === 'ArrowRight') this.singleStep();
      else if (event.key === 'r' || event.key === 'R') this.reset();
      else return;
      event.preventDefault();
    });
  }

  /** A drag from a moving body throws it (Thrower); any other drag orbits the camera. */
  private wirePointer(): void {
    const { canvas, thrower } = this;
    // Capture phase: a press on a body is taken before the orbit controls see it.
    canvas.addEventListener('pointerdown', (event) => thrower.press(event), { capture: true });
    canvas.addEventListener('pointermove', (event) => thrower.drag(event));
    canvas.addEventListener('pointerup', () => {
      const thrown = thrower.release();
      if (thrown) this.throwBody(thrown.index, thrown.velocity);
    });
  }

  // --- Each frame ------------------------------------------------------------------------------

  private tick(now: number): void {
    if (!this.paused) {
      this.pending = Math.min(this.pending + (now - this.last) / 1000, MAX_STEPS_PER_FRAME * STEP);
      while (this.pending >= STEP) {
        this.advance(1);
        this.pending -= STEP;
      }
    }
    this.last = now;
    this.picture.draw(this.shownRun(), (contact) => this.markerColor(contact));
    this.frame++;
    this.showReadouts();
    this.publishState();
    if (this.frame === 1) showFirstFrame();
    requestAnimationFrame((next) => this.tick(next));
  }

  /**
   * A contactkit contact's colour names it (contact-colors.ts) by the bodies' places in the scene
   * (the floor is 0), so it is the same after a reset; cannon-es's contacts are grey.
   */
  private markerColor(contact: ColoredContact): number {
    if (this.shown !== 'contactkit') return NATIVE_COLOR;
    const bodies = this.runs.contactkit.sim.bodies;
    return contactColor(
      bodies.indexOf(contact.firstBody!) + 1,
      bodies.indexOf(contact.secondBody!) + 1,
      contact.featureId,
    );
  }

  private showMode(): void {
    for (const mode of NARROWPHASES) {
      this.panel.modeButtons[mode].classList.toggle('active', mode === this.shown);
      this.panel.modeButtons[mode].setAttribute('aria-checked', String(mode === this.shown));
    }
    this.panel.pauseButton.textContent = this.paused ? 'Resume' : 'Pause';
  }

  private showReadouts(): void {
    const record = this.shownRun().record;
    const source = this.shown === 'contactkit' ? 'contactkit' : "cannon-es's own narrowphase";
    this.panel.live.textContent = `t = ${(this.steps * STEP).toFixed(2)} s · ` +
      `${record.contactCount} contacts from ${source}` +
      (record.overflowed ? ` (more than the ${RECORD_CAPACITY} drawn)` : '') +
      (this.paused ? ' · paused' : '');
    const native = this.spec.native
      ? `cannon-es's own ${ms(meanStep(this.runs['cannon-es']))}`
      : "cannon-es's own: no capsule";
    this.panel.timing.textContent =
      `world.step: contactkit ${ms(meanStep(this.runs.contactkit))}, ` +
      `${native} (mean of the last ${TIMED_STEPS} steps, wall clock)`;
  }

  /** What the tests read (DESIGN.md: `window.__contactkit`). */
  private publishState(): void {
    const run = this.shownRun();
    const bodies = run.sim.bodies;
    const state: SimState = {
      scene: this.id,
      frame: this.frame,
      time: this.steps * STEP,
      bodies: bodies.map((b) => ({
        position: [b.position.x, b.position.y, b.position.z],
        quaternion: [b.quaternion.x, b.quaternion.y, b.quaternion.z, b.quaternion.w],
      })),
      narrowphase: this.shown,
      paused: this.paused,
      contactCount: run.record.contactCount,
      contacts: run.record.contacts.slice(0, run.record.contactCount).map((contact) => ({
        bodies: [bodies.indexOf(contact.firstBody!), bodies.indexOf(contact.secondBody!)],
        featureId: contact.featureId,
        point: Array.from(contact.point),
        normal: Array.from(contact.normal),
        penetration: contact.penetration,
        color: this.markerColor(contact),
      })),
      stepTimes: {
        contactkit: meanStep(this.runs.contactkit),
        'cannon-es': this.spec.native ? meanStep(this.runs['cannon-es']) : null,
      },
      step: (count) => this.advance(count),
      project: (point) => this.picture.project(point),
    };
    (window as unknown as { __contactkit: SimState; }).__contactkit = state;
  }
}

/**
 * Throwing a body by drag: a press on a moving body grabs it (and keeps the orbit controls from
 * turning the camera), the drag aims in the plane through the grabbed point facing the camera,
 * and the release gives the throw: `THROW_GAIN` times the drag, at most `MAX_THROW_SPEED`.
 */
class Thrower {
  private readonly raycaster = new Raycaster();
  private readonly pointer = new Vector2();
  private readonly dragPlane = new ThreePlane();
  private readonly grabbed = new Vector3();
  private readonly aimed = new Vector3();
  /** The body being aimed, or -1. */
  private throwing = -1;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly picture: SimPicture,
    private readonly spec: SimSpec,
  ) {}

  private pointerRay(event: PointerEvent): void {
    const rect = this.canvas.getBoundingClientRect();
    this.pointer.set(
      ((event.clientX - rect.left) / rect.width) * 2 - 1,
      -((event.clientY - rect.top) / rect.height) * 2 + 1,
    );
    this.raycaster.setFromCamera(this.pointer, this.picture.camera);
  }

  /** Grabs the moving body under the pointer, if any. */
  press(event: PointerEvent): void {
    const { meshes, camera, orbit } = this.picture;
    this.pointerRay(event);
    const hit = this.raycaster.intersectObjects(meshes, false)[0];
    const index = hit ? meshes.findIndex((mesh) => mesh === hit.object) : -1;
    if (!hit || index < 0 || this.spec.bodies[index]!.mass === 0) return;
    this.throwing = index;
    this.grabbed.copy(hit.point);
    this.aimed.copy(hit.point);
    this.dragPlane.setFromNormalAndCoplanarPoint(
      camera.getWorldDirection(new Vector3()),
      this.grabbed,
    );
    orbit.enabled = false;
    this.canvas.setPointerCapture(event.pointerId);
    event.stopImmediatePropagation();
  }

  drag(event: PointerEvent): void {
    if (this.throwing < 0) return;
    this.pointerRay(event);
    this.raycaster.ray.intersectPlane(this.dragPlane, this.aimed);
    this.picture.showAim(this.grabbed, this.aimed);
  }

  /** Lets go: the body aimed and its throw velocity (m/s), or null when none was grabbed. */
  release(): { index: number; velocity: Vector3; } | null {
    if (this.throwing < 0) return null;
    const velocity = this.aimed.clone().sub(this.grabbed).multiplyScalar(THROW_GAIN);
    if (velocity.length() > MAX_THROW_SPEED) velocity.setLength(MAX_THROW_SPEED);
    const thrown = { index: this.throwing, velocity };
    this.throwing = -1;
    this.picture.hideAim();
    this.picture.orbit.enabled = true;
    return thrown;
  }
}

function ms(value: number): string {
  return Number.isNaN(value) ? '–' : `${value.toFixed(3)} ms`;
}
