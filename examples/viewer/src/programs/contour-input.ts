/**
 * The programs' way in for a user's contour file: a file picker, dropping a file on the picture,
 * and one button for the file the digitiser saved last (kept in `localStorage` under
 * `DIGITISED_KEY`). Every way ends in the same `load(text)`, which the page also publishes as
 * `window.__contactkit.loadContour` (DESIGN.md): a bad file's error is shown under the controls
 * and, from `load`, thrown.
 */
import { element } from './program-page.js';
import { DIGITISED_KEY } from './user-contour.js';
import type { DigitisedFile } from './user-contour.js';

/** The controls, and `load`: puts a file's text in the program, or throws the parser's error. */
export interface ContourInput {
  load(text: string, fileName?: string): void;
}

/** The digitiser's last saved file, or null (none saved in this browser, or storage off). */
export function digitisedFile(): DigitisedFile | null {
  try {
    const stored = localStorage.getItem(DIGITISED_KEY);
    if (!stored) return null;
    const file = JSON.parse(stored) as Partial<DigitisedFile>;
    return typeof file.text === 'string' && typeof file.fileName === 'string'
      ? { text: file.text, fileName: file.fileName }
      : null;
  } catch {
    return null;
  }
}

/** Keeps `file` as the digitiser's last save; false when the browser keeps nothing. */
export function keepDigitisedFile(file: DigitisedFile): boolean {
  try {
    localStorage.setItem(DIGITISED_KEY, JSON.stringify(file));
    return true;
  } catch {
    return false;
  }
}

/**
 * Adds the contour controls to `body` (right after `after`, when given) and the drop to `stage`.
 * `apply(text, fileName)` puts the
 * file in the program (throwing for a file it cannot use) and returns the line to show.
 * `what` says in the panel what the contour becomes (e.g. "the body the ball meets").
 */
export function contourInput(
  body: HTMLElement,
  stage: HTMLElement,
  what: string,
  apply: (text: string, fileName: string) => string,
  after?: HTMLElement,
): ContourInput {
  const box = element('fieldset', { class: 'settings', id: 'contour-input' });
  box.append(element('legend', {}, 'Your contour'));
  box.append(
    element(
      'p',
      { class: 'hint' },
      `A contour file (the digitiser's Save) becomes ${what}: pick it, drop it on the picture, ` +
        'or take the one the digitiser saved last.',
    ),
  );
  const picker = element('input', {
    type: 'file',
    accept: '.txt,text/plain',
    id: 'contour-file',
    'aria-label': 'a contour file',
  });
  const digitised = element(
    'button',
    { type: 'button', id: 'use-digitised' },
    "Use the digitiser's last contour",
  );
  const status = element('p', { class: 'probe', id: 'contour-status' });
  box.append(picker, digitised, status);
  if (after) after.after(box);
  else body.append(box);

  const load = (text: string, fileName = 'the given text'): void => {
    try {
      status.textContent = apply(text, fileName);
      status.classList.remove('error');
    } catch (caught) {
      status.textContent = `${fileName}: ${(caught as Error).message}`;
      status.classList.add('error');
      throw caught;
    }
  };
  const loadFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      load(await file.text(), file.name);
    } catch {
      // Shown in the status line by load.
    }
  };
  const refresh = () => {
    const file = digitisedFile();
    digitised.disabled = file === null;
    digitised.title = file ? file.fileName : 'Save a contour in the digitiser first';
  };
  refresh();
  window.addEventListener('focus', refresh);
  picker.addEventListener('change', () => void loadFile(picker.files?.[0]));
  digitised.addEventListener('click', () => {
    const file = digitisedFile();
    if (!file) return refresh();
    try {
      load(file.text, file.fileName);
    } catch {
      // Shown in the status line by load.
    }
  });
  stage.addEventListener('dragover', (event) => {
    event.preventDefault();
    stage.classList.add('dropping');
  });
  stage.addEventListener('dragleave', () => stage.classList.remove('dropping'));
  stage.addEventListener('drop', (event) => {
    event.preventDefault();
    stage.classList.remove('dropping');
    void loadFile(event.dataTransfer?.files[0]);
  });
  return { load };
}
