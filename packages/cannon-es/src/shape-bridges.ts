/**
 * How a cannon-es shape becomes a contactkit shape: one bridge per cannon-es shape type, and a
 * cache that builds each contactkit shape once per cannon-es shape and poses it on every call.
 *
 * A new shape is one more bridge in `BRIDGES` and its pairs in pairs.ts.
 */
import {
  Box,
  Capsule,
  ConvexHull,
  HalfSpace,
  Heightfield,
  Sphere,
  TriangleMesh,
  type AnyPrimitive,
} from '@contactkit/contacts3d';
import {
  Shape,
  type Box as CannonBox,
  type ConvexPolyhedron,
  type Heightfield as CannonHeightfield,
  type Quaternion,
  type Sphere as CannonSphere,
  type Trimesh,
  type Vec3,
} from 'cannon-es';
import { CAPSULE_TYPE, type CapsuleShape } from './capsule-shape.js';

/** A contactkit shape built for one cannon-es shape, and what it was built from. */
interface Bridged {
  primitive: AnyPrimitive;
  readonly bridge: ShapeBridge;
  /**
   * The coordinates the primitive was built from, for shapes whose geometry is rebuilt when it
   * changes (a convex polyhedron's vertices); empty for the others.
   */
  source: Float64Array;
  /**
   * Where the contactkit shape's frame sits in the cannon-es shape's frame, when the two differ
   * (a heightfield's): a translation and a rotation. Null when the frames are the same.
   */
  frame: LocalFrame | null;
  /** The world step in which `sync` last ran, for bridges that sync once per step. */
  syncedStep: number;
  /** How many times `sync` changed the primitive (`ShapeCache.resizes`). */
  resizes: number;
}

/** A rigid placement of one frame in another. */
interface LocalFrame {
  readonly translation: Float64Array;
  readonly rotation: Float64Array;
}

/** Builds the contactkit shape of one kind of cannon-es shape and keeps its size in step. */
interface ShapeBridge {
  /** The entry for `shape`: called once per cannon-es shape. */
  create(shape: Shape): Bridged;
  /**
   * Brings `entry.primitive` up to date with the size or geometry of `shape` when it changed
   * (cannon-es lets a user resize a shape in place), and says whether it did; called before each
   * pose, so it must cost no more than a comparison when nothing changed.
   */
  sync(shape: Shape, entry: Bridged): boolean;
  /**
   * Whether `sync` runs once per world step rather than on every call: for shapes whose
   * comparison passes over a whole mesh or grid, met by many pairs in one step.
   */
  readonly syncOncePerStep: boolean;
}

const NO_SOURCE = new Float64Array(0);

const halfSizeScratch = new Float64Array(3);
const positionScratch = new Float64Array(3);
const quaternionScratch = new Float64Array(4);

/** An entry whose primitive is resized in place, never rebuilt. */
function entryOf(primitive: AnyPrimitive, bridge: ShapeBridge): Bridged {
  return { primitive, bridge, source: NO_SOURCE, frame: null, syncedStep: -1, resizes: 0 };
}

const sphereBridge: ShapeBridge = {
  create: (shape) => entryOf(new Sphere((shape as CannonSphere).radius), sphereBridge),
  sync(shape, { primitive }) {
    const radius = (shape as CannonSphere).radius, sphere = primitive as Sphere;
    if (sphere.radius === radius) return false;
    sphere.radius = radius;
    return true;
  },
  syncOncePerStep: false,
};

const boxBridge: ShapeBridge = {
  create(shape) {
    const half = (shape as CannonBox).halfExtents;
    return entryOf(new Box([half.x, half.y, half.z]), boxBridge);
  },
  sync(shape, { primitive }) {
    const half = (shape as CannonBox).halfExtents, size = (primitive as Box).halfSize;
    if (size[0] === half.x && size[1] === half.y && size[2] === half.z) return false;
    halfSizeScratch[0] = half.x;
    halfSizeScratch[1] = half.y;
    halfSizeScratch[2] = half.z;
    (primitive as Box).setHalfSize(halfSizeScratch);
    return true;
  },
  syncOncePerStep: false,
};

/**
 * cannon-es's `Plane` is the plane z = 0 of its frame with the solid below it: its sphere and
 * convex contacts exist for any depth under the surface (Narrowphase.spherePlane, planeConvex),
 * never above it. That is contactkit's `HalfSpace`, not its two-sided `Plane`.
 */
const planeBridge: ShapeBridge = {
  create: () => entryOf(new HalfSpace([0, 0, 1], 0), planeBridge),
  sync: () => false,
  syncOncePerStep: false,
};

const capsuleBridge: ShapeBridge = {
  create(shape) {
    const { radius, halfLength } = shape as CapsuleShape;
    return entryOf(new Capsule(radius, halfLength), capsuleBridge);
  },
  sync(shape, { primitive }) {
    const { radius, halfLength } = shape as CapsuleShape, capsule = primitive as Capsule;
    if (capsule.radius === radius && capsule.halfLength === halfLength) return false;
    capsule.radius = radius;
    capsule.halfLength = halfLength;
    return true;
  },
  syncOncePerStep: false,
};

/** The vertices of a cannon-es convex polyhedron as flat x, y, z triples. */
function vertexCoordinates(shape: ConvexPolyhedron): Float64Array {
  const vertices = shape.vertices, out = new Float64Array(3 * vertices.length);
  vertices.forEach((v, i) => {
    out[3 * i] = v.x;
    out[3 * i + 1] = v.y;
    out[3 * i + 2] = v.z;
  });
  return out;
}

/** Whether the vertices of `shape` are still exactly the coordinates in `source`. */
function sameVertices(shape: ConvexPolyhedron, source: Float64Array): boolean {
  const vertices = shape.vertices;
  if (3 * vertices.length !== source.length) return false;
  for (let i = 0; i < vertices.length; i++) {
    const v = vertices[i]!;
    if (v.x !== source[3 * i] || v.y !== source[3 * i + 1] || v.z !== source[3 * i + 2]) {
      return false;
    }
  }
  return true;
}

/**
 * cannon-es's `ConvexPolyhedron` and `Cylinder` (a `ConvexPolyhedron` whose vertices are two
 * rings) become contactkit's `ConvexHull` of their vertices, built once. cannon-es reads a
 * polyhedron's `vertices` on every call and lets a user move them in place, so every call compares
 * them with the ones the hull was built from (a pass over the vertices, as the hull's own pose
 * update makes) and builds the hull anew when any differs; nothing is allocated unless they did.
 * The faces cannon-es keeps (`faces`, `faceNormals`) are not read: the hull's faces are those of
 * its vertices' convex hull, coplanar triangles merged.
 */
const hullBridge: ShapeBridge = {
  create(shape) {
    const source = vertexCoordinates(shape as ConvexPolyhedron);
    const primitive = ConvexHull.fromPoints(source);
    return { primitive, bridge: hullBridge, source, frame: null, syncedStep: -1, resizes: 0 };
  },
  sync(shape, entry) {
    if (sameVertices(shape as ConvexPolyhedron, entry.source)) return false;
    const source = vertexCoordinates(shape as ConvexPolyhedron);
    // Built before either field is replaced: a cloud that spans no volume throws and changes nothing.
    entry.primitive = ConvexHull.fromPoints(source);
    entry.source = source;
    return true;
  },
  syncOncePerStep: false,
};

/**
 * What a cannon-es `Trimesh` is built from: its vertices scaled by its `scale` (cannon-es keeps
 * them unscaled and scales on every read, Trimesh.getVertex), then its triangles' indices, then
 * nothing else; one flat list so a single pass compares it.
 */
function trimeshSource(shape: Trimesh): Float64Array {
  const { vertices, indices, scale } = shape;
  const out = new Float64Array(vertices.length + indices.length);
  for (let i = 0; i < vertices.length; i += 3) {
    out[i] = vertices[i]! * scale.x;
    out[i + 1] = vertices[i + 1]! * scale.y;
    out[i + 2] = vertices[i + 2]! * scale.z;
  }
  out.set(indices, vertices.length);
  return out;
}

function sameTrimesh(shape: Trimesh, source: Float64Array): boolean {
  const { vertices, indices, scale } = shape;
  const n = vertices.length;
  if (n + indices.length !== source.length) return false;
  for (let i = 0; i < n; i += 3) {
    if (
      vertices[i]! * scale.x !== source[i] || vertices[i + 1]! * scale.y !== source[i + 1] ||
      vertices[i + 2]! * scale.z !== source[i + 2]
    ) return false;
  }
  for (let i = 0; i < indices.length; i++) if (indices[i] !== source[n + i]) return false;
  return true;
}

function meshOf(source: Float64Array, vertexCount: number): TriangleMesh {
  // Two-sided: cannon-es's sphereTrimesh meets a triangle from either side, whatever its winding.
  return new TriangleMesh(source.subarray(0, vertexCount), source.subarray(vertexCount), {
    twoSided: true,
  });
}

/**
 * cannon-es's `Trimesh` becomes contactkit's two-sided `TriangleMesh` of its scaled vertices,
 * built once and again when its vertices, indices or scale change (compared once per world step:
 * a pass over the mesh). Used for trimeshes on static and kinematic bodies only (pairs.ts).
 */
const trimeshBridge: ShapeBridge = {
  create(shape) {
    const source = trimeshSource(shape as Trimesh);
    const primitive = meshOf(source, (shape as Trimesh).vertices.length);
    return { primitive, bridge: trimeshBridge, source, frame: null, syncedStep: -1, resizes: 0 };
  },
  sync(shape, entry) {
    if (sameTrimesh(shape as Trimesh, entry.source)) return false;
    const source = trimeshSource(shape as Trimesh);
    entry.primitive = meshOf(source, (shape as Trimesh).vertices.length);
    entry.source = source;
    return true;
  },
  syncOncePerStep: true,
};

/**
 * What a cannon-es `Heightfield` is built from: its element size, then `data` column after
 * column as cannon-es indexes it (`data[x][y]`).
 */
function heightfieldSource(shape: CannonHeightfield): Float64Array {
  const { data, elementSize } = shape;
  const columns = data.length, rows = data[0]?.length ?? 0;
  const out = new Float64Array(1 + columns * rows);
  out[0] = elementSize;
  for (let x = 0; x < columns; x++) {
    const line = data[x]!;
    for (let y = 0; y < rows; y++) out[1 + x * rows + y] = line[y]!;
  }
  return out;
}

function sameHeightfield(shape: CannonHeightfield, source: Float64Array): boolean {
  const { data, elementSize } = shape;
  const rows = data[0]?.length ?? 0;
  if (elementSize !== source[0] || 1 + data.length * rows !== source.length) return false;
  for (let x = 0; x < data.length; x++) {
    const line = data[x]!;
    if (line.length !== rows) return false;
    for (let y = 0; y < rows; y++) if (line[y] !== source[1 + x * rows + y]) return false;
  }
  return true;
}

/** A quarter turn about x, (sin 45, 0, 0, cos 45): contactkit's heightfield Y onto cannon-es's z. */
const HEIGHTFIELD_ROTATION = new Float64Array([Math.SQRT1_2, 0, 0, Math.SQRT1_2]);

/**
 * The contactkit `Heightfield` of a cannon-es one, and where it sits in the cannon-es shape's
 * frame. cannon-es puts point (x, y) of `data[x][y]` at `(x, y, data[x][y]) * elementSize` (height
 * along z, Heightfield.getConvexTrianglePillar) and splits cell (x, y) along the diagonal from
 * (x + 1, y) to (x, y + 1); contactkit puts row i, column j at `(j, height, i) * cellSize` (height
 * along Y) and splits along the diagonal from (i, j) to (i + 1, j + 1). A quarter turn about x
 * (contactkit's Y onto z, its Z onto -y) and a shift by `(rows - 1) * elementSize` along y make
 * them one surface when column j is cannon-es's x = j and row i its y = rows - 1 - i: that
 * reverses y, which turns the diagonal onto cannon-es's own. Both have the solid below.
 */
function heightfieldOf(source: Float64Array, columns: number): {
  primitive: Heightfield;
  frame: LocalFrame;
} {
  const elementSize = source[0]!, rows = (source.length - 1) / columns;
  const heights = new Float64Array(rows * columns);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < columns; j++) {
      heights[i * columns + j] = source[1 + j * rows + rows - 1 - i]!;
    }
  }
  const translation = new Float64Array([0, (rows - 1) * elementSize, 0]);
  return {
    primitive: new Heightfield(rows, columns, heights, elementSize),
    frame: { translation, rotation: HEIGHTFIELD_ROTATION },
  };
}

/**
 * cannon-es's `Heightfield` becomes contactkit's `Heightfield` (see `heightfieldOf`), built once
 * and again when `data` or `elementSize` change (compared once per world step: a pass over the
 * grid; cannon-es asks for `update()` after a change, this needs none). Used for heightfields on
 * static and kinematic bodies only (pairs.ts).
 */
const heightfieldBridge: ShapeBridge = {
  create(shape) {
    const source = heightfieldSource(shape as CannonHeightfield);
    const { primitive, frame } = heightfieldOf(source, (shape as CannonHeightfield).data.length);
    return { primitive, bridge: heightfieldBridge, source, frame, syncedStep: -1, resizes: 0 };
  },
  sync(shape, entry) {
    if (sameHeightfield(shape as CannonHeightfield, entry.source)) return false;
    const source = heightfieldSource(shape as CannonHeightfield);
    const { primitive, frame } = heightfieldOf(source, (shape as CannonHeightfield).data.length);
    entry.primitive = primitive;
    entry.frame = frame;
    entry.source = source;
    return true;
  },
  syncOncePerStep: true,
};

/** The bridges by cannon-es shape type bit (`Shape.types`). */
const BRIDGES: ReadonlyMap<number, ShapeBridge> = new Map([
  [Shape.types.SPHERE, sphereBridge],
  [Shape.types.BOX, boxBridge],
  [Shape.types.PLANE, planeBridge],
  [Shape.types.CONVEXPOLYHEDRON, hullBridge],
  [Shape.types.CYLINDER, hullBridge],
  [Shape.types.TRIMESH, trimeshBridge],
  [Shape.types.HEIGHTFIELD, heightfieldBridge],
  [CAPSULE_TYPE, capsuleBridge],
]);

/** The cannon-es shape types that have a bridge: the shapes contactkit answers for. */
export function isBridged(type: number): boolean {
  return BRIDGES.has(type);
}

/**
 * The contactkit shapes of cannon-es shapes, built on first use and kept while the cannon-es
 * shape lives (a WeakMap: a shape removed from the world takes its entry with it).
 */
export class ShapeCache {
  private readonly entries = new WeakMap<Shape, Bridged>();

  /**
   * The contactkit shape of `shape`, its size brought up to date and placed at the world
   * position `position` and orientation `quaternion` (the shape's, not its body's: cannon-es
   * hands the narrowphase each shape's pose with the body's offset and orientation applied).
   * `step` is the world's step number: a mesh or heightfield compares its data with what it was
   * built from once per step (`syncOncePerStep`), the other shapes on every call.
   * Throws the contactkit shape's RangeError when the size or pose is not valid for it (a box
   * side of 0, a non-finite position).
   */
  posed(shape: Shape, position: Vec3, quaternion: Quaternion, step: number): AnyPrimitive {
    let entry = this.entries.get(shape);
    if (entry === undefined) {
      const bridge = BRIDGES.get(shape.type);
      if (bridge === undefined) {
        throw new TypeError(`contactkit has no shape for cannon-es shape type ${shape.type}`);
      }
      entry = bridge.create(shape);
      this.entries.set(shape, entry);
    }
    if (!entry.bridge.syncOncePerStep || entry.syncedStep !== step) {
      if (entry.bridge.sync(shape, entry)) entry.resizes++;
      entry.syncedStep = step;
    }
    const { x, y, z, w } = quaternion;
    const frame = entry.frame;
    if (frame === null) {
      positionScratch[0] = position.x;
      positionScratch[1] = position.y;
      positionScratch[2] = position.z;
      quaternionScratch[0] = x;
      quaternionScratch[1] = y;
      quaternionScratch[2] = z;
      quaternionScratch[3] = w;
    } else {
      // World pose of the inner frame: position + q * t, and q * r (Hamilton product).
      const t = frame.translation, r = frame.rotation;
      const tx = t[0]!, ty = t[1]!, tz = t[2]!;
      // q * t * q^-1 as t + 2w (u x t) + 2 u x (u x t), u = (x, y, z).
      const cx = y * tz - z * ty, cy = z * tx - x * tz, cz = x * ty - y * tx;
      positionScratch[0] = position.x + tx + 2 * (w * cx + y * cz - z * cy);
      positionScratch[1] = position.y + ty + 2 * (w * cy + z * cx - x * cz);
      positionScratch[2] = position.z + tz + 2 * (w * cz + x * cy - y * cx);
      const rx = r[0]!, ry = r[1]!, rz = r[2]!, rw = r[3]!;
      quaternionScratch[0] = w * rx + x * rw + y * rz - z * ry;
      quaternionScratch[1] = w * ry - x * rz + y * rw + z * rx;
      quaternionScratch[2] = w * rz + x * ry - y * rx + z * rw;
      quaternionScratch[3] = w * rw - x * rx - y * ry - z * rz;
    }
    return entry.primitive.setPose(positionScratch, quaternionScratch);
  }

  /**
   * How many times the contactkit shape of `shape` was resized or rebuilt since it was made (0
   * for a shape not met yet): a pair cache filled before a change must start afresh.
   */
  resizes(shape: Shape): number {
    return this.entries.get(shape)?.resizes ?? 0;
  }
}
