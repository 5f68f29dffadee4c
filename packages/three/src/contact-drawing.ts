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
 *
 * A speculative contact (penetration < 0) has a smaller marker in `SPECULATIVE_COLOR`; its arrow
 * keeps the kind's colour. With `showWitnesses` the two witness points
 * `point -/+ normal * penetration / 2` (on the first and the second shape) and the depth segment
 * between them are drawn too. `placeLabels` moves each label to where it covers no arrow.
 */
import {
  CanvasTexture,
  type Camera,
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
import { SPECULATIVE_COLOR, WITNESS_COLORS, contactKindColor } from './colors.js';

/** A canvas the label sprites can draw their text on (a DOM canvas or an OffscreenCanvas). */
export interface LabelCanvas {
  /** Width in pixels. */
  width: number;
  /** Height in pixels. */
  height: number;
  /** The 2D drawing context, or null when the canvas has none. */
  getContext(kind: '2d'): LabelContext | null;
}

/** The part of a 2D canvas context the labels use. */
export interface LabelContext {
  /** CSS font of the text. */
  font: string;
  /** Colour the text is filled with. */
  fillStyle: string | CanvasGradient | CanvasPattern;
  /** Colour of the text's outline. */
  strokeStyle: string | CanvasGradient | CanvasPattern;
  /** Width of the text's outline, in pixels. */
  lineWidth: number;
  /** Horizontal anchor of the text. */
  textAlign: CanvasTextAlign;
  /** Vertical anchor of the text. */
  textBaseline: CanvasTextBaseline;
  /** Clears a rectangle to transparent. */
  clearRect(x: number, y: number, w: number, h: number): void;
  /** Fills `text` at `(x, y)`. */
  fillText(text: string, x: number, y: number): void;
  /** Outlines `text` at `(x, y)`. */
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
  /**
   * Shortest arrow, so touching and barely overlapping contacts still show a normal (default 0.25).
   */
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
  /**
   * Least height of a label on screen, CSS pixels (default 0: labels scale with the view). A view
   * zoomed out (a phone shows the same scene in fewer pixels) draws `labelSize` this large
   * instead; applied by `placeLabels`. The digit is about half the label's height.
   */
  minLabelPixels?: number;
  /** Makes the canvases of the labels (default `document.createElement('canvas')`). */
  createCanvas?: () => LabelCanvas;
  /** Draw the witness points and the depth segment of each contact (default false). */
  witnesses?: boolean;
}

/** A speculative contact's marker is this much smaller than a penetrating one's. */
const SPECULATIVE_MARKER_SCALE = 0.7;
/** Witness markers are this fraction of the contact marker. */
const WITNESS_MARKER_SCALE = 0.6;

const UP = new Vector3(0, 1, 0);
const directionScratch = new Vector3();
const positionScratch = new Vector3();
const scaleScratch = new Vector3();
const rotationScratch = new Quaternion();
const matrixScratch = new Matrix4();
const projectScratch = new Vector3();
const rightScratch = new Vector3();

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
    throw new TypeError(
      'labels need a canvas: pass options.createCanvas when there is no DOM document',
    );
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
  /** Least screen height of a label sprite, CSS pixels (see `ContactDrawingOptions`). */
  readonly minLabelPixels: number;
  /**
   * Whether the witness points and depth segments are drawn (settable; applies from the next
   * `update`).
   */
  showWitnesses: boolean;

  private capacityValue: number;
  private countValue = 0;
  private markerMesh: InstancedMesh;
  private shaftMesh: InstancedMesh;
  private headMesh: InstancedMesh;
  private witnessMesh: InstancedMesh;
  private depthMesh: InstancedMesh;
  /** Per slot: point x, y, z and arrow tip x, y, z (for placing labels). */
  private slotGeometry: Float64Array;
  /** Scratch of `placeLabels`, grown with the pool, so placing labels allocates nothing. */
  private labelScratch = new Float64Array(0);
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
      throw new RangeError(
        `initialCapacity must be an integer of at least 1, got ${initialCapacity}`,
      );
    }
    this.markerRadius = positiveOption('markerRadius', options.markerRadius, 0.05);
    this.penetrationScale = positiveOption('penetrationScale', options.penetrationScale, 2);
    this.minArrowLength = positiveOption('minArrowLength', options.minArrowLength, 0.25);
    this.headLength = positiveOption('headLength', options.headLength, 0.1);
    const shaftRadius = positiveOption('shaftRadius', options.shaftRadius, this.markerRadius / 4);
    const headRadius = positiveOption('headRadius', options.headRadius, this.markerRadius * 0.8);
    this.labels = options.labels ?? false;
    this.labelSize = positiveOption('labelSize', options.labelSize, 0.16);
    this.minLabelPixels = options.minLabelPixels ?? 0;
    if (!(Number.isFinite(this.minLabelPixels) && this.minLabelPixels >= 0)) {
      throw new RangeError(
        `minLabelPixels must be finite and at least 0, got ${this.minLabelPixels}`,
      );
    }
    this.createCanvas = options.createCanvas ?? defaultCanvas;
    this.showWitnesses = options.witnesses ?? false;

    this.markerGeometry = new SphereGeometry(this.markerRadius, 16, 12);
    // Unit-length shaft and head along +Y starting at the origin, so an instance matrix of
    // rotation(UP -> normal) * scale(1, length, 1) places them on the arrow.
    this.shaftGeometry = new CylinderGeometry(shaftRadius, shaftRadius, 1, 8, 1).translate(
      0,
      0.5,
      0,
    );
    this.headGeometry = new ConeGeometry(headRadius, 1, 12, 1).translate(0, 0.5, 0);
    // Unlit and drawn over the shapes: a contact point lies inside both shapes when they overlap.
    this.material = new MeshBasicMaterial({
      color: 0xffffff,
      depthTest: false,
      depthWrite: false,
      transparent: true,
    });

    this.capacityValue = initialCapacity;
    this.markerMesh = this.makeInstances(this.markerGeometry, initialCapacity, 'markers');
    this.shaftMesh = this.makeInstances(this.shaftGeometry, initialCapacity, 'shafts');
    this.headMesh = this.makeInstances(this.headGeometry, initialCapacity, 'heads');
    this.witnessMesh = this.makeInstances(this.markerGeometry, 2 * initialCapacity, 'witnesses');
    this.depthMesh = this.makeInstances(this.shaftGeometry, initialCapacity, 'depths');
    this.slotGeometry = new Float64Array(6 * initialCapacity);
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

  /**
   * The witness markers: instance `2i` on the first shape's witness of contact `i`, `2i + 1` on
   * the second's (none unless `showWitnesses`).
   */
  get witnessMarkers(): InstancedMesh {
    return this.witnessMesh;
  }

  /**
   * The depth segments: instance `i` joins contact `i`'s two witnesses (none unless
   * `showWitnesses`).
   */
  get depthSegments(): InstancedMesh {
    return this.depthMesh;
  }

  /** The label sprites made so far (one per slot ever shown when `labels` is on). */
  get labelObjects(): readonly Sprite[] {
    return this.labelSprites;
  }

  /**
   * Length of the arrow drawn for a penetration: `max(minArrowLength, |penetration| *
   * penetrationScale)`. A speculative contact (negative penetration) draws as long as the same
   * overlap would.
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
    this.witnessMesh.dispose();
    this.depthMesh.dispose();
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
    this.witnessMesh.count = this.showWitnesses ? 2 * count : 0;
    this.depthMesh.count = this.showWitnesses ? count : 0;
  }

  /**
   * Writes slot `index`: marker at the point, arrow along the normal (assumed unit length; a
   * zero normal draws the arrow along +Y rather than failing), colour from the kind.
   */
  protected setSlot(
    index: number,
    px: number,
    py: number,
    pz: number,
    nx: number,
    ny: number,
    nz: number,
    penetration: number,
    kind: number,
  ): void {
    const length = this.arrowLength(penetration);
    const head = Math.min(this.headLength, 0.5 * length);
    const shaft = length - head;
    directionScratch.set(nx, ny, nz);
    if (directionScratch.lengthSq() === 0) directionScratch.copy(UP);
    rotationScratch.setFromUnitVectors(UP, directionScratch);

    positionScratch.set(px, py, pz);
    const markerScale = penetration < 0 ? SPECULATIVE_MARKER_SCALE : 1;
    matrixScratch.makeScale(markerScale, markerScale, markerScale).setPosition(px, py, pz);
    this.markerMesh.setMatrixAt(index, matrixScratch);
    matrixScratch.compose(positionScratch, rotationScratch, scaleScratch.set(1, shaft, 1));
    this.shaftMesh.setMatrixAt(index, matrixScratch);
    positionScratch.addScaledVector(directionScratch, shaft);
    matrixScratch.compose(positionScratch, rotationScratch, scaleScratch.set(1, head, 1));
    this.headMesh.setMatrixAt(index, matrixScratch);

    const g = this.slotGeometry;
    g[6 * index] = px;
    g[6 * index + 1] = py;
    g[6 * index + 2] = pz;
    g[6 * index + 3] = positionScratch.x + directionScratch.x * head;
    g[6 * index + 4] = positionScratch.y + directionScratch.y * head;
    g[6 * index + 5] = positionScratch.z + directionScratch.z * head;

    this.kindColor.setHex(contactKindColor(kind));
    this.shaftMesh.setColorAt(index, this.kindColor);
    this.headMesh.setColorAt(index, this.kindColor);
    if (penetration < 0) this.kindColor.setHex(SPECULATIVE_COLOR);
    this.markerMesh.setColorAt(index, this.kindColor);

    if (this.showWitnesses) this.setWitnesses(index, px, py, pz, penetration);

    if (this.labels) {
      // Behind the point, opposite the arrow, so the label and the arrow do not cover each other.
      const back = 2.5 * this.markerRadius + 0.5 * this.labelSize;
      this.labelSprites[index]!.position.set(
        px - directionScratch.x * back,
        py - directionScratch.y * back,
        pz - directionScratch.z * back,
      );
    }
  }

  /** Marks the instance buffers dirty after the slots are written. */
  protected endUpdate(): void {
    markDirty(this.markerMesh);
    markDirty(this.shaftMesh);
    markDirty(this.headMesh);
    markDirty(this.witnessMesh);
    markDirty(this.depthMesh);
  }

  /**
   * Moves each label to a spot beside its marker where it covers no contact's arrow or marker
   * and no label placed before it, as seen through `camera` on a `width` x `height` pixel
   * canvas: candidates on a circle about the marker, starting opposite the arrow on screen,
   * the first that is clear wins (else the clearest). Labels are sized here too: `labelSize`,
   * or `minLabelPixels` on screen when that is larger. Call after `update`, before rendering;
   * allocates only when the pool has grown.
   */
  placeLabels(camera: Camera, width: number, height: number): void {
    if (!this.labels || this.countValue === 0) return;
    const count = this.countValue, g = this.slotGeometry;
    const toPixels = (x: number, y: number, z: number, out: Float64Array, at: number): number => {
      projectScratch.set(x, y, z).project(camera);
      out[at] = ((projectScratch.x + 1) / 2) * width;
      out[at + 1] = ((1 - projectScratch.y) / 2) * height;
      return projectScratch.z;
    };
    // Pixels per world unit at the first contact, along the camera's right axis.
    rightScratch.setFromMatrixColumn(camera.matrixWorld, 0).normalize();
    if (this.labelScratch.length < 7 * count + 4) {
      this.labelScratch = new Float64Array(7 * this.capacityValue + 4);
    }
    // Per contact: point and tip in pixels (4), then after them the label spots (2) and depths (1).
    const screen = this.labelScratch;
    const placed = screen.subarray(4 * count + 4, 6 * count + 4);
    const depth = screen.subarray(6 * count + 4, 7 * count + 4);
    for (let i = 0; i < count; i++) {
      depth[i] = toPixels(g[6 * i]!, g[6 * i + 1]!, g[6 * i + 2]!, screen, 4 * i);
      toPixels(g[6 * i + 3]!, g[6 * i + 4]!, g[6 * i + 5]!, screen, 4 * i + 2);
    }
    toPixels(
      g[0]! + rightScratch.x,
      g[1]! + rightScratch.y,
      g[2]! + rightScratch.z,
      screen,
      4 * count,
    );
    const scale = Math.hypot(screen[4 * count]! - screen[0]!, screen[4 * count + 1]! - screen[1]!);
    const labelPixels = Math.max(this.labelSize * scale, this.minLabelPixels);
    const labelWorld = labelPixels / scale;
    const radius = 2.2 * this.markerRadius * scale + 0.5 * labelPixels;
    for (let i = 0; i < count; i++) {
      const px = screen[4 * i]!, py = screen[4 * i + 1]!;
      const ax = screen[4 * i + 2]! - px, ay = screen[4 * i + 3]! - py;
      // Opposite the arrow on screen; an arrow seen end-on puts the label below right.
      const start = ax * ax + ay * ay > 1 ? Math.atan2(-ay, -ax) : Math.PI / 4;
      let bestX = px, bestY = py, bestClearance = -Infinity;
      for (let step = 0; step < 12; step++) {
        // 0, +30, -30, +60, -60, ... degrees from the start.
        const angle = start + (step % 2 === 1 ? 1 : -1) * Math.ceil(step / 2) * (Math.PI / 6);
        const cx = px + Math.cos(angle) * radius, cy = py + Math.sin(angle) * radius;
        let clearance = Infinity;
        for (let j = 0; j < count; j++) {
          clearance = Math.min(
            clearance,
            segmentDistance(
              cx,
              cy,
              screen[4 * j]!,
              screen[4 * j + 1]!,
              screen[4 * j + 2]!,
              screen[4 * j + 3]!,
            ),
          );
        }
        for (let k = 0; k < i; k++) {
          clearance = Math.min(
            clearance,
            Math.hypot(cx - placed[2 * k]!, cy - placed[2 * k + 1]!) - 0.5 * labelPixels,
          );
        }
        if (clearance > bestClearance) {
          bestClearance = clearance;
          bestX = cx;
          bestY = cy;
        }
        if (clearance >= 0.6 * labelPixels) break;
      }
      placed[2 * i] = bestX;
      placed[2 * i + 1] = bestY;
      projectScratch.set((bestX / width) * 2 - 1, 1 - (bestY / height) * 2, depth[i]!).unproject(
        camera,
      );
      this.labelSprites[i]!.position.copy(projectScratch);
      this.labelSprites[i]!.scale.set(labelWorld, labelWorld, 1);
    }
  }

  /** Witness markers `2i`, `2i + 1` and depth segment `i`, from the slot's point and normal. */
  private setWitnesses(
    index: number,
    px: number,
    py: number,
    pz: number,
    penetration: number,
  ): void {
    const half = 0.5 * penetration, n = directionScratch;
    const s = WITNESS_MARKER_SCALE;
    matrixScratch.makeScale(s, s, s).setPosition(px - n.x * half, py - n.y * half, pz - n.z * half);
    this.witnessMesh.setMatrixAt(2 * index, matrixScratch);
    matrixScratch.makeScale(s, s, s).setPosition(px + n.x * half, py + n.y * half, pz + n.z * half);
    this.witnessMesh.setMatrixAt(2 * index + 1, matrixScratch);
    this.witnessMesh.setColorAt(2 * index, this.kindColor.setHex(WITNESS_COLORS.first));
    this.witnessMesh.setColorAt(2 * index + 1, this.kindColor.setHex(WITNESS_COLORS.second));
    // From the first shape's witness to the second's: along +normal by the penetration (a gap
    // runs the other way), the shaft scaled to that length.
    const sign = penetration < 0 ? -1 : 1;
    positionScratch.set(px - n.x * half, py - n.y * half, pz - n.z * half);
    rotationScratch.setFromUnitVectors(UP, projectScratch.copy(n).multiplyScalar(sign));
    matrixScratch.compose(
      positionScratch,
      rotationScratch,
      scaleScratch.set(1.4, Math.abs(penetration), 1.4),
    );
    this.depthMesh.setMatrixAt(index, matrixScratch);
    this.depthMesh.setColorAt(index, this.kindColor.setHex(WITNESS_COLORS.depth));
  }

  private makeInstances(
    geometry: SphereGeometry | CylinderGeometry | ConeGeometry,
    capacity: number,
    name: string,
  ): InstancedMesh {
    const mesh = new InstancedMesh(geometry, this.material, capacity);
    mesh.name = name;
    mesh.count = 0;
    // The instances move every frame; a bounding sphere computed once would cull them wrongly.
    mesh.frustumCulled = false;
    // Markers over the arrows' starts, witnesses over the markers.
    mesh.renderOrder = name === 'markers'
      ? 10.2
      : name === 'depths'
      ? 10.3
      : name === 'witnesses'
      ? 10.4
      : 10;
    // Allocate the colour buffer now so the first update does not.
    mesh.setColorAt(0, this.kindColor.setHex(0xffffff));
    this.add(mesh);
    return mesh;
  }

  private grow(capacity: number): void {
    for (
      const mesh of [
        this.markerMesh,
        this.shaftMesh,
        this.headMesh,
        this.witnessMesh,
        this.depthMesh,
      ]
    ) {
      this.remove(mesh);
      mesh.dispose();
    }
    this.capacityValue = capacity;
    this.markerMesh = this.makeInstances(this.markerGeometry, capacity, 'markers');
    this.shaftMesh = this.makeInstances(this.shaftGeometry, capacity, 'shafts');
    this.headMesh = this.makeInstances(this.headGeometry, capacity, 'heads');
    this.witnessMesh = this.makeInstances(this.markerGeometry, 2 * capacity, 'witnesses');
    this.depthMesh = this.makeInstances(this.shaftGeometry, capacity, 'depths');
    this.slotGeometry = new Float64Array(6 * capacity);
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
    const sprite = new Sprite(
      new SpriteMaterial({ map: texture, depthTest: false, depthWrite: false, transparent: true }),
    );
    sprite.name = `label ${index}`;
    sprite.scale.set(this.labelSize, this.labelSize, 1);
    sprite.renderOrder = 11;
    this.labelSprites.push(sprite);
    this.add(sprite);
  }
}

/** Distance from (x, y) to the segment (ax, ay)-(bx, by), pixels. */
function segmentDistance(
  x: number,
  y: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax, dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared > 0
    ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / lengthSquared))
    : 0;
  return Math.hypot(x - ax - t * dx, y - ay - t * dy);
}
