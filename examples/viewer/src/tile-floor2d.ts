/**
 * The tile floor scene's pieces: one row of square tiles built two ways, as the single chain
 * `tileOutlines` makes of their union and as separate boxes, and a test that counts the
 * sideways contacts each floor gives the box sliding on it. No DOM and no three.js.
 */
import { Chain, CollisionData2, Polygon, collide2d, tileOutlines } from '@contactkit/collision2d';
import { PROBE_COLORS } from './probes2d.js';
import type { Probe } from './probes2d.js';
import type { ProbeInput, Scene2 } from './scenes2d.js';

/** Side of a tile and the number of tiles in the row. */
export const TILE = 0.5;
export const TILE_COUNT = 6;
/** The row's left end; the chain's tiles top out at `CHAIN_TOP`, the separate tiles at `TILES_TOP`. */
export const ROW_LEFT = -1.5;
export const CHAIN_TOP = 0.6;
export const TILES_TOP = -0.9;
const ROW_MIDDLE = ROW_LEFT + (TILE_COUNT * TILE) / 2;
/** Half side of the sliding boxes. */
export const BOX_HALF = 0.25;
/** Scene indices: the box on the chain, the chain, the box on the tiles, then the tiles. */
export const CHAIN_BOX = 0, CHAIN = 1, TILES_BOX = 2, FIRST_TILE = 3;
/** A normal with |x| above this is sideways (a flat floor's contacts all have normal (0, +-1)). */
export const SIDEWAYS = 1e-6;

/**
 * The row as one closed chain through the corners of the tiles' union (tileOutlines drops the
 * corners inside a straight run), about the row's centre.
 */
export function tileRowChain(): Chain {
  const [outline] = tileOutlines(
    { data: new Array<number>(TILE_COUNT).fill(1), width: TILE_COUNT, height: 1 },
    { cellSize: TILE, origin: [ROW_LEFT, -TILE / 2] },
  );
  const points = outline!.points;
  return new Chain([...points, points[0]!]);
}

/** A square of half side `half` about its centre. */
export function square(half: number): Polygon {
  return new Polygon([[-half, -half], [half, -half], [half, half], [-half, half]]);
}

/** Centre of tile `i` of the separate row. */
export function tileCentre(i: number): [number, number] {
  return [ROW_LEFT + (i + 0.5) * TILE, TILES_TOP - TILE / 2];
}

/** The contacts of the pairs `[from, to)` of the scene: how many, and how many sideways. */
function countContacts(
  scene: Scene2,
  from: number,
  to: number,
): { all: number; sideways: number; } {
  const data = new CollisionData2({ capacity: 64 });
  for (let p = from; p < to; p++) {
    const [i, j] = scene.pairs[p]!;
    collide2d(scene.shapes[i]!, scene.shapes[j]!, data);
  }
  let sideways = 0;
  for (let k = 0; k < data.contactCount; k++) {
    if (Math.abs(data.contacts[k]!.normal[0]!) > SIDEWAYS) sideways++;
  }
  return { all: data.contactCount, sideways };
}

/**
 * Counts the contacts of the box on the chain (the scene's first pair) and of the box on the
 * separate tiles (the other pairs), and how many of each have a sideways normal: the ones that
 * stop a sliding box at a tile seam.
 */
export function probeTileFloor(scene: Scene2, _input: ProbeInput): Probe {
  const chain = countContacts(scene, 0, 1);
  const tiles = countContacts(scene, 1, scene.pairs.length);
  const label = (sideways: number): number => (sideways > 0 ? PROBE_COLORS.no : PROBE_COLORS.yes);
  return {
    caption: `Sideways contacts: ${chain.sideways} of ${chain.all} on the chain, ` +
      `${tiles.sideways} of ${tiles.all} on the separate tiles.`,
    overlays: [
      {
        type: 'text',
        at: [ROW_MIDDLE, CHAIN_TOP - TILE - 0.15],
        text: `one chain (tileOutlines): ${chain.sideways} sideways`,
        color: label(chain.sideways),
      },
      {
        type: 'text',
        at: [ROW_MIDDLE, TILES_TOP - TILE - 0.15],
        text: `${TILE_COUNT} separate tiles: ${tiles.sideways} sideways`,
        color: label(tiles.sideways),
      },
    ],
    values: {
      chainContacts: chain.all,
      chainSideways: chain.sideways,
      tileContacts: tiles.all,
      tileSideways: tiles.sideways,
    },
  };
}
