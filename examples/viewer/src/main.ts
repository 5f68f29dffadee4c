/**
 * The page: reads its state from the URL (`?scene=<id>&tolerance=...`, url-state.ts), builds
 * that scene's view and the panel, runs the frame loop, keeps the URL in step with the state,
 * and times the current pair's detector. Every frame publishes `window.__contactkit` for tests.
 */
import { WebGLRenderer } from 'three';
import { contactKindName } from '@contactkit/math';
import type { ContactKind } from '@contactkit/math';
import './style.css';
import { DEFAULT_SCENE, DEFAULT_SETTINGS, findScene, isScene2 } from './scenes.js';
import type { SceneEntry } from './scenes.js';
import { Panel, contactSummary } from './panel.js';
import { showFirstFrame } from './panel-frame.js';
import { View3D } from './view3d.js';
import { View2D } from './view2d.js';
import { isTurnable } from './scenes2d.js';
import type { MinimumTranslation } from './scenes2d.js';
import type { View } from './view.js';
import type { ContactRecord } from './contact-records.js';
import { formatState, parseState } from './url-state.js';
import type { ViewerState } from './url-state.js';
import { formatDuration, timeCall } from './timing.js';

/** What the page publishes every frame. */
export interface ContactkitState {
  /** The scene id shown. */
  scene: string;
  /** The current contacts as plain objects. */
  contacts: ContactRecord[];
  /** Frames drawn since the page loaded. */
  frame: number;
  /** Whether the scripted motion runs. */
  animating: boolean;
  /** Current CollisionData settings. */
  settings: { tolerance: number; maxContactsPerPair: number; };
  /** World centres of the shapes (first, second, ...). */
  shapes: number[][];
  /** Exact poses of the shapes: 3D the 16 numbers of each transform, 2D `[x, y, angle]`. */
  poses: number[][];
  /** The whole state as the URL keeps it. */
  state: ViewerState;
  /** The minimum translation drawn (polygons-convex, sat-axes), else null. */
  minimumTranslation: MinimumTranslation | null;
  /** The segment intersections marked (segments), else empty. */
  intersections: number[][];
  /** What the scene's test returned (probe scenes), else null. */
  probe: Record<string, unknown> | null;
  /** The last time readout: median milliseconds per call, or null before the first. */
  timing: number | null;
  /** 3D: the shape the gizmo is on, -1 before a shape is clicked; 2D: -1. */
  selectedShape: number;
  /** World point -> canvas CSS pixels (from the canvas's top left). */
  project(point: readonly number[]): [number, number];
  /** The contact labels' centres and the arrows, canvas CSS pixels (see View.labelLayout). */
  labelLayout(): { labels: number[][]; arrows: number[][]; };
}

declare global {
  interface Window {
    __contactkit?: ContactkitState;
  }
}

const parsed = parseState(location.search);
const entry: SceneEntry = findScene(parsed.scene) ?? findScene(DEFAULT_SCENE)!;
const notices = [...parsed.errors];
if (parsed.scene !== null && parsed.scene !== entry.id) {
  notices.push(`Unknown scene "${parsed.scene}": showing ${entry.id}.`);
}

const canvas = document.getElementById('view') as HTMLCanvasElement;
// preserveDrawingBuffer keeps the last frame readable for screenshots and pixel tests.
const renderer = new WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
const textLayer = document.getElementById('labels')!;
const tooltip = document.getElementById('tooltip')!;

const view: View = isScene2(entry.id)
  ? new View2D(entry.id, renderer, textLayer)
  : new View3D(entry.id, renderer);
const view2d = view instanceof View2D ? view : null;
const view3d = view instanceof View3D ? view : null;

/** The state a bare `?scene=<id>` gives: what Reset returns to, and what the URL leaves out. */
function currentState(): ViewerState {
  return {
    scene: entry.id,
    tolerance: view.data.tolerance,
    maxContactsPerPair: view.data.maxContactsPerPair,
    poses: view.statePoses(),
    point: view2d?.scene.startPoint ? view2d.probeInput.point : null,
    choice: view2d ? view2d.probeInput.choice : -1,
    witnesses: view.witnesses,
    labels: view.labels,
    edges: view3d?.edges ?? true,
  };
}
const start = currentState();

// The URL's values go through the same setters as typed ones; a refused one is named and the
// start value stays.
function attempt(what: string, apply: () => void): void {
  try {
    apply();
  } catch (error) {
    notices.push(`${what}: ${(error as Error).message}`);
  }
}
if (parsed.tolerance !== undefined) {
  attempt('tolerance', () => (view.data.tolerance = parsed.tolerance!));
}
if (parsed.maxContactsPerPair !== undefined) {
  attempt('max', () => (view.data.maxContactsPerPair = parsed.maxContactsPerPair!));
}
if (parsed.poses.length > 0) {
  attempt(
    'poses',
    () => view.applyStatePoses(start.poses.map((pose, i) => parsed.poses[i] ?? pose)),
  );
}
if (view2d && parsed.point && view2d.scene.startPoint) view2d.probeInput.point = parsed.point;
if (view2d && parsed.choice !== undefined) {
  const count = view2d.choiceOptions()?.length ?? 0;
  if (Number.isInteger(parsed.choice) && parsed.choice >= -1 && parsed.choice < count - 1) {
    view2d.probeInput.choice = parsed.choice;
  } else notices.push(`axis=${parsed.choice}: expected an integer from -1 to ${count - 2}`);
}
if (parsed.witnesses !== undefined) view.witnesses = parsed.witnesses;
if (parsed.labels !== undefined) view.labels = parsed.labels;
if (view3d && parsed.edges !== undefined) view3d.edges = parsed.edges;

/** What the 2D hint says about turning: the axis-aligned rectangles of a scene do not turn. */
function turnHint(): string {
  const shapes = view2d?.scene.shapes ?? [];
  const fixed = shapes.filter((shape) => !isTurnable(shape)).length;
  if (fixed === 0) return 'Shift+drag or the wheel over a shape turns it.';
  if (fixed === shapes.length) return 'axis-aligned rectangles do not turn.';
  return 'Shift+drag or the wheel over a shape turns it; the axis-aligned rectangle does not turn.';
}

let animating = false;
let animationStart = 0;
let frame = 0;
const choiceOptions = view2d?.choiceOptions() ?? null;

const panel = new Panel(
  document.getElementById('panel')!,
  {
    current: entry.id,
    title: entry.title,
    description: view.description,
    dimension: view.dimension,
    tolerance: view.data.tolerance,
    maxContactsPerPair: view.data.maxContactsPerPair,
    hint: view.dimension === 3
      ? 'Click a shape to select it; drag the gizmo to move it (W) or turn it (E). Drag the ' +
        'background to orbit, wheel to zoom. Point at a contact (or its row) to see its ' +
        'features; click it to keep them.'
      : `Drag a shape to move it; ${turnHint()}${
        view2d?.scene.startPoint ? ' Click to place the point under test.' : ''
      } Point at a contact (or its row) to see its features; click it to keep them.`,
    labels: view.labels,
    witnesses: view.witnesses,
    edges: view3d?.hasEdges ? view3d.edges : null,
    shapeNames: view.shapeNames(),
    choice: choiceOptions && view2d
      ? {
        label: view2d.scene.choice!.label,
        options: choiceOptions,
        value: view2d.probeInput.choice,
      }
      : null,
    notices,
  },
  {
    onAnimate(on) {
      animating = on;
      animationStart = performance.now();
    },
    onReset() {
      view.reset();
      view.data.tolerance = DEFAULT_SETTINGS.tolerance;
      view.data.maxContactsPerPair = DEFAULT_SETTINGS.maxContactsPerPair;
      panel.showSettings(view.data.tolerance, view.data.maxContactsPerPair);
      panel.clearErrors();
      panel.setChoice(-1);
    },
    onMode: view3d ? (mode) => view3d.setMode(mode) : undefined,
    onTolerance(value) {
      view.data.tolerance = value;
    },
    onMaxContacts(value) {
      view.data.maxContactsPerPair = value;
    },
    settings: () => ({
      tolerance: view.data.tolerance,
      maxContactsPerPair: view.data.maxContactsPerPair,
    }),
    onToggle(name, on) {
      if (name !== 'edges') view[name] = on;
      else if (view3d) view3d.edges = on;
    },
    onChoice: view2d
      ? (value) => {
        view2d.probeInput.choice = value;
      }
      : undefined,
    onPose(index, values) {
      view.setEditablePose(index, values);
    },
    pose: (index) => view.editablePose(index),
    onHoverContact(index) {
      view.hovered = index;
    },
    onSelectContact(index) {
      view.selected = view.selected === index ? -1 : index;
    },
  },
);

function resize(): void {
  const width = canvas.clientWidth, height = canvas.clientHeight;
  const pixelRatio = renderer.getPixelRatio();
  if (
    canvas.width !== Math.floor(width * pixelRatio) ||
    canvas.height !== Math.floor(height * pixelRatio)
  ) {
    renderer.setSize(width, height, false);
  }
}

// The URL follows the state at most every 250 ms and not while animating (history.replaceState
// is rate-limited by browsers).
let lastUrlWrite = 0;
function writeUrl(now: number): void {
  if (animating || now - lastUrlWrite < 250) return;
  const search = formatState(currentState(), start);
  if (search !== location.search) history.replaceState(null, '', search);
  lastUrlWrite = now;
}

// The time readout follows the state: measured again when poses, settings or the probe changed,
// at most every 400 ms (a measurement takes about 10 ms).
let timedKey = '';
let lastTiming = 0;
let timing: number | null = null;
function measure(now: number): void {
  const key = JSON.stringify([
    view.statePoses(),
    view.data.tolerance,
    view.data.maxContactsPerPair,
    view2d?.probeInput,
  ]);
  if (key === timedKey || now - lastTiming < 400) return;
  timedKey = key;
  lastTiming = now;
  const result = timeCall(view.kernel(), () => performance.now());
  timing = result.median;
  panel.showTiming(
    ` · ${
      formatDuration(result.median)
    } per call (median of ${result.runs} runs of ${result.calls})`,
  );
}

function tick(now: number): void {
  resize();
  const contacts = view.step(animating ? (now - animationStart) / 1000 : null);
  view.render(canvas.clientWidth, canvas.clientHeight);
  frame++;
  const highlighted = view.hovered >= 0 ? view.hovered : view.selected;
  window.__contactkit = {
    scene: entry.id,
    contacts,
    frame,
    animating,
    settings: { tolerance: view.data.tolerance, maxContactsPerPair: view.data.maxContactsPerPair },
    shapes: view.shapeCentres(),
    poses: view.shapePoses(),
    state: currentState(),
    minimumTranslation: view2d ? view2d.translation : null,
    intersections: view2d ? view2d.intersections : [],
    probe: view2d?.probe ? view2d.probe.values : null,
    timing,
    selectedShape: view3d ? view3d.selectedShapeIndex : -1,
    project: (point) => view.project(point),
    labelLayout: () => view.labelLayout(),
  };
  const extra = view2d && view2d.scene.showSegmentIntersections
    ? `, ${view2d.intersections.length} segment intersections`
    : '';
  panel.showContacts(contacts, extra, highlighted);
  const feature = view.highlightText();
  const featureCaption = feature && contacts[highlighted]
    ? `Contact ${highlighted} (${contactKindOf(contacts[highlighted])}): ${feature}.`
    : '';
  panel.showCaptions(view2d?.probe?.caption ?? '', contactSummary(contacts), featureCaption);
  showTooltip(featureCaption, contacts[highlighted]);
  panel.showPoses();
  if (frame === 1) showFirstFrame();
  // The time readout waits until the first frames are on screen.
  if (frame > 2) measure(now);
  writeUrl(now);
  requestAnimationFrame(tick);
}

/** The highlighted contact's caption beside its marker on the canvas, kept inside the canvas. */
function showTooltip(text: string, contact: ContactRecord | undefined): void {
  tooltip.hidden = text === '' || !contact;
  if (tooltip.hidden || !contact) return;
  if (tooltip.textContent !== text) tooltip.textContent = text;
  const [x, y] = view.project(contact.point);
  const left = Math.max(4, Math.min(x + 14, canvas.clientWidth - tooltip.offsetWidth - 4));
  const top = y - tooltip.offsetHeight - 14 >= 4 ? y - tooltip.offsetHeight - 14 : y + 14;
  tooltip.style.transform = `translate(${left.toFixed(0)}px, ${top.toFixed(0)}px)`;
}

function contactKindOf(contact: ContactRecord): string {
  return `${contactKindName(contact.kind as ContactKind)}${
    contact.penetration < 0 ? ', speculative' : ''
  }`;
}

requestAnimationFrame(tick);
