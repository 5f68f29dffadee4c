/**
 * The drawing shared by `ContactSetHelper` (3D) and `ContactSet2Helper` (2D): a pool of contact
 * slots drawn as three instanced meshes (marker spheres, arrow shafts, arrow heads) and, when
 * asked, one label sprite per slot. Updating a slot writes instance matrices and colours in
 * place, so once the pool has grown to the largest contact count seen, a frame allocates nothing.
 *
 * Arrow geometry: a contact at `point` with unit `normal` and depth `penetration` is drawn as an
 * arrow from `point` to `point + normal * arrowLength(penetration)`, where
 * `arrowLength(p) = max(minArrowLength, |p| * penetrationScale)`; the head has length
 * `min(headLength, arrowLength / 2)` and the shaft the rest.
 */
import {
  CanvasTexture,
  Color,
  ConeGeometry,
  CylinderGeometry,
  InstancedMesh,
  Matrix4,
  MeshBasicMaterial,
  Object3D,
  Quaternion,
  SphereGeometry,
  Sprite,
  SpriteMaterial,
  Vector3,
} from 'three';
import { contactKindColor } from './colors.js';

/** A canvas the label sprites can draw their text on (a DOM canvas or an OffscreenCanvas). */
export interface LabelCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): LabelContext | null;
}

/** The part of a 2D canvas context the labels use. */
export interface LabelContext {
  font: string;
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  clearRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  strokeText(text: string, x: number, y: number): void;
}

/** Settings of a contact drawing; every field is optional. */
export interface ContactDrawingOptions {
  /** Contact slots allocated up front (default 16); the pool doubles when a set is larger. */
  initialCapacity?: number;
  /** Radius of the marker sphere at each contact point, world units (default 0.05). */
  markerRadius?: number;
  /** Arrow length per unit of penetration (default 2). */
  penetrationScale?: number;
  /** Shortest arrow, so touching and barely overlapping contacts still show a normal (default 0.25). */
  minArrowLength?: number;
  /** Radius of the arrow shaft (default `markerRadius / 4`). */
  shaftRadius?: number;
  /** Length of the arrow head, at most half the arrow (default 0.1). */
  headLength?: number;
  /** Radius of the arrow head's base (default `markerRadius * 0.8`). */
  headRadius?: number;
  /**
   * Draw each contact's index beside its marker (default false). The label of slot `i` reads `i`,
   * drawn once when the slot first shows, so labels cost nothing per frame.
   */
  labels?: boolean;
  /** World height of a label (default 0.16). */
  labelSize?: number;
  /** Makes the canvases of the labels (default `document.createElement('canvas')`). */
  createCanvas?: () => LabelCanvas;
}

const UP = new Vector3(0, 1, 0);
const directionScratch = new Vector3();
const positionScratch = new Vector3();
const scaleScratch = new Vector3();
const rotationScratch = new Quaternion();
const matrixScratch = new Matrix4();

function positiveOption(name: string, value: number | undefined, fallback: number): number {
  const result = value ?? fallback;
  if (!(Number.isFinite(result) && result > 0)) {
    throw new RangeError(`${name} must be finite and greater than 0, got ${result}`);
  }
  return result;
}

function markDirty(mesh: InstancedMesh): void {
  mesh.instanceMatrix.needsUpdate = true;
  if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
}

function defaultCanvas(): LabelCanvas {
  if (typeof document === 'undefined') {
    throw new TypeError('labels need a canvas: pass options.createCanvas when there is no DOM document');
  }
  return document.createElement('canvas') as LabelCanvas;
}

/** Internal base of the two contact-set helpers; see the module comment for what it draws. */
export class ContactDrawing extends Object3D {
  /** Radius of the marker spheres. */
  readonly markerRadius: number;
  /** Arrow length per unit of penetration. */
  readonly penetrationScale: number;
  /** Shortest arrow drawn. */
  readonly minArrowLength: number;
  /** Longest arrow head. */
  readonly headLength: number;
  /** Whether each contact carries its index as a label. */
  readonly labels: boolean;
  /** World height of a label sprite. */
  readonly labelSize: number;

  private capacityValue: number;
  private countValue = 0;
  private markerMesh: InstancedMesh;
  private shaftMesh: InstancedMesh;
  private headMesh: InstancedMesh;
  private readonly labelSprites: Sprite[] = [];
  private readonly markerGeometry: SphereGeometry;
  private readonly shaftGeometry: CylinderGeometry;
  private readonly headGeometry: ConeGeometry;
  private readonly material: MeshBasicMaterial;
  private readonly kindColor = new Color();
  private readonly createCanvas: () => LabelCanvas;

  constructor(options: ContactDrawingOptions = {}) {
    super();
    const initialCapacity = options.initialCapacity ?? 16;
    if (!(Number.isInteger(initialCapacity) && initialCapacity >= 1)) {
      throw new RangeError(`initialCapacity must be an integer of at least 1, got ${initialCapacity}`);
    }
    this.markerRadius = positiveOption('markerRadius', options.markerRadius, 0.05);
    this.penetrationScale = positiveOption('penetrationScale', options.penetrationScale, 2);
    this.minArrowLength = positiveOption('minArrowLength', options.minArrowLength, 0.25);
    this.headLength = positiveOption('headLength', options.headLength, 0.1);
    const shaftRadius = positiveOption('shaftRadius', options.shaftRadius, this.markerRadius / 4);
    const headRadius = positiveOption('headRadius', options.headRadius, this.markerRadius * 0.8);
    this.labels = options.labels ?? false;
    this.labelSize = positiveOption('labelSize', options.labelSize, 0.16);
    this.createCanvas = options.createCanvas ?? defaultCanvas;

    this.markerGeometry = new SphereGeometry(this.markerRadius, 16, 12);
    // Unit-length shaft and head along +Y starting at the origin, so an instance matrix of
    // rotation(UP -> normal) * scale(1, length, 1) places them on the arrow.
    this.shaftGeometry = new CylinderGeometry(shaftRadius, shaftRadius, 1, 8, 1).translate(0, 0.5, 0);
    this.headGeometry = new ConeGeometry(headRadius, 1, 12, 1).translate(0, 0.5, 0);
    // Unlit and drawn over the shapes: a contact point lies inside both shapes when they overlap.
    this.material = new MeshBasicMaterial({ color: 0xffffff, depthTest: false, depthWrite: false, transparent: true });

    this.capacityValue = initialCapacity;
    this.markerMesh = this.makeInstances(this.markerGeometry, initialCapacity, 'markers');
    this.shaftMesh = this.makeInstances(this.shaftGeometry, initialCapacity, 'shafts');
    this.headMesh = this.makeInstances(this.headGeometry, initialCapacity, 'heads');
  }

  /** Number of contacts drawn since the last update. */
  get contactCount(): number {
    return this.countValue;
  }

  /** Slots in the pool: the largest contact count drawn so far, at least `initialCapacity`. */
  get capacity(): number {
    return this.capacityValue;
  }

  /** The marker spheres: instance `i` is centred on contact `i`'s point. */
  get markers(): InstancedMesh {
    return this.markerMesh;
  }

  /** The arrow shafts: instance `i` runs from contact `i`'s point along its normal. */
  get shafts(): InstancedMesh {
    return this.shaftMesh;
  }

  /** The arrow heads: instance `i` ends at the tip of contact `i`'s arrow. */
  get heads(): InstancedMesh {
    return this.headMesh;
  }

  /** The label sprites made so far (one per slot ever shown when `labels` is on). */
  get labelObjects(): readonly Sprite[] {
    return this.labelSprites;
  }

  /**
   * Length of the arrow drawn for a penetration: `max(minArrowLength, |penetration| * penetrationScale)`.
   * A speculative contact (negative penetration) draws as long as the same overlap would.
   */
  arrowLength(penetration: number): number {
    const scaled = Math.abs(penetration) * this.penetrationScale;
    return scaled > this.minArrowLength ? scaled : this.minArrowLength;
  }

  /** Frees the geometries, the material, the instance buffers and the label textures. */
  override dispose(): void {
    this.markerMesh.dispose();
    this.shaftMesh.dispose();
    this.headMesh.dispose();
    this.markerGeometry.dispose();
    this.shaftGeometry.dispose();
    this.headGeometry.dispose();
    this.material.dispose();
    for (const sprite of this.labelSprites) {
      sprite.material.map?.dispose();
      sprite.material.dispose();
    }
    this.labelSprites.length = 0;
    this.clear();
    this.countValue = 0;
    // What Object3D.dispose does from three r186 on; calling it would throw on r160 to r185.
    this.dispatchEvent({ type: 'dispose' });
  }

  /** Grows the pool to hold `count` contacts (doubling), then hides the slots past `count`. */
  protected beginUpdate(count: number): void {
    if (count > this.capacityValue) this.grow(Math.max(count, this.capacityValue * 2));
    if (this.labels) {
      while (this.labelSprites.length < count) this.addLabel(this.labelSprites.length);
      for (let i = 0; i < this.labelSprites.length; i++) this.labelSprites[i]!.visible = i < count;
    }
    this.countValue = count;
    this.markerMesh.count = count;
    this.shaftMesh.count = count;
    this.headMesh.count = count;
  }

  /**
   * Writes slot `index`: marker at the point, arrow along the normal (assumed unit length; a
   * zero normal draws the arrow along +Y rather than failing), colour from the kind.
   */
  protected setSlot(index: number, px: number, py: number, pz: number, nx: number, ny: number, nz: number, penetration: number, kind: number): void {
    const length = this.arrowLength(penetration);
    const head = Math.min(this.headLength, 0.5 * length);
    const shaft = length - head;
    directionScratch.set(nx, ny, nz);
    if (directionScratch.lengthSq() === 0) directionScratch.copy(UP);
    rotationScratch.setFromUnitVectors(UP, directionScratch);

    positionScratch.set(px, py, pz);
    matrixScratch.makeTranslation(px, py, pz);
    this.markerMesh.setMatrixAt(index, matrixScratch);
    matrixScratch.compose(positionScratch, rotationScratch, scaleScratch.set(1, shaft, 1));
    this.shaftMesh.setMatrixAt(index, matrixScratch);
    positionScratch.addScaledVector(directionScratch, shaft);
    matrixScratch.compose(positionScratch, rotationScratch, scaleScratch.set(1, head, 1));
    this.headMesh.setMatrixAt(index, matrixScratch);

    this.kindColor.setHex(contactKindColor(kind));
    this.markerMesh.setColorAt(index, this.kindColor);
    this.shaftMesh.setColorAt(index, this.kindColor);
    this.headMesh.setColorAt(index, this.kindColor);

    if (this.labels) {
      // Behind the point, opposite the arrow, so the label and the arrow do not cover each other.
      const back = 2.5 * this.markerRadius + 0.5 * this.labelSize;
      this.labelSprites[index]!.position.set(px - directionScratch.x * back, py - directionScratch.y * back, pz - directionScratch.z * back);
    }
  }

  /** Marks the instance buffers dirty after the slots are written. */
  protected endUpdate(): void {
    markDirty(this.markerMesh);
    markDirty(this.shaftMesh);
    markDirty(this.headMesh);
  }

  private makeInstances(geometry: SphereGeometry | CylinderGeometry | ConeGeometry, capacity: number, name: string): InstancedMesh {
    const mesh = new InstancedMesh(geometry, this.material, capacity);
    mesh.name = name;
    mesh.count = 0;
    // The instances move every frame; a bounding sphere computed once would cull them wrongly.
    mesh.frustumCulled = false;
    mesh.renderOrder = 10;
    // Allocate the colour buffer now so the first update does not.
    mesh.setColorAt(0, this.kindColor.setHex(0xffffff));
    this.add(mesh);
    return mesh;
  }

  private grow(capacity: number): void {
    for (const mesh of [this.markerMesh, this.shaftMesh, this.headMesh]) {
      this.remove(mesh);
      mesh.dispose();
    }
    this.capacityValue = capacity;
    this.markerMesh = this.makeInstances(this.markerGeometry, capacity, 'markers');
    this.shaftMesh = this.makeInstances(this.shaftGeometry, capacity, 'shafts');
    this.headMesh = this.makeInstances(this.headGeometry, capacity, 'heads');
  }

  private addLabel(index: number): void {
    const canvas = this.createCanvas();
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext('2d');
    if (context) {
      context.clearRect(0, 0, 64, 64);
      context.font = 'bold 44px sans-serif';
      context.textAlign = 'center';
      context.textBaseline = 'middle';
      // A dark outline keeps the white digits legible on light and dark shapes alike.
      context.lineWidth = 8;
      context.strokeStyle = '#000000';
      context.strokeText(String(index), 32, 34);
      context.fillStyle = '#ffffff';
      context.fillText(String(index), 32, 34);
    }
    const texture = new CanvasTexture(canvas as unknown as HTMLCanvasElement);
    const sprite = new Sprite(new SpriteMaterial({ map: texture, depthTest: false, depthWrite: false, transparent: true }));
    sprite.name = `label ${index}`;
    sprite.scale.set(this.labelSize, this.labelSize, 1);
    sprite.renderOrder = 11;
    this.labelSprites.push(sprite);
    this.add(sprite);
  }
}
