/**
 * The 3D view: the scene's two primitives as translucent meshes, the contact set drawn by
 * `ContactSetHelper`, OrbitControls for the camera and TransformControls to move and turn the
 * selected shape (click a shape to select it; half-spaces and planes stay put).
 */
import {
  AmbientLight,
  Color,
  DirectionalLight,
  DoubleSide,
  EdgesGeometry,
  GridHelper,
  LineBasicMaterial,
  LineSegments,
  MeshStandardMaterial,
  PerspectiveCamera,
  Raycaster,
  Scene,
  Vector2,
  Vector3,
} from 'three';
import type { Mesh, WebGLRenderer } from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { TransformControls } from 'three/addons/controls/TransformControls.js';
import { ContactSetHelper, SHAPE_COLORS, meshForPrimitive, syncMeshToPrimitive } from '@contactkit/three';
import { CollisionData, ShapeType } from '@contactkit/contacts3d';
import type { AnyPrimitive } from '@contactkit/contacts3d';
import { collideScene3, createScene3, motionPose3 } from './scenes3d.js';
import type { Scene3, Scene3Id } from './scenes3d.js';
import { contactRecords } from './contact-records.js';
import type { ContactRecord } from './contact-records.js';
import type { View } from './view.js';

export type TransformMode = 'translate' | 'rotate';

export class View3D implements View {
  readonly dimension = 3;
  readonly scene: Scene3;
  readonly data = new CollisionData({ capacity: 64 });
  private readonly world = new Scene();
  /** Drawn after the world, so the contacts show over the gizmo (whose renderOrder is Infinity). */
  private readonly overlay = new Scene();
  private readonly camera: PerspectiveCamera;
  private readonly orbit: OrbitControls;
  private readonly gizmo: TransformControls;
  private readonly helper = new ContactSetHelper({ labels: true, markerRadius: 0.045, penetrationScale: 2, minArrowLength: 0.3, labelSize: 0.15 });
  private readonly meshes: [Mesh, Mesh];
  private readonly primitives: [AnyPrimitive, AnyPrimitive];
  private readonly position = new Float64Array(3);
  private readonly quaternion = new Float64Array(4);
  private readonly projected = new Vector3();
  private selected = 0;

  constructor(id: Scene3Id, private readonly renderer: WebGLRenderer) {
    this.scene = createScene3(id);
    this.primitives = [this.scene.first, this.scene.second];
    this.world.background = new Color(0x1d2128);
    this.world.add(new AmbientLight(0xffffff, 1.2));
    const sun = new DirectionalLight(0xffffff, 2.2);
    sun.position.set(3, 6, 4);
    this.world.add(sun);

    this.meshes = [this.makeMesh(this.scene.first, SHAPE_COLORS.first), this.makeMesh(this.scene.second, SHAPE_COLORS.second)];
    const hasPlane = this.primitives.some((p) => p.shapeType === ShapeType.Plane || p.shapeType === ShapeType.HalfSpace);
    const grid = new GridHelper(6, 12, 0x59606b, 0x3a4049);
    // On a plane the grid marks the surface; otherwise it is a floor under both shapes.
    grid.position.y = hasPlane ? 0.001 : -0.75;
    this.world.add(grid);
    this.overlay.add(this.helper);

    const canvas = renderer.domElement;
    this.camera = new PerspectiveCamera(45, 1, 0.05, 100);
    this.camera.position.set(...this.scene.camera.position);
    this.orbit = new OrbitControls(this.camera, canvas);
    this.orbit.target.set(...this.scene.camera.target);
    this.orbit.update();

    this.gizmo = new TransformControls(this.camera, canvas);
    this.gizmo.setSize(0.7);
    this.gizmo.attach(this.meshes[0]);
    this.world.add(this.gizmo.getHelper());
    this.gizmo.addEventListener('dragging-changed', (event) => {
      this.orbit.enabled = !event.value;
    });
    this.gizmo.addEventListener('objectChange', () => this.readPoseFromMesh(this.selected));
    this.installPicking(canvas);
  }

  get description(): string {
    return this.scene.description;
  }

  /** Whether the gizmo moves or turns the selected shape. */
  setMode(mode: TransformMode): void {
    this.gizmo.setMode(mode);
  }

  /** Puts both shapes back at the scene's starting poses. */
  reset(): void {
    this.scene.first.setPose(this.scene.firstStart.position, this.scene.firstStart.quaternion);
    this.scene.second.setPose(this.scene.secondStart.position, this.scene.secondStart.quaternion);
    syncMeshToPrimitive(this.meshes[0], this.scene.first);
    syncMeshToPrimitive(this.meshes[1], this.scene.second);
  }

  step(time: number | null): ContactRecord[] {
    if (time !== null) {
      const pose = motionPose3(this.scene, time);
      this.scene.first.setPose(pose.position, pose.quaternion);
      syncMeshToPrimitive(this.meshes[0], this.scene.first);
    }
    collideScene3(this.scene, this.data);
    this.helper.update(this.data);
    return contactRecords(this.data);
  }

  render(width: number, height: number): void {
    if (this.camera.aspect !== width / height) {
      this.camera.aspect = width / height;
      this.camera.updateProjectionMatrix();
    }
    this.renderer.autoClear = false;
    this.renderer.clear();
    this.renderer.render(this.world, this.camera);
    this.renderer.render(this.overlay, this.camera);
  }

  project(point: readonly number[]): [number, number] {
    const canvas = this.renderer.domElement;
    this.projected.set(point[0]!, point[1]!, point[2] ?? 0).project(this.camera);
    return [((this.projected.x + 1) / 2) * canvas.clientWidth, ((1 - this.projected.y) / 2) * canvas.clientHeight];
  }

  shapePoses(): number[][] {
    return this.primitives.map((p) => Array.from(p.transform));
  }

  shapeCentres(): number[][] {
    return this.primitives.map((p) => [p.transform[12]!, p.transform[13]!, p.transform[14]!]);
  }

  dispose(): void {
    this.gizmo.detach();
    this.gizmo.dispose();
    this.orbit.dispose();
    this.helper.dispose();
    for (const mesh of this.meshes) {
      mesh.geometry.dispose();
      (mesh.material as MeshStandardMaterial).dispose();
    }
  }

  private makeMesh(primitive: AnyPrimitive, color: number): Mesh {
    const isPlane = primitive.shapeType === ShapeType.Plane || primitive.shapeType === ShapeType.HalfSpace;
    const material = new MeshStandardMaterial({ color, transparent: true, opacity: isPlane ? 0.35 : 0.5, depthWrite: false, roughness: 0.7 });
    // A true plane has two sides.
    if (primitive.shapeType === ShapeType.Plane) material.side = DoubleSide;
    const mesh = meshForPrimitive(primitive, material, { planeSize: 6, halfSpaceDepth: 0.6 });
    if (primitive.shapeType === ShapeType.Box || isPlane) {
      // Edges make the orientation readable through the translucent faces.
      mesh.add(new LineSegments(new EdgesGeometry(mesh.geometry), new LineBasicMaterial({ color: new Color(color).multiplyScalar(1.25) })));
    }
    this.world.add(mesh);
    return mesh;
  }

  private readPoseFromMesh(index: number): void {
    const mesh = this.meshes[index]!;
    mesh.position.toArray(this.position);
    mesh.quaternion.toArray(this.quaternion);
    this.primitives[index]!.setPose(this.position, this.quaternion);
  }

  /** A click (not a drag) on a movable shape attaches the gizmo to it. */
  private installPicking(canvas: HTMLCanvasElement): void {
    const raycaster = new Raycaster();
    const pointer = new Vector2();
    let downX = 0, downY = 0;
    canvas.addEventListener('pointerdown', (event) => {
      downX = event.clientX;
      downY = event.clientY;
    });
    canvas.addEventListener('pointerup', (event) => {
      if (Math.hypot(event.clientX - downX, event.clientY - downY) > 4 || this.gizmo.dragging) return;
      const rect = canvas.getBoundingClientRect();
      pointer.set(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
      raycaster.setFromCamera(pointer, this.camera);
      const movable = this.meshes.filter((_, i) => isMovable(this.primitives[i]!));
      const hit = raycaster.intersectObjects(movable, false)[0];
      if (!hit) return;
      this.selected = this.meshes.indexOf(hit.object as Mesh);
      this.gizmo.attach(this.meshes[this.selected]!);
    });
  }
}

function isMovable(primitive: AnyPrimitive): boolean {
  return primitive.shapeType === ShapeType.Sphere || primitive.shapeType === ShapeType.Box;
}
