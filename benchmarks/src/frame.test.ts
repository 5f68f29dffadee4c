/**
 * The floor row of the frame benchmark: it must write what the detector writes for the pair
 * (the same number of contacts, the same deepest one), or it would not be the floor of that
 * row's calls.
 */
import * as contacts3d from '@contactkit/contacts3d';
import { describe, expect, it } from 'vitest';
import { contactkitFloor, contactkitFrames, FRAME_PAIRS, restingFrames } from './frame.js';

describe('frame floor', () => {
  it("writes each pair's first-frame contacts, as many in all as the detector finds frame after frame", () => {
    const frames = restingFrames(110);
    const floor = contactkitFloor(frames, FRAME_PAIRS, 'check');
    const detector = contactkitFrames(frames, FRAME_PAIRS, contacts3d.collideBoxBox, 'none', 'x');
    let writtenTotal = 0, foundTotal = 0;
    frames.forEach((_pair, i) => {
      const written = floor.inspect(i), found = detector.inspect(i);
      expect(written.count).toBeGreaterThan(0);
      if (i < FRAME_PAIRS) {
        // The first frame: exactly the detector's contacts.
        expect(written).toEqual(found);
      } else {
        // Later frames: the jitter (5e-4) moves the deepest point by about as much.
        expect(Math.abs(written.penetration - found.penetration)).toBeLessThan(5e-3);
      }
      writtenTotal += written.count;
      foundTotal += found.count;
    });
    // A corner at a side's end may come and go with the jitter; in all, the counts agree.
    expect(Math.abs(writtenTotal - foundTotal)).toBeLessThan(0.01 * foundTotal);
  });
});
