/**
 * Tile maps: the outlines of the union of the solid cells of a grid, so that a level made of
 * tiles collides as a few long contours instead of one box per tile (a shape sliding over one
 * contour meets no inner tile corners to catch on).
 *
 * The method is boundary following on the cell edges (the crack following of Rosenfeld and Kak,
 * Digital Picture Processing, 1982, ch. 11): every cell side between a solid cell and an empty
 * one (or the outside of the grid) is a directed edge with the solid cell on its left; each grid
 * vertex has as many edges leaving as arriving, so the edges join into closed loops, which are
 * then walked once each. A straight run of sides becomes one edge (its inner vertices are
 * dropped). O(width * height).
 */
import {
  MAX_COORDINATE,
  readCoordinates,
  requireCoordinate,
  requirePositive,
} from '@contactkit/math';

/**
 * A grid of cells, row by row: cell `(i, j)` (column i, row j) is solid when `data[j * width + i]`
 * is non-zero or true.
 */
export interface TileGrid {
  /** One value per cell, `width * height` of them; 0 or false is empty, any other number or true is solid. */
  data: ArrayLike<number | boolean>;
  /** Cells per row. */
  width: number;
  /** Rows of cells. */
  height: number;
}

/** Options of `tileOutlines`. */
export interface TileOutlineOptions {
  /** Side of a cell (default 1), greater than 0. */
  cellSize?: number;
  /** Where the corner of cell (0, 0) lies, `[x, y]` (default `[0, 0]`). */
  origin?: ArrayLike<number>;
}

/** One closed outline of `tileOutlines`. */
export interface TileOutline {
  /** The corners, `[x, y]` each, the first not repeated at the end; solid on the left of each edge. */
  points: Array<[number, number]>;
  /** Whether it bounds a hole (clockwise) rather than the outside of a solid region (counter-clockwise). */
  hole: boolean;
}

/** Largest `width` and `height`: 2^15 cells a side. */
const MAX_TILES_SIDE = 1 << 15;

// Directions of an edge, counter-clockwise from east; a left turn is the next one.
const STEP_X = [1, 0, -1, 0] as const;
const STEP_Y = [0, 1, 0, -1] as const;

function requireSide(field: string, value: unknown): number {
  if (
    typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_TILES_SIDE
  ) {
    throw new RangeError(
      `${field} must be an integer in [1, ${MAX_TILES_SIDE}], got ${
        typeof value === 'string' ? JSON.stringify(value) : String(value)
      }`,
    );
  }
  return value;
}

/** Reads the grid into one byte per cell, refusing values that are neither numbers nor booleans. */
function readSolid(tiles: TileGrid, width: number, height: number): Uint8Array {
  const data = tiles.data;
  if (data === null || typeof data !== 'object' || typeof data.length !== 'number') {
    throw new TypeError(`tiles.data must be an array of numbers or booleans, got ${String(data)}`);
  }
  if (data.length !== width * height) {
    throw new RangeError(
      `tiles.data must hold width * height = ${width * height} cells, got ${data.length}`,
    );
  }
  const solid = new Uint8Array(width * height);
  for (let k = 0; k < solid.length; k++) {
    const value = data[k];
    if (typeof value === 'boolean') solid[k] = value ? 1 : 0;
    else if (typeof value === 'number' && !Number.isNaN(value)) solid[k] = value !== 0 ? 1 : 0;
    else {
      throw new TypeError(
        `tiles.data[${k}] must be a number or a boolean, got ${
          typeof value === 'string' ? JSON.stringify(value) : String(value)
        }`,
      );
    }
  }
  return solid;
}

/**
 * The closed outlines of the union of the solid cells of `tiles`. Cell `(i, j)` covers
 * `[x0 + i s, x0 + (i + 1) s] x [y0 + j s, y0 + (j + 1) s]` with `s = cellSize` and
 * `[x0, y0] = origin`: rows go up the y axis, as the world does (a map stored top row first is
 * read with its rows reversed). Each outline keeps the solid on its left: counter-clockwise around
 * a solid region, clockwise around a hole, so `polygonSignedArea` of the outlines adds up to the
 * solid area. Vertices lie only where the outline turns: a straight run of tiles is one edge.
 *
 * Cells that share only a corner are not joined (solid cells are 4-connected): where two solid
 * cells meet diagonally with the other two empty, the outline turns to keep each solid cell on its
 * own side, so that corner point is a vertex of two outlines, or twice of one (an outline then
 * touches itself there; it never crosses). Empty cells meeting diagonally are therefore
 * joined: a gap of zero width is no hole.
 *
 * Outlines come in the order their lowest row's leftmost edge appears, scanning rows up from
 * row 0. An empty grid gives `[]`. Throws a TypeError or RangeError naming a bad argument
 * (`width`, `height`: integers in [1, 2^15]; `data` of exactly `width * height` numbers or
 * booleans; `cellSize` > 0 and, like `origin`, within `MAX_COORDINATE`).
 */
export function tileOutlines(tiles: TileGrid, options: TileOutlineOptions = {}): TileOutline[] {
  if (tiles === null || typeof tiles !== 'object') {
    throw new TypeError(`tiles must be { data, width, height }, got ${String(tiles)}`);
  }
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`options must be an object, got ${String(options)}`);
  }
  const width = requireSide('tiles.width', tiles.width);
  const height = requireSide('tiles.height', tiles.height);
  const solid = readSolid(tiles, width, height);
  const cellSize = requireCoordinate(
    'options.cellSize',
    requirePositive('options.cellSize', options.cellSize ?? 1),
  );
  const origin = readCoordinates(
    'options.origin',
    options.origin ?? [0, 0],
    2,
    new Float64Array(2),
  );
  const x0 = origin[0]!, y0 = origin[1]!;
  if (
    Math.abs(x0) + width * cellSize > MAX_COORDINATE ||
    Math.abs(y0) + height * cellSize > MAX_COORDINATE
  ) {
    throw new RangeError(
      `the tile map reaches past MAX_COORDINATE (${MAX_COORDINATE}): origin [${x0}, ${y0}], ` +
        `cellSize ${cellSize}, ${width} x ${height} cells`,
    );
  }

  const isSolid = (i: number, j: number): boolean =>
    i >= 0 && j >= 0 && i < width && j < height && solid[j * width + i] === 1;
  // Grid vertex (i, j) is at index j * (width + 1) + i; bit d of `leaving` is an unvisited edge
  // leaving it in direction d.
  const stride = width + 1;
  const leaving = new Uint8Array(stride * (height + 1));
  const addEdge = (i: number, j: number, direction: number): void => {
    leaving[j * stride + i] = leaving[j * stride + i]! | (1 << direction);
  };
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      if (!isSolid(i, j)) continue;
      // The sides of cell (i, j) facing empty cells, counter-clockwise round the cell.
      if (!isSolid(i, j - 1)) addEdge(i, j, 0);
      if (!isSolid(i + 1, j)) addEdge(i + 1, j, 1);
      if (!isSolid(i, j + 1)) addEdge(i + 1, j + 1, 2);
      if (!isSolid(i - 1, j)) addEdge(i, j + 1, 3);
    }
  }

  const outlines: TileOutline[] = [];
  for (let start = 0; start < leaving.length; start++) {
    while (leaving[start] !== 0) {
      outlines.push(followLoop(leaving, stride, start, cellSize, x0, y0));
    }
  }
  return outlines;
}

/**
 * Walks one loop from vertex `start` along its lowest leaving edge, clearing the edges it takes,
 * and returns its turning vertices. At each vertex the walk takes the leftmost edge leaving it
 * (left turn, straight on, right turn): only at a diagonal pair of solid cells is there a choice,
 * and turning left there keeps to the same solid cell (the 4-connected rule).
 *
 * `start` is the first vertex in scan order with an edge left, so every edge of its loop joins
 * vertices at or after it: the loop arrives there from the east or the north and leaves to the
 * east or the north (never straight on), which makes `start` a corner the loop passes once.
 */
function followLoop(
  leaving: Uint8Array,
  stride: number,
  start: number,
  cellSize: number,
  x0: number,
  y0: number,
): TileOutline {
  let direction = 0;
  while ((leaving[start]! & (1 << direction)) === 0) direction++;
  const corners = [start];
  let vertex = start;
  let signedTwiceArea = 0;
  for (;;) {
    leaving[vertex] = leaving[vertex]! & ~(1 << direction);
    const i = vertex % stride, j = (vertex - i) / stride;
    // Shoelace term of the edge, in cell units (exact in integers).
    signedTwiceArea += i * (j + STEP_Y[direction]!) - (i + STEP_X[direction]!) * j;
    vertex += STEP_X[direction]! + STEP_Y[direction]! * stride;
    if (vertex === start) break;
    // As many edges leave a vertex as arrive, so one is left here.
    const edges = leaving[vertex]!;
    const left = (direction + 1) & 3, right = (direction + 3) & 3;
    const turn = (edges & (1 << left)) !== 0
      ? left
      : (edges & (1 << direction)) !== 0
      ? direction
      : right;
    if (turn !== direction) corners.push(vertex);
    direction = turn;
  }
  const points = corners.map((v): [number, number] => {
    const i = v % stride, j = (v - i) / stride;
    return [x0 + i * cellSize, y0 + j * cellSize];
  });
  return { points, hole: signedTwiceArea < 0 };
}
