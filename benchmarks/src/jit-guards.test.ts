/**
 * Guards of the JIT tricks docs/PERFORMANCE.md keeps ("Tricks kept"): a trick stays only while
 * it pays, and these fail when the property it exists for is lost. Each runs a small driver in a
 * Node process of its own with `--trace-turbo-inlining` (V8 prints every inlining decision) on
 * the package sources, and asserts the decision the trick exists for.
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const benchmarks = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * V8's inlining trace of `driver` (an ES module run from this package, our packages read from
 * their sources): a hot `run` calls the kernel 100,000 times, enough for TurboFan.
 */
function inliningTrace(driver: string): string {
  return execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--conditions=@contactkit/source',
      '--trace-turbo-inlining',
      // Compile on the main thread: on a loaded machine a background compile can finish after the
      // loop has ended, and the process exits with nothing traced (bytecode size NaN in CI, 2026-11-29).
      '--no-concurrent-recompilation',
      '--input-type=module',
      '-e',
      driver,
    ],
    { cwd: benchmarks, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
}

/**
 * Whether the trace shows `callee` inlined into `caller`, and the callee's bytecode size (NaN
 * when V8 did not even consider it: too large).
 */
function inlined(trace: string, callee: string, caller: string): { into: boolean; size: number; } {
  const into = new RegExp(
    `Inlining \\S+ \\{\\S+ <SharedFunctionInfo ${callee}>\\} into \\S+ \\{\\S+ <SharedFunctionInfo ${caller}>\\}`,
  )
    .test(trace);
  const size = new RegExp(`<SharedFunctionInfo ${callee}>\\}, bytecode size: (\\d+)`).exec(trace);
  return { into, size: size === null ? NaN : Number(size[1]) };
}

/** The hot loop every driver ends with: `call()` 50 x 2000 times inside one function `run`. */
const HOT_LOOP = `
function run(n) {
  let contacts = 0;
  for (let i = 0; i < n; i++) contacts += call();
  return contacts;
}
let total = 0;
for (let k = 0; k < 50; k++) total += run(2000);
if (!(total > 0)) throw new Error('the kernel found no contact');
`;

describe('the JIT tricks PERFORMANCE.md keeps still do what they are kept for', () => {
  it(
    'sphere-sphere.ts: Math.hypot out of line keeps collideSphereSphere inlined into its caller',
    () => {
      const trace = inliningTrace(`
import { CollisionData, Sphere, collideSphereSphere } from '@contactkit/contacts3d';
const a = new Sphere(1), b = new Sphere(0.5).setPose([1.2, 0.1, 0], [0, 0, 0, 1]);
const data = new CollisionData({ capacity: 4 });
const call = () => {
  data.reset();
  return collideSphereSphere(a, b, data);
};
${HOT_LOOP}`);
      const result = inlined(trace, 'collideSphereSphere', '(call|run)');
      expect(
        result.into,
        `collideSphereSphere inlined (bytecode size ${result.size}; V8 inlines up to 460)`,
      ).toBe(true);
    },
    60_000,
  );

  it(
    'circle-circle.ts: scaledNormal out of line keeps collideCircleCircle inlined into its caller',
    () => {
      const trace = inliningTrace(`
import { Circle, CollisionData2, collideCircleCircle } from '@contactkit/collision2d';
const a = new Circle(1), b = new Circle(0.5).setPose([1.2, 0.1], 0);
const data = new CollisionData2({ capacity: 4 });
const call = () => {
  data.reset();
  return collideCircleCircle(a, b, data);
};
${HOT_LOOP}`);
      const result = inlined(trace, 'collideCircleCircle', '(call|run)');
      expect(
        result.into,
        `collideCircleCircle inlined (bytecode size ${result.size}; V8 inlines up to 460)`,
      ).toBe(true);
    },
    60_000,
  );
});
