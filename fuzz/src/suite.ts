/**
 * What the suite is made of, and the loop that runs it. A subject is one detector or overlap
 * test: its regimes, a generator of seeded configurations per regime, its properties, and how a
 * failing configuration prints as code. A property checks one configuration and answers null
 * (holds), a message (fails) or undefined (does not apply to this configuration: not counted).
 */
import { Random } from '@contactkit/test-support';

/** One property of a subject's configurations. */
export interface Property<C> {
  readonly name: string;
  check(config: C): string | null | undefined;
}

/** A detector or an overlap test under test. */
export interface Subject<C> {
  /** The function's name (`collideCirclePolygon`, `overlapBoxBox`, ...). */
  readonly name: string;
  readonly dimension: '2d' | '3d';
  /** The regimes this subject's shapes can be drawn in. */
  readonly regimes: readonly string[];
  /** A configuration of `regime` from `random`, or null when the draw could not be placed. */
  generate(regime: string, random: Random): C | null;
  readonly properties: readonly Property<C>[];
  /** TypeScript that rebuilds the configuration and shows the failure. */
  repro(config: C, property: string, message: string): string;
}

/**
 * A defect the suite finds in today's code and another branch fixes: failures of this subject,
 * property and regime are reported as known rather than failing the run. `'*'` as the property or
 * the regime matches every one. The list lives in known.ts.
 */
export interface KnownDefect {
  readonly subject: string;
  readonly property: string;
  readonly regime: string;
  /** Where it is described: `issue 21, item 1`. */
  readonly reference: string;
}

/** The settings of a run. */
export interface RunOptions {
  /** Configurations per subject, spread evenly over its regimes. */
  n: number;
  seed: number;
  /**
   * Only the subject of this name, or (when no subject has it as its whole name) those containing
   * it; several such names separated by commas select the subjects any of them selects.
   */
  subject?: string;
  /** Only this regime. */
  regime?: string;
  /** Failures on the known list count as failures. */
  strict?: boolean;
  /** Most reproductions printed. */
  maxRepros?: number;
}

/** Counts of one (subject, property, regime) cell. */
export interface Cell {
  subject: string;
  dimension: '2d' | '3d';
  property: string;
  regime: string;
  checked: number;
  failed: number;
  /** The matching entry of the known list, when the cell has one (and the run is not strict). */
  known: KnownDefect | null;
  /** The first failure: its message and its reproduction. */
  first: { message: string; repro: string; } | null;
}

/** What a run found. */
export interface RunResult {
  cells: Cell[];
  /** Configurations generated, and draws that could not be placed (a generator's miss, not a defect). */
  configurations: number;
  skipped: number;
  /** Failures not on the known list. */
  failures: number;
  knownFailures: number;
  /** Time taken per subject. */
  timings: SubjectTiming[];
  seconds: number;
  cpuSeconds: number;
}

/** A 32-bit seed for a subject and regime, from the run's seed (FNV-1a over the names). */
export function cellSeed(seed: number, subject: string, regime: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (const ch of `${subject}/${regime}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193);
  return hash >>> 0;
}

/** How long one subject took: wall time, and the process's CPU time (less sensitive to other jobs). */
export interface SubjectTiming {
  subject: string;
  configurations: number;
  seconds: number;
  cpuSeconds: number;
}

/** The process's CPU time so far (user and system), in seconds. */
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** Checks every property of the subject on one configuration, counting into the cell `cellOf` gives. */
function checkAll<C>(subject: Subject<C>, config: C, cellOf: (property: string) => Cell): void {
  for (const property of subject.properties) {
    let outcome: string | null | undefined;
    try {
      outcome = property.check(config);
    } catch (error) {
      outcome = `the check threw: ${String((error as Error)?.stack ?? error)}`;
    }
    if (outcome === undefined) continue;
    const cell = cellOf(property.name);
    cell.checked++;
    if (outcome === null) continue;
    cell.failed++;
    if (cell.first === null) {
      cell.first = { message: outcome, repro: subject.repro(config, property.name, outcome) };
    }
  }
}

/** The cell of (subject, property, regime), made on first use with its known-list entry. */
function cellFor(
  cells: Map<string, Cell>,
  subject: Subject<unknown>,
  property: string,
  regime: string,
  options: RunOptions,
  knownDefects: readonly KnownDefect[],
): Cell {
  const key = `${subject.name}\u0000${property}\u0000${regime}`;
  let cell = cells.get(key);
  if (!cell) {
    const known = options.strict ?
      null :
      knownDefects.find((k) =>
        k.subject === subject.name && (k.property === '*' || k.property === property) &&
        (k.regime === '*' || k.regime === regime)
      ) ?? null;
    cell = {
      subject: subject.name,
      dimension: subject.dimension,
      property,
      regime,
      checked: 0,
      failed: 0,
      known,
      first: null,
    };
    cells.set(key, cell);
  }
  return cell;
}

/** Runs every subject (filtered) over its regimes and properties. */
export function runSuite(
  subjects: readonly Subject<unknown>[],
  options: RunOptions,
  knownDefects: readonly KnownDefect[] = [],
): RunResult {
  const start = performance.now(), cpuStart = cpuSeconds();
  const cells = new Map<string, Cell>();
  let configurations = 0, skipped = 0;
  // A name that is some subject's whole name picks that one; otherwise every name containing it.
  const wanted = options.subject?.toLowerCase().split(',');
  const picks = (name: string) =>
    wanted === undefined ||
    wanted.some((w) =>
      subjects.some((s) => s.name.toLowerCase() === w) ? name === w : name.includes(w)
    );
  const timings: SubjectTiming[] = [];
  for (const subject of subjects) {
    if (!picks(subject.name.toLowerCase())) continue;
    const regimes = subject.regimes.filter((r) =>
      options.regime === undefined || r === options.regime
    );
    if (regimes.length === 0) continue;
    const subjectStart = performance.now(), cpuStart = cpuSeconds();
    const perRegime = Math.max(1, Math.round(options.n / regimes.length));
    for (const regime of regimes) {
      const random = new Random(cellSeed(options.seed, subject.name, regime));
      for (let i = 0; i < perRegime; i++) {
        const config = subject.generate(regime, random);
        configurations++;
        if (config === null) skipped++;
        else {checkAll(subject, config, (property) =>
            cellFor(cells, subject, property, regime, options, knownDefects));}
      }
    }
    timings.push({
      subject: subject.name,
      configurations: perRegime * regimes.length,
      seconds: (performance.now() - subjectStart) / 1000,
      cpuSeconds: cpuSeconds() - cpuStart,
    });
  }
  const list = [...cells.values()];
  const failures = list.filter((c) => !c.known).reduce((sum, c) => sum + c.failed, 0);
  const knownFailures = list.filter((c) => c.known).reduce((sum, c) => sum + c.failed, 0);
  return {
    cells: list,
    configurations,
    skipped,
    failures,
    knownFailures,
    timings,
    seconds: (performance.now() - start) / 1000,
    cpuSeconds: cpuSeconds() - cpuStart,
  };
}
