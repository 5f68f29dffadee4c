/**
 * How many configurations each seeded property test of this package runs (tests only): 10,000
 * by default; the environment variable CONTACTKIT_PROPERTY_RUNS raises the count (a smaller or
 * malformed value is ignored), as in contacts3d's property tests.
 */
export const PROPERTY_RUNS = Math.max(
  10_000,
  Number(process.env['CONTACTKIT_PROPERTY_RUNS'] ?? 0) || 0,
);

/**
 * Timeout in milliseconds for a test of `PROPERTY_RUNS` configurations: 10 s plus 2 ms per
 * configuration (the slowest runs about 0.1 ms each alone; a loaded 2-core machine is slower).
 */
export const PROPERTY_TIMEOUT = 10_000 + 2 * PROPERTY_RUNS;
