import { POSITION_MAX } from '@autoradar/core';
import { describe, expect, it } from 'vitest';
import { moveItem, nextPosition } from './reorder';

const list = (...positions: number[]) => positions.map((position, i) => ({ id: i + 1, key: `k${i + 1}`, position }));
const ids = (items: readonly { id: number }[]) => items.map((item) => item.id);

describe('moving a key prompt', () => {
  it('swaps the positions of two neighbours when positions are distinct: two saves', () => {
    const { order, changes } = moveItem(list(10, 20, 30), 2, -1);
    expect(ids(order)).toEqual([1, 3, 2]);
    expect(order.map((item) => item.position)).toEqual([10, 20, 30]);
    expect(changes.map(({ item, position }) => [item.id, position])).toEqual([
      [3, 20],
      [2, 30],
    ]);
  });

  it('moves down as well', () => {
    const { order, changes } = moveItem(list(0, 1, 2), 0, 1);
    expect(ids(order)).toEqual([2, 1, 3]);
    expect(changes).toHaveLength(2);
  });

  it('numbers every prompt by its place when positions repeat, saving only the ones that change', () => {
    const { order, changes } = moveItem(list(0, 0, 0), 2, -1);
    expect(ids(order)).toEqual([1, 3, 2]);
    expect(order.map((item) => item.position)).toEqual([0, 1, 2]);
    expect(changes.map(({ item, position }) => [item.id, position])).toEqual([
      [3, 1],
      [2, 2],
    ]);
  });

  it('does nothing past either end', () => {
    expect(moveItem(list(0, 1), 0, -1).changes).toEqual([]);
    expect(ids(moveItem(list(0, 1), 1, 1).order)).toEqual([1, 2]);
  });

  it('offers the place after the last prompt for a new one, within the column', () => {
    expect(nextPosition([])).toBe(0);
    expect(nextPosition(list(3, 7, 1))).toBe(8);
    expect(nextPosition(list(POSITION_MAX))).toBe(POSITION_MAX);
  });
});
