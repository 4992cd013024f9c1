import type { Post } from '@autoradar/contract';

// The card's picture, apart from the card so the entry can fetch the first card's photo before the card's code has
// loaded (feed-preload.ts, issue 32) with the very srcset and sizes the card will use.

type MediaFile = Post['mediaFiles'][number];

/** The picture of a media file: the small photo, or a video's poster; null when a video has none. */
export function mediaPicture(file: MediaFile): string | null {
  return file.type === 'photo' ? file.url_sm || file.url : file.poster;
}

/** The stored photos' longest sides (packages/server media/image.ts: SMALL_MAX_SIDE, FULL_MAX_SIDE). */
export const SMALL_SIDE = 480;
const FULL_SIDE = 1920;

/** The small photo and the full one for a wide card on a dense screen; a poster has one size. */
export function pictureSrcSet(file: MediaFile): string | undefined {
  if (file.type !== 'photo' || !file.url_sm || file.url_sm === file.url) return undefined;
  return `${file.url_sm} ${SMALL_SIDE}w, ${file.url} ${FULL_SIDE}w`;
}

/** The card's width by the feed's columns (search.css: 1/2/3 columns at 0/600/1024 px, at most 1280 wide). */
export const CARD_SIZES = '(min-width: 1024px) 410px, (min-width: 600px) 50vw, 100vw';
