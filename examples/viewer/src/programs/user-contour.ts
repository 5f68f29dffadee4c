/**
 * A user's contour file in the programs, without a page: read it (collision2d's `parseContour`,
 * whose error names the line), bring it from the picture's frame (y down) into the world's (y up)
 * with collision2d's `contourToWorld`, and make of it what each program needs: the comet's body,
 * the rolling ball's profile, a pinball obstacle. The page part (file picker, drop, the
 * digitiser's last file) is contour-input.ts.
 */
import { Polygon, contourToWorld, parseContour } from '@contactkit/collision2d';
import type { Contour } from '@contactkit/collision2d';
import { TABLE_WIDTH, standardTable } from './pinball-sim.js';
import type { Table } from './pinball-sim.js';
import type { Profile } from './rolling-ball-scene.js';

/** Where the digitiser keeps the file it saved last (`localStorage`), for the programs' "use" button. */
export const DIGITISED_KEY = 'contactkit.digitiser.lastContour';

/** The digitiser's last file, as stored under `DIGITISED_KEY`. */
export interface DigitisedFile {
  text: string;
  fileName: string;
}

/**
 * The contour a file's text holds. Throws a TypeError for text that is not a string, and the
 * parser's error (naming the line) for a malformed file.
 */
export function readContour(text: unknown): Contour {
  if (typeof text !== 'string') {
    throw new TypeError(
      `loadContour: text must be a contour file's text (a string), got ${
        text === null ? 'null' : typeof text
      }`,
    );
  }
  return parseContour(text);
}

/**
 * The contour in the world (y up), its largest dimension `size` long and the centre of its
 * bounding box at `centre`: files normalised about the picture's centre or about the centroid
 * both land in the middle of the program's field.
 */
export function centredInWorld(
  contour: Contour,
  size: number,
  centre: readonly number[],
): Array<[number, number]> {
  const first = contourToWorld(contour, { size });
  const box = bounds(first.points);
  const position = [centre[0]! - (box.minX + box.maxX) / 2, centre[1]! - (box.minY + box.maxY) / 2];
  return contourToWorld(contour, { size, position }).points.map(([x, y]) => [x, y]);
}

/** The bounding box of some points. */
export function bounds(
  points: ReadonlyArray<readonly number[]>,
): { minX: number; minY: number; maxX: number; maxY: number; } {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p[0]!);
    maxX = Math.max(maxX, p[0]!);
    minY = Math.min(minY, p[1]!);
    maxY = Math.max(maxY, p[1]!);
  }
  return { minX, minY, maxX, maxY };
}

/** The closed outline a program needs for a body; a RangeError naming the program for an open profile. */
export function requireClosed(contour: Contour, program: string): Contour {
  if (!contour.closed) {
    throw new RangeError(
      `${program}: this contour is an open profile (${contour.points.length} points); ` +
        `the ${program} needs a closed outline (a body): close it in the digitiser`,
    );
  }
  return contour;
}

/** How long (metres) a user's profile is made in the rolling ball: as wide as the shipped ones. */
export const PROFILE_SIZE = 12;

/**
 * The rolling ball's profile from a contour, open or closed: `PROFILE_SIZE` long, its box centred
 * on x = 0 with its lowest point at y = 0, and the ball let go from rest one metre above the
 * highest point at x = 0 (an open profile spanning its box has a point at every x of it, so the
 * ball falls onto it; a closed one it falls onto from above).
 */
export function profileFromContour(contour: Contour, title: string): Profile {
  const placed = centredInWorld(contour, PROFILE_SIZE, [0, 0]);
  const box = bounds(placed);
  const points = placed.map(([x, y]): [number, number] => [x, y - box.minY]);
  return {
    id: 'user',
    title,
    points,
    closed: contour.closed,
    start: { position: [0, box.maxY - box.minY + 1], velocity: [0, 0] },
  };
}

/** The pinball obstacle made of a user's contour: its size (largest dimension, metres) and centre. */
export const TABLE_OBSTACLE = { size: 0.14, centre: [TABLE_WIDTH / 2, 0.55] } as const;

/**
 * The pinball table with a closed contour placed as an obstacle in the middle of the field
 * (`TABLE_OBSTACLE`); the field's own obstacles within 3 cm of its bounding box make room for it.
 * Throws a RangeError for an open profile, and what `Polygon` throws for an outline it refuses.
 */
export function tableWithContour(contour: Contour, name: string): Table {
  requireClosed(contour, 'pinball');
  const outline = centredInWorld(contour, TABLE_OBSTACLE.size, TABLE_OBSTACLE.centre);
  const box = bounds(outline), room = 0.03;
  const clear = (points: ReadonlyArray<readonly number[]>) => {
    const other = bounds(points);
    return other.maxX < box.minX - room || other.minX > box.maxX + room ||
      other.maxY < box.minY - room || other.minY > box.maxY + room;
  };
  const table = standardTable();
  const obstacles = table.obstacles.filter((obstacle) =>
    obstacle.kind === 'polygon'
      ? clear(obstacle.outline)
      : clear([
        [obstacle.centre[0]! - obstacle.radius, obstacle.centre[1]! - obstacle.radius],
        [obstacle.centre[0]! + obstacle.radius, obstacle.centre[1]! + obstacle.radius],
      ])
  );
  obstacles.push({ kind: 'polygon', name, shape: new Polygon(outline), outline });
  return { outline: table.outline, obstacles };
}
