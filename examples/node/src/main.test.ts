import { describe, expect, it } from 'vitest';
import { buildContactTables, formatContactTables } from './main.js';

describe('the Node example', () => {
  const tables = buildContactTables();
  const byName = new Map(tables.map((table) => [table.scene.name, table]));

  it('covers every 3D pair, each with at least one contact and no overflow', () => {
    for (
      const pair of [
        'sphere-sphere',
        'sphere-half-space',
        'sphere-plane',
        'box-half-space',
        'box-plane',
        'box-sphere',
      ]
    ) {
      expect(byName.has(pair), pair).toBe(true);
    }
    expect(tables.filter((table) => table.scene.name.startsWith('box-box')).length).toBe(3);
    for (const table of tables) {
      expect(table.rows.length, table.scene.name).toBeGreaterThan(0);
      expect(table.overflowed, table.scene.name).toBe(false);
    }
  });

  it('gives the 8 corners of the octagon for the face-face boxes', () => {
    const octagon = byName.get('box-box face-face')!;
    expect(octagon.rows.length).toBe(8);
    // Depth 0.1 everywhere (bottom of the upper cube at 0.4, top of the lower at 0.5), points
    // halfway at y = 0.45.
    for (const row of octagon.rows) {
      expect(row.penetration).toBeCloseTo(0.1, 12);
      expect(row.point[1]).toBeCloseTo(0.45, 12);
      expect(row.normal).toEqual([
        expect.closeTo(0, 12),
        expect.closeTo(1, 12),
        expect.closeTo(0, 12),
      ]);
    }
  });

  it('gives one EdgeEdge contact for the crossed edges and one PointFace contact for the corner', () => {
    const edges = byName.get('box-box edge-edge')!;
    expect(edges.rows.map((row) => row.kind)).toEqual(['EdgeEdge']);
    // Both edges reach sqrt(0.5) toward each other from centres 1.3 apart.
    expect(edges.rows[0]!.penetration).toBeCloseTo(2 * Math.sqrt(0.5) - 1.3, 12);
    const corner = byName.get('box-box vertex-face')!;
    expect(corner.rows.map((row) => row.kind)).toEqual(['PointFace']);
    expect(corner.rows[0]!.penetration).toBeCloseTo(0.05, 12);
  });

  it('prints a titled table with a header and one line per contact', () => {
    const text = formatContactTables(tables);
    for (const table of tables) {
      expect(text).toContain(`${table.scene.name}: ${table.rows.length} contact`);
    }
    const lines = text.split('\n');
    expect(lines.filter((line) => line.startsWith('#  ')).length).toBe(tables.length);
    const contactLines = lines.filter((line) => /^\d+ {2}/.test(line));
    expect(contactLines.length).toBe(tables.reduce((sum, table) => sum + table.rows.length, 0));
    expect(text).not.toMatch(/NaN|Infinity/);
  });
});
