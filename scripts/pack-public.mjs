/**
 * `pnpm pack:public`: packs every public package (packages/* whose package.json is not private)
 * into `packed/` at the repository root, one tarball each, as `pnpm publish` would publish it
 * (each package's prepack builds its dist/, and `workspace:` ranges become version ranges).
 * `pnpm -r pack` would pack the private workspace packages too.
 *
 * The folder is emptied first, so it holds exactly one version of each package and
 * `npm install <clone>/packed/*.tgz` in another project installs them all in one step: npm takes
 * `@contactkit/math` and the others from the tarballs named, not from the registry, where they are
 * not published yet. The README's "Using the packages before they are on npm" shows that line;
 * `pnpm pack:check` runs this command and that line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const packed = join(root, 'packed');

const packages = readdirSync(join(root, 'packages'))
  .map((dir) => join(root, 'packages', dir))
  .filter((dir) => existsSync(join(dir, 'package.json')))
  .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
  .filter(({ manifest }) => manifest.private !== true);

rmSync(packed, { recursive: true, force: true });
mkdirSync(packed);
for (const { dir, manifest } of packages) {
  const result = spawnSync('pnpm', ['pack', '--pack-destination', packed], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    console.error(`pnpm pack of ${manifest.name} failed (exit ${result.status ?? result.error})`);
    process.exit(1);
  }
}

const tarballs = readdirSync(packed).filter((name) => name.endsWith('.tgz')).sort();
console.log(`Packed ${packages.length} public packages into packed/:`);
for (const name of tarballs) console.log(`  ${name}`);
console.log(`In another project, install them all with npm:\n  npm install ${packed}/*.tgz`);
