/**
 * The contour probe (`?scene=contour-probe`): drag a ball over a contour chosen from a menu
 * (open and closed, convex and concave corners) and see the vector method's quantities live
 * (contour-probe-scene.ts): for each contact O, S, the part vector and its foot, the normal with
 * its angle beta in degrees, the penetration dErr, and the corner symbol (`<` a convex corner,
 * `>` none or a concave one), with a table of P(x, y), beta and dErr per contact.
 *
 * Built in parts: the page state (`ProbePage`), the panel, the pointer input and the drawing are
 * separate functions over it.
 */
import {
  PROBE_PROFILES,
  PROBE_RADIUS,
  findProbeProfile,
  probeContour,
} from './contour-probe-scene.js';
import type { ProbeContact, ProbeProfile, ProbeResult } from './contour-probe-scene.js';
import {
  drawArrow,
  element,
  fitCanvas,
  programPage,
  publish,
  shortNumber,
} from './program-page.js';

export const PROBE_COLORS = {
  contour: '#c9d3de',
  ball: '#3ddc84',
  touching: '#ff5c5c',
  offset: '#5aa9ff',
  segment: '#ffd166',
  part: '#ff9f43',
  foot: '#ffffff',
  normal: '#3ddc84',
  depth: '#ff5c5c',
} as const;

interface ProbePage {
  profile: ProbeProfile;
  centre: [number, number];
  result: ProbeResult;
  dragging: boolean;
  /** World (metres, y up) -> CSS pixels: [cx + x s, cy - y s]. */
  view: { s: number; cx: number; cy: number; };
  frame: number;
}

interface ProbePanel {
  symbol: HTMLElement;
  table: HTMLTableSectionElement;
}

/** Where the ball starts on each profile: over a segment, near a corner worth looking at. */
const START: [number, number] = [-0.6, 0.5];

export function startContourProbe(): Promise<void> {
  const page = programPage(
    'contour-probe',
    'Contour probe: the vector method, live',
    'A ball against a contour of segments by the vector method (the distance of a point to a ' +
      'segment: Ericson, Real-Time Collision Detection, 5.1.2). For the segment from P_i to ' +
      'P_i+1: S = P_i+1 - P_i, O = centre - P_i, the part length l_part = O . S / |S| and the ' +
      'part vector l_part S / |S|, whose end is the foot of the perpendicular. When 0 <= ' +
      'l_part <= |S| the foot lies on the segment and is the contact point P; the normal runs ' +
      'from it to the centre at the angle beta, and the penetration dErr = r - d. Past the ' +
      "segment's ends the nearest point is a corner, convex as seen from the ball: its " +
      'distance is |O|. At a concave corner the ball can touch both segments: two contacts.',
    'Drag anywhere to move the ball. Choose a contour in the menu; the symbol says whether ' +
      'the ball touches a convex corner (<) or no corner or a concave one (>).',
  );
  const parameters = new URLSearchParams(location.search);
  const profile = findProbeProfile(parameters.get('profile')) ?? PROBE_PROFILES[0]!;
  const state: ProbePage = {
    profile,
    centre: [START[0], START[1]],
    result: probeContour(profile, START),
    dragging: false,
    view: { s: 1, cx: 0, cy: 0 },
    frame: 0,
  };
  const panel = buildPanel(page.body, state);
  attachInput(page.canvas, state);
  const tick = () => {
    state.result = probeContour(state.profile, state.centre);
    drawPage(page.canvas, page.context, state);
    showReadouts(panel, state.result);
    state.frame++;
    publish({
      scene: 'contour-probe',
      frame: state.frame,
      profile: state.profile.id,
      centre: [...state.centre],
      radius: PROBE_RADIUS,
      contacts: state.result.contacts,
      symbol: state.result.symbol,
      corner: state.result.corner,
      project: (p: readonly number[]) => [
        state.view.cx + p[0]! * state.view.s,
        state.view.cy - p[1]! * state.view.s,
      ],
    });
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return Promise.resolve();
}

// --- The panel ---------------------------------------------------------------------------------

function buildPanel(body: HTMLElement, state: ProbePage): ProbePanel {
  const select = element('select', { id: 'probe-profile' });
  for (const entry of PROBE_PROFILES) {
    select.append(element('option', { value: entry.id }, entry.title));
  }
  select.value = state.profile.id;
  select.addEventListener('change', () => {
    state.profile = findProbeProfile(select.value) ?? state.profile;
    const link = new URLSearchParams({ scene: 'contour-probe', profile: state.profile.id });
    window.history.replaceState(null, '', `?${link}`);
  });
  const label = element('label', { class: 'choice' });
  label.append('Contour ', select);
  const legend = element('ul', { class: 'legend' });
  for (
    const [key, text] of [
      ['offset', 'O = centre - P_i'],
      ['segment', 'S = P_i+1 - P_i'],
      ['part', 'part vector l_part S / |S|'],
      ['foot', 'foot: the contact point P'],
      ['normal', 'normal (angle beta)'],
      ['depth', 'penetration dErr'],
    ] as const
  ) {
    const item = element('li');
    const swatch = element('span', { class: 'swatch' });
    swatch.style.background = PROBE_COLORS[key];
    item.append(swatch, text);
    legend.append(item);
  }
  const symbol = element('p', { class: 'live', id: 'corner-symbol' });
  const table = element('table', { id: 'probe-contacts' });
  const tableBody = element('tbody');
  table.append(element('thead'), tableBody);
  table.tHead!.innerHTML =
    '<tr><th>#</th><th>feature</th><th>P(x, y)</th><th>beta (\u00b0)</th><th>dErr</th><th>l_part</th></tr>';
  body.append(label, symbol, legend, element('h2', {}, 'Contacts'), table);
  return { symbol, table: tableBody };
}

function showReadouts(panel: ProbePanel, result: ProbeResult): void {
  const text = result.corner === 'convex'
    ? '< a convex corner: one contact, by the distance to the corner'
    : result.corner === 'concave'
    ? '> a concave corner: two contacts, one on each segment'
    : `> no corner${result.contacts.length === 0 ? ', no contact' : ''}`;
  if (panel.symbol.textContent !== text) panel.symbol.textContent = text;
  const rows =
    result.contacts.map((c, i) =>
      `<tr><td>${i}</td><td>${c.feature} ${c.index}</td><td>(${shortNumber(c.point[0], 3)}, ${
        shortNumber(c.point[1], 3)
      })</td><td>${shortNumber(c.beta, 4)}</td><td>${shortNumber(c.depth, 3)}</td><td>${
        c.feature === 'segment' ? shortNumber(c.partLength, 3) : '-'
      }</td></tr>`
    ).join('') ||
    '<tr><td colspan="6">none: the ball is more than one radius from the contour</td></tr>';
  if (panel.table.innerHTML !== rows) panel.table.innerHTML = rows;
}

// --- Input: the ball follows a drag ------------------------------------------------------------

function attachInput(canvas: HTMLCanvasElement, state: ProbePage): void {
  const move = (event: PointerEvent) => {
    const box = canvas.getBoundingClientRect(), { s, cx, cy } = state.view;
    state.centre = [(event.clientX - box.left - cx) / s, (cy - (event.clientY - box.top)) / s];
  };
  canvas.addEventListener('pointerdown', (event) => {
    canvas.setPointerCapture(event.pointerId);
    state.dragging = true;
    move(event);
  });
  canvas.addEventListener('pointermove', (event) => {
    if (state.dragging) move(event);
  });
  const end = () => (state.dragging = false);
  canvas.addEventListener('pointerup', end);
  canvas.addEventListener('pointercancel', end);
}

// --- Drawing -----------------------------------------------------------------------------------

type Project = (p: readonly number[]) => [number, number];

function drawPage(
  canvas: HTMLCanvasElement,
  context: CanvasRenderingContext2D,
  state: ProbePage,
): void {
  const { width, height } = fitCanvas(canvas, context);
  // About 7.5 m by 4.5 m of world about (0, 0.6): every profile with room around it.
  const s = Math.min(width / 7.5, height / 4.5);
  state.view = { s, cx: width / 2, cy: height / 2 + 0.6 * s };
  context.fillStyle = '#0b0e13';
  context.fillRect(0, 0, width, height);
  const X: Project = (p) => [state.view.cx + p[0]! * s, state.view.cy - p[1]! * s];
  const points = state.profile.points.map(X);
  context.strokeStyle = PROBE_COLORS.contour;
  context.lineWidth = 2.5;
  context.beginPath();
  points.forEach(([x, y], i) => (i === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
  if (state.profile.closed) context.closePath();
  context.stroke();
  context.fillStyle = PROBE_COLORS.contour;
  context.font = '11px system-ui, sans-serif';
  points.forEach(([x, y], i) => {
    context.fillRect(x - 2.5, y - 2.5, 5, 5);
    context.fillText(`P${i}`, x + 5, y + 13);
  });
  const [bx, by] = X(state.centre);
  const touching = state.result.contacts.length > 0;
  context.strokeStyle = touching ? PROBE_COLORS.touching : PROBE_COLORS.ball;
  context.lineWidth = 2;
  context.beginPath();
  context.arc(bx, by, PROBE_RADIUS * s, 0, 2 * Math.PI);
  context.stroke();
  for (const contact of state.result.contacts) drawContact(context, contact, state.centre, X);
}

/** One contact's vectors: O, S, the part vector, the foot, the normal with beta, dErr. */
function drawContact(
  context: CanvasRenderingContext2D,
  c: ProbeContact,
  centre: readonly number[],
  X: Project,
): void {
  const arrow = (from: readonly number[], to: readonly number[], color: string, width = 2) => {
    const [x0, y0] = X(from), [x1, y1] = X(to);
    drawArrow(context, x0, y0, x1, y1, color, width, 9);
  };
  arrow(c.start, [c.start[0] + c.segment[0], c.start[1] + c.segment[1]], PROBE_COLORS.segment);
  arrow(c.start, centre, PROBE_COLORS.offset);
  if (c.feature === 'segment') {
    arrow(c.start, c.point, PROBE_COLORS.part, 3);
  }
  // dErr along the normal: from the contact point to the ball's deepest point.
  const deepest = [
    centre[0]! - c.normal[0] * PROBE_RADIUS,
    centre[1]! - c.normal[1] * PROBE_RADIUS,
  ];
  const [px, py] = X(c.point), [dx, dy] = X(deepest);
  context.strokeStyle = PROBE_COLORS.depth;
  context.lineWidth = 4;
  context.beginPath();
  context.moveTo(px, py);
  context.lineTo(dx, dy);
  context.stroke();
  const tip = [c.point[0] + c.normal[0] * 0.8, c.point[1] + c.normal[1] * 0.8];
  arrow(c.point, tip, PROBE_COLORS.normal);
  context.fillStyle = PROBE_COLORS.touching;
  context.beginPath();
  context.arc(px, py, 4.5, 0, 2 * Math.PI);
  context.fill();
  context.fillStyle = PROBE_COLORS.normal;
  context.font = '600 12px ui-monospace, monospace';
  const [tx, ty] = X(tip);
  context.fillText(`\u03b2 ${shortNumber(c.beta, 4)}\u00b0`, tx + 4, ty - 4);
}
