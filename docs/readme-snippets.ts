/**
 * The code blocks of the READMEs, for the tests that keep them true (readme.test.ts):
 *
 * - every ```ts block of the root README and of each package README is a module that runs;
 * - a ```text block right after a ```ts block (only blank lines between) is what the block
 *   prints with console.log, line for line;
 * - each package README has a section between `<!-- exports: start -->` and
 *   `<!-- exports: end -->` with a table whose first column names, in code spans, every export
 *   of the package's index and nothing else.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A package of the workspace: its directory, name and README. */
export interface WorkspacePackage {
  dir: string;
  name: string;
  readme: string;
  index: string;
  private: boolean;
}

/** Every package under packages/ with a README and a src/index.ts. */
export function workspacePackages(): WorkspacePackage[] {
  return readdirSync(join(root, 'packages'))
    .map((dir) => join(root, 'packages', dir))
    .filter((dir) =>
      existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'src', 'index.ts'))
    )
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name: string;
        private?: boolean;
      };
      return {
        dir,
        name: manifest.name,
        readme: join(dir, 'README.md'),
        index: join(dir, 'src', 'index.ts'),
        private: manifest.private === true,
      };
    });
}

/** The READMEs whose ```ts blocks must run: the root one and each published package's. */
export function readmes(): string[] {
  return [
    join(root, 'README.md'),
    ...workspacePackages().filter((p) => !p.private && existsSync(p.readme)).map((p) => p.readme),
  ];
}

/**
 * A ```ts block: its code, the line of its opening fence (1-based) and the ```text block after it,
 * if any.
 */
export interface Snippet {
  file: string;
  line: number;
  code: string;
  expected: string | null;
}

/** The fenced blocks of a Markdown text, in order. */
function fences(text: string): { lang: string; line: number; body: string; endLine: number; }[] {
  const lines = text.split('\n');
  const blocks: { lang: string; line: number; body: string; endLine: number; }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    let j = i + 1;
    while (j < lines.length && !/^```\s*$/.test(lines[j]!)) j++;
    blocks.push({
      lang: open[1]!,
      line: i + 1,
      body: lines.slice(i + 1, j).join('\n'),
      endLine: j + 1,
    });
    i = j;
  }
  return blocks;
}

/** The ```ts blocks of `file`, each with the ```text block that directly follows it. */
export function snippets(file: string): Snippet[] {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const blocks = fences(text);
  const result: Snippet[] = [];
  blocks.forEach((block, k) => {
    if (block.lang !== 'ts' && block.lang !== 'typescript') return;
    const next = blocks[k + 1];
    const between = next ? lines.slice(block.endLine, next.line - 1) : [];
    const expected = next && next.lang === 'text' && between.every((line) => line.trim() === '')
      ? next.body
      : null;
    result.push({ file: relative(root, file), line: block.line, code: block.body, expected });
  });
  return result;
}

/**
 * The names a README lists as its package's exports: the code spans (`name`, `name(...)` or
 * `new Name(...)`) in the first column of the table rows between `<!-- exports: start -->` and
 * `<!-- exports: end -->` (the other columns say what each is, freely). Null without README or
 * markers.
 */
export function listedNames(readme: string): Set<string> | null {
  if (!existsSync(readme)) return null;
  const text = readFileSync(readme, 'utf8');
  const start = text.indexOf('<!-- exports: start -->'),
    end = text.indexOf('<!-- exports: end -->');
  if (start < 0 || end < start) return null;
  const names = new Set<string>();
  for (const line of text.slice(start, end).split('\n')) {
    if (!line.startsWith('|')) continue;
    const firstCell = line.slice(1).split('|')[0]!;
    for (const match of firstCell.matchAll(/`(?:new )?([A-Za-z_$][\w$]*)(?:\([^`]*\))?`/g)) {
      names.add(match[1]!);
    }
  }
  return names;
}
