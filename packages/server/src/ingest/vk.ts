// VK adapter (issue 15): reads group walls with wall.get (VK_TOKEN, VK_API_URL), polling each active vk source from its
// last seen post id. VK's error codes are honoured: 6 (too many requests per second) is retried in place with growing
// pauses; 9 (flood control) pauses that wall, 29 (the method's rate limit) pauses all walls, each with growing backoff.
import { sources, type Db, type Source } from '@autoradar/db';
import { and, eq } from 'drizzle-orm';

export const VK_API_VERSION = '5.199';

interface VkPhotoSize {
  type: string;
  url: string;
  width: number;
  height: number;
}

export interface VkWallItem {
  id: number;
  owner_id: number;
  from_id?: number;
  date: number;
  text: string;
  is_pinned?: number;
  marked_as_ads?: number;
  attachments?: { type: string; photo?: { id: number; sizes: VkPhotoSize[] } }[];
}

interface VkAnswer<T> {
  response?: T;
  error?: { error_code: number; error_msg: string };
}

export class VkApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`VK API ${code}: ${message}`);
  }
}

export interface VkClientOptions {
  token: string;
  apiUrl?: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Retries of error 6 before giving up (pauses 0.4 s, 0.8 s, 1.6 s …). */
  maxRetries?: number;
}

export function createVkClient(options: VkClientOptions) {
  const apiUrl = (options.apiUrl ?? 'https://api.vk.com/method').replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxRetries = options.maxRetries ?? 4;

  async function call<T>(method: string, params: Record<string, string | number>): Promise<T> {
    const body = new URLSearchParams({ ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
    body.set('access_token', options.token);
    body.set('v', VK_API_VERSION);
    for (let attempt = 0; ; attempt++) {
      const res = await doFetch(`${apiUrl}/${method}`, { method: 'POST', body });
      if (!res.ok) throw new VkApiError(res.status, `HTTP ${res.status}`);
      const answer = (await res.json()) as VkAnswer<T>;
      if (answer.response !== undefined) return answer.response;
      const code = answer.error?.error_code ?? 0;
      if (code === 6 && attempt < maxRetries) {
        await sleep(400 * 2 ** attempt);
        continue;
      }
      throw new VkApiError(code, answer.error?.error_msg ?? 'unknown error');
    }
  }

  return {
    wallGet: (ownerId: number, count = 100, offset = 0) =>
      call<{ count: number; items: VkWallItem[] }>('wall.get', { owner_id: ownerId, count, offset }),
  };
}

export type VkClient = ReturnType<typeof createVkClient>;

export interface VkPost {
  source: Source;
  ownerId: number;
  postId: number;
  text: string;
  url: string;
  /** The largest size of each photo, in the post's order. */
  photoUrls: string[];
  date: Date;
}

function largestPhoto(sizes: VkPhotoSize[]): string | null {
  const best = [...sizes].sort((a, b) => b.width * b.height - a.width * a.height)[0];
  return best?.url ?? null;
}

export interface VkPollerOptions {
  db: Db;
  client: VkClient;
  /** Called for each new wall post, oldest first; last_position moves past it when this resolves. */
  onPost: (post: VkPost) => Promise<void>;
  now?: () => number;
}

export interface VkPollReport {
  read: number;
  skipped: { sourceId: number; code: number; until: number }[];
  /** All walls wait until then (error 29). */
  pausedUntil: number | null;
}

/** One round over the active vk sources; keep calling it on a schedule (each source is read from its last post id). */
export function createVkPoller(options: VkPollerOptions) {
  const now = options.now ?? Date.now;
  const wallBackoff = new Map<number, { until: number; step: number }>();
  let globalBackoff: { until: number; step: number } | null = null;

  async function pollSource(source: Source): Promise<number> {
    const ownerId = Number(source.identifier);
    const page = await options.client.wallGet(ownerId, 100, 0);
    const last = source.lastPosition ?? 0;
    const fresh = page.items.filter((item) => item.id > last && item.marked_as_ads !== 1).sort((a, b) => a.id - b.id);
    for (const item of fresh) {
      await options.onPost({
        source,
        ownerId,
        postId: item.id,
        text: item.text,
        url: `https://vk.com/wall${ownerId}_${item.id}`,
        photoUrls: (item.attachments ?? [])
          .filter((a) => a.type === 'photo' && a.photo)
          .map((a) => largestPhoto(a.photo!.sizes))
          .filter((url): url is string => url !== null),
        date: new Date(item.date * 1000),
      });
      await options.db.update(sources).set({ lastPosition: item.id }).where(eq(sources.id, source.id));
    }
    return fresh.length;
  }

  async function tick(): Promise<VkPollReport> {
    const report: VkPollReport = { read: 0, skipped: [], pausedUntil: null };
    if (globalBackoff && globalBackoff.until > now()) return { ...report, pausedUntil: globalBackoff.until };
    const active = await options.db
      .select()
      .from(sources)
      .where(and(eq(sources.kind, 'vk'), eq(sources.active, true)));
    for (const source of active) {
      const pause = wallBackoff.get(source.id);
      if (pause && pause.until > now()) continue;
      try {
        report.read += await pollSource(source);
        wallBackoff.delete(source.id);
        globalBackoff = null;
      } catch (err) {
        if (!(err instanceof VkApiError)) throw err;
        if (err.code === 29) {
          const step = (globalBackoff?.step ?? 0) + 1;
          globalBackoff = { until: now() + 3_600_000 * 2 ** (step - 1), step };
          report.pausedUntil = globalBackoff.until;
          return report;
        }
        // 9 (flood control), 6 after its retries, and a wall that cannot be read (15, 18, 30…) wait on their own.
        const step = (pause?.step ?? 0) + 1;
        const base = err.code === 9 ? 60_000 : err.code === 6 ? 5_000 : 600_000;
        const until = now() + Math.min(base * 2 ** (step - 1), 6 * 3_600_000);
        wallBackoff.set(source.id, { until, step });
        report.skipped.push({ sourceId: source.id, code: err.code, until });
      }
    }
    return report;
  }

  return { tick };
}
