/** Favourites are a list of post ids without duplicates: toggling adds a missing id at the end or removes it. */
export function toggleNote(notes: readonly number[], postId: number): number[] {
  return notes.includes(postId) ? notes.filter((id) => id !== postId) : [...notes, postId];
}

export function uniqueNotes(notes: readonly number[]): number[] {
  return [...new Set(notes)];
}
