/**
 * The page's whole state in its URL, so that a link reproduces a configuration exactly:
 * `?scene=sat-axes&tolerance=0.3&max=4&p0=-0.5,0.2,0.2&axis=3&point=0.1,0.4&witnesses=1&labels=0`
 * (and `edges=0` in a scene on a mesh or heightfield).
 * Numbers are written with `String(number)`, which reads back as the same double. Only what
 * differs from the scene's start is written; a URL may give any subset (`?tolerance=0.3`).
 * Pure: no DOM.
 */

/** Everything the URL can hold. */
export interface ViewerState {
  scene: string;
  tolerance: number;
  maxContactsPerPair: number;
  /** Per shape: 2D `[x, y, angle]`, 3D `[x, y, z, qx, qy, qz, qw]`. */
  poses: number[][];
  /** The point under test (point-in-polygon), else null. */
  point: [number, number] | null;
  /** The scene's choice (sat-axes: the axis), -1 for its default. */
  choice: number;
  witnesses: boolean;
  labels: boolean;
  /** Whether a mesh's or heightfield's edge flags are drawn (scenes on one). */
  edges: boolean;
}

/** What a URL gave: each field only when present; `poses[i]` only for the shapes it named. */
export interface ParsedState {
  scene: string | null;
  tolerance?: number;
  maxContactsPerPair?: number;
  poses: (number[] | undefined)[];
  point?: [number, number];
  choice?: number;
  witnesses?: boolean;
  labels?: boolean;
  edges?: boolean;
  /** Parameters that could not be read, each naming the parameter and its value. */
  errors: string[];
}

function numbers(name: string, text: string, errors: string[]): number[] | undefined {
  const values = text.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
  if (values.some((v) => !Number.isFinite(v))) {
    errors.push(`${name}=${text}: expected finite numbers separated by commas`);
    return undefined;
  }
  return values;
}

function flag(name: string, text: string, errors: string[]): boolean | undefined {
  if (text === '1' || text === 'true') return true;
  if (text === '0' || text === 'false') return false;
  errors.push(`${name}=${text}: expected 1 or 0`);
  return undefined;
}

/** Reads a query string (`location.search`). Unknown parameters are ignored. */
export function parseState(search: string): ParsedState {
  const params = new URLSearchParams(search);
  const errors: string[] = [];
  const state: ParsedState = { scene: params.get('scene'), poses: [], errors };
  const one = (name: string): number | undefined => {
    const text = params.get(name);
    if (text === null) return undefined;
    const values = numbers(name, text, errors);
    if (values && values.length !== 1) {
      errors.push(`${name}=${text}: expected one number`);
      return undefined;
    }
    return values?.[0];
  };
  const tolerance = one('tolerance');
  if (tolerance !== undefined) state.tolerance = tolerance;
  const max = one('max');
  if (max !== undefined) state.maxContactsPerPair = max;
  const choice = one('axis');
  if (choice !== undefined) state.choice = choice;
  for (const [name, text] of params) {
    const match = /^p(\d+)$/.exec(name);
    if (match) {
      const pose = numbers(name, text, errors);
      if (pose) state.poses[Number(match[1])] = pose;
    }
  }
  const point = params.get('point');
  if (point !== null) {
    const values = numbers('point', point, errors);
    if (values && values.length === 2) state.point = [values[0]!, values[1]!];
    else if (values) errors.push(`point=${point}: expected x,y`);
  }
  for (const name of ['witnesses', 'labels', 'edges'] as const) {
    const text = params.get(name);
    if (text === null) continue;
    const value = flag(name, text, errors);
    if (value !== undefined) state[name] = value;
  }
  return state;
}

function same(a: readonly number[] | null, b: readonly number[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
}

/** The query string of `state`, naming only what differs from `start` (the scene always). */
export function formatState(state: ViewerState, start: ViewerState): string {
  const params = new URLSearchParams();
  params.set('scene', state.scene);
  if (!Object.is(state.tolerance, start.tolerance)) {
    params.set('tolerance', String(state.tolerance));
  }
  if (state.maxContactsPerPair !== start.maxContactsPerPair) {
    params.set('max', String(state.maxContactsPerPair));
  }
  state.poses.forEach((pose, i) => {
    if (!same(pose, start.poses[i] ?? null)) params.set(`p${i}`, pose.map(String).join(','));
  });
  if (state.point && !same(state.point, start.point)) {
    params.set('point', state.point.map(String).join(','));
  }
  if (state.choice !== start.choice) params.set('axis', String(state.choice));
  if (state.witnesses !== start.witnesses) params.set('witnesses', state.witnesses ? '1' : '0');
  if (state.labels !== start.labels) params.set('labels', state.labels ? '1' : '0');
  if (state.edges !== start.edges) params.set('edges', state.edges ? '1' : '0');
  // Commas need no escaping in a query; keeping them makes a link readable.
  return `?${params.toString().replace(/%2C/g, ',')}`;
}
