import { randomBytes } from 'node:crypto';
import { Composer, type Api, type Context } from 'grammy';
import { analysePost, type AnalysisIndex } from '@autoradar/core/analysis/index';
import type { Db, Source } from '@autoradar/db';
import { loadAnalysisIndex } from '@autoradar/server/ingest/analysis-reference';
import { photoDHash } from '@autoradar/server/ingest/dhash';
import type { DomainEvents } from '@autoradar/server/events/domain-events';
import { ingestEdit, ingestPost, type IngestPhoto } from '@autoradar/server/ingest/ingest-post';
import { findActiveSource } from '@autoradar/server/ingest/sources';
import {
  createAlbumCollector,
  type ChannelPostBatch,
  type TgChannelPost,
} from '@autoradar/server/ingest/telegram-channel';
import { processImage } from '@autoradar/server/media/image';
import { mediaKeyFromUrl, type MediaStorage } from '@autoradar/server/media/storage';

// Posts of the Telegram channels registered as active sources (issue 15, DESIGN.md §6): an album (one channel_post per
// photo, one media_group_id) is collected into one post, its photos come through the Bot API file endpoint and are
// re-encoded and stored like uploads, and the post goes through ingestion and the listing lifecycle. An edit
// updates the listing or, when it says 'продано', unpublishes it; the lifecycle announces each change on the process's
// fan-out (listing.published, listing.updated, listing.unpublished), and realtime turns them into post.* events.

export interface ChannelPostsDeps {
  db: Db;
  /** Where photos are stored, the same storage as the API's uploads (served at /media/). */
  storage: MediaStorage;
  /** The process's fan-out, where the listing lifecycle announces what the channel posts changed. */
  events: DomainEvents;
  /** The Bot API root; files are downloaded from `<apiUrl>/file/bot<token>/<file_path>`. */
  apiUrl: string;
  log: { error(obj: unknown, msg: string): void };
  index?: AnalysisIndex;
  /** Quiet time after an album's last part before it is ingested. */
  albumWaitMs?: number;
}

export type ChannelPostsFeature = Composer<Context> & {
  /** Ingests every album still collecting and resolves when all queued posts and edits are stored (shutdown, tests). */
  flush(): Promise<void>;
};

/** The source a channel is registered as: by its @username, else by its chat id. */
async function sourceOf(db: Db, chat: TgChannelPost['chat']): Promise<Source | null> {
  if (chat.username) {
    const byName = await findActiveSource(db, { kind: 'telegram', identifier: chat.username.toLowerCase() });
    if (byName) return byName;
  }
  return findActiveSource(db, { kind: 'telegram', identifier: String(chat.id) });
}

export function channelPostsFeature(deps: ChannelPostsDeps): ChannelPostsFeature {
  const feature = new Composer<Context>();
  const index = deps.index ?? loadAnalysisIndex();
  const listings = { db: deps.db, events: deps.events };
  // One queue: an edit is stored after the post it edits, and the photos of one album are not fetched twice at once.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (job: () => Promise<void>) => {
    queue = queue.then(job).catch((err: unknown) => deps.log.error({ err }, 'channel post not ingested'));
  };
  // Albums are handed on after their quiet time, outside any update; every update of one bot carries the same Api.
  let api: Api | undefined;

  async function downloadPhoto(fileId: string): Promise<Buffer> {
    const file = await api!.getFile(fileId);
    if (!file.file_path) throw new Error(`getFile ${fileId}: no file_path`);
    const res = await fetch(`${deps.apiUrl}/file/bot${api!.token}/${file.file_path}`);
    if (!res.ok) throw new Error(`file ${file.file_path}: HTTP ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  /** Downloads, re-encodes (full and small variants) and stores one photo; null when it cannot be read. */
  async function storePhoto(source: Source, messageId: number, fileId: string): Promise<IngestPhoto | null> {
    try {
      // As the scheduler's source photos (sources/store-source-photos.ts): the fast JPEG encoder, hashed small.
      const image = await processImage(await downloadPhoto(fileId), { maxBytes: 20 * 1_048_576, jpegEffort: 'fast' });
      const base = `channels/${source.id}/${messageId}-${randomBytes(6).toString('hex')}`;
      const [url, urlSm, dhash] = await Promise.all([
        deps.storage.save(`${base}.${image.ext}`, image.full, image.mime),
        deps.storage.save(`${base}-sm.${image.ext}`, image.small, image.mime),
        photoDHash(image.small),
      ]);
      return { url, urlSm, dhash };
    } catch (err) {
      deps.log.error({ err, fileId }, 'channel photo not stored');
      return null;
    }
  }

  async function removePhotos(photos: readonly IngestPhoto[]) {
    for (const photo of photos) {
      for (const url of [photo.url, photo.urlSm]) {
        const key = url ? mediaKeyFromUrl(url) : null;
        if (key) await deps.storage.remove(key);
      }
    }
  }

  async function ingestBatch(batch: ChannelPostBatch) {
    const source = await sourceOf(deps.db, batch.chat);
    if (!source) return;
    // Not a sale: counted as rejected without fetching a single photo.
    const worthPhotos = analysePost(index, batch.text).is_sale;
    const photos: IngestPhoto[] = [];
    if (worthPhotos) {
      for (const fileId of batch.photoFileIds) {
        const photo = await storePhoto(source, batch.messageId, fileId);
        if (photo) photos.push(photo);
      }
    }
    const result = await ingestPost(listings, index, {
      source,
      messageId: batch.messageId,
      text: batch.text,
      url: batch.url,
      photos,
    });
    // Only a new listing keeps its photos; a duplicate's were needed for the comparison alone.
    if (result.status !== 'published') await removePhotos(photos);
  }

  const collector = createAlbumCollector({
    ...(deps.albumWaitMs === undefined ? {} : { waitMs: deps.albumWaitMs }),
    onBatch: (batch) => enqueue(() => ingestBatch(batch)),
  });

  feature.on('channel_post', (ctx) => {
    api = ctx.api;
    collector.add(ctx.channelPost);
  });

  feature.on('edited_channel_post', (ctx) => {
    api = ctx.api;
    const post = ctx.editedChannelPost as TgChannelPost;
    const text = post.caption ?? post.text;
    // An album's photo without the caption: nothing the listing shows has changed.
    if (text === undefined) return;
    enqueue(async () => {
      const source = await sourceOf(deps.db, post.chat);
      if (!source) return;
      await ingestEdit(listings, index, { source, messageId: post.message_id, text });
    });
  });

  return Object.assign(feature, {
    flush: async () => {
      collector.flushAll();
      // A job may enqueue nothing further, so one await of the queue's tail as it is after flushAll suffices.
      await queue;
    },
  });
}
