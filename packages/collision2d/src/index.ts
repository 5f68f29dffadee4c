// Shapes and contacts.
export { ContactKind, contactKindName, packFeatureId, firstFeatureOf, secondFeatureOf } from '@contactkit/math';
export { Contact2, CollisionData2 } from './contact2.js';
export type { CollisionData2Options } from './contact2.js';
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
} from './shapes.js';
export type { AnyShape2 } from './shapes.js';
export { collideCircleCircle } from './circle-circle.js';
export { collideCirclePolygon } from './circle-polygon.js';
export { collideCircleChain } from './circle-chain.js';
export { collidePolygonPolygon } from './polygon-polygon.js';
export { collidePolygonChain } from './polygon-chain.js';
export { collide2d } from './collide2d.js';
export { SweepHit, sweepCircle } from './sweep.js';

// Boolean and parametric tests, contours, mass properties, broadphase.
export {
  LINE_PARALLEL_SINE,
  LineRelation,
  LineIntersection2,
  CircleLineIntersection2,
  ClosestPointResult2,
  Mtd2,
  overlapRectangles,
  overlapCircles,
  intersectLines,
  intersectSegments,
  intersectCircleLine,
  overlapCircleSegment,
  overlapRectangleCircle,
  windingNumber,
  pointInPolygon,
  satPolygonPolygon,
  satCirclePolygon,
} from './tests2d.js';
export type { PosedOutline } from './tests2d.js';
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
} from './contour.js';
export type { Contour, ContourImage, ContourNormalization, NormalizeContourOptions, NormalizedContour } from './contour.js';
export { traceOutline, simplifyContour } from './trace.js';
export type { Raster, TraceOptions, SimplifyOptions } from './trace.js';
export {
  flattenPoints,
  polygonArea,
  polygonSignedArea,
  polygonCentroid,
  polygonSecondMoments,
  polygonSecondMoment,
} from './mass.js';
export { MAX_CELLS_PER_BOX, MAX_PROXY_ID, MAX_LIST_CAPACITY, IdList, PairList, UniformGrid } from './broadphase.js';
export type { UniformGridOptions } from './broadphase.js';
export { Playfield } from './playfield.js';
export type { PlayfieldOptions } from './playfield.js';
