import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { polygonSignedArea } from './mass.js';
import { windingNumber } from './point-in-polygon.js';
import { tileOutlines, type TileGrid, type TileOutline } from './tiles.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';

/** A grid from rows of text, top row first ('#' solid), as a map is drawn. */
function grid(...rows: string[]): TileGrid {
  const height = rows.length, width = rows[0]!.length;
  const data: number[] = [];
  for (let j = 0; j < height; j++) {
    for (const c of rows[height - 1 - j]!) data.push(c === '#' ? 1 : 0);
  }
  return { data, width, height };
}

const flat = (outline: TileOutline): number[] => outline.points.flat();

/**
 * Checks the outlines of `tiles` by methods that share nothing with the tracing: the signed
 * areas add up to the solid cells, the winding number at every cell centre is the cell's
 * solidity, every edge is axis aligned with solid cells on its left and empty ones on its right
 * all along, the total length is the number of solid-empty cell sides, and no vertex sits in a
 * straight run. Returns the outlines, or throws naming the first property broken (plain checks,
 * not one `expect` per step: the property test runs 10^4 grids).
 */
function checkOutlines(
  tiles: TileGrid,
  cellSize = 1,
  origin: [number, number] = [0, 0],
): TileOutline[] {
  const outlines = tileOutlines(tiles, { cellSize, origin });
  const { width, height } = tiles;
  const fail = (what: string): never => {
    throw new Error(
      `${what} in ${JSON.stringify(tiles)} (cellSize ${cellSize}): ${JSON.stringify(outlines)}`,
    );
  };
  const solidAt = (i: number, j: number): boolean =>
    i >= 0 && j >= 0 && i < width && j < height && Boolean(tiles.data[j * width + i]);
  let cells = 0, sides = 0;
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      if (!solidAt(i, j)) continue;
      cells++;
      for (const [di, dj] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
        if (!solidAt(i + di, j + dj)) sides++;
      }
    }
  }
  let area = 0, length = 0;
  for (const outline of outlines) {
    const signed = polygonSignedArea(flat(outline));
    if (outline.hole !== signed < 0) fail('hole flag against the signed area');
    area += signed;
    const n = outline.points.length;
    if (n < 4) fail('an outline of fewer than 4 corners');
    for (let k = 0; k < n; k++) {
      const [ax, ay] = outline.points[k]!, [bx, by] = outline.points[(k + 1) % n]!;
      const [cx, cy] = outline.points[(k + 2) % n]!;
      // Cell units, relative to the origin.
      const ai = Math.round((ax - origin[0]) / cellSize),
        aj = Math.round((ay - origin[1]) / cellSize);
      const bi = Math.round((bx - origin[0]) / cellSize),
        bj = Math.round((by - origin[1]) / cellSize);
      if (ax !== origin[0] + ai * cellSize || ay !== origin[1] + aj * cellSize) {
        fail('a vertex off the grid');
      }
      if (ai !== bi && aj !== bj) fail('an edge not axis aligned');
      if ((bx - ax) * (cy - by) - (by - ay) * (cx - bx) === 0) {
        fail('a vertex inside a straight run');
      }
      const steps = Math.abs(bi - ai) + Math.abs(bj - aj);
      length += steps;
      const sx = Math.sign(bi - ai), sy = Math.sign(bj - aj);
      for (let s = 0; s < steps; s++) {
        // The cells whose centres lie half a cell left and right of the unit step's midpoint.
        const mx = ai + (s + 0.5) * sx, my = aj + (s + 0.5) * sy;
        if (!solidAt(Math.floor(mx - 0.5 * sy), Math.floor(my + 0.5 * sx))) {
          fail('an empty cell on the left');
        }
        if (solidAt(Math.floor(mx + 0.5 * sy), Math.floor(my - 0.5 * sx))) {
          fail('a solid cell on the right');
        }
      }
    }
  }
  // Round-off: the corners are rounded to doubles near the origin's magnitude.
  const rounding = 4 * Number.EPSILON * (Math.abs(origin[0]) + Math.abs(origin[1])) * cellSize *
    sides;
  if (
    Math.abs(area - cells * cellSize * cellSize) > 1e-9 * cells * cellSize * cellSize + rounding
  ) {
    fail(`area ${area} against ${cells} cells`);
  }
  if (length !== sides) fail(`length ${length} against ${sides} solid-empty sides`);
  const flats = outlines.map(flat);
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      const x = origin[0] + (i + 0.5) * cellSize, y = origin[1] + (j + 0.5) * cellSize;
      let winding = 0;
      for (const f of flats) winding += windingNumber(f, x, y);
      if (winding !== (solidAt(i, j) ? 1 : 0)) {
        fail(`winding ${winding} at the centre of cell (${i}, ${j})`);
      }
    }
  }
  return outlines;
}

describe('tileOutlines', () => {
  it('a straight run of tiles is one rectangle of four corners', () => {
    const outlines = checkOutlines(grid('#####'));
    expect(outlines).toEqual([{ points: [[0, 0], [5, 0], [5, 1], [0, 1]], hole: false }]);
  });

  it('a single cell, scaled and placed', () => {
    const outlines = checkOutlines(grid('#'), 0.5, [10, -3]);
    expect(outlines).toEqual([{
      points: [[10, -3], [10.5, -3], [10.5, -2.5], [10, -2.5]],
      hole: false,
    }]);
  });

  it('a ring: the outside counter-clockwise, the hole clockwise', () => {
    const outlines = checkOutlines(grid('###', '#.#', '###'));
    expect(outlines).toEqual([
      { points: [[0, 0], [3, 0], [3, 3], [0, 3]], hole: false },
      { points: [[1, 1], [1, 2], [2, 2], [2, 1]], hole: true },
    ]);
  });

  it('cells touching at a corner stay apart: two squares sharing the vertex (1, 1)', () => {
    const outlines = checkOutlines(grid('.#', '#.'));
    expect(outlines).toEqual([
      { points: [[0, 0], [1, 0], [1, 1], [0, 1]], hole: false },
      { points: [[1, 1], [2, 1], [2, 2], [1, 2]], hole: false },
    ]);
    checkOutlines(grid('#.', '.#'));
  });

  it('a diagonal gap opens a would-be hole to the outside: one outline touching itself', () => {
    // The empty centre meets the empty corner cell diagonally, so it is no hole.
    const outlines = checkOutlines(grid('##.', '#.#', '###'));
    expect(outlines).toHaveLength(1);
    const corner = outlines[0]!.points.filter(([x, y]) => x === 2 && y === 2);
    expect(corner).toHaveLength(2);
  });

  it('an L and a staircase keep only their turning points', () => {
    expect(checkOutlines(grid('#..', '#..', '###'))[0]!.points).toEqual([
      [0, 0],
      [3, 0],
      [3, 1],
      [1, 1],
      [1, 3],
      [0, 3],
    ]);
    expect(checkOutlines(grid('#..', '##.', '###'))[0]!.points).toHaveLength(8);
  });

  it('full grids, empty grids, checkerboards, every solid pattern of 3 x 3', () => {
    expect(tileOutlines(grid('...', '...'))).toEqual([]);
    expect(checkOutlines(grid('####', '####', '####'))).toHaveLength(1);
    const checker = (w: number, h: number): TileGrid => {
      const data: number[] = [];
      for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) data.push((i + j) % 2);
      return { data, width: w, height: h };
    };
    // Every solid cell of a checkerboard is its own square.
    expect(checkOutlines(checker(7, 5))).toHaveLength(17);
    expect(checkOutlines(checker(6, 6))).toHaveLength(18);
    for (let mask = 0; mask < 512; mask++) {
      const data: number[] = [];
      for (let k = 0; k < 9; k++) data.push((mask >> k) & 1);
      checkOutlines({ data, width: 3, height: 3 });
    }
  });

  it('booleans and any non-zero number count as solid', () => {
    const outlines = tileOutlines({ data: [true, false, -2, 0.5], width: 2, height: 2 });
    expect(outlines).toEqual([
      { points: [[0, 0], [1, 0], [1, 1], [2, 1], [2, 2], [0, 2]], hole: false },
    ]);
  });

  it(
    'random grids of any density and size, at cell sizes 1e-3 to 1e3 and origins near 1e5',
    () => {
      const random = new Random(24);
      for (let run = 0; run < PROPERTY_RUNS; run++) {
        const width = 1 + random.int(12), height = 1 + random.int(12);
        const density = random.pick([0.1, 0.5, 0.9, random.next()]);
        const data: number[] = [];
        for (let k = 0; k < width * height; k++) data.push(random.chance(density) ? 1 : 0);
        const cellSize = random.pick([1, 1e-3, 1e3, 0.25]);
        const origin: [number, number] = random.chance(0.3) ? [1e5, -1e5] : [0, 0];
        checkOutlines({ data, width, height }, cellSize, origin);
      }
    },
    PROPERTY_TIMEOUT,
  );

  it('refuses bad grids and options, naming them', () => {
    expect(() => tileOutlines(null as unknown as TileGrid)).toThrow(TypeError);
    expect(() => tileOutlines({ data: [1], width: 0, height: 1 })).toThrow(/tiles.width .* got 0/);
    expect(() => tileOutlines({ data: [1], width: 1, height: 1.5 })).toThrow(/tiles.height/);
    expect(() => tileOutlines({ data: [1, 0], width: 1, height: 1 })).toThrow(
      /width \* height = 1 cells, got 2/,
    );
    expect(() => tileOutlines({ data: ['x'] as unknown as number[], width: 1, height: 1 })).toThrow(
      /tiles.data\[0\] must be a number or a boolean, got "x"/,
    );
    expect(() => tileOutlines({ data: [NaN], width: 1, height: 1 })).toThrow(TypeError);
    expect(() => tileOutlines({ data: [1], width: 1, height: 1 }, { cellSize: 0 })).toThrow(
      /options.cellSize must be greater than 0, got 0/,
    );
    expect(() => tileOutlines({ data: [1], width: 1, height: 1 }, { origin: [0, Infinity] }))
      .toThrow(
        RangeError,
      );
    expect(() =>
      tileOutlines({ data: [1], width: 1, height: 1 }, { cellSize: 1e75, origin: [1e75, 0] })
    )
      .toThrow(/MAX_COORDINATE/);
  });
});
