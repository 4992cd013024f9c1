import type { Dispatcher } from 'undici';
import { seenMessageIds, type RawSourceMessage } from '../build-source-posts';
import type { HostLimiter } from '../host-limiter';
import { headerValue, httpGet, retryAfterMs } from '../http-get';
import { pagedReadSuccess, readPagesBack, type PageOutcome } from '../read-pages';
import type { SourceFailure, SourceReader, SourceReadOutcome, SourceReadRequest } from '../source-reader';
import { sourceMessages } from '../sources.messages';
import { noChannelName, telegramChannelName } from '../telegram-channel-name';
import { parsePreviewPage, type PreviewHistoryPage } from './parse-preview-page';

// Public channels through their web preview (issue 28): t.me/s/<name> shows the newest ~20 messages (an album's
// photos count one each), ?before=<id> the ones below an id. A channel without a preview redirects to t.me/<name>,
// whose page names the channel (preview off) or no one (a free name: deleted or renamed away).

export interface TelegramPreviewReaderOptions {
  /** TELEGRAM_PREVIEW_URL: https://t.me, or a mirror or a fake on 127.0.0.1. */
  baseUrl: string;
  /** One page's limit (TELEGRAM_PREVIEW_TIMEOUT). */
  timeoutMs?: number;
  /** At most this many pages in one read (catch-up after downtime); 10 pages are ~200 messages. */
  maxPages?: number;
  limiter?: HostLimiter;
  dispatcher?: Dispatcher;
  userAgent?: string;
}

/** A 429 without Retry-After (its format is not documented) waits this long. */
const DEFAULT_RETRY_AFTER_MS = 60_000;

/** Public post links point at Telegram itself, whatever address the pages were read from. */
const PUBLIC_BASE = 'https://t.me';

export function createTelegramPreviewReader(options: TelegramPreviewReaderOptions): SourceReader {
  const base = options.baseUrl.replace(/\/+$/, '');
  const host = new URL(base).host;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxPages = options.maxPages ?? 10;
  const headers = {
    // The «edited» mark and the page's other words are read in English.
    'accept-language': 'en-US,en;q=0.9',
    'user-agent': options.userAgent ?? 'Mozilla/5.0 (compatible; AutoRadar source reader)',
  };

  async function read(request: SourceReadRequest): Promise<SourceReadOutcome> {
    const name = telegramChannelName(request.identifier);
    return name ? readChannel(name, request) : noChannelName(request.identifier);
  }

  async function readChannel(name: string, request: SourceReadRequest): Promise<SourceReadOutcome> {
    let requests = 0;
    const notFound: SourceFailure = { code: 'not-found', message: sourceMessages.channelNotFound(name) };
    const previewOff: SourceFailure = { code: 'preview-disabled', message: sourceMessages.previewDisabled(name) };

    const get = (url: string) => {
      requests++;
      const run = () => httpGet(url, { headers, timeoutMs, signal: request.signal, dispatcher: options.dispatcher });
      return options.limiter ? options.limiter.run(host, run) : run();
    };

    /** Where a redirect from /s/<name> leads: the channel's own page says whether the name is in use. */
    async function classifyRedirect(location: string | undefined): Promise<SourceFailure> {
      const target = location ? new URL(location, `${base}/s/${name}`) : null;
      if (!target || target.host !== host) return previewOff;
      const res = await get(target.href);
      if (!res.ok) return transportFailure(res.reason, res.detail);
      if (res.status === 404) return notFound;
      const page = parsePreviewPage(res.body, target.href);
      return page.kind === 'contact' && page.title === null ? notFound : previewOff;
    }

    function transportFailure(reason: 'timeout' | 'network' | 'too-large', detail: string): SourceFailure {
      if (reason === 'timeout') return { code: 'timeout', message: sourceMessages.tgTimeout(timeoutMs) };
      return { code: 'network', message: sourceMessages.tgNetwork(detail) };
    }

    let channel: { title: string | null; username: string | null } = { title: null, username: name };

    async function page(before: number | null): Promise<PageOutcome<RawSourceMessage>> {
      const url = before === null ? `${base}/s/${name}` : `${base}/s/${name}?before=${before}`;
      const res = await get(url);
      if (!res.ok) return { ok: false, failure: transportFailure(res.reason, res.detail) };
      if (res.status === 429) {
        const wait = retryAfterMs(res.headers['retry-after']) ?? DEFAULT_RETRY_AFTER_MS;
        options.limiter?.pause(host, wait);
        return {
          ok: false,
          failure: {
            code: 'rate-limited',
            message: sourceMessages.tgRateLimited(wait),
            retryAfterMs: wait,
            scope: 'host',
          },
        };
      }
      if (res.status >= 300 && res.status < 400)
        return { ok: false, failure: await classifyRedirect(headerValue(res.headers['location'])) };
      if (res.status === 404) return { ok: false, failure: notFound };
      if (res.status !== 200)
        return { ok: false, failure: { code: 'network', message: sourceMessages.tgHttpStatus(res.status) } };
      const parsed = parsePreviewPage(res.body, url);
      if (parsed.kind !== 'history') {
        const unreadable: SourceFailure = { code: 'unreadable', message: sourceMessages.tgUnreadable(name) };
        const contact = parsed.title === null ? notFound : previewOff;
        return { ok: false, failure: parsed.kind === 'contact' ? contact : unreadable };
      }
      const renamedTo = renamed(parsed);
      if (renamedTo)
        return {
          ok: false,
          failure: { code: 'renamed', message: sourceMessages.renamed(name, renamedTo), newName: renamedTo },
        };
      // The newest page of a channel with posts is never empty: an empty one is a hidden preview, and must not be
      // taken for "every post deleted".
      if (before === null && parsed.messages.length === 0)
        return { ok: false, failure: { code: 'preview-disabled', message: sourceMessages.previewEmpty(name) } };
      if (before === null) channel = { title: parsed.title, username: parsed.username ?? name };
      const ids = seenMessageIds(parsed.messages);
      return {
        ok: true,
        page: {
          items: parsed.messages,
          ids,
          lowest: ids.length > 0 ? Math.min(...ids) : null,
          hasOlder: parsed.hasOlder,
        },
      };
    }

    function renamed(parsed: PreviewHistoryPage): string | null {
      const shown = parsed.postsChannel ?? parsed.username;
      return shown !== null && shown !== name ? shown : null;
    }

    const paged = await readPagesBack<RawSourceMessage>({
      cursor: request,
      first: () => page(null),
      older: (lowest) => page(lowest),
      maxPages,
    });
    if (!paged.ok) return { ok: false, failure: paged.failure, requests };

    return pagedReadSuccess(request, paged, {
      postUrl: (id) => `${PUBLIC_BASE}/${channel.username ?? name}/${id}`,
      requests,
      channel,
    });
  }

  return { kind: 'telegram-preview', read };
}
