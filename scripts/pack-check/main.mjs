/**
 * The pack-and-consume check (`pnpm pack:check`, the last step of `pnpm test`): what a user who
 * installs our packages gets, checked outside the workspace, by the commands the root README's
 * "Using the packages before they are on npm" gives.
 *
 * 1. Runs `pnpm pack:public` (scripts/pack-public.mjs), which packs every public package
 *    (packages/* whose package.json is not private) into packed/, each prepack building dist/,
 *    and checks that packed/ holds exactly one tarball per public package and nothing else.
 * 2. Runs each `npm install` line of that README section in a project of its own in the system's
 *    temp folder, beside a `contactkit` link to this repository (the README's projects sit
 *    beside the clone). The first line, which installs every tarball, makes the main scratch
 *    project, with the lowest version of every peer dependency's range added (three 0.160
 *    today); every other line's project imports and calls what it installed. In the main one:
 *    - checks each manifest and file list: dist/ built, no build info, tests or stale outputs,
 *      no workspace-only export condition or protocol, the metadata fields, a LICENSE;
 *    - imports each package in Node and makes a real call (smoke.mjs), and require()s it
 *      (require.cjs: Node 20.19 and newer load an ES module through require);
 *    - typechecks a consumer (consumer.ts, and a namespace import of every package) with
 *      moduleResolution node16 and bundler, and the packages that need no three without the
 *      DOM's types, under the oldest TypeScript we support (OLDEST_TYPESCRIPT) and the current
 *      one, with skipLibCheck off;
 *    - bundles two browser entries with esbuild and checks their minified sizes.
 * 3. Runs publint (warnings fail) and @arethetypeswrong/cli on each tarball. attw runs with its
 *    esm-only profile: the packages are ES modules only, so it leaves out the node10 and
 *    node16-from-CommonJS resolutions, whose "require resolves to ESM" predates Node's require of
 *    ES modules; require.cjs checks require() on Node itself instead.
 *
 * Set PACK_CHECK_KEEP=1 to keep the scratch projects (their folder is printed). packed/ stays.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');

/**
 * The oldest TypeScript a consumer may use (root devDependency `typescript-5.0`), and the current
 * one.
 */
const OLDEST_TYPESCRIPT = 'typescript-5.0';
const CURRENT_TYPESCRIPT = 'typescript';

/**
 * Minified browser bundle limits in bytes (1 KB = 1000 bytes, as issue 14 item 9 counts them):
 * what a user's bundler keeps of our packages and gl-matrix for the names imported.
 */
const BUNDLE_SIZE_LIMITS = [
  {
    entry: 'Sphere, CollisionData, collideSphereSphere',
    code: "export { Sphere, CollisionData, collideSphereSphere } from '@contactkit/contacts3d';",
    // 8,000 until every shape kept its world box (`aabb`, DESIGN.md): the field, the hook in the
    // pose setters and the sphere's box cost 175 bytes minified (7,917 -> 8,092). 8,500 until
    // setPose checked and wrote the pose in one pass (its slow path for quaternions of extreme
    // length keeping the old messages) and the world box became a lazy getter: 8,851 bytes.
    limit: 9_200,
  },
  {
    entry: 'Sphere, CollisionData, collideSphereSphere, Box, collide',
    code:
      "export { Sphere, CollisionData, collideSphereSphere, Box, collide } from '@contactkit/contacts3d';",
    // 25,000 until `collide` answered capsules and convex hulls: it keeps every detector it
    // dispatches to (the capsule pairs about 10 KB, the hull pairs about 14 KB): 49,519 bytes.
    // 55,000 until it answered triangle meshes and heightfields (the shapes, their hierarchy and
    // grid, the sphere and capsule kernel, about 7.5 KB): 57,007 bytes.
    // 62,000 until it answered hull against capsule and took a PairCache (the cached axis and
    // manifold recycling in the box and hull pairs): 70,070 bytes.
    // 76,000 until it answered box and hull against meshes and heightfields (their kernel, about
    // 7 KB): 77,347 bytes.
    // 84,000 until the hull SAT walked the Gauss map, the capsule pairs took their cache, the mesh
    // contacts were reduced per normal and a heightfield answered for its solid column: 86,736
    // bytes. A user who needs less imports the named detectors, as the entry above does.
    // 92,000 until the heightfield's box and hull kernel tested a triangle's column by its own
    // separating axes (FINDINGS.md F23): 92,142 bytes.
    // 94,000 until the hull searches started from seeds (the hull-hull row) and the box and hull
    // mesh kernel clipped a sunk triangle's column and answered from each prism as a last resort
    // (FINDINGS.md F27, F69): 98,059 bytes.
    // 100,000 until the face kept over an edge axis had to free the pair (box-box and the hulls,
    // FINDINGS.md F124, F125), a sphere or capsule beside a heightfield's grid answered for the
    // solid under a border cell (F132), and the box and hull mesh kernel learnt to tell a hull
    // apart from a one-sided mesh and to push one off an open edge (F145 to F147): 115,580 bytes.
    limit: 120_000,
  },
];

/**
 * Generic typed arrays (`Float64Array<ArrayBuffer>`, TypeScript 5.7 and newer) break older
 * consumers (TS2315).
 */
const GENERIC_TYPED_ARRAY =
  /\b(?:Float32|Float64|Int8|Int16|Int32|Uint8|Uint8Clamped|Uint16|Uint32|BigInt64|BigUint64)Array</;

const failures = [];
const timings = [];

function fail(message) {
  failures.push(message);
  console.error(`  FAIL ${message}`);
}

async function step(title, body) {
  console.log(`\n${title}`);
  const start = performance.now();
  await body();
  const seconds = (performance.now() - start) / 1000;
  timings.push([title, seconds]);
  console.log(`  (${seconds.toFixed(1)} s)`);
}

/** Runs a command; returns its output, or records a failure (with the output) when it fails. */
function run(command, args, cwd, what = `${command} ${args.join(' ')}`) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.error || result.status !== 0) {
    fail(`${what} (exit ${result.status ?? result.error?.message}):\n${output.trimEnd()}`);
    return undefined;
  }
  return output;
}

/** `run`, asynchronously: resolves to the output, or to undefined after recording a failure. */
function runAsync(command, args, cwd, what) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => {
      fail(`${what}: ${error.message}`);
      done(undefined);
    });
    child.on('close', (status) => {
      if (status === 0) return done(output);
      fail(`${what} (exit ${status}):\n${output.trimEnd()}`);
      done(undefined);
    });
  });
}

/** Runs the tasks (functions returning promises), as many at a time as there are cores. */
async function inParallel(tasks) {
  const queue = [...tasks];
  const worker = async () => {
    while (queue.length > 0) await queue.shift()();
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), tasks.length) }, worker));
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function filesUnder(dir, base = dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory()
      ? filesUnder(path, base)
      : [relative(base, path).split('\\').join('/')];
  });
}

/** The lowest version a `>=x.y.z` range admits (the only form our peer ranges take). */
function lowestVersion(name, range) {
  const match = /^>=\s*(\d+\.\d+\.\d+)(?:\s*<\s*\S+)?$/.exec(range.trim());
  if (!match) {
    throw new Error(
      `peer dependency ${name}: cannot take the lowest version of "${range}" (write it as >=x.y.z)`,
    );
  }
  return match[1];
}

function conditionsOf(exports, found = new Set()) {
  if (exports && typeof exports === 'object') {
    for (const [key, value] of Object.entries(exports)) {
      if (!key.startsWith('.')) found.add(key);
      conditionsOf(value, found);
    }
  }
  return found;
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(
    `Node ${process.versions.node}: the packages support Node 20.19 and newer (require of ` +
      `an ES module); run this check there.`,
  );
  process.exit(1);
}

const packages = readdirSync(join(root, 'packages'))
  .map((dir) => ({ dir, manifestPath: join(root, 'packages', dir, 'package.json') }))
  .filter(({ manifestPath }) => existsSync(manifestPath))
  .map((p) => ({ ...p, manifest: readJson(p.manifestPath) }))
  .filter(({ manifest }) => !manifest.private);
const names = packages.map((p) => p.manifest.name);

/** The `npm install` lines of the root README's section on installing from a clone. */
const INSTALL_SECTION = 'Using the packages before they are on npm';
function readmeInstallLines() {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith(`${INSTALL_SECTION}\n`));
  if (section === undefined) throw new Error(`README.md has no section "## ${INSTALL_SECTION}"`);
  const shell = [...section.matchAll(/^```sh\n([\s\S]*?)^```/gm)].flatMap((m) => m[1].split('\n'));
  if (!shell.includes('pnpm pack:public')) {
    throw new Error(`README.md, "${INSTALL_SECTION}": no sh line \`pnpm pack:public\``);
  }
  const lines = shell.filter((line) => line.startsWith('npm install '));
  if (lines.length === 0 || !lines[0].endsWith('/packed/*.tgz')) {
    throw new Error(
      `README.md, "${INSTALL_SECTION}": its first npm install line must install packed/*.tgz`,
    );
  }
  return lines;
}

const base = mkdtempSync(join(tmpdir(), 'contactkit-pack-check-'));
// The README's projects sit beside the clone and name it ../contactkit.
symlinkSync(root, join(base, 'contactkit'), 'dir');
const scratch = join(base, 'app');
console.log(`Packing ${names.join(', ')}; scratch projects in ${base}`);

/** Makes an empty ES module project in `dir`. */
function newProject(dir) {
  mkdirSync(dir);
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'contactkit-consumer', private: true, type: 'module' }, null, 2)}\n`,
  );
}

/** Runs a README install line in `dir` through the shell (it expands the glob). */
function npmInstall(line, extra, dir) {
  return run('sh', ['-c', [line, ...extra].join(' ')], dir, `${line} (in ${dir})`);
}

try {
  const installLines = readmeInstallLines();
  await step('pnpm pack:public (prepack builds dist/) into packed/', () => {
    if (run('pnpm', ['pack:public'], root) === undefined) throw new Error('packing failed');
    const packed = readdirSync(join(root, 'packed'));
    for (const p of packages) {
      // pnpm names a tarball after the package and its version: @scope/name ->
      // scope-name-1.2.3.tgz.
      const filename = `${
        p.manifest.name.replace(/^@/, '').replace('/', '-')
      }-${p.manifest.version}.tgz`;
      if (packed.includes(filename)) p.tarball = join(root, 'packed', filename);
      else fail(`pnpm pack:public: no ${filename} in packed/`);
    }
    const extra = packed.filter((file) => !packages.some((p) => p.tarball?.endsWith(`/${file}`)));
    if (extra.length > 0) fail(`pnpm pack:public: packed/ also holds ${extra.join(', ')}`);
  });
  if (packages.some((p) => !p.tarball)) throw new Error('packing failed');

  const peers = new Map();
  for (const { manifest } of packages) {
    for (const [name, range] of Object.entries(manifest.peerDependencies ?? {})) {
      if (!names.includes(name)) peers.set(name, lowestVersion(name, range));
    }
  }

  await step(
    `The README's npm install lines, each in a new project; the first with the peers at their lowest: ${
      [...peers].map(([n, v]) => `${n}@${v}`).join(', ')
    }`,
    () => {
      const quiet = ['--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'];
      newProject(scratch);
      const specs = [...peers].map(([name, version]) => `${name}@${version}`);
      if (npmInstall(installLines[0], [...specs, ...quiet], scratch) === undefined) {
        throw new Error('npm install failed');
      }
      console.log(`  ${installLines[0]}: ok`);
      for (const file of ['smoke.mjs', 'require.cjs', 'consumer.ts']) {
        copyFileSync(join(here, file), join(scratch, file));
      }
      for (const [index, line] of installLines.slice(1).entries()) {
        const project = join(base, `app-${index + 1}`);
        newProject(project);
        if (npmInstall(line, quiet, project) === undefined) continue;
        copyFileSync(join(here, 'smoke.mjs'), join(project, 'smoke.mjs'));
        const installed = readdirSync(join(project, 'node_modules', '@contactkit'))
          .map((dir) => `@contactkit/${dir}`);
        if (run(process.execPath, ['smoke.mjs', ...installed], project) !== undefined) {
          console.log(`  ${line}: ok, imported and called ${installed.join(', ')}`);
        }
      }
    },
  );

  await step('Packed contents and manifests', () => {
    for (const { dir, manifest: source } of packages) {
      const installed = join(scratch, 'node_modules', source.name);
      const manifest = readJson(join(installed, 'package.json'));
      const files = filesUnder(installed).filter((f) => !f.startsWith('node_modules/'));
      const problems = [];
      for (const required of ['LICENSE', 'README.md', 'dist/index.js', 'dist/index.d.ts']) {
        if (!files.includes(required)) problems.push(`no ${required}`);
      }
      for (const file of files) {
        if (file.endsWith('.tsbuildinfo')) problems.push(`ships build info ${file}`);
        if (/\.test\.|test-support\//.test(file)) problems.push(`ships test file ${file}`);
        const js = /^dist\/(.*)\.js$/.exec(file);
        if (js && !files.includes(`src/${js[1]}.ts`)) {
          problems.push(`ships ${file}, built from no source in the tarball (stale dist/?)`);
        }
        if (
          file.endsWith('.d.ts') &&
          GENERIC_TYPED_ARRAY.test(readFileSync(join(installed, file), 'utf8'))
        ) {
          problems.push(
            `${file} names a generic typed array (${
              GENERIC_TYPED_ARRAY.exec(readFileSync(join(installed, file), 'utf8'))[0]
            }...>), TS2315 before TypeScript 5.7: annotate the declaration with the plain type, e.g. Float64Array`,
          );
        }
      }
      const conditions = [...conditionsOf(manifest.exports)];
      const unknown = conditions.filter((c) =>
        !['types', 'import', 'default', '@contactkit/source'].includes(c)
      );
      if (unknown.length > 0) {
        problems.push(
          `export conditions ${
            unknown.join(', ')
          }: a consumer's tools may set them (source-first resolution uses @contactkit/source)`,
        );
      }
      for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
        for (const [name, range] of Object.entries(manifest[field] ?? {})) {
          if (range.startsWith('workspace:')) problems.push(`${field}.${name} is ${range}`);
        }
      }
      if (manifest.license !== 'MIT') problems.push(`license ${manifest.license}`);
      if (manifest.type !== 'module') problems.push('not "type": "module"');
      if (
        manifest.repository?.directory !== `packages/${dir}` || !manifest.repository?.url
      ) problems.push('repository.url or repository.directory missing');
      if (!manifest.homepage) problems.push('no homepage');
      if (!manifest.bugs?.url) problems.push('no bugs.url');
      if (!(manifest.keywords?.length > 0)) problems.push('no keywords');
      if (manifest.engines?.node !== '>=20.19') {
        problems.push(`engines.node ${manifest.engines?.node}, not >=20.19`);
      }
      if (problems.length > 0) fail(`${source.name}: ${problems.join('; ')}`);
      else {console.log(`  ${source.name}: ${files.length} files, ${
          (statSync(packages.find((p) => p.dir === dir).tarball).size / 1000).toFixed(1)
        } KB packed`);}
    }
  });

  await step('Node: import and a real call, then require()', () => {
    const imported = run(
      process.execPath,
      ['smoke.mjs', ...names],
      scratch,
      'import and call (smoke.mjs)',
    );
    if (imported) process.stdout.write(imported);
    const required = run(
      process.execPath,
      ['--no-warnings', 'require.cjs', ...names],
      scratch,
      'require (require.cjs)',
    );
    if (required) process.stdout.write(required);
  });

  await step(
    `TypeScript consumer (skipLibCheck off): node16 and bundler, oldest (${OLDEST_TYPESCRIPT}) and current`,
    async () => {
      const importAll = (list) =>
        `${
          list.map((name, i) => `import * as package${i} from '${name}';`).join('\n')
        }\nexport const all = [${list.map((_, i) => `package${i}`).join(', ')}];\n`;
      writeFileSync(join(scratch, 'all-packages.ts'), importAll(names));
      // A Node program without the DOM's types: every package that needs no peer (no three).
      writeFileSync(
        join(scratch, 'no-dom.ts'),
        importAll(packages.filter((p) => !p.manifest.peerDependencies).map((p) => p.manifest.name)),
      );
      const common = {
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        target: 'ES2022',
        types: [],
      };
      const node16 = { module: 'node16', moduleResolution: 'node16' };
      const programs = {
        node16: {
          compilerOptions: { ...common, ...node16, lib: ['ES2022', 'DOM'] },
          files: ['consumer.ts', 'all-packages.ts'],
        },
        bundler: {
          compilerOptions: {
            ...common,
            module: 'esnext',
            moduleResolution: 'bundler',
            lib: ['ES2022', 'DOM'],
          },
          files: ['consumer.ts', 'all-packages.ts'],
        },
        'node16 without the DOM library': {
          compilerOptions: { ...common, ...node16, lib: ['ES2022'] },
          files: ['no-dom.ts'],
        },
      };
      const tasks = [];
      for (const [index, [program, tsconfig]] of Object.entries(programs).entries()) {
        writeFileSync(
          join(scratch, `tsconfig.${index}.json`),
          `${JSON.stringify(tsconfig, null, 2)}\n`,
        );
        for (const typescript of [OLDEST_TYPESCRIPT, CURRENT_TYPESCRIPT]) {
          const tsc = join(root, 'node_modules', typescript, 'bin', 'tsc');
          const what = `TypeScript ${
            readJson(join(root, 'node_modules', typescript, 'package.json')).version
          }, ${program}`;
          tasks.push(async () => {
            if (
              (await runAsync(
                process.execPath,
                [tsc, '-p', `tsconfig.${index}.json`],
                scratch,
                what,
              )) !== undefined
            ) console.log(`  ${what}: ok`);
          });
        }
      }
      await inParallel(tasks);
    },
  );

  await step('esbuild: minified browser bundles', async () => {
    for (const { entry, code, limit } of BUNDLE_SIZE_LIMITS) {
      const result = await build({
        stdin: { contents: code, resolveDir: scratch, loader: 'js' },
        bundle: true,
        minify: true,
        format: 'esm',
        platform: 'browser',
        write: false,
        logLevel: 'silent',
      });
      const bytes = result.outputFiles[0].contents.length;
      const line = `${entry}: ${bytes} bytes minified (limit ${limit})`;
      if (bytes > limit) fail(line);
      else console.log(`  ${line}`);
    }
  });

  await step('publint (warnings fail) and attw --profile esm-only on each tarball', async () => {
    const bin = join(root, 'node_modules', '.bin');
    const tasks = packages.flatMap(({ tarball, manifest }) => [
      async () => {
        const linted = await runAsync(
          join(bin, 'publint'),
          ['run', tarball, '--strict'],
          root,
          `publint ${manifest.name}`,
        );
        if (linted) {
          console.log(`  publint ${manifest.name}: ${linted.trim().split('\n').slice(-1)[0]}`);
        }
      },
      async () => {
        const typed = await runAsync(
          join(bin, 'attw'),
          [tarball, '--profile', 'esm-only', '--format', 'ascii', '--no-emoji', '--no-color'],
          root,
          `attw ${manifest.name}`,
        );
        if (typed) {
          const entry = typed.split(`"${manifest.name}"`)[1]?.split('***')[0] ?? '';
          const verdicts = entry.split('\n').filter((line) =>
            /^(node16 \(from ESM\)|bundler):/.test(line)
          );
          console.log(`  attw ${manifest.name}: ${verdicts.map((line) => line.trim()).join(', ')}`);
        }
      },
    ]);
    await inParallel(tasks);
  });
} catch (error) {
  fail(error.message);
} finally {
  if (process.env['PACK_CHECK_KEEP']) console.log(`\nScratch projects kept: ${base}`);
  else {
    unlinkSync(join(base, 'contactkit'));
    rmSync(base, { recursive: true, force: true });
  }
}

const total = timings.reduce((sum, [, seconds]) => sum + seconds, 0);
console.log(
  `\nPack check: ${failures.length === 0 ? 'ok' : `${failures.length} failed`} in ${
    total.toFixed(1)
  } s`,
);
if (failures.length > 0) process.exit(1);
