/**
 * `pnpm bench` and `pnpm profile` first bundle the benchmark with esbuild into `dist/` and then
 * run plain `node` on the bundle. Our packages are bundled from their TypeScript sources (the
 * `source` export condition), so the numbers are always those of the checked-out code; the peers
 * stay external and load from node_modules as their users load them.
 *
 * Why not run the sources through tsx, as the tests do: tsx compiles CommonJS modules (sat,
 * cannon-es, gl-matrix) through esbuild's synchronous API, which hands buffers to a worker and
 * detaches them. Once any ArrayBuffer in a process has been detached, V8 drops its "no buffer was
 * ever detached" assumption and checks every typed-array access in optimized code for it: about
 * 16% more instructions in our typed-array kernels, a cost that is the tool's, not the library's,
 * and that the peers (plain objects, or WebAssembly) hardly pay.
 */
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await build({
  entryPoints: ['main.ts', 'row.ts', 'profile.ts'].map((file) => join(root, 'src', file)),
  outdir: join(root, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['source'],
  // The peers and the timer, exactly as published.
  external: ['@dimforge/rapier3d-compat', 'cannon-es', 'mitata', 'planck', 'sat'],
  sourcemap: true,
  logLevel: 'warning',
});
