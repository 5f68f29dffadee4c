/**
 * A simulation page's panel: the menu, title, description and hint, the buttons, the narrowphase
 * switch, the readouts and the legend. It only builds the elements; sim-page.ts wires them.
 */
import { element, panelFrame, sceneMenu } from '../panel-frame.js';
import type { SimSpec } from './sim-worlds.js';
import type { SimId } from './registry.js';
import type { Narrowphase } from './sim-runs.js';

/** The panel's controls and readouts, as sim-page.ts reads and writes them. */
export interface SimPanel {
  pauseButton: HTMLButtonElement;
  stepButton: HTMLButtonElement;
  resetButton: HTMLButtonElement;
  /** The narrowphase switch: one radio button per world. */
  modeButtons: Record<Narrowphase, HTMLButtonElement>;
  /** Time, contact count and source of the world shown. */
  live: HTMLElement;
  /** The step times of both worlds. */
  timing: HTMLElement;
}

const HINT = 'Drag a body to throw it (the green line is its velocity, 4 m/s per metre). ' +
  'Drag the background to orbit, wheel to zoom. ' +
  'Space pauses, the right arrow key steps one frame, R resets.';
const LEGEND = "Each contact's ball is coloured by its pair of bodies and feature id, so a " +
  "contact that persists keeps its colour (cannon-es's own contacts carry no feature ids: all " +
  'grey). The arrow is the normal, coloured by the kind of contact; its length grows with the ' +
  'depth (20 times the penetration, at least 0.25 m). ';

/** Builds the panel of scene `id` in the page's #panel. */
export function buildSimPanel(id: SimId, spec: SimSpec): SimPanel {
  const body = panelFrame(document.getElementById('panel')!);
  body.append(sceneMenu(id, false));
  body.append(element('h2', { id: 'scene-title' }, spec.title));
  body.append(element('p', { class: 'description', id: 'description' }, spec.description));
  body.append(element('p', { class: 'hint' }, HINT));
  const buttons = element('div', { class: 'buttons' });
  const pauseButton = element('button', { type: 'button', id: 'pause' }, 'Pause');
  const stepButton = element(
    'button',
    { type: 'button', id: 'step', title: 'One step: 1/60 s' },
    'Step',
  );
  const resetButton = element('button', { type: 'button', id: 'reset' }, 'Reset');
  buttons.append(pauseButton, stepButton, resetButton);
  const { switchBox, modeButtons } = narrowphaseSwitch(spec.native);
  const live = element('p', { class: 'live', id: 'sim-caption' });
  const timing = element('p', { class: 'probe', id: 'step-times' });
  const legend = element(
    'p',
    { class: 'hint', id: 'sim-legend' },
    LEGEND + (spec.native
      ? 'Both worlds start together and get the same throws; the switch shows the other.'
      : 'cannon-es cannot run this scene on its own narrowphase, so the switch is off.'),
  );
  body.append(buttons, switchBox, live, timing, legend);
  return { pauseButton, stepButton, resetButton, modeButtons, live, timing };
}

/** The switch between the two worlds; cannon-es's button is off when it cannot run the scene. */
function narrowphaseSwitch(native: boolean): {
  switchBox: HTMLElement;
  modeButtons: Record<Narrowphase, HTMLButtonElement>;
} {
  const switchBox = element('div', {
    class: 'buttons',
    id: 'narrowphase-switch',
    role: 'radiogroup',
    'aria-label': 'Narrowphase',
  });
  const modeButtons: Record<Narrowphase, HTMLButtonElement> = {
    contactkit: element(
      'button',
      { type: 'button', id: 'narrowphase-contactkit', role: 'radio' },
      'contactkit',
    ),
    'cannon-es': element(
      'button',
      { type: 'button', id: 'narrowphase-cannon-es', role: 'radio' },
      "cannon-es's own",
    ),
  };
  switchBox.append(
    element('span', {}, 'Narrowphase: '),
    modeButtons.contactkit,
    modeButtons['cannon-es'],
  );
  if (!native) {
    modeButtons['cannon-es'].disabled = true;
    modeButtons['cannon-es'].title = 'cannon-es has no capsule: it cannot run this scene itself';
  }
  return { switchBox, modeButtons };
}
