/**
 * The 2D scaling tables. (1) One circle against a concave contour of 10 to 100,000 vertices,
 * closed (Polygon) and open (Chain), edges about 0.5 long whatever the size: the outline grows,
 * the local geometry stays the same, so the table shows what the contour's size alone costs.
 * (2) A frame of N moving circles among static concave obstacles through the broadphase
 * (UniformGrid): move every circle and update its proxy, collect the candidate pairs, run
 * `collide2d` on each.
 */
import type { Collision2d, OurCollisionData2, OurShape2 } from './adapters2d.js';
import type { Found } from './detectors.js';
import { categories } from './inputs.js';
import { sink } from './harness.js';
import { bytesPerCall, medianNanoseconds } from './measure.js';
import { Random } from '@contactkit/test-support';
import type { ScalingRow, ScalingTable } from './report.js';
import type { V2 } from './space.js';

type Exports = Record<string, Found<(...args: never[]) => unknown>>;
type Collide = (a: OurShape2, b: OurShape2, data: OurCollisionData2) => number;

interface PairListLike {
  first: Int32Array;
  second: Int32Array;
  count: number;
}
interface GridLike {
  insertBox(id: number, box: ArrayLike<number>, isStatic?: boolean): void;
  updateBox(id: number, box: ArrayLike<number>): void;
  pairs(out: PairListLike): number;
}
interface Broadphase {
  UniformGrid: new(options: { cellSize: number; tableSize?: number; }) => GridLike;
  PairList: new(capacity?: number) => PairListLike;
}
interface Shape2Like extends OurShape2 {
  readonly aabb: Float64Array;
}

const EDGE = 0.5;
const CIRCLE_RADIUS = 0.4;

/**
 * A closed wavy outline of `n` vertices, counter-clockwise: radius `R + A sin(n theta / 20)` with
 * `R = n EDGE / 2 pi` (so edges are about EDGE long) and A = 1.5: a wave every 20 vertices, its
 * troughs concave. Below 40 vertices the wave is dropped (a plain regular polygon).
 */
export function wavyContour(n: number): V2[] {
  const base = (n * EDGE) / (2 * Math.PI);
  const amplitude = n >= 40 ? 1.5 : 0;
  const points: V2[] = [];
  for (let i = 0; i < n; i++) {
    const theta = (2 * Math.PI * i) / n;
    const r = base + amplitude * Math.sin((n / 20) * theta);
    points.push([r * Math.cos(theta), r * Math.sin(theta)]);
  }
  return points;
}

/**
 * Circle centres near the contour, in the benchmark's category mix (the depth measured from the
 * nearest vertex's radius).
 */
function circlesNear(points: V2[], count: number, seed: number): V2[] {
  const random = new Random(seed);
  return categories(count, random).map((category) => {
    const p = points[random.int(points.length)]!;
    const length = Math.hypot(p[0], p[1]);
    const depth = category === 'overlapping'
      ? random.range(0.05, 0.3) * CIRCLE_RADIUS
      : category === 'touching'
      ? 0
      : -random.range(0.05, 0.5) * CIRCLE_RADIUS;
    const reach = (length + CIRCLE_RADIUS - depth) / length;
    return [p[0] * reach, p[1] * reach];
  });
}

/** `Polygon` (closed) or `Chain` (open: the same outline without its closing edge). */
type ContourShape = new(points: readonly (readonly number[])[]) => OurShape2;

async function contourTable(
  api: Collision2d,
  Contour: ContourShape,
  collide: Collide,
  name: string,
): Promise<ScalingTable> {
  const rows: ScalingRow[] = [];
  const count = 1024;
  const notes: string[] = [];
  for (const n of [10, 100, 1_000, 10_000, 30_000, 100_000]) {
    const contour = wavyContour(n);
    let polygon: OurShape2;
    try {
      polygon = new Contour(contour).setPose([0, 0], 0);
    } catch (error) {
      notes.push(`${n} vertices: refused by ${Contour.name} (${(error as Error).message}).`);
      continue;
    }
    const circles = circlesNear(contour, count, 300 + n).map((centre) =>
      new api.Circle(CIRCLE_RADIUS).setPose(centre, 0)
    );
    const data = new api.CollisionData2({ capacity: 16, tolerance: 0 });
    const run = (i: number): number => {
      data.reset();
      return collide(circles[i]!, polygon, data);
    };
    let contacts = 0;
    for (let i = 0; i < count; i++) contacts += run(i);
    const medianNs = await medianNanoseconds(run, count);
    rows.push({
      label: `${name}, circle r ${CIRCLE_RADIUS} near a wavy contour (edges ~${EDGE})`,
      size: n,
      medianNs,
      contactsPerCall: contacts / count,
      bytesPerCall: Math.max(0, Math.round(bytesPerCall(run, count, medianNs))),
    });
    process.stderr.write(`  contour ${n}: ${medianNs.toFixed(1)} ns\n`);
  }
  return {
    title: `Scaling: circle against a concave contour (${name})`,
    unit: 'ns/call',
    rows,
    notes,
  };
}

/** A five-pointed star (concave, 10 vertices) of outer radius `outer`, counter-clockwise. */
function star(outer: number, turn: number): V2[] {
  const points: V2[] = [];
  for (let i = 0; i < 10; i++) {
    const theta = turn + (Math.PI * i) / 5;
    const r = i % 2 === 0 ? outer : outer * 0.45;
    points.push([r * Math.cos(theta), r * Math.sin(theta)]);
  }
  return points;
}

const FRAMES = 8;

async function sceneTable(
  api: Collision2d,
  grid: Broadphase,
  collide: Collide,
): Promise<ScalingTable> {
  const rows: ScalingRow[] = [];
  for (const n of [100, 1_000, 10_000]) {
    const random = new Random(400 + n);
    // About 9 square units per circle and one obstacle per 10 circles: a busy playfield.
    const side = Math.sqrt(9 * n);
    const broadphase = new grid.UniformGrid({ cellSize: 1, tableSize: 1 << 16 });
    const shapes: Shape2Like[] = [];
    const obstacles = Math.max(1, Math.round(n / 10));
    for (let i = 0; i < obstacles; i++) {
      const shape = new api.Polygon(star(1.5, random.range(0, Math.PI))).setPose([
        random.range(0, side),
        random.range(0, side),
      ], 0) as Shape2Like;
      broadphase.insertBox(shapes.length, shape.aabb, true);
      shapes.push(shape);
    }
    const firstCircle = shapes.length;
    // Each circle's positions over FRAMES frames: a random walk of steps up to 0.1.
    const positions = new Float64Array(FRAMES * n * 2);
    for (let c = 0; c < n; c++) {
      let x = random.range(0, side), y = random.range(0, side);
      for (let f = 0; f < FRAMES; f++) {
        x += random.range(-0.1, 0.1);
        y += random.range(-0.1, 0.1);
        positions[2 * (f * n + c)] = x;
        positions[2 * (f * n + c) + 1] = y;
      }
      const circle = new api.Circle(CIRCLE_RADIUS).setPose([
        positions[2 * c]!,
        positions[2 * c + 1]!,
      ], 0) as Shape2Like;
      broadphase.insertBox(shapes.length, circle.aabb);
      shapes.push(circle);
    }
    const pairs = new grid.PairList(4 * n);
    const data = new api.CollisionData2({ capacity: 16, tolerance: 0 });
    const position = new Float64Array(2);
    let pairCount = 0;
    const frame = (f: number): number => {
      const offset = f * n * 2;
      for (let c = 0; c < n; c++) {
        position[0] = positions[offset + 2 * c]!;
        position[1] = positions[offset + 2 * c + 1]!;
        const circle = shapes[firstCircle + c]!;
        circle.setPose(position, 0);
        broadphase.updateBox(firstCircle + c, circle.aabb);
      }
      const found = broadphase.pairs(pairs);
      pairCount = found;
      let contacts = 0;
      for (let k = 0; k < found; k++) {
        data.reset();
        contacts += collide(shapes[pairs.first[k]!]!, shapes[pairs.second[k]!]!, data);
      }
      return contacts;
    };
    let contacts = 0;
    let candidatePairs = 0;
    for (let f = 0; f < FRAMES; f++) {
      contacts += frame(f);
      candidatePairs += pairCount;
    }
    const medianNs = await medianNanoseconds(frame, FRAMES);
    const bytes = bytesPerCall(frame, FRAMES, medianNs);
    rows.push({
      label: `${n} circles, ${obstacles} stars, ${
        (candidatePairs / FRAMES).toFixed(0)
      } candidate pairs a frame`,
      size: n,
      medianNs,
      contactsPerCall: contacts / FRAMES,
      bytesPerCall: Math.max(0, Math.round(bytes)),
    });
    process.stderr.write(`  scene ${n}: ${(medianNs / 1e3).toFixed(1)} us\n`);
  }
  const notes = [
    `Bytes per frame: heap growth over ${FRAMES} frames a sample (smallest of seven), less ` +
    `the 256 or so bytes that reading the heap size allocates itself.`,
  ];
  return {
    title: 'Scaling: a frame of N moving circles among concave obstacles (UniformGrid + collide2d)',
    unit: 'ns/frame',
    rows,
    notes,
  };
}

export async function scalingTables(
  found: Exports,
  api: Collision2d | undefined,
): Promise<ScalingTable[]> {
  const tables: ScalingTable[] = [];
  const circlePolygon = found.collideCirclePolygon?.fn as Collide | undefined;
  if (api && circlePolygon) {
    process.stderr.write('Scaling: contour\n');
    tables.push(await contourTable(api, api.Polygon, circlePolygon, 'collideCirclePolygon'));
  } else {
    tables.push({
      title: 'Scaling: circle against a concave contour',
      unit: 'ns/call',
      rows: [],
      missing: 'collideCirclePolygon, Polygon or Circle not found',
    });
  }
  const circleChain = found.collideCircleChain?.fn as Collide | undefined;
  const Chain = found.Chain?.fn as ContourShape | undefined;
  if (api && circleChain && Chain) {
    process.stderr.write('Scaling: open contour\n');
    tables.push(await contourTable(api, Chain, circleChain, 'collideCircleChain, open'));
  }
  const collide = found.collide2d?.fn as Collide | undefined;
  const UniformGrid = found.UniformGrid?.fn, PairList = found.PairList?.fn;
  if (api && collide && UniformGrid && PairList) {
    process.stderr.write('Scaling: scene\n');
    tables.push(await sceneTable(api, { UniformGrid, PairList } as unknown as Broadphase, collide));
  } else {
    tables.push({
      title: 'Scaling: N circles among concave obstacles',
      unit: 'ns/frame',
      rows: [],
      missing: 'collide2d, UniformGrid or PairList not found in @contactkit/collision2d',
    });
  }
  return tables;
}
