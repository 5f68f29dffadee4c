import { describe, expect, it } from 'vitest';
import { contactColor } from './contact-colors.js';

describe('contactColor', () => {
  it('gives one identity one colour, every time', () => {
    expect(contactColor(1, 2, 402653219)).toBe(contactColor(1, 2, 402653219));
  });

  it('tells apart the contacts of one pair and the same feature on other pairs', () => {
    // The 24 contacts of a resting stack of six cubes: four features on each of six pairs.
    const features = [0, 67108864, 268435456, 335544320];
    const colours = new Set<number>();
    for (let pair = 0; pair < 6; pair++) {
      for (const feature of features) colours.add(contactColor(pair, pair + 1, feature));
    }
    expect(colours.size).toBe(24);
  });

  it('is a bright sRGB colour: saturation 0.85, lightness 0.6', () => {
    for (let id = 0; id < 100; id++) {
      const hex = contactColor(0, 1, id);
      const channels = [(hex >> 16) & 255, (hex >> 8) & 255, hex & 255];
      const max = Math.max(...channels), min = Math.min(...channels);
      expect(hex).toBeGreaterThanOrEqual(0);
      expect(hex).toBeLessThanOrEqual(0xffffff);
      // HSL: lightness (max + min) / 2 = 0.6, chroma max - min = 2 * 0.85 * 0.4 (of 255).
      expect((max + min) / 2 / 255).toBeCloseTo(0.6, 2);
      expect((max - min) / 255).toBeCloseTo(0.68, 2);
    }
  });
});
