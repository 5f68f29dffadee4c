/**
 * The page: reads `?scene=<id>`, builds that scene's view and the panel, and runs the frame
 * loop. Every frame publishes `window.__contactkit = { scene, contacts, ... }` for tests.
 */
import { WebGLRenderer } from 'three';
import './style.css';
import { DEFAULT_SCENE, findScene, isScene2 } from './scenes.js';
import type { SceneEntry } from './scenes.js';
import { Panel } from './panel.js';
import { View3D } from './view3d.js';
import { View2D } from './view2d.js';
import type { MinimumTranslation } from './scenes2d.js';
import type { View } from './view.js';
import type { ContactRecord } from './contact-records.js';

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
  settings: { tolerance: number; maxContactsPerPair: number };
  /** World centres of the shapes (first, second, ...). */
  shapes: number[][];
  /** Exact poses of the shapes: 3D the 16 numbers of each transform, 2D `[x, y, angle]`. */
  poses: number[][];
  /** The minimum translation drawn (polygons-convex), else null. */
  minimumTranslation: MinimumTranslation | null;
  /** The segment intersections marked (segments), else empty. */
  intersections: number[][];
  /** World point -> canvas CSS pixels (from the canvas's top left). */
  project(point: readonly number[]): [number, number];
}

declare global {
  interface Window {
    __contactkit?: ContactkitState;
  }
}

const requested = new URLSearchParams(location.search).get('scene');
const entry: SceneEntry = findScene(requested) ?? findScene(DEFAULT_SCENE)!;
const canvas = document.getElementById('view') as HTMLCanvasElement;
// preserveDrawingBuffer keeps the last frame readable for screenshots and pixel tests.
const renderer = new WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));

function createView(sceneEntry: SceneEntry): View {
  return isScene2(sceneEntry.id) ? new View2D(sceneEntry.id, renderer) : new View3D(sceneEntry.id, renderer);
}

const view = createView(entry);
const view3d = view instanceof View3D ? view : null;
let animating = false;
let animationStart = 0;
let frame = 0;

const notice = requested !== null && requested !== entry.id ? `Unknown scene "${requested}": showing ${entry.id}.` : '';
const panel = new Panel(
  document.getElementById('panel')!,
  {
    current: entry.id,
    title: entry.title,
    description: view.description + (notice ? ` ${notice}` : ''),
    dimension: view.dimension,
    tolerance: view.data.tolerance,
    maxContactsPerPair: view.data.maxContactsPerPair,
    hint: view.dimension === 3
      ? 'Click a shape to select it; drag the gizmo to move it (W) or turn it (E). Drag the background to orbit, wheel to zoom.'
      : 'Drag a shape to move it; Shift+drag or the wheel over a shape turns it.',
  },
  {
    onAnimate(on) {
      animating = on;
      animationStart = performance.now();
    },
    onReset() {
      view.reset();
    },
    onMode: view3d ? (mode) => view3d.setMode(mode) : undefined,
    onTolerance(value) {
      view.data.tolerance = value;
    },
    onMaxContacts(value) {
      view.data.maxContactsPerPair = value;
    },
  },
);

function resize(): void {
  const width = canvas.clientWidth, height = canvas.clientHeight;
  const pixelRatio = renderer.getPixelRatio();
  if (canvas.width !== Math.floor(width * pixelRatio) || canvas.height !== Math.floor(height * pixelRatio)) {
    renderer.setSize(width, height, false);
  }
}

function tick(now: number): void {
  resize();
  const contacts = view.step(animating ? (now - animationStart) / 1000 : null);
  view.render(canvas.clientWidth, canvas.clientHeight);
  frame++;
  window.__contactkit = {
    scene: entry.id,
    contacts,
    frame,
    animating,
    settings: { tolerance: view.data.tolerance, maxContactsPerPair: view.data.maxContactsPerPair },
    shapes: view.shapeCentres(),
    poses: view.shapePoses(),
    minimumTranslation: view instanceof View2D ? view.translation : null,
    intersections: view instanceof View2D ? view.intersections : [],
    project: (point) => view.project(point),
  };
  panel.showContacts(contacts, view instanceof View2D && view.scene.showSegmentIntersections ? `, ${view.intersections.length} segment intersections` : '');
  requestAnimationFrame(tick);
}

requestAnimationFrame(tick);
