import { sources, type Db } from '@autoradar/db';
import { and, eq } from 'drizzle-orm';
import { loadAnalysisIndex } from '../ingest/analysis-reference';
import { createVkClient } from '../ingest/vk';
import type { ListingDeps } from '../listings/listing-lifecycle';
import { createMediaStorage } from '../media/storage';
import { createHostLimiter, type HostLimit } from './host-limiter';
import { createMediaFetcher } from './media-fetcher';
import { createSourceScheduler, type SchedulerLog, type SourceScheduler, type SchedulerTuning } from './scheduler';
import type { SourcesConfig } from './sources-config';
import { createPhotoDownloader } from './store-source-photos';
import { createMtprotoClient } from './telegram-mtproto/mtproto-client';
import { createMtprotoReader } from './telegram-mtproto/mtproto-reader';
import type { PeerStore } from './telegram-mtproto/peer-store';
import { createTelegramPreviewReader } from './telegram-preview/telegram-preview-reader';
import { createVkWallReader, VK_REQUESTS_PER_SECOND, vkLimiterKey } from './vk-wall-reader';

// The scheduler as a process runs it (issue 28): readers from the settings (the web preview always; VK with VK_TOKEN;
// MTProto with its three settings), one host limiter whose budgets are split between SOURCES_WORKERS processes, photos
// stored under the media directory, and MTProto peers kept in the sources table.

/** MTProto peers in `sources` (resolved once per channel, DESIGN.md §6). */
export function dbPeerStore(db: Db): PeerStore {
  const row = (username: string) =>
    and(eq(sources.kind, 'telegram'), eq(sources.identifier, username), eq(sources.readVia, 'telegram_mtproto'));
  return {
    async get(username) {
      const [found] = await db
        .select({ channelId: sources.mtprotoChannelId, accessHash: sources.mtprotoAccessHash })
        .from(sources)
        .where(row(username));
      return found?.channelId && found.accessHash ? { channelId: found.channelId, accessHash: found.accessHash } : null;
    },
    async set(username, peer) {
      await db
        .update(sources)
        .set({ mtprotoChannelId: peer.channelId, mtprotoAccessHash: peer.accessHash })
        .where(row(username));
    },
    async delete(username) {
      await db.update(sources).set({ mtprotoChannelId: null, mtprotoAccessHash: null }).where(row(username));
    },
  };
}

export interface StartSourcesOptions {
  db: Db;
  listings: ListingDeps;
  config: SourcesConfig;
  mediaDir: string;
  log?: SchedulerLog;
  clock?: () => Date;
  workerId?: string;
  tuning?: Partial<SchedulerTuning>;
}

export interface RunningSources {
  scheduler: SourceScheduler;
  stop(): Promise<void>;
}

/** Builds the scheduler from the settings and starts it; null when SOURCES_SCHEDULER=false. */
export function startSources(options: StartSourcesOptions): RunningSources | null {
  const { config } = options;
  if (!config.scheduler.enabled) return null;
  const share = config.scheduler.workers;
  const previewHost = new URL(config.telegramPreview.baseUrl).host;
  const vkKey = config.vk ? vkLimiterKey(config.vk.token) : null;
  const limits = new Map<string, HostLimit>([
    [
      previewHost,
      {
        concurrency: Math.max(1, Math.floor(config.telegramPreview.concurrency / share)),
        perSecond: Math.max(1, Math.floor(config.telegramPreview.perSecond / share)),
      },
    ],
  ]);
  if (vkKey) limits.set(vkKey, { concurrency: 1, perSecond: Math.max(1, Math.floor(VK_REQUESTS_PER_SECOND / share)) });
  const limiter = createHostLimiter({ limitOf: (host) => limits.get(host) });
  const mtprotoClient = config.mtproto ? createMtprotoClient(config.mtproto) : null;
  const mtproto = mtprotoClient ? createMtprotoReader({ client: mtprotoClient, peers: dbPeerStore(options.db) }) : null;
  const media = createMediaFetcher(config.media);
  const scheduler = createSourceScheduler({
    db: options.db,
    listings: options.listings,
    index: loadAnalysisIndex(),
    readers: {
      telegram_preview: createTelegramPreviewReader({
        baseUrl: config.telegramPreview.baseUrl,
        timeoutMs: config.telegramPreview.timeoutMs,
        limiter,
      }),
      ...(config.vk && vkKey
        ? {
            vk_wall: createVkWallReader({
              client: createVkClient({ token: config.vk.token, apiUrl: config.vk.apiUrl }),
              limiterKey: vkKey,
              limiter,
            }),
          }
        : {}),
      ...(mtproto ? { telegram_mtproto: mtproto } : {}),
    },
    photos: {
      downloader: createPhotoDownloader({
        media,
        ...(mtproto ? { mtproto: (location) => mtproto.downloadPhoto(location) } : {}),
      }),
      storage: createMediaStorage({ mediaDir: options.mediaDir }),
      maxBytes: config.media.maxBytes,
    },
    ...(options.log ? { log: options.log } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.workerId ? { workerId: options.workerId } : {}),
    tuning: {
      concurrency: config.scheduler.concurrency,
      batchSize: config.scheduler.concurrency,
      pollIntervalMs: config.scheduler.pollIntervalMs,
      intervalMs: config.scheduler.intervalMs,
      ...options.tuning,
    },
  });
  scheduler.start();
  return {
    scheduler,
    async stop() {
      await scheduler.stop();
      await media.close();
      await mtprotoClient?.disconnect();
    },
  };
}
