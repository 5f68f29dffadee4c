import { ContactRecord } from '@contactkit/math';

/**
 * One contact between two primitives, in world space: a `ContactRecord` with 3 components (see
 * there for the conventions). Feature ids name the features in the pair's canonical order: the
 * order of the detector's name for mixed pairs (box before sphere, sphere or box before the plane
 * or half-space), and for two boxes an order that neither swapping the arguments nor moving the
 * pair changes (see box-box.ts). Box feature codes are in box-features.ts; spheres and planes
 * have the single feature 0.
 */
export class Contact<B = unknown> extends ContactRecord<B> {
  constructor() {
    super(3);
  }
}
