import { POSITION_MAX } from '@autoradar/core';

// Moving a key prompt up or down (spec §2 prompt list): the list is ordered by position, and a move is saved as the
// new positions of the prompts that change.

export interface Positioned {
  id: number;
  position: number;
}

export interface PositionChange<T> {
  item: T;
  position: number;
}

export interface Move<T> {
  /** The list in its new order, each item with its new position. */
  order: T[];
  /** Only the items whose position changes: what has to be saved. */
  changes: PositionChange<T>[];
}

/**
 * Moves the item at `index` one place up (-1) or down (+1). With distinct positions the two neighbours swap theirs
 * (two saves); when positions repeat, a swap could not decide the order, so every item is numbered by its place.
 */
export function moveItem<T extends Positioned>(list: readonly T[], index: number, offset: -1 | 1): Move<T> {
  const target = index + offset;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length)
    return { order: [...list], changes: [] };
  const swapped = [...list];
  [swapped[index], swapped[target]] = [swapped[target]!, swapped[index]!];

  const positions = new Set(list.map((item) => item.position));
  const newPositions =
    positions.size === list.length
      ? swapped.map((item, i) => (i === index || i === target ? list[i]!.position : item.position))
      : swapped.map((_, i) => i);

  const changes: PositionChange<T>[] = [];
  const order = swapped.map((item, i) => {
    const position = newPositions[i]!;
    if (position === item.position) return item;
    changes.push({ item, position });
    return { ...item, position };
  });
  return { order, changes };
}

/** The position a new prompt takes by default: after the last one, within the column's bound. */
export function nextPosition(list: readonly Positioned[]): number {
  return Math.min(
    POSITION_MAX,
    list.reduce((max, item) => Math.max(max, item.position + 1), 0),
  );
}
