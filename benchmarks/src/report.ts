/** The tables of a run, as Markdown and JSON. */
import { cpus, totalmem } from 'node:os';
import { type CannonStepTable, cannonStepMarkdown } from './cannon-steps.js';

export interface Row {
  library: string;
  call: string;
  note?: string;
  medianNs: number;
  /** Median of the fastest peer divided by this row's median: above 1 is faster than every peer. */
  speedVsFastestPeer: number;
  contactsPerCall: number;
  bytesPerCall: number;
}

export interface PairResult {
  id: string;
  title: string;
  configurations: number;
  mix: Record<string, number>;
  /** What the configurations are, when not the standard mix. */
  inputs?: string;
  rows: Row[];
  /** Why our row is absent, when it is. */
  missing?: string;
}

export interface Target {
  description: string;
  required: number;
  /** The measured speed-up (peer median / ours), or bytes per call for the allocation target. */
  measured: number | null;
  pass: boolean;
  unit: 'x' | 'bytes/call';
  /** For a speed target: the pair's id and the peers it is measured against. */
  pair?: string;
  peers?: string[];
}

export interface ScalingRow {
  label: string;
  size: number;
  medianNs: number;
  contactsPerCall: number;
  bytesPerCall: number;
}
export interface ScalingTable {
  title: string;
  unit: string;
  /** What `size` counts, for the per-unit column; vertices or circles when absent. */
  per?: string;
  rows: ScalingRow[];
  missing?: string;
  notes?: string[];
}

export interface Results {
  machine: {
    cpu: string;
    cores: number;
    memoryGiB: number;
    node: string;
    v8: string;
    platform: string;
    date: string;
  };
  method: string[];
  /** Median of an empty call through the timing loop, included in every median. */
  timingOverheadNs: number;
  pairs: PairResult[];
  scaling: ScalingTable[];
  /** cannon-es's world.step with and without contactkit (cannon-steps.ts), when run. */
  cannonSteps?: CannonStepTable;
  targets: Target[];
  sink: number[];
  seconds: number;
}

export function machine(): Results['machine'] {
  const cores = cpus();
  return {
    cpu: cores[0]?.model.trim() ?? 'unknown',
    cores: cores.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    v8: process.versions.v8,
    platform: `${process.platform} ${process.arch}`,
    date: new Date().toISOString(),
  };
}

const ns = (value: number): string => (value < 100 ? value.toFixed(1) : value.toFixed(0));
const ratio = (value: number): string => (value >= 10 ? value.toFixed(0) : value.toFixed(2)) + 'x';

export function toMarkdown(results: Results): string {
  const m = results.machine;
  const lines: string[] = [
    '# contactkit benchmarks: latest run',
    '',
    `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node} (V8 ${m.v8}), ${m.platform}, ` +
    `${m.date}; the whole run took ${results.seconds.toFixed(0)} s.`,
    '',
    ...results.method.map((line) => `- ${line}`),
    '',
  ];
  for (const pair of results.pairs) {
    const mix = Object.entries(pair.mix).map(([category, share]) =>
      `${Math.round(share * 100)}% ${category}`
    ).join(', ');
    const inputs = pair.inputs === undefined ? '' : ` ${pair.inputs}`;
    lines.push(
      `## ${pair.title}`,
      '',
      `${pair.configurations} configurations: ${mix}.${inputs}`,
      '',
    );
    if (pair.missing) lines.push(`contactkit: ${pair.missing}`, '');
    lines.push(
      '| implementation | call | median ns/call | speed vs fastest peer | contacts/call | bytes/call |',
      '| --- | --- | ---: | ---: | ---: | ---: |',
    );
    for (const row of pair.rows) {
      const call = row.note ? `\`${row.call}\` (${row.note})` : `\`${row.call}\``;
      lines.push(
        `| ${row.library} | ${call} | ${ns(row.medianNs)} | ${ratio(row.speedVsFastestPeer)} | ${
          row.contactsPerCall.toFixed(2)
        } | ${Math.round(row.bytesPerCall)} |`,
      );
    }
    lines.push('');
  }
  for (const table of results.scaling) {
    lines.push(`## ${table.title}`, '');
    if (table.missing) {
      lines.push(`Not run: ${table.missing}`, '');
      continue;
    }
    lines.push(
      `| case | size | median ${table.unit} | ns per ${
        table.per ?? 'vertex or circle'
      } | contacts per call | bytes per call |`,
      '| --- | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const row of table.rows) {
      lines.push(
        `| ${row.label} | ${row.size} | ${ns(row.medianNs)} | ${
          (row.medianNs / row.size).toFixed(2)
        } | ${row.contactsPerCall.toFixed(2)} | ${Math.round(row.bytesPerCall)} |`,
      );
    }
    lines.push('');
    for (const note of table.notes ?? []) lines.push(`Note: ${note}`, '');
  }
  if (results.cannonSteps) lines.push(...cannonStepMarkdown(results.cannonSteps));
  lines.push(
    '## Targets',
    '',
    '| target | measured | required | result |',
    '| --- | ---: | ---: | --- |',
  );
  for (const target of results.targets) {
    const measured = target.measured === null
      ? 'not measured'
      : target.unit === 'x'
      ? ratio(target.measured)
      : `${target.measured} bytes/call`;
    const required = target.unit === 'x'
      ? `>= ${target.required}x`
      : `${target.required} bytes/call`;
    lines.push(
      `| ${target.description} | ${measured} | ${required} | ${target.pass ? 'PASS' : 'MISS'} |`,
    );
  }
  lines.push(
    '',
    `Sink (sum of every timed call's penetrations and contact counts): ${
      results.sink.map((v) => v.toPrecision(6)).join(', ')
    }.`,
    '',
  );
  return lines.join('\n');
}

/** Libraries compiled to WebAssembly: every other peer is plain JavaScript. */
const WEBASSEMBLY = new Set(['rapier']);

/**
 * The root README's table: for each pair our median, the fastest peer and the fastest pure-JS
 * peer (name, median, and how many times faster ours is); below it the machine, Node version and
 * date of the run, so the README never shows figures without where they were taken.
 */
export function summaryMarkdown(results: Results): string {
  const lines = [
    '| pair | contactkit | fastest peer | ratio | fastest pure-JS peer | ratio | target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const pair of results.pairs) {
    const ours = pair.rows.find((row) => row.library === 'contactkit');
    const peers = pair.rows.filter((row) => row.library !== 'contactkit');
    if (ours === undefined || peers.length === 0) continue;
    const fastest = (rows: Row[]): Row =>
      rows.reduce((best, row) => (row.medianNs < best.medianNs ? row : best));
    const cell = (row: Row | undefined): [string, string] =>
      row === undefined
        ? ['none', '']
        : [`${row.library} ${ns(row.medianNs)}`, ratio(row.medianNs / ours.medianNs)];
    const pureJs = peers.filter((row) => !WEBASSEMBLY.has(row.library));
    const [peer, peerRatio] = cell(fastest(peers));
    const [js, jsRatio] = cell(pureJs.length > 0 ? fastest(pureJs) : undefined);
    const target = results.targets.find((t) => t.pair === pair.id && t.unit === 'x');
    const goal = target
      ? `${target.required}x over ${(target.peers ?? []).join(' and ')}: ${
        target.pass ? 'met' : 'not met'
      }`
      : '';
    lines.push(
      `| ${pair.title} | ${
        ns(ours.medianNs)
      } | ${peer} | ${peerRatio} | ${js} | ${jsRatio} | ${goal} |`,
    );
  }
  const m = results.machine;
  lines.push(
    '',
    `Taken on ${m.cpu} (${m.cores} cores, ${m.memoryGiB} GiB), Node ${m.node} (V8 ${m.v8}), ` +
      `${m.platform}, on ${m.date.slice(0, 10)}.`,
  );
  return lines.join('\n') + '\n';
}

/**
 * `text` with what lies between the markers `<!-- name: start -->` and `<!-- name: end -->`
 * replaced by `body`; unchanged without them.
 */
export function replaceBetweenMarkers(text: string, name: string, body: string): string {
  const start = `<!-- ${name}: start -->`, end = `<!-- ${name}: end -->`;
  const from = text.indexOf(start), to = text.indexOf(end);
  if (from < 0 || to < from) return text;
  return `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`;
}
