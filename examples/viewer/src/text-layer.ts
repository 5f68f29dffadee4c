/**
 * Text labels of the drawings (probe values, axis names) as HTML over the canvas: crisp at any
 * pixel ratio, the same size on a phone as on a desktop, and cheap to change every frame. A pool
 * of absolutely positioned spans in a layer that ignores the pointer, each placed clear of what
 * is drawn (label-placement.ts).
 */
import { placeLabel } from './label-placement.js';
import type { ScreenObstacles } from './label-placement.js';

export interface TextLabel {
  /** World position (2 or 3 components). */
  at: readonly number[];
  text: string;
  /** sRGB hex. */
  color: number;
}

export class TextLayer {
  private labels: readonly TextLabel[] = [];
  private readonly spans: HTMLSpanElement[] = [];
  /** Width and height (CSS pixels) of each text as drawn, measured once. */
  private readonly sizes = new Map<string, [number, number]>();

  constructor(private readonly root: HTMLElement) {}

  /** The labels to show from the next `draw` on. */
  set(labels: readonly TextLabel[]): void {
    this.labels = labels;
  }

  /**
   * Places the labels: each centred on its projected position when that leaves it clear of
   * `obstacles` and of the labels before it, else at the nearest clear spot around it.
   */
  draw(
    project: (point: readonly number[]) => [number, number],
    obstacles: ScreenObstacles = { segments: [], discs: [] },
  ): void {
    const placed: number[][] = [];
    const bounds = [this.root.clientWidth, this.root.clientHeight];
    while (this.spans.length < this.labels.length) {
      const span = document.createElement('span');
      span.className = 'overlay-label';
      this.root.append(span);
      this.spans.push(span);
    }
    this.spans.forEach((span, i) => {
      const label = this.labels[i];
      span.hidden = label === undefined;
      if (!label) return;
      if (span.textContent !== label.text) span.textContent = label.text;
      span.style.color = `#${label.color.toString(16).padStart(6, '0')}`;
      let size = this.sizes.get(label.text);
      if (!size) {
        size = [span.offsetWidth, span.offsetHeight];
        this.sizes.set(label.text, size);
      }
      const [ax, ay] = project(label.at);
      const [x, y] = placeLabel(ax, ay, size[0], size[1], obstacles, placed, bounds);
      placed.push([x, y, size[0], size[1]]);
      span.style.transform = `translate(${x.toFixed(1)}px, ${
        y.toFixed(1)
      }px) translate(-50%, -50%)`;
    });
  }

  clear(): void {
    for (const span of this.spans) span.remove();
    this.spans.length = 0;
  }
}
