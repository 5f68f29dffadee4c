/**
 * Prints where a `node --cpu-prof` profile of `profile.ts` spent its time: self time per
 * function, and per source line of our packages, mapped from the JavaScript back to the
 * TypeScript through the source maps beside it (tsc's for our packages).
 * Usage: `hotspots.ts <profile dir> [lines]`.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; };
  positionTicks?: { line: number; ticks: number; }[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one source-map segment (base64 VLQ, sign in the lowest bit). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0, shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Where a generated line came from: a source file (relative to the repository) and its line. */
interface Origin {
  source: string;
  line: number;
}

const origins = new Map<string, Map<number, Origin> | null>();

/**
 * Generated line (1-based) to the source and line (1-based) of its first mapped segment, from the
 * file's `.js.map` (one source for tsc's, many for a bundle's: each segment names its source).
 */
function lineMap(file: string): Map<number, Origin> | null {
  if (origins.has(file)) return origins.get(file)!;
  const mapFile = `${file}.map`;
  let map: Map<number, Origin> | null = null;
  if (existsSync(mapFile)) {
    map = new Map();
    const { mappings, sources } = JSON.parse(readFileSync(mapFile, 'utf8')) as {
      mappings: string;
      sources: string[];
    };
    const names = sources.map((source) =>
      resolve(dirname(file), source).replace(/^.*\/(packages|benchmarks)\//, '$1/')
    );
    let sourceIndex = 0, sourceLine = 0;
    mappings.split(';').forEach((line, generated) => {
      for (const segment of line.split(',')) {
        if (segment === '') continue;
        const fields = decodeSegment(segment);
        if (fields.length < 4) continue;
        sourceIndex += fields[1]!;
        sourceLine += fields[2]!;
        if (!map!.has(generated + 1)) {
          map!.set(generated + 1, { source: names[sourceIndex] ?? '?', line: sourceLine + 1 });
        }
      }
    });
  }
  origins.set(file, map);
  return map;
}

const directory = process.argv[2] ?? 'results/profile';
const lineCount = Number(process.argv[3] ?? 25);
// --cpu-prof writes one profile per thread: take the one that ran the bundle.
const profiles = readdirSync(directory).filter((file) => file.endsWith('.cpuprofile')).map((file) =>
  JSON.parse(readFileSync(join(directory, file), 'utf8')) as Profile
);
const originOf = (node: ProfileNode, line: number): Origin | undefined =>
  node.callFrame.url.startsWith('file:')
    ? lineMap(fileURLToPath(node.callFrame.url))?.get(line)
    : undefined;
const profile = profiles.find((candidate) =>
  candidate.nodes.some((node) => node.callFrame.url.endsWith('/dist/profile.js'))
);
if (profile === undefined) throw new Error(`no profile in ${directory} ran dist/profile.js`);

const selfSamples = new Map<number, number>();
for (const id of profile.samples) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
const total = profile.samples.length;
const byFunction = new Map<string, number>();
const byLine = new Map<string, number>();
for (const node of profile.nodes) {
  const { functionName, url } = node.callFrame;
  const file = url.split('/').pop() ?? url;
  const key = `${functionName || '(anonymous)'} (${file})`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + (selfSamples.get(node.id) ?? 0));
  for (const { line, ticks } of node.positionTicks ?? []) {
    const origin = originOf(node, line);
    if (origin === undefined || !origin.source.startsWith('packages/')) continue;
    const where = `${origin.source}:${origin.line} (${functionName})`;
    byLine.set(where, (byLine.get(where) ?? 0) + ticks);
  }
}
const top = (entries: Map<string, number>, count: number): string[] =>
  [...entries].sort((x, y) => y[1] - x[1]).slice(0, count).map(([key, value]) =>
    `${((100 * value) / total).toFixed(1).padStart(5)}%  ${key}`
  );
console.log(`${total} samples. Self time by function:`);
console.log(top(byFunction, 15).join('\n'));
console.log('\nSelf time by source line (our packages):');
console.log(top(byLine, lineCount).join('\n'));
