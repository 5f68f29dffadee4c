/**
 * The boolean and parametric tests of the 2D scenes, run through collision2d's public exports
 * on the shapes as they are posed, and what to draw for them: plain data (`Overlay`), a caption
 * and the numbers the test returned (`values`, published for the browser tests). No DOM and no
 * three.js.
 */
import {
  CircleLineIntersection2,
  ClosestPointResult2,
  LineIntersection2,
  LineRelation,
  Mtd2,
  intersectCircleLine,
  intersectSegments,
  overlapRectangleCircle,
  overlapRectangles,
  pointInPolygon,
  satPolygonPolygon,
  windingNumber,
} from '@contactkit/collision2d';
import type { Capsule2, Circle, Polygon, Shape2 } from '@contactkit/collision2d';
import { formatNumber } from './format.js';
import type { ProbeInput, Scene2 } from './scenes2d.js';

type Point = [number, number];

/** Something a probe draws, in world coordinates. */
export type Overlay =
  | { type: 'line'; from: Point; to: Point; color: number; width?: number; dashed?: boolean; }
  | { type: 'point'; at: Point; color: number; radius?: number; }
  | { type: 'text'; at: Point; text: string; color: number; };

/** What a probe computed: what to draw, the caption, and the test's results as plain values. */
export interface Probe {
  caption: string;
  overlays: Overlay[];
  values: Record<string, number | boolean | string | number[]>;
}

/** Colours of the probe drawings: unlike every contact-kind colour and the shapes'. */
export const PROBE_COLORS = Object.freeze({
  /** A test that answers yes (overlap, inside, crossing). */
  yes: 0xa8f0c0,
  /** A test that answers no. */
  no: 0xff6b6b,
  /** Construction lines, labels. */
  neutral: 0xdfe6ee,
  /** Things of the first and second shape (brighter than their fills). */
  first: 0x9dc2f5,
  second: 0xe8cc98,
});

/** The world vertices `[x0, y0, ...]` of a polygon or chain (its local vertices under its pose). */
export function worldVertices(
  shape: Shape2 & { vertices: Float64Array; count: number; },
): Float64Array {
  const out = new Float64Array(2 * shape.count);
  const { x, y, cos, sin } = shape.transform;
  for (let i = 0; i < shape.count; i++) {
    const lx = shape.vertices[2 * i]!, ly = shape.vertices[2 * i + 1]!;
    out[2 * i] = cos * lx - sin * ly + x;
    out[2 * i + 1] = sin * lx + cos * ly + y;
  }
  return out;
}

/** The world end points of a capsule's core segment, from local `(-halfLength, 0)` to `(halfLength, 0)`. */
export function capsuleCore(capsule: Capsule2): [Point, Point] {
  const { x, y, cos, sin } = capsule.transform, h = capsule.halfLength;
  return [[x - cos * h, y - sin * h], [x + cos * h, y + sin * h]];
}

/** A capsule's outline as a closed polygon of world points `[x0, y0, ...]` (`perEnd` points per round end). */
export function capsuleOutline(capsule: Capsule2, perEnd = 16): Float64Array {
  const out = new Float64Array(4 * perEnd);
  const { x, y, angle } = capsule.transform, h = capsule.halfLength, r = capsule.radius;
  for (let end = 0; end < 2; end++) {
    const cx = end === 0 ? h : -h;
    for (let k = 0; k < perEnd; k++) {
      // Each end sweeps half a turn: the +x end from -90 to 90 degrees, the -x end from 90 to 270.
      const a = -Math.PI / 2 + end * Math.PI + (Math.PI * k) / (perEnd - 1);
      const lx = cx + r * Math.cos(a), ly = r * Math.sin(a);
      const i = 2 * (end * perEnd + k);
      out[i] = x + Math.cos(angle) * lx - Math.sin(angle) * ly;
      out[i + 1] = y + Math.sin(angle) * lx + Math.cos(angle) * ly;
    }
  }
  return out;
}

function outline(shape: Shape2): Float64Array {
  return worldVertices(shape as Shape2 & { vertices: Float64Array; count: number; });
}

function vertex(flat: Float64Array, i: number): Point {
  return [flat[2 * i]!, flat[2 * i + 1]!];
}

function along(o: Point, d: Point, t: number): Point {
  return [o[0] + d[0] * t, o[1] + d[1] * t];
}

const f = (value: number): string => formatNumber(value, 3);

/** A label placed `distance` beyond `end` on the way from `start` to `end`. */
function beyond(start: Point, end: Point, distance: number): Point {
  const length = Math.hypot(end[0] - start[0], end[1] - start[1]) || 1;
  return [
    end[0] + ((end[0] - start[0]) / length) * distance,
    end[1] + ((end[1] - start[1]) / length) * distance,
  ];
}

/** A label `offset` to the left of the middle of a-b (above it when a-b is a point). */
function besideMiddle(a: Point, b: Point, offset: number): Point {
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const [nx, ny] = length > 0 ? [-(b[1] - a[1]) / length, (b[0] - a[0]) / length] : [0, 1];
  return [(a[0] + b[0]) / 2 + nx * offset, (a[1] + b[1]) / 2 + ny * offset];
}

// ---------------------------------------------------------------------------------------------
// Segment against segment

export function probeSegmentPair(scene: Scene2): Probe {
  const a = outline(scene.shapes[0]!), b = outline(scene.shapes[1]!);
  const a1 = vertex(a, 0), a2 = vertex(a, 1), b1 = vertex(b, 0), b2 = vertex(b, 1);
  const hit = new LineIntersection2();
  const crossing = intersectSegments(hit, a1, a2, b1, b2);
  const overlays: Overlay[] = [
    { type: 'text', at: beyond(a2, a1, 0.18), text: 'a1', color: PROBE_COLORS.first },
    { type: 'text', at: beyond(a1, a2, 0.18), text: 'a2', color: PROBE_COLORS.first },
    { type: 'text', at: beyond(b2, b1, 0.18), text: 'b1', color: PROBE_COLORS.second },
    { type: 'text', at: beyond(b1, b2, 0.18), text: 'b2', color: PROBE_COLORS.second },
  ];
  const values: Probe['values'] = { crossing, relation: hit.relation, ua: hit.ua, ub: hit.ub };
  let caption: string;
  if (hit.relation === LineRelation.Intersecting) {
    const da: Point = [a2[0] - a1[0], a2[1] - a1[1]], db: Point = [b2[0] - b1[0], b2[1] - b1[1]];
    const meet = along(a1, da, hit.ua);
    // Where the meeting point lies outside a segment, the line beyond its nearer end is dashed.
    if (hit.ua < 0 || hit.ua > 1) {
      overlays.push({
        type: 'line',
        from: hit.ua < 0 ? a1 : a2,
        to: meet,
        color: PROBE_COLORS.first,
        dashed: true,
      });
    }
    if (hit.ub < 0 || hit.ub > 1) {
      overlays.push({
        type: 'line',
        from: hit.ub < 0 ? b1 : b2,
        to: along(b1, db, hit.ub),
        color: PROBE_COLORS.second,
        dashed: true,
      });
    }
    const color = crossing ? PROBE_COLORS.yes : PROBE_COLORS.no;
    overlays.push({ type: 'point', at: meet, color });
    overlays.push({
      type: 'text',
      at: [meet[0], meet[1] + 0.3],
      text: `ua = ${f(hit.ua)}  ub = ${f(hit.ub)}`,
      color,
    });
    caption = crossing
      ? `intersectSegments: true. They cross at (${f(meet[0])}, ${f(meet[1])}), ua = ${
        f(hit.ua)
      } along a and ub = ${f(hit.ub)} along b, both in [0, 1].`
      : `intersectSegments: false. The lines meet at ua = ${f(hit.ua)}, ub = ${f(hit.ub)}: ${
        hit.ua < 0 || hit.ua > 1 ? 'ua' : 'ub'
      } is outside [0, 1], so the segments miss.`;
  } else if (hit.relation === LineRelation.Collinear && crossing) {
    overlays.push({
      type: 'line',
      from: [hit.point[0]!, hit.point[1]!],
      to: [hit.pointEnd[0]!, hit.pointEnd[1]!],
      color: PROBE_COLORS.yes,
      width: 0.06,
    });
    caption = `intersectSegments: true. The segments lie on one line and share ua in [${
      f(hit.ua)
    }, ${f(hit.uaEnd)}].`;
  } else {
    caption = `intersectSegments: false. The segments are ${
      hit.relation === LineRelation.Collinear ? 'on one line but apart' : 'parallel'
    }.`;
  }
  return { caption, overlays, values };
}

export function timeSegmentPair(scene: Scene2): () => unknown {
  const a = outline(scene.shapes[0]!), b = outline(scene.shapes[1]!);
  const a1 = a.subarray(0, 2), a2 = a.subarray(2, 4), b1 = b.subarray(0, 2), b2 = b.subarray(2, 4);
  const hit = new LineIntersection2();
  return () => intersectSegments(hit, a1, a2, b1, b2);
}

// ---------------------------------------------------------------------------------------------
// Circle against line

/** The circle's centre and radius, the segment's ends as origin and direction. */
function circleAndLine(
  scene: Scene2,
): { centre: Float64Array; radius: number; origin: Float64Array; direction: Float64Array; } {
  const circle = scene.shapes[0] as Circle;
  const s = outline(scene.shapes[1]!);
  return {
    centre: new Float64Array([circle.transform.x, circle.transform.y]),
    radius: circle.radius,
    origin: s.slice(0, 2),
    direction: new Float64Array([s[2]! - s[0]!, s[3]! - s[1]!]),
  };
}

export function probeCircleLine(scene: Scene2): Probe {
  const { centre, radius, origin, direction } = circleAndLine(scene);
  const out = new CircleLineIntersection2();
  const hit = intersectCircleLine(out, centre, radius, origin, direction);
  const o: Point = [origin[0]!, origin[1]!], d: Point = [direction[0]!, direction[1]!];
  const length = Math.hypot(d[0], d[1]);
  const reach = 4 / length;
  // The unit normal to the line, for placing labels beside it.
  const side: Point = [-d[1] / length, d[0] / length];
  const label = (t: number, text: string, color: number, offset: number): Overlay => {
    const p = along(o, d, t);
    return { type: 'text', at: [p[0] + side[0] * offset, p[1] + side[1] * offset], text, color };
  };
  const overlays: Overlay[] = [
    {
      type: 'line',
      from: along(o, d, -reach),
      to: along(o, d, 1 + reach),
      color: PROBE_COLORS.neutral,
      dashed: true,
    },
    { type: 'point', at: o, color: PROBE_COLORS.neutral, radius: 0.035 },
    { type: 'point', at: along(o, d, 1), color: PROBE_COLORS.neutral, radius: 0.035 },
    label(0, 't = 0', PROBE_COLORS.neutral, -0.2),
    label(1, 't = 1', PROBE_COLORS.neutral, -0.2),
  ];
  let caption: string;
  if (hit) {
    for (const [t, name] of [[out.t1, 't1'], [out.t2, 't2']] as const) {
      overlays.push({ type: 'point', at: along(o, d, t), color: PROBE_COLORS.yes });
      overlays.push(label(t, `${name} = ${f(t)}`, PROBE_COLORS.yes, 0.22));
    }
    const onSegment = [out.t1, out.t2].filter((t) => t >= 0 && t <= 1).length;
    caption = `intersectCircleLine: true, t1 = ${f(out.t1)} and t2 = ${f(out.t2)}${
      out.t1 === out.t2 ? ' (the line touches the circle)' : ''
    }; ${onSegment} of the two points on the segment (t in [0, 1]).`;
  } else {
    overlays.push({ type: 'point', at: along(o, d, out.t1), color: PROBE_COLORS.no });
    overlays.push(label(out.t1, `t = ${f(out.t1)}, nearest`, PROBE_COLORS.no, 0.22));
    caption =
      `intersectCircleLine: false, the line misses the circle; its point nearest the centre is at t = ${
        f(out.t1)
      }.`;
  }
  return { caption, overlays, values: { hit, t1: out.t1, t2: out.t2 } };
}

export function timeCircleLine(scene: Scene2): () => unknown {
  const { centre, radius, origin, direction } = circleAndLine(scene);
  const out = new CircleLineIntersection2();
  return () => intersectCircleLine(out, centre, radius, origin, direction);
}

// ---------------------------------------------------------------------------------------------
// Axis-aligned rectangles

/** The world box `[minX, minY, maxX, maxY]` of a shape as min and max corners. */
function corners(shape: Shape2): { min: Float64Array; max: Float64Array; } {
  return { min: shape.aabb.slice(0, 2), max: shape.aabb.slice(2, 4) };
}

export function probeRectangles(scene: Scene2): Probe {
  const a = corners(scene.shapes[0]!), b = corners(scene.shapes[1]!);
  const overlapping = overlapRectangles(a.min, a.max, b.min, b.max);
  const overlays: Overlay[] = [];
  const parts: string[] = [];
  // The x intervals below both rectangles, the y intervals left of both.
  const below = Math.min(a.min[1]!, b.min[1]!) - 0.3, left = Math.min(a.min[0]!, b.min[0]!) - 0.3;
  for (const axis of [0, 1] as const) {
    const place = (
      value: number,
      offset: number,
    ): Point => (axis === 0 ? [value, below + offset] : [left + offset, value]);
    const aLow = a.min[axis]!, aHigh = a.max[axis]!, bLow = b.min[axis]!, bHigh = b.max[axis]!;
    overlays.push({
      type: 'line',
      from: place(aLow, 0.06),
      to: place(aHigh, 0.06),
      color: PROBE_COLORS.first,
      width: 0.05,
    });
    overlays.push({
      type: 'line',
      from: place(bLow, -0.06),
      to: place(bHigh, -0.06),
      color: PROBE_COLORS.second,
      width: 0.05,
    });
    const low = Math.max(aLow, bLow), high = Math.min(aHigh, bHigh);
    const name = axis === 0 ? 'x' : 'y';
    if (low <= high) {
      overlays.push({
        type: 'line',
        from: place(low, 0),
        to: place(high, 0),
        color: PROBE_COLORS.yes,
        width: 0.05,
      });
      parts.push(`the ${name} intervals overlap by ${f(high - low)}`);
    } else {
      overlays.push({
        type: 'line',
        from: place(high, 0),
        to: place(low, 0),
        color: PROBE_COLORS.no,
        width: 0.05,
        dashed: true,
      });
      parts.push(`the ${name} intervals are ${f(low - high)} apart`);
    }
    overlays.push({
      type: 'text',
      at: axis === 0 ? [Math.max(aHigh, bHigh) + 0.2, below] : [left, Math.max(aHigh, bHigh) + 0.2],
      text: name,
      color: PROBE_COLORS.neutral,
    });
  }
  if (overlapping) {
    const x0 = Math.max(a.min[0]!, b.min[0]!),
      y0 = Math.max(a.min[1]!, b.min[1]!),
      x1 = Math.min(a.max[0]!, b.max[0]!),
      y1 = Math.min(a.max[1]!, b.max[1]!);
    const box: Point[] = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
    box.forEach((p, i) =>
      overlays.push({
        type: 'line',
        from: p,
        to: box[(i + 1) % 4]!,
        color: PROBE_COLORS.yes,
        dashed: true,
      })
    );
  }
  return {
    caption: `overlapRectangles: ${overlapping}; ${parts.join(' and ')}.`,
    overlays,
    values: { overlapping },
  };
}

export function timeRectangles(scene: Scene2): () => unknown {
  const a = corners(scene.shapes[0]!), b = corners(scene.shapes[1]!);
  return () => overlapRectangles(a.min, a.max, b.min, b.max);
}

// ---------------------------------------------------------------------------------------------
// Rectangle against circle

const SIDE_NAMES = ['bottom', 'right', 'top', 'left'];

export function probeRectangleCircle(scene: Scene2): Probe {
  const circle = scene.shapes[0] as Circle;
  const box = corners(scene.shapes[1]!);
  const centre: Point = [circle.transform.x, circle.transform.y];
  const out = new ClosestPointResult2();
  const overlapping = overlapRectangleCircle(out, box.min, box.max, centre, circle.radius);
  const nearest: Point = [out.point[0]!, out.point[1]!];
  const distance = Math.sqrt(out.distanceSquared);
  const color = overlapping ? PROBE_COLORS.yes : PROBE_COLORS.no;
  const side = SIDE_NAMES[out.t] ?? String(out.t);
  const overlays: Overlay[] = [
    { type: 'line', from: centre, to: nearest, color, width: 0.025 },
    { type: 'point', at: nearest, color },
    // Beside the middle of the line from the centre, clear of the contact at its end.
    {
      type: 'text',
      at: besideMiddle(centre, nearest, 0.2),
      text: `side ${out.t} (${side})`,
      color,
    },
  ];
  const caption = out.inside
    ? `overlapRectangleCircle: true, the centre is inside the rectangle; the nearest side is ${out.t} (${side}), ${
      f(distance)
    } away.`
    : `overlapRectangleCircle: ${overlapping}. The nearest point of the outline is on side ${out.t} (${side}), ${
      f(distance)
    } from the centre; the radius is ${f(circle.radius)}.`;
  return { caption, overlays, values: { overlapping, side: out.t, inside: out.inside, distance } };
}

export function timeRectangleCircle(scene: Scene2): () => unknown {
  const circle = scene.shapes[0] as Circle;
  const box = corners(scene.shapes[1]!);
  const centre = new Float64Array([circle.transform.x, circle.transform.y]);
  const out = new ClosestPointResult2();
  return () => overlapRectangleCircle(out, box.min, box.max, centre, circle.radius);
}

// ---------------------------------------------------------------------------------------------
// Point in polygon

export function probePointInPolygon(scene: Scene2, input: ProbeInput): Probe {
  const polygon = scene.shapes[0] as Polygon;
  const [px, py] = input.point;
  const inside = pointInPolygon(polygon, input.point);
  const flat = outline(polygon);
  const winding = windingNumber(flat, px, py);
  const overlays: Overlay[] = [{
    type: 'line',
    from: [px, py],
    to: [px + 8, py],
    color: PROBE_COLORS.neutral,
    dashed: true,
  }];
  // The edges Sunday's rule counts: an upward edge with the point on its left (+1), a downward
  // edge with the point on its right (-1); each crosses the ray to the right of the point.
  for (let i = 0; i < polygon.count; i++) {
    const [x0, y0] = vertex(flat, i), [x1, y1] = vertex(flat, (i + 1) % polygon.count);
    const side = (x1 - x0) * (py - y0) - (y1 - y0) * (px - x0);
    const up = y0 <= py && y1 > py && side > 0, down = y0 > py && y1 <= py && side < 0;
    if (!up && !down) continue;
    const x = x0 + ((py - y0) * (x1 - x0)) / (y1 - y0);
    overlays.push({ type: 'point', at: [x, py], color: PROBE_COLORS.neutral, radius: 0.035 });
    overlays.push({
      type: 'text',
      at: [x + 0.12, py + 0.16],
      text: up ? '+1' : '-1',
      color: PROBE_COLORS.neutral,
    });
  }
  const color = inside ? PROBE_COLORS.yes : PROBE_COLORS.no;
  overlays.push({ type: 'point', at: [px, py], color, radius: 0.07 });
  overlays.push({ type: 'text', at: [px, py + 0.22], text: inside ? 'inside' : 'outside', color });
  return {
    caption: `pointInPolygon((${f(px)}, ${f(py)})): ${inside}, winding number ${winding}.`,
    overlays,
    values: { inside, winding },
  };
}

export function timePointInPolygon(scene: Scene2, input: ProbeInput): () => unknown {
  const polygon = scene.shapes[0] as Polygon;
  const point = new Float64Array(input.point);
  return () => pointInPolygon(polygon, point);
}

// ---------------------------------------------------------------------------------------------
// Separating axes of two convex polygons

/** One candidate axis of the SAT: an edge normal, both projection intervals and the overlap. */
export interface SatAxis {
  /** 0 for the first polygon's edges, 1 for the second's. */
  polygon: 0 | 1;
  edge: number;
  normal: Point;
  first: Point;
  second: Point;
  /** The smaller push-out along the axis (as the library takes it); negative: the gap. */
  depth: number;
}

function project(flat: Float64Array, n: Point): Point {
  let low = Infinity, high = -Infinity;
  for (let i = 0; i < flat.length; i += 2) {
    const s = flat[i]! * n[0] + flat[i + 1]! * n[1];
    low = Math.min(low, s);
    high = Math.max(high, s);
  }
  return [low, high];
}

/** Every edge normal of both polygons with the two intervals on it, first polygon's edges first. */
export function satAxes(first: Float64Array, second: Float64Array): SatAxis[] {
  const axes: SatAxis[] = [];
  [first, second].forEach((flat, polygon) => {
    const count = flat.length / 2;
    for (let edge = 0; edge < count; edge++) {
      const [x0, y0] = vertex(flat, edge), [x1, y1] = vertex(flat, (edge + 1) % count);
      const length = Math.hypot(x1 - x0, y1 - y0);
      if (length === 0) continue;
      // Outward for counter-clockwise vertices (the Polygon shape stores them so).
      const normal: Point = [(y1 - y0) / length, -(x1 - x0) / length];
      const a = project(first, normal), b = project(second, normal);
      axes.push({
        polygon: polygon as 0 | 1,
        edge,
        normal,
        first: a,
        second: b,
        depth: Math.min(b[1] - a[0], a[1] - b[0]),
      });
    }
  });
  return axes;
}

export function satAxisChoices(scene: Scene2): string[] {
  const names = ['first', 'second'];
  const options = ['the minimum'];
  scene.shapes.slice(0, 2).forEach((shape, polygon) => {
    for (let edge = 0; edge < (shape as Polygon).count; edge++) {
      options.push(`edge ${edge} of the ${names[polygon]}`);
    }
  });
  return options;
}

export function probeSat(scene: Scene2, input: ProbeInput): Probe {
  const first = outline(scene.shapes[0]!), second = outline(scene.shapes[1]!);
  const axes = satAxes(first, second);
  const mtd = new Mtd2();
  const overlapping = satPolygonPolygon(mtd, first, second);
  // The axis of smallest overlap (or, apart, of largest gap), first on ties, as the library picks.
  let minimum = 0;
  for (let i = 1; i < axes.length; i++) {
    const better = overlapping
      ? axes[i]!.depth < axes[minimum]!.depth
      : axes[i]!.depth > axes[minimum]!.depth;
    if (better) minimum = i;
  }
  const chosen = input.choice >= 0 && input.choice < axes.length ? input.choice : minimum;
  const axis = axes[chosen]!;
  const n = axis.normal, perp: Point = [-n[1], n[0]];
  // The axis line runs beside both polygons, on the side of -perp, clear of every vertex.
  let centreX = 0, centreY = 0;
  for (const flat of [first, second]) {
    for (let i = 0; i < flat.length; i += 2) {
      centreX += flat[i]!;
      centreY += flat[i + 1]!;
    }
  }
  const total = (first.length + second.length) / 2;
  centreX /= total;
  centreY /= total;
  let reach = 0;
  for (const flat of [first, second]) {
    for (let i = 0; i < flat.length; i += 2) {
      reach = Math.max(reach, (flat[i]! - centreX) * perp[0] + (flat[i + 1]! - centreY) * perp[1]);
    }
  }
  const base = -reach - 0.45 + centreX * perp[0] + centreY * perp[1];
  const onAxis = (
    s: number,
    offset: number,
  ): Point => [n[0] * s + perp[0] * (base + offset), n[1] * s + perp[1] * (base + offset)];
  const low = Math.min(axis.first[0], axis.second[0]),
    high = Math.max(axis.first[1], axis.second[1]);
  const overlays: Overlay[] = [
    {
      type: 'line',
      from: onAxis(low - 0.5, 0),
      to: onAxis(high + 0.5, 0),
      color: PROBE_COLORS.neutral,
    },
    {
      type: 'line',
      from: onAxis(axis.first[0], 0.09),
      to: onAxis(axis.first[1], 0.09),
      color: PROBE_COLORS.first,
      width: 0.06,
    },
    {
      type: 'line',
      from: onAxis(axis.second[0], -0.09),
      to: onAxis(axis.second[1], -0.09),
      color: PROBE_COLORS.second,
      width: 0.06,
    },
  ];
  // Dashed projection lines from each polygon's extreme vertices down to its interval.
  for (
    const [flat, interval, offset, color] of [[first, axis.first, 0.09, PROBE_COLORS.first], [
      second,
      axis.second,
      -0.09,
      PROBE_COLORS.second,
    ]] as const
  ) {
    for (const s of interval) {
      for (let i = 0; i < flat.length; i += 2) {
        if (flat[i]! * n[0] + flat[i + 1]! * n[1] === s) {
          overlays.push({
            type: 'line',
            from: [flat[i]!, flat[i + 1]!],
            to: onAxis(s, offset),
            color,
            dashed: true,
          });
        }
      }
    }
  }
  const overlapLow = Math.max(axis.first[0], axis.second[0]),
    overlapHigh = Math.min(axis.first[1], axis.second[1]);
  const separates = axis.depth < 0;
  overlays.push({
    type: 'line',
    from: onAxis(separates ? overlapHigh : overlapLow, 0),
    to: onAxis(separates ? overlapLow : overlapHigh, 0),
    color: separates ? PROBE_COLORS.no : PROBE_COLORS.yes,
    width: 0.05,
  });
  // The edge whose normal this axis is.
  const edgeOwner = axis.polygon === 0 ? first : second, count = edgeOwner.length / 2;
  overlays.push({
    type: 'line',
    from: vertex(edgeOwner, axis.edge),
    to: vertex(edgeOwner, (axis.edge + 1) % count),
    color: PROBE_COLORS.neutral,
    width: 0.045,
  });
  overlays.push({
    type: 'text',
    at: onAxis(high + 0.5, -0.28),
    text: separates ? `gap ${f(-axis.depth)}` : `overlap ${f(axis.depth)}`,
    color: separates ? PROBE_COLORS.no : PROBE_COLORS.yes,
  });
  const names = ['first', 'second'];
  const describe = (a: SatAxis): string => `edge ${a.edge} of the ${names[a.polygon]}`;
  const best = axes[minimum]!;
  const caption = overlapping
    ? `Axis: ${describe(axis)}, the intervals overlap by ${
      f(axis.depth)
    }. No axis of the ${axes.length} separates; the smallest overlap, ${f(best.depth)} on ${
      describe(best)
    }, is the minimum translation (satPolygonPolygon: depth ${f(mtd.depth)}).`
    : `Axis: ${describe(axis)}, ${
      separates ? `a separating axis, gap ${f(-axis.depth)}` : `overlap ${f(axis.depth)}`
    }. satPolygonPolygon: false, ${describe(best)} separates them by ${f(-best.depth)}.`;
  return {
    caption,
    overlays,
    values: { overlapping, chosen, minimum, depths: axes.map((a) => a.depth), depth: mtd.depth },
  };
}

export function timeSat(scene: Scene2): () => unknown {
  const first = outline(scene.shapes[0]!), second = outline(scene.shapes[1]!);
  const mtd = new Mtd2();
  return () => satPolygonPolygon(mtd, first, second);
}
