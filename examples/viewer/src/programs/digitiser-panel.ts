/**
 * The digitiser's panel: the picture and outline file inputs, the automatic trace's settings, the
 * editing buttons, the save row and the readouts. It only builds the elements; digitiser.ts
 * wires them.
 */
import { element } from './program-page.js';

/** The panel's controls and readouts, as digitiser.ts reads and writes them. */
export interface DigitiserPanel {
  fileInput: HTMLInputElement;
  sampleButton: HTMLButtonElement;
  outlineInput: HTMLInputElement;
  maskSelect: HTMLSelectElement;
  thresholdInput: HTMLInputElement;
  simplifySelect: HTMLSelectElement;
  simplifyInput: HTMLInputElement;
  traceButton: HTMLButtonElement;
  newButton: HTMLButtonElement;
  closeButton: HTMLButtonElement;
  undoButton: HTMLButtonElement;
  fitButton: HTMLButtonElement;
  viewButton: HTMLButtonElement;
  normalizationSelect: HTMLSelectElement;
  saveButton: HTMLButtonElement;
  status: HTMLElement;
  validity: HTMLElement;
  squareInfo: HTMLElement;
  error: HTMLElement;
  /** What the last save or open wrote. */
  result: HTMLElement;
}

/** Builds the panel in `body`, below the page's hint. */
export function buildDigitiserPanel(body: HTMLElement): DigitiserPanel {
  const loadRow = element('div', { class: 'buttons' });
  const fileInput = element('input', { type: 'file', accept: 'image/*', id: 'image-file' });
  const sampleButton = element('button', { type: 'button', id: 'sample-image' }, 'Sample picture');
  loadRow.append(fileInput, sampleButton);
  body.append(element('h2', {}, 'Picture'), loadRow);
  const openRow = element('label', {
    class: 'choice',
    title: 'A contour file (put back over the picture) or a plain point list, one "x y", ' +
      '"x,y" or "x;y" per line, in picture pixels',
  }, 'Open an outline: ');
  const outlineInput = element('input', {
    type: 'file',
    accept: '.txt,.csv,text/plain',
    id: 'outline-file',
  });
  openRow.append(outlineInput);
  body.append(openRow);
  const trace = buildTraceBox();
  body.append(trace.box);
  const edit = buildEditRow();
  body.append(element('h2', {}, 'Outline'), edit.row);

  const saveRow = element('div', { class: 'buttons' });
  const normalizationSelect = element('select', {
    id: 'normalization',
    title: "center: about the picture's centre (picture and contour stay congruent; a fixed " +
      'object). gravity: about the centroid (a body that turns).',
  });
  normalizationSelect.append(
    element('option', { value: 'center' }, 'about the picture centre'),
    element('option', { value: 'gravity' }, 'about the centroid'),
  );
  const saveButton = element('button', { type: 'button', id: 'save' }, 'Save');
  saveRow.append(normalizationSelect, saveButton);
  body.append(saveRow);

  const status = element('p', { class: 'live', id: 'outline-status' });
  const validity = element('p', { class: 'probe', id: 'validity' });
  const squareInfo = element('p', { class: 'hint', id: 'square-info' });
  const error = element('p', { class: 'error', id: 'digitiser-error' });
  const result = element('div', { id: 'saved' });
  body.append(status, validity, squareInfo, error, result);
  return {
    fileInput,
    sampleButton,
    outlineInput,
    ...trace.inputs,
    ...edit.buttons,
    normalizationSelect,
    saveButton,
    status,
    validity,
    squareInfo,
    error,
    result,
  };
}

/** The automatic trace: which pixels are the object, the threshold, the simplification. */
function buildTraceBox() {
  const box = element('fieldset', { class: 'program-controls', id: 'trace' });
  box.append(element('legend', {}, 'Automatic trace'));
  const maskSelect = element('select', { id: 'trace-mask' });
  for (
    const [value, text] of [
      ['alpha', 'opaque pixels (alpha)'],
      ['dark', 'dark pixels'],
      ['light', 'light pixels'],
    ] as const
  ) maskSelect.append(element('option', { value }, text));
  const thresholdInput = element('input', {
    type: 'number',
    id: 'trace-threshold',
    min: '0',
    max: '255',
    step: '1',
    value: '128',
  });
  const simplifySelect = element('select', { id: 'trace-simplify' });
  simplifySelect.append(
    element('option', { value: 'tolerance' }, 'tolerance (px)'),
    element('option', { value: 'count' }, 'point count'),
  );
  const simplifyInput = element('input', {
    type: 'number',
    id: 'trace-amount',
    min: '0',
    step: 'any',
    value: '1.5',
  });
  const traceButton = element('button', { type: 'button', id: 'trace-button' }, 'Trace');
  const labelled = (text: string, input: HTMLElement) => {
    const label = element('label', {}, text);
    label.append(input);
    return label;
  };
  box.append(
    labelled('object ', maskSelect),
    labelled('threshold 0-255 ', thresholdInput),
    labelled('simplify by ', simplifySelect),
    labelled('', simplifyInput),
    traceButton,
  );
  return {
    box,
    inputs: { maskSelect, thresholdInput, simplifySelect, simplifyInput, traceButton },
  };
}

/** New, close, undo, fit the square, whole picture. */
function buildEditRow() {
  const row = element('div', { class: 'buttons' });
  const newButton = element('button', { type: 'button', id: 'new' }, 'New');
  const closeButton = element('button', { type: 'button', id: 'close' }, 'Close');
  const undoButton = element('button', { type: 'button', id: 'undo' }, 'Undo');
  const fitButton = element('button', {
    type: 'button',
    id: 'fit-square',
    title: "The square around the outline's bounding box, its largest side",
  }, 'Fit square');
  const viewButton = element('button', {
    type: 'button',
    id: 'fit-view',
    title: 'Zoom out to the whole picture',
  }, 'Whole picture');
  row.append(newButton, closeButton, undoButton, fitButton, viewButton);
  return { row, buttons: { newButton, closeButton, undoButton, fitButton, viewButton } };
}
