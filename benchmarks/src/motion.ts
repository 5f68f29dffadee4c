/**
 * The motion tables: `ContourBall.advance(1 / 60)` over a 1,000-segment profile (nanoseconds per
 * simulated frame), and `sweepCircle` against contours of 100 to 10,000 vertices (the segment
 * grid keeps the cost nearly flat). No peer has either: planck's and Box2D's time of impact
 * takes two convex shapes of at most 8 vertices, matter-js and SAT.js have none.
 */
import { Chain, Circle, Polygon, SweepHit, sweepCircle } from '@contactkit/collision2d';
import { ContourBall } from '@contactkit/motion2d';
import { Random } from '@contactkit/test-support';
import { sink } from './harness.js';
import { bytesPerCall, medianNanoseconds } from './measure.js';
import type { ScalingRow, ScalingTable } from './report.js';
import { wavyContour } from './scaling.js';

/** Frames timed per cycle of the harness (the ball goes on from where it was). */
const FRAMES = 512;
const SEGMENTS = 1_000;

/**
 * A U over x in [-250, 250] (y = x^2 / 500, so 125 high at the ends), in `SEGMENTS` segments,
 * with ripples of `ripple` amplitude and a 6 m wavelength: their crests are convex corners.
 */
function profile(ripple: number): number[][] {
  const points: number[][] = [];
  for (let i = 0; i <= SEGMENTS; i++) {
    const x = -250 + (500 * i) / SEGMENTS;
    points.push([x, (x * x) / 500 + ripple * Math.sin((2 * Math.PI * x) / 6)]);
  }
  return points;
}

async function advanceTable(): Promise<ScalingTable> {
  const rows: ScalingRow[] = [];
  const cases: [string, number][] = [
    ['smooth U: rolling, concave corners only', 0],
    ['rippled U (0.3 m): convex corners, flights, bounces', 0.3],
  ];
  for (const [label, ripple] of cases) {
    const points = profile(ripple);
    // No friction: the ball swings for as long as the harness runs (on the ripples it hops and
    // lands).
    const ball = new ContourBall(points, { radius: 0.5, restitution: 0.5 });
    // At rest on the U's side 100 m out (on segment 300, from x = -100), rolling down and across
    // the bottom at up to 40 m/s.
    const [ax, ay] = points[300]!, [bx, by] = points[301]!;
    const length = Math.hypot(bx! - ax!, by! - ay!),
      ex = (bx! - ax!) / length,
      ey = (by! - ay!) / length;
    ball.launch([ax! + 0.1 * ex - 0.5 * ey, ay! + 0.1 * ey + 0.5 * ex], [0, 0]);
    const run = (): number => {
      ball.advance(1 / 60);
      return ball.mode === 'flight' ? 0 : 1;
    };
    let grounded = 0;
    for (let i = 0; i < FRAMES; i++) grounded += run();
    const medianNs = await medianNanoseconds(run, FRAMES);
    sink[0]! += ball.position[0]!;
    rows.push({
      label,
      size: SEGMENTS,
      medianNs,
      contactsPerCall: grounded / FRAMES,
      bytesPerCall: Math.max(0, Math.round(bytesPerCall(run, FRAMES, medianNs))),
    });
    process.stderr.write(`  advance, ${label}: ${medianNs.toFixed(1)} ns\n`);
  }
  return {
    title: 'Motion: ContourBall.advance(1/60) over a 1,000-segment profile',
    unit: 'ns per simulated frame',
    rows,
    notes: [
      'A ball of radius 0.5 let go on the side of a U 500 m wide, 20 m up, restitution 0.5 ' +
      'and no friction, so it swings (and on the ripples flies off crests, bounces and ' +
      'lands) for as long as the harness runs; "contacts per call" is the share of the ' +
      'first 512 frames that end with the ball on the contour (not in flight).',
    ],
  };
}

async function sweepTable(): Promise<ScalingTable> {
  const rows: ScalingRow[] = [];
  const count = 1024;
  for (const n of [100, 1_000, 10_000]) {
    const outline = wavyContour(n);
    for (
      const [name, shape] of [['Polygon', new Polygon(outline)], [
        'Chain',
        new Chain(outline),
      ]] as const
    ) {
      // Circles of radius 0.4 between 0.5 and 3 outside the outline's mean radius, each moved
      // by up to 4 in a random direction, about half of them toward the contour.
      const random = new Random(500 + n);
      const mean = (n * 0.5) / (2 * Math.PI);
      const circles: Circle[] = [];
      const displacements: Float64Array[] = [];
      for (let i = 0; i < count; i++) {
        const theta = random.range(0, 2 * Math.PI), distance = mean + 1.5 + random.range(0.5, 3);
        circles.push(
          new Circle(0.4).setPose([distance * Math.cos(theta), distance * Math.sin(theta)], 0),
        );
        const turn = random.range(0, 2 * Math.PI), length = random.range(0.5, 4);
        displacements.push(Float64Array.of(length * Math.cos(turn), length * Math.sin(turn)));
      }
      const hit = new SweepHit();
      const run = (i: number): number => {
        if (!sweepCircle(circles[i]!, displacements[i]!, shape, hit)) return 0;
        sink[0]! += hit.time;
        return 1;
      };
      let hits = 0;
      for (let i = 0; i < count; i++) hits += run(i);
      const medianNs = await medianNanoseconds(run, count);
      rows.push({
        label: `${name}, circle r 0.4 moved up to 4 near a wavy contour (edges ~0.5)`,
        size: n,
        medianNs,
        contactsPerCall: hits / count,
        bytesPerCall: Math.max(0, Math.round(bytesPerCall(run, count, medianNs))),
      });
      process.stderr.write(`  sweep ${name} ${n}: ${medianNs.toFixed(1)} ns\n`);
    }
  }
  return {
    title: 'Motion: sweepCircle against a wavy contour',
    unit: 'ns/call',
    rows,
    notes: ['"contacts per call" is the share of sweeps that touch the contour.'],
  };
}

/** Both motion tables. */
export async function motionTables(): Promise<ScalingTable[]> {
  process.stderr.write('Motion\n');
  return [await advanceTable(), await sweepTable()];
}
