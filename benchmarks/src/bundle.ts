/**
 * `pnpm bench` and `pnpm profile` first build our packages with `tsc -b` (their published
 * `dist/`, from the checked-out sources, incrementally) and bundle the benchmark's own code with
 * esbuild into `dist/`; then plain `node` runs the bundle. Our packages and the peers stay
 * external: each loads from node_modules exactly as its users load it, ours from the tsc build.
 *
 * Why not run the sources through tsx, as the tests do: tsx compiles CommonJS modules (sat,
 * cannon-es, gl-matrix) through esbuild's synchronous API, which hands buffers to a worker and
 * detaches them. Once any ArrayBuffer in a process has been detached, V8 drops its "no buffer was
 * ever detached" assumption and checks every typed-array access in optimized code for it: about
 * 16% more instructions in our typed-array kernels, a cost that is the tool's, not the library's,
 * and that the peers (plain objects, or WebAssembly) hardly pay. And why not bundle our packages
 * too: esbuild turns a bundle's top-level `const` into `var`, which V8 no longer treats as a
 * constant, so the kernels would run differently from the published build.
 */
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await build({
  entryPoints: ['main.ts', 'row.ts', 'profile.ts', 'cannon-bytes.ts'].map((file) =>
    join(root, 'src', file)
  ),
  outdir: join(root, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Our packages (their tsc build) and the peers, exactly as published.
  external: [
    '@contactkit/cannon-es',
    '@contactkit/collision2d',
    '@contactkit/contacts3d',
    '@contactkit/math',
    '@contactkit/motion2d',
    '@box2d/core',
    '@dimforge/rapier3d-compat',
    'cannon-es',
    'crashcat',
    'matter-js',
    'oimophysics',
    'planck',
    'sat',
  ],
  sourcemap: true,
  logLevel: 'warning',
});
