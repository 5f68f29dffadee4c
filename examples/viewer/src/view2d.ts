/**
 * The 2D view: the plane z = 0 seen from above through an orthographic camera, the shapes from
 * `meshForShape2`, the contacts from `ContactSet2Helper`, and per scene the minimum translation
 * (ghost outline and arrow) or the segment intersections (white rings). Drag a shape to move
 * it; Shift+drag or the wheel over a shape turns it.
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
  MeshBasicMaterial,
  OrthographicCamera,
  Raycaster,
  RingGeometry,
  Scene,
  Vector2,
  Vector3,
} from 'three';
import type { Group, Object3D, WebGLRenderer } from 'three';
import { ContactSet2Helper, SHAPE_COLORS, disposeShape2Mesh, meshForShape2, syncMeshToShape2 } from '@contactkit/three';
import { Circle, CollisionData2, Polygon } from '@contactkit/collision2d';
import type { Shape2 } from '@contactkit/collision2d';
import { closestPointOnSegment2 } from '@contactkit/math';
import { collideScene2, createScene2, minimumTranslation, motionPose2, segmentIntersections, worldVertices } from './scenes2d.js';
import type { MinimumTranslation, Scene2, Scene2Id } from './scenes2d.js';
import { contactRecords } from './contact-records.js';
import type { ContactRecord } from './contact-records.js';
import type { View } from './view.js';

/** Colours of the third and later shapes (the segments scene). */
const EXTRA_COLORS = [0xb9a27e, 0x9ec27f, 0xc79ad6, 0x7fc2c2];
/** Ring marking a segment intersection: white, unlike every contact-kind colour. */
export const INTERSECTION_COLOR = 0xffffff;
const MAX_INTERSECTIONS = 32;
/** How close (world units) a pointer must come to a segment or chain to grab it. */
const LINE_GRAB_DISTANCE = 0.12;

export class View2D implements View {
  readonly dimension = 2;
  readonly scene: Scene2;
  readonly data = new CollisionData2({ capacity: 64 });
  /** The last minimum translation drawn (scenes that show it), else null. */
  translation: MinimumTranslation | null = null;
  /** The last segment intersections drawn (scenes that show them). */
  intersections: number[][] = [];
  private readonly world = new Scene();
  private readonly camera = new OrthographicCamera(-1, 1, 1, -1, -10, 10);
  private readonly helper = new ContactSet2Helper({ labels: true, markerRadius: 0.055, penetrationScale: 1, minArrowLength: 0.3, headLength: 0.1, labelSize: 0.17, planeZ: 0.02 });
  private readonly meshes: Group[];
  private readonly ghost: LineLoop | null = null;
  private readonly arrow: ArrowHelper | null = null;
  private readonly rings: InstancedMesh | null = null;
  private readonly projected = new Vector3();
  private readonly ringMatrix = new Matrix4();

  constructor(id: Scene2Id, private readonly renderer: WebGLRenderer) {
    this.scene = createScene2(id);
    this.world.background = new Color(0x1d2128);
    const grid = new GridHelper(12, 24, 0x59606b, 0x30363f);
    grid.rotation.x = Math.PI / 2; // GridHelper lies in XZ; the 2D plane is XY
    grid.position.z = -0.05;
    this.world.add(grid);
    this.meshes = this.scene.shapes.map((shape, i) => {
      const color = i === 0 ? SHAPE_COLORS.first : i === 1 ? SHAPE_COLORS.second : EXTRA_COLORS[(i - 2) % EXTRA_COLORS.length]!;
      const mesh = meshForShape2(shape, { color, planeZ: 0.001 * i, chainWidth: 0.035 });
      this.world.add(mesh);
      return mesh;
    });
    if (this.scene.showMinimumTranslation) {
      const first = this.scene.shapes[this.scene.pairs[0]![0]] as Polygon;
      const outline: number[] = [];
      for (let i = 0; i < first.count; i++) outline.push(first.vertices[2 * i]!, first.vertices[2 * i + 1]!, 0);
      this.ghost = new LineLoop(new BufferGeometry().setAttribute('position', new Float32BufferAttribute(outline, 3)), new LineDashedMaterial({ color: 0xffffff, dashSize: 0.08, gapSize: 0.06 }));
      this.ghost.computeLineDistances();
      this.ghost.position.z = 0.01;
      this.arrow = new ArrowHelper(new Vector3(1, 0, 0), new Vector3(), 1, 0xffffff, 0.12, 0.08);
      this.world.add(this.ghost, this.arrow);
    }
    if (this.scene.showSegmentIntersections) {
      this.rings = new InstancedMesh(new RingGeometry(0.06, 0.1, 24), new MeshBasicMaterial({ color: INTERSECTION_COLOR, depthTest: false }), MAX_INTERSECTIONS);
      this.rings.frustumCulled = false;
      this.rings.count = 0;
      this.rings.renderOrder = 5;
      this.world.add(this.rings);
    }
    this.world.add(this.helper);
    this.installDragging(renderer.domElement);
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
  }

  step(time: number | null): ContactRecord[] {
    if (time !== null) {
      const pose = motionPose2(this.scene, time);
      this.scene.shapes[0]!.setPose(pose.position, pose.angle);
      syncMeshToShape2(this.meshes[0]!, this.scene.shapes[0]!);
    }
    collideScene2(this.scene, this.data);
    this.helper.update(this.data);
    this.drawMinimumTranslation();
    this.drawIntersections();
    return contactRecords(this.data);
  }

  render(width: number, height: number): void {
    const { centre, height: viewHeight } = this.scene.view;
    const halfHeight = viewHeight / 2;
    const halfWidth = (halfHeight * width) / height;
    const camera = this.camera;
    if (camera.top !== centre[1] + halfHeight || camera.right !== centre[0] + halfWidth) {
      camera.left = centre[0] - halfWidth;
      camera.right = centre[0] + halfWidth;
      camera.top = centre[1] + halfHeight;
      camera.bottom = centre[1] - halfHeight;
      camera.updateProjectionMatrix();
    }
    this.renderer.render(this.world, camera);
  }

  project(point: readonly number[]): [number, number] {
    const canvas = this.renderer.domElement;
    this.projected.set(point[0]!, point[1]!, point[2] ?? 0).project(this.camera);
    return [((this.projected.x + 1) / 2) * canvas.clientWidth, ((1 - this.projected.y) / 2) * canvas.clientHeight];
  }

  shapePoses(): number[][] {
    return this.scene.shapes.map((s) => [s.transform.x, s.transform.y, s.transform.angle]);
  }

  shapeCentres(): number[][] {
    return this.scene.shapes.map((s) => [s.transform.x, s.transform.y]);
  }

  dispose(): void {
    this.helper.dispose();
    for (const mesh of this.meshes) disposeShape2Mesh(mesh);
    this.ghost?.geometry.dispose();
    this.arrow?.dispose();
    this.rings?.geometry.dispose();
    this.rings?.dispose();
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
    this.ghost.position.set(first.transform.x + t.translation[0]!, first.transform.y + t.translation[1]!, 0.01);
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

  /** The top-most shape under a world point, or -1. */
  private pick(x: number, y: number, raycaster: Raycaster, pointer: Vector2): number {
    raycaster.setFromCamera(pointer, this.camera);
    for (let i = this.scene.shapes.length - 1; i >= 0; i--) {
      const shape = this.scene.shapes[i]!;
      if (shape instanceof Circle || shape instanceof Polygon) {
        const fill = this.meshes[i]!.getObjectByName('fill') as Object3D;
        if (raycaster.intersectObject(fill, false).length > 0) return i;
      } else if (distanceToLines(shape, x, y) <= LINE_GRAB_DISTANCE) {
        return i;
      }
    }
    return -1;
  }

  private installDragging(canvas: HTMLCanvasElement): void {
    const raycaster = new Raycaster();
    const pointer = new Vector2();
    const world = new Vector3();
    const toWorld = (event: PointerEvent | WheelEvent): Vector3 => {
      const rect = canvas.getBoundingClientRect();
      pointer.set(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
      return world.set(pointer.x, pointer.y, 0).unproject(this.camera);
    };
    let dragged = -1;
    let turning = false;
    let grabX = 0, grabY = 0, startX = 0, startY = 0, startAngle = 0;
    canvas.addEventListener('pointerdown', (event) => {
      const p = toWorld(event);
      dragged = this.pick(p.x, p.y, raycaster, pointer);
      if (dragged < 0) return;
      canvas.setPointerCapture(event.pointerId);
      const t = this.scene.shapes[dragged]!.transform;
      turning = event.shiftKey;
      grabX = p.x;
      grabY = p.y;
      startX = t.x;
      startY = t.y;
      startAngle = t.angle;
    });
    canvas.addEventListener('pointermove', (event) => {
      if (dragged < 0) return;
      const p = toWorld(event);
      const shape = this.scene.shapes[dragged]!;
      if (turning) {
        // Turn by the change of the pointer's bearing about the shape's centre.
        const angle = Math.atan2(p.y - startY, p.x - startX) - Math.atan2(grabY - startY, grabX - startX);
        shape.setPose([startX, startY], startAngle + angle);
      } else {
        shape.setPose([startX + p.x - grabX, startY + p.y - grabY], startAngle);
      }
      syncMeshToShape2(this.meshes[dragged]!, shape);
    });
    const release = (): void => {
      dragged = -1;
    };
    canvas.addEventListener('pointerup', release);
    canvas.addEventListener('pointercancel', release);
    canvas.addEventListener('wheel', (event) => {
      const p = toWorld(event);
      const index = this.pick(p.x, p.y, raycaster, pointer);
      if (index < 0) return;
      event.preventDefault();
      const shape = this.scene.shapes[index]!;
      shape.setPose([shape.transform.x, shape.transform.y], shape.transform.angle - event.deltaY * 0.002);
      syncMeshToShape2(this.meshes[index]!, shape);
    }, { passive: false });
  }
}

const closestScratch = new Float64Array(2);

/** Distance from (x, y) to the nearest segment of a chain or segment shape (world). */
function distanceToLines(shape: Shape2, x: number, y: number): number {
  const vertices = worldVertices(shape as Shape2 & { vertices: Float64Array; count: number });
  const point = new Float64Array([x, y]);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 3 < vertices.length; i += 2) {
    closestPointOnSegment2(closestScratch, point, vertices.subarray(i, i + 2), vertices.subarray(i + 2, i + 4));
    best = Math.min(best, Math.hypot(closestScratch[0]! - x, closestScratch[1]! - y));
  }
  return best;
}
