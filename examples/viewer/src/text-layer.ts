/**
 * Text labels of the drawings (probe values, axis names) as HTML over the canvas: crisp at any
 * pixel ratio and cheap to change every frame. A pool of absolutely positioned spans in a layer
 * that ignores the pointer.
 */
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

  constructor(private readonly root: HTMLElement) {}

  /** The labels to show from the next `draw` on. */
  set(labels: readonly TextLabel[]): void {
    this.labels = labels;
  }

  /** Places the labels, centred on their projected positions. */
  draw(project: (point: readonly number[]) => [number, number]): void {
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
      const [x, y] = project(label.at);
      if (span.textContent !== label.text) span.textContent = label.text;
      span.style.color = `#${label.color.toString(16).padStart(6, '0')}`;
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
