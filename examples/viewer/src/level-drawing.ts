/**
 * What the 3D view draws on a triangle mesh or heightfield besides its surface: its edges in the
 * colours of their flags (`meshEdgesGeometry`), switched by the view's `edges`, and a tint on the
 * triangles the current contacts touch (`meshTrianglesGeometry`). Both are children of the
 * ground's mesh, in the ground's frame.
 */
import { LineBasicMaterial, LineSegments, Mesh, MeshBasicMaterial } from 'three';
import { meshEdgesGeometry, meshTrianglesGeometry } from '@contactkit/three';
import { ShapeType } from '@contactkit/contacts3d';
import type { AnyPrimitive, Heightfield, TriangleMesh } from '@contactkit/contacts3d';
import { secondFeatureOf } from '@contactkit/math';
import type { ContactRecord } from './contact-records.js';

/** The tint of a touched triangle: a pale blue unlike the ground and the edge colours. */
export const TOUCHED_COLOR = 0x9fd8ff;

/** Whether a scene's shape is static level geometry: a triangle mesh or a heightfield. */
export function isLevelGround(shape: AnyPrimitive): shape is TriangleMesh | Heightfield {
  return shape.shapeType === ShapeType.TriangleMesh || shape.shapeType === ShapeType.Heightfield;
}

/**
 * The triangles the contacts name, ascending: the ground is last in the canonical order, so its
 * feature code is the contact's second (`8 * triangle + local`).
 */
export function touchedTriangles(contacts: readonly ContactRecord[]): number[] {
  const triangles = new Set(contacts.map((c) => Math.floor(secondFeatureOf(c.featureId) / 8)));
  return [...triangles].sort((a, b) => a - b);
}

export class LevelDrawing {
  private readonly edgeLines: LineSegments;
  private readonly touched: Mesh;
  /** The triangles tinted now, as a key, so the tint is rebuilt only when they change. */
  private touchedKey = '';

  constructor(private readonly ground: TriangleMesh | Heightfield, groundMesh: Mesh) {
    this.edgeLines = new LineSegments(
      meshEdgesGeometry(ground),
      new LineBasicMaterial({ vertexColors: true }),
    );
    this.touched = new Mesh(
      meshTrianglesGeometry(ground, []),
      new MeshBasicMaterial({
        color: TOUCHED_COLOR,
        transparent: true,
        opacity: 0.45,
        depthWrite: false,
      }),
    );
    groundMesh.add(this.touched, this.edgeLines);
  }

  /** Shows or hides the edges and tints the triangles `contacts` touch. */
  update(contacts: readonly ContactRecord[], edges: boolean): void {
    this.edgeLines.visible = edges;
    const triangles = touchedTriangles(contacts);
    const key = triangles.join(',');
    if (key === this.touchedKey) return;
    this.touchedKey = key;
    this.touched.geometry.dispose();
    this.touched.geometry = meshTrianglesGeometry(this.ground, triangles);
  }

  dispose(): void {
    this.edgeLines.geometry.dispose();
    (this.edgeLines.material as LineBasicMaterial).dispose();
    this.touched.geometry.dispose();
    (this.touched.material as MeshBasicMaterial).dispose();
  }
}
