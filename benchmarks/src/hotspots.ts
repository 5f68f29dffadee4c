/**
 * Prints where a `node --cpu-prof` profile of `profile.ts` spent its time: self time per
 * function, and per source line of our packages, mapped from the built JavaScript back to the
 * TypeScript through tsc's source maps. Usage: `hotspots.ts <profile dir> [lines]`.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  positionTicks?: { line: number; ticks: number }[];
}
interface Profile { nodes: ProfileNode[]; samples: number[] }

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

const sourceLines = new Map<string, Map<number, number> | null>();

/** Generated line (1-based) to source line (1-based) of a built file, from its `.js.map`. */
function lineMap(file: string): Map<number, number> | null {
  if (sourceLines.has(file)) return sourceLines.get(file)!;
  const mapFile = `${file}.map`;
  let map: Map<number, number> | null = null;
  if (existsSync(mapFile)) {
    map = new Map();
    const { mappings } = JSON.parse(readFileSync(mapFile, 'utf8')) as { mappings: string };
    let sourceLine = 0;
    mappings.split(';').forEach((line, generated) => {
      for (const segment of line.split(',')) {
        if (segment === '') continue;
        const fields = decodeSegment(segment);
        if (fields.length < 4) continue;
        sourceLine += fields[2]!;
        if (!map!.has(generated + 1)) map!.set(generated + 1, sourceLine + 1);
      }
    });
  }
  sourceLines.set(file, map);
  return map;
}

const directory = process.argv[2] ?? 'results/profile';
const lineCount = Number(process.argv[3] ?? 25);
// --cpu-prof writes one profile per thread (tsx's loader runs in a worker): take the one that ran our code.
const profiles = readdirSync(directory).filter((file) => file.endsWith('.cpuprofile')).map((file) => JSON.parse(readFileSync(join(directory, file), 'utf8')) as Profile);
const ours = (node: ProfileNode): boolean => /\/packages\/[^/]+\/dist\//.test(node.callFrame.url);
const profile = profiles.find((candidate) => candidate.nodes.some(ours));
if (profile === undefined) throw new Error(`no profile in ${directory} ran code of packages/*/dist`);

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
  if (!ours(node) || node.positionTicks === undefined) continue;
  const map = lineMap(fileURLToPath(url));
  const source = url.replace(/^.*\/packages\//, 'packages/').replace('/dist/', '/src/').replace(/\.js$/, '.ts');
  for (const { line, ticks } of node.positionTicks) {
    const where = `${source}:${map?.get(line) ?? `js${line}`} (${functionName})`;
    byLine.set(where, (byLine.get(where) ?? 0) + ticks);
  }
}
const top = (entries: Map<string, number>, count: number): string[] =>
  [...entries].sort((x, y) => y[1] - x[1]).slice(0, count).map(([key, value]) => `${((100 * value) / total).toFixed(1).padStart(5)}%  ${key}`);
console.log(`${total} samples. Self time by function:`);
console.log(top(byFunction, 15).join('\n'));
console.log('\nSelf time by source line (our packages):');
console.log(top(byLine, lineCount).join('\n'));
