/**
 * The side panel: scene menu, buttons, settings and the table of contacts. Plain DOM; the page
 * (main.ts) wires the callbacks.
 */
import { CONTACT_KIND_COLORS } from '@contactkit/three';
import { contactKindName } from '@contactkit/math';
import type { ContactKind } from '@contactkit/math';
import { SCENES } from './scenes.js';
import type { SceneId } from './scenes.js';
import { featureIdHex } from './contact-records.js';
import type { ContactRecord } from './contact-records.js';

export interface PanelCallbacks {
  onAnimate(on: boolean): void;
  onReset(): void;
  onMode?(mode: 'translate' | 'rotate'): void;
  onTolerance(value: number): void;
  onMaxContacts(value: number): void;
}

export interface PanelOptions {
  current: SceneId;
  title: string;
  description: string;
  dimension: 2 | 3;
  tolerance: number;
  maxContactsPerPair: number;
  hint: string;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function hexColor(value: number): string {
  return `#${value.toString(16).padStart(6, '0')}`;
}

function formatVector(values: readonly number[]): string {
  return `(${values.map((v) => v.toFixed(3)).join(', ')})`;
}

export class Panel {
  private readonly table: HTMLTableSectionElement;
  private readonly summary: HTMLElement;
  private readonly settingsError: HTMLElement;
  private readonly animateButton: HTMLButtonElement;
  private lastShown = '';

  constructor(root: HTMLElement, options: PanelOptions, callbacks: PanelCallbacks) {
    root.replaceChildren();
    root.append(element('h1', {}, 'contactkit viewer'));

    const menu = element('nav', { id: 'scene-menu' });
    for (const dimension of [3, 2] as const) {
      const entries = SCENES.filter((s) => s.dimension === dimension);
      if (entries.length === 0) continue;
      menu.append(element('h2', {}, dimension === 3 ? '3D scenes' : '2D scenes'));
      const list = element('ul');
      for (const entry of entries) {
        const link = element('a', { href: `?scene=${entry.id}`, 'data-scene': entry.id }, entry.title);
        if (entry.id === options.current) link.className = 'current';
        list.append(element('li', {}, undefined));
        list.lastElementChild!.append(link);
      }
      menu.append(list);
    }
    root.append(menu);

    root.append(element('h2', { id: 'scene-title' }, options.title));
    root.append(element('p', { class: 'description' }, options.description));
    root.append(element('p', { class: 'hint' }, options.hint));

    const buttons = element('div', { class: 'buttons' });
    this.animateButton = element('button', { id: 'animate', type: 'button' }, 'Animate');
    let animating = false;
    this.animateButton.addEventListener('click', () => {
      animating = !animating;
      this.animateButton.textContent = animating ? 'Stop' : 'Animate';
      this.animateButton.classList.toggle('active', animating);
      callbacks.onAnimate(animating);
    });
    const reset = element('button', { id: 'reset', type: 'button' }, 'Reset');
    reset.addEventListener('click', () => callbacks.onReset());
    buttons.append(this.animateButton, reset);
    if (callbacks.onMode) {
      const onMode = callbacks.onMode;
      const translate = element('button', { id: 'mode-translate', type: 'button', class: 'active' }, 'Move (W)');
      const rotate = element('button', { id: 'mode-rotate', type: 'button' }, 'Turn (E)');
      const choose = (mode: 'translate' | 'rotate'): void => {
        translate.classList.toggle('active', mode === 'translate');
        rotate.classList.toggle('active', mode === 'rotate');
        onMode(mode);
      };
      translate.addEventListener('click', () => choose('translate'));
      rotate.addEventListener('click', () => choose('rotate'));
      window.addEventListener('keydown', (event) => {
        if (event.target instanceof HTMLInputElement) return;
        if (event.key === 'w') choose('translate');
        if (event.key === 'e') choose('rotate');
      });
      buttons.append(translate, rotate);
    }
    root.append(buttons);

    const settings = element('fieldset', { class: 'settings' });
    settings.append(element('legend', {}, 'CollisionData settings'));
    const tolerance = element('input', { id: 'tolerance', type: 'number', step: '0.01', min: '0', value: String(options.tolerance) });
    const maxContacts = element('input', { id: 'max-contacts', type: 'number', step: '1', min: '1', max: '8', value: String(options.maxContactsPerPair) });
    this.settingsError = element('p', { class: 'error', id: 'settings-error' });
    const apply = (input: HTMLInputElement, set: (value: number) => void): void => {
      input.addEventListener('input', () => {
        try {
          // The setters validate: a RangeError names the field and the value.
          set(input.value === '' ? Number.NaN : Number(input.value));
          this.settingsError.textContent = '';
          input.classList.remove('invalid');
        } catch (error) {
          this.settingsError.textContent = (error as Error).message;
          input.classList.add('invalid');
        }
      });
    };
    apply(tolerance, callbacks.onTolerance);
    apply(maxContacts, callbacks.onMaxContacts);
    const row = (label: string, input: HTMLInputElement): HTMLElement => {
      const wrapper = element('label', {}, label);
      wrapper.append(input);
      return wrapper;
    };
    settings.append(row('tolerance', tolerance), row('maxContactsPerPair', maxContacts), this.settingsError);
    root.append(settings);

    const legend = element('ul', { class: 'legend' });
    for (const [kind, color] of Object.entries(CONTACT_KIND_COLORS)) {
      const item = element('li');
      item.append(element('span', { class: 'swatch', style: `background:${hexColor(color)}` }), document.createTextNode(contactKindName(Number(kind) as ContactKind)));
      legend.append(item);
    }
    root.append(legend);

    this.summary = element('p', { id: 'contact-summary' });
    root.append(this.summary);
    const table = element('table', { id: 'contacts' });
    const head = element('thead');
    const headRow = element('tr');
    for (const name of ['#', 'kind', 'penetration', 'featureId']) headRow.append(element('th', {}, name));
    head.append(headRow);
    this.table = element('tbody');
    table.append(head, this.table);
    root.append(table);
  }

  /** Shows the contacts; rebuilds the rows only when the rounded values change. */
  showContacts(contacts: readonly ContactRecord[], extra = ''): void {
    const rows = contacts.map((c) => [
      contactKindName(c.kind as ContactKind),
      formatVector(c.point),
      formatVector(c.normal),
      c.penetration.toFixed(4),
      featureIdHex(c.featureId),
    ]);
    const key = JSON.stringify(rows) + extra;
    if (key === this.lastShown) return;
    this.lastShown = key;
    this.summary.textContent = `${contacts.length} contact${contacts.length === 1 ? '' : 's'}${extra}`;
    // Two rows per contact, so that the panel stays narrow: kind, depth and id, then the vectors.
    this.table.replaceChildren(
      ...rows.flatMap((cells, index) => {
        const first = element('tr', { class: 'contact' });
        first.append(element('td', {}, String(index)));
        const kindCell = element('td');
        kindCell.append(element('span', { class: 'swatch', style: `background:${hexColor(CONTACT_KIND_COLORS[contacts[index]!.kind as ContactKind] ?? 0xffffff)}` }), document.createTextNode(cells[0]!));
        first.append(kindCell, element('td', {}, cells[3]!), element('td', {}, cells[4]!));
        const second = element('tr', { class: 'vectors' });
        second.append(element('td'), element('td', { colspan: '3' }, `point  ${cells[1]}\nnormal ${cells[2]}`));
        return [first, second];
      }),
    );
  }
}
