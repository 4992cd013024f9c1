import { randomBytes } from 'node:crypto';
import { photoDHash } from '../ingest/dhash';
import type { IngestPhoto } from '../ingest/ingest-post';
import { processImage } from '../media/image';
import type { MediaStorage } from '../media/storage';
import type { MediaFetcher } from './media-fetcher';
import type { PhotoLocation, SourcePhoto } from './source-reader';

// A source post's photos made ours (issue 28): downloaded in parallel (from the CDN through the media fetcher, or
// over MTProto), re-encoded by the upload pipeline (processImage: type from the bytes, metadata dropped, full and
// small variants), stored like uploads, and hashed for de-duplication. A listing never waits for a slow photo: what
// has not arrived by the deadline is dropped (its download aborted) and the post goes on with the rest.

export interface PhotoDownloader {
  download(location: PhotoLocation, signal: AbortSignal): Promise<Buffer>;
}

/** HTTP photos through the media fetcher (allowed hosts only); MTProto photos through the MTProto reader, when there is one. */
export function createPhotoDownloader(deps: {
  media: MediaFetcher;
  mtproto?: (location: Extract<PhotoLocation, { via: 'mtproto' }>, signal: AbortSignal) => Promise<Buffer>;
}): PhotoDownloader {
  return {
    download(location, signal) {
      if (location.via === 'http') return deps.media.fetch(location.url, signal);
      if (!deps.mtproto)
        return Promise.reject(new Error('MTProto photos need TELEGRAM_API_ID, TELEGRAM_API_HASH and TELEGRAM_SESSION'));
      return deps.mtproto(location, signal);
    },
  };
}

export interface StoreSourcePhotosOptions {
  photos: readonly SourcePhoto[];
  downloader: PhotoDownloader;
  storage: MediaStorage;
  /** Stored files are named `<keyBase>-<n>-<random>.<ext>` (e.g. `sources/12/4183`). */
  keyBase: string;
  /** How long the post waits for its photos, all together. */
  deadlineMs: number;
  /** The largest photo accepted by the image pipeline. */
  maxBytes?: number;
}

export interface StoredSourcePhotos {
  /** In the post's order, the ones that arrived and are images. */
  photos: IngestPhoto[];
  /** Why each missing photo is missing (late, refused by the fetcher, not an image), for the log. */
  missed: { index: number; reason: string }[];
}

export async function storeSourcePhotos(options: StoreSourcePhotosOptions): Promise<StoredSourcePhotos> {
  const controller = new AbortController();
  const arrived: (Buffer | null)[] = options.photos.map(() => null);
  const missed: StoredSourcePhotos['missed'] = [];
  const downloads = options.photos.map((photo, index) =>
    options.downloader.download(photo.location, controller.signal).then(
      (bytes) => {
        if (!controller.signal.aborted) arrived[index] = bytes;
      },
      (err: unknown) => {
        if (!controller.signal.aborted)
          missed.push({ index, reason: err instanceof Error ? err.message : String(err) });
      },
    ),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, options.deadlineMs);
  });
  await Promise.race([Promise.all(downloads), deadline]);
  clearTimeout(timer);
  controller.abort();
  arrived.forEach((bytes, index) => {
    if (bytes === null && !missed.some((m) => m.index === index)) missed.push({ index, reason: 'не пришла вовремя' });
  });

  const photos: IngestPhoto[] = [];
  for (const [index, bytes] of arrived.entries()) {
    if (bytes === null) continue;
    try {
      const image = await processImage(bytes, { maxBytes: options.maxBytes, jpegEffort: 'fast' });
      const base = `${options.keyBase}-${index}-${randomBytes(6).toString('hex')}`;
      const [url, urlSm, dhash] = await Promise.all([
        options.storage.save(`${base}.${image.ext}`, image.full, image.mime),
        options.storage.save(`${base}-sm.${image.ext}`, image.small, image.mime),
        // The small variant: the same picture for a 9×8 hash, a fraction of the pixels to decode.
        photoDHash(image.small),
      ]);
      photos.push({ url, urlSm, dhash });
    } catch (err) {
      missed.push({ index, reason: err instanceof Error ? err.message : String(err) });
    }
  }
  missed.sort((a, b) => a.index - b.index);
  return { photos, missed };
}
