/**
 * Polygon rays (`?scene=polygon-rays`): two concave bodies, a comet nucleus and a lander, each
 * moved by its centroid and turned by its handle, with the contacts of collision2d's two polygon
 * methods side by side: the initiator/opponent ray test (`rayTestPolygons`) and decomposition with
 * separating axes (`collidePolygonPolygon`). The "Show the ray test" switch draws what the ray
 * test looked at (its `RayTestTrace`): the bounding circles of radius R_ext about the centroids,
 * the contour points it kept (those facing the other body) and culled, the test rays from each
 * centroid through its kept points, and where they cross the other body's segments.
 *
 * Built in parts: the page state (`RaysPage`), the panel, the pointer input and the drawing are
 * separate functions over it; the scene itself (`PolygonRaysScene`) has no page.
 */
import { parseContour, pointInPolygon } from '@contactkit/collision2d';
import contourText from './assets/comet-contour.txt?raw';
import type { ContactRecord } from '../contact-records.js';
import { PolygonRaysScene } from './polygon-rays-scene.js';
import type { PairResult } from './polygon-rays-scene.js';
import {
  drawArrow,
  element,
  fitCanvas,
  programPage,
  publish,
  shortNumber,
} from './program-page.js';

export const RAYS_COLORS = {
  nucleus: '#8d7f6f',
  lander: '#7f97b0',
  outline: '#e8eef5',
  circle: '#b48cff',
  active: '#3ddc84',
  culled: '#55606d',
  ray: 'rgba(255, 209, 102, 0.45)',
  crossing: '#ffd166',
  rays: '#ff9f43',
  axes: '#5aa9ff',
  handle: '#f4f7fa',
} as const;

/** How far past R_ext a body's handle sits (metres), and how near (CSS px) a press takes it. */
const HANDLE_REACH = 0.35;
const HANDLE_GRAB = 14;

/** What the page holds between frames. */
interface RaysPage {
  scene: PolygonRaysScene;
  result: PairResult;
  showMethod: boolean;
  /** The body being dragged: moved (by the offset from its centroid) or turned by its handle. */
  drag: { index: 0 | 1; mode: 'move' | 'turn'; offset: [number, number]; } | null;
  /** World (metres, y up) -> CSS pixels: [cx + x s, cy - y s]. */
  view: { s: number; cx: number; cy: number; };
  frame: number;
}

/** The panel's readouts, filled each frame. */
interface RaysPanel {
  summary: HTMLElement;
  table: HTMLTableSectionElement;
}

export function startPolygonRays(): Promise<void> {
  const page = programPage(
    'polygon-rays',
    'Polygon rays: the ray test beside separating axes',
    'Two concave bodies, a comet nucleus and a lander. Their contacts come from ' +
      "collision2d's two polygon methods, drawn side by side: the ray test (rayTestPolygons: " +
      "each body's bounding circle of radius R_ext about its centroid as an early out, the " +
      'contour points facing the other body kept, and a ray from each centroid through each ' +
      "kept point tested against the other body's segments, lambda and mu in [0, 1] by " +
      "Cramer's rule, both ways) in orange, and decomposition into convex pieces with " +
      'separating axes (collidePolygonPolygon; Ericson, Real-Time Collision Detection, 4.4 and ' +
      '5.2.1) in blue.',
    'Drag a body to move it by its centroid; drag the knob on its handle to turn it. Deep ' +
      'overlaps and edges crossing without a contour point inside show where the two methods ' +
      'differ.',
  );
  const state: RaysPage = {
    scene: new PolygonRaysScene(parseContour(contourText)),
    result: { rays: [], separatingAxes: [] },
    showMethod: new URLSearchParams(location.search).get('method') !== '0',
    drag: null,
    view: { s: 1, cx: 0, cy: 0 },
    frame: 0,
  };
  const panel = buildPanel(page.body, state);
  attachInput(page.canvas, state);
  const tick = () => {
    state.result = state.scene.evaluate();
    drawPage(page.canvas, page.context, state);
    showReadouts(panel, state.result);
    state.frame++;
    publishState(state);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return Promise.resolve();
}

// --- The panel ---------------------------------------------------------------------------------

function buildPanel(body: HTMLElement, state: RaysPage): RaysPanel {
  const toggles = element('div', { class: 'toggles' });
  const input = element('input', { type: 'checkbox', id: 'show-method' });
  input.checked = state.showMethod;
  input.addEventListener('change', () => (state.showMethod = input.checked));
  const label = element('label', {});
  label.append(input, ' Show the ray test: R_ext circles, kept points, rays, crossings');
  toggles.append(label);
  const reset = element('button', { type: 'button', id: 'reset' }, 'Reset');
  reset.addEventListener('click', () => {
    state.scene = new PolygonRaysScene(parseContour(contourText));
  });
  const buttons = element('div', { class: 'buttons' });
  buttons.append(reset);
  const legend = element('ul', { class: 'legend' });
  for (
    const [color, text] of [
      [RAYS_COLORS.rays, 'ray test contacts'],
      [RAYS_COLORS.axes, 'separating-axis contacts'],
      [RAYS_COLORS.circle, 'R_ext circles'],
      [RAYS_COLORS.active, 'kept contour points'],
      [RAYS_COLORS.culled, 'culled points'],
      [RAYS_COLORS.crossing, 'ray crossings'],
    ] as const
  ) {
    const item = element('li');
    const swatch = element('span', { class: 'swatch' });
    swatch.style.background = color;
    item.append(swatch, text);
    legend.append(item);
  }
  const summary = element('p', { class: 'live', id: 'rays-summary' });
  const table = element('table', { id: 'rays-contacts' });
  const tableBody = element('tbody');
  table.append(element('thead'), tableBody);
  table.tHead!.innerHTML =
    '<tr><th>method</th><th>#</th><th>point</th><th>normal</th><th>depth</th></tr>';
  body.append(toggles, buttons, legend, summary, element('h2', {}, 'Contacts'), table);
  return { summary, table: tableBody };
}

function showReadouts(panel: RaysPanel, result: PairResult): void {
  const deepest = (contacts: readonly ContactRecord[]) =>
    contacts.reduce((max, c) => Math.max(max, c.penetration), 0);
  const text = `Ray test: ${result.rays.length} contact${
    result.rays.length === 1 ? '' : 's'
  }, deepest ${
    shortNumber(deepest(result.rays), 3)
  } m. Separating axes: ${result.separatingAxes.length} contact${
    result.separatingAxes.length === 1 ? '' : 's'
  }, deepest ${shortNumber(deepest(result.separatingAxes), 3)} m.`;
  if (panel.summary.textContent !== text) panel.summary.textContent = text;
  const row = (method: string, c: ContactRecord, i: number) =>
    `<tr><td>${method}</td><td>${i}</td><td>(${shortNumber(c.point[0]!, 3)}, ${
      shortNumber(c.point[1]!, 3)
    })</td><td>(${shortNumber(c.normal[0]!, 2)}, ${shortNumber(c.normal[1]!, 2)})</td><td>${
      shortNumber(c.penetration, 3)
    }</td></tr>`;
  const rows = [
    ...result.rays.map((c, i) => row('rays', c, i)),
    ...result.separatingAxes.map((c, i) => row('axes', c, i)),
  ].join('') || '<tr><td colspan="5">none: the bodies do not touch</td></tr>';
  if (panel.table.innerHTML !== rows) panel.table.innerHTML = rows;
}

// --- Input: move by the centroid, turn by the handle --------------------------------------------

/** The world position of body `index`'s handle knob. */
function handleOf(scene: PolygonRaysScene, index: 0 | 1): [number, number] {
  const pose = scene.poses[index], reach = scene.bodies[index].boundingRadius + HANDLE_REACH;
  return [
    pose.position[0] + reach * Math.cos(pose.angle),
    pose.position[1] + reach * Math.sin(pose.angle),
  ];
}

function attachInput(canvas: HTMLCanvasElement, state: RaysPage): void {
  const toWorld = (event: PointerEvent): [number, number] => {
    const box = canvas.getBoundingClientRect(), { s, cx, cy } = state.view;
    return [(event.clientX - box.left - cx) / s, (cy - (event.clientY - box.top)) / s];
  };
  canvas.addEventListener('pointerdown', (event) => {
    const p = toWorld(event), scene = state.scene;
    // The lander is drawn on top: it is tried first.
    for (const index of [1, 0] as const) {
      const [hx, hy] = handleOf(scene, index);
      if (Math.hypot(p[0] - hx, p[1] - hy) * state.view.s <= HANDLE_GRAB) {
        state.drag = { index, mode: 'turn', offset: [0, 0] };
      } else if (pointInPolygon(scene.bodies[index], p)) {
        const c = scene.poses[index].position;
        state.drag = { index, mode: 'move', offset: [p[0] - c[0], p[1] - c[1]] };
      } else continue;
      canvas.setPointerCapture(event.pointerId);
      return;
    }
  });
  canvas.addEventListener('pointermove', (event) => {
    const drag = state.drag;
    if (!drag) return;
    const p = toWorld(event), pose = state.scene.poses[drag.index];
    if (drag.mode === 'move') {
      state.scene.setPose(drag.index, [p[0] - drag.offset[0], p[1] - drag.offset[1]], pose.angle);
    } else {
      const angle = Math.atan2(p[1] - pose.position[1], p[0] - pose.position[0]);
      state.scene.setPose(drag.index, pose.position, angle);
    }
  });
  const end = () => (state.drag = null);
  canvas.addEventListener('pointerup', end);
  canvas.addEventListener('pointercancel', end);
}

// --- Drawing -----------------------------------------------------------------------------------

function drawPage(
  canvas: HTMLCanvasElement,
  context: CanvasRenderingContext2D,
  state: RaysPage,
): void {
  const { width, height } = fitCanvas(canvas, context);
  // About 7 m by 5.5 m of world about (0, 0.4): both bodies and room to pull them apart.
  const s = Math.min(width / 7, height / 5.5);
  state.view = { s, cx: width / 2, cy: height / 2 + 0.4 * s };
  context.fillStyle = '#0b0e13';
  context.fillRect(0, 0, width, height);
  const X = (p: ArrayLike<number>): [number, number] => [
    state.view.cx + p[0]! * s,
    state.view.cy - p[1]! * s,
  ];
  drawBodies(context, state.scene, X);
  if (state.showMethod) drawMethod(context, state.scene, X, s);
  drawContacts(context, state.result.separatingAxes, RAYS_COLORS.axes, X, s, 0);
  drawContacts(context, state.result.rays, RAYS_COLORS.rays, X, s, 3);
}

type Project = (p: ArrayLike<number>) => [number, number];

function drawBodies(context: CanvasRenderingContext2D, scene: PolygonRaysScene, X: Project): void {
  for (const index of [0, 1] as const) {
    const points = scene.worldVertices(index).map(X);
    context.fillStyle = index === 0 ? RAYS_COLORS.nucleus : RAYS_COLORS.lander;
    context.strokeStyle = RAYS_COLORS.outline;
    context.lineWidth = 1.5;
    context.beginPath();
    points.forEach(([x, y], i) => (i === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
    context.closePath();
    context.fill();
    context.stroke();
    // The handle: from the centroid to the knob that turns the body.
    const [cx, cy] = X(scene.poses[index].position), [hx, hy] = X(handleOf(scene, index));
    context.strokeStyle = RAYS_COLORS.handle;
    context.lineWidth = 1;
    context.setLineDash([3, 3]);
    context.beginPath();
    context.moveTo(cx, cy);
    context.lineTo(hx, hy);
    context.stroke();
    context.setLineDash([]);
    context.fillStyle = RAYS_COLORS.handle;
    context.beginPath();
    context.arc(hx, hy, 7, 0, 2 * Math.PI);
    context.fill();
    context.beginPath();
    context.arc(cx, cy, 3, 0, 2 * Math.PI);
    context.fill();
  }
}

/** What the ray test looked at, from its trace: circles, kept and culled points, rays, crossings. */
function drawMethod(
  context: CanvasRenderingContext2D,
  scene: PolygonRaysScene,
  X: Project,
  s: number,
): void {
  const trace = scene.trace;
  for (const index of [0, 1] as const) {
    const centre = X([trace.centroids[2 * index]!, trace.centroids[2 * index + 1]!]);
    context.strokeStyle = RAYS_COLORS.circle;
    context.lineWidth = 1;
    context.setLineDash([6, 4]);
    context.beginPath();
    context.arc(centre[0], centre[1], trace.radii[index]! * s, 0, 2 * Math.PI);
    context.stroke();
    context.setLineDash([]);
    if (!trace.reached) continue;
    const points = scene.worldVertices(index).map(X);
    context.strokeStyle = RAYS_COLORS.ray;
    context.beginPath();
    points.forEach(([x, y], i) => {
      if (trace.active[index][i] !== 1) return;
      context.moveTo(centre[0], centre[1]);
      context.lineTo(x, y);
    });
    context.stroke();
    points.forEach(([x, y], i) => {
      context.fillStyle = trace.active[index][i] === 1 ? RAYS_COLORS.active : RAYS_COLORS.culled;
      context.fillRect(x - 2.5, y - 2.5, 5, 5);
    });
  }
  context.fillStyle = RAYS_COLORS.crossing;
  for (let k = 0; k < trace.crossingCount; k++) {
    const [x, y] = X(trace.crossings[k]!.point);
    context.beginPath();
    context.arc(x, y, 3.5, 0, 2 * Math.PI);
    context.fill();
  }
}

/** Contacts as dots with their normals (from the lander toward the nucleus), `shift` px apart. */
function drawContacts(
  context: CanvasRenderingContext2D,
  contacts: readonly ContactRecord[],
  color: string,
  X: Project,
  s: number,
  shift: number,
): void {
  for (const c of contacts) {
    const [x, y] = X(c.point);
    const length = Math.max(24, c.penetration * s);
    drawArrow(
      context,
      x + shift,
      y + shift,
      x + shift + c.normal[0]! * length,
      y + shift - c.normal[1]! * length,
      color,
      2,
      8,
    );
    context.fillStyle = color;
    context.beginPath();
    context.arc(x + shift, y + shift, 4, 0, 2 * Math.PI);
    context.fill();
  }
}

function publishState(state: RaysPage): void {
  const { scene, result } = state, trace = scene.trace;
  publish({
    scene: 'polygon-rays',
    frame: state.frame,
    poses: scene.poses.map((p) => ({ position: [...p.position], angle: p.angle })),
    rays: result.rays,
    separatingAxes: result.separatingAxes,
    trace: {
      reached: trace.reached,
      centroids: Array.from(trace.centroids),
      radii: Array.from(trace.radii),
      active: [0, 1].map((i) =>
        Array.from(trace.active[i as 0 | 1].subarray(0, scene.bodies[i as 0 | 1].count))
      ),
      crossings: trace.crossingCount,
    },
    handles: [handleOf(scene, 0), handleOf(scene, 1)],
    showMethod: state.showMethod,
    project: (point: readonly number[]) => [
      state.view.cx + point[0]! * state.view.s,
      state.view.cy - point[1]! * state.view.s,
    ],
  });
}
