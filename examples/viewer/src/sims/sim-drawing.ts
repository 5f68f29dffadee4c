/**
 * A simulation page's picture (sim-page.ts holds the state and input): the floor, a mesh per
 * body, and over them the contact set drawn by `ContactSetHelper` (@contactkit/three) and the
 * line of a throw being aimed; the camera with its orbit controls. `draw` only reads the world
 * it is given.
 */
import {
  AmbientLight,
  BoxGeometry,
  BufferGeometry,
  CapsuleGeometry,
  Color,
  DirectionalLight,
  Float32BufferAttribute,
  GridHelper,
  Line,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshLambertMaterial,
  PerspectiveCamera,
  PlaneGeometry,
  Scene,
  Vector3,
  WebGLRenderer,
  WireframeGeometry,
} from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import type { Body, ConvexPolyhedron } from 'cannon-es';
import type { CollisionData, Contact } from '@contactkit/contacts3d';
import { ContactSetHelper } from '@contactkit/three';
import type { ShapeSpec, SimSpec } from './sim-worlds.js';
import type { Run } from './sim-runs.js';

/** The three.js side of a simulation page. */
export class SimPicture {
  readonly renderer: WebGLRenderer;
  readonly camera = new PerspectiveCamera(45, 1, 0.05, 200);
  readonly orbit: OrbitControls;
  /** One mesh per body of the scene, in its order. */
  readonly meshes: Mesh[];
  private readonly world3 = new Scene();
  /** Contacts over the bodies: drawn after them, without depth test, so none hides inside one. */
  private readonly overlay = new Scene();
  private readonly helper = new ContactSetHelper({
    markerRadius: 0.05,
    penetrationScale: 20,
    minArrowLength: 0.25,
  });
  private readonly aimLine = new Line(
    new BufferGeometry(),
    new LineBasicMaterial({ color: 0x3ddc84 }),
  );
  private readonly colorScratch = new Color();

  /** The picture of `spec`, its meshes shaped after `bodies` (the scene's cannon-es bodies). */
  constructor(private readonly canvas: HTMLCanvasElement, spec: SimSpec, bodies: readonly Body[]) {
    this.renderer = new WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.addStage();
    this.meshes = spec.bodies.map((bodySpec, i) => {
      const mesh = new Mesh(
        geometryOf(bodySpec.shape, bodies[i]!),
        new MeshLambertMaterial({
          color: bodySpec.mass === 0
            ? 0x66707c
            : new Color().setHSL(0.58 + 0.04 * (i % 4), 0.35, 0.55),
          transparent: true,
          opacity: bodySpec.faint ? 0.12 : 0.55,
          depthWrite: false,
        }),
      );
      // A trimesh shows its triangles: the edges the crates slide across.
      if (bodySpec.shape.kind === 'trimesh') {
        mesh.add(
          new LineSegments(
            new WireframeGeometry(mesh.geometry),
            new LineBasicMaterial({ color: 0x9aa4b2, transparent: true, opacity: 0.45 }),
          ),
        );
      }
      this.world3.add(mesh);
      return mesh;
    });
    this.overlay.add(this.helper);
    this.aimLine.visible = false;
    this.overlay.add(this.aimLine);
    this.camera.position.set(...spec.camera.position);
    this.orbit = new OrbitControls(this.camera, canvas);
    this.orbit.target.set(...spec.camera.target);
    this.orbit.update();
  }

  /** The background, the lights, the floor and its grid. */
  private addStage(): void {
    const world3 = this.world3;
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
  }

  /** Shows the line of a throw being aimed, from `from` to `to` (world metres). */
  showAim(from: Vector3, to: Vector3): void {
    this.aimLine.geometry.setFromPoints([from, to]);
    this.aimLine.visible = true;
  }

  hideAim(): void {
    this.aimLine.visible = false;
  }

  /**
   * Draws `run`'s bodies where they are and its last step's contacts, each marker in
   * `markerColor(contact)`; first fits the renderer and the camera to the canvas.
   */
  draw(run: Run, markerColor: (contact: Contact<Body>) => number): void {
    const { canvas, renderer, camera, helper } = this;
    const width = canvas.clientWidth, height = canvas.clientHeight;
    const ratio = renderer.getPixelRatio();
    if (
      canvas.width !== Math.floor(width * ratio) || canvas.height !== Math.floor(height * ratio)
    ) {
      renderer.setSize(width, height, false);
    }
    camera.aspect = width / Math.max(1, height);
    camera.updateProjectionMatrix();
    run.sim.bodies.forEach((b, i) => {
      this.meshes[i]!.position.set(b.position.x, b.position.y, b.position.z);
      this.meshes[i]!.quaternion.set(
        b.quaternion.x,
        b.quaternion.y,
        b.quaternion.z,
        b.quaternion.w,
      );
    });
    helper.update(run.record as CollisionData);
    for (let i = 0; i < run.record.contactCount; i++) {
      helper.markers.setColorAt(i, this.colorScratch.setHex(markerColor(run.record.contacts[i]!)));
    }
    if (helper.markers.instanceColor) helper.markers.instanceColor.needsUpdate = true;
    renderer.autoClear = false;
    renderer.clear();
    renderer.render(this.world3, camera);
    renderer.clearDepth();
    renderer.render(this.overlay, camera);
  }

  /** World point -> canvas CSS pixels (from the canvas's top left). */
  project([x = 0, y = 0, z = 0]: readonly number[]): [number, number] {
    const v = new Vector3(x, y, z).project(this.camera);
    return [(v.x + 1) / 2 * this.canvas.clientWidth, (1 - v.y) / 2 * this.canvas.clientHeight];
  }
}

/**
 * The mesh of a body's shape. Boxes and capsules from three.js's geometries (a `CapsuleGeometry`
 * lies along y, as `CapsuleShape` does); convex polyhedra and cylinders from the cannon-es shape's
 * own vertices and faces (each face a fan from its first vertex), and a trimesh from its own
 * triangles, so the picture is the shape that is simulated.
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
    case 'trimesh': {
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new Float32BufferAttribute(shape.vertices, 3));
      geometry.setIndex(shape.indices);
      geometry.computeVertexNormals();
      return geometry;
    }
  }
}
