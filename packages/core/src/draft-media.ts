import { PHOTO_MIME_TYPES } from './constants';

/** A draft's media item (spec §3): the main one is the listing's cover. */
export interface DraftMediaItem {
  id: number | string;
  src: string;
  main: boolean;
}

export function isAllowedPhotoType(mimeType: string): boolean {
  return (PHOTO_MIME_TYPES as readonly string[]).includes(mimeType.toLowerCase());
}

/** Appends an uploaded item; the first photo of a draft (or the first after all were removed) becomes main. */
export function addDraftMedia<T extends DraftMediaItem>(media: readonly T[], item: T): T[] {
  const hasMain = media.some((existing) => existing.main);
  return [...media, { ...item, main: !hasMain }];
}

/** Removes an item; when it was the main one, the first remaining item becomes main. */
export function removeDraftMedia<T extends DraftMediaItem>(media: readonly T[], id: T['id']): T[] {
  const removed = media.find((item) => item.id === id);
  const remaining = media.filter((item) => item.id !== id);
  if (!removed?.main || remaining.some((item) => item.main)) return remaining;
  return remaining.map((item, index) => ({ ...item, main: index === 0 }));
}

/** Makes one item main and every other not; an unknown id leaves the list unchanged. */
export function setMainDraftMedia<T extends DraftMediaItem>(media: readonly T[], id: T['id']): T[] {
  if (!media.some((item) => item.id === id)) return [...media];
  return media.map((item) => ({ ...item, main: item.id === id }));
}
