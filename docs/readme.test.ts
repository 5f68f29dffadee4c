/**
 * The READMEs cannot go stale: every ```ts block runs, against the packages' sources, and prints
 * exactly the ```text block that follows it; each package README names exactly the exports of
 * its index (see readme-snippets.ts for the conventions).
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import ts from 'typescript';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { listedNames, readmes, root, snippets, workspacePackages } from './readme-snippets.js';

const packages = workspacePackages();
const sourceOf = new Map(packages.map((p) => [p.name, p.index]));
const written: string[] = [];

afterAll(() => {
  for (const dir of written) rmSync(dir, { recursive: true, force: true });
});

/**
 * Writes `code` beside its README (so its bare imports resolve as the README's package does) with
 * our packages pointed at their sources.
 */
function moduleFor(readme: string, line: number, code: string): string {
  const dir = join(dirname(join(root, readme)), `.readme-snippets-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  if (!written.includes(dir)) written.push(dir);
  const rewritten = code.replace(
    /(from\s+|import\s*\(\s*)(['"])(@contactkit\/[\w-]+)\2/g,
    (whole, prefix: string, quote: string, name: string) => {
      const source = sourceOf.get(name);
      return source === undefined
        ? whole
        : `${prefix}${quote}${relative(dir, source).split('\\').join('/')}${quote}`;
    },
  );
  const file = join(dir, `line-${line}.ts`);
  writeFileSync(file, rewritten);
  return file;
}

describe.each(readmes().map((file) => [relative(root, file), file]))('%s', (_name, file) => {
  const blocks = snippets(file);
  it.each(blocks.map((block) => [block.line, block]))(
    'the ts block at line %i runs and prints its text block',
    async (_line, block) => {
      const printed: string[] = [];
      const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
        printed.push(format(...args));
      });
      try {
        await import(pathToFileURL(moduleFor(block.file, block.line, block.code)).href);
      } finally {
        spy.mockRestore();
      }
      if (block.expected !== null) {
        const actual = printed.join('\n').trimEnd();
        expect(
          actual,
          `${block.file}:${block.line}: the \`\`\`text block after this ts block must be what it prints`,
        ).toBe(block.expected.trimEnd());
      }
    },
  );
});

let exportsCache: Map<string, string[]> | undefined;

/** The names every package index exports, values and types, by the TypeScript checker. */
function exportsOf(): Map<string, string[]> {
  if (exportsCache !== undefined) return exportsCache;
  const published = packages.filter((p) => !p.private);
  const program = ts.createProgram(published.map((p) => p.index), {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    customConditions: ['@contactkit/source'],
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const result = new Map<string, string[]>();
  for (const p of published) {
    const source = program.getSourceFile(p.index);
    const symbol = source && checker.getSymbolAtLocation(source);
    result.set(
      p.name,
      symbol ? checker.getExportsOfModule(symbol).map((s) => s.getName()).sort() : [],
    );
  }
  exportsCache = result;
  return result;
}

describe('each package README names exactly the exports of its index', () => {
  const exported = exportsOf();
  it.each(packages.filter((p) => !p.private).map((p) => [p.name, p]))('%s', (_name, p) => {
    const readme = relative(root, p.readme);
    const index = relative(root, p.index);
    const listed = listedNames(p.readme);
    expect(
      listed,
      `${readme} needs a section between <!-- exports: start --> and <!-- exports: end --> ` +
        `with a table whose first column names every export of ${index} in code spans`,
    ).not.toBeNull();
    const names = exported.get(p.name) ?? [];
    const problems: string[] = [];
    for (const name of names) {
      if (!listed!.has(name)) {
        problems.push(
          `\`${name}\` is exported by ${index} but not named in ${readme}: add a row ` +
            `| \`${name}\` | what it is | to the table between <!-- exports: start --> ` +
            'and <!-- exports: end -->',
        );
      }
    }
    for (const name of listed!) {
      if (!names.includes(name)) {
        problems.push(
          `\`${name}\` is named in the first column of the exports table of ${readme} but ` +
            `${index} does not export it: export it, or take it out of that column`,
        );
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

/**
 * Every TypeScript source a user meets: packages' and the viewer's sources, tests and test helpers
 * left out.
 */
function shippedSources(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (
        entry !== 'test-support' && entry !== 'node_modules' && entry !== 'dist' &&
        !entry.startsWith('.')
      ) files.push(...shippedSources(path));
    } else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts')) files.push(path);
  }
  return files;
}

describe('user-facing text cites published sources, not the seed documents users do not have', () => {
  const files = [
    ...readmes(),
    ...packages.flatMap((p) => shippedSources(join(p.dir, 'src'))),
    ...shippedSources(join(root, 'examples', 'viewer', 'src')),
  ].map((file) => relative(root, file));
  it.each(files)('%s', (file) => {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    const cited = lines.flatMap((
      line,
      i,
    ) => (/\bseeds? ?0\d\d\b|seed documents?/i.test(line)
      ? [`${file}:${i + 1}: ${line.trim()}`]
      : [])
    );
    expect(cited, `cite Millington, Ericson, Gottschalk or Box2D instead:\n${cited.join('\n')}`)
      .toEqual([]);
  });
});

describe('the READMEs name no class or type that nothing exports', () => {
  const exported = exportsOf();
  const ours = new Set([...exported.values()].flat());
  it.each(readmes().map((file) => [relative(root, file), file]))('%s', async (_name, file) => {
    // A capitalised name in a code span is one of ours, a JavaScript global (Float64Array,
    // RangeError) or a peer's, three.js's (Object3D, Mesh) or cannon-es's (World, Narrowphase):
    // anything else is a class or type a reader cannot import, like an internal helper named in
    // the prose.
    const peer = async (dir: string, name: string) =>
      (await import(
        pathToFileURL(createRequire(join(root, 'packages', dir, 'package.json')).resolve(name))
          .href
      )) as Record<string, unknown>;
    const peers = [await peer('three', 'three'), await peer('cannon-es', 'cannon-es')];
    const text = readFileSync(file, 'utf8');
    const unknown = [
      ...new Set(
        [...text.matchAll(/`(?:new )?([A-Z][A-Za-z0-9]*)(?:\([^`]*\))?`/g)].map((match) =>
          match[1]!
        ),
      ),
    ]
      .filter((name) =>
        !ours.has(name) && !(name in globalThis) && !peers.some((exports) => name in exports)
      );
    expect(
      unknown,
      `${relative(root, file)} names ${
        unknown.join(', ')
      }, which no contactkit package exports: export it, or describe it without its name`,
    ).toEqual([]);
  });
});
