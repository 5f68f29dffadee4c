/**
 * What every page's panel starts with, the contact scenes' panel and the programs' pages alike:
 * the header with its hide/show button, and the menu of every scene and program.
 */
import { SCENES } from './scenes.js';
import { PROGRAMS } from './programs/registry.js';
import { SIMS } from './sims/registry.js';

/** A new element with the given attributes and text. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Empties `root` and gives it the panel's header (title, hide/show button) and body; returns the
 * body.
 */
export function panelFrame(root: HTMLElement): HTMLElement {
  root.replaceChildren();
  const header = element('div', { class: 'panel-header' });
  header.append(element('h1', {}, 'contactkit viewer'));
  const collapse = element('button', {
    id: 'panel-toggle',
    type: 'button',
    'aria-expanded': 'true',
  }, 'Hide panel');
  collapse.addEventListener('click', () => {
    const collapsed = document.body.classList.toggle('panel-collapsed');
    collapse.textContent = collapsed ? 'Show panel' : 'Hide panel';
    collapse.setAttribute('aria-expanded', String(!collapsed));
  });
  header.append(collapse);
  root.append(header);
  const body = element('div', { class: 'panel-body' });
  root.append(body);
  return body;
}

/**
 * The menu of the 3D scenes, the 2D scenes, the programs and the simulations, with entry `current`
 * marked; folded unless `open`.
 */
export function sceneMenu(current: string, open: boolean): HTMLDetailsElement {
  const menu = element('details', { id: 'scene-menu' });
  menu.open = open;
  menu.append(
    element('summary', {}, `Scenes (${SCENES.length + PROGRAMS.length + SIMS.length})`),
  );
  const groups: Array<[string, ReadonlyArray<{ id: string; title: string; }>]> = [
    ['3D scenes', SCENES.filter((s) => s.dimension === 3)],
    ['2D scenes', SCENES.filter((s) => s.dimension === 2)],
    ['Programs', PROGRAMS],
    ['Simulations (cannon-es)', SIMS],
  ];
  for (const [name, entries] of groups) {
    if (entries.length === 0) continue;
    menu.append(element('h2', {}, name));
    const list = element('ul');
    for (const entry of entries) {
      const link = element(
        'a',
        { href: `?scene=${entry.id}`, 'data-scene': entry.id },
        entry.title,
      );
      if (entry.id === current) link.className = 'current';
      const item = element('li');
      item.append(link);
      list.append(item);
    }
    menu.append(list);
  }
  return menu;
}

/** Input types that take no typed text: a key pressed on one of them is the page's. */
const NON_TEXT_INPUTS = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'reset',
  'submit',
]);

/**
 * Whether a key event's target takes typed keys (a text or number field, a text area, a menu,
 * editable content): the page's keyboard shortcuts leave those alone and act wherever else the
 * focus is, a button just clicked included.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement ||
    (target instanceof HTMLElement && target.isContentEditable);
}

/** Takes away index.html's loading line: called once the page has drawn its first frame. */
export function showFirstFrame(): void {
  document.getElementById('loading')?.remove();
}
