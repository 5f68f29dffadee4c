/**
 * The 2D view: the plane z = 0 seen from above through an orthographic camera, the shapes from
 * `meshForShape2`, the contacts from `ContactSet2Helper`, per scene the minimum translation
 * (ghost outline and arrow), the segment intersections (white rings) or the drawing of its
 * boolean or parametric test (lines, points and text labels), and the features of the
 * highlighted contact. Drag a shape to move it; Shift+drag or the wheel over a shape turns it;
 * a click sets the point under test (point-in-polygon) or selects the contact under the pointer.
 */
import {
  ArrowHelper,
  BufferGeometry,
  Color,
  Float32BufferAttribute,
  GridHelper,
  InstancedMesh,
  LineDashedMaterial,
  LineLoop,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  OrthographicCamera,
  Raycaster,
  RingGeometry,
  Scene,
  Vector2,
  Vector3,
} from 'three';
import type { Group, Object3D, WebGLRenderer } from 'three';
import {
  ContactSet2Helper,
  SHAPE_COLORS,
  disposeShape2Mesh,
  meshForShape2,
  syncMeshToShape2,
} from '@contactkit/three';
import { Capsule2, Circle, CollisionData2, Polygon } from '@contactkit/collision2d';
import type { Shape2 } from '@contactkit/collision2d';
import { closestPointOnSegment2 } from '@contactkit/math';
import {
  collideScene2,
  createScene2,
  isTurnable,
  minimumTranslation,
  applyMotion2,
  segmentIntersections,
  startProbeInput,
  worldVertices,
} from './scenes2d.js';
import type {
  MinimumTranslation,
  Overlay,
  Probe,
  ProbeInput,
  Scene2,
  Scene2Id,
} from './scenes2d.js';
import { capsuleOutline } from './probes2d.js';
import { contactFeatures2, shapeName2 } from './features.js';
import { contactRecords, screenLayout } from './contact-records.js';
import type { ContactRecord } from './contact-records.js';
import { TextLayer } from './text-layer.js';
import type { ScreenObstacles } from './label-placement.js';
import { MIN_LABEL_PIXELS } from './view.js';
import type { EditablePose, View } from './view.js';

/** Colours of the third and later shapes (the segments scene). */
const EXTRA_COLORS = [0xb9a27e, 0x9ec27f, 0xc79ad6, 0x7fc2c2];
/** Ring marking a segment intersection: white, unlike every contact-kind colour. */
export const INTERSECTION_COLOR = 0xffffff;
/** The highlighted contact's features: white lines and points over the shapes. */
export const FEATURE_COLOR = 0xffffff;
const MAX_INTERSECTIONS = 32;
/** How close (world units) a pointer must come to a segment or chain to grab it. */
const LINE_GRAB_DISTANCE = 0.12;
/** How close (CSS pixels) a pointer must come to a contact's marker to hover or pick it. */
const CONTACT_PICK_PIXELS = 12;
/** Default width of an overlay line and radius of an overlay point, world units. */
const LINE_WIDTH = 0.018;
const POINT_RADIUS = 0.05;

export class View2D implements View {
  readonly dimension = 2;
  readonly scene: Scene2;
  readonly data = new CollisionData2({ capacity: 64 });
  /** The last minimum translation drawn (scenes that show it), else null. */
  translation: MinimumTranslation | null = null;
  /** The last segment intersections drawn (scenes that show them). */
  intersections: number[][] = [];
  /** The point under test and the scene's choice. */
  readonly probeInput: ProbeInput;
  /** What the scene's test returned this frame, else null. */
  probe: Probe | null = null;
  witnesses = false;
  labels = true;
  hovered = -1;
  selected = -1;
  private readonly world = new Scene();
  /**
   * Above the plane, looking down -z: the picking ray starts at the near plane, above every
   * shape (shape i lies at z = 0.001 i; a ray starting at z = 0 missed all but the first).
   */
  private readonly camera = new OrthographicCamera(-1, 1, 1, -1, 0, 20);
  private readonly helper = new ContactSet2Helper({
    labels: true,
    markerRadius: 0.055,
    penetrationScale: 1,
    minArrowLength: 0.3,
    headLength: 0.1,
    labelSize: 0.17,
    minLabelPixels: MIN_LABEL_PIXELS,
    planeZ: 0.02,
  });
  private readonly meshes: Group[];
  private readonly ghost: LineLoop | null = null;
  private readonly arrow: ArrowHelper | null = null;
  private readonly rings: InstancedMesh | null = null;
  private readonly overlayMesh: Mesh;
  private readonly text: TextLayer;
  private readonly projected = new Vector3();
  private readonly ringMatrix = new Matrix4();
  /** Entry `i`: the index in `scene.pairs` of the pair that wrote contact `i`. */
  private readonly pairOfContact: number[] = [];
  private contacts: ContactRecord[] = [];
  /** The test drawings and feature highlights of the last frame. */
  private overlays: readonly Overlay[] = [];

  constructor(id: Scene2Id, private readonly renderer: WebGLRenderer, textLayer: HTMLElement) {
    this.scene = createScene2(id);
    this.probeInput = startProbeInput(this.scene);
    this.text = new TextLayer(textLayer);
    this.world.background = new Color(0x1d2128);
    this.camera.position.z = 10;
    const grid = new GridHelper(12, 24, 0x59606b, 0x30363f);
    grid.rotation.x = Math.PI / 2; // GridHelper lies in XZ; the 2D plane is XY
    grid.position.z = -0.05;
    this.world.add(grid);
    this.meshes = this.scene.shapes.map((shape, i) => {
      const color = i === 0
        ? SHAPE_COLORS.first
        : i === 1
        ? SHAPE_COLORS.second
        : EXTRA_COLORS[(i - 2) % EXTRA_COLORS.length]!;
      const mesh = meshForShape2(shape, { color, planeZ: 0.001 * i, chainWidth: 0.035 });
      this.world.add(mesh);
      return mesh;
    });
    if (this.scene.showMinimumTranslation) {
      const first = this.scene.shapes[this.scene.pairs[0]![0]] as Polygon;
      const outline: number[] = [];
      for (let i = 0; i < first.count; i++) {
        outline.push(first.vertices[2 * i]!, first.vertices[2 * i + 1]!, 0);
      }
      this.ghost = new LineLoop(
        new BufferGeometry().setAttribute('position', new Float32BufferAttribute(outline, 3)),
        new LineDashedMaterial({ color: 0xffffff, dashSize: 0.08, gapSize: 0.06 }),
      );
      this.ghost.computeLineDistances();
      this.ghost.position.z = 0.01;
      this.arrow = new ArrowHelper(new Vector3(1, 0, 0), new Vector3(), 1, 0xffffff, 0.12, 0.08);
      this.world.add(this.ghost, this.arrow);
    }
    if (this.scene.showSegmentIntersections) {
      this.rings = new InstancedMesh(
        new RingGeometry(0.06, 0.1, 24),
        new MeshBasicMaterial({ color: INTERSECTION_COLOR, depthTest: false }),
        MAX_INTERSECTIONS,
      );
      this.rings.frustumCulled = false;
      this.rings.count = 0;
      this.rings.renderOrder = 5;
      this.world.add(this.rings);
    }
    // Probe drawings and feature highlights: triangles with per-vertex colours, rebuilt each frame.
    this.overlayMesh = new Mesh(
      new BufferGeometry(),
      new MeshBasicMaterial({
        vertexColors: true,
        depthTest: false,
        depthWrite: false,
        transparent: true,
      }),
    );
    this.overlayMesh.frustumCulled = false;
    this.overlayMesh.renderOrder = 4;
    this.world.add(this.overlayMesh);
    this.world.add(this.helper);
    this.installPointer(renderer.domElement);
  }

  get description(): string {
    return this.scene.description;
  }

  reset(): void {
    this.scene.shapes.forEach((shape, i) => {
      const start = this.scene.starts[i]!;
      shape.setPose(start.position, start.angle);
      syncMeshToShape2(this.meshes[i]!, shape);
    });
    const start = startProbeInput(this.scene);
    this.probeInput.point = start.point;
    this.probeInput.choice = start.choice;
    this.selected = -1;
  }

  step(time: number | null): ContactRecord[] {
    if (time !== null) {
      for (const i of applyMotion2(this.scene, time)) {
        syncMeshToShape2(this.meshes[i]!, this.scene.shapes[i]!);
      }
    }
    collideScene2(this.scene, this.data, this.pairOfContact);
    this.helper.showWitnesses = this.witnesses;
    this.helper.update(this.data);
    this.contacts = contactRecords(this.data);
    if (this.selected >= this.contacts.length) this.selected = -1;
    if (this.hovered >= this.contacts.length) this.hovered = -1;
    this.drawMinimumTranslation();
    this.drawIntersections();
    this.probe = this.scene.probe ? this.scene.probe(this.scene, this.probeInput) : null;
    this.drawOverlays([...(this.probe?.overlays ?? []), ...this.highlightOverlays()]);
    return this.contacts;
  }

  render(width: number, height: number): void {
    const { centre, height: viewHeight } = this.scene.view;
    // A tall canvas (a phone) shows at least 1.15 view heights across rather than the height.
    const halfHeight = Math.max(viewHeight / 2, (viewHeight * 0.575 * height) / width);
    const halfWidth = (halfHeight * width) / height;
    const camera = this.camera;
    if (camera.top !== centre[1] + halfHeight || camera.right !== centre[0] + halfWidth) {
      camera.left = centre[0] - halfWidth;
      camera.right = centre[0] + halfWidth;
      camera.top = centre[1] + halfHeight;
      camera.bottom = centre[1] - halfHeight;
      camera.updateProjectionMatrix();
      camera.updateMatrixWorld();
    }
    this.helper.visible = true;
    for (const label of this.helper.labelObjects) label.visible &&= this.labels;
    if (this.labels) this.helper.placeLabels(camera, width, height);
    this.renderer.render(this.world, camera);
    this.text.draw((p) => this.project(p), this.screenObstacles());
  }

  /**
   * What the text labels keep clear of, in canvas pixels: the shapes' outlines, the test's lines
   * and points, the contact markers, arrows and numbers, the segment-crossing rings.
   */
  private screenObstacles(): ScreenObstacles {
    const segments: number[][] = [];
    const discs: number[][] = [];
    const scale = this.project([1, 0])[0] - this.project([0, 0])[0];
    const polyline = (points: ArrayLike<number>, closed: boolean): void => {
      const n = points.length / 2;
      for (let i = 0; i < (closed ? n : n - 1); i++) {
        const j = (i + 1) % n;
        segments.push([
          ...this.project([points[2 * i]!, points[2 * i + 1]!]),
          ...this.project([points[2 * j]!, points[2 * j + 1]!]),
        ]);
      }
    };
    for (const shape of this.scene.shapes) {
      if (shape instanceof Circle) {
        const [cx, cy] = this.project([shape.transform.x, shape.transform.y]);
        const r = shape.radius * scale;
        for (let k = 0; k < 32; k++) {
          const a0 = (2 * Math.PI * k) / 32, a1 = (2 * Math.PI * (k + 1)) / 32;
          segments.push([
            cx + r * Math.cos(a0),
            cy - r * Math.sin(a0),
            cx + r * Math.cos(a1),
            cy - r * Math.sin(a1),
          ]);
        }
      } else if (shape instanceof Capsule2) {
        polyline(capsuleOutline(shape), true);
      } else {
        polyline(
          worldVertices(shape as Shape2 & { vertices: Float64Array; count: number; }),
          shape instanceof Polygon,
        );
      }
    }
    for (const overlay of this.overlays) {
      if (overlay.type === 'line') {
        segments.push([...this.project(overlay.from), ...this.project(overlay.to)]);
      } else if (overlay.type === 'point') {
        discs.push([...this.project(overlay.at), (overlay.radius ?? POINT_RADIUS) * scale]);
      }
    }
    const layout = this.labelLayout();
    segments.push(...layout.arrows);
    for (const [x, y] of layout.arrows) discs.push([x!, y!, this.helper.markerRadius * scale]);
    for (const [x, y, height] of layout.labels) discs.push([x!, y!, 0.35 * height!]);
    for (const p of this.intersections) discs.push([...this.project(p), 0.1 * scale]);
    return { segments, discs };
  }

  project(point: readonly number[]): [number, number] {
    const canvas = this.renderer.domElement;
    this.projected.set(point[0]!, point[1]!, point[2] ?? 0).project(this.camera);
    return [
      ((this.projected.x + 1) / 2) * canvas.clientWidth,
      ((1 - this.projected.y) / 2) * canvas.clientHeight,
    ];
  }

  shapePoses(): number[][] {
    return this.scene.shapes.map((s) => [s.transform.x, s.transform.y, s.transform.angle]);
  }

  statePoses(): number[][] {
    return this.shapePoses();
  }

  applyStatePoses(poses: readonly (readonly number[])[]): void {
    if (poses.length !== this.scene.shapes.length) {
      throw new RangeError(
        `poses: the scene has ${this.scene.shapes.length} shapes, got ${poses.length} poses`,
      );
    }
    const before = this.shapePoses();
    try {
      poses.forEach((pose, i) => {
        if (pose.length !== 3) {
          throw new RangeError(`p${i} must be x,y,angle, got ${pose.join(',')}`);
        }
        this.scene.shapes[i]!.setPose([pose[0]!, pose[1]!], pose[2]!);
      });
    } catch (error) {
      before.forEach((pose, i) => this.scene.shapes[i]!.setPose([pose[0]!, pose[1]!], pose[2]!));
      throw error;
    }
    this.scene.shapes.forEach((shape, i) => syncMeshToShape2(this.meshes[i]!, shape));
  }

  shapeCentres(): number[][] {
    return this.scene.shapes.map((s) => [s.transform.x, s.transform.y]);
  }

  shapeNames(): string[] {
    return this.scene.shapes.map((_, i) => shapeName2(this.scene.shapes, i).replace(/^the /, ''));
  }

  editablePose(index: number): EditablePose {
    const t = this.scene.shapes[index]!.transform;
    return isTurnable(this.scene.shapes[index]!)
      ? { fields: ['x', 'y', 'angle (deg)'], values: [t.x, t.y, (t.angle * 180) / Math.PI] }
      : { fields: ['x', 'y'], values: [t.x, t.y] };
  }

  setEditablePose(index: number, values: readonly number[]): void {
    const shape = this.scene.shapes[index]!;
    const angle = values.length > 2 ? (values[2]! * Math.PI) / 180 : 0;
    // setPose validates (a RangeError names the field) and changes nothing when it throws.
    shape.setPose([values[0]!, values[1]!], angle);
    syncMeshToShape2(this.meshes[index]!, shape);
  }

  /** The labels of the scene's choice (sat-axes: the axes), or null. */
  choiceOptions(): string[] | null {
    return this.scene.choice ? this.scene.choice.options(this.scene) : null;
  }

  labelLayout(): { labels: number[][]; arrows: number[][]; } {
    return screenLayout(
      this.labels ? this.helper.labelObjects : [],
      this.contacts,
      (depth) => this.helper.arrowLength(depth),
      (p) => this.project(p),
      [0, 1, 0],
    );
  }

  highlightText(): string {
    const index = this.hovered >= 0 ? this.hovered : this.selected;
    if (index < 0 || index >= this.contacts.length) return '';
    const [a, b] = this.featuresOf(index);
    return `${a.text} against ${b.text}`;
  }

  kernel(): () => unknown {
    if (this.scene.kernel) return this.scene.kernel(this.scene, this.probeInput);
    const data = new CollisionData2({
      capacity: 64,
      tolerance: this.data.tolerance,
      maxContactsPerPair: this.data.maxContactsPerPair,
    });
    return () => collideScene2(this.scene, data);
  }

  dispose(): void {
    this.helper.dispose();
    for (const mesh of this.meshes) disposeShape2Mesh(mesh);
    this.ghost?.geometry.dispose();
    this.arrow?.dispose();
    this.rings?.geometry.dispose();
    this.rings?.dispose();
    this.overlayMesh.geometry.dispose();
    this.text.clear();
  }

  private featuresOf(index: number): ReturnType<typeof contactFeatures2> {
    const [i, j] = this.scene.pairs[this.pairOfContact[index]!]!;
    return contactFeatures2(this.scene.shapes, i, j, this.contacts[index]!.featureId);
  }

  /** The highlighted contact's two features: edges as thick lines, vertices as dots, a circle's rim as a ring. */
  private highlightOverlays(): Overlay[] {
    const index = this.hovered >= 0 ? this.hovered : this.selected;
    if (index < 0 || index >= this.contacts.length) return [];
    const overlays: Overlay[] = [];
    for (const feature of this.featuresOf(index)) {
      if (feature.kind === 'vertex') {
        overlays.push({
          type: 'point',
          at: feature.points[0]!,
          color: FEATURE_COLOR,
          radius: 0.075,
        });
      }
      if (feature.kind === 'edge') {
        overlays.push({
          type: 'line',
          from: feature.points[0]!,
          to: feature.points[1]!,
          color: FEATURE_COLOR,
          width: 0.05,
        });
      }
      if (feature.kind === 'surface') {
        const circle = this.scene.shapes[feature.shape] as Circle;
        const { x, y } = circle.transform;
        for (let k = 0; k < 48; k++) {
          const a0 = (2 * Math.PI * k) / 48, a1 = (2 * Math.PI * (k + 1)) / 48;
          overlays.push({
            type: 'line',
            from: [x + circle.radius * Math.cos(a0), y + circle.radius * Math.sin(a0)],
            to: [x + circle.radius * Math.cos(a1), y + circle.radius * Math.sin(a1)],
            color: FEATURE_COLOR,
            width: 0.04,
          });
        }
      }
    }
    const c = this.contacts[index]!;
    overlays.push({
      type: 'point',
      at: [c.point[0]!, c.point[1]!],
      color: FEATURE_COLOR,
      radius: 0.095,
    });
    return overlays;
  }

  /** Lines as quads (dashed ones cut into dashes), points as discs, text into the text layer. */
  private drawOverlays(overlays: readonly Overlay[]): void {
    this.overlays = overlays;
    const positions: number[] = [];
    const colors: number[] = [];
    const color = new Color();
    const quad = (ax: number, ay: number, bx: number, by: number, width: number): void => {
      const length = Math.hypot(bx - ax, by - ay);
      if (length === 0) return;
      const nx = (-(by - ay) / length) * (width / 2), ny = ((bx - ax) / length) * (width / 2);
      positions.push(
        ax - nx,
        ay - ny,
        0,
        bx - nx,
        by - ny,
        0,
        bx + nx,
        by + ny,
        0,
        ax - nx,
        ay - ny,
        0,
        bx + nx,
        by + ny,
        0,
        ax + nx,
        ay + ny,
        0,
      );
      for (let k = 0; k < 6; k++) colors.push(color.r, color.g, color.b);
    };
    const texts: { at: number[]; text: string; color: number; }[] = [];
    for (const overlay of overlays) {
      color.setHex(overlay.color);
      if (overlay.type === 'line') {
        const [ax, ay] = overlay.from, [bx, by] = overlay.to;
        const width = overlay.width ?? LINE_WIDTH;
        if (!overlay.dashed) {
          quad(ax, ay, bx, by, width);
          continue;
        }
        const length = Math.hypot(bx - ax, by - ay), dash = 0.08, gap = 0.06;
        for (let s = 0; s < length; s += dash + gap) {
          const e = Math.min(length, s + dash);
          quad(
            ax + ((bx - ax) * s) / length,
            ay + ((by - ay) * s) / length,
            ax + ((bx - ax) * e) / length,
            ay + ((by - ay) * e) / length,
            width,
          );
        }
      } else if (overlay.type === 'point') {
        const r = overlay.radius ?? POINT_RADIUS, [x, y] = overlay.at;
        for (let k = 0; k < 20; k++) {
          const a0 = (2 * Math.PI * k) / 20, a1 = (2 * Math.PI * (k + 1)) / 20;
          positions.push(
            x,
            y,
            0,
            x + r * Math.cos(a0),
            y + r * Math.sin(a0),
            0,
            x + r * Math.cos(a1),
            y + r * Math.sin(a1),
            0,
          );
          for (let m = 0; m < 3; m++) colors.push(color.r, color.g, color.b);
        }
      } else {
        texts.push({ at: overlay.at, text: overlay.text, color: overlay.color });
      }
    }
    const geometry = this.overlayMesh.geometry;
    geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
    geometry.setAttribute('color', new Float32BufferAttribute(colors, 3));
    this.text.set(texts);
  }

  /** The ghost is the first polygon moved by the translation; the arrow starts at its centre. */
  private drawMinimumTranslation(): void {
    if (!this.ghost || !this.arrow) return;
    this.translation = minimumTranslation(this.scene);
    const t = this.translation;
    const visible = t !== null && t.overlapping && t.depth > 0;
    this.ghost.visible = visible;
    this.arrow.visible = visible;
    if (!visible) return;
    const first = this.scene.shapes[this.scene.pairs[0]![0]]!;
    syncMeshToShape2(this.ghost, first);
    this.ghost.position.set(
      first.transform.x + t.translation[0]!,
      first.transform.y + t.translation[1]!,
      0.01,
    );
    this.arrow.position.set(first.transform.x, first.transform.y, 0.01);
    this.arrow.setDirection(this.projected.set(t.normal[0]!, t.normal[1]!, 0));
    this.arrow.setLength(Math.max(t.depth, 0.2), Math.min(0.12, t.depth * 0.5 + 0.05), 0.08);
  }

  private drawIntersections(): void {
    if (!this.rings) return;
    this.intersections = segmentIntersections(this.scene);
    const matrix = this.ringMatrix;
    const count = Math.min(this.intersections.length, MAX_INTERSECTIONS);
    for (let i = 0; i < count; i++) {
      const p = this.intersections[i]!;
      this.rings.setMatrixAt(i, matrix.makeTranslation(p[0]!, p[1]!, 0.015));
    }
    this.rings.count = count;
    this.rings.instanceMatrix.needsUpdate = true;
  }

  /** The contact whose marker is within CONTACT_PICK_PIXELS of canvas pixel (x, y), else -1. */
  private contactAt(x: number, y: number): number {
    let best = -1, bestDistance = CONTACT_PICK_PIXELS;
    this.contacts.forEach((c, i) => {
      const [cx, cy] = this.project(c.point);
      const distance = Math.hypot(cx - x, cy - y);
      if (distance <= bestDistance) {
        best = i;
        bestDistance = distance;
      }
    });
    return best;
  }

  /** The top-most shape under a world point, or -1. */
  private pick(x: number, y: number, raycaster: Raycaster, pointer: Vector2): number {
    raycaster.setFromCamera(pointer, this.camera);
    for (let i = this.scene.shapes.length - 1; i >= 0; i--) {
      const shape = this.scene.shapes[i]!;
      if (shape instanceof Circle || shape instanceof Polygon || shape instanceof Capsule2) {
        const fill = this.meshes[i]!.getObjectByName('fill') as Object3D;
        if (raycaster.intersectObject(fill, false).length > 0) return i;
      } else if (distanceToLines(shape, x, y) <= LINE_GRAB_DISTANCE) {
        return i;
      }
    }
    return -1;
  }

  private installPointer(canvas: HTMLCanvasElement): void {
    const raycaster = new Raycaster();
    const pointer = new Vector2();
    const world = new Vector3();
    const toWorld = (event: PointerEvent | WheelEvent): Vector3 => {
      const rect = canvas.getBoundingClientRect();
      pointer.set(
        ((event.clientX - rect.left) / rect.width) * 2 - 1,
        -((event.clientY - rect.top) / rect.height) * 2 + 1,
      );
      return world.set(pointer.x, pointer.y, 0).unproject(this.camera);
    };
    let dragged = -1;
    let turning = false;
    let downX = 0, downY = 0;
    let grabX = 0, grabY = 0, startX = 0, startY = 0, startAngle = 0;
    canvas.addEventListener('pointerdown', (event) => {
      downX = event.clientX;
      downY = event.clientY;
      const p = toWorld(event);
      dragged = this.pick(p.x, p.y, raycaster, pointer);
      if (dragged < 0) return;
      canvas.setPointerCapture(event.pointerId);
      const t = this.scene.shapes[dragged]!.transform;
      turning = event.shiftKey && isTurnable(this.scene.shapes[dragged]!);
      grabX = p.x;
      grabY = p.y;
      startX = t.x;
      startY = t.y;
      startAngle = t.angle;
    });
    canvas.addEventListener('pointermove', (event) => {
      const rect = canvas.getBoundingClientRect();
      if (dragged < 0) {
        this.hovered = this.contactAt(event.clientX - rect.left, event.clientY - rect.top);
        return;
      }
      const p = toWorld(event);
      const shape = this.scene.shapes[dragged]!;
      if (turning) {
        // Turn by the change of the pointer's bearing about the shape's centre.
        const angle = Math.atan2(p.y - startY, p.x - startX) -
          Math.atan2(grabY - startY, grabX - startX);
        shape.setPose([startX, startY], startAngle + angle);
      } else {
        shape.setPose([startX + p.x - grabX, startY + p.y - grabY], startAngle);
      }
      syncMeshToShape2(this.meshes[dragged]!, shape);
    });
    canvas.addEventListener('pointerleave', () => {
      this.hovered = -1;
    });
    canvas.addEventListener('pointerup', (event) => {
      dragged = -1;
      // A click (no drag): pick the contact under the pointer, else set the point under test.
      if (Math.hypot(event.clientX - downX, event.clientY - downY) > 4) return;
      const rect = canvas.getBoundingClientRect();
      const contact = this.contactAt(event.clientX - rect.left, event.clientY - rect.top);
      if (contact >= 0) {
        this.selected = this.selected === contact ? -1 : contact;
      } else if (this.scene.startPoint) {
        const p = toWorld(event);
        this.probeInput.point = [p.x, p.y];
      }
    });
    canvas.addEventListener('pointercancel', () => {
      dragged = -1;
    });
    canvas.addEventListener('wheel', (event) => {
      const p = toWorld(event);
      const index = this.pick(p.x, p.y, raycaster, pointer);
      if (index < 0 || !isTurnable(this.scene.shapes[index]!)) return;
      event.preventDefault();
      const shape = this.scene.shapes[index]!;
      shape.setPose(
        [shape.transform.x, shape.transform.y],
        shape.transform.angle - event.deltaY * 0.002,
      );
      syncMeshToShape2(this.meshes[index]!, shape);
    }, { passive: false });
  }
}

const closestScratch = new Float64Array(2);

/** Distance from (x, y) to the nearest segment of a chain or segment shape (world). */
function distanceToLines(shape: Shape2, x: number, y: number): number {
  const vertices = worldVertices(shape as Shape2 & { vertices: Float64Array; count: number; });
  const point = new Float64Array([x, y]);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 3 < vertices.length; i += 2) {
    closestPointOnSegment2(
      closestScratch,
      point,
      vertices.subarray(i, i + 2),
      vertices.subarray(i + 2, i + 4),
    );
    best = Math.min(best, Math.hypot(closestScratch[0]! - x, closestScratch[1]! - y));
  }
  return best;
}
