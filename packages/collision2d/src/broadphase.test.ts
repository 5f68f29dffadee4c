import { describe, it, expect } from 'vitest';
import { UniformGrid, IdList, PairList, MAX_CELLS_PER_BOX } from './broadphase.js';
import { mulberry32 } from '@contactkit/test-support';

function sortedIds(list: IdList): number[] {
  return Array.from(list.ids.subarray(0, list.count)).sort((a, b) => a - b);
}

function pairKeys(list: PairList): string[] {
  const keys: string[] = [];
  for (let i = 0; i < list.count; i++) keys.push(`${list.first[i]}-${list.second[i]}`);
  return keys.sort();
}

type Box = [number, number, number, number];
const boxesOverlap = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

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
    expect(() => new UniformGrid({ cellSize: 0 })).toThrow(/cellSize must be greater than 0, got 0/);
    expect(() => new UniformGrid({ cellSize: 1, tableSize: 100 })).toThrow(/power of two, got 100/);
    const grid = new UniformGrid({ cellSize: 1 });
    grid.insert(0, 0, 0, 1, 1);
    expect(() => grid.insert(0, 0, 0, 1, 1)).toThrow(/id 0 is already in the grid/);
    expect(() => grid.insert(-1, 0, 0, 1, 1)).toThrow(/id must be an integer/);
    expect(() => grid.insert(1, 0, NaN, 1, 1)).toThrow(/minY must be finite, got NaN/);
    expect(() => grid.insert(1, 2, 0, 1, 1)).toThrow(/min must not exceed max/);
    expect(() => grid.update(5, 0, 0, 1, 1)).toThrow(/id 5 is not in the grid/);
    expect(() => grid.remove(5)).toThrow(/id 5 is not in the grid/);
    expect(() => grid.insert(1, 0, 0, 1000, 1000)).toThrow(new RegExp(`more than ${MAX_CELLS_PER_BOX}`));
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
            const [first, second] = statics.has(a) ? [b, a] : statics.has(b) ? [a, b] : [Math.min(a, b), Math.max(a, b)];
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
          const want = entries.filter(([, box]) => boxesOverlap(box, query)).map(([id]) => id).sort((a, b) => a - b);
          expect(sortedIds(ids)).toEqual(want);
          const cx = random() * 30 - 15, cy = random() * 30 - 15, r = random() * 3;
          grid.queryCircle(cx, cy, r, ids);
          const near = entries
            .filter(([, b]) => {
              const qx = Math.min(Math.max(cx, b[0]), b[2]), qy = Math.min(Math.max(cy, b[1]), b[3]);
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
      grid.insert(id, positions[2 * id]!, positions[2 * id + 1]!, positions[2 * id]! + 0.8, positions[2 * id + 1]! + 0.8);
    }
    const capacity = grid.entryCapacity;
    expect(capacity).toBeGreaterThanOrEqual(1200);
    const ids = new IdList(1024);
    const pairs = new PairList(4096);
    const frame = () => {
      for (let id = 0; id < 300; id++) {
        positions[2 * id] = (positions[2 * id]! + (random() - 0.5) * 0.3 + 20) % 20;
        positions[2 * id + 1] = (positions[2 * id + 1]! + (random() - 0.5) * 0.3 + 20) % 20;
        grid.update(id, positions[2 * id]!, positions[2 * id + 1]!, positions[2 * id]! + 0.8, positions[2 * id + 1]! + 0.8);
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
    const key = (list: PairList, n: number) => Array.from({ length: n }, (_, k) => `${Math.min(list.first[k]!, list.second[k]!)}-${Math.max(list.first[k]!, list.second[k]!)}`).sort();
    expect(key(b, count)).toEqual(key(a, count));
    expect(count).toBeGreaterThan(0);
    box[0] = 3;
    box[1] = 2;
    box[2] = 1;
    box[3] = 4;
    expect(() => array.updateBox(1, box)).toThrow(new RangeError('box min must not exceed max, got [3, 2] to [1, 4]'));
  });
});
