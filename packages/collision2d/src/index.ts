// Shapes and contacts.
export {
  ContactKind,
  contactKindName,
  packFeatureId,
  firstFeatureOf,
  secondFeatureOf,
} from '@contactkit/math';
export { collide2d } from './collide2d.js';
export { Contact2, CollisionData2 } from './manifold/contact2.js';
export type { CollisionData2Options } from './manifold/contact2.js';
export { PairCache2, type PairCache2Path } from './manifold/pair-cache2.js';
export { CAPSULE2_PARALLEL_SINE, collideCapsule2Capsule2 } from './pairs/capsule2-capsule2.js';
export { collideCapsule2Chain } from './pairs/capsule2-chain.js';
export { collideCapsule2Polygon } from './pairs/capsule2-polygon.js';
export { collideCircleCapsule2 } from './pairs/circle-capsule2.js';
export { collideCircleChain } from './pairs/circle-chain.js';
export { collideCircleCircle } from './pairs/circle-circle.js';
export { collideCirclePolygon } from './pairs/circle-polygon.js';
export { collidePolygonChain } from './pairs/polygon-chain.js';
export { collidePolygonPolygon } from './pairs/polygon-polygon.js';
export { RayTestCrossing, RayTestTrace, rayTestPolygons } from './pairs/ray-test-polygons.js';
export { RayHit2, raycast2d } from './queries/raycast2d.js';
export { SweepHit, sweepCircle } from './queries/sweep.js';
export {
  Capsule2,
  CAPSULE2_LOWER_SIDE,
  CAPSULE2_UPPER_SIDE,
  capsule2EndFeature,
} from './shapes/capsule2.js';
export {
  ShapeType2,
  Shape2,
  Circle,
  Polygon,
  Chain,
  Segment,
  Aabb,
  ConvexPiece,
  VERTEX_FEATURE,
  INTERNAL_EDGE_FEATURE,
  MAX_CONTOUR_VERTICES,
} from './shapes/shapes.js';
export type { AnyShape2, PolygonOptions } from './shapes/shapes.js';

// Boolean and parametric tests, contours, mass properties, broadphase.
export {
  MAX_CELLS_PER_BOX,
  MAX_PROXY_ID,
  MAX_LIST_CAPACITY,
  IdList,
  PairList,
  UniformGrid,
} from './broadphase/broadphase.js';
export type { UniformGridOptions } from './broadphase/broadphase.js';
export { Playfield } from './broadphase/playfield.js';
export type { PlayfieldOptions } from './broadphase/playfield.js';
export { contourToWorld } from './contours/contour-to-world.js';
export type { ContourToWorldOptions } from './contours/contour-to-world.js';
export {
  CONTOUR_FORMAT_VERSION,
  MAX_CONTOUR_LINE_LENGTH,
  MAX_CONTOUR_NUMBER_LENGTH,
  formatContour,
  parseContour,
  parsePointList,
  importPointList,
  principalAxisAngle,
  normalizeContour,
  scaleContour,
  placeContour,
  shapeFromContour,
} from './contours/contour.js';
export type {
  Contour,
  ContourImage,
  ContourNormalization,
  NormalizeContourOptions,
  NormalizedContour,
} from './contours/contour.js';
export {
  capsule2Area,
  capsule2SecondMoment,
  capsule2SecondMoments,
  flattenPoints,
  polygonArea,
  polygonSignedArea,
  polygonCentroid,
  polygonSecondMoments,
  polygonSecondMoment,
} from './contours/mass.js';
export { windingNumber, pointInPolygon } from './contours/point-in-polygon.js';
export type { PosedOutline } from './contours/point-in-polygon.js';
export { roundedPolygonMass } from './contours/rounded-mass.js';
export type { RoundedPolygonMass } from './contours/rounded-mass.js';
export { tileOutlines } from './contours/tiles.js';
export type { TileGrid, TileOutline, TileOutlineOptions } from './contours/tiles.js';
export { traceOutline, simplifyContour } from './contours/trace.js';
export type { Raster, TraceOptions, SimplifyOptions } from './contours/trace.js';
export {
  LINE_PARALLEL_SINE,
  LineRelation,
  LineIntersection2,
  CircleLineIntersection2,
  intersectLines,
  intersectSegments,
  intersectCircleLine,
} from './queries/lines.js';
export { overlap2d } from './queries/overlap2d.js';
export {
  ClosestPointResult2,
  overlapRectangles,
  overlapCircles,
  overlapCircleSegment,
  overlapRectangleCircle,
} from './queries/overlaps.js';
export { Mtd2, satPolygonPolygon, satCirclePolygon } from './queries/sat.js';
