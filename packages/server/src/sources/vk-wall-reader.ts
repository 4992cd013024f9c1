import { createHash } from 'node:crypto';
import { createVkClient, VkApiError, type VkClient, type VkWallItem } from '../ingest/vk';
import { seenMessageIds, type RawSourceMessage } from './build-source-posts';
import type { HostLimiter } from './host-limiter';
import { pagedReadSuccess, readPagesBack, type PageOutcome } from './read-pages';
import type { SourceFailure, SourcePhoto, SourceReader, SourceReadOutcome, SourceReadRequest } from './source-reader';
import { sourceMessages } from './sources.messages';

// VK group walls behind the reader interface (issue 28): wall.get through the existing client (packages/server's
// ingest/vk.ts, which retries error 6 in place), pages of 100 newest first with offset, at most 3 requests a second per
// token (VK's documented limit) through the host limiter. Errors 6, 9 and 29 become rate-limited failures with the
// waits the VK poller used: 6 after the client's retries and 29 hold every wall of the token, 9 holds this wall.

/** VK allows 3 requests a second per user token. */
export const VK_REQUESTS_PER_SECOND = 3;

const PAGE_SIZE = 100;
const FIRST_READ_COUNT = 20;

const RETRY_AFTER_MS = { tooManyRequests: 5_000, floodControl: 60_000, rateLimit: 3_600_000 } as const;

interface VkSize {
  url: string;
  width: number;
  height: number;
}

/** What wall.get returns beyond the fields the poller reads. */
type VkWallPost = Omit<VkWallItem, 'attachments'> & {
  edited?: number;
  attachments?: {
    type: string;
    photo?: { sizes: (VkSize & { type: string })[] };
    video?: { image?: VkSize[]; first_frame?: VkSize[] };
    link?: { url: string; title?: string };
  }[];
  copy_history?: VkWallPost[];
};

/** The key VK's per-token limit is kept under (the token itself never leaves the client). */
export function vkLimiterKey(token: string): string {
  return `vk:${createHash('sha256').update(token).digest('hex').slice(0, 12)}`;
}

/** A VK client whose calls give up after `timeoutMs` (VK_TOKEN, VK_API_URL). */
export function createVkReaderClient(options: { token: string; apiUrl?: string; timeoutMs?: number }): VkClient {
  const timeoutMs = options.timeoutMs ?? 15_000;
  return createVkClient({
    token: options.token,
    apiUrl: options.apiUrl,
    fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
  });
}

const largest = (sizes: readonly VkSize[] | undefined): string | null =>
  [...(sizes ?? [])].sort((a, b) => b.width * b.height - a.width * a.height)[0]?.url ?? null;

function photosOf(post: VkWallPost): SourcePhoto[] {
  return (post.attachments ?? []).flatMap((attachment): SourcePhoto[] => {
    const photo = attachment.type === 'photo' ? largest(attachment.photo?.sizes) : null;
    if (photo) return [{ kind: 'photo', location: { via: 'http', url: photo } }];
    const poster =
      attachment.type === 'video' ? (largest(attachment.video?.image) ?? largest(attachment.video?.first_frame)) : null;
    return poster ? [{ kind: 'video-poster', location: { via: 'http', url: poster } }] : [];
  });
}

function linksOf(post: VkWallPost) {
  return (post.attachments ?? [])
    .filter((a) => a.type === 'link' && a.link)
    .map((a) => ({ text: a.link!.title?.trim() || a.link!.url, url: a.link!.url }));
}

const wallName = (ownerId: number) => (ownerId < 0 ? `club${-ownerId}` : `id${ownerId}`);

/** One wall post as the shared normaliser takes it; a repost with no words of its own carries the original's. */
export function vkMessage(post: VkWallPost): RawSourceMessage {
  const original = post.copy_history?.[0];
  const shown = post.text.trim() === '' && original ? original : post;
  return {
    id: post.id,
    date: new Date(post.date * 1000),
    text: shown.text,
    links: linksOf(shown),
    photos: [...photosOf(post), ...(shown === original ? photosOf(original) : [])],
    groupedId: null,
    forwardedFrom: original
      ? { name: wallName(original.owner_id), url: `https://vk.com/wall${original.owner_id}_${original.id}` }
      : null,
    edited: post.edited !== undefined,
    editedAt: post.edited !== undefined ? new Date(post.edited * 1000) : null,
    service: post.marked_as_ads === 1,
  };
}

function vkFailure(err: VkApiError, ownerId: string): SourceFailure {
  switch (err.code) {
    case 6:
      return {
        code: 'rate-limited',
        message: sourceMessages.vkTooManyRequests(RETRY_AFTER_MS.tooManyRequests),
        retryAfterMs: RETRY_AFTER_MS.tooManyRequests,
        scope: 'host',
      };
    case 9:
      return {
        code: 'rate-limited',
        message: sourceMessages.vkFloodControl(RETRY_AFTER_MS.floodControl),
        retryAfterMs: RETRY_AFTER_MS.floodControl,
        scope: 'source',
      };
    case 29:
      return {
        code: 'rate-limited',
        message: sourceMessages.vkRateLimit(RETRY_AFTER_MS.rateLimit),
        retryAfterMs: RETRY_AFTER_MS.rateLimit,
        scope: 'host',
      };
    case 5:
      return { code: 'auth', message: sourceMessages.vkAuth };
    case 15:
    case 30:
      return { code: 'private', message: sourceMessages.vkWallClosed(ownerId) };
    case 18:
    case 100:
    case 113:
      return { code: 'not-found', message: sourceMessages.vkWallClosed(ownerId) };
    default:
      return { code: 'network', message: sourceMessages.vkError(err.code, err.message) };
  }
}

export interface VkWallReaderOptions {
  client: VkClient;
  /** The token's key in the limiter (vkLimiterKey(token)); its limit is VK_REQUESTS_PER_SECOND. */
  limiterKey: string;
  limiter?: HostLimiter;
  /** At most this many pages of 100 in one read (catch-up after downtime). */
  maxPages?: number;
}

export function createVkWallReader(options: VkWallReaderOptions): SourceReader {
  const maxPages = options.maxPages ?? 5;

  async function read(request: SourceReadRequest): Promise<SourceReadOutcome> {
    let requests = 0;
    const ownerId = Number(request.identifier);
    if (!Number.isSafeInteger(ownerId) || ownerId === 0) {
      return {
        ok: false,
        failure: { code: 'not-found', message: sourceMessages.vkWallClosed(request.identifier) },
        requests,
      };
    }
    let offset = 0;
    // A first read takes the newest few, as the web preview's first page does; catch-up reads pages of 100.
    const count = request.lastSeenId === null ? FIRST_READ_COUNT : PAGE_SIZE;
    const page = async (): Promise<PageOutcome<RawSourceMessage>> => {
      requests++;
      const call = () => options.client.wallGet(ownerId, count, offset);
      try {
        const answer = await (options.limiter ? options.limiter.run(options.limiterKey, call) : call());
        const posts = answer.items as VkWallPost[];
        offset += posts.length;
        const messages = posts.map(vkMessage);
        const inRun = posts.filter((p) => p.is_pinned !== 1).map((p) => p.id);
        return {
          ok: true,
          page: {
            items: messages,
            ids: seenMessageIds(messages),
            lowest: inRun.length > 0 ? Math.min(...inRun) : null,
            hasOlder: posts.length > 0 && offset < answer.count,
          },
        };
      } catch (err) {
        if (err instanceof VkApiError) {
          const failure = vkFailure(err, request.identifier);
          if (failure.scope === 'host' && failure.retryAfterMs) {
            options.limiter?.pause(options.limiterKey, failure.retryAfterMs);
          }
          return { ok: false, failure };
        }
        const name = (err as Error).name;
        if (name === 'TimeoutError' || name === 'AbortError') {
          return { ok: false, failure: { code: 'timeout', message: sourceMessages.vkError(0, 'timeout') } };
        }
        return { ok: false, failure: { code: 'network', message: sourceMessages.vkError(0, (err as Error).message) } };
      }
    };

    const paged = await readPagesBack<RawSourceMessage>({ cursor: request, first: page, older: page, maxPages });
    if (!paged.ok) return { ok: false, failure: paged.failure, requests };
    return pagedReadSuccess(request, paged, {
      postUrl: (id) => `https://vk.com/wall${ownerId}_${id}`,
      requests,
      channel: { title: null, username: null },
    });
  }

  return { kind: 'vk', read };
}
