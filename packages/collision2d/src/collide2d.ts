/**
 * `collide2d`: any pair of 2D shapes, in either order, through one dispatch table indexed by the
 * two shape types. Each pair is stored once, in the argument order of its detector; the mirrored
 * order calls the same detector with the shapes swapped and then mirrors what it wrote (normals
 * negated, bodies swapped), as Box2D's contact registers do. Feature ids need no change: they
 * name the features in the pair's canonical order whatever the argument order (see
 * `Contact2.featureId`).
 *
 * Segment participates as a two-point Chain and Aabb as a four-vertex Polygon. Chain against
 * chain (and segment) writes nothing: two open contours bound no area, so there is no
 * penetration to push out (`segmentSegment` among the boolean tests answers whether they cross).
 */
import { collideCapsule2Capsule2 } from './pairs/capsule2-capsule2.js';
import { collideCapsule2Chain } from './pairs/capsule2-chain.js';
import { collideCapsule2Polygon } from './pairs/capsule2-polygon.js';
import { collideCircleCapsule2 } from './pairs/circle-capsule2.js';
import { collideCircleChain } from './pairs/circle-chain.js';
import { collideCircleCircle } from './pairs/circle-circle.js';
import { collideCirclePolygon } from './pairs/circle-polygon.js';
import type { CollisionData2 } from './manifold/contact2.js';
import type { PairCache2 } from './manifold/pair-cache2.js';
import { collidePolygonChain } from './pairs/polygon-chain.js';
import { collidePolygonPolygon } from './pairs/polygon-polygon.js';
import { type Shape2, ShapeType2 } from './shapes/shapes.js';

type Detector = (a: never, b: never, data: CollisionData2, cache?: PairCache2) => number;
type ShapeDetector = (a: Shape2, b: Shape2, data: CollisionData2, cache?: PairCache2) => number;

const TYPE_COUNT = 6;
const detectors: (Detector | null)[] = new Array<Detector | null>(TYPE_COUNT * TYPE_COUNT).fill(
  null,
);
const swapped = new Uint8Array(TYPE_COUNT * TYPE_COUNT);

function register(first: ShapeType2, second: ShapeType2, detector: Detector): void {
  detectors[first * TYPE_COUNT + second] = detector;
  if (first !== second) {
    detectors[second * TYPE_COUNT + first] = detector;
    swapped[second * TYPE_COUNT + first] = 1;
  }
}

const polygons = [ShapeType2.Polygon, ShapeType2.Aabb] as const;
const chains = [ShapeType2.Chain, ShapeType2.Segment] as const;
register(ShapeType2.Circle, ShapeType2.Circle, collideCircleCircle as Detector);
for (const polygon of polygons) {
  register(ShapeType2.Circle, polygon, collideCirclePolygon as Detector);
  for (const other of polygons) register(polygon, other, collidePolygonPolygon as Detector);
  for (const chain of chains) register(polygon, chain, collidePolygonChain as Detector);
}
for (const chain of chains) register(ShapeType2.Circle, chain, collideCircleChain as Detector);
register(ShapeType2.Circle, ShapeType2.Capsule2, collideCircleCapsule2 as Detector);
register(ShapeType2.Capsule2, ShapeType2.Capsule2, collideCapsule2Capsule2 as Detector);
for (const polygon of polygons) {
  register(ShapeType2.Capsule2, polygon, collideCapsule2Polygon as Detector);
}
for (const chain of chains) register(ShapeType2.Capsule2, chain, collideCapsule2Chain as Detector);

/**
 * Writes the contacts of shapes `a` and `b` (any of Circle, Capsule2, Polygon, Chain, Segment,
 * Aabb, in either order) into `data`, with the normal from `b` toward `a`, by the pair's detector.
 * Returns the number of contacts written; 0 for chain against chain (see the file header).
 * `cache` (optional, one per pair: `PairCache2`) goes to the detector, which receives the shapes
 * in its own order (a mirrored pair as `b, a`); detectors without a use for it ignore it.
 */
export function collide2d<B>(
  a: Shape2<B>,
  b: Shape2<B>,
  data: CollisionData2<B>,
  cache?: PairCache2,
): number {
  const slot = a.shapeType * TYPE_COUNT + b.shapeType;
  const detector = detectors[slot];
  if (!detector) return 0;
  if (swapped[slot] === 0) {
    return (detector as ShapeDetector)(a, b, data, cache);
  }
  const start = data.contactCount;
  const written = (detector as ShapeDetector)(b, a, data, cache);
  for (let i = start; i < start + written; i++) {
    const contact = data.contacts[i]!;
    // 0 - x rather than -x: a flipped zero component stays +0.
    contact.normal[0] = 0 - contact.normal[0]!;
    contact.normal[1] = 0 - contact.normal[1]!;
    const body = contact.firstBody;
    contact.firstBody = contact.secondBody;
    contact.secondBody = body;
  }
  return written;
}
