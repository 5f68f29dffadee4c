/**
 * The digitiser (`?scene=digitiser`): turns a picture into a contour file. Load a picture (file
 * picker, drag and drop, or the sample), fit the square to the object's largest dimension with its
 * two handles and bring its crosshair onto the picture's centre, then click the outline's points,
 * or trace it automatically and edit the result. "close" makes a body, leaving it open a profile;
 * save downloads the contour file (formatContour of @contactkit/collision2d) and shows its area,
 * centroid and second moment. Points are kept in picture pixels (x right, y down).
 */
import { formatContour, normalizeContour } from '@contactkit/collision2d';
import type { Contour, ContourNormalization } from '@contactkit/collision2d';
import cometUrl from './assets/comet.png';
import { OutlineEditor } from './outline-editor.js';
import { openOutline } from './contour-import.js';
import { traceImage } from './trace-image.js';
import type { TraceMask } from './trace-image.js';
import {
  element,
  fitCanvas,
  isTypingTarget,
  programPage,
  publish,
  shortNumber,
} from './program-page.js';
import { keepDigitisedFile } from './contour-input.js';

/** Hit radii in CSS pixels: a handle, a point, a segment. */
const HANDLE_RADIUS = 9;
const POINT_RADIUS = 7;
const SEGMENT_RADIUS = 5;

interface LoadedImage {
  name: string;
  bitmap: CanvasImageSource;
  width: number;
  height: number;
  pixels: ImageData;
}

/** The seed's square: top-left corner and side, in picture pixels. */
interface Square {
  x: number;
  y: number;
  size: number;
}

type Drag =
  | { kind: 'point'; index: number; remembered: boolean; }
  | { kind: 'move-square'; dx: number; dy: number; }
  | { kind: 'size-square'; }
  | { kind: 'pan'; x: number; y: number; }
  | null;

/** Zoom limits: the whole square in view to 32 times that. */
const MAX_ZOOM = 32;

/** What the last save wrote. */
interface Saved {
  text: string;
  contour: Contour;
  fileName: string;
}

export async function startDigitiser(): Promise<void> {
  const page = programPage(
    'digitiser',
    'Digitiser: a contour file from a picture',
    'Turns a picture into a contour file: the outline, normalised so that its largest dimension is 1, with its area, centroid and polar second moment of area. Trace it automatically (marching squares, Lorensen and Cline; then Douglas-Peucker simplification) or click it point by point, then edit it by hand.',
    "Click to add a point, drag a point to move it, click on a line to insert one, Shift+click a point to delete it; Ctrl+Z undoes. The wheel zooms, Alt+drag pans. The green handles fit the square: the top-left one moves it, the bottom-right one sizes it; bring its crosshair onto the picture's centre (the white ring). Drop a picture on the canvas or choose one.",
  );
  const { canvas, context, stage, body } = page;
  const editor = new OutlineEditor();
  let image: LoadedImage | null = null;
  let square: Square = { x: 0, y: 0, size: 1 };
  let drag: Drag = null;
  let saved: Saved | null = null;
  let message = '';
  let frame = 0;
  // Picture pixels -> CSS pixels: p * scale + offset; scale is the fitting scale times `zoom`,
  // and the picture point `viewCentre` is at the canvas's centre.
  let scale = 1, offsetX = 0, offsetY = 0;
  let zoom = 1;
  let viewCentre: [number, number] = [0, 0];

  // --- The panel -------------------------------------------------------------------------------
  const loadRow = element('div', { class: 'buttons' });
  const fileInput = element('input', { type: 'file', accept: 'image/*', id: 'image-file' });
  const sampleButton = element('button', { type: 'button', id: 'sample-image' }, 'Sample picture');
  loadRow.append(fileInput, sampleButton);
  body.append(element('h2', {}, 'Picture'), loadRow);
  const openRow = element('label', {
    class: 'choice',
    title:
      'A contour file (put back over the picture) or a plain point list, one "x y", "x,y" or "x;y" per line, in picture pixels',
  }, 'Open an outline: ');
  const outlineInput = element('input', {
    type: 'file',
    accept: '.txt,.csv,text/plain',
    id: 'outline-file',
  });
  openRow.append(outlineInput);
  body.append(openRow);

  const traceBox = element('fieldset', { class: 'program-controls', id: 'trace' });
  traceBox.append(element('legend', {}, 'Automatic trace'));
  const maskSelect = element('select', { id: 'trace-mask' });
  for (
    const [value, text] of [['alpha', 'opaque pixels (alpha)'], ['dark', 'dark pixels'], [
      'light',
      'light pixels',
    ]] as const
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
  traceBox.append(
    labelled('object ', maskSelect),
    labelled('threshold 0-255 ', thresholdInput),
    labelled('simplify by ', simplifySelect),
    labelled('', simplifyInput),
    traceButton,
  );
  body.append(traceBox);

  const editRow = element('div', { class: 'buttons' });
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
  editRow.append(newButton, closeButton, undoButton, fitButton, viewButton);
  body.append(element('h2', {}, 'Outline'), editRow);

  const saveRow = element('div', { class: 'buttons' });
  const normalizationSelect = element('select', {
    id: 'normalization',
    title:
      "center: about the picture's centre (picture and contour stay congruent; a fixed object). gravity: about the centroid (a body that turns).",
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

  // --- Loading ---------------------------------------------------------------------------------
  async function loadBlob(blob: Blob, name: string): Promise<void> {
    const bitmap = await createImageBitmap(blob);
    const scratch = document.createElement('canvas');
    scratch.width = bitmap.width;
    scratch.height = bitmap.height;
    const scratchContext = scratch.getContext('2d', { willReadFrequently: true })!;
    scratchContext.drawImage(bitmap, 0, 0);
    image = {
      name,
      bitmap,
      width: bitmap.width,
      height: bitmap.height,
      pixels: scratchContext.getImageData(0, 0, bitmap.width, bitmap.height),
    };
    const size = Math.max(image.width, image.height);
    square = { x: (image.width - size) / 2, y: (image.height - size) / 2, size };
    zoom = 1;
    viewCentre = [image.width / 2, image.height / 2];
    editor.reset();
    saved = null;
    result.replaceChildren();
    message = '';
  }
  async function loadUrl(url: string, name: string): Promise<void> {
    const response = await fetch(url);
    await loadBlob(await response.blob(), name);
  }
  function report(what: string, caught: unknown): void {
    message = `${what}: ${caught instanceof Error ? caught.message : String(caught)}`;
  }
  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    if (file) {
      loadBlob(file, file.name).catch((caught) => report(`Could not read ${file.name}`, caught));
    }
  });
  outlineInput.addEventListener('change', () => {
    const file = outlineInput.files?.[0];
    if (!file) return;
    file.text().then((text) => {
      if (!image) throw new Error('load its picture first');
      const opened = openOutline(text, image);
      editor.replace(opened.points, opened.closed);
      message = '';
      result.replaceChildren(
        element('p', { class: 'probe' }, `Opened ${file.name}: ${opened.note}`),
      );
    }).catch((caught) => report(`Could not open ${file.name}`, caught));
    outlineInput.value = '';
  });
  sampleButton.addEventListener('click', () => {
    loadUrl(cometUrl, 'comet.png').catch((caught) => report('Could not load the sample', caught));
  });
  stage.addEventListener('dragover', (event) => {
    event.preventDefault();
    stage.classList.add('dropping');
  });
  stage.addEventListener('dragleave', () => stage.classList.remove('dropping'));
  stage.addEventListener('drop', (event) => {
    event.preventDefault();
    stage.classList.remove('dropping');
    const file = event.dataTransfer?.files[0];
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      message = `${file.name} is not a picture (its type is "${file.type || 'unknown'}")`;
      return;
    }
    loadBlob(file, file.name).catch((caught) => report(`Could not read ${file.name}`, caught));
  });

  // --- Editing ---------------------------------------------------------------------------------
  const toPicture = (event: MouseEvent): [number, number] => {
    const box = canvas.getBoundingClientRect();
    return [
      (event.clientX - box.left - offsetX) / scale,
      (event.clientY - box.top - offsetY) / scale,
    ];
  };
  canvas.addEventListener('pointerdown', (event) => {
    if (!image) return;
    const p = toPicture(event);
    canvas.setPointerCapture(event.pointerId);
    // Alt+drag or the middle button pans the view.
    if (event.altKey || event.button === 1) {
      event.preventDefault();
      drag = { kind: 'pan', x: event.clientX, y: event.clientY };
      return;
    }
    const near = (x: number, y: number) => Math.hypot(p[0] - x, p[1] - y) * scale <= HANDLE_RADIUS;
    if (near(square.x, square.y)) {
      drag = { kind: 'move-square', dx: p[0] - square.x, dy: p[1] - square.y };
      return;
    }
    if (near(square.x + square.size, square.y + square.size)) {
      drag = { kind: 'size-square' };
      return;
    }
    const point = editor.nearestPoint(p, POINT_RADIUS / scale);
    if (point >= 0) {
      if (event.shiftKey) editor.remove(point);
      else drag = { kind: 'point', index: point, remembered: false };
      return;
    }
    if (event.shiftKey) return;
    const hit = editor.nearestSegment(p, SEGMENT_RADIUS / scale);
    if (hit) {
      drag = { kind: 'point', index: editor.insert(hit.segment, hit.foot), remembered: true };
      return;
    }
    editor.add(p);
    drag = { kind: 'point', index: editor.points.length - 1, remembered: true };
  });
  canvas.addEventListener('pointermove', (event) => {
    if (!drag || !image) return;
    const p = toPicture(event);
    if (drag.kind === 'pan') {
      viewCentre = [
        viewCentre[0] - (event.clientX - drag.x) / scale,
        viewCentre[1] - (event.clientY - drag.y) / scale,
      ];
      drag.x = event.clientX;
      drag.y = event.clientY;
    } else if (drag.kind === 'point') {
      // One undo step per drag, taken when the point first moves (a plain click changes nothing).
      if (!drag.remembered) editor.remember();
      drag.remembered = true;
      editor.move(drag.index, p);
    } else if (drag.kind === 'move-square') {
      square = { ...square, x: p[0] - drag.dx, y: p[1] - drag.dy };
    } else square = { ...square, size: Math.max(4, Math.min(p[0] - square.x, p[1] - square.y)) };
  });
  const endDrag = () => {
    drag = null;
  };
  canvas.addEventListener('pointerup', endDrag);
  canvas.addEventListener('pointercancel', endDrag);
  // The wheel zooms about the point under the pointer, which stays where it is.
  canvas.addEventListener('wheel', (event) => {
    if (!image) return;
    event.preventDefault();
    const p = toPicture(event);
    const box = canvas.getBoundingClientRect();
    const next = Math.min(MAX_ZOOM, Math.max(1, zoom * Math.exp(-event.deltaY * 0.0015)));
    const nextScale = (scale / zoom) * next;
    viewCentre = [
      p[0] - (event.clientX - box.left - box.width / 2) / nextScale,
      p[1] - (event.clientY - box.top - box.height / 2) / nextScale,
    ];
    zoom = next;
  }, { passive: false });
  viewButton.addEventListener('click', () => {
    if (!image) return;
    zoom = 1;
    viewCentre = [image.width / 2, image.height / 2];
  });

  newButton.addEventListener('click', () => editor.clear());
  closeButton.addEventListener('click', () => {
    try {
      editor.setClosed(!editor.closed);
      message = '';
    } catch (caught) {
      report('Close', caught);
    }
  });
  undoButton.addEventListener('click', () => editor.undo());
  window.addEventListener('keydown', (event) => {
    if (
      (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z' &&
      !isTypingTarget(event.target)
    ) {
      event.preventDefault();
      editor.undo();
    }
  });
  fitButton.addEventListener('click', () => {
    const box = bounds(editor.points);
    if (!box) {
      message = 'Fit square: there is no outline yet';
      return;
    }
    const size = Math.max(box[2] - box[0], box[3] - box[1]);
    square = { x: (box[0] + box[2] - size) / 2, y: (box[1] + box[3] - size) / 2, size };
  });

  traceButton.addEventListener('click', () => {
    if (!image) {
      message = 'Trace: load a picture first';
      return;
    }
    const threshold = Number(thresholdInput.value);
    const amount = Number(simplifyInput.value);
    if (!(thresholdInput.value.trim() !== '' && threshold >= 0 && threshold <= 255)) {
      message =
        `Trace: the threshold must be a number from 0 to 255, got "${thresholdInput.value}"`;
      return;
    }
    const byCount = simplifySelect.value === 'count';
    if (
      byCount
        ? !(Number.isInteger(amount) && amount >= 3)
        : !(simplifyInput.value.trim() !== '' && amount >= 0)
    ) {
      message = `Trace: the ${
        byCount
          ? 'point count must be an integer of at least 3'
          : 'tolerance must be a number of pixels >= 0'
      }, got "${simplifyInput.value}"`;
      return;
    }
    try {
      const points = traceImage(image.pixels, {
        mask: maskSelect.value as TraceMask,
        threshold,
        simplify: byCount ? { count: amount } : { tolerance: amount },
      });
      if (points.length === 0) {
        message = `Trace: no pixel passes the threshold ${threshold} (${
          maskSelect.selectedOptions[0]!.textContent
        }); try another threshold or object`;
        return;
      }
      editor.replace(points, true);
      message = '';
    } catch (caught) {
      report('Trace', caught);
    }
  });

  saveButton.addEventListener('click', () => {
    if (!image) {
      message = 'Save: load a picture first';
      return;
    }
    const crossings = editor.intersections().length;
    if (crossings > 0) {
      message = `Save: the outline crosses itself in ${crossings} place${
        crossings === 1 ? '' : 's'
      } (the red rings); move or delete a point first`;
      return;
    }
    try {
      const normalization = normalizationSelect.value as ContourNormalization;
      if (!editor.closed && normalization === 'gravity') {
        throw new RangeError(
          'an open profile has no centroid: close it, or normalise about the picture centre',
        );
      }
      const { contour } = normalizeContour(editor.points, {
        closed: editor.closed,
        normalization,
        image: { width: image.width, height: image.height },
      });
      const text = formatContour(contour);
      const fileName = `${image.name.replace(/\.[^.]*$/, '')}-contour.txt`;
      saved = { text, contour, fileName };
      download(text, fileName);
      // The programs' "Use the digitiser's last contour" reads it from here.
      keepDigitisedFile({ text, fileName });
      showSaved(saved);
      message = '';
    } catch (caught) {
      report('Save', caught);
    }
  });

  function download(text: string, fileName: string): void {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = element('a', { href: url, download: fileName });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  function showSaved({ text, contour, fileName }: Saved): void {
    const lines = [
      `Saved ${fileName} (${contour.points.length} points, ${
        contour.closed ? 'closed: a body' : 'open: a profile'
      }), normalised ${
        contour.normalization === 'center' ? 'about the picture centre' : 'about the centroid'
      }, largest dimension ${shortNumber(contour.image!.size)} px along ${contour.largestAxis}.`,
    ];
    if (contour.closed) {
      lines.push(
        `Area A' = ${shortNumber(contour.area, 6)}, centroid S' = (${
          shortNumber(contour.centroid[0], 6)
        }, ${shortNumber(contour.centroid[1], 6)}), second moment J' = ${
          shortNumber(contour.secondMoment, 6)
        } (normalised: lengths in largest dimensions).`,
      );
    }
    const pre = element('textarea', {
      class: 'contour-text',
      readonly: '',
      rows: '8',
      'aria-label': 'the contour file',
    });
    pre.value = text;
    result.replaceChildren(...lines.map((line) => element('p', { class: 'probe' }, line)), pre);
  }

  // --- Drawing ---------------------------------------------------------------------------------
  function draw(): void {
    const { width, height } = fitCanvas(canvas, context);
    context.fillStyle = '#15181d';
    context.fillRect(0, 0, width, height);
    if (!image) {
      context.fillStyle = '#8d99a6';
      context.font = '14px system-ui, sans-serif';
      context.textAlign = 'center';
      context.fillText('Drop a picture here, or choose one in the panel.', width / 2, height / 2);
      return;
    }
    // The view holds the square the picture's largest dimension makes about its centre (where
    // the seed's square starts), so both handles can be reached; it changes only with the canvas.
    const margin = 16, side = Math.max(image.width, image.height);
    scale = Math.min((width - 2 * margin) / side, (height - 2 * margin) / side) * zoom;
    offsetX = width / 2 - viewCentre[0] * scale;
    offsetY = height / 2 - viewCentre[1] * scale;
    const X = (x: number) => x * scale + offsetX, Y = (y: number) => y * scale + offsetY;
    // A checkerboard shows which parts of the picture are transparent.
    context.save();
    context.beginPath();
    context.rect(X(0), Y(0), image.width * scale, image.height * scale);
    context.clip();
    // Only the tiles on the canvas (zoomed in, the picture is far larger than the canvas).
    const firstColumn = Math.max(0, Math.floor(-X(0) / 12)),
      lastColumn = Math.min(Math.ceil((image.width * scale) / 12), Math.ceil((width - X(0)) / 12));
    const firstRow = Math.max(0, Math.floor(-Y(0) / 12)),
      lastRow = Math.min(Math.ceil((image.height * scale) / 12), Math.ceil((height - Y(0)) / 12));
    for (let row = firstRow; row < lastRow; row++) {
      for (let column = firstColumn; column < lastColumn; column++) {
        context.fillStyle = (column + row) % 2 ? '#2a2f36' : '#222730';
        context.fillRect(X(0) + 12 * column, Y(0) + 12 * row, 12, 12);
      }
    }
    context.restore();
    context.drawImage(image.bitmap, X(0), Y(0), image.width * scale, image.height * scale);
    context.strokeStyle = '#46505d';
    context.strokeRect(X(0), Y(0), image.width * scale, image.height * scale);

    // The picture's centre (white ring) and the square with its crosshair (red) and handles (green).
    const cross = (x: number, y: number, r: number, color: string) => {
      context.strokeStyle = color;
      context.beginPath();
      context.moveTo(x - r, y);
      context.lineTo(x + r, y);
      context.moveTo(x, y - r);
      context.lineTo(x, y + r);
      context.stroke();
    };
    context.lineWidth = 1;
    // The picture's centre: a white ring, visible around the crosshair when the two coincide.
    context.strokeStyle = '#ffffff';
    context.beginPath();
    context.arc(X(image.width / 2), Y(image.height / 2), 7, 0, 2 * Math.PI);
    context.stroke();
    context.strokeStyle = '#ff4d4d';
    context.strokeRect(X(square.x), Y(square.y), square.size * scale, square.size * scale);
    cross(X(square.x + square.size / 2), Y(square.y + square.size / 2), 16, '#ff4d4d');
    for (
      const [x, y] of [[square.x, square.y], [
        square.x + square.size,
        square.y + square.size,
      ]] as const
    ) {
      context.fillStyle = '#3ddc84';
      context.beginPath();
      context.arc(X(x), Y(y), 6, 0, 2 * Math.PI);
      context.fill();
    }

    // The outline: segments, the closing one dashed while open, points, self-intersections.
    const points = editor.points;
    if (points.length > 1) {
      context.strokeStyle = '#ffd166';
      context.lineWidth = 2;
      context.beginPath();
      points.forEach((
        [x, y],
        i,
      ) => (i === 0 ? context.moveTo(X(x), Y(y)) : context.lineTo(X(x), Y(y))));
      if (editor.closed) context.closePath();
      context.stroke();
    }
    points.forEach(([x, y], i) => {
      context.fillStyle = i === 0 ? '#ffffff' : '#ff6b6b';
      context.beginPath();
      context.arc(X(x), Y(y), i === 0 ? 4.5 : 3.5, 0, 2 * Math.PI);
      context.fill();
    });
    const properties = editor.properties();
    if (properties) {
      // The centroid: a blue cross, as the seed's program marks it.
      context.lineWidth = 2;
      cross(X(properties.centroid[0]), Y(properties.centroid[1]), 8, '#5aa9ff');
    }
    context.lineWidth = 2;
    for (const [x, y] of editor.intersections()) {
      context.strokeStyle = '#ff2d2d';
      context.beginPath();
      context.arc(X(x), Y(y), 8, 0, 2 * Math.PI);
      context.stroke();
    }
  }

  function showStatus(): { crossings: number; } {
    const n = editor.points.length;
    const crossings = editor.intersections().length;
    const properties = editor.properties();
    closeButton.textContent = editor.closed ? 'Open: a profile' : 'Close: a body';
    closeButton.title = editor.closed
      ? 'Make it an open profile again'
      : 'Close the outline: a body';
    undoButton.disabled = !editor.canUndo;
    const statusText = !image ?
      'No picture loaded.'
      : n === 0 ?
      'No outline yet: click its points, or Trace.'
      : `${n} point${n === 1 ? '' : 's'}, ${
        editor.closed ? 'closed (a body)' : 'open (a profile)'
      }` +
        (properties
          ? `: area ${shortNumber(properties.area)} px², centroid (${
            shortNumber(properties.centroid[0])
          }, ${shortNumber(properties.centroid[1])}) px, second moment ${
            shortNumber(properties.secondMoment)
          } px⁴.`
          : '.');
    if (status.textContent !== statusText) status.textContent = statusText;
    const validityText = n < 2
      ? ''
      : crossings > 0
      ? `The outline crosses itself in ${crossings} place${
        crossings === 1 ? '' : 's'
      } (red rings): not a valid contour.`
      : 'Valid: the outline does not cross itself.';
    if (validity.textContent !== validityText) validity.textContent = validityText;
    validity.classList.toggle('invalid', crossings > 0);
    const box = bounds(editor.points);
    const squareText = !image
      ? ''
      : `Square ${shortNumber(square.size)} px${
        box
          ? `, the outline's largest dimension ${
            shortNumber(Math.max(box[2] - box[0], box[3] - box[1]))
          } px (the file uses the outline's)`
          : ''
      }; its crosshair is ${
        shortNumber(
          Math.hypot(
            square.x + square.size / 2 - image.width / 2,
            square.y + square.size / 2 - image.height / 2,
          ),
          3,
        )
      } px from the picture's centre.`;
    if (squareInfo.textContent !== squareText) squareInfo.textContent = squareText;
    if (error.textContent !== message) error.textContent = message;
    return { crossings };
  }

  function tick(): void {
    draw();
    const { crossings } = showStatus();
    frame++;
    const properties = editor.properties();
    publish({
      scene: 'digitiser',
      frame,
      contacts: [],
      image: image ? { name: image.name, width: image.width, height: image.height } : null,
      points: editor.points.map((p) => [p[0], p[1]]),
      closed: editor.closed,
      intersections: crossings,
      area: properties ? properties.area : null,
      centroid: properties ? properties.centroid : null,
      secondMoment: properties ? properties.secondMoment : null,
      square: { ...square },
      saved: saved ? { text: saved.text, fileName: saved.fileName } : null,
      message,
      project: (
        point: readonly number[],
      ) => [point[0]! * scale + offsetX, point[1]! * scale + offsetY],
    });
    requestAnimationFrame(tick);
  }

  // The sample picture is there from the start, unless the URL says `image=none`.
  if (new URLSearchParams(location.search).get('image') !== 'none') {
    await loadUrl(cometUrl, 'comet.png');
  }
  requestAnimationFrame(tick);
}

/** The bounding box `[minX, minY, maxX, maxY]` of the points, or null for none. */
function bounds(points: ReadonlyArray<readonly number[]>): [number, number, number, number] | null {
  if (points.length === 0) return null;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [x, y] of points) {
    minX = Math.min(minX, x!);
    maxX = Math.max(maxX, x!);
    minY = Math.min(minY, y!);
    maxY = Math.max(maxY, y!);
  }
  return [minX, minY, maxX, maxY];
}
