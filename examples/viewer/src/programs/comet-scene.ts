/**
 * The comet scene without a page: a fixed nucleus given by its contour file, in register with its
 * picture, and a ball (`ContourBall` of @contactkit/motion2d) that flies, bounces off the outline
 * with restitution, and may land and roll on it. The page draws it; Node tests it.
 *
 * World frame: metres, y up, the picture `IMAGE_WIDTH` wide centred at the origin. The contour file
 * is in the picture's frame (y down): collision2d's `contourToWorld` places it at the picture's
 * width and turns y up, which puts it over the picture. A user's own contour has no picture here:
 * it is made `USER_BODY_SIZE` across, centred at the origin.
 * The view wraps: a ball leaving one side of the shown rectangle comes back on the other.
 *
 * The contact vectors are those of the circle-against-contour method of collision2d (Ericson,
 * Real-Time Collision Detection, 5.1.2): for the segment from P_i to P_i+1, O = centre - P_i,
 * S = P_i+1 - P_i, the foot of the perpendicular P_i + (O . S / |S|^2) S when it lies on the
 * segment, the normal toward the centre, the penetration radius - distance (negative: a gap).
 */
import {
  Circle,
  CollisionData2,
  VERTEX_FEATURE,
  collideCirclePolygon,
  contourToWorld,
  pointInPolygon,
  secondFeatureOf,
  Polygon,
} from '@contactkit/collision2d';
import type { Contour } from '@contactkit/collision2d';
import { ContourBall } from '@contactkit/motion2d';
import type { BallMode } from '@contactkit/motion2d';
import { contactRecords } from '../contact-records.js';
import type { ContactRecord } from '../contact-records.js';
import type { BallState } from './ball-state.js';
import { centredInWorld, requireClosed } from './user-contour.js';

/** The picture's width in the world (metres). */
export const IMAGE_WIDTH = 8;
export const BALL_RADIUS = 0.12;
/**
 * ContourBall needs gravity > 0; this weak pull along -y keeps flights nearly straight, as near a
 * comet, and lets a slow ball settle on the nucleus.
 */
export const COMET_GRAVITY = 0.05;
export const DEFAULT_RESTITUTION = 0.8;
/** A user's contour is made this long (its largest dimension, metres): about the shipped nucleus. */
export const USER_BODY_SIZE = 5;
/** The shot the scene starts with: from the left toward the large lobe. */
export const START_SHOT = { position: [-5, 1.6], velocity: [1.9, -0.8] } as const;

/** What one contact of the ball with the outline is made of, world coordinates. */
export interface ContactVectors {
  /** 'segment' (the foot on the segment) or 'corner' (a convex corner: distance to the vertex). */
  feature: 'segment' | 'corner';
  /** The segment's or corner's index in the outline (`Polygon.vertices` order). */
  index: number;
  /** P_i: the segment's start, or the corner. */
  start: number[];
  /** S = P_i+1 - P_i (the segment; for a corner, the segment leaving it). */
  segment: number[];
  /** O = centre - P_i. */
  offset: number[];
  /** The foot of the perpendicular (a corner: the corner itself). */
  foot: number[];
  /** Unit normal from the outline toward the centre. */
  normal: number[];
  /** radius - distance: > 0 overlapping, 0 touching, < 0 a gap. */
  penetration: number;
}

export class CometScene {
  readonly ball: ContourBall;
  /** The nucleus as a collision polygon, world frame. */
  readonly polygon: Polygon;
  /** The outline's points, world frame, in the file's order. */
  readonly outline: Array<[number, number]>;
  readonly circle = new Circle(BALL_RADIUS);
  private readonly data = new CollisionData2({ capacity: 16, tolerance: BALL_RADIUS });
  /** Half the shown rectangle (the wrap bounds), world units. */
  halfWidth = IMAGE_WIDTH / 2 + 1;
  halfHeight = IMAGE_WIDTH / 2;
  /** Stop the step at each impact (the vectors can be looked at). */
  stopAtImpact = false;
  /** Impacts since the page loaded. */
  impacts = 0;
  /** Wraps through the view's edges since the last shot. */
  wraps = 0;
  private timeOffset = 0;

  /**
   * `contour` over the picture (`onPicture`, the shipped nucleus: placed at the picture's width),
   * or a user's closed contour `USER_BODY_SIZE` across at the origin (a RangeError for an open one).
   */
  constructor(
    readonly contour: Contour,
    restitution = DEFAULT_RESTITUTION,
    readonly onPicture = true,
  ) {
    this.outline = onPicture
      ? contourToWorld(contour, { width: IMAGE_WIDTH }).points.map(([x, y]) => [x, y])
      : centredInWorld(requireClosed(contour, 'comet'), USER_BODY_SIZE, [0, 0]);
    this.polygon = new Polygon(this.outline);
    this.ball = new ContourBall(this.outline, {
      radius: BALL_RADIUS,
      closed: true,
      gravity: COMET_GRAVITY,
      restitution,
    });
    this.shoot(START_SHOT.position, START_SHOT.velocity);
  }

  /**
   * A new shot from `position` with `velocity`; throws (and changes nothing) where the ball would
   * overlap the nucleus.
   */
  shoot(position: readonly number[], velocity: readonly number[]): void {
    // ContourBall flies inside a closed contour as well as outside: this scene's ball stays out.
    if (pointInPolygon(this.polygon, position)) {
      throw new RangeError(`shoot: position [${position.join(', ')}] is inside the nucleus`);
    }
    this.ball.launch(position, velocity);
    this.timeOffset = 0;
    this.wraps = 0;
  }

  /**
   * Simulates `dt` seconds, event by event; returns true when it stopped early at an impact
   * (`stopAtImpact`). The ball leaving the shown rectangle re-enters on the far side.
   */
  step(dt: number): boolean {
    const ball = this.ball, v = ball.velocity;
    let remaining = dt, instants = 0;
    while (remaining > 0) {
      const vx = v[0]!, vy = v[1]!, wasFlying = ball.mode === 'flight';
      let used = ball.advanceToEvent(remaining);
      // Events at one instant (a corner passed at once, say) end in a step of time; should they
      // not, advance() takes the rest of the frame with its own guard, and the page goes on.
      if (used === 0 && ++instants > 64) {
        ball.advance(remaining);
        used = remaining;
      }
      remaining -= used;
      // An impact: in flight the velocity changes only by gravity, so any other change is a bounce
      // (or a landing, which also ends the flight).
      const jump = Math.hypot(v[0]! - vx, v[1]! - (vy - COMET_GRAVITY * used));
      if (wasFlying && (ball.mode !== 'flight' || jump > 1e-9 * (1 + Math.hypot(vx, vy)))) {
        this.impacts++;
        if (this.stopAtImpact) return true;
      }
      this.wrap();
    }
    return false;
  }

  private wrap(): void {
    const p = this.ball.position, r = BALL_RADIUS;
    const x = p[0]!, y = p[1]!;
    let nx = x, ny = y;
    if (x > this.halfWidth + r) nx = x - 2 * (this.halfWidth + r);
    else if (x < -this.halfWidth - r) nx = x + 2 * (this.halfWidth + r);
    if (y > this.halfHeight + r) ny = y - 2 * (this.halfHeight + r);
    else if (y < -this.halfHeight - r) ny = y + 2 * (this.halfHeight + r);
    if (nx === x && ny === y) return;
    const time = this.time;
    this.ball.launch([nx, ny], this.ball.velocity);
    this.timeOffset = time;
    this.wraps++;
  }

  /** Seconds since the last shot. */
  get time(): number {
    return this.timeOffset + this.ball.time;
  }

  /** The ball; energy per unit mass kinetic + gravity * y (ContourBall.energy), time in seconds since the last shot. */
  get state(): BallState {
    const b = this.ball;
    return {
      position: Array.from(b.position),
      velocity: Array.from(b.velocity),
      mode: b.mode,
      energy: b.energy,
      time: this.time,
    };
  }

  /** The contacts of the ball with the outline within one radius of touching (gaps as negative penetration). */
  contacts(): ContactRecord[] {
    this.circle.setPose(this.ball.position, 0);
    this.data.reset();
    collideCirclePolygon(this.circle, this.polygon, this.data);
    return contactRecords(this.data);
  }

  /** The vectors of each contact (see the file's comment). */
  vectors(contacts: readonly ContactRecord[]): ContactVectors[] {
    const v = this.polygon.vertices, n = this.polygon.count;
    const c = this.ball.position;
    return contacts.map((contact) => {
      const code = secondFeatureOf(contact.featureId);
      const corner = (code & VERTEX_FEATURE) !== 0;
      const i = corner ? code - VERTEX_FEATURE : code, j = (i + 1) % n;
      const start = [v[2 * i]!, v[2 * i + 1]!];
      const segment = [v[2 * j]! - start[0]!, v[2 * j + 1]! - start[1]!];
      const offset = [c[0]! - start[0]!, c[1]! - start[1]!];
      // l_part / |S|: where the foot falls along S.
      const t = (offset[0]! * segment[0]! + offset[1]! * segment[1]!) /
        (segment[0]! ** 2 + segment[1]! ** 2);
      const foot = corner ? start : [start[0]! + t * segment[0]!, start[1]! + t * segment[1]!];
      return {
        feature: corner ? 'corner' : 'segment',
        index: i,
        start,
        segment,
        offset,
        foot,
        normal: contact.normal,
        penetration: contact.penetration,
      };
    });
  }

  /**
   * What the ball touches, in words: a convex corner (one vertex contact), a concave corner (two
   * segment contacts meeting at a vertex that the polygon marks concave), a side, or nothing.
   */
  touching(
    vectors: readonly ContactVectors[],
  ): { kind: 'convex corner' | 'concave corner' | 'side' | 'none'; vertex: number; } {
    const near = vectors.filter((c) => c.penetration >= -1e-9 * BALL_RADIUS);
    const n = this.polygon.count;
    if (near.length === 0) return { kind: 'none', vertex: -1 };
    const cornerContact = near.find((c) => c.feature === 'corner');
    if (cornerContact) return { kind: 'convex corner', vertex: cornerContact.index };
    if (near.length >= 2) {
      for (const a of near) {
        for (const b of near) {
          const shared = (a.index + 1) % n;
          if (b.index === shared && this.polygon.convexVertex[shared] === 0) {
            return { kind: 'concave corner', vertex: shared };
          }
        }
      }
    }
    return { kind: 'side', vertex: -1 };
  }
}
