/** A saved row in its list: in its place when it was there, else at the end (where the API lists a new row). */
export function replaceById<T extends { id: number }>(list: readonly T[], saved: T): T[] {
  const index = list.findIndex((item) => item.id === saved.id);
  if (index === -1) return [...list, saved];
  return list.map((item, i) => (i === index ? saved : item));
}

export function removeById<T extends { id: number }>(list: readonly T[], id: number): T[] {
  return list.filter((item) => item.id !== id);
}
