/**
 * The contour probe without a page: a ball (centre C, radius r) against a contour of segments,
 * open or closed, by the vector method of circle-against-contour detection (the distance of a
 * point to a segment, Ericson, Real-Time Collision Detection, 5.1.2), with every quantity of the
 * method kept for drawing. For the segment from P_i to P_i+1:
 *
 *   S = P_i+1 - P_i, O = C - P_i, l_part = O . S / |S| (may be negative),
 *   Part = l_part S / |S|, the foot F = P_i + Part, the distance d = |O - Part| = |O x S| / |S|.
 *
 * When 0 <= l_part <= |S| the foot is on the segment: the contact point is F, the normal
 * (O - Part) / d, its angle beta = atan2(n_y, n_x), and the penetration dErr = r - d (contact
 * when d <= r). Past an end (l_part < 0 before P_i, l_part > |S| after P_i+1) the segment has no
 * contact of its own; where the centre is past the end of one segment and before the start of
 * the next, the corner between them is convex as seen from the ball: the distance is |O| to the
 * corner and the normal points from the corner to the centre. An open contour's end points
 * are such corners on their own. At a concave corner the ball can touch both segments: two
 * contacts, one per segment, in the order of the segments. Pure: no DOM.
 */

/** A contour to probe, world metres, y up. */
export interface ProbeProfile {
  id: string;
  title: string;
  points: Array<[number, number]>;
  closed: boolean;
}

/** What the method finds for one contact. */
export interface ProbeContact {
  /** 'segment' (the foot on segment `index`) or 'corner' (the convex corner at point `index`). */
  feature: 'segment' | 'corner';
  index: number;
  /** P_i: the segment's start, or the corner. */
  start: [number, number];
  /** S = P_i+1 - P_i (a corner: the segment leaving it, or entering it at an open end). */
  segment: [number, number];
  /** O = C - P_i. */
  offset: [number, number];
  /** Part = l_part S / |S| (a corner: zero). */
  part: [number, number];
  /** l_part = O . S / |S|. */
  partLength: number;
  /** The contact point P(x, y): the foot F, or the corner. */
  point: [number, number];
  /** Unit normal from the contour toward the centre. */
  normal: [number, number];
  /** The normal's angle beta, degrees in (-180, 180]. */
  beta: number;
  /** dErr = r - d: the penetration (0 touching). */
  depth: number;
}

/** The corner symbol: `<` a convex corner touched, `>` no corner or a concave one. */
export interface ProbeResult {
  contacts: ProbeContact[];
  symbol: '<' | '>';
  /** 'convex' (a corner contact), 'concave' (two contacts on adjacent segments) or 'none'. */
  corner: 'convex' | 'concave' | 'none';
}

export const PROBE_RADIUS = 0.35;

export const PROBE_PROFILES: readonly ProbeProfile[] = [
  {
    id: 'zigzag',
    title: 'Open zig-zag',
    points: [[-3, 0.2], [-1.6, 1.6], [-0.4, 0], [0.8, 1.2], [2, -0.2], [3.2, 0.8]],
    closed: false,
  },
  {
    id: 'step',
    title: 'Open step',
    points: [[-3, 1.5], [-1, 1.5], [-1, 0], [1, 0], [1, 1], [3, 1]],
    closed: false,
  },
  {
    id: 'square',
    title: 'Closed square (convex)',
    points: [[-1.5, -1], [1.5, -1], [1.5, 2], [-1.5, 2]],
    closed: true,
  },
  {
    id: 'cross',
    title: 'Closed cross (concave)',
    points: [
      [-0.5, -1],
      [0.5, -1],
      [0.5, 0],
      [1.5, 0],
      [1.5, 1],
      [0.5, 1],
      [0.5, 2],
      [-0.5, 2],
      [-0.5, 1],
      [-1.5, 1],
      [-1.5, 0],
      [-0.5, 0],
    ],
    closed: true,
  },
];

export function findProbeProfile(id: string | null): ProbeProfile | undefined {
  return PROBE_PROFILES.find((p) => p.id === id);
}

const DEGREES = 180 / Math.PI;

/**
 * Every contact of a ball at `centre` of `radius` with `profile` (see the file header), segments
 * in order, each convex corner once. Throws a RangeError for a radius that is not > 0 or a centre
 * that is not finite.
 */
export function probeContour(
  profile: ProbeProfile,
  centre: readonly number[],
  radius = PROBE_RADIUS,
): ProbeResult {
  const cx = centre[0]!, cy = centre[1]!;
  if (!(Number.isFinite(cx) && Number.isFinite(cy))) {
    throw new RangeError(
      `probeContour: centre must be two finite numbers, got [${centre.join(', ')}]`,
    );
  }
  if (!(radius > 0 && Number.isFinite(radius))) {
    throw new RangeError(`probeContour: radius must be a finite number > 0, got ${radius}`);
  }
  const points = profile.points, n = points.length;
  const segments = profile.closed ? n : n - 1;
  const contacts: ProbeContact[] = [];
  /** Per segment: -1 the centre is before its start, 1 past its end, 0 over it. */
  const beyond: number[] = [];
  for (let i = 0; i < segments; i++) {
    const [px, py] = points[i]!, [qx, qy] = points[(i + 1) % n]!;
    const sx = qx - px, sy = qy - py, length = Math.hypot(sx, sy);
    const ox = cx - px, oy = cy - py;
    const partLength = (ox * sx + oy * sy) / length;
    beyond.push(partLength < 0 ? -1 : partLength > length ? 1 : 0);
    if (beyond[i] !== 0) continue;
    const partX = (partLength * sx) / length, partY = (partLength * sy) / length;
    const dx = ox - partX, dy = oy - partY, distance = Math.hypot(dx, dy);
    if (distance > radius) continue;
    // On the segment itself the direction is the segment's left normal.
    const [nx, ny] = distance > 0 ? [dx / distance, dy / distance] : [-sy / length, sx / length];
    contacts.push({
      feature: 'segment',
      index: i,
      start: [px, py],
      segment: [sx, sy],
      offset: [ox, oy],
      part: [partX, partY],
      partLength,
      point: [px + partX, py + partY],
      normal: [nx, ny],
      beta: Math.atan2(ny, nx) * DEGREES,
      depth: radius - distance,
    });
  }
  addCorners(profile, cx, cy, radius, beyond, contacts);
  return { contacts, ...cornerSymbol(profile, contacts) };
}

/** The convex corners the ball touches: past the end of the segment before, before the next. */
function addCorners(
  profile: ProbeProfile,
  cx: number,
  cy: number,
  radius: number,
  beyond: readonly number[],
  contacts: ProbeContact[],
): void {
  const points = profile.points, n = points.length, segments = beyond.length;
  for (let k = 0; k < n; k++) {
    const before = profile.closed ? (k - 1 + n) % n : k - 1, after = k < segments ? k : -1;
    const pastBefore = before < 0 || beyond[before] === 1;
    const beforeAfter = after < 0 || beyond[after] === -1;
    if (!(pastBefore && beforeAfter) || (before < 0 && after < 0)) continue;
    const [px, py] = points[k]!, ox = cx - px, oy = cy - py, distance = Math.hypot(ox, oy);
    if (distance > radius || distance === 0) continue;
    const [qx, qy] = after >= 0 ? points[(k + 1) % n]! : points[k - 1]!;
    const sx = after >= 0 ? qx - px : px - qx, sy = after >= 0 ? qy - py : py - qy;
    const nx = ox / distance, ny = oy / distance;
    contacts.push({
      feature: 'corner',
      index: k,
      start: [px, py],
      segment: [sx, sy],
      offset: [ox, oy],
      part: [0, 0],
      partLength: (ox * sx + oy * sy) / Math.hypot(sx, sy),
      point: [px, py],
      normal: [nx, ny],
      beta: Math.atan2(ny, nx) * DEGREES,
      depth: radius - distance,
    });
  }
}

function cornerSymbol(
  profile: ProbeProfile,
  contacts: readonly ProbeContact[],
): Omit<ProbeResult, 'contacts'> {
  if (contacts.some((c) => c.feature === 'corner')) return { symbol: '<', corner: 'convex' };
  const segments = profile.closed ? profile.points.length : profile.points.length - 1;
  const touched = new Set(contacts.map((c) => c.index));
  for (const i of touched) {
    if (
      touched.has(profile.closed ? (i + 1) % segments : i + 1) &&
      (i + 1 < segments || profile.closed)
    ) {
      return { symbol: '>', corner: 'concave' };
    }
  }
  return { symbol: '>', corner: 'none' };
}
