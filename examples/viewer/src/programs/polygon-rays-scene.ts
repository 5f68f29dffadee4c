/**
 * The polygon-rays scene without a page: two concave bodies, a comet nucleus (the comet page's
 * contour, 3 m across) and a lander with two legs, each posed by its centroid and an angle, and
 * the contacts of both of collision2d's polygon methods for the pair: `rayTestPolygons` (the
 * initiator/opponent ray test from the centroids, with a `RayTestTrace` of what it looked at)
 * and `collidePolygonPolygon` (decomposition and separating axes). The page draws it; Node
 * tests it. World frame: metres, y up.
 */
import {
  CollisionData2,
  Polygon,
  RayTestTrace,
  collidePolygonPolygon,
  contourToWorld,
  polygonCentroid,
  rayTestPolygons,
} from '@contactkit/collision2d';
import type { Contour } from '@contactkit/collision2d';
import { contactRecords } from '../contact-records.js';
import type { ContactRecord } from '../contact-records.js';

/** A body's pose: its centroid's world position and its angle (radians, counter-clockwise). */
export interface BodyPose {
  position: [number, number];
  angle: number;
}

/** A lander: a body with two splayed legs (concave between them), 1.6 m wide, centroid-relative later. */
export const LANDER_OUTLINE: ReadonlyArray<readonly [number, number]> = [
  [-0.5, 0],
  [-0.5, 0.7],
  [0, 1],
  [0.5, 0.7],
  [0.5, 0],
  [0.8, -0.6],
  [0.65, -0.6],
  [0.3, -0.05],
  [-0.3, -0.05],
  [-0.65, -0.6],
  [-0.8, -0.6],
];
/** The nucleus's world size (its largest dimension, metres). */
export const NUCLEUS_SIZE = 3;
/** Where the bodies start: the lander standing on the large lobe, its legs just in it. */
export const START_POSES: readonly [BodyPose, BodyPose] = [
  { position: [0, 0], angle: 0 },
  { position: [-0.45, 1.4], angle: 0.15 },
];

/** `points` moved so that their area centroid is the origin: a pose then moves the centroid. */
export function aboutCentroid(
  points: ReadonlyArray<readonly number[]>,
): Array<[number, number]> {
  const [cx, cy] = polygonCentroid(points);
  return points.map(([x, y]) => [x! - cx, y! - cy]);
}

/** What both methods give for the current poses. */
export interface PairResult {
  /** `rayTestPolygons`' contacts (normal from the lander toward the nucleus: b toward a). */
  rays: ContactRecord[];
  /** `collidePolygonPolygon`'s contacts, same convention. */
  separatingAxes: ContactRecord[];
}

export class PolygonRaysScene {
  /** The nucleus (a) and the lander (b), each about its centroid. */
  readonly bodies: readonly [Polygon, Polygon];
  readonly poses: [BodyPose, BodyPose];
  readonly trace = new RayTestTrace();
  private readonly rayData = new CollisionData2({ capacity: 64, maxContactsPerPair: 8 });
  private readonly axisData = new CollisionData2({ capacity: 64 });

  constructor(nucleus: Contour) {
    const outline = contourToWorld(nucleus, { size: NUCLEUS_SIZE }).points;
    this.bodies = [new Polygon(aboutCentroid(outline)), new Polygon(aboutCentroid(LANDER_OUTLINE))];
    this.poses = [clonePose(START_POSES[0]), clonePose(START_POSES[1])];
    this.applyPoses();
  }

  /**
   * Poses body `index` (0 the nucleus, 1 the lander). Throws a RangeError, changing nothing,
   * for an index other than 0 or 1 or a position or angle that is not finite.
   */
  setPose(index: number, position: readonly number[], angle: number): void {
    if (index !== 0 && index !== 1) {
      throw new RangeError(`setPose: index must be 0 or 1, got ${index}`);
    }
    if (!(Number.isFinite(position[0]) && Number.isFinite(position[1]) && Number.isFinite(angle))) {
      throw new RangeError(
        `setPose: position and angle must be finite, got [${position.join(', ')}] and ${angle}`,
      );
    }
    this.poses[index] = { position: [position[0]!, position[1]!], angle };
    this.applyPoses();
  }

  /** Both methods' contacts for the current poses; the ray test also fills `trace`. */
  evaluate(): PairResult {
    const [a, b] = this.bodies;
    this.rayData.reset();
    rayTestPolygons(a, b, this.rayData, this.trace);
    this.axisData.reset();
    collidePolygonPolygon(a, b, this.axisData);
    return { rays: contactRecords(this.rayData), separatingAxes: contactRecords(this.axisData) };
  }

  /** Body `index`'s stored vertices in the world, `[x, y]` each (the trace's vertex order). */
  worldVertices(index: 0 | 1): Array<[number, number]> {
    const polygon = this.bodies[index], pose = this.poses[index];
    const c = Math.cos(pose.angle), s = Math.sin(pose.angle), v = polygon.vertices;
    const points: Array<[number, number]> = [];
    for (let i = 0; i < polygon.count; i++) {
      const x = v[2 * i]!, y = v[2 * i + 1]!;
      points.push([pose.position[0] + c * x - s * y, pose.position[1] + s * x + c * y]);
    }
    return points;
  }

  private applyPoses(): void {
    for (const index of [0, 1] as const) {
      this.bodies[index].setPose(this.poses[index].position, this.poses[index].angle);
    }
  }
}

function clonePose(pose: BodyPose): BodyPose {
  return { position: [pose.position[0], pose.position[1]], angle: pose.angle };
}
