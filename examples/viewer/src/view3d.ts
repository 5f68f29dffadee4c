/**
 * The 3D view: the scene's two primitives as translucent meshes, the contact set drawn by
 * `ContactSetHelper`, OrbitControls for the camera and TransformControls to move and turn the
 * selected shape (click a shape to select it; half-spaces, planes, meshes and heightfields stay
 * put).
 */
import {
  AmbientLight,
  BufferGeometry,
  Color,
  CylinderGeometry,
  DirectionalLight,
  DoubleSide,
  EdgesGeometry,
  Euler,
  Float32BufferAttribute,
  GridHelper,
  Group,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshBasicMaterial,
  MeshLambertMaterial,
  PerspectiveCamera,
  Quaternion,
  Raycaster,
  Scene,
  SphereGeometry,
  Vector2,
  Vector3,
} from 'three';
import type { WebGLRenderer } from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { TransformControls } from 'three/addons/controls/TransformControls.js';
import {
  ContactSetHelper,
  SHAPE_COLORS,
  hullEdgesGeometry,
  meshForPrimitive,
  syncMeshToPrimitive,
} from '@contactkit/three';
import {
  Box,
  Capsule,
  CollisionData,
  HalfSpace,
  Plane,
  ShapeType,
  Sphere,
} from '@contactkit/contacts3d';
import type { AnyPrimitive, Heightfield, TriangleMesh } from '@contactkit/contacts3d';
import { firstFeatureOf, secondFeatureOf } from '@contactkit/math';
import { boxFeaturePoints, boxFeatureText, meshFeature } from './features.js';
import { LevelDrawing, isLevelGround } from './level-drawing.js';
import type { EditablePose } from './view.js';
import { collideScene3, createScene3, motionPose3 } from './scenes3d.js';
import type { Scene3, Scene3Id } from './scenes3d.js';
import { contactRecords, screenLayout } from './contact-records.js';
import type { ContactRecord } from './contact-records.js';
import { MIN_LABEL_PIXELS } from './view.js';
import type { View } from './view.js';

export type TransformMode = 'translate' | 'rotate';

/** The highlighted contact's features: white, over everything. */
const FEATURE_COLOR = 0xffffff;
/** How close (CSS pixels) a pointer must come to a contact's marker to hover or pick it. */
const CONTACT_PICK_PIXELS = 12;

/** One primitive's feature named by a contact: its words and world geometry (0 to 4 points). */
interface Feature3 {
  text: string;
  points: Vector3[];
  /** How far the contact point is from the feature (to tell which shape a code belongs to). */
  distance: number;
}

export class View3D implements View {
  readonly dimension = 3;
  readonly scene: Scene3;
  readonly data = new CollisionData({ capacity: 64 });
  witnesses = false;
  labels = true;
  /** Draw a mesh's or heightfield's edges in the colours of their flags. */
  edges = true;
  hovered = -1;
  selected = -1;
  /** The poses as the URL keeps them: `[x, y, z, qx, qy, qz, qw]` per shape, exactly as set. */
  private readonly poses: number[][];
  private contacts: ContactRecord[] = [];
  private readonly highlight = new Group();
  private readonly world = new Scene();
  /** Drawn after the world, so the contacts show over the gizmo (whose renderOrder is Infinity). */
  private readonly overlay = new Scene();
  private readonly camera: PerspectiveCamera;
  private readonly orbit: OrbitControls;
  private readonly gizmo: TransformControls;
  private readonly helper = new ContactSetHelper({
    labels: true,
    markerRadius: 0.045,
    penetrationScale: 2,
    minArrowLength: 0.3,
    labelSize: 0.15,
    minLabelPixels: MIN_LABEL_PIXELS,
  });
  private readonly meshes: [Mesh, Mesh];
  private readonly primitives: [AnyPrimitive, AnyPrimitive];
  private readonly position = new Float64Array(3);
  private readonly quaternion = new Float64Array(4);
  private readonly projected = new Vector3();
  private readonly cameraUp = new Vector3();
  /** The shape the gizmo is on, or -1 before a shape is clicked (no gizmo over the contacts). */
  private selectedShape = -1;
  /** The ground's edge flags and touched triangles, in scenes on a mesh or heightfield. */
  private readonly level: LevelDrawing | null;

  constructor(id: Scene3Id, private readonly renderer: WebGLRenderer) {
    this.scene = createScene3(id);
    this.primitives = [this.scene.first, this.scene.second];
    this.world.background = new Color(0x1d2128);
    this.world.add(new AmbientLight(0xffffff, 1.2));
    const sun = new DirectionalLight(0xffffff, 2.2);
    sun.position.set(3, 6, 4);
    this.world.add(sun);

    this.meshes = [
      this.makeMesh(this.scene.first, SHAPE_COLORS.first),
      this.makeMesh(this.scene.second, SHAPE_COLORS.second),
    ];
    const hasPlane = this.primitives.some((p) =>
      p.shapeType === ShapeType.Plane || p.shapeType === ShapeType.HalfSpace
    );
    const ground = this.scene.second;
    this.level = isLevelGround(ground) ? new LevelDrawing(ground, this.meshes[1]) : null;
    // On a plane the grid marks the surface; under a mesh or heightfield the ground is its own;
    // otherwise it is a floor under both shapes.
    if (!this.level) {
      const grid = new GridHelper(6, 12, 0x59606b, 0x3a4049);
      grid.position.y = hasPlane ? 0.001 : -0.75;
      this.world.add(grid);
    }
    this.overlay.add(this.helper);

    const canvas = renderer.domElement;
    this.camera = new PerspectiveCamera(45, 1, 0.05, 100);
    this.camera.position.set(...this.scene.camera.position);
    this.orbit = new OrbitControls(this.camera, canvas);
    this.orbit.target.set(...this.scene.camera.target);
    this.orbit.update();

    this.gizmo = new TransformControls(this.camera, canvas);
    this.gizmo.setSize(0.7);
    this.world.add(this.gizmo.getHelper());
    this.gizmo.addEventListener('dragging-changed', (event) => {
      this.orbit.enabled = !event.value;
    });
    this.gizmo.addEventListener('objectChange', () => this.readPoseFromMesh(this.selectedShape));
    this.overlay.add(this.highlight);
    this.poses = [
      poseArray(this.scene.firstStart.position, this.scene.firstStart.quaternion),
      poseArray(this.scene.secondStart.position, this.scene.secondStart.quaternion),
    ];
    this.installPicking(canvas);
  }

  get description(): string {
    return this.scene.description;
  }

  /** Whether the scene is on a mesh or heightfield, whose edge flags `edges` shows. */
  get hasEdges(): boolean {
    return this.level !== null;
  }

  /** The shape the gizmo is on (0 or 1), or -1 when none is selected. */
  get selectedShapeIndex(): number {
    return this.selectedShape;
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
    this.poses[0] = poseArray(this.scene.firstStart.position, this.scene.firstStart.quaternion);
    this.poses[1] = poseArray(this.scene.secondStart.position, this.scene.secondStart.quaternion);
    this.selected = -1;
    // The view as the scene opens: its camera, no shape selected.
    this.selectedShape = -1;
    this.gizmo.detach();
    this.camera.position.set(...this.scene.camera.position);
    this.orbit.target.set(...this.scene.camera.target);
    this.orbit.update();
  }

  step(time: number | null): ContactRecord[] {
    if (time !== null) {
      const pose = motionPose3(this.scene, time);
      this.scene.first.setPose(pose.position, pose.quaternion);
      this.poses[0] = poseArray(pose.position, pose.quaternion);
      syncMeshToPrimitive(this.meshes[0], this.scene.first);
    }
    collideScene3(this.scene, this.data);
    this.helper.showWitnesses = this.witnesses;
    this.helper.update(this.data);
    this.contacts = contactRecords(this.data);
    this.level?.update(this.contacts, this.edges);
    if (this.selected >= this.contacts.length) this.selected = -1;
    if (this.hovered >= this.contacts.length) this.hovered = -1;
    this.drawHighlight();
    return this.contacts;
  }

  statePoses(): number[][] {
    return this.poses.map((pose) => [...pose]);
  }

  applyStatePoses(poses: readonly (readonly number[])[]): void {
    if (poses.length !== 2) {
      throw new RangeError(`poses: the scene has 2 shapes, got ${poses.length} poses`);
    }
    poses.forEach((pose, i) => {
      if (pose.length !== 7) {
        throw new RangeError(`p${i} must be x,y,z,qx,qy,qz,qw, got ${pose.join(',')}`);
      }
    });
    const before = this.primitives.map((p) => Float64Array.from(p.transform));
    try {
      poses.forEach((pose, i) => this.primitives[i]!.setPose(pose.slice(0, 3), pose.slice(3, 7)));
    } catch (error) {
      before.forEach((m, i) => this.primitives[i]!.setTransform(m));
      throw error;
    }
    poses.forEach((pose, i) => {
      this.poses[i] = [...pose];
      syncMeshToPrimitive(this.meshes[i]!, this.primitives[i]!);
    });
  }

  shapeNames(): string[] {
    // By the type tag, not the class name (a production build renames classes).
    const byType: Record<number, string> = {
      [ShapeType.Sphere]: 'sphere',
      [ShapeType.Box]: 'box',
      [ShapeType.Plane]: 'plane',
      [ShapeType.HalfSpace]: 'half-space',
      [ShapeType.Capsule]: 'capsule',
      [ShapeType.ConvexHull]: 'hull',
      [ShapeType.TriangleMesh]: 'mesh',
      [ShapeType.Heightfield]: 'heightfield',
    };
    const names = this.primitives.map((p) => byType[p.shapeType] ?? 'shape');
    return names[0] === names[1]
      ? names.map((n, i) => `${i === 0 ? 'upper' : 'lower'} ${n}`)
      : names;
  }

  editablePose(index: number): EditablePose | null {
    if (!isMovable(this.primitives[index]!)) return null;
    const pose = this.poses[index]!;
    const euler = new Euler().setFromQuaternion(
      new Quaternion(pose[3], pose[4], pose[5], pose[6]),
      'XYZ',
    );
    const degrees = (r: number): number => (r * 180) / Math.PI;
    return {
      fields: ['x', 'y', 'z', 'turn x (deg)', 'turn y (deg)', 'turn z (deg)'],
      values: [pose[0]!, pose[1]!, pose[2]!, degrees(euler.x), degrees(euler.y), degrees(euler.z)],
    };
  }

  setEditablePose(index: number, values: readonly number[]): void {
    const radians = values.slice(3, 6).map((d) => (d * Math.PI) / 180);
    // Euler angles about x, then y, then z (three's 'XYZ' order), as the inputs show them.
    const q = new Quaternion().setFromEuler(new Euler(radians[0], radians[1], radians[2], 'XYZ'));
    const quaternion = [q.x, q.y, q.z, q.w];
    // setPose validates (a RangeError names the field) and changes nothing when it throws.
    this.primitives[index]!.setPose(values.slice(0, 3), quaternion);
    this.poses[index] = [values[0]!, values[1]!, values[2]!, ...quaternion];
    syncMeshToPrimitive(this.meshes[index]!, this.primitives[index]!);
  }

  labelLayout(): { labels: number[][]; arrows: number[][]; } {
    return screenLayout(
      this.labels ? this.helper.labelObjects : [],
      this.contacts,
      (depth) => this.helper.arrowLength(depth),
      (p) => this.project(p),
      this.cameraUp.setFromMatrixColumn(this.camera.matrixWorld, 1).toArray(),
    );
  }

  highlightText(): string {
    const features = this.highlightedFeatures();
    return features ? `${features[0].text} against ${features[1].text}` : '';
  }

  kernel(): () => unknown {
    const data = new CollisionData({
      capacity: 64,
      tolerance: this.data.tolerance,
      maxContactsPerPair: this.data.maxContactsPerPair,
    });
    return () => collideScene3(this.scene, data);
  }

  /**
   * The two features the highlighted contact names, in scene order. The ids name them in the
   * pair's canonical order (a box before a sphere, box-box by size and pose), so each code is
   * given to the shape whose named feature lies nearer the contact point.
   */
  private highlightedFeatures(): [Feature3, Feature3] | null {
    const index = this.hovered >= 0 ? this.hovered : this.selected;
    const contact = this.contacts[index];
    if (!contact) return null;
    const point = new Vector3(...contact.point);
    const codes = [firstFeatureOf(contact.featureId), secondFeatureOf(contact.featureId)];
    const names = this.shapeNames();
    const direct: [Feature3, Feature3] = [
      featureOf(this.primitives[0], names[0]!, codes[0]!, point),
      featureOf(this.primitives[1], names[1]!, codes[1]!, point),
    ];
    const swapped: [Feature3, Feature3] = [
      featureOf(this.primitives[0], names[0]!, codes[1]!, point),
      featureOf(this.primitives[1], names[1]!, codes[0]!, point),
    ];
    return swapped[0].distance + swapped[1].distance <
        direct[0].distance + direct[1].distance - 1e-9
      ? swapped
      : direct;
  }

  /** Rebuilds the white highlight of the highlighted contact's features. */
  private drawHighlight(): void {
    for (const child of [...this.highlight.children]) {
      this.highlight.remove(child);
      const mesh = child as Mesh;
      mesh.geometry.dispose();
      (mesh.material as MeshBasicMaterial).dispose();
    }
    const features = this.highlightedFeatures();
    if (!features) return;
    const material = (opacity = 1): MeshBasicMaterial =>
      new MeshBasicMaterial({
        color: FEATURE_COLOR,
        depthTest: false,
        transparent: true,
        opacity,
        side: DoubleSide,
      });
    features.forEach((feature, i) => {
      const primitive = this.primitives[i]!;
      const p = feature.points;
      if (p.length === 1) {
        const dot = new Mesh(new SphereGeometry(0.06, 16, 12), material());
        dot.position.copy(p[0]!);
        this.highlight.add(dot);
      } else if (p.length === 2) {
        this.highlight.add(rod(p[0]!, p[1]!, material()));
      } else if (p.length === 3 || p.length === 4) {
        // A triangle of a mesh, or a box face split along its diagonal.
        const corners = p.length === 3 ? p : [p[0]!, p[1]!, p[2]!, p[0]!, p[2]!, p[3]!];
        const face = new BufferGeometry().setAttribute(
          'position',
          new Float32BufferAttribute(corners.flatMap((v) => v.toArray()), 3),
        );
        this.highlight.add(new Mesh(face, material(0.3)));
        for (let k = 0; k < p.length; k++) {
          this.highlight.add(rod(p[k]!, p[(k + 1) % p.length]!, material()));
        }
      } else if (primitive instanceof Sphere) {
        const shell = new Mesh(
          new SphereGeometry(primitive.radius * 1.01, 24, 16),
          new MeshBasicMaterial({
            color: FEATURE_COLOR,
            wireframe: true,
            transparent: true,
            opacity: 0.35,
            depthTest: false,
          }),
        );
        shell.position.set(
          primitive.transform[12]!,
          primitive.transform[13]!,
          primitive.transform[14]!,
        );
        this.highlight.add(shell);
      }
    });
    this.highlight.renderOrder = 9;
    for (const child of this.highlight.children) child.renderOrder = 9;
  }

  render(width: number, height: number): void {
    if (this.camera.aspect !== width / height) {
      this.camera.aspect = width / height;
      this.camera.updateProjectionMatrix();
    }
    for (const label of this.helper.labelObjects) label.visible &&= this.labels;
    this.camera.updateMatrixWorld();
    if (this.labels) this.helper.placeLabels(this.camera, width, height);
    this.renderer.autoClear = false;
    this.renderer.clear();
    this.renderer.render(this.world, this.camera);
    this.renderer.render(this.overlay, this.camera);
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
    this.level?.dispose();
    for (const mesh of this.meshes) {
      mesh.geometry.dispose();
      (mesh.material as MeshLambertMaterial).dispose();
    }
  }

  private makeMesh(primitive: AnyPrimitive, color: number): Mesh {
    const isPlane = primitive.shapeType === ShapeType.Plane ||
      primitive.shapeType === ShapeType.HalfSpace;
    // A plane, half-space, mesh or heightfield is an opaque ground that hides what lies below it,
    // so a sunk shape reads as sunk; the shapes are translucent and show each other.
    const material = new MeshLambertMaterial(
      isPlane || isLevelGround(primitive)
        ? { color: new Color(color).multiplyScalar(0.6) }
        : { color, transparent: true, opacity: 0.5, depthWrite: false },
    );
    // A true plane has two sides.
    if (primitive.shapeType === ShapeType.Plane) material.side = DoubleSide;
    if (isLevelGround(primitive)) {
      // Pushed back in depth, so the edge lines drawn on the surface stay in front of it.
      material.polygonOffset = true;
      material.polygonOffsetFactor = 1;
      material.polygonOffsetUnits = 1;
    }
    const mesh = meshForPrimitive(primitive, material, { planeSize: 6, halfSpaceDepth: 0.6 });
    if (primitive.shapeType === ShapeType.Box || isPlane) {
      // Edges make the orientation readable through the translucent faces.
      mesh.add(
        new LineSegments(
          new EdgesGeometry(mesh.geometry),
          new LineBasicMaterial({ color: new Color(color).multiplyScalar(1.25) }),
        ),
      );
    }
    if (primitive.shapeType === ShapeType.ConvexHull) {
      // The merged faces' outline: polygon edges only, no triangulation diagonals.
      mesh.add(
        new LineSegments(
          hullEdgesGeometry(primitive),
          new LineBasicMaterial({ color: new Color(color).multiplyScalar(1.25) }),
        ),
      );
    }
    this.world.add(mesh);
    return mesh;
  }

  private readPoseFromMesh(index: number): void {
    const mesh = this.meshes[index]!;
    mesh.position.toArray(this.position);
    mesh.quaternion.toArray(this.quaternion);
    this.primitives[index]!.setPose(this.position, this.quaternion);
    this.poses[index] = [...this.position, ...this.quaternion];
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

  /** A click (not a drag) on a movable shape attaches the gizmo to it. */
  private installPicking(canvas: HTMLCanvasElement): void {
    const raycaster = new Raycaster();
    const pointer = new Vector2();
    let downX = 0, downY = 0;
    canvas.addEventListener('pointerdown', (event) => {
      downX = event.clientX;
      downY = event.clientY;
    });
    canvas.addEventListener('pointermove', (event) => {
      const rect = canvas.getBoundingClientRect();
      this.hovered = event.buttons === 0
        ? this.contactAt(event.clientX - rect.left, event.clientY - rect.top)
        : -1;
    });
    canvas.addEventListener('pointerleave', () => {
      this.hovered = -1;
    });
    canvas.addEventListener('pointerup', (event) => {
      if (Math.hypot(event.clientX - downX, event.clientY - downY) > 4 || this.gizmo.dragging) {
        return;
      }
      const rect = canvas.getBoundingClientRect();
      // A click on a contact's marker selects the contact (again: clears it).
      const contact = this.contactAt(event.clientX - rect.left, event.clientY - rect.top);
      if (contact >= 0) {
        this.selected = this.selected === contact ? -1 : contact;
        return;
      }
      pointer.set(
        ((event.clientX - rect.left) / rect.width) * 2 - 1,
        -((event.clientY - rect.top) / rect.height) * 2 + 1,
      );
      raycaster.setFromCamera(pointer, this.camera);
      const movable = this.meshes.filter((_, i) => isMovable(this.primitives[i]!));
      const hit = raycaster.intersectObjects(movable, false)[0];
      if (!hit) return;
      this.selectedShape = this.meshes.indexOf(hit.object as Mesh);
      this.gizmo.attach(this.meshes[this.selectedShape]!);
    });
  }
}

/**
 * Whether the user may move a shape: every solid (so a hull, or a box or hull added to the mesh
 * scenes' movers, can be dragged), not the grounds a scene stands on.
 */
function isMovable(primitive: AnyPrimitive): boolean {
  return primitive.shapeType !== ShapeType.Plane && primitive.shapeType !== ShapeType.HalfSpace &&
    !isLevelGround(primitive);
}

function poseArray(position: readonly number[], quaternion: readonly number[]): number[] {
  return [...position, ...quaternion];
}

/** A thin white cylinder from `a` to `b`. */
function rod(a: Vector3, b: Vector3, material: MeshBasicMaterial): Mesh {
  const length = a.distanceTo(b);
  const mesh = new Mesh(new CylinderGeometry(0.018, 0.018, length, 8), material);
  mesh.position.copy(a).add(b).multiplyScalar(0.5);
  mesh.quaternion.setFromUnitVectors(new Vector3(0, 1, 0), b.clone().sub(a).normalize());
  return mesh;
}

/** The world point of a primitive's local point. */
function toWorld(primitive: AnyPrimitive, local: readonly number[]): Vector3 {
  const m = primitive.transform;
  const [x, y, z] = local as [number, number, number];
  return new Vector3(
    m[0]! * x + m[4]! * y + m[8]! * z + m[12]!,
    m[1]! * x + m[5]! * y + m[9]! * z + m[13]!,
    m[2]! * x + m[6]! * y + m[10]! * z + m[14]!,
  );
}

/** Distance from `p` to the segment a-b. */
function segmentDistance(p: Vector3, a: Vector3, b: Vector3): number {
  const ab = b.clone().sub(a);
  const t = Math.max(0, Math.min(1, p.clone().sub(a).dot(ab) / ab.lengthSq()));
  return a.clone().addScaledVector(ab, t).distanceTo(p);
}

/** What feature code `code` names on `primitive` (called `name`), and how far the contact point is from it. */
function featureOf(primitive: AnyPrimitive, name: string, code: number, point: Vector3): Feature3 {
  if (primitive instanceof Box) {
    const points = boxFeaturePoints(code, Array.from(primitive.halfSize)).map((local) =>
      toWorld(primitive, local)
    );
    let distance = Infinity;
    if (points.length === 1) distance = points[0]!.distanceTo(point);
    if (points.length === 2) distance = segmentDistance(point, points[0]!, points[1]!);
    if (points.length === 4) {
      // Distance to the face's plane (a point beside the face is no nearer for it).
      const normal = points[1]!.clone().sub(points[0]!).cross(points[2]!.clone().sub(points[1]!))
        .normalize();
      distance = Math.abs(point.clone().sub(points[0]!).dot(normal));
    }
    return { text: `${boxFeatureText(code)} of the ${name}`, points, distance };
  }
  if (primitive instanceof Capsule) {
    // Codes of capsule.ts: 0 the side (the segment, drawn as a rod), 1 and 2 the ends.
    const l = primitive.halfLength, r = primitive.radius;
    const bottom = toWorld(primitive, [0, -l, 0]), top = toWorld(primitive, [0, l, 0]);
    if (code === 0) {
      return {
        text: `the side of the ${name}`,
        points: [bottom, top],
        distance: Math.abs(segmentDistance(point, bottom, top) - r),
      };
    }
    const end = code === 1 ? bottom : top;
    return {
      text: `the ${name}'s end at ${code === 1 ? '-' : '+'}halfLength`,
      points: [end],
      distance: Math.abs(end.distanceTo(point) - r),
    };
  }
  if (isLevelGround(primitive)) return meshFeatureOf(primitive, name, code, point);
  if (code !== 0) return { text: `feature ${code}`, points: [], distance: Infinity };
  if (primitive instanceof Sphere) {
    const centre = toWorld(primitive, [0, 0, 0]);
    return {
      text: 'the sphere (one curved face)',
      points: [],
      distance: Math.abs(centre.distanceTo(point) - primitive.radius),
    };
  }
  const plane = primitive as Plane | HalfSpace;
  const normal = new Vector3(...plane.worldNormal);
  return {
    text: primitive instanceof HalfSpace ? "the half-space's surface" : 'the plane',
    points: [],
    distance: Math.abs(normal.dot(point) - plane.worldOffset),
  };
}

/** A mesh's or heightfield's feature, and how far the contact point is from it. */
function meshFeatureOf(
  shape: TriangleMesh | Heightfield,
  name: string,
  code: number,
  point: Vector3,
): Feature3 {
  const feature = meshFeature(shape, name, code);
  if (!feature) return { text: `feature ${code}`, points: [], distance: Infinity };
  const points = feature.points.map((p) => new Vector3(...p));
  let distance = points[0]!.distanceTo(point);
  if (points.length === 2) distance = segmentDistance(point, points[0]!, points[1]!);
  if (points.length === 3) {
    // Distance to the triangle's plane.
    const normal = points[1]!.clone().sub(points[0]!).cross(points[2]!.clone().sub(points[0]!))
      .normalize();
    distance = Math.abs(point.clone().sub(points[0]!).dot(normal));
  }
  return { text: feature.text, points, distance };
}
