/**
 * The properties every 2D detector must have, each a small function of one configuration,
 * checked against the oracle (oracle2d.ts), never against the detectors' own helpers.
 *
 * The shell: numbers a size-relative hair apart count as touching. `shell` is 1e-9 of the larger
 * shape plus 1e-12 of the largest coordinate (round-off of a pose 1e5 from the origin); a
 * contact is required when the oracle's depth bound exceeds it and forbidden when the gap does.
 */
import {
  type AnyShape2,
  Chain,
  collide2d,
  CollisionData2,
  type Polygon,
  VERTEX_FEATURE,
  INTERNAL_EDGE_FEATURE,
} from '@contactkit/collision2d';
import { ContactKind } from '@contactkit/math';
import { Random as Seeded } from '@contactkit/test-support';
import type { Collide2, Config2, Detector2 } from './detectors2d.js';
import {
  boundaryDistance,
  contains,
  depthLowerBound,
  type Feature2,
  featureOverlap,
  gap,
  type Geometry2,
  isSimple,
  pointSegmentDistance,
  type Point,
  segmentsCross,
  segmentsOf,
  translated,
} from './oracle2d.js';
import {
  build2,
  geometry2,
  type Kind2,
  moved2,
  scaled2,
  type ShapeDesc2,
  size2,
} from './shapes2d.js';
import { badInputCheck, bufferCheck } from './buffers-inputs2d.js';
import { chainConeProperty } from './capsule-outlines2d.js';
import type { Property } from './suite.js';
import { finiteProblem } from './written.js';

/** A contact read out of the buffer. */
export interface Contact2Data {
  point: [number, number];
  normal: [number, number];
  penetration: number;
  kind: number;
  featureId: number;
}

/** What one call wrote: the contacts, or the exception it threw. */
export interface Outcome2 {
  contacts: Contact2Data[];
  returned: number;
  error: unknown;
  shapes: [AnyShape2, AnyShape2] | null;
}

/** Runs `collide` on freshly built shapes, into a fresh buffer of 64. */
export function run2(collide: Collide2, config: Config2, swap = false): Outcome2 {
  let shapes: [AnyShape2, AnyShape2] | null = null;
  try {
    shapes = [build2(config.a), build2(config.b)];
    const data = new CollisionData2({ capacity: 64 });
    const returned = swap
      ? collide(shapes[1], shapes[0], data)
      : collide(shapes[0], shapes[1], data);
    return { contacts: read(data, 0, data.contactCount), returned, error: null, shapes };
  } catch (error) {
    return { contacts: [], returned: 0, error, shapes };
  }
}

export function read(data: CollisionData2, from: number, to: number): Contact2Data[] {
  const out: Contact2Data[] = [];
  for (let i = from; i < to; i++) {
    const c = data.contacts[i]!;
    out.push({
      point: [c.point[0]!, c.point[1]!],
      normal: [c.normal[0]!, c.normal[1]!],
      penetration: c.penetration,
      kind: c.kind,
      featureId: c.featureId,
    });
  }
  return out;
}

/** The size-relative shell (see the file comment). */
export function shell2(config: Config2): number {
  const size = Math.max(size2(config.a), size2(config.b));
  const far = Math.max(
    Math.abs(config.a.x),
    Math.abs(config.a.y),
    Math.abs(config.b.x),
    Math.abs(config.b.y),
  );
  return 1e-9 * size + 1e-12 * far;
}

/**
 * Convex in the oracle's own sense: a circle, or a polygon whose turns all have one sign, where a
 * vertex within 2e-15 of the polygon's size (about ten ulps) of the line through its two
 * neighbours turns neither way: a vertex put on a side and rounded a few ulps into it, or one a
 * hair from its neighbour along a side, whose edge's direction is all rounding, leaves the
 * polygon convex at every scale; one pushed 1e-12 of its side inward does not.
 */
export function isConvex2(desc: ShapeDesc2): boolean {
  if (desc.kind === 'circle') return true;
  if (desc.kind === 'chain') return false;
  const p = desc.points, n = p.length;
  const xs = p.map((q) => q[0]), ys = p.map((q) => q[1]);
  const size = Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  let positive = false, negative = false;
  for (let i = 0; i < n; i++) {
    const a = p[i]!, b = p[(i + 1) % n]!, c = p[(i + 2) % n]!;
    const turn = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
    // |turn| is the chord a-c times b's distance from it.
    const reach = 2e-15 * size * Math.hypot(c[0] - a[0], c[1] - a[1]);
    if (turn > reach) positive = true;
    if (turn < -reach) negative = true;
  }
  return !(positive && negative);
}

const ORDER: Record<Kind2, number> = { circle: 0, polygon: 1, chain: 2 };

/** Whether `a` is the pair's canonical first shape (name order; the shape built first on a tie). */
function aIsCanonicalFirst(config: Config2): boolean {
  return ORDER[config.a.kind] <= ORDER[config.b.kind];
}

/** The feature a 26-bit code names on a shape, in world space (indices through `inputIndex`). */
function feature(code: number, shape: AnyShape2, geometry: Geometry2): Feature2 {
  if (geometry.kind === 'circle') {
    return { kind: 'circle', centre: geometry.centre, radius: geometry.radius };
  }
  if (code === INTERNAL_EDGE_FEATURE) return { kind: 'internal' };
  const stored = (shape as Polygon | Chain).inputIndex;
  const points = geometry.points;
  if (code >= VERTEX_FEATURE) return { kind: 'point', at: points[stored[code - VERTEX_FEATURE]!]! };
  const next = shape instanceof Chain ? code + 1 : (code + 1) % stored.length;
  return { kind: 'segment', from: points[stored[code]!]!, to: points[stored[next]!]! };
}

/** The features a contact names on `a` and on `b`. */
export function featuresOf(
  contact: Contact2Data,
  config: Config2,
  shapes: [AnyShape2, AnyShape2],
): [Feature2, Feature2] {
  const high = Math.floor(contact.featureId / 2 ** 26), low = contact.featureId % 2 ** 26;
  const [codeA, codeB] = aIsCanonicalFirst(config) ? [high, low] : [low, high];
  return [
    feature(codeA, shapes[0], geometry2(config.a)),
    feature(codeB, shapes[1], geometry2(config.b)),
  ];
}

export function witnesses(c: Contact2Data): [Point, Point] {
  const h = c.penetration / 2;
  return [
    [c.point[0] - c.normal[0] * h, c.point[1] - c.normal[1] * h],
    [c.point[0] + c.normal[0] * h, c.point[1] + c.normal[1] * h],
  ];
}

const fmt = (x: number) => Number(x.toPrecision(6));
const describe = (c: Contact2Data) =>
  `point (${fmt(c.point[0])}, ${fmt(c.point[1])}) normal (${fmt(c.normal[0])}, ${
    fmt(c.normal[1])
  }) depth ${fmt(c.penetration)} featureId ${c.featureId}`;

/** Caches the plain call per configuration: most properties read it. */
const plain = new WeakMap<Config2, Map<Collide2, Outcome2>>();
function plainRun(collide: Collide2, config: Config2): Outcome2 {
  let runs = plain.get(config);
  if (!runs) plain.set(config, runs = new Map());
  let outcome = runs.get(collide);
  if (!outcome) runs.set(collide, outcome = run2(collide, config));
  return outcome;
}

/** The properties of one detector. */
export function detectorProperties2(detector: Detector2): Property<Config2>[] {
  const collide = detector.collide;
  const ok = (config: Config2) => {
    const outcome = plainRun(collide, config);
    return outcome.error === null ? outcome : undefined;
  };
  return [
    {
      name: 'no-exception',
      check(config) {
        // The configuration as generated, and as the invariance properties move and scale it.
        for (const [variant, when] of [[config, 'as generated'], ...transformed(config)] as const) {
          const { error, shapes } = variant === config
            ? plainRun(collide, config)
            : run2(collide, variant);
          if (error === null) continue;
          if (shapes === null) {
            const refused = refusedValid(variant, error, when);
            if (refused !== undefined) return refused;
            continue;
          }
          return `threw ${when}: ${String(error)}`;
        }
        return null;
      },
    },
    {
      name: 'finite',
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        return finiteProblem(outcome.returned, outcome.contacts, describe);
      },
    },
    {
      name: 'contact-iff-overlap',
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        const shell = shell2(config), first = geometry2(config.a), second = geometry2(config.b);
        if (outcome.contacts.length === 0) {
          const depth = depthLowerBound(first, second);
          return depth > shell ? `no contact, but the shapes overlap by at least ${depth}` : null;
        }
        const apart = gap(first, second);
        return apart > shell
          ? `${outcome.contacts.length} contact(s) (${
            describe(outcome.contacts[0]!)
          }), but the shapes are ${apart} apart`
          : null;
      },
    },
    {
      name: 'witness-on-outline',
      check(config) {
        const outcome = ok(config);
        if (!outcome || outcome.contacts.length === 0) return outcome && null;
        const shell = 100 * shell2(config),
          first = geometry2(config.a),
          second = geometry2(config.b);
        for (const c of outcome.contacts) {
          const [onA, onB] = witnesses(c);
          const offA = boundaryDistance(onA, first), offB = boundaryDistance(onB, second);
          if (
            offA > shell && !documentedException(c, onA, onB, config, outcome.shapes!, 0, shell)
          ) {
            return `witness on the first shape is ${offA} off its outline: ${describe(c)}`;
          }
          if (
            offB > shell && !documentedException(c, onB, onA, config, outcome.shapes!, 1, shell)
          ) {
            return `witness on the second shape is ${offB} off its outline: ${describe(c)}`;
          }
          // On the outline is not enough: on the feature the contact names (a phantom pairs far-apart features).
          const named = featuresOf(c, config, outcome.shapes!);
          for (const [slot, witness, other] of [[0, onA, onB], [1, onB, onA]] as const) {
            const off = featureDistance(named[slot], witness);
            if (
              off > shell &&
              !documentedException(c, witness, other, config, outcome.shapes!, slot, shell)
            ) {
              return `witness on the ${
                slot === 0 ? 'first' : 'second'
              } shape is ${off} from the feature the contact names (${featureText(named[slot])}): ${
                describe(c)
              }`;
            }
          }
        }
        return null;
      },
    },
    {
      name: 'depth-frees',
      check: (config) => depthCheck(config, plainRun(collide, config), 'frees', detector.minimal),
    },
    {
      name: 'depth-minimal',
      check: (config) => depthCheck(config, plainRun(collide, config), 'minimal', detector.minimal),
    },
    {
      name: 'swap-symmetric',
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        // Same shapes, arguments swapped: for mixed pairs through collide2d, which mirrors.
        const swappedCollide = detector.kinds && detector.kinds[0] === detector.kinds[1]
          ? collide
          : (collide2dOf(detector) ?? collide);
        let swapped: Contact2Data[];
        try {
          const data = new CollisionData2({ capacity: 64 });
          swappedCollide(outcome.shapes![1], outcome.shapes![0], data);
          swapped = read(data, 0, data.contactCount);
        } catch (error) {
          return `swapped call threw ${String(error)}`;
        }
        const tolerance = 1e3 * shell2(config);
        const mirrored = swapped.map((c) => ({
          ...c,
          normal: [-c.normal[0], -c.normal[1]] as [number, number],
        }));
        // Identical shapes at one pose: the detectors document a fixed normal (+Y for circles), not a mirrored one.
        const samePose = JSON.stringify(config.a) === JSON.stringify(config.b);
        return samePose
          ? sameDeepest(outcome.contacts, swapped, tolerance, 1)
          : sameContacts(outcome.contacts, mirrored, tolerance, true);
      },
    },
    {
      name: 'rigid-invariant',
      check(config) {
        const outcome = ok(config), moved = transformed(config)[0][0];
        const after = run2(collide, moved);
        // An exception after the motion is no-exception's to report.
        if (!outcome || after.error !== null) return undefined;
        const tolerance = 1e3 * Math.max(shell2(config), shell2(moved));
        return sameDeepest(outcome.contacts, after.contacts, tolerance, 1);
      },
    },
    {
      name: 'scale-invariant',
      check(config) {
        const outcome = ok(config), scaled = transformed(config)[1][0];
        const after = run2(collide, scaled);
        if (!outcome || after.error !== null) return undefined;
        return sameDeepest(
          outcome.contacts,
          after.contacts,
          1e3 * shell2(scaled),
          scaleFactor(config),
        );
      },
    },
    {
      name: 'buffer-overflow',
      check: (config) => bufferCheck(collide, config, plainRun(collide, config)),
    },
    {
      name: 'bad-input',
      check: (config) => badInputCheck(collide, config),
    },
    // Where one shape is a chain: every contact at an interior vertex inside its cone.
    ...(detector.kinds && !detector.kinds.includes('chain')
      ? []
      : [chainConeProperty<Config2>((config) => plainRun(collide, config).contacts)]),
  ];
}

/** The uniform scale the scale-invariance property applies to a configuration (picked by it). */
function scaleFactor(config: Config2): number {
  return [1e-3, 0.1, 7, 1e3][Math.floor(Math.abs(config.b.angle) * 1e6) % 4]!;
}

/**
 * The configuration turned and moved (a rigid motion picked by the configuration, moving it up
 * to 10 sizes), and scaled by `scaleFactor`: what the invariance properties compare with.
 */
function transformed(config: Config2): [[Config2, string], [Config2, string]] {
  const random = new Seeded(
    Math.floor(Math.abs(config.a.x * 1e6 + config.b.y * 1e3 + config.a.angle * 1e9)) >>> 0,
  );
  const angle = random.range(-Math.PI, Math.PI), reach = Math.max(size2(config.a), size2(config.b));
  const tx = random.range(-10, 10) * reach, ty = random.range(-10, 10) * reach;
  const factor = scaleFactor(config);
  return [
    [
      { a: moved2(config.a, angle, tx, ty), b: moved2(config.b, angle, tx, ty) },
      'after a rigid motion',
    ],
    [{ a: scaled2(config.a, factor), b: scaled2(config.b, factor) }, `after scaling by ${factor}`],
  ];
}

/**
 * A constructor refused the configuration's shapes: a failure when the oracle finds every outline
 * valid (simple polygons), else the draw itself was bad (round-off made an outline touch itself)
 * and the property does not apply.
 */
function refusedValid(config: Config2, error: unknown, when: string): string | undefined {
  const valid = [config.a, config.b].every((d) => d.kind !== 'polygon' || isSimple(d.points));
  return valid ? `a constructor refused a simple outline ${when}: ${String(error)}` : undefined;
}

/** `collide2d` for the mirrored order of a mixed pair (the detectors take one order only). */
function collide2dOf(detector: Detector2): Collide2 | null {
  return detector.name === 'collide2d' ? null : collide2dMirror;
}
const collide2dMirror: Collide2 = collide2d as Collide2;

/** Distance from `p` to a named feature (0 for an internal edge, which names no place on the outline). */
function featureDistance(feature: Feature2, p: Point): number {
  if (feature.kind === 'point') return Math.hypot(p[0] - feature.at[0], p[1] - feature.at[1]);
  if (feature.kind === 'segment') return pointSegmentDistance(p, feature.from, feature.to);
  if (feature.kind === 'circle') {
    return Math.abs(
      Math.hypot(p[0] - feature.centre[0], p[1] - feature.centre[1]) - feature.radius,
    );
  }
  return 0;
}

function featureText(feature: Feature2): string {
  if (feature.kind === 'point') return `vertex (${fmt(feature.at[0])}, ${fmt(feature.at[1])})`;
  if (feature.kind === 'segment') {
    return `edge (${fmt(feature.from[0])}, ${fmt(feature.from[1])}) to (${fmt(feature.to[0])}, ${
      fmt(feature.to[1])
    })`;
  }
  return feature.kind;
}

/**
 * The two documented exceptions of polygon-polygon to "witnesses on both outlines, on the
 * features the contact names" (the collision2d README, Concave polygons and Beside a short
 * reference edge), each accepted only with what must still hold:
 *  - the deepest vertex beside a short reference edge, of two convex polygons only: kind
 *    PointFace, the contact names an edge on this shape and a vertex on the other, the other
 *    witness is that vertex, and this witness lies on the named edge's line (possibly past its
 *    ends);
 *  - the least translation that frees a nested pair (one polygon's vertices all inside the
 *    other, no edges crossing), or a pair whose edges cross with no vertex of either inside the other: kind
 *    PointPoint, the contact names a vertex on each shape, the other witness is its named
 *    vertex, this witness lies on this shape's supporting line through its named vertex
 *    (across the normal), and moving the first shape by 1.02 x depth + shell along the normal
 *    frees the pair (the oracle's gap).
 */
function documentedException(
  c: Contact2Data,
  witness: Point,
  other: Point,
  config: Config2,
  shapes: [AnyShape2, AnyShape2],
  slot: 0 | 1,
  shell: number,
): boolean {
  if (config.a.kind !== 'polygon' || config.b.kind !== 'polygon') return false;
  const named = featuresOf(c, config, shapes);
  const here = named[slot], there = named[slot === 0 ? 1 : 0];
  if (
    there.kind !== 'point' || Math.hypot(other[0] - there.at[0], other[1] - there.at[1]) > shell
  ) {
    return false;
  }
  if (c.kind === ContactKind.PointFace) {
    if (here.kind !== 'segment' || !isConvex2(config.a) || !isConvex2(config.b)) return false;
    const ex = here.to[0] - here.from[0], ey = here.to[1] - here.from[1];
    const offLine = Math.abs((witness[0] - here.from[0]) * ey - (witness[1] - here.from[1]) * ex) /
      Math.hypot(ex, ey);
    return offLine <= shell;
  }
  if (c.kind !== ContactKind.PointPoint || here.kind !== 'point') return false;
  const across = (witness[0] - here.at[0]) * c.normal[0] + (witness[1] - here.at[1]) * c.normal[1];
  if (Math.abs(across) > shell) return false;
  const first = geometry2(config.a), second = geometry2(config.b);
  if (first.kind !== 'polygon' || second.kind !== 'polygon') return false;
  const inside = (points: Point[], container: Geometry2) =>
    points.filter((p) => contains(container, p) && boundaryDistance(p, container) > shell).length;
  const firstIn = inside(first.points, second), secondIn = inside(second.points, first);
  const crossing = segmentsOf(first).some(([a, b]) =>
    segmentsOf(second).some(([p, q]) => segmentsCross(a, b, p, q))
  );
  const nested = !crossing &&
    (firstIn === first.points.length || secondIn === second.points.length);
  // Not nested: documented only for edges crossing with no vertex of either inside the other.
  if (!nested && firstIn + secondIn > 0) return false;
  const step = 1.02 * c.penetration + shell;
  return gap(translated(first, c.normal[0] * step, c.normal[1] * step), second) > 0;
}

/**
 * 1.02 x depth + shell along the normal frees the pair, and 0.98 x does not (for detectors
 * whose depth is the minimum translation). Both shapes convex: the first shape is moved and the
 * oracle's gap decides, with the deepest contact. Otherwise (concave polygons, chains) per
 * contact: the overlap of the two features it names along its normal must be its depth within
 * 2% (featureOverlap).
 */
function depthCheck(
  config: Config2,
  outcome: Outcome2,
  which: 'frees' | 'minimal',
  minimal: boolean,
): string | null | undefined {
  if (outcome.error !== null || outcome.contacts.length === 0) return undefined;
  const shell = shell2(config);
  const wholeShapes = isConvex2(config.a) && isConvex2(config.b);
  if (wholeShapes) {
    if (which === 'minimal' && !minimal) return undefined;
    const deepest = outcome.contacts.reduce((d, c) => c.penetration > d.penetration ? c : d);
    const d = deepest.penetration;
    if (!(d > 100 * shell)) return undefined;
    const factor = which === 'frees' ? 1.02 : 0.98, extra = which === 'frees' ? shell : 0;
    const step = factor * d + extra;
    const movedA = translated(
      geometry2(config.a),
      deepest.normal[0] * step,
      deepest.normal[1] * step,
    );
    const apart = gap(movedA, geometry2(config.b));
    if (which === 'frees' && apart === 0) {
      return `moving the first shape by 1.02 x depth along the normal leaves them overlapping: ${
        describe(deepest)
      }`;
    }
    if (which === 'minimal' && apart > 0) {
      return `moving the first shape by 0.98 x depth along the normal already frees it (gap ${apart}): ${
        describe(deepest)
      }`;
    }
    return null;
  }
  let checked = false;
  for (const c of outcome.contacts) {
    if (!(c.penetration > 100 * shell)) continue;
    const [fa, fb] = featuresOf(c, config, outcome.shapes!);
    const overlap = featureOverlap(fa, fb, c.normal[0], c.normal[1]);
    if (overlap === null) continue;
    checked = true;
    if (which === 'frees' && overlap > 1.02 * c.penetration + shell) {
      return `the named features overlap by ${overlap} along the normal, more than 1.02 x depth: ${
        describe(c)
      }`;
    }
    if (which === 'minimal' && overlap < 0.98 * c.penetration - shell) {
      return `the named features overlap by only ${overlap} along the normal, less than 0.98 x depth: ${
        describe(c)
      }`;
    }
  }
  return checked ? null : undefined;
}

/** Two contact lists agree: same count, and each contact has a partner within `tolerance`. */
export function sameContacts(
  expected: Contact2Data[],
  actual: Contact2Data[],
  tolerance: number,
  featureIds: boolean,
): string | null {
  if (expected.length !== actual.length) {
    return `${expected.length} contact(s) in one order, ${actual.length} in the other (${
      expected.map(describe).join('; ')
    } | ${actual.map(describe).join('; ')})`;
  }
  const unused = [...actual];
  for (const c of expected) {
    const k = unused.findIndex((d) =>
      Math.hypot(c.point[0] - d.point[0], c.point[1] - d.point[1]) <= tolerance &&
      Math.abs(c.penetration - d.penetration) <= tolerance &&
      Math.hypot(c.normal[0] - d.normal[0], c.normal[1] - d.normal[1]) <= 1e-6 &&
      (!featureIds || c.featureId === d.featureId)
    );
    if (k < 0) return `no partner for ${describe(c)} among ${unused.map(describe).join('; ')}`;
    unused.splice(k, 1);
  }
  return null;
}

/**
 * The deepest contact agrees after a rigid motion or a scale by `factor`: both lists empty or
 * shallow (within the shell), or their deepest penetrations equal (times `factor`) within
 * `tolerance`. (Points and normals may differ where several features tie.)
 */
function sameDeepest(
  before: Contact2Data[],
  after: Contact2Data[],
  tolerance: number,
  factor: number,
): string | null {
  const deepest = (list: Contact2Data[]) =>
    list.reduce((d, c) => Math.max(d, c.penetration), -Infinity);
  const d0 = before.length ? deepest(before) * factor : -Infinity,
    d1 = after.length ? deepest(after) : -Infinity;
  if (d0 === -Infinity && d1 === -Infinity) return null;
  if (Math.max(d0, d1) <= tolerance) return null;
  if (Math.abs(d0 - d1) <= tolerance) return null;
  return `deepest penetration ${d0} (scaled) before, ${d1} after (${before.length} and ${after.length} contacts)`;
}
