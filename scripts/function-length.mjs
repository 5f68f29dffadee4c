/**
 * The function-length half of `pnpm format:check` for the viewer: fails when a function in
 * examples/viewer/src (tests aside) spans more than MAX_LINES lines, naming each as file:line.
 * Issue 28 asked for program pages built like the rest of the viewer (state, input handling and
 * drawing in separate small parts); this keeps them that way. A function's span counts the
 * functions nested in it, so a page cannot grow again as one long closure.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const MAX_LINES = 150;
const FOLDER = 'examples/viewer/src';

/**
 * Functions allowed to be longer, by `file:name`, each with the reason; the list should end
 * empty. An entry no longer needed is reported, so that it is removed.
 */
const EXCEPTIONS = new Map([]);

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Every .ts file under `folder`, tests (`*.test.ts`) aside. */
function sourceFiles(folder) {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .filter((entry) => !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The name a reader would look for: the declaration's, or the variable or property it is bound to. */
function functionName(node) {
  if (ts.isConstructorDeclaration(node)) {
    return `${node.parent.name?.getText() ?? 'class'}.constructor`;
  }
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) {
    return parent.name.getText();
  }
  return '(anonymous)';
}

const long = [];
const excepted = new Set();
let count = 0;
for (const path of sourceFiles(join(root, FOLDER))) {
  const file = relative(root, path);
  const source = ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      count++;
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      const name = functionName(node);
      if (lines > MAX_LINES) {
        if (EXCEPTIONS.has(`${file}:${name}`)) excepted.add(`${file}:${name}`);
        else long.push(`${file}:${first + 1}: ${name} spans ${lines} lines`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

if (long.length > 0) {
  console.error(
    `${long.length} function${long.length === 1 ? '' : 's'} over ${MAX_LINES} lines in ${FOLDER} ` +
      '(split it into parts with one job each: state, input, drawing, panel, step):',
  );
  for (const line of long) console.error(`  ${line}`);
  process.exit(1);
}
for (const key of EXCEPTIONS.keys()) {
  if (!excepted.has(key)) {
    console.warn(`Function length: ${key} is within ${MAX_LINES} lines now; remove its exception`);
  }
}
console.log(
  `Function length: no function over ${MAX_LINES} lines in ${FOLDER} (${count} functions, ` +
    `${excepted.size} excepted)`,
);
