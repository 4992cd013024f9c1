import { describe, expect, it } from 'vitest';
import { toggleNote, uniqueNotes } from './toggle-note';

describe('notes', () => {
  it('adds a missing id and removes a present one', () => {
    expect(toggleNote([], 5)).toEqual([5]);
    expect(toggleNote([1, 5], 5)).toEqual([1]);
    expect(toggleNote([1], 5)).toEqual([1, 5]);
  });

  it('drops duplicates', () => {
    expect(uniqueNotes([3, 1, 3, 2, 1])).toEqual([3, 1, 2]);
  });
});
