/**
 * `pnpm fuzz [--n N] [--seed S] [--pair NAME[,NAME...]] [--regime NAME] [--strict] [--repros N]`: runs the
 * adversarial suite and prints the report; exits with 1 when a property fails (known defects of
 * known.ts aside, unless --strict). `pnpm fuzz --list` prints the subjects' names, one a line (for
 * a long run split by subject).
 */
import { KNOWN_DEFECTS } from './known.js';
import { formatReport } from './report.js';
import { allSubjects } from './subjects.js';
import { type RunOptions, runSuite } from './suite.js';

function parse(argv: readonly string[]): RunOptions & { repros: number; list: boolean; } {
  const options: RunOptions & { repros: number; list: boolean; } = {
    n: 1000,
    seed: 1,
    repros: 10,
    list: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!, value = argv[i + 1];
    const number = () => {
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < 0) {
        throw new RangeError(`${flag} needs a whole number, got ${value}`);
      }
      i++;
      return parsed;
    };
    if (flag === '--n') options.n = number();
    else if (flag === '--seed') options.seed = number();
    else if (flag === '--repros') options.repros = number();
    else if (flag === '--pair') (options.subject = value, i++);
    else if (flag === '--regime') (options.regime = value, i++);
    else if (flag === '--strict') options.strict = true;
    else if (flag === '--list') options.list = true;
    else if (flag === '--') continue;
    else {throw new RangeError(
        `unknown option ${flag} (--n, --seed, --pair, --regime, --strict, --repros, --list)`,
      );}
  }
  return options;
}

const options = parse(process.argv.slice(2));
if (options.list) {
  for (const subject of allSubjects()) console.log(subject.name);
} else {
  const result = runSuite(allSubjects(), options, KNOWN_DEFECTS);
  for (const line of formatReport(result, options.repros)) console.log(line);
  process.exitCode = result.failures > 0 ? 1 : 0;
}
