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
  animate,
  element,
  isTypingTarget,
  programPage,
  publish,
  shortNumber,
  showText,
} from './program-page.js';
import type { ProgramPage } from './program-page.js';
import { keepDigitisedFile } from './contour-input.js';
import { buildDigitiserPanel } from './digitiser-panel.js';
import type { DigitiserPanel } from './digitiser-panel.js';
import { PictureView, drawDigitiser } from './digitiser-drawing.js';
import type { LoadedImage, Square } from './digitiser-drawing.js';

/** Hit radii in CSS pixels: a handle, a point, a segment. */
const HANDLE_RADIUS = 9;
const POINT_RADIUS = 7;
const SEGMENT_RADIUS = 5;

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

const DESCRIPTION =
  'Turns a picture into a contour file: the outline, normalised so that its largest dimension ' +
  'is 1, with its area, centroid and polar second moment of area. Trace it automatically ' +
  '(marching squares, Lorensen and Cline; then Douglas-Peucker simplification) or click it ' +
  'point by point, then edit it by hand.';
const HINT =
  'Click to add a point, drag a point to move it, click on a line to insert one, Shift+click a ' +
  'point to delete it; Ctrl+Z undoes. The wheel zooms, Alt+drag pans. The green handles fit the ' +
  'square: the top-left one moves it, the bottom-right one sizes it; bring its crosshair onto ' +
  "the picture's centre (the white ring). Drop a picture on the canvas or choose one.";

export async function startDigitiser(): Promise<void> {
  const page = programPage(
    'digitiser',
    'Digitiser: a contour file from a picture',
    DESCRIPTION,
    HINT,
  );
  const digitiser = new DigitiserPage(page);
  // The sample picture is there from the start, unless the URL says `image=none`.
  if (new URLSearchParams(location.search).get('image') !== 'none') {
    await digitiser.loadUrl(cometUrl, 'comet.png');
  }
  digitiser.start();
}

/**
 * The page's state and its input: loading a picture or an outline, editing the outline and the
 * square with the pointer, the trace and the save; `tick` draws (digitiser-drawing.ts) and shows
 * the readouts.
 */
class DigitiserPage {
  readonly editor = new OutlineEditor();
  image: LoadedImage | null = null;
  square: Square = { x: 0, y: 0, size: 1 };
  drag: Drag = null;
  saved: Saved | null = null;
  message = '';
  frame = 0;
  readonly view = new PictureView();
  private readonly panel: DigitiserPanel;

  constructor(private readonly page: ProgramPage) {
    this.panel = buildDigitiserPanel(page.body);
    this.wireLoading();
    this.wirePointer();
    this.wireButtons();
  }

  start(): void {
    animate(() => this.tick());
  }

  // --- Loading ---------------------------------------------------------------------------------

  async loadBlob(blob: Blob, name: string): Promise<void> {
    const bitmap = await createImageBitmap(blob);
    const scratch = document.createElement('canvas');
    scratch.width = bitmap.width;
    scratch.height = bitmap.height;
    const scratchContext = scratch.getContext('2d', { willReadFrequently: true })!;
    scratchContext.drawImage(bitmap, 0, 0);
    const image: LoadedImage = {
      name,
      bitmap,
      width: bitmap.width,
      height: bitmap.height,
      pixels: scratchContext.getImageData(0, 0, bitmap.width, bitmap.height),
    };
    this.image = image;
    const size = Math.max(image.width, image.height);
    this.square = { x: (image.width - size) / 2, y: (image.height - size) / 2, size };
    this.view.zoom = 1;
    this.view.viewCentre = [image.width / 2, image.height / 2];
    this.editor.reset();
    this.saved = null;
    this.panel.result.replaceChildren();
    this.message = '';
  }

  async loadUrl(url: string, name: string): Promise<void> {
    const response = await fetch(url);
    await this.loadBlob(await response.blob(), name);
  }

  private report(what: string, caught: unknown): void {
    this.message = `${what}: ${caught instanceof Error ? caught.message : String(caught)}`;
  }

  /** A picture from the file picker, the sample or a drop; an outline file over the picture. */
  private wireLoading(): void {
    const { fileInput, outlineInput, sampleButton } = this.panel;
    const stage = this.page.stage;
    fileInput.addEventListener('change', () => {
      const file = fileInput.files?.[0];
      if (file) {
        this.loadBlob(file, file.name).catch((caught) =>
          this.report(`Could not read ${file.name}`, caught)
        );
      }
    });
    outlineInput.addEventListener('change', () => {
      const file = outlineInput.files?.[0];
      if (!file) return;
      file.text().then((text) => this.openOutline(text, file.name)).catch((caught) =>
        this.report(`Could not open ${file.name}`, caught)
      );
      outlineInput.value = '';
    });
    sampleButton.addEventListener('click', () => {
      this.loadUrl(cometUrl, 'comet.png').catch((caught) =>
        this.report('Could not load the sample', caught)
      );
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
        this.message = `${file.name} is not a picture (its type is "${file.type || 'unknown'}")`;
        return;
      }
      this.loadBlob(file, file.name).catch((caught) =>
        this.report(`Could not read ${file.name}`, caught)
      );
    });
  }

  private openOutline(text: string, fileName: string): void {
    if (!this.image) throw new Error('load its picture first');
    const opened = openOutline(text, this.image);
    this.editor.replace(opened.points, opened.closed);
    this.message = '';
    this.panel.result.replaceChildren(
      element('p', { class: 'probe' }, `Opened ${fileName}: ${opened.note}`),
    );
  }

  // --- Editing with the pointer ----------------------------------------------------------------

  private wirePointer(): void {
    const canvas = this.page.canvas;
    canvas.addEventListener('pointerdown', (event) => {
      if (!this.image) return;
      canvas.setPointerCapture(event.pointerId);
      this.press(event);
    });
    canvas.addEventListener('pointermove', (event) => {
      if (this.drag && this.image) this.move(event);
    });
    const endDrag = () => {
      this.drag = null;
    };
    canvas.addEventListener('pointerup', endDrag);
    canvas.addEventListener('pointercancel', endDrag);
    canvas.addEventListener('wheel', (event) => {
      if (!this.image) return;
      event.preventDefault();
      this.zoomAt(event);
    }, { passive: false });
  }

  /**
   * What a press takes: Alt or the middle button pans; a handle of the square moves or sizes
   * it; a point is dragged (Shift deletes it); a segment gets a point inserted; anywhere else a
   * point is added.
   */
  private press(event: PointerEvent): void {
    const { editor, square } = this;
    const scale = this.view.scale;
    const p = this.view.toPicture(event, this.page.canvas);
    if (event.altKey || event.button === 1) {
      event.preventDefault();
      this.drag = { kind: 'pan', x: event.clientX, y: event.clientY };
      return;
    }
    const near = (x: number, y: number) => Math.hypot(p[0] - x, p[1] - y) * scale <= HANDLE_RADIUS;
    if (near(square.x, square.y)) {
      this.drag = { kind: 'move-square', dx: p[0] - square.x, dy: p[1] - square.y };
      return;
    }
    if (near(square.x + square.size, square.y + square.size)) {
      this.drag = { kind: 'size-square' };
      return;
    }
    const point = editor.nearestPoint(p, POINT_RADIUS / scale);
    if (point >= 0) {
      if (event.shiftKey) editor.remove(point);
      else this.drag = { kind: 'point', index: point, remembered: false };
      return;
    }
    if (event.shiftKey) return;
    const hit = editor.nearestSegment(p, SEGMENT_RADIUS / scale);
    if (hit) {
      this.drag = { kind: 'point', index: editor.insert(hit.segment, hit.foot), remembered: true };
      return;
    }
    editor.add(p);
    this.drag = { kind: 'point', index: editor.points.length - 1, remembered: true };
  }

  private move(event: PointerEvent): void {
    const { drag, view, square } = this;
    const p = view.toPicture(event, this.page.canvas);
    if (!drag) return;
    if (drag.kind === 'pan') {
      view.viewCentre = [
        view.viewCentre[0] - (event.clientX - drag.x) / view.scale,
        view.viewCentre[1] - (event.clientY - drag.y) / view.scale,
      ];
      drag.x = event.clientX;
      drag.y = event.clientY;
    } else if (drag.kind === 'point') {
      // One undo step per drag, taken when the point first moves (a plain click changes nothing).
      if (!drag.remembered) this.editor.remember();
      drag.remembered = true;
      this.editor.move(drag.index, p);
    } else if (drag.kind === 'move-square') {
      this.square = { ...square, x: p[0] - drag.dx, y: p[1] - drag.dy };
    } else {
      this.square = {
        ...square,
        size: Math.max(4, Math.min(p[0] - square.x, p[1] - square.y)),
      };
    }
  }

  /** The wheel zooms about the point under the pointer, which stays where it is. */
  private zoomAt(event: WheelEvent): void {
    const view = this.view;
    const p = view.toPicture(event, this.page.canvas);
    const box = this.page.canvas.getBoundingClientRect();
    const next = Math.min(MAX_ZOOM, Math.max(1, view.zoom * Math.exp(-event.deltaY * 0.0015)));
    const nextScale = (view.scale / view.zoom) * next;
    view.viewCentre = [
      p[0] - (event.clientX - box.left - box.width / 2) / nextScale,
      p[1] - (event.clientY - box.top - box.height / 2) / nextScale,
    ];
    view.zoom = next;
  }

  // --- The buttons -----------------------------------------------------------------------------

  private wireButtons(): void {
    const panel = this.panel, editor = this.editor;
    panel.viewButton.addEventListener('click', () => {
      if (!this.image) return;
      this.view.zoom = 1;
      this.view.viewCentre = [this.image.width / 2, this.image.height / 2];
    });
    panel.newButton.addEventListener('click', () => editor.clear());
    panel.closeButton.addEventListener('click', () => {
      try {
        editor.setClosed(!editor.closed);
        this.message = '';
      } catch (caught) {
        this.report('Close', caught);
      }
    });
    panel.undoButton.addEventListener('click', () => editor.undo());
    window.addEventListener('keydown', (event) => {
      if (
        (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z' &&
        !isTypingTarget(event.target)
      ) {
        event.preventDefault();
        editor.undo();
      }
    });
    panel.fitButton.addEventListener('click', () => this.fitSquare());
    panel.traceButton.addEventListener('click', () => this.trace());
    panel.saveButton.addEventListener('click', () => this.save());
  }

  /** The square around the outline's bounding box, its largest side. */
  private fitSquare(): void {
    const box = bounds(this.editor.points);
    if (!box) {
      this.message = 'Fit square: there is no outline yet';
      return;
    }
    const size = Math.max(box[2] - box[0], box[3] - box[1]);
    this.square = { x: (box[0] + box[2] - size) / 2, y: (box[1] + box[3] - size) / 2, size };
  }

  /** The automatic trace with the panel's settings, checked first. */
  private trace(): void {
    const { thresholdInput, simplifyInput, simplifySelect, maskSelect } = this.panel;
    if (!this.image) {
      this.message = 'Trace: load a picture first';
      return;
    }
    const threshold = Number(thresholdInput.value);
    const amount = Number(simplifyInput.value);
    if (!(thresholdInput.value.trim() !== '' && threshold >= 0 && threshold <= 255)) {
      this.message =
        `Trace: the threshold must be a number from 0 to 255, got "${thresholdInput.value}"`;
      return;
    }
    const byCount = simplifySelect.value === 'count';
    if (
      byCount
        ? !(Number.isInteger(amount) && amount >= 3)
        : !(simplifyInput.value.trim() !== '' && amount >= 0)
    ) {
      this.message = `Trace: the ${
        byCount
          ? 'point count must be an integer of at least 3'
          : 'tolerance must be a number of pixels >= 0'
      }, got "${simplifyInput.value}"`;
      return;
    }
    try {
      const points = traceImage(this.image.pixels, {
        mask: maskSelect.value as TraceMask,
        threshold,
        simplify: byCount ? { count: amount } : { tolerance: amount },
      });
      if (points.length === 0) {
        this.message = `Trace: no pixel passes the threshold ${threshold} (${
          maskSelect.selectedOptions[0]!.textContent
        }); try another threshold or object`;
        return;
      }
      this.editor.replace(points, true);
      this.message = '';
    } catch (caught) {
      this.report('Trace', caught);
    }
  }

  /** Downloads the contour file, keeps it for the other programs and shows what it holds. */
  private save(): void {
    const { editor, image } = this;
    if (!image) {
      this.message = 'Save: load a picture first';
      return;
    }
    const crossings = editor.intersections().length;
    if (crossings > 0) {
      this.message = `Save: the outline crosses itself in ${crossings} place${
        crossings === 1 ? '' : 's'
      } (the red rings); move or delete a point first`;
      return;
    }
    try {
      const normalization = this.panel.normalizationSelect.value as ContourNormalization;
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
      this.saved = { text, contour, fileName };
      download(text, fileName);
      // The programs' "Use the digitiser's last contour" reads it from here.
      keepDigitisedFile({ text, fileName });
      this.panel.result.replaceChildren(...savedReport(this.saved));
      this.message = '';
    } catch (caught) {
      this.report('Save', caught);
    }
  }

  // --- Each frame ------------------------------------------------------------------------------

  private tick(): void {
    const { page, view, editor } = this;
    drawDigitiser(page.canvas, page.context, view, this.image, this.square, editor);
    const crossings = this.showStatus();
    this.frame++;
    const properties = editor.properties();
    const image = this.image, saved = this.saved;
    publish({
      scene: 'digitiser',
      frame: this.frame,
      contacts: [],
      image: image ? { name: image.name, width: image.width, height: image.height } : null,
      points: editor.points.map((p) => [p[0], p[1]]),
      closed: editor.closed,
      intersections: crossings,
      area: properties ? properties.area : null,
      centroid: properties ? properties.centroid : null,
      secondMoment: properties ? properties.secondMoment : null,
      square: { ...this.square },
      saved: saved ? { text: saved.text, fileName: saved.fileName } : null,
      message: this.message,
      project: (point: readonly number[]) => [view.x(point[0]!), view.y(point[1]!)],
    });
  }

  /** The buttons' states and the readouts; returns the outline's self-intersections. */
  private showStatus(): number {
    const { editor, panel } = this;
    const crossings = editor.intersections().length;
    panel.closeButton.textContent = editor.closed ? 'Open: a profile' : 'Close: a body';
    panel.closeButton.title = editor.closed
      ? 'Make it an open profile again'
      : 'Close the outline: a body';
    panel.undoButton.disabled = !editor.canUndo;
    showText(panel.status, this.outlineText());
    const n = editor.points.length;
    showText(
      panel.validity,
      n < 2
        ? ''
        : crossings > 0
        ? `The outline crosses itself in ${crossings} place${
          crossings === 1 ? '' : 's'
        } (red rings): not a valid contour.`
        : 'Valid: the outline does not cross itself.',
    );
    panel.validity.classList.toggle('invalid', crossings > 0);
    showText(panel.squareInfo, this.squareText());
    showText(panel.error, this.message);
    return crossings;
  }

  /** The outline in words: its points, closed or open, and its area, centroid and moment. */
  private outlineText(): string {
    const editor = this.editor;
    const n = editor.points.length;
    const properties = editor.properties();
    if (!this.image) return 'No picture loaded.';
    if (n === 0) return 'No outline yet: click its points, or Trace.';
    return `${n} point${n === 1 ? '' : 's'}, ${
      editor.closed ? 'closed (a body)' : 'open (a profile)'
    }` +
      (properties
        ? `: area ${shortNumber(properties.area)} px², centroid (${
          shortNumber(properties.centroid[0])
        }, ${shortNumber(properties.centroid[1])}) px, second moment ${
          shortNumber(properties.secondMoment)
        } px⁴.`
        : '.');
  }

  /** The square's size against the outline's, and how far its crosshair is from the centre. */
  private squareText(): string {
    const { image, square } = this;
    if (!image) return '';
    const box = bounds(this.editor.points);
    return `Square ${shortNumber(square.size)} px${
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
  }
}

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = element('a', { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** What a save wrote: the file's name and kind, its area, centroid and moment, and its text. */
function savedReport({ text, contour, fileName }: Saved): HTMLElement[] {
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
  return [...lines.map((line) => element('p', { class: 'probe' }, line)), pre];
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
