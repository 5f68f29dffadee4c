import { ContactDrawing } from './contact-drawing.js';
import type { ContactDrawingOptions } from './contact-drawing.js';

/** What `ContactSet2Helper` reads from a 2D contact: `CollisionData2`'s contacts fit it. */
export interface Contact2Like {
  /** The contact point `[x, y]`. */
  readonly point: ArrayLike<number>;
  /** The unit normal `[x, y]`, from the second shape toward the first. */
  readonly normal: ArrayLike<number>;
  /** Depth: positive overlapping, negative a gap. */
  readonly penetration: number;
  /** A `ContactKind`, which picks the colour. */
  readonly kind: number;
}

/** What `ContactSet2Helper` reads from a 2D contact buffer: a `CollisionData2` fits it. */
export interface CollisionData2Like {
  /** How many of `contacts` are set. */
  readonly contactCount: number;
  /** The contacts; the first `contactCount` are drawn. */
  readonly contacts: readonly Contact2Like[];
}

/** Settings of a `ContactSet2Helper`: those of `ContactSetHelper` and the drawing plane. */
export interface ContactSet2HelperOptions extends ContactDrawingOptions {
  /** The 2D plane is the world plane `z = planeZ` (default 0), x and y as in 2D. */
  planeZ?: number;
}

/**
 * Draws the contacts of a `CollisionData2` in the plane `z = planeZ`: 2D point `(x, y)` at world
 * `(x, y, planeZ)`, 2D normal `(nx, ny)` as the arrow `(nx, ny, 0)`. Same markers, colours and
 * arrow lengths as `ContactSetHelper`; with `penetrationScale: 1` an arrow longer than the
 * minimum is exactly the minimum translation `normal * penetration`.
 */
export class ContactSet2Helper extends ContactDrawing {
  /** Height of the drawing plane. */
  readonly planeZ: number;

  constructor(options: ContactSet2HelperOptions = {}) {
    super(options);
    const planeZ = options.planeZ ?? 0;
    if (!Number.isFinite(planeZ)) throw new RangeError(`planeZ must be finite, got ${planeZ}`);
    this.planeZ = planeZ;
    this.name = 'ContactSet2Helper';
  }

  /**
   * Draws `data.contacts[0 .. data.contactCount)`. Allocates only while the pool grows to a
   * contact count larger than any before (and for a new label slot); otherwise nothing.
   */
  update(data: CollisionData2Like): this {
    const count = data.contactCount;
    this.beginUpdate(count);
    for (let i = 0; i < count; i++) {
      const contact = data.contacts[i]!;
      const p = contact.point, n = contact.normal;
      this.setSlot(
        i,
        p[0]!,
        p[1]!,
        this.planeZ,
        n[0]!,
        n[1]!,
        0,
        contact.penetration,
        contact.kind,
      );
    }
    this.endUpdate();
    return this;
  }
}
