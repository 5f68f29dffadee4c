/**
 * The line-length half of `pnpm format:check`: fails on any line over MAX_LENGTH characters in a
 * TypeScript or JavaScript file of the repository (tracked, or new and not ignored), naming each
 * as file:line. dprint wraps code at 100 but leaves long strings and comments as they are; this
 * catches those. Wrap a comment at 100, split a long string with + or say it in fewer words.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAX_LENGTH = 120;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const patterns = ['*.ts', '*.mts', '*.cts', '*.js', '*.mjs', '*.cjs'];
const files = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...patterns],
  { cwd: root, encoding: 'utf8' },
).split('\n').filter((file) => file !== '');

const long = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(join(root, file), 'utf8');
  } catch {
    continue; // deleted in the work tree but still in the index
  }
  text.split(/\r?\n/).forEach((line, index) => {
    // Characters as a reader counts them: code points, not UTF-16 units.
    const length = [...line].length;
    if (length > MAX_LENGTH) long.push(`${file}:${index + 1}: ${length} characters`);
  });
}

if (long.length > 0) {
  console.error(
    `${long.length} line${long.length === 1 ? '' : 's'} over ${MAX_LENGTH} characters ` +
      '(wrap comments at 100; split long strings with +):',
  );
  for (const line of long) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`Line length: no line over ${MAX_LENGTH} characters in ${files.length} files`);
