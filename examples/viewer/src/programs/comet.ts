/**
 * The comet (`?scene=comet`): a fixed object shown as a picture with its digitised contour (both
 * shipped: src/programs/assets, made by scripts/make-comet.ts with the digitiser's pipeline), and
 * a ball shot by a drag that bounces off it. The contour is drawn over the picture by
 * `placeContour` at the displayed width, so the two stay in register at any size. On demand the
 * vectors of the current contact are drawn as collision2d's circle-against-contour method
 * computes them, and the corner touched is named convex or concave. A user's contour file
 * (contour-input.ts) replaces the nucleus: the ball then meets that body, drawn without a picture.
 */
import { parseContour } from '@contactkit/collision2d';
import type { Contour } from '@contactkit/collision2d';
import { contactKindName } from '@contactkit/math';
import type { ContactKind } from '@contactkit/math';
import cometUrl from './assets/comet.png';
import contourText from './assets/comet-contour.txt?raw';
import { CometScene, DEFAULT_RESTITUTION, USER_BODY_SIZE } from './comet-scene.js';
import type { ContactVectors } from './comet-scene.js';
import { contourInput } from './contour-input.js';
import type { ContourInput } from './contour-input.js';
import { readContour } from './user-contour.js';
import {
  WorldView,
  animate,
  element,
  programPage,
  publish,
  shortNumber,
  showText,
} from './program-page.js';
import type { ProgramPage } from './program-page.js';
import { VECTOR_COLORS, drawComet } from './comet-drawing.js';
import type { CometPicture } from './comet-drawing.js';

/** Drag length (world units) to launch speed (world units per second). */
const SHOT_GAIN = 1.5;
const MAX_SPEED = 12;
/** Longest step a frame simulates: a hidden tab's long frame is not made up for. */
const MAX_FRAME = 0.1;

const DESCRIPTION =
  'A fixed object that comes as a picture (a two-lobed comet nucleus) with its contour, ' +
  "digitised from the picture by the digitiser's trace. The ball (ContourBall of " +
  '@contactkit/motion2d) flies, bounces off the outline with the restitution set below, and may ' +
  'land and roll on it; the contour is placed over the picture at the displayed width, so ' +
  'picture and contour stay congruent at any size.';
const HINT =
  'Drag anywhere outside the nucleus to shoot the ball: it starts where you press, with the ' +
  'velocity of the arrow. A ball leaving the view comes back on the other side.';

export async function startComet(): Promise<void> {
  const page = programPage(
    'comet',
    'Comet: a ball bouncing off a digitised picture',
    DESCRIPTION,
    HINT,
  );
  const picture = new Image();
  picture.src = cometUrl;
  await picture.decode();
  new CometPage(page, picture).start();
}

/** The panel's controls and readouts, as the page reads and writes them. */
interface CometPanel {
  stopAtImpact: HTMLInputElement;
  pauseButton: HTMLButtonElement;
  resetButton: HTMLButtonElement;
  restitution: HTMLInputElement;
  restitutionLabel: HTMLElement;
  restitutionValue: HTMLElement;
  live: HTMLElement;
  touching: HTMLElement;
  error: HTMLElement;
  /** The contact vectors' table. */
  tableBody: HTMLElement;
}

/**
 * Builds the panel in `body`: the switches (each calls `on` with its new state), the buttons,
 * the restitution, the readouts and the contact's table with its legend.
 */
function buildCometPanel(
  body: HTMLElement,
  checked: { contour: boolean; vectors: boolean; },
  on: { contour(value: boolean): void; vectors(value: boolean): void; },
): CometPanel {
  const toggles = element('div', { class: 'toggles' });
  const toggle = (id: string, text: string, value: boolean, change?: (value: boolean) => void) => {
    const input = element('input', { type: 'checkbox', id });
    input.checked = value;
    if (change) input.addEventListener('change', () => change(input.checked));
    const label = element('label', {});
    label.append(input, ` ${text}`);
    toggles.append(label);
    return input;
  };
  toggle('show-contour', 'Contour', checked.contour, on.contour);
  toggle('show-vectors', 'Contact vectors', checked.vectors, on.vectors);
  const stopAtImpact = toggle('stop-at-impact', 'Stop at each impact', false);
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
  const table = element('table', { id: 'contact-vectors' });
  const tableBody = element('tbody');
  table.append(element('thead'), tableBody);
  table.tHead!.innerHTML = '<tr><th>#</th><th>feature</th><th>kind</th><th>penetration</th>' +
    '<th>|O|</th><th>|S|</th><th>l_part</th></tr>';
  body.append(element('h2', {}, 'Contact (within one radius)'), vectorLegend(), table);
  return {
    stopAtImpact,
    pauseButton,
    resetButton,
    restitution,
    restitutionLabel,
    restitutionValue,
    live,
    touching,
    error,
    tableBody,
  };
}

/** What the vectors' colours mean. */
function vectorLegend(): HTMLElement {
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
  return legend;
}

/**
 * The page's state and its input: the panel's switches and buttons, a shot by drag and a user's
 * contour; `tick` steps the scene, draws it (comet-drawing.ts) and shows the readouts.
 */
class CometPage implements CometPicture {
  contour: Contour = parseContour(contourText);
  onPicture = true;
  contourName = 'comet-contour.txt';
  scene: CometScene;
  paused = false;
  showContour = true;
  showVectors = new URLSearchParams(location.search).get('vectors') === '1';
  aim: { from: [number, number]; to: [number, number]; } | null = null;
  message = '';
  frame = 0;
  last = performance.now();
  readonly view = new WorldView();
  private readonly panel: CometPanel;
  private readonly contourControls: ContourInput;

  constructor(private readonly page: ProgramPage, readonly picture: HTMLImageElement) {
    this.scene = new CometScene(this.contour, DEFAULT_RESTITUTION, this.onPicture);
    this.panel = buildCometPanel(
      page.body,
      { contour: this.showContour, vectors: this.showVectors },
      { contour: (on) => (this.showContour = on), vectors: (on) => (this.showVectors = on) },
    );
    this.contourControls = contourInput(
      page.body,
      page.stage,
      'the body the ball meets',
      (text, fileName) => this.loadContour(text, fileName),
      this.panel.restitutionLabel,
    );
    this.wirePanel();
    this.wirePointer();
  }

  start(): void {
    animate((now) => this.tick(now));
  }

  // --- State -----------------------------------------------------------------------------------

  /** A contour file's outline in place of the nucleus; returns what the panel says about it. */
  private loadContour(text: string, fileName: string): string {
    const restitution = Number(this.panel.restitution.value);
    const next = new CometScene(readContour(text), restitution, false);
    next.stopAtImpact = this.scene.stopAtImpact;
    this.scene = next;
    this.contour = next.contour;
    this.onPicture = false;
    this.contourName = fileName;
    this.paused = false;
    this.message = '';
    return `${fileName}: ${this.contour.points.length} points, made ${USER_BODY_SIZE} m across ` +
      'in place of the nucleus (its picture is not shown). Drag to shoot at it.';
  }

  /** The restitution is fixed at construction: a new ball carries on from where this one is. */
  private changeRestitution(): void {
    const value = Number(this.panel.restitution.value);
    this.panel.restitutionValue.textContent = String(value);
    const scene = this.scene;
    const { position, velocity } = scene.state;
    const next = new CometScene(this.contour, value, this.onPicture);
    next.stopAtImpact = scene.stopAtImpact;
    next.halfWidth = scene.halfWidth;
    next.halfHeight = scene.halfHeight;
    try {
      next.shoot(position, velocity);
      this.scene = next;
    } catch (caught) {
      this.message = `Restitution: ${(caught as Error).message}`;
    }
  }

  // --- Input -----------------------------------------------------------------------------------

  private wirePanel(): void {
    const panel = this.panel;
    panel.stopAtImpact.addEventListener(
      'change',
      () => (this.scene.stopAtImpact = panel.stopAtImpact.checked),
    );
    panel.pauseButton.addEventListener('click', () => {
      this.paused = !this.paused;
      this.last = performance.now();
    });
    panel.resetButton.addEventListener('click', () => {
      const restitution = Number(panel.restitution.value);
      this.scene = new CometScene(this.contour, restitution, this.onPicture);
      this.scene.stopAtImpact = panel.stopAtImpact.checked;
      this.paused = false;
      this.message = '';
    });
    panel.restitution.addEventListener('input', () => this.changeRestitution());
  }

  /** A drag shoots the ball from where it was pressed, with the velocity of the arrow. */
  private wirePointer(): void {
    const canvas = this.page.canvas;
    const toWorld = (event: PointerEvent) => this.view.toWorld(event, canvas);
    canvas.addEventListener('pointerdown', (event) => {
      canvas.setPointerCapture(event.pointerId);
      const p = toWorld(event);
      this.aim = { from: p, to: p };
    });
    canvas.addEventListener('pointermove', (event) => {
      if (this.aim) this.aim.to = toWorld(event);
    });
    canvas.addEventListener('pointerup', () => this.shootAimed());
    canvas.addEventListener('pointercancel', () => (this.aim = null));
  }

  private shootAimed(): void {
    const aim = this.aim;
    if (!aim) return;
    const velocity = shotVelocity(aim.from, aim.to);
    try {
      this.scene.shoot(aim.from, velocity);
      this.paused = false;
      this.message = '';
    } catch (caught) {
      this.message = `Shot refused: ${
        (caught as Error).message.replace(/^shoot: |^ContourBall\.launch: /, '')
      }`;
    }
    this.aim = null;
  }

  // --- Each frame ------------------------------------------------------------------------------

  private tick(now: number): void {
    const dt = Math.min(MAX_FRAME, Math.max(0, (now - this.last) / 1000));
    this.last = now;
    if (!this.paused && this.scene.step(dt)) this.paused = true;
    const scene = this.scene;
    const contacts = scene.contacts();
    const vectors = scene.vectors(contacts);
    const { kind, vertex } = scene.touching(vectors);
    const drawn = drawComet(this.page.canvas, this.page.context, this.view, this, vectors, vertex);
    this.showReadouts(vectors, kind, vertex, contacts);
    this.frame++;
    publish({
      scene: 'comet',
      frame: this.frame,
      ball: scene.state,
      contacts,
      vectors,
      touching: { kind, vertex },
      impacts: scene.impacts,
      paused: this.paused,
      showContour: this.showContour,
      showVectors: this.showVectors,
      restitution: scene.ball.restitution,
      message: this.message,
      outline: scene.outline.map((p) => [p[0], p[1]]),
      outlineOnScreen: drawn.outlineOnScreen,
      imageRect: drawn.imageRect,
      contourName: this.contourName,
      onPicture: this.onPicture,
      loadContour: (text: string) => this.contourControls.load(text),
      project: (point: readonly number[]) => this.view.project(point),
    });
  }

  private showReadouts(
    vectors: readonly ContactVectors[],
    kind: string,
    vertex: number,
    contacts: ReturnType<CometScene['contacts']>,
  ): void {
    const { scene, panel } = this;
    const state = scene.state;
    const speed = Math.hypot(state.velocity[0]!, state.velocity[1]!);
    const doing = this.paused
      ? 'Paused'
      : state.mode === 'flight'
      ? 'Flying'
      : state.mode === 'ground'
      ? 'Rolling on the outline'
      : state.mode === 'corner'
      ? 'Turning about a corner'
      : 'At rest';
    showText(
      panel.live,
      `${doing}: speed ${shortNumber(speed, 3)} m/s, energy ${shortNumber(state.energy, 5)} J/kg, ${
        shortNumber(state.time, 3)
      } s since the shot, ${scene.impacts} impact${scene.impacts === 1 ? '' : 's'}.`,
    );
    showText(panel.touching, touchingText(kind, vertex));
    panel.pauseButton.textContent = this.paused ? 'Continue' : 'Pause';
    showText(panel.error, this.message);
    const rows =
      vectors.map((v, i) => vectorRow(v, i, contacts[i]!.kind as ContactKind)).join('') ||
      '<tr><td colspan="7">none: the ball is more than one radius from the outline</td></tr>';
    if (panel.tableBody.innerHTML !== rows) panel.tableBody.innerHTML = rows;
  }
}

/** What the ball touches, in words: nothing, a side, or a corner and its contacts. */
function touchingText(kind: string, vertex: number): string {
  if (kind === 'none') return 'Not touching the nucleus.';
  if (kind === 'side') return 'Touching a side of the outline (no corner).';
  return `Touching a ${kind} (vertex ${vertex}, ringed): ${
    kind === 'convex corner'
      ? 'one contact at the corner, by the distance to the vertex'
      : 'two contacts, one on each segment'
  }.`;
}

/** A row of the contact's table: feature, kind, penetration, |O|, |S| and the part of O on S. */
function vectorRow(v: ContactVectors, i: number, kind: ContactKind): string {
  const segmentLength = Math.hypot(v.segment[0]!, v.segment[1]!);
  const part = (v.offset[0]! * v.segment[0]! + v.offset[1]! * v.segment[1]!) / segmentLength;
  return `<tr><td>${i}</td><td>${v.feature} ${v.index}</td><td>${contactKindName(kind)}</td><td>${
    shortNumber(v.penetration, 3)
  }</td><td>${shortNumber(Math.hypot(v.offset[0]!, v.offset[1]!), 3)}</td><td>${
    shortNumber(segmentLength, 3)
  }</td><td>${shortNumber(part, 3)}</td></tr>`;
}

/** The velocity of a shot dragged from `from` to `to`, capped at MAX_SPEED. */
export function shotVelocity(from: readonly number[], to: readonly number[]): [number, number] {
  const vx = (to[0]! - from[0]!) * SHOT_GAIN, vy = (to[1]! - from[1]!) * SHOT_GAIN;
  const speed = Math.hypot(vx, vy);
  const cap = speed > MAX_SPEED ? MAX_SPEED / speed : 1;
  return [vx * cap, vy * cap];
}
