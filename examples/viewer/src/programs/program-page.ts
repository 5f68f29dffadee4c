/**
 * What the programs' pages share: the panel's header and the menu of every scene and program
 * (panel-frame.ts, as the contact scenes' panel has them), the title, description and hint; the canvas sized to the
 * stage in device pixels; and the state published on `window.__contactkit` for tests.
 */
import '../style.css';
import './programs.css';
import { element, isTypingTarget, panelFrame, sceneMenu, showFirstFrame } from '../panel-frame.js';

export { element, isTypingTarget };

export interface ProgramPage {
  canvas: HTMLCanvasElement;
  context: CanvasRenderingContext2D;
  stage: HTMLElement;
  /** The panel's body, below the hint: the program adds its controls here. */
  body: HTMLElement;
}

/** Builds the panel of program `id` and returns the page's parts. */
export function programPage(
  id: string,
  title: string,
  description: string,
  hint: string,
): ProgramPage {
  const stage = document.getElementById('stage')!;
  const canvas = document.getElementById('view') as HTMLCanvasElement;
  const body = panelFrame(document.getElementById('panel')!);
  body.append(sceneMenu(id, false));
  body.append(element('h2', { id: 'scene-title' }, title));
  body.append(element('p', { class: 'description', id: 'description' }, description));
  body.append(element('p', { class: 'hint' }, hint));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('this browser gives no 2D canvas context');
  return { canvas, context, stage, body };
}

/** Sizes the canvas's pixels to its CSS box times the device pixel ratio; returns the CSS size. */
export function fitCanvas(
  canvas: HTMLCanvasElement,
  context: CanvasRenderingContext2D,
): { width: number; height: number; } {
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  const width = canvas.clientWidth, height = canvas.clientHeight;
  const pixelWidth = Math.max(1, Math.floor(width * ratio)),
    pixelHeight = Math.max(1, Math.floor(height * ratio));
  if (canvas.width !== pixelWidth || canvas.height !== pixelHeight) {
    canvas.width = pixelWidth;
    canvas.height = pixelHeight;
  }
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  return { width, height };
}

/** Publishes a program's state for tests (DESIGN.md: `window.__contactkit`, with `scene`). */
export function publish(state: { scene: string; frame: number; } & Record<string, unknown>): void {
  (window as unknown as { __contactkit: unknown; }).__contactkit = state;
  if (state.frame >= 1) showFirstFrame();
}

/** Calls `tick` with the frame's time on every animation frame, from the next one on. */
export function animate(tick: (now: number) => void): void {
  const frame = (now: number) => {
    tick(now);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** A label in canvas pixels: bold monospace, outlined in black so it reads over any picture. */
export function drawLabel(
  context: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  color: string,
): void {
  context.font = '600 12px ui-monospace, monospace';
  context.fillStyle = color;
  context.strokeStyle = '#000';
  context.lineWidth = 3;
  context.strokeText(text, x, y);
  context.fillText(text, x, y);
}

/** Sets a readout's text, touching the page only when it changed. */
export function showText(node: HTMLElement, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

/** A number for a readout: 4 significant digits, powers of ten from a million on, no -0. */
export function shortNumber(value: number, digits = 4): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 1e6) return value.toExponential(digits - 1).replace('e+', 'e');
  const text = Number(value.toPrecision(digits)).toString();
  return text === '-0' ? '0' : text;
}

/**
 * Draws an arrow from (x0, y0) to (x1, y1) in canvas pixels: a line of `width` and, when it is
 * longer than 4 px, a head of at most `maxHead` px (half the length for short arrows).
 */
export function drawArrow(
  context: CanvasRenderingContext2D,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  color: string,
  width: number,
  maxHead: number,
): void {
  const length = Math.hypot(x1 - x0, y1 - y0);
  context.strokeStyle = color;
  context.fillStyle = color;
  context.lineWidth = width;
  context.beginPath();
  context.moveTo(x0, y0);
  context.lineTo(x1, y1);
  context.stroke();
  if (length < 4) return;
  const ux = (x1 - x0) / length, uy = (y1 - y0) / length, head = Math.min(maxHead, length / 2);
  context.beginPath();
  context.moveTo(x1, y1);
  context.lineTo(x1 - head * ux - 0.5 * head * uy, y1 - head * uy + 0.5 * head * ux);
  context.lineTo(x1 - head * ux + 0.5 * head * uy, y1 - head * uy - 0.5 * head * ux);
  context.closePath();
  context.fill();
}

/**
 * World (metres, y up) to canvas CSS pixels (y down): `[cx + x scale, cy - y scale]`. A page
 * fits it to the canvas each frame; its pointer handlers map events back through it.
 */
export class WorldView {
  scale = 1;
  cx = 0;
  cy = 0;

  x(x: number): number {
    return this.cx + x * this.scale;
  }

  y(y: number): number {
    return this.cy - y * this.scale;
  }

  /** A world point in canvas CSS pixels, for `window.__contactkit.project`. */
  project(point: readonly number[]): [number, number] {
    return [this.x(point[0]!), this.y(point[1]!)];
  }

  /** The world point under a pointer event on `canvas`. */
  toWorld(event: MouseEvent, canvas: HTMLElement): [number, number] {
    const box = canvas.getBoundingClientRect();
    return [
      (event.clientX - box.left - this.cx) / this.scale,
      (this.cy - (event.clientY - box.top)) / this.scale,
    ];
  }

  /** An arrow between two world points, `width` px wide with a head of at most `maxHead` px. */
  arrow(
    context: CanvasRenderingContext2D,
    from: ArrayLike<number>,
    to: ArrayLike<number>,
    color: string,
    width: number,
    maxHead: number,
  ): void {
    drawArrow(
      context,
      this.x(from[0]!),
      this.y(from[1]!),
      this.x(to[0]!),
      this.y(to[1]!),
      color,
      width,
      maxHead,
    );
  }
}
