/**
 * Manifold recycling (the contact reuse of Jolt's contact cache and of Bullet's persistent
 * manifold, Coumans): the contacts of a pair's last full computation, each kept as its two
 * witness points fixed in their shapes' frames, and the normal fixed in the frame of the shape
 * whose face it is. While the second shape (canonical order) moved less than the thresholds
 * relative to the first since that computation, the contacts are moved with the shapes instead
 * of found again:
 *   witness on A = T_A wA, witness on B = T_B wB, normal = R_owner n,
 *   penetration = (witness on B - witness on A) . normal, point = their midpoint,
 * and a contact whose penetration falls below -tolerance is dropped. The motion is measured from
 * the full computation, not from the previous frame, so small steps never add up past the
 * thresholds unseen.
 *
 * Features entering or leaving meanwhile are seen late: the contacts keep the features of the
 * full computation until the motion reaches a threshold (the README states the bounds the tests
 * check). The detector proves the pair still touches before it uses a recycled manifold (a
 * recycled witness point inside the other shape), so a pair that separated never keeps a stale
 * contact.
 */
import type { ContactKind } from '@contactkit/math';
import type { CollisionData } from './collision-data.js';
import type { LocalManifold } from './local-manifold.js';
import { MAX_MANIFOLD_POINTS } from './local-manifold.js';

/** The contacts of one pair kept for recycling (part of a `PairCache`). */
export class RecycledManifold {
  /** Thresholds: distance relative to `size`, angle in radians (0: recycling off). */
  distance = 0;
  angle = 0;
  /** The largest Frobenius norm of the change of the relative rotation within `angle`: 8 sin^2(angle / 2). */
  private turnLimitSquared = 0;
  /** How many contacts are kept (0: none, the next call computes in full). */
  count = 0;
  /** Input of `store`: the smaller shape's size, which `distance` scales (a field: PERFORMANCE.md). */
  size = 0;
  /** The largest relative motion allowed: `distance` times `size` at the last `store`. */
  private reach = 0;
  /** Whether the normal is fixed in the second shape's frame (its face), else the first's. */
  private normalOnSecond = false;
  /** The normal in its owner's frame. */
  private readonly normal = new Float64Array(3);
  /** Witness points: on A in A's frame, on B in B's frame (x, y, z each). */
  private readonly witnessA = new Float64Array(3 * MAX_MANIFOLD_POINTS);
  private readonly witnessB = new Float64Array(3 * MAX_MANIFOLD_POINTS);
  private readonly kinds = new Int32Array(MAX_MANIFOLD_POINTS);
  private readonly features = new Int32Array(MAX_MANIFOLD_POINTS);
  /** B's rotation (a_i . b_j at 3i + j) and centre in A's frame at the full computation. */
  private readonly anchorRotation = new Float64Array(9);
  private readonly anchorCentre = new Float64Array(3);
  /**
   * The witness points of the last recycled manifold in world space (for the detector's proof that
   * the pair touches).
   */
  readonly worldA: Float64Array = new Float64Array(3 * MAX_MANIFOLD_POINTS);
  readonly worldB: Float64Array = new Float64Array(3 * MAX_MANIFOLD_POINTS);

  /** Sets the thresholds (0 and 0: off). */
  setThresholds(distance: number, angle: number): void {
    this.distance = distance;
    this.angle = angle;
    const half = Math.sin(angle / 2);
    this.turnLimitSquared = 8 * half * half;
  }

  /** Forgets the kept contacts. */
  reset(): void {
    this.count = 0;
  }

  /**
   * Keeps `manifold` (world space, canonical order A = `ma`, B = `mb`) for recycling, with the
   * threshold scaled by `size` (set it first); `normalOnSecond`: the normal belongs to B's face.
   * An empty manifold keeps nothing.
   */
  store(
    manifold: LocalManifold,
    ma: Float64Array,
    mb: Float64Array,
    normalOnSecond: boolean,
  ): void {
    const count = manifold.count;
    this.count = count;
    if (count === 0 || this.distance === 0) return;
    this.reach = this.distance * this.size;
    this.normalOnSecond = normalOnSecond;
    relativePose(ma, mb, this.anchorRotation, this.anchorCentre);
    const nx = manifold.normalX, ny = manifold.normalY, nz = manifold.normalZ;
    const mo = normalOnSecond ? mb : ma;
    this.normal[0] = mo[0]! * nx + mo[1]! * ny + mo[2]! * nz;
    this.normal[1] = mo[4]! * nx + mo[5]! * ny + mo[6]! * nz;
    this.normal[2] = mo[8]! * nx + mo[9]! * ny + mo[10]! * nz;
    for (let k = 0; k < count; k++) {
      const point = manifold.points[k]!;
      // The witnesses: point -+ normal * depth / 2 (DESIGN: pointOnFirst, pointOnSecond).
      const half = 0.5 * point.depth;
      const witness = witnessScratch;
      witness[0] = point.x - nx * half;
      witness[1] = point.y - ny * half;
      witness[2] = point.z - nz * half;
      witness[3] = point.x + nx * half;
      witness[4] = point.y + ny * half;
      witness[5] = point.z + nz * half;
      toLocal(ma, witness, 0, this.witnessA, 3 * k);
      toLocal(mb, witness, 3, this.witnessB, 3 * k);
      this.kinds[k] = point.kind;
      this.features[k] = point.features;
    }
  }

  /**
   * The kept contacts moved to the shapes' poses `ma`, `mb`, into `manifold` (world space), when
   * B moved less than the thresholds relative to A since they were kept; those whose
   * penetration fell below `-data.tolerance` are dropped. Returns false (nothing written) when
   * the motion is too large or no contact is left; the world witnesses of the written points are
   * in `worldA` and `worldB`.
   */
  recycle(
    ma: Float64Array,
    mb: Float64Array,
    data: CollisionData,
    manifold: LocalManifold,
  ): boolean {
    if (this.count === 0) return false;
    const tolerance = data.tolerance;
    const rotation = poseScratch.rotation, centre = poseScratch.centre;
    relativePose(ma, mb, rotation, centre);
    const anchorRotation = this.anchorRotation, anchorCentre = this.anchorCentre;
    const mx = centre[0]! - anchorCentre[0]!,
      my = centre[1]! - anchorCentre[1]!,
      mz = centre[2]! - anchorCentre[2]!;
    if (mx * mx + my * my + mz * mz > this.reach * this.reach) return false;
    let turnedSquared = 0;
    for (let k = 0; k < 9; k++) {
      const d = rotation[k]! - anchorRotation[k]!;
      turnedSquared += d * d;
    }
    if (turnedSquared > this.turnLimitSquared) return false;
    const mo = this.normalOnSecond ? mb : ma;
    const lx = this.normal[0]!, ly = this.normal[1]!, lz = this.normal[2]!;
    const nx = mo[0]! * lx + mo[4]! * ly + mo[8]! * lz,
      ny = mo[1]! * lx + mo[5]! * ly + mo[9]! * lz,
      nz = mo[2]! * lx + mo[6]! * ly + mo[10]! * lz;
    const witnessA = this.witnessA, witnessB = this.witnessB;
    const worldA = this.worldA, worldB = this.worldB;
    let written = 0;
    for (let k = 0; k < this.count; k++) {
      const i = 3 * k, o = 3 * written;
      const ax = witnessA[i]!, ay = witnessA[i + 1]!, az = witnessA[i + 2]!;
      const bx = witnessB[i]!, by = witnessB[i + 1]!, bz = witnessB[i + 2]!;
      const pax = ma[12]! + ma[0]! * ax + ma[4]! * ay + ma[8]! * az,
        pay = ma[13]! + ma[1]! * ax + ma[5]! * ay + ma[9]! * az,
        paz = ma[14]! + ma[2]! * ax + ma[6]! * ay + ma[10]! * az;
      const pbx = mb[12]! + mb[0]! * bx + mb[4]! * by + mb[8]! * bz,
        pby = mb[13]! + mb[1]! * bx + mb[5]! * by + mb[9]! * bz,
        pbz = mb[14]! + mb[2]! * bx + mb[6]! * by + mb[10]! * bz;
      const depth = (pbx - pax) * nx + (pby - pay) * ny + (pbz - paz) * nz;
      if (depth < -tolerance) continue;
      worldA[o] = pax;
      worldA[o + 1] = pay;
      worldA[o + 2] = paz;
      worldB[o] = pbx;
      worldB[o + 1] = pby;
      worldB[o + 2] = pbz;
      const point = manifold.points[written]!;
      point.x = 0.5 * (pax + pbx);
      point.y = 0.5 * (pay + pby);
      point.z = 0.5 * (paz + pbz);
      point.depth = depth;
      point.kind = this.kinds[k]! as ContactKind;
      point.features = this.features[k]!;
      written++;
    }
    manifold.normalX = nx;
    manifold.normalY = ny;
    manifold.normalZ = nz;
    manifold.count = written;
    return written > 0;
  }
}

/** B's rotation and centre in A's frame. Scratch of `recycle` alone. */
const poseScratch = { rotation: new Float64Array(9), centre: new Float64Array(3) };

/** B's rotation in A's frame (a_i . b_j at 3i + j) and B's centre there, from transforms `ma`, `mb`. */
function relativePose(
  ma: Float64Array,
  mb: Float64Array,
  rotation: Float64Array,
  centre: Float64Array,
): void {
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      rotation[3 * i + j] = ma[4 * i]! * mb[4 * j]! + ma[4 * i + 1]! * mb[4 * j + 1]! +
        ma[4 * i + 2]! * mb[4 * j + 2]!;
    }
  }
  toLocal(ma, mb, 12, centre, 0);
}

/** The two world witnesses of one point (A's at 0, B's at 3). Scratch of `store` alone. */
const witnessScratch = new Float64Array(6);

/** The world point at `point[from..from + 2]` in the frame of the rigid transform `m`, into `out` at `at`. */
function toLocal(
  m: Float64Array,
  point: Float64Array,
  from: number,
  out: Float64Array,
  at: number,
): void {
  const dx = point[from]! - m[12]!, dy = point[from + 1]! - m[13]!, dz = point[from + 2]! - m[14]!;
  out[at] = dx * m[0]! + dy * m[1]! + dz * m[2]!;
  out[at + 1] = dx * m[4]! + dy * m[5]! + dz * m[6]!;
  out[at + 2] = dx * m[8]! + dy * m[9]! + dz * m[10]!;
}
