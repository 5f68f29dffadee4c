/**
 * A simulation page (`?scene=sim-stack`, `sim-pyramid`, `sim-capsules`, `sim-hulls`, `sim-ramp`):
 * the scene runs in cannon-es twice, side by side in time, from the same start and with the same
 * throws: one world with contactkit as its narrowphase (`useContactkit`, @contactkit/cannon-es),
 * one on cannon-es's own. The switch shows either; both step every frame, so the step time of
 * both is always measured. A scene cannon-es cannot run itself (capsules: it has none) runs
 * contactkit's world alone, and the switch says why it is off. Each frame's contact set is drawn from one CollisionData through `ContactSetHelper`
 * (@contactkit/three): for contactkit the adapter records it (`record`), with feature ids; for
 * cannon-es it is read from cannon-es's contact equations, which carry no feature ids.
 */
import {
  AmbientLight,
  BoxGeometry,
  CapsuleGeometry,
  Color,
  DirectionalLight,
  GridHelper,
  Line,
  BufferGeometry,
  Float32BufferAttribute,
  LineBasicMaterial,
  Mesh,
  MeshLambertMaterial,
  PerspectiveCamera,
  Plane as ThreePlane,
  PlaneGeometry,
  Raycaster,
  Scene,
  Vector2,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import type { Body, ConvexPolyhedron, World } from 'cannon-es';
import { CollisionData } from '@contactkit/contacts3d';
import { ContactKind } from '@contactkit/math';
import { ContactSetHelper } from '@contactkit/three';
import { useContactkit } from '@contactkit/cannon-es';
import { element, isTypingTarget, panelFrame, sceneMenu, showFirstFrame } from '../panel-frame.js';
import { buildSimWorld, simSpec } from './sim-worlds.js';
import type { ShapeSpec, SimSpec, SimWorld } from './sim-worlds.js';
import type { SimId } from './registry.js';
import { contactColor } from './contact-colors.js';
import '../style.css';

/** The fixed step of both worlds: 1/60 s, one step per displayed frame at 60 Hz. */
export const STEP = 1 / 60;
/** At most this many steps per displayed frame: a slow machine runs the scene slower, not coarser. */
const MAX_STEPS_PER_FRAME = 4;
/** Step times averaged for the readout. */
const TIMED_STEPS = 60;
/** Drag length (metres, in the plane facing the camera) to throw speed (m/s). */
const THROW_GAIN = 4;
const MAX_THROW_SPEED = 15;
/** The marker colour of cannon-es's own contacts, which carry no feature ids. */
const NATIVE_COLOR = 0x9aa4b0;

export type Narrowphase = 'contactkit' | 'cannon-es';

/** One world of the page and what it measured. */
interface Run {
  readonly sim: SimWorld;
  readonly record: CollisionData<Body>;
  /** The last `TIMED_STEPS` step times, milliseconds, as a ring. */
  readonly times: Float64Array;
  timed: number;
}

function makeRun(spec: SimSpec, narrowphase: Narrowphase): Run {
  const sim = buildSimWorld(spec);
  const record = new CollisionData<Body>({ capacity: 1024 });
  if (narrowphase === 'contactkit') useContactkit(sim.world, { record });
  else recordNativeContacts(sim.world, record);
  return { sim, record, times: new Float64Array(TIMED_STEPS), timed: 0 };
}

/**
 * cannon-es's own contact set in contactkit's terms, read at `preStep` (after the narrowphase and
 * the solver, before the bodies move, so the equations' gaps are those of the poses they were
 * made at): normal `-ni`, depth minus the gap `(xj + rj - xi - ri) . ni`, point halfway between
 * the witness points. cannon-es names no features: every contact gets feature id 0 and kind
 * PointFace (its box-box contacts are points of one box on a face of the other).
 */
function recordNativeContacts(world: World, record: CollisionData<Body>): void {
  world.addEventListener('preStep', () => {
    record.reset();
    for (const equation of world.contacts) {
      if (record.contactsLeft === 0) {
        record.overflowed = true;
        break;
      }
      const { bi, bj, ri, rj, ni } = equation;
      const ix = bi.position.x + ri.x, iy = bi.position.y + ri.y, iz = bi.position.z + ri.z;
      const jx = bj.position.x + rj.x, jy = bj.position.y + rj.y, jz = bj.position.z + rj.z;
      const contact = record.contacts[record.contactCount++]!;
      contact.firstBody = bi;
      contact.secondBody = bj;
      contact.point.set([(ix + jx) / 2, (iy + jy) / 2, (iz + jz) / 2]);
      contact.normal.set([-ni.x, -ni.y, -ni.z]);
      contact.penetration = -((jx - ix) * ni.x + (jy - iy) * ni.y + (jz - iz) * ni.z);
      contact.kind = ContactKind.PointFace;
      contact.featureId = 0;
    }
  });
}

/** The page's worlds: contactkit's, and cannon-es's own where it can run the scene. */
interface Runs {
  contactkit: Run;
  'cannon-es': Run | undefined;
}

function stepRun(run: Run | undefined): void {
  if (run === undefined) return;
  const start = performance.now();
  run.sim.world.step(STEP);
  run.times[run.timed++ % TIMED_STEPS] = performance.now() - start;
}

/** Mean step time of a run in milliseconds, over its last `TIMED_STEPS` steps (NaN: none). */
function meanStep(run: Run | undefined): number {
  if (run === undefined) return Number.NaN;
  const n = Math.min(run.timed, TIMED_STEPS);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += run.times[i]!;
  return n === 0 ? Number.NaN : sum / n;
}

/** What the page publishes for tests on `window.__contactkit`. */
export interface SimState {
  scene: SimId;
  frame: number;
  /** Simulated seconds since the start or the last reset. */
  time: number;
  /** The shown world's bodies, in the scene's order (static ones too), the floor left out. */
  bodies: { position: [number, number, number]; quaternion: [number, number, number, number]; }[];
  /** The narrowphase of the world shown. */
  narrowphase: Narrowphase;
  paused: boolean;
  /** Contacts of the shown world's last step. */
  contactCount: number;
  /**
   * Those contacts: the boxes' indices in `bodies` (-1: the floor), the feature id, the point,
   * normal and depth, and the colour its marker is drawn in.
   */
  contacts: {
    bodies: [number, number];
    featureId: number;
    point: number[];
    normal: number[];
    penetration: number;
    color: number;
  }[];
  /**
   * Mean milliseconds per `world.step` of each world over its last 60 steps; cannon-es's is null
   * when it cannot run the scene.
   */
  stepTimes: { contactkit: number; 'cannon-es': number | null; };
  /** Runs `count` steps of both worlds at once (tests drive time with it). */
  step(count: number): void;
  /** World point -> canvas CSS pixels (from the canvas's top left). */
  project(point: readonly number[]): [number, number];
}

export function startSim(id: SimId): void {
  const spec = simSpec(id);
  const canvas = document.getElementById('view') as HTMLCanvasElement;
  const renderer = new WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));

  /** Both worlds, or contactkit's alone when cannon-es cannot run the scene (`spec.native`). */
  const makeRuns = (): Runs => ({
    contactkit: makeRun(spec, 'contactkit'),
    'cannon-es': spec.native ? makeRun(spec, 'cannon-es') : undefined,
  });
  let runs = makeRuns();
  const start = new URLSearchParams(location.search).get('narrowphase');
  let shown: Narrowphase = start === 'cannon-es' && spec.native ? 'cannon-es' : 'contactkit';
  const shownRun = (): Run => runs[shown] ?? runs.contactkit;
  let paused = false;
  let steps = 0;
  let frame = 0;

  // --- The picture -----------------------------------------------------------------------------
  const world3 = new Scene();
  world3.background = new Color(0x1d2128);
  world3.add(new AmbientLight(0xffffff, 1.1));
  const sun = new DirectionalLight(0xffffff, 2.2);
  sun.position.set(4, 9, 6);
  world3.add(sun);
  const floorMesh = new Mesh(
    new PlaneGeometry(40, 40),
    new MeshLambertMaterial({ color: 0x2a3039 }),
  );
  floorMesh.rotation.x = -Math.PI / 2;
  world3.add(floorMesh);
  const grid = new GridHelper(40, 40, 0x59606b, 0x3a4049);
  grid.position.y = 0.001;
  world3.add(grid);
  const meshes = spec.bodies.map((bodySpec, i) => {
    const mesh = new Mesh(
      geometryOf(bodySpec.shape, runs.contactkit.sim.bodies[i]!),
      new MeshLambertMaterial({
        color: bodySpec.mass === 0
          ? 0x66707c
          : new Color().setHSL(0.58 + 0.04 * (i % 4), 0.35, 0.55),
        transparent: true,
        opacity: bodySpec.faint ? 0.12 : 0.55,
        depthWrite: false,
      }),
    );
    world3.add(mesh);
    return mesh;
  });
  // Contacts over the boxes: drawn after them, without depth test, so none hides inside a box.
  const overlay = new Scene();
  const helper = new ContactSetHelper({
    markerRadius: 0.05,
    penetrationScale: 20,
    minArrowLength: 0.25,
  });
  overlay.add(helper);
  const aimLine = new Line(new BufferGeometry(), new LineBasicMaterial({ color: 0x3ddc84 }));
  aimLine.visible = false;
  overlay.add(aimLine);

  const camera = new PerspectiveCamera(45, 1, 0.05, 200);
  camera.position.set(...spec.camera.position);
  const orbit = new OrbitControls(camera, canvas);
  orbit.target.set(...spec.camera.target);
  orbit.update();

  // --- The panel -------------------------------------------------------------------------------
  const body = panelFrame(document.getElementById('panel')!);
  body.append(sceneMenu(id, false));
  body.append(element('h2', { id: 'scene-title' }, spec.title));
  body.append(element('p', { class: 'description', id: 'description' }, spec.description));
  body.append(
    element(
      'p',
      { class: 'hint' },
      'Drag a body to throw it (the green line is its velocity, 4 m/s per metre). Drag the background to orbit, wheel to zoom. Space pauses, the right arrow key steps one frame, R resets.',
    ),
  );
  const buttons = element('div', { class: 'buttons' });
  const pauseButton = element('button', { type: 'button', id: 'pause' }, 'Pause');
  const stepButton = element(
    'button',
    { type: 'button', id: 'step', title: 'One step: 1/60 s' },
    'Step',
  );
  const resetButton = element('button', { type: 'button', id: 'reset' }, 'Reset');
  buttons.append(pauseButton, stepButton, resetButton);
  const switchBox = element('div', {
    class: 'buttons',
    id: 'narrowphase-switch',
    role: 'radiogroup',
    'aria-label': 'Narrowphase',
  });
  const modeButtons: Record<Narrowphase, HTMLButtonElement> = {
    contactkit: element(
      'button',
      { type: 'button', id: 'narrowphase-contactkit', role: 'radio' },
      'contactkit',
    ),
    'cannon-es': element(
      'button',
      { type: 'button', id: 'narrowphase-cannon-es', role: 'radio' },
      "cannon-es's own",
    ),
  };
  switchBox.append(
    element('span', {}, 'Narrowphase: '),
    modeButtons.contactkit,
    modeButtons['cannon-es'],
  );
  if (!spec.native) {
    modeButtons['cannon-es'].disabled = true;
    modeButtons['cannon-es'].title = 'cannon-es has no capsule: it cannot run this scene itself';
  }
  const live = element('p', { class: 'live', id: 'sim-caption' });
  const timing = element('p', { class: 'probe', id: 'step-times' });
  const legend = element(
    'p',
    { class: 'hint', id: 'sim-legend' },
    "Each contact's ball is coloured by its pair of bodies and feature id, so a contact that persists keeps its colour (cannon-es's own contacts carry no feature ids: all grey). The arrow is the normal, coloured by the kind of contact; its length grows with the depth (20 times the penetration, at least 0.25 m). " +
      (spec.native
        ? 'Both worlds start together and get the same throws; the switch shows the other.'
        : 'cannon-es cannot run this scene on its own narrowphase, so the switch is off.'),
  );
  body.append(buttons, switchBox, live, timing, legend);

  const showMode = () => {
    for (const mode of ['contactkit', 'cannon-es'] as const) {
      modeButtons[mode].classList.toggle('active', mode === shown);
      modeButtons[mode].setAttribute('aria-checked', String(mode === shown));
    }
    pauseButton.textContent = paused ? 'Resume' : 'Pause';
  };
  showMode();

  const advance = (count: number) => {
    for (let i = 0; i < count; i++) {
      stepRun(runs.contactkit);
      stepRun(runs['cannon-es']);
      steps++;
    }
  };
  const reset = () => {
    runs = makeRuns();
    steps = 0;
  };
  const togglePause = () => {
    paused = !paused;
    showMode();
  };
  const singleStep = () => {
    paused = true;
    showMode();
    advance(1);
  };
  pauseButton.addEventListener('click', togglePause);
  stepButton.addEventListener('click', singleStep);
  resetButton.addEventListener('click', reset);
  for (const mode of ['contactkit', 'cannon-es'] as const) {
    modeButtons[mode].addEventListener('click', () => {
      if (runs[mode] === undefined) return;
      shown = mode;
      showMode();
    });
  }
  window.addEventListener('keydown', (event) => {
    if (isTypingTarget(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === ' ') togglePause();
    else if (event.key === 'ArrowRight') singleStep();
    else if (event.key === 'r' || event.key === 'R') reset();
    else return;
    event.preventDefault();
  });

  // --- Throwing a box --------------------------------------------------------------------------
  const raycaster = new Raycaster();
  const pointer = new Vector2();
  const dragPlane = new ThreePlane();
  const grabbed = new Vector3(), aimed = new Vector3();
  let throwing = -1;
  const pointerRay = (event: PointerEvent) => {
    const rect = canvas.getBoundingClientRect();
    pointer.set(
      ((event.clientX - rect.left) / rect.width) * 2 - 1,
      -((event.clientY - rect.top) / rect.height) * 2 + 1,
    );
    raycaster.setFromCamera(pointer, camera);
  };
  canvas.addEventListener('pointerdown', (event) => {
    pointerRay(event);
    const hit = raycaster.intersectObjects(meshes, false)[0];
    const index = hit ? meshes.findIndex((mesh) => mesh === hit.object) : -1;
    if (!hit || index < 0 || spec.bodies[index]!.mass === 0) return;
    throwing = index;
    grabbed.copy(hit.point);
    aimed.copy(hit.point);
    dragPlane.setFromNormalAndCoplanarPoint(camera.getWorldDirection(new Vector3()), grabbed);
    orbit.enabled = false;
    canvas.setPointerCapture(event.pointerId);
    event.stopImmediatePropagation();
  }, { capture: true });
  canvas.addEventListener('pointermove', (event) => {
    if (throwing < 0) return;
    pointerRay(event);
    raycaster.ray.intersectPlane(dragPlane, aimed);
    aimLine.geometry.setFromPoints([grabbed, aimed]);
    aimLine.visible = true;
  });
  canvas.addEventListener('pointerup', () => {
    if (throwing < 0) return;
    const velocity = aimed.clone().sub(grabbed).multiplyScalar(THROW_GAIN);
    if (velocity.length() > MAX_THROW_SPEED) velocity.setLength(MAX_THROW_SPEED);
    for (const run of [runs.contactkit, runs['cannon-es']]) {
      if (run === undefined) continue;
      const target = run.sim.bodies[throwing]!;
      target.velocity.set(velocity.x, velocity.y, velocity.z);
      target.wakeUp();
    }
    throwing = -1;
    aimLine.visible = false;
    orbit.enabled = true;
  });

  /**
   * A contactkit contact's colour names it (contact-colors.ts) by the bodies' places in the scene
   * (the floor is 0), so it is the same after a reset; cannon-es's contacts are grey.
   */
  const markerColor = (
    contact: { firstBody: Body | null; secondBody: Body | null; featureId: number; },
  ) => {
    if (shown !== 'contactkit') return NATIVE_COLOR;
    const bodies = runs.contactkit.sim.bodies;
    return contactColor(
      bodies.indexOf(contact.firstBody!) + 1,
      bodies.indexOf(contact.secondBody!) + 1,
      contact.featureId,
    );
  };

  // --- The frame loop --------------------------------------------------------------------------
  const colorScratch = new Color();
  const draw = () => {
    const width = canvas.clientWidth, height = canvas.clientHeight;
    const ratio = renderer.getPixelRatio();
    if (
      canvas.width !== Math.floor(width * ratio) || canvas.height !== Math.floor(height * ratio)
    ) {
      renderer.setSize(width, height, false);
    }
    camera.aspect = width / Math.max(1, height);
    camera.updateProjectionMatrix();
    const run = shownRun();
    run.sim.bodies.forEach((b, i) => {
      meshes[i]!.position.set(b.position.x, b.position.y, b.position.z);
      meshes[i]!.quaternion.set(b.quaternion.x, b.quaternion.y, b.quaternion.z, b.quaternion.w);
    });
    helper.update(run.record as CollisionData);
    for (let i = 0; i < run.record.contactCount; i++) {
      helper.markers.setColorAt(i, colorScratch.setHex(markerColor(run.record.contacts[i]!)));
    }
    if (helper.markers.instanceColor) helper.markers.instanceColor.needsUpdate = true;
    renderer.autoClear = false;
    renderer.clear();
    renderer.render(world3, camera);
    renderer.clearDepth();
    renderer.render(overlay, camera);
  };

  const publish = () => {
    const run = shownRun();
    const times = {
      contactkit: meanStep(runs.contactkit),
      'cannon-es': meanStep(runs['cannon-es']),
    };
    const source = shown === 'contactkit' ? 'contactkit' : "cannon-es's own narrowphase";
    live.textContent = `t = ${
      (steps * STEP).toFixed(2)
    } s · ${run.record.contactCount} contacts from ${source}${
      run.record.overflowed ? ' (more than the 1024 drawn)' : ''
    }${paused ? ' · paused' : ''}`;
    timing.textContent = `world.step: contactkit ${ms(times.contactkit)}, ${
      spec.native ? `cannon-es's own ${ms(times['cannon-es'])}` : "cannon-es's own: no capsule"
    } (mean of the last ${TIMED_STEPS} steps, wall clock)`;
    const state: SimState = {
      scene: id,
      frame,
      time: steps * STEP,
      bodies: run.sim.bodies.map((b) => ({
        position: [b.position.x, b.position.y, b.position.z],
        quaternion: [b.quaternion.x, b.quaternion.y, b.quaternion.z, b.quaternion.w],
      })),
      narrowphase: shown,
      paused,
      contactCount: run.record.contactCount,
      contacts: run.record.contacts.slice(0, run.record.contactCount).map((contact) => ({
        bodies: [
          run.sim.bodies.indexOf(contact.firstBody!),
          run.sim.bodies.indexOf(contact.secondBody!),
        ],
        featureId: contact.featureId,
        point: Array.from(contact.point),
        normal: Array.from(contact.normal),
        penetration: contact.penetration,
        color: markerColor(contact),
      })),
      stepTimes: {
        contactkit: times.contactkit,
        'cannon-es': spec.native ? times['cannon-es'] : null,
      },
      step: advance,
      project: ([x = 0, y = 0, z = 0]) => {
        const v = new Vector3(x, y, z).project(camera);
        return [(v.x + 1) / 2 * canvas.clientWidth, (1 - v.y) / 2 * canvas.clientHeight];
      },
    };
    (window as unknown as { __contactkit: SimState; }).__contactkit = state;
  };

  let last = performance.now(), pending = 0;
  const tick = (now: number) => {
    if (!paused) {
      pending = Math.min(pending + (now - last) / 1000, MAX_STEPS_PER_FRAME * STEP);
      while (pending >= STEP) {
        advance(1);
        pending -= STEP;
      }
    }
    last = now;
    draw();
    frame++;
    publish();
    if (frame === 1) showFirstFrame();
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/**
 * The mesh of a body's shape. Boxes and capsules from three.js's geometries (a `CapsuleGeometry`
 * lies along y, as `CapsuleShape` does); convex polyhedra and cylinders from the cannon-es shape's
 * own vertices and faces (each face a fan from its first vertex), so the picture is the shape
 * that is simulated.
 */
function geometryOf(shape: ShapeSpec, body: Body): BufferGeometry {
  switch (shape.kind) {
    case 'box':
      return new BoxGeometry(
        ...shape.halfExtents.map((half) => 2 * half) as [number, number, number],
      );
    case 'capsule':
      return new CapsuleGeometry(shape.radius, 2 * shape.halfLength, 6, 16);
    case 'hull':
    case 'cylinder': {
      const polyhedron = body.shapes[0] as ConvexPolyhedron;
      const positions: number[] = [];
      for (const face of polyhedron.faces) {
        for (let k = 1; k + 1 < face.length; k++) {
          for (const index of [face[0]!, face[k]!, face[k + 1]!]) {
            const v = polyhedron.vertices[index]!;
            positions.push(v.x, v.y, v.z);
          }
        }
      }
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
      geometry.computeVertexNormals();
      return geometry;
    }
  }
}

function ms(value: number): string {
  return Number.isNaN(value) ? '–' : `${value.toFixed(3)} ms`;
}
