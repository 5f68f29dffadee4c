/**
 * How long building a long concave `Polygon` takes (validation, the simple-outline sweep, the
 * convex decomposition, the pieces and their grids), for outlines of 1,000 to 100,000 vertices:
 * a star of jittered radii (every ear a long thin triangle: the case that made the old ear
 * clipper and self-intersection test quadratic), a smooth star and a traced staircase. Prints
 * the median of three builds and the time per vertex. A script, not a test: times vary with the
 * machine's load.
 *
 *     pnpm --filter @contactkit/benchmarks polygon-build
 */
import { Polygon } from '@contactkit/collision2d';
import { mulberry32 } from '@contactkit/test-support';

function outline(name: string, n: number): number[][] {
  const random = mulberry32(1);
  const points: number[][] = [];
  if (name === 'staircase') {
    const steps = Math.floor(n / 4);
    points.push([0, 0]);
    for (let s = 0; s < steps; s++) points.push([s + 1, s], [s + 1, s + 1]);
    for (let k = steps; k > 0; k--) points.push([0, k]);
    return points;
  }
  for (let i = 0; i < n; i++) {
    const angle = name === 'spiky star'
      ? (2 * Math.PI * (i + 0.8 * random())) / n
      : (2 * Math.PI * i) / n;
    const radius = name === 'spiky star' ? 0.3 + random() : 10 + 0.3 * Math.sin(40 * angle);
    points.push([radius * Math.cos(angle), radius * Math.sin(angle)]);
  }
  return points;
}

console.log('| outline | vertices | build (ms, median of 3) | per vertex (us) | pieces |');
console.log('|---|---:|---:|---:|---:|');
for (const name of ['spiky star', 'smooth star', 'staircase']) {
  for (const n of [1_000, 10_000, 40_000, 100_000]) {
    const points = outline(name, n);
    const times: number[] = [];
    let pieces = 0;
    for (let run = 0; run < 3; run++) {
      const start = process.hrtime.bigint();
      const polygon = new Polygon(points);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
      pieces = polygon.convexPieces().length;
    }
    times.sort((a, b) => a - b);
    const median = times[1]!;
    console.log(
      `| ${name} | ${points.length} | ${median.toFixed(0)} | ${
        ((1000 * median) / points.length).toFixed(1)
      } | ${pieces} |`,
    );
  }
}
