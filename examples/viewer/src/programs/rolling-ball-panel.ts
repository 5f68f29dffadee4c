/**
 * The rolling ball's panel: the profile menu, the buttons, the readouts, the ball's settings, the
 * ghosts' switches, the legends and the model's description. It only builds the elements;
 * rolling-ball.ts wires them.
 */
import { FRAME, PROFILES } from './rolling-ball-scene.js';
import type { Profile, RollingBallSettings } from './rolling-ball-scene.js';
import { element, shortNumber } from './program-page.js';
import { COLORS, EVENT_COLORS } from './rolling-ball-drawing.js';

/** The panel's controls and readouts, as rolling-ball.ts reads and writes them. */
export interface RollingBallPanel {
  profileSelect: HTMLSelectElement;
  profileLabel: HTMLLabelElement;
  pauseButton: HTMLButtonElement;
  stepButton: HTMLButtonElement;
  eventButton: HTMLButtonElement;
  restartButton: HTMLButtonElement;
  restitution: HTMLInputElement;
  friction: HTMLInputElement;
  inertia: HTMLSelectElement;
  substeps: HTMLSelectElement;
  restitutionValue: HTMLElement;
  frictionValue: HTMLElement;
  naiveToggle: HTMLInputElement;
  uncorrectedToggle: HTMLInputElement;
  /** The exact ball's readout. */
  live: HTMLElement;
  naiveLine: HTMLElement;
  uncorrectedLine: HTMLElement;
  error: HTMLElement;
}

/** What the panel starts with. */
export interface RollingBallPanelStart {
  profile: Profile;
  settings: RollingBallSettings;
  naiveSteps: number;
  showNaive: boolean;
  showUncorrected: boolean;
}

const MODEL =
  'On a segment of slope beta the ball rolls with a = g sin(beta) / (1 + k), I = k m r^2 ' +
  '(Halliday, Resnick and Walker, Fundamentals of Physics, ch. 11); it passes a concave corner ' +
  'where its centre is over the limiter points (yellow ticks, r tan(turn / 2) from the corner), ' +
  'turns about a convex corner along its sector (blue) and leaves it where gravity can no longer ' +
  'supply the centripetal acceleration; it flies on a parabola, and an impact is found by ' +
  'sweeping the circle along it, never by overlap after the fact (Ericson, Real-Time Collision ' +
  'Detection, 5.5). W = (|v|^2 + k r^2 omega^2) / 2 + g y per unit mass. The naive ball tests ' +
  'for overlap after each step, so it meets corners a step late and bounces where the exact ball ' +
  'rolls on; explicit Euler also gains g^2 h^2 / 2 per step in flight (Hairer, Lubich and ' +
  'Wanner, Geometric Numerical Integration, I.1).';

/** Builds the panel in `body`, below the page's hint. */
export function buildRollingBallPanel(
  body: HTMLElement,
  start: RollingBallPanelStart,
): RollingBallPanel {
  const profileSelect = element('select', { id: 'profile' });
  for (const entry of PROFILES) {
    profileSelect.append(element('option', { value: entry.id }, entry.title));
  }
  profileSelect.value = start.profile.id;
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
  const settings = buildSettings(start);
  const toggles = element('div', { class: 'toggles' });
  const naiveToggle = toggle(toggles, 'show-naive', ' Naive Euler ghost', start.showNaive);
  const uncorrectedToggle = toggle(
    toggles,
    'show-uncorrected',
    ' Uncorrected ghost (plain segment switch)',
    start.showUncorrected,
  );
  const uncorrectedLine = element('p', { class: 'probe', id: 'uncorrected-caption' });
  const live = element('p', { class: 'live', id: 'ball-caption' });
  const naiveLine = element('p', { class: 'probe', id: 'naive-caption' });
  const error = element('p', { class: 'error', id: 'rolling-error' });
  body.append(profileLabel, buttons, live, naiveLine, uncorrectedLine, error);
  body.append(settings.fieldset, toggles);
  body.append(legend(), element('h2', {}, 'Transitions of the exact ball (rings)'), eventLegend());
  body.append(element('h2', {}, 'The model'));
  body.append(element('p', { class: 'description', id: 'model' }, MODEL));
  return {
    profileSelect,
    profileLabel,
    pauseButton,
    stepButton,
    eventButton,
    restartButton,
    ...settings.inputs,
    naiveToggle,
    uncorrectedToggle,
    live,
    naiveLine,
    uncorrectedLine,
    error,
  };
}

/** The ball's settings: restitution, rolling friction, inertia and the naive ball's steps. */
function buildSettings(start: RollingBallPanelStart) {
  const fieldset = element('fieldset', { class: 'settings' });
  fieldset.append(element('legend', {}, 'Ball'));
  const restitution = element('input', {
    type: 'range',
    id: 'restitution',
    min: '0',
    max: '1',
    step: '0.05',
    value: String(start.settings.restitution),
  });
  const friction = element('input', {
    type: 'range',
    id: 'friction',
    min: '0',
    max: '0.3',
    step: '0.01',
    value: String(start.settings.rollingFriction),
  });
  const inertia = element('select', { id: 'inertia' });
  for (
    const [value, text] of [
      ['0', 'point mass (k = 0)'],
      ['0.4', 'solid ball (k = 0.4)'],
      ['0.6666666666666666', 'thin shell (k = 2/3)'],
    ]
  ) inertia.append(element('option', { value: value! }, text));
  inertia.value = String(start.settings.inertia);
  if (inertia.value === '') {
    const k = start.settings.inertia;
    inertia.append(element('option', { value: String(k) }, `k = ${k}`));
    inertia.value = String(k);
  }
  const restitutionValue = element('span', { class: 'value' });
  const frictionValue = element('span', { class: 'value' });
  const row = (text: string, input: HTMLElement, value?: HTMLElement) => {
    const label = element('label', {});
    const right = element('span', {});
    right.append(input);
    if (value) right.append(' ', value);
    label.append(text, right);
    fieldset.append(label);
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
  substeps.value = String(start.naiveSteps);
  row('Naive Euler steps', substeps);
  return {
    fieldset,
    inputs: { restitution, friction, inertia, substeps, restitutionValue, frictionValue },
  };
}

/** A checkbox labelled `text` in `toggles`. */
function toggle(toggles: HTMLElement, id: string, text: string, checked: boolean) {
  const input = element('input', { type: 'checkbox', id });
  input.checked = checked;
  const label = element('label', {});
  label.append(input, text);
  toggles.append(label);
  return input;
}

/** What the colours of the balls and the corners' marks mean. */
function legend(): HTMLElement {
  const list = element('ul', { class: 'legend' });
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
    list.append(item);
  }
  return list;
}

/** What the rings' colours mean: one kind of transition each. */
function eventLegend(): HTMLElement {
  const list = element('ul', { class: 'legend', id: 'event-legend' });
  for (const [kind, color] of Object.entries(EVENT_COLORS)) {
    const item = element('li');
    const ring = element('span', { class: 'swatch' });
    ring.style.border = `2px solid ${color}`;
    ring.style.boxSizing = 'border-box';
    item.append(ring, kind);
    list.append(item);
  }
  return list;
}
