import type { CollisionData } from '@contactkit/contacts3d';
import { ContactDrawing } from './contact-drawing.js';
import type { ContactDrawingOptions } from './contact-drawing.js';

/**
 * Draws the contacts of a `CollisionData` (world space): a marker sphere on each contact point,
 * coloured by its kind (`CONTACT_KIND_COLORS`), and the normal as an arrow from the point, of
 * length `max(minArrowLength, |penetration| * penetrationScale)`. Markers and arrows ignore the
 * depth buffer, so they show through the shapes they lie in.
 *
 * ```ts
 * const helper = new ContactSetHelper({ labels: true });
 * scene.add(helper);
 * // each frame, after the detectors ran:
 * helper.update(data);
 * ```
 *
 * The helper's own transform should stay identity (contacts are in world space).
 */
export class ContactSetHelper extends ContactDrawing {
  constructor(options: ContactDrawingOptions = {}) {
    super(options);
    this.name = 'ContactSetHelper';
  }

  /**
   * Draws `data.contacts[0 .. data.contactCount)`. Allocates only while the pool grows to a
   * contact count larger than any before (and for a new label slot); otherwise nothing.
   */
  update(data: CollisionData): this {
    const count = data.contactCount;
    this.beginUpdate(count);
    for (let i = 0; i < count; i++) {
      const contact = data.contacts[i]!;
      const p = contact.point, n = contact.normal;
      this.setSlot(i, p[0]!, p[1]!, p[2]!, n[0]!, n[1]!, n[2]!, contact.penetration, contact.kind);
    }
    this.endUpdate();
    return this;
  }
}
