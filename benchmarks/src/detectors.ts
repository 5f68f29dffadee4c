/**
 * Finds our detectors by name in a package's public index. A name the index does not export is
 * reported as missing, and the rows that need it are left out of the run (with the reason)
 * rather than failing the whole benchmark.
 */

/** Where a detector was found: `index` (public export), or missing. */
export interface Found<F> {
  fn: F | undefined;
  from: string;
}

/** Looks up `names` among the exports of `index` (a package's module namespace). */
export function findExports(
  index: Record<string, unknown>,
  names: readonly string[],
): Record<string, Found<(...args: never[]) => unknown>> {
  const found: Record<string, Found<(...args: never[]) => unknown>> = {};
  for (const name of names) {
    const value = index[name];
    found[name] = typeof value === 'function'
      ? { fn: value as (...args: never[]) => unknown, from: 'index' }
      : { fn: undefined, from: 'missing' };
  }
  return found;
}
