/**
 * The digitiser's picture (digitiser.ts holds the page's state and input): the loaded picture on
 * a checkerboard, its centre, the seed's square with its crosshair and handles, and the outline
 * with its points, centroid and self-intersections. Points are in picture pixels (x right,
 * y down); `PictureView` maps them to the canvas.
 */
import type { OutlineEditor } from './outline-editor.js';
import { fitCanvas } from './program-page.js';

export interface LoadedImage {
  name: string;
  bitmap: CanvasImageSource;
  width: number;
  height: number;
  pixels: ImageData;
}

/** The seed's square: top-left corner and side, in picture pixels. */
export interface Square {
  x: number;
  y: number;
  size: number;
}

/**
 * Picture pixels to CSS pixels: `p * scale + offset`; `scale` is the fitting scale times `zoom`,
 * and the picture point `viewCentre` is at the canvas's centre.
 */
export class PictureView {
  scale = 1;
  offsetX = 0;
  offsetY = 0;
  zoom = 1;
  viewCentre: [number, number] = [0, 0];

  x(x: number): number {
    return x * this.scale + this.offsetX;
  }

  y(y: number): number {
    return y * this.scale + this.offsetY;
  }

  /** The picture point under a pointer event on `canvas`. */
  toPicture(event: MouseEvent, canvas: HTMLElement): [number, number] {
    const box = canvas.getBoundingClientRect();
    return [
      (event.clientX - box.left - this.offsetX) / this.scale,
      (event.clientY - box.top - this.offsetY) / this.scale,
    ];
  }

  /**
   * Fits the view to a canvas of `width` x `height`: it holds the square the picture's largest
   * dimension makes about its centre (where the seed's square starts), so both handles can be
   * reached; it changes only with the canvas.
   */
  fit(image: LoadedImage, width: number, height: number): void {
    const margin = 16, side = Math.max(image.width, image.height);
    this.scale = Math.min((width - 2 * margin) / side, (height - 2 * margin) / side) * this.zoom;
    this.offsetX = width / 2 - this.viewCentre[0] * this.scale;
    this.offsetY = height / 2 - this.viewCentre[1] * this.scale;
  }
}

/** Fits `view` to the canvas and draws the picture, the square and the outline. */
export function drawDigitiser(
  canvas: HTMLCanvasElement,
  context: CanvasRenderingContext2D,
  view: PictureView,
  image: LoadedImage | null,
  square: Square,
  editor: OutlineEditor,
): void {
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
  view.fit(image, width, height);
  drawPicture(context, view, image, width, height);
  drawSquare(context, view, image, square);
  drawOutline(context, view, editor);
}

/** The picture over a checkerboard, which shows which parts of it are transparent. */
function drawPicture(
  context: CanvasRenderingContext2D,
  view: PictureView,
  image: LoadedImage,
  width: number,
  height: number,
): void {
  const X = (x: number) => view.x(x), Y = (y: number) => view.y(y);
  const scale = view.scale;
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
}

/** A cross of arm `r` px at (x, y) in canvas pixels. */
function cross(
  context: CanvasRenderingContext2D,
  x: number,
  y: number,
  r: number,
  color: string,
): void {
  context.strokeStyle = color;
  context.beginPath();
  context.moveTo(x - r, y);
  context.lineTo(x + r, y);
  context.moveTo(x, y - r);
  context.lineTo(x, y + r);
  context.stroke();
}

/** The picture's centre (white ring) and the square with its crosshair (red) and handles (green). */
function drawSquare(
  context: CanvasRenderingContext2D,
  view: PictureView,
  image: LoadedImage,
  square: Square,
): void {
  const X = (x: number) => view.x(x), Y = (y: number) => view.y(y);
  context.lineWidth = 1;
  // The picture's centre: a white ring, visible around the crosshair when the two coincide.
  context.strokeStyle = '#ffffff';
  context.beginPath();
  context.arc(X(image.width / 2), Y(image.height / 2), 7, 0, 2 * Math.PI);
  context.stroke();
  context.strokeStyle = '#ff4d4d';
  context.strokeRect(X(square.x), Y(square.y), square.size * view.scale, square.size * view.scale);
  cross(context, X(square.x + square.size / 2), Y(square.y + square.size / 2), 16, '#ff4d4d');
  const handles = [[square.x, square.y], [square.x + square.size, square.y + square.size]] as const;
  for (const [x, y] of handles) {
    context.fillStyle = '#3ddc84';
    context.beginPath();
    context.arc(X(x), Y(y), 6, 0, 2 * Math.PI);
    context.fill();
  }
}

/** The outline: its segments, its points (the first white), its centroid, its self-intersections. */
function drawOutline(
  context: CanvasRenderingContext2D,
  view: PictureView,
  editor: OutlineEditor,
): void {
  const X = (x: number) => view.x(x), Y = (y: number) => view.y(y);
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
    cross(context, X(properties.centroid[0]), Y(properties.centroid[1]), 8, '#5aa9ff');
  }
  context.lineWidth = 2;
  for (const [x, y] of editor.intersections()) {
    context.strokeStyle = '#ff2d2d';
    context.beginPath();
    context.arc(X(x), Y(y), 8, 0, 2 * Math.PI);
    context.stroke();
  }
}
