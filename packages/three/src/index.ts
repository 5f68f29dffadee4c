export {
  CONTACT_KIND_COLORS,
  EDGE_FLAG_COLORS,
  SHAPE_COLORS,
  SPECULATIVE_COLOR,
  WITNESS_COLORS,
  contactKindColor,
} from './colors.js';
export type { ContactDrawingOptions, LabelCanvas, LabelContext } from './contact-drawing.js';
export { ContactSetHelper } from './contact-set-helper.js';
export { ContactSet2Helper } from './contact-set2-helper.js';
export type {
  ContactSet2HelperOptions,
  Contact2Like,
  CollisionData2Like,
} from './contact-set2-helper.js';
export { meshEdgeLines, meshEdgesGeometry, meshTrianglesGeometry } from './mesh-edges.js';
export type { MeshEdgesOptions } from './mesh-edges.js';
export {
  meshForPrimitive,
  syncMeshToPrimitive,
  geometryForPrimitive,
  hullGeometry,
  hullEdgesGeometry,
} from './primitive-mesh.js';
export type { PrimitiveMeshOptions } from './primitive-mesh.js';
export { meshForShape2, syncMeshToShape2, disposeShape2Mesh } from './shape2-mesh.js';
export type { Shape2MeshOptions } from './shape2-mesh.js';
