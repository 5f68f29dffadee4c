/**
 * Finds our detectors: from the package's public index when it exports them, otherwise from the
 * source file that defines them (detectors land one file at a time while the index catches up).
 * A detector not found anywhere is reported as missing and its rows are left out of the run.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packagesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages');

/** Where a detector was found: `index` (public export) or the source file's path, or missing. */
export interface Found<F> { fn: F | undefined; from: string }

/**
 * Looks up `names` in package `packageName` (folder `folder` under packages/), falling back to
 * the files of its `src/` (`.ts`), or of its `dist/` (`.js`, the tsc build) when `built` is true.
 */
export async function findExports(
  packageName: string,
  folder: string,
  names: readonly string[],
  built = false,
): Promise<Record<string, Found<(...args: never[]) => unknown>>> {
  const found: Record<string, Found<(...args: never[]) => unknown>> = {};
  const index = (await import(packageName)) as Record<string, unknown>;
  const missing: string[] = [];
  for (const name of names) {
    const value = index[name];
    if (typeof value === 'function') found[name] = { fn: value as (...args: never[]) => unknown, from: 'index' };
    else missing.push(name);
  }
  if (missing.length > 0) {
    const sub = built ? 'dist' : 'src';
    const extension = built ? '.js' : '.ts';
    const srcDir = join(packagesDir, folder, sub);
    for (const file of readdirSync(srcDir).sort()) {
      if (!file.endsWith(extension) || file.includes('.test.') || file === `index${extension}`) continue;
      let module: Record<string, unknown>;
      try {
        module = (await import(pathToFileURL(join(srcDir, file)).href)) as Record<string, unknown>;
      } catch {
        continue; // a file in the middle of being written by its owner
      }
      for (const name of missing) {
        const value = module[name];
        if (found[name] === undefined && typeof value === 'function') {
          found[name] = { fn: value as (...args: never[]) => unknown, from: `packages/${folder}/${sub}/${file}` };
        }
      }
    }
  }
  for (const name of names) found[name] ??= { fn: undefined, from: 'missing' };
  return found;
}
