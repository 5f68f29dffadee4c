/**
 * The report of a run: one line per property and regime (per dimension, summed over the
 * subjects, the failing subjects named), the first failing case of each failing cell as code a
 * person can paste, and a total line.
 */
import type { Cell, RunResult } from './suite.js';

/** The report's lines. */
export function formatReport(result: RunResult, maxRepros = 10): string[] {
  const lines: string[] = [];
  const groups = new Map<string, Cell[]>();
  for (const cell of result.cells) {
    const key = `${cell.dimension}\u0000${cell.property}\u0000${cell.regime}`;
    groups.set(key, [...(groups.get(key) ?? []), cell]);
  }
  const width = Math.max(10, ...result.cells.map((c) => c.property.length));
  const regimeWidth = Math.max(10, ...result.cells.map((c) => c.regime.length));
  for (const [key, cells] of [...groups].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) {
    const [dimension, property, regime] = key.split('\u0000') as [string, string, string];
    const checked = cells.reduce((sum, c) => sum + c.checked, 0);
    const failed = cells.reduce((sum, c) => sum + c.failed, 0);
    const who = cells.filter((c) => c.failed > 0).map((c) =>
      `${c.subject} ${c.failed}${c.known ? ` known, ${c.known.reference}` : ''}`
    );
    lines.push(
      `${dimension}  ${property.padEnd(width)}  ${regime.padEnd(regimeWidth)}  checked ${
        String(checked).padStart(8)
      }  failed ${String(failed).padStart(6)}${who.length ? `  (${who.join('; ')})` : ''}`,
    );
  }
  const failing = result.cells.filter((c) => c.first !== null).sort((a, b) =>
    Number(!!a.known) - Number(!!b.known)
  );
  for (const cell of failing.slice(0, maxRepros)) {
    lines.push('');
    lines.push(
      `FAILED ${cell.subject} / ${cell.property} / ${cell.regime}${
        cell.known ? ` (known: ${cell.known.reference})` : ''
      }: ${cell.first!.message}`,
    );
    lines.push(cell.first!.repro);
  }
  if (failing.length > maxRepros) {
    lines.push('', `(${failing.length - maxRepros} more failing cells; --repros N prints more)`);
  }
  const checks = result.cells.reduce((sum, c) => sum + c.checked, 0);
  lines.push('');
  for (const t of result.timings) {
    lines.push(
      `time  ${t.subject.padEnd(24)}  ${String(t.configurations).padStart(8)} configurations  ${
        t.seconds.toFixed(1).padStart(8)
      } s  ${t.cpuSeconds.toFixed(1).padStart(8)} s CPU`,
    );
  }
  lines.push('');
  const counts =
    `${checks} checks, ${result.failures} failed, ${result.knownFailures} known (known.ts)`;
  lines.push(
    `Total: ${result.configurations} configurations (${result.skipped} not placed), ${counts}, ${
      result.seconds.toFixed(1)
    } s (${result.cpuSeconds.toFixed(1)} s CPU)`,
  );
  return lines;
}
