/**
 * The side panel: scene menu, captions, buttons, display toggles, settings, typed poses, the
 * legend and the table of contacts. Plain DOM; the page (main.ts) wires the callbacks.
 *
 * A value typed into a setting or a pose is applied as it is typed when it is valid; when the
 * setter refuses it, its message shows, and on commit (Enter or leaving the field) the field
 * goes back to the value in force.
 */
import { CONTACT_KIND_COLORS, SPECULATIVE_COLOR, WITNESS_COLORS } from '@contactkit/three';
import { contactKindName } from '@contactkit/math';
import type { ContactKind } from '@contactkit/math';
import { element, isTypingTarget, panelFrame, sceneMenu } from './panel-frame.js';
import type { SceneId } from './scenes.js';
import { featureIdHex } from './contact-records.js';
import type { ContactRecord } from './contact-records.js';
import { formatNumber, formatVector } from './format.js';
import type { EditablePose } from './view.js';

export interface PanelCallbacks {
  onAnimate(on: boolean): void;
  onReset(): void;
  onMode?(mode: 'translate' | 'rotate'): void;
  onTolerance(value: number): void;
  onMaxContacts(value: number): void;
  onToggle(name: DisplayToggle, on: boolean): void;
  onChoice?(value: number): void;
  /** Sets shape `index` from typed values; throws a RangeError to refuse them. */
  onPose(index: number, values: number[]): void;
  /** The pose in force of shape `index` (to show, and to revert to). */
  pose(index: number): EditablePose | null;
  /** The settings in force (to revert a refused value to). */
  settings(): { tolerance: number; maxContactsPerPair: number; };
  onHoverContact(index: number): void;
  /** A click on contact `index`'s rows: selects it, or clears the selection if it was selected. */
  onSelectContact(index: number): void;
}

/** The display switches: contact numbers, witness points, a mesh's edge flags. */
export type DisplayToggle = 'labels' | 'witnesses' | 'edges';

export interface PanelOptions {
  current: SceneId;
  title: string;
  description: string;
  dimension: 2 | 3;
  tolerance: number;
  maxContactsPerPair: number;
  hint: string;
  labels: boolean;
  witnesses: boolean;
  /** Whether a mesh's or heightfield's edge flags are drawn; null: the scene has none. */
  edges: boolean | null;
  shapeNames: string[];
  /** The scene's choice (sat-axes), else null. */
  choice: { label: string; options: string[]; value: number; } | null;
  /** Problems with the URL's parameters, shown once. */
  notices: string[];
}

function hexColor(value: number): string {
  return `#${value.toString(16).padStart(6, '0')}`;
}

/** A number for an input field: at most 4 decimals, no trailing zeros, no -0. */
function fieldText(value: number): string {
  return String(Number(formatNumber(value, 4)));
}

/** The counts of each kind, deepest and shallowest, speculative ones: from the live contacts. */
export function contactSummary(contacts: readonly ContactRecord[]): string {
  if (contacts.length === 0) return 'No contacts.';
  const kinds = new Map<string, number>();
  for (const c of contacts) {
    kinds.set(
      contactKindName(c.kind as ContactKind),
      (kinds.get(contactKindName(c.kind as ContactKind)) ?? 0) + 1,
    );
  }
  const depths = contacts.map((c) => c.penetration);
  const deepest = Math.max(...depths), shallowest = Math.min(...depths);
  const speculative = depths.filter((d) => d < 0).length;
  const kindText = [...kinds].map(([name, n]) => `${n} ${name}`).join(', ');
  const depthText = deepest === shallowest
    ? `penetration ${formatNumber(deepest)}`
    : `penetration ${formatNumber(shallowest)} to ${formatNumber(deepest)}`;
  return `${contacts.length} contact${contacts.length === 1 ? '' : 's'}: ${kindText}; ${depthText}${
    speculative ? `; ${speculative} speculative (a gap within the tolerance)` : ''
  }.`;
}

/** Animate and Reset, and with a 3D view the gizmo's modes (W, E). */
function buttonRow(animateButton: HTMLButtonElement, callbacks: PanelCallbacks): HTMLElement {
  const buttons = element('div', { class: 'buttons' });
  const reset = element('button', {
    id: 'reset',
    type: 'button',
    title: "Shapes, settings and the scene's choice back to the start",
  }, 'Reset');
  reset.addEventListener('click', () => callbacks.onReset());
  buttons.append(animateButton, reset);
  if (callbacks.onMode) {
    const onMode = callbacks.onMode;
    const translate = element(
      'button',
      { id: 'mode-translate', type: 'button', class: 'active' },
      'Move (W)',
    );
    const rotate = element('button', { id: 'mode-rotate', type: 'button' }, 'Turn (E)');
    const choose = (mode: 'translate' | 'rotate'): void => {
      translate.classList.toggle('active', mode === 'translate');
      rotate.classList.toggle('active', mode === 'rotate');
      onMode(mode);
    };
    translate.addEventListener('click', () => choose('translate'));
    rotate.addEventListener('click', () => choose('rotate'));
    window.addEventListener('keydown', (event) => {
      if (isTypingTarget(event.target)) return;
      if (event.key === 'w') choose('translate');
      if (event.key === 'e') choose('rotate');
    });
    buttons.append(translate, rotate);
  }
  return buttons;
}

/**
 * The switches for the contact numbers, the witness points and, in a scene on a mesh or
 * heightfield, its edge flags, appended to `body`.
 */
function displayToggles(
  body: HTMLElement,
  options: PanelOptions,
  callbacks: PanelCallbacks,
): Partial<Record<DisplayToggle, HTMLInputElement>> {
  const display = element('div', { class: 'toggles' });
  const toggle = (name: DisplayToggle, text: string, on: boolean): HTMLInputElement => {
    const input = element('input', { id: `show-${name}`, type: 'checkbox' });
    input.checked = on;
    input.addEventListener('change', () => callbacks.onToggle(name, input.checked));
    const label = element('label');
    label.append(input, document.createTextNode(` ${text}`));
    display.append(label);
    return input;
  };
  const toggles: Partial<Record<DisplayToggle, HTMLInputElement>> = {
    labels: toggle('labels', 'contact numbers', options.labels),
    witnesses: toggle('witnesses', 'witness points and depth', options.witnesses),
  };
  if (options.edges !== null) {
    toggles.edges = toggle('edges', 'edge flags (convex, concave, flat, boundary)', options.edges);
  }
  body.append(display);
  return toggles;
}

/** The scene's own choice (a menu), appended to `body`, if it has one. */
function sceneChoice(
  body: HTMLElement,
  options: PanelOptions,
  callbacks: PanelCallbacks,
): HTMLSelectElement | null {
  if (!options.choice || !callbacks.onChoice) return null;
  const onChoice = callbacks.onChoice;
  const label = element('label', { class: 'choice' }, `${options.choice.label} `);
  const select = element('select', { id: 'scene-choice' });
  options.choice.options.forEach((text, i) =>
    select.append(element('option', { value: String(i - 1) }, text))
  );
  select.value = String(options.choice.value);
  select.addEventListener('change', () => onChoice(Number(select.value)));
  label.append(select);
  body.append(label);
  return select;
}

/** What the contact markers' colours mean: the kinds, speculative, the witnesses. */
function contactLegend(): HTMLElement {
  const legend = element('ul', { class: 'legend' });
  const swatch = (color: number, text: string, cls = 'swatch'): HTMLElement => {
    const item = element('li');
    item.append(
      element('span', { class: cls, style: `background:${hexColor(color)}` }),
      document.createTextNode(text),
    );
    return item;
  };
  for (const [kind, color] of Object.entries(CONTACT_KIND_COLORS)) {
    legend.append(swatch(color, contactKindName(Number(kind) as ContactKind)));
  }
  legend.append(swatch(SPECULATIVE_COLOR, 'speculative (gap)', 'swatch small'));
  legend.append(swatch(WITNESS_COLORS.first, 'witness on 1st', 'swatch small'));
  legend.append(swatch(WITNESS_COLORS.second, 'witness on 2nd', 'swatch small'));
  return legend;
}

export class Panel {
  private readonly table: HTMLTableSectionElement;
  private readonly summary: HTMLElement;
  private readonly timing: HTMLElement;
  private readonly live: HTMLElement;
  private readonly probeCaption: HTMLElement;
  private readonly featureText: HTMLElement;
  private readonly settingsError: HTMLElement;
  private readonly poseError: HTMLElement;
  private readonly animateButton: HTMLButtonElement;
  private readonly toleranceInput: HTMLInputElement;
  private readonly maxInput: HTMLInputElement;
  private readonly poseInputs: HTMLInputElement[][] = [];
  private readonly toggles: Partial<Record<DisplayToggle, HTMLInputElement>>;
  private readonly choiceSelect: HTMLSelectElement | null;
  private lastShown = '';
  private animating = false;

  constructor(
    private readonly root: HTMLElement,
    options: PanelOptions,
    private readonly callbacks: PanelCallbacks,
  ) {
    const body = panelFrame(root);
    // The menu starts folded on a narrow or low screen, where it would push everything else down.
    body.append(
      sceneMenu(
        options.current,
        !window.matchMedia('(max-width: 720px), (max-height: 700px)').matches,
      ),
    );

    body.append(element('h2', { id: 'scene-title' }, options.title));
    body.append(element('p', { class: 'description', id: 'description' }, options.description));
    this.probeCaption = element('p', { class: 'probe', id: 'probe-caption' });
    this.live = element('p', { class: 'live', id: 'live-caption' });
    body.append(this.probeCaption, this.live);
    body.append(element('p', { class: 'hint' }, options.hint));
    for (const notice of options.notices) {
      body.append(element('p', { class: 'error notice' }, notice));
    }

    this.animateButton = element('button', { id: 'animate', type: 'button' }, 'Animate');
    this.animateButton.addEventListener('click', () => this.setAnimating(!this.animating));
    body.append(buttonRow(this.animateButton, callbacks));
    this.toggles = displayToggles(body, options, callbacks);
    this.choiceSelect = sceneChoice(body, options, callbacks);

    const settings = element('fieldset', { class: 'settings' });
    settings.append(element('legend', {}, 'CollisionData settings'));
    this.toleranceInput = element('input', {
      id: 'tolerance',
      type: 'number',
      step: '0.01',
      min: '0',
      value: String(options.tolerance),
    });
    this.maxInput = element('input', {
      id: 'max-contacts',
      type: 'number',
      step: '1',
      min: '1',
      max: '8',
      value: String(options.maxContactsPerPair),
    });
    this.settingsError = element('p', { class: 'error', id: 'settings-error' });
    this.bindSettings(settings, options);
    body.append(settings);

    this.poseError = element('p', { class: 'error', id: 'pose-error' });
    const poses = this.poseFields(options);
    if (this.poseInputs.some((inputs) => inputs.length > 0)) body.append(poses);
    body.append(contactLegend());

    const summaryLine = element('p', { id: 'summary-line' });
    this.summary = element('span', { id: 'contact-summary' });
    this.timing = element('span', {
      id: 'timing',
      title:
        'The detector (or test) of the current pair, called repeatedly on a buffer of its own: ' +
        'the median time of one call',
    });
    summaryLine.append(this.summary, this.timing);
    body.append(summaryLine);
    this.featureText = element('p', { id: 'feature-text', class: 'feature' });
    body.append(this.featureText);
    const table = element('table', { id: 'contacts' });
    const head = element('thead');
    const headRow = element('tr');
    for (const name of ['#', 'kind', 'penetration', 'featureId']) {
      headRow.append(element('th', {}, name));
    }
    head.append(headRow);
    this.table = element('tbody');
    table.append(head, this.table);
    body.append(table);
    this.table.addEventListener('mouseleave', () => callbacks.onHoverContact(-1));
  }

  /** The settings' fields, bound to their callbacks, in `settings`. */
  private bindSettings(settings: HTMLElement, options: PanelOptions): void {
    const callbacks = this.callbacks;
    this.bindField(
      [this.toleranceInput],
      this.settingsError,
      (values) => callbacks.onTolerance(values[0]!),
      () => [callbacks.settings().tolerance],
    );
    this.bindField(
      [this.maxInput],
      this.settingsError,
      (values) => callbacks.onMaxContacts(values[0]!),
      () => [callbacks.settings().maxContactsPerPair],
    );
    this.showSettings(options.tolerance, options.maxContactsPerPair);
    const row = (label: string, input: HTMLElement): HTMLElement => {
      const wrapper = element('label', {}, label);
      wrapper.append(input);
      return wrapper;
    };
    settings.append(
      row('tolerance', this.toleranceInput),
      row('maxContactsPerPair', this.maxInput),
      this.settingsError,
    );
  }

  /** A group of fields per movable shape (`poseInputs` gets one entry per shape), bound. */
  private poseFields(options: PanelOptions): HTMLElement {
    const callbacks = this.callbacks;
    const poses = element('fieldset', { class: 'poses' });
    poses.append(element('legend', {}, 'Poses (type or drag)'));
    options.shapeNames.forEach((name, index) => {
      const pose = callbacks.pose(index);
      if (!pose) {
        this.poseInputs.push([]);
        return;
      }
      const group = element('div', { class: 'pose' });
      group.append(element('span', { class: 'pose-name' }, name));
      const inputs = pose.fields.map((field, k) => {
        const input = element('input', {
          id: `pose-${index}-${k}`,
          type: 'number',
          step: k < 3 && pose.fields.length === 6 ? '0.05' : k < 2 ? '0.05' : '5',
          'aria-label': `${name} ${field}`,
        });
        const wrapper = element('label', { class: 'pose-field' }, field);
        wrapper.append(input);
        group.append(wrapper);
        return input;
      });
      this.poseInputs.push(inputs);
      this.bindField(
        inputs,
        this.poseError,
        (values) => callbacks.onPose(index, values),
        () => callbacks.pose(index)!.values,
      );
      poses.append(group);
    });
    poses.append(this.poseError);
    return poses;
  }

  /**
   * Applies typed values as they change; a refusal shows its message and marks the fields, and
   * on commit the fields go back to the values in force.
   */
  private bindField(
    inputs: HTMLInputElement[],
    error: HTMLElement,
    apply: (values: number[]) => void,
    inForce: () => number[],
  ): void {
    const values = (): number[] =>
      inputs.map((input) => (input.value.trim() === '' ? Number.NaN : Number(input.value)));
    const mark = (invalid: boolean): void =>
      inputs.forEach((input) => input.classList.toggle('invalid', invalid));
    for (const input of inputs) {
      input.addEventListener('input', () => {
        try {
          apply(values());
          error.textContent = '';
          mark(false);
        } catch (refusal) {
          error.textContent = (refusal as Error).message;
          mark(true);
        }
      });
      input.addEventListener('change', () => {
        if (!input.classList.contains('invalid')) return;
        const kept = inForce();
        inputs.forEach((field, k) => (field.value = fieldText(kept[k]!)));
        mark(false);
        error.textContent = `${error.textContent} (kept ${kept.map(fieldText).join(', ')})`;
      });
      input.addEventListener('keydown', (event) => {
        if (event.key === 'Enter') input.blur();
      });
    }
  }

  setAnimating(on: boolean): void {
    this.animating = on;
    this.animateButton.textContent = on ? 'Stop' : 'Animate';
    this.animateButton.classList.toggle('active', on);
    this.callbacks.onAnimate(on);
  }

  /** Shows the settings in force (after a reset, or from the URL). */
  showSettings(tolerance: number, maxContactsPerPair: number): void {
    if (
      document.activeElement !== this.toleranceInput ||
      !this.toleranceInput.classList.contains('invalid')
    ) this.toleranceInput.value = String(tolerance);
    if (document.activeElement !== this.maxInput || !this.maxInput.classList.contains('invalid')) {
      this.maxInput.value = String(maxContactsPerPair);
    }
  }

  /** Clears the settings' and poses' messages (Reset). */
  clearErrors(): void {
    this.settingsError.textContent = '';
    this.poseError.textContent = '';
    for (const input of [this.toleranceInput, this.maxInput, ...this.poseInputs.flat()]) {
      input.classList.remove('invalid');
    }
  }

  setChoice(value: number): void {
    if (this.choiceSelect) this.choiceSelect.value = String(value);
  }

  /** Writes the poses in force into the pose fields the user is not typing in. */
  showPoses(): void {
    this.poseInputs.forEach((inputs, index) => {
      if (
        inputs.length === 0 ||
        inputs.some((input) =>
          input === document.activeElement || input.classList.contains('invalid')
        )
      ) return;
      const pose = this.callbacks.pose(index);
      if (!pose) return;
      inputs.forEach((input, k) => {
        const text = fieldText(pose.values[k]!);
        if (input.value !== text) input.value = text;
      });
    });
  }

  /** Captions computed from this frame's results. */
  showCaptions(probe: string, live: string, feature: string): void {
    if (this.probeCaption.textContent !== probe) this.probeCaption.textContent = probe;
    if (this.live.textContent !== live) this.live.textContent = live;
    if (this.featureText.textContent !== feature) this.featureText.textContent = feature;
  }

  showTiming(text: string): void {
    if (this.timing.textContent !== text) this.timing.textContent = text;
  }

  /** Shows the contacts; rebuilds the rows only when the rounded values change. */
  showContacts(contacts: readonly ContactRecord[], extra: string, highlighted: number): void {
    const rows = contacts.map((c) => [
      contactKindName(c.kind as ContactKind) + (c.penetration < 0 ? ' (speculative)' : ''),
      formatVector(c.point),
      formatVector(c.normal),
      formatNumber(c.penetration, 4),
      featureIdHex(c.featureId),
    ]);
    // A change of highlight alone only moves the class: rebuilding the rows under the pointer
    // would detach the row being clicked, and a click landing between the rebuilds is lost.
    const key = JSON.stringify(rows) + extra;
    if (key === this.lastShown) {
      this.highlightRows(highlighted);
      return;
    }
    this.lastShown = key;
    this.summary.textContent = `${contacts.length} contact${
      contacts.length === 1 ? '' : 's'
    }${extra}`;
    // Two rows per contact, so that the panel stays narrow: kind, depth and id, then the vectors.
    this.table.replaceChildren(
      ...rows.flatMap((cells, index) => {
        const first = element('tr', { class: 'contact', 'data-index': String(index) });
        first.append(element('td', {}, String(index)));
        const kindCell = element('td');
        const c = contacts[index]!;
        kindCell.append(
          element('span', {
            class: 'swatch',
            style: `background:${
              hexColor(
                c.penetration < 0
                  ? SPECULATIVE_COLOR
                  : (CONTACT_KIND_COLORS[c.kind as ContactKind] ?? 0xffffff),
              )
            }`,
          }),
          document.createTextNode(cells[0]!),
        );
        first.append(kindCell, element('td', {}, cells[3]!), element('td', {}, cells[4]!));
        const second = element('tr', { class: 'vectors', 'data-index': String(index) });
        second.append(
          element('td'),
          element('td', { colspan: '3' }, `point  ${cells[1]}\nnormal ${cells[2]}`),
        );
        for (const row of [first, second]) {
          row.addEventListener('mouseenter', () => this.callbacks.onHoverContact(index));
          row.addEventListener('click', () => this.callbacks.onSelectContact(index));
        }
        return [first, second];
      }),
    );
    this.highlightRows(highlighted);
  }

  /** Marks the two rows of contact `highlighted` (none when it is -1) and unmarks the others. */
  private highlightRows(highlighted: number): void {
    for (const row of this.table.querySelectorAll<HTMLElement>('tr[data-index]')) {
      row.classList.toggle('highlighted', Number(row.dataset['index']) === highlighted);
    }
  }
}
