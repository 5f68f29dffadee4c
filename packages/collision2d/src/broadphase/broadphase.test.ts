import { describe, it, expect } from 'vitest';
import {
  UniformGrid,
  IdList,
  PairList,
  MAX_CELLS_PER_BOX,
  MAX_PROXY_ID,
  MAX_LIST_CAPACITY,
} from './broadphase.js';
import { Playfield } from './playfield.js';
import { Circle } from '../shapes/shapes.js';
import { mulberry32 } from '@contactkit/test-support';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';

function sortedIds(list: IdList): number[] {
  return Array.from(list.ids.subarray(0, list.count)).sort((a, b) => a - b);
}

function pairKeys(list: PairList): string[] {
  const keys: string[] = [];
  for (let i = 0; i < list.count; i++) keys.push(`${list.first[i]}-${list.second[i]}`);
  return keys.sort();
}

type Box = [number, number, number, number];
const boxesOverlap = (a: Box, b: Box) =>
  a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

describe('UniformGrid by hand', () => {
  it('box and circle queries', () => {
    const grid = new UniformGrid({ cellSize: 1 });
    grid.insert(0, 0.1, 0.1, 0.9, 0.9); // cell (0,0)
    grid.insert(1, 0.5, 0.5, 2.5, 1.5); // cells x 0..2, y 0..1
    grid.insert(7, 5, 5, 6, 6, true); // static; cells 5..6
    const out = new IdList(1);
    expect(grid.queryBox(0, 0, 0.2, 0.2, out)).toBe(1);
    expect(sortedIds(out)).toEqual([0]);
    // Touching box edges count: 1's box starts at x = 0.5... query [2.5, 3] touches its right side.
    expect(grid.queryBox(2.5, 1, 3, 2, out)).toBe(1);
    expect(sortedIds(out)).toEqual([1]);
    expect(grid.queryBox(-10, -10, 10, 10, out)).toBe(3);
    expect(sortedIds(out)).toEqual([0, 1, 7]);
    // Circle at (4,4) radius sqrt(2): the static box's corner (5,5) is exactly at that distance.
    expect(grid.queryCircle(4, 4, Math.SQRT2, out)).toBe(1);
    expect(sortedIds(out)).toEqual([7]);
    // The circle's bounding box reaches 1's box corner (2.5, 1.5) but the circle does not:
    // centre (3.2, 2.2), radius 0.9; corner distance sqrt(0.49 + 0.49) = 0.99 > 0.9.
    expect(grid.queryCircle(3.2, 2.2, 0.9, out)).toBe(0);
    expect(grid.queryCircle(0, 0, -1, out)).toBe(0);
  });

  it('queries past the table size scan every proxy; inverted and NaN queries find nothing', () => {
    // A table of 4 buckets: a query over more than 4 * 4 = 16 cells takes the scan of all ids.
    const grid = new UniformGrid({ cellSize: 1, tableSize: 4 });
    grid.insert(0, 0.1, 0.1, 0.9, 0.9);
    grid.insert(3, 20, 20, 21, 21, true);
    grid.insert(5, -30, 4, -29, 5);
    const out = new IdList();
    // [-30, 0] x [-30, 21] covers 31 x 52 cells: scanned. Only 5 ([-30, -29] x [4, 5]) meets it:
    // 0 starts at x = 0.1 > 0, 3 at x = 20.
    expect(grid.queryBox(-30, -30, 0, 21, out)).toBe(1);
    expect(sortedIds(out)).toEqual([5]);
    expect(grid.queryBox(-Infinity, -Infinity, Infinity, Infinity, out)).toBe(3);
    expect(sortedIds(out)).toEqual([0, 3, 5]);
    expect(grid.queryBox(1, 0, 0, 1, out)).toBe(0);
    expect(grid.queryBox(NaN, 0, 1, 1, out)).toBe(0);
    // An infinite radius reaches everything; a NaN one nothing.
    expect(grid.queryCircle(0, 0, Infinity, out)).toBe(3);
    expect(grid.queryCircle(0, 0, NaN, out)).toBe(0);
    // Circle (20, 0) of radius 20.5 over 41 x 41 cells (scanned): 3's corner (20, 20) is 20 away,
    // 0's corner (0.9, 0.1) is 19.1 away, 5's nearest point (-29, 4) about 49 away.
    expect(grid.queryCircle(20, 0, 20.5, out)).toBe(2);
    expect(sortedIds(out)).toEqual([0, 3]);
  });

  it('pairs: each once, moving first, never static-static, boxes sharing many cells', () => {
    const grid = new UniformGrid({ cellSize: 1 });
    grid.insert(3, 0, 0, 3, 3); // 16 cells
    grid.insert(1, 0.5, 0.5, 2.5, 2.5); // 9 cells, all shared with 3
    grid.insert(2, 2.9, 2.9, 4, 4, true); // static, touches 3 and not 1
    grid.insert(4, 3.5, 3.5, 5, 5, true); // static, overlaps only static 2: not reported
    grid.insert(5, 10, 10, 11, 11);
    const out = new PairList(1);
    // 1 and 3 share 9 cells but come out once; 2 overlaps 3 (2.9 <= 3), not 1 (2.5 < 2.9).
    expect(grid.pairs(out)).toBe(2);
    expect(pairKeys(out)).toEqual(['1-3', '3-2']);
  });

  it('update inside the same cells, across cells, and remove', () => {
    const grid = new UniformGrid({ cellSize: 2 });
    const out = new IdList();
    grid.insert(0, 0.1, 0.1, 0.5, 0.5);
    grid.update(0, 0.2, 0.2, 0.6, 0.6); // same cell
    expect(grid.queryBox(0.55, 0.55, 0.58, 0.58, out)).toBe(1);
    grid.update(0, 10.2, 10.2, 10.6, 10.6);
    expect(grid.queryBox(0, 0, 1, 1, out)).toBe(0);
    expect(grid.queryBox(10, 10, 11, 11, out)).toBe(1);
    grid.remove(0);
    expect(grid.has(0)).toBe(false);
    expect(grid.size).toBe(0);
    expect(grid.queryBox(10, 10, 11, 11, out)).toBe(0);
    grid.insert(0, 1, 1, 2, 2);
    expect(grid.queryBox(0, 0, 1, 1, out)).toBe(1);
  });

  it('validation', () => {
    expect(() => new UniformGrid({ cellSize: 0 })).toThrow(
      /cellSize must be greater than 0, got 0/,
    );
    expect(() => new UniformGrid({ cellSize: 1, tableSize: 100 })).toThrow(/power of two, got 100/);
    const grid = new UniformGrid({ cellSize: 1 });
    grid.insert(0, 0, 0, 1, 1);
    expect(() => grid.insert(0, 0, 0, 1, 1)).toThrow(/id 0 is already in the grid/);
    expect(() => grid.insert(-1, 0, 0, 1, 1)).toThrow(/id must be an integer/);
    expect(() => grid.insert(1, 0, NaN, 1, 1)).toThrow(/minY must be finite, got NaN/);
    expect(() => grid.insert(1, 2, 0, 1, 1)).toThrow(/min must not exceed max/);
    expect(() => grid.update(5, 0, 0, 1, 1)).toThrow(/id 5 is not in the grid/);
    expect(() => grid.remove(5)).toThrow(/id 5 is not in the grid/);
    expect(() => grid.insert(1, 0, 0, 1000, 1000)).toThrow(
      new RegExp(`more than ${MAX_CELLS_PER_BOX}`),
    );
  });

  // The box check compares only (no double goes into a call or a message on the hot path), so
  // infinities are caught by `min > -Infinity` and `max < Infinity`: each coordinate in turn.
  it('refuses an infinite coordinate in any position, naming it, and leaves a refused update undone', () => {
    const grid = new UniformGrid({ cellSize: 1 });
    grid.insert(0, 0, 0, 1, 1);
    const names = ['minX', 'minY', 'maxX', 'maxY'];
    const box = new Float64Array(4);
    for (let k = 0; k < 4; k++) {
      for (const value of [Infinity, -Infinity]) {
        box.set([0.5, 0.5, 0.75, 0.75]);
        box[k] = value;
        expect(() => grid.insertBox(1, box)).toThrow(`${names[k]} must be finite, got ${value}`);
        expect(() => grid.updateBox(0, box)).toThrow(`${names[k]} must be finite, got ${value}`);
      }
    }
    expect(grid.has(1)).toBe(false);
    // Proxy 0 is still the box [0, 1] x [0, 1]: found near (1, 1), not beyond it.
    const out = new IdList();
    expect(grid.queryBox(1, 1, 2, 2, out)).toBe(1);
    expect(grid.queryBox(1.01, 1.01, 2, 2, out)).toBe(0);
  });
});

describe('UniformGrid against brute force (seeded)', () => {
  for (const tableSize of [4096, 16]) {
    it(`random scenes with moves, removals and a static layer (table of ${tableSize} buckets)`, () => {
      const random = mulberry32(tableSize);
      const grid = new UniformGrid({ cellSize: 1, tableSize });
      const boxes = new Map<number, Box>();
      const statics = new Set<number>();
      const randomBox = (): Box => {
        const x = random() * 30 - 15, y = random() * 30 - 15;
        // Mostly cell-sized, some several cells wide, some degenerate (a point).
        const w = random() < 0.1 ? random() * 5 : random() < 0.05 ? 0 : random() * 1.2;
        const h = random() < 0.1 ? random() * 5 : random() * 1.2;
        return [x, y, x + w, y + h];
      };
      for (let id = 0; id < 400; id++) {
        const box = randomBox();
        const isStatic = id % 5 === 0;
        grid.insert(id, ...box, isStatic);
        boxes.set(id, box);
        if (isStatic) statics.add(id);
      }
      const ids = new IdList();
      const pairs = new PairList();
      for (let frame = 0; frame < 20; frame++) {
        for (const [id, box] of boxes) {
          if (statics.has(id)) continue;
          const r = random();
          if (r < 0.02) {
            grid.remove(id);
            boxes.delete(id);
          } else if (r < 0.7) {
            const dx = (random() - 0.5) * 0.6, dy = (random() - 0.5) * 0.6;
            const moved: Box = [box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy];
            grid.update(id, ...moved);
            boxes.set(id, moved);
          }
        }
        expect(grid.size).toBe(boxes.size);
        // Pairs: exactly the brute-force overlapping pairs with at least one mover.
        const expected: string[] = [];
        const entries = [...boxes.entries()];
        for (let i = 0; i < entries.length; i++) {
          for (let j = i + 1; j < entries.length; j++) {
            const [a, boxA] = entries[i]!, [b, boxB] = entries[j]!;
            if (statics.has(a) && statics.has(b)) continue;
            if (!boxesOverlap(boxA, boxB)) continue;
            const [first, second] = statics.has(a)
              ? [b, a]
              : statics.has(b)
              ? [a, b]
              : [Math.min(a, b), Math.max(a, b)];
            expected.push(`${first}-${second}`);
          }
        }
        grid.pairs(pairs);
        const found = pairKeys(pairs);
        expect(new Set(found).size).toBe(found.length);
        expect(found).toEqual(expected.sort());
        // Queries.
        for (let k = 0; k < 20; k++) {
          const query = randomBox();
          grid.queryBox(...query, ids);
          const want = entries.filter(([, box]) => boxesOverlap(box, query)).map(([id]) => id).sort(
            (a, b) => a - b,
          );
          expect(sortedIds(ids)).toEqual(want);
          const cx = random() * 30 - 15, cy = random() * 30 - 15, r = random() * 3;
          grid.queryCircle(cx, cy, r, ids);
          const near = entries
            .filter(([, b]) => {
              const qx = Math.min(Math.max(cx, b[0]), b[2]),
                qy = Math.min(Math.max(cy, b[1]), b[3]);
              return (qx - cx) ** 2 + (qy - cy) ** 2 <= r * r;
            })
            .map(([id]) => id)
            .sort((a, b) => a - b);
          expect(sortedIds(ids)).toEqual(near);
        }
      }
    });
  }

  it('stops growing its storage once warmed up', () => {
    const random = mulberry32(1);
    const grid = new UniformGrid({ cellSize: 1 });
    const positions = new Float64Array(2 * 300);
    // Every box starts across 4 cells (x.6 to x+1.4), the most a 0.8 box can cover: the pool
    // reaches its peak of 1,200 live entries at once.
    for (let id = 0; id < 300; id++) {
      positions[2 * id] = Math.floor(random() * 19) + 0.6;
      positions[2 * id + 1] = Math.floor(random() * 19) + 0.6;
      grid.insert(
        id,
        positions[2 * id]!,
        positions[2 * id + 1]!,
        positions[2 * id]! + 0.8,
        positions[2 * id + 1]! + 0.8,
      );
    }
    const capacity = grid.entryCapacity;
    expect(capacity).toBeGreaterThanOrEqual(1200);
    const ids = new IdList(1024);
    const pairs = new PairList(4096);
    const frame = () => {
      for (let id = 0; id < 300; id++) {
        positions[2 * id] = (positions[2 * id]! + (random() - 0.5) * 0.3 + 20) % 20;
        positions[2 * id + 1] = (positions[2 * id + 1]! + (random() - 0.5) * 0.3 + 20) % 20;
        grid.update(
          id,
          positions[2 * id]!,
          positions[2 * id + 1]!,
          positions[2 * id]! + 0.8,
          positions[2 * id + 1]! + 0.8,
        );
      }
      grid.pairs(pairs);
      grid.queryCircle(10, 10, 3, ids);
    };
    const pairStorage = pairs.first;
    const idStorage = ids.ids;
    for (let i = 0; i < 250; i++) frame();
    // Entries freed by a move are reused by the next one: the pool never grows past its peak.
    expect(grid.entryCapacity).toBe(capacity);
    expect(pairs.first).toBe(pairStorage);
    expect(ids.ids).toBe(idStorage);
  });

  it('takes boxes as arrays in insertBox and updateBox with the same results as the scalar forms', () => {
    const random = mulberry32(77);
    const scalar = new UniformGrid({ cellSize: 1 });
    const array = new UniformGrid({ cellSize: 1 });
    const box = new Float64Array(4);
    const next = () => {
      box[0] = random() * 10;
      box[1] = random() * 10;
      box[2] = box[0]! + random() * 2;
      box[3] = box[1]! + random() * 2;
    };
    for (let id = 0; id < 50; id++) {
      next();
      scalar.insert(id, box[0]!, box[1]!, box[2]!, box[3]!, id % 5 === 0);
      array.insertBox(id, box, id % 5 === 0);
    }
    for (let id = 0; id < 50; id += 3) {
      next();
      scalar.update(id, box[0]!, box[1]!, box[2]!, box[3]!);
      array.updateBox(id, box);
    }
    const a = new PairList(256), b = new PairList(256);
    const count = scalar.pairs(a);
    expect(array.pairs(b)).toBe(count);
    const key = (list: PairList, n: number) =>
      Array.from(
        { length: n },
        (_, k) =>
          `${Math.min(list.first[k]!, list.second[k]!)}-${
            Math.max(list.first[k]!, list.second[k]!)
          }`,
      ).sort();
    expect(key(b, count)).toEqual(key(a, count));
    expect(count).toBeGreaterThan(0);
    box[0] = 3;
    box[1] = 2;
    box[2] = 1;
    box[3] = 4;
    expect(() => array.updateBox(1, box)).toThrow(
      new RangeError('box min must not exceed max, got [3, 2] to [1, 4]'),
    );
  });
});

/** Whether the box comes within `r` of `(cx, cy)`: the clamp of the centre into the box (Ericson 5.1.3). */
const boxNearCircle = (b: Box, cx: number, cy: number, r: number) => {
  const qx = Math.min(Math.max(cx, b[0]), b[2]), qy = Math.min(Math.max(cy, b[1]), b[3]);
  return (qx - cx) ** 2 + (qy - cy) ** 2 <= r * r;
};

/** Everything a grid answers, as sorted strings: pairs, and the ids found by the given queries. */
function gridAnswers(
  grid: UniformGrid,
  queries: Array<[number, number, number, number]>,
  circles: Array<[number, number, number]>,
): string {
  const pairs = new PairList(1), ids = new IdList(1);
  grid.pairs(pairs);
  const parts = [`size ${grid.size}`, `pairs ${pairKeys(pairs).join(' ')}`];
  for (const q of queries) {
    parts.push(`box ${grid.queryBox(...q, ids)}: ${sortedIds(ids).join(' ')}`);
  }
  for (const c of circles) {
    parts.push(`circle ${grid.queryCircle(...c, ids)}: ${sortedIds(ids).join(' ')}`);
  }
  return parts.join('\n');
}

describe(
  'UniformGrid: a circle touching a box is found after any sequence (issue: queryCircle ' +
    'missed a touching box)',
  () => {
    it(
      'cellSize 0.9704313523717453, table 32: box 41 moved to end at x = -0.02044578866709622 ' +
        'touches the circle reaching left to there',
      () => {
        const grid = new UniformGrid({ cellSize: 0.9704313523717453, tableSize: 32 });
        grid.insert(41, -0.9704313523717453, -4.852156761858726, 0, -3.881725409486981, true);
        grid.update(
          41,
          -1.0650660201363862,
          -5.024867207459808,
          -0.02044578866709622,
          -4.074868124341855,
        );
        const out = new IdList();
        const x = 1.1125815038568794, y = -4.899963337360642, r = 1.1330272925239755;
        // The circle's leftmost point x - r rounds to -0.02044578866709612, 1e-16 right of the
        // box's side, yet the centre's distance to the box, 1.1330272925239756 (x - maxX rounded),
        // squares to at most r^2: the box touches the circle, and the grid must report it.
        expect(x - r).toBeGreaterThan(-0.02044578866709622);
        expect((x - -0.02044578866709622) ** 2).toBeLessThanOrEqual(r * r);
        expect(grid.queryCircle(x, y, r, out)).toBe(1);
        expect(sortedIds(out)).toEqual([41]);
      },
    );

    it(
      `agrees with brute force on pairs, box and circle queries over ${PROPERTY_RUNS} random ` +
        'sequences with refused calls',
      () => {
        const random = mulberry32(16001);
        const failures: string[] = [];
        const ids = new IdList(1), pairs = new PairList(1);
        let refused = 0, touchingCircles = 0;
        for (let run = 0; run < PROPERTY_RUNS && failures.length < 3; run++) {
          const cellSize = 0.25 + random() * 2;
          const grid = new UniformGrid({
            cellSize,
            tableSize: [4, 32, 4096][Math.floor(random() * 3)]!,
          });
          const model = new Map<number, Box>();
          const statics = new Set<number>();
          // Coordinates come from a small pool (cell boundaries, earlier box sides, random values),
          // so boxes and queries often share sides exactly: the touching cases.
          const pool: number[] = [0, cellSize, -cellSize, 2 * cellSize];
          const coordinate = () => (random() < 0.5
            ? pool[Math.floor(random() * pool.length)]!
            : (random() - 0.5) * 8 * cellSize);
          const randomBox = (): Box => {
            const a = coordinate(), b = coordinate(), c = coordinate(), d = coordinate();
            const box: Box = [Math.min(a, b), Math.min(c, d), Math.max(a, b), Math.max(c, d)];
            pool.push(...box);
            return box;
          };
          const log: string[] = [];
          const check = (step: number) => {
            const entries = [...model.entries()];
            const expectedPairs: string[] = [];
            for (let i = 0; i < entries.length; i++) {
              for (let j = i + 1; j < entries.length; j++) {
                const [a, boxA] = entries[i]!, [b, boxB] = entries[j]!;
                if ((statics.has(a) && statics.has(b)) || !boxesOverlap(boxA, boxB)) {
                  continue;
                }
                const [first, second] = statics.has(a)
                  ? [b, a]
                  : statics.has(b)
                  ? [a, b]
                  : [Math.min(a, b), Math.max(a, b)];
                expectedPairs.push(`${first}-${second}`);
              }
            }
            grid.pairs(pairs);
            const problems: string[] = [];
            if (grid.size !== model.size) {
              problems.push(`size ${grid.size}, expected ${model.size}`);
            }
            const foundPairs = pairKeys(pairs).join(' '),
              wantPairs = expectedPairs.sort().join(' ');
            if (foundPairs !== wantPairs) {
              problems.push(`pairs ${foundPairs}, expected ${wantPairs}`);
            }
            const query = randomBox();
            grid.queryBox(...query, ids);
            const wantBox = entries.filter(([, b]) => boxesOverlap(b, query)).map(([id]) => id)
              .sort((
                a,
                b,
              ) => a - b).join(' ');
            if (sortedIds(ids).join(' ') !== wantBox) {
              problems.push(
                `queryBox(${query.join(', ')}) ${sortedIds(ids).join(' ')}, expected ${wantBox}`,
              );
            }
            // A circle: random, or placed to touch a box side (its leftmost, rightmost, lowest or
            // highest point on it).
            let cx = coordinate(), cy = coordinate();
            const r = random() * 2 * cellSize;
            if (entries.length > 0 && random() < 0.5) {
              const b = entries[Math.floor(random() * entries.length)]![1];
              const side = Math.floor(random() * 4);
              const along = (lo: number, hi: number) => lo + random() * (hi - lo);
              if (side === 0) [cx, cy] = [b[2] + r, along(b[1], b[3])];
              else if (side === 1) [cx, cy] = [b[0] - r, along(b[1], b[3])];
              else if (side === 2) [cx, cy] = [along(b[0], b[2]), b[3] + r];
              else [cx, cy] = [along(b[0], b[2]), b[1] - r];
              touchingCircles++;
            }
            grid.queryCircle(cx, cy, r, ids);
            const wantCircle = entries.filter(([, b]) => boxNearCircle(b, cx, cy, r)).map(([id]) =>
              id
            ).sort((a, b) => a - b).join(' ');
            if (sortedIds(ids).join(' ') !== wantCircle) {
              problems.push(
                `queryCircle(${cx}, ${cy}, ${r}) ${
                  sortedIds(ids).join(' ')
                }, expected ${wantCircle}`,
              );
            }
            if (problems.length > 0) {
              failures.push(
                `run ${run} step ${step}, cellSize ${cellSize}:\n${log.join('\n')}\n${
                  problems.join('\n')
                }`,
              );
            }
            return problems.length === 0;
          };
          for (let step = 0; step < 12; step++) {
            const id = Math.floor(random() * 8);
            const op = random();
            try {
              if (op < 0.4) {
                const box = randomBox(), isStatic = random() < 0.3;
                log.push(`insert(${id}, ${box.join(', ')}, ${isStatic})`);
                grid.insert(id, ...box, isStatic);
                model.set(id, box);
                if (isStatic) statics.add(id);
              } else if (op < 0.75) {
                // Now and then a box the grid must refuse: inverted, NaN, or a string coordinate.
                const kind = random();
                const box: unknown[] = randomBox();
                if (kind < 0.05) box[0] = (box[2] as number) + 1;
                else if (kind < 0.08) box[3] = NaN;
                else if (kind < 0.1) box[1] = String(box[1]);
                log.push(`update(${id}, ${box.map(String).join(', ')})`);
                grid.update(id, ...(box as Box));
                model.set(id, box as Box);
              } else {
                log.push(`remove(${id})`);
                grid.remove(id);
                model.delete(id);
                statics.delete(id);
              }
            } catch (error) {
              // Refused: an id present (insert) or absent (update, remove), or a bad box. The model
              // is unchanged, and the grid must be too.
              expect(error).toBeInstanceOf(Error);
              refused++;
              log.push('  refused');
            }
            if (!check(step)) break;
          }
        }
        expect(failures).toEqual([]);
        // The sequences did exercise refusals and touching circles.
        expect(refused).toBeGreaterThan(PROPERTY_RUNS);
        expect(touchingCircles).toBeGreaterThan(PROPERTY_RUNS);
      },
      PROPERTY_TIMEOUT,
    );
  },
);

describe('UniformGrid, IdList, PairList, Playfield: bad input names the argument and changes nothing', () => {
  const queries: Array<[number, number, number, number]> = [[-5, -5, 5, 5], [0, 0, 1, 1], [
    1,
    1,
    1,
    1,
  ]];
  const circles: Array<[number, number, number]> = [[0, 0, 2], [2, 2, 1]];
  const makeGrid = () => {
    const grid = new UniformGrid({ cellSize: 1 });
    grid.insert(1, 0, 0, 1, 1);
    grid.insert(2, 0.5, 0.5, 2, 2);
    grid.insert(3, -3, -3, -2, -2, true);
    return grid;
  };

  it('options that are not an object', () => {
    expect(() => new UniformGrid(null as never)).toThrow(
      new TypeError('UniformGrid options must be an object, got null'),
    );
    expect(() => new UniformGrid(undefined as never)).toThrow(
      new TypeError('UniformGrid options must be an object, got undefined'),
    );
    expect(() => new Playfield(null as never)).toThrow(
      new TypeError('Playfield options must be an object, got null'),
    );
    expect(() => new Playfield(5 as never)).toThrow(
      new TypeError('Playfield options must be an object, got 5'),
    );
  });

  it('list capacities that are not integers', () => {
    expect(() => new IdList(NaN)).toThrow(
      new RangeError(`initialCapacity must be an integer in [0, ${MAX_LIST_CAPACITY}], got NaN`),
    );
    expect(() => new PairList(NaN)).toThrow(
      new RangeError(`initialCapacity must be an integer in [0, ${MAX_LIST_CAPACITY}], got NaN`),
    );
    expect(() => new IdList(-1)).toThrow(
      /initialCapacity must be an integer in \[0, \d+\], got -1/,
    );
    expect(() => new PairList('8' as never)).toThrow(
      new TypeError('initialCapacity must be an integer, got "8"'),
    );
    expect(new IdList(0).ids.length).toBe(1);
  });

  it('refused calls: each names its argument and leaves every answer as it was', () => {
    const grid = makeGrid();
    const before = gridAnswers(grid, queries, circles);
    const cases: Array<[() => void, Error]> = [
      [
        () => grid.insertBox(7, null as never),
        new TypeError('box must be an array of 4 numbers [minX, minY, maxX, maxY], got null'),
      ],
      [
        () => grid.insertBox(7, [0, 0, 1] as never),
        new TypeError(
          'box must be an array of 4 numbers [minX, minY, maxX, maxY], got an array of length 3',
        ),
      ],
      [
        () => grid.insertBox(7, [0, '0', 1, 1] as never),
        new TypeError('minY must be a number, got "0"'),
      ],
      [
        () => grid.updateBox(1, undefined as never),
        new TypeError('box must be an array of 4 numbers [minX, minY, maxX, maxY], got undefined'),
      ],
      [
        () => grid.insert(7, '0' as never, 0, 1, 1),
        new TypeError('minX must be a number, got "0"'),
      ],
      [
        () => grid.insert('7' as never, 0, 0, 1, 1),
        new TypeError('id must be an integer, got "7"'),
      ],
      [
        () => grid.update(1, '0' as never, 0, 1, 1),
        new TypeError('minX must be a number, got "0"'),
      ],
      [
        () => grid.update(1, 0, 0, 1, null as never),
        new TypeError('maxY must be a number, got null'),
      ],
      [
        () => grid.update('1' as never, 0, 0, 1, 1),
        new TypeError('id must be an integer, got "1"'),
      ],
      [() => grid.remove('1' as never), new TypeError('id must be an integer, got "1"')],
      [() => grid.remove(1.5), new RangeError('id 1.5 is not in the grid')],
      [
        () => grid.insert(MAX_PROXY_ID + 1, 0, 0, 1, 1),
        new RangeError(`id must be an integer in [0, ${MAX_PROXY_ID}], got ${MAX_PROXY_ID + 1}`),
      ],
      [() => grid.insert(1, 0, 0, 1, 1), new RangeError('id 1 is already in the grid')],
      [
        () => grid.update(2, 3, 3, 2, 2),
        new RangeError('box min must not exceed max, got [3, 3] to [2, 2]'),
      ],
      [
        () => grid.update(2, 0, 0, 1e6, 1),
        new RangeError(
          'box [0, 0] to [1000000, 1] covers 2000002 cells of size 1, more than ' +
            `${MAX_CELLS_PER_BOX}: use a larger cellSize`,
        ),
      ],
    ];
    for (const [call, error] of cases) {
      expect(call).toThrow(error);
      expect(gridAnswers(grid, queries, circles)).toBe(before);
    }
    expect(grid.has('1' as never)).toBe(false);
  });

  it('queries refuse arguments that are not numbers and outputs of the wrong class; NaN still finds nothing', () => {
    const grid = makeGrid();
    const before = gridAnswers(grid, queries, circles);
    const ids = new IdList(), pairs = new PairList();
    expect(() => grid.queryBox(0, '0' as never, 1, 1, ids)).toThrow(
      new TypeError('minY must be a number, got "0"'),
    );
    expect(() => grid.queryBox(NaN, 0, 1, null as never, ids)).toThrow(
      new TypeError('maxY must be a number, got null'),
    );
    expect(() => grid.queryBox(0, 0, 1, 1, null as never)).toThrow(
      new TypeError('out must be an IdList, got null'),
    );
    expect(() => grid.queryCircle(0, 0, '1' as never, ids)).toThrow(
      new TypeError('radius must be a number, got "1"'),
    );
    expect(() => grid.queryCircle(NaN, undefined as never, 1, ids)).toThrow(
      new TypeError('y must be a number, got undefined'),
    );
    expect(() => grid.queryCircle(0, 0, 1, pairs as never)).toThrow(
      new TypeError('out must be an IdList, got PairList'),
    );
    expect(() => grid.pairs(ids as never)).toThrow(
      new TypeError('out must be a PairList, got IdList'),
    );
    expect(grid.queryCircle(NaN, 0, 1, ids)).toBe(0);
    expect(grid.queryBox(0, NaN, 1, 1, ids)).toBe(0);
    expect(gridAnswers(grid, queries, circles)).toBe(before);
  });

  it('the largest documented id works, and its storage stops at MAX_PROXY_ID + 1', () => {
    const grid = makeGrid();
    grid.insert(MAX_PROXY_ID, 5, 5, 6, 6);
    grid.insert(MAX_PROXY_ID - 1, 5.5, 5.5, 7, 7, true);
    const pairs = new PairList(), out = new IdList();
    expect(grid.pairs(pairs)).toBe(2);
    expect(pairKeys(pairs)).toEqual(['1-2', `${MAX_PROXY_ID}-${MAX_PROXY_ID - 1}`].sort());
    expect(grid.queryCircle(5, 5, 0, out)).toBe(1);
    expect(sortedIds(out)).toEqual([MAX_PROXY_ID]);
    grid.remove(MAX_PROXY_ID);
    expect(grid.has(MAX_PROXY_ID)).toBe(false);
  });

  it('Playfield refuses what is not a shape or a contact buffer and keeps its ids', () => {
    const field = new Playfield({ cellSize: 1 });
    expect(field.add(new Circle(0.5))).toBe(0);
    expect(() => field.add(null as never)).toThrow(
      new TypeError('shape must be a Shape2 (Circle, Polygon, Chain, Segment, Aabb), got null'),
    );
    expect(() => field.update('0' as never)).toThrow(
      new TypeError('id must be an integer, got "0"'),
    );
    expect(field.add(new Circle(0.5))).toBe(1);
    expect(field.shapes.length).toBe(2);
    expect(() => field.collideAll(null as never)).toThrow(
      new TypeError('data must be a CollisionData2, got null'),
    );
    expect(() => field.shapesNear(0, 0, 1, [] as never)).toThrow(
      new TypeError('out must be an IdList, got Array'),
    );
  });
});
