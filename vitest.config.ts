import { defineConfig } from 'vitest/config';

// Tests run on the TypeScript sources: every package exports them under the `@contactkit/source`
// condition, a name only this workspace sets (a consumer's tools never pick it).
export default defineConfig({
  resolve: { conditions: ['@contactkit/source'] },
  ssr: { resolve: { conditions: ['@contactkit/source'] } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'examples/*/src/**/*.test.ts',
      'benchmarks/src/**/*.test.ts',
      'fuzz/src/**/*.test.ts',
      'docs/**/*.test.ts',
    ],
    environment: 'node',
    // In CI a JSON report as well, from which .ci/run prints its closing "N passed, N failed" line.
    reporters: process.env['CI'] ? ['default', 'json'] : ['default'],
    outputFile: { json: '.vitest-results.json' },
  },
});
