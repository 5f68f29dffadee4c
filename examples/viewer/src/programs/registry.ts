/**
 * The viewer's programs: pages of their own rather than a pair of shapes (the digitiser is an
 * editor; the comet runs a ball), opened by the same `?scene=<id>` as the scenes and listed in
 * the same menu. One entry per program; `start` loads its module only when it is opened.
 */
export interface ProgramEntry {
  id: string;
  title: string;
  /** Builds the page in `#stage` and `#panel` and starts it. */
  start(): Promise<void>;
}

export const PROGRAMS: readonly ProgramEntry[] = [
  {
    id: 'digitiser',
    title: 'Digitiser',
    start: async () => (await import('./digitiser.js')).startDigitiser(),
  },
  { id: 'comet', title: 'Comet', start: async () => (await import('./comet.js')).startComet() },
  {
    id: 'rolling-ball',
    title: 'Rolling ball',
    start: async () => (await import('./rolling-ball.js')).startRollingBall(),
  },
  {
    id: 'pinball',
    title: 'Pinball',
    start: async () => (await import('./pinball.js')).startPinball(),
  },
  {
    id: 'polygon-rays',
    title: 'Polygon rays',
    start: async () => (await import('./polygon-rays.js')).startPolygonRays(),
  },
  {
    id: 'contour-probe',
    title: 'Contour probe',
    start: async () => (await import('./contour-probe.js')).startContourProbe(),
  },
];

/** The program an id names, or undefined. */
export function findProgram(id: string | null): ProgramEntry | undefined {
  return PROGRAMS.find((entry) => entry.id === id);
}
