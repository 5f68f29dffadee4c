/**
 * Float64 creation helpers. gl-matrix's own `create()` returns Float32Array (its global
 * ARRAY_TYPE) and its global array-type setter changes every caller in the process, so contactkit never
 * uses either: every vector and matrix is made here, as a Float64Array in gl-matrix layout.
 */

/** 2D vector `[x, y]`. */
export type Vec2 = Float64Array;
/** 3D vector `[x, y, z]`. */
export type Vec3 = Float64Array;
/** Quaternion `[x, y, z, w]`, as gl-matrix. */
export type Quat = Float64Array;
/** 3x3 matrix, column-major as gl-matrix: element (row r, column c) is at `c * 3 + r`. */
export type Mat3 = Float64Array;
/** 4x4 matrix, column-major as gl-matrix: element (row r, column c) is at `c * 4 + r`. */
export type Mat4 = Float64Array;

/** A new 2D vector, zero unless components are given. */
export function vec2(x = 0, y = 0): Vec2 {
  const out = new Float64Array(2);
  out[0] = x;
  out[1] = y;
  return out;
}

/** A new 3D vector, zero unless components are given. */
export function vec3(x = 0, y = 0, z = 0): Vec3 {
  const out = new Float64Array(3);
  out[0] = x;
  out[1] = y;
  out[2] = z;
  return out;
}

/** A new quaternion `[x, y, z, w]`, the identity unless components are given. */
export function quat(x = 0, y = 0, z = 0, w = 1): Quat {
  const out = new Float64Array(4);
  out[0] = x;
  out[1] = y;
  out[2] = z;
  out[3] = w;
  return out;
}

/** A new 3x3 identity matrix. */
export function mat3(): Mat3 {
  const out = new Float64Array(9);
  out[0] = 1;
  out[4] = 1;
  out[8] = 1;
  return out;
}

/** A new 4x4 identity matrix. */
export function mat4(): Mat4 {
  const out = new Float64Array(16);
  out[0] = 1;
  out[5] = 1;
  out[10] = 1;
  out[15] = 1;
  return out;
}

/** Bytes of the slabs that `slabFloat64Array` cuts arrays from. */
const SLAB_BYTES = 4096;
let slab = new ArrayBuffer(0);
let slabUsed = 0;

/**
 * A new zeroed Float64Array of `length`, cut from a shared slab in creation order: for the data
 * that detectors read from many shapes per frame (a 3D primitive's transform, a polygon's packed
 * data). Shapes made one after another get their arrays side by side, with no allocator header
 * or unrelated allocation between them, so a pass over many pairs touches fewer cache lines and
 * memory in sequence (measured: polygon-polygon about 69 -> 57 ns a call, box-half-space about
 * 31 -> 28 ns). The costs: a slab stays alive while any array cut from it does (at most 4 KiB
 * per live array), and `buffer` and `byteOffset` are the slab's. An array longer than a slab
 * gets a slab of its own, so every array made here is a view of the same kind.
 */
export function slabFloat64Array(length: number): Float64Array {
  const bytes = 8 * length;
  if (slabUsed + bytes > slab.byteLength) {
    slab = new ArrayBuffer(Math.max(SLAB_BYTES, bytes));
    slabUsed = 0;
  }
  const out = new Float64Array(slab, slabUsed, length);
  slabUsed += bytes;
  return out;
}

/** A new 4x4 identity matrix cut from a shared slab (see `slabFloat64Array`). */
export function slabMat4(): Mat4 {
  const out = slabFloat64Array(16);
  out[0] = 1;
  out[5] = 1;
  out[10] = 1;
  out[15] = 1;
  return out;
}

/** A new Float64Array copy of any array-like of numbers; no validation (NaN passes through): see `readFiniteArray`. */
export function float64From(values: ArrayLike<number>): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i]!;
  return out;
}
