import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { load } from 'cheerio';
import sharp from 'sharp';
import { maxInAnyWindow } from './rate-window';

// A stand-in for t.me's public channel pages on 127.0.0.1 (issue 28): /s/<name> and /s/<name>?before=<id> answer in the
// page's real structure (the tgme_widget_message blocks t.me serves; see the fixture
// sources/telegram-preview/fixtures/channel-page.html), about 20 messages a page with an album's photos counted one
// each, a channel without a preview redirects to /<name>, a free name's /<name> names no one. Tests drive channels
// (posts, albums, videos, forwards, edits, deletions, renames), make t.me answer 429 or hang, and read what the fake
// saw: requests per second and reads of one channel that overlapped (the multi-worker test asserts on both). Photos
// are served at /file/<key>.jpg as small JPEGs of their own pattern, so every photo hashes differently.

export interface FakePostInput {
  /** Plain text; line breaks become <br/>. */
  text?: string;
  /** The text block's inner HTML instead (links, bold, emoji), as t.me renders it. */
  html?: string;
  /** 1: a photo; more: an album, one message per photo. */
  photos?: number;
  /** A video (its poster is shown); with photos, the album's last part. */
  video?: boolean;
  forwardedFrom?: { name: string; url?: string };
  date?: Date;
}

interface FakePart {
  id: number;
  kind: 'photo' | 'video';
  file: string;
}

interface FakeMessage {
  id: number;
  date: Date;
  html: string;
  parts: FakePart[];
  forwardedFrom: { name: string; url?: string } | null;
  edited: boolean;
  service: boolean;
}

interface FakeChannelState {
  name: string;
  title: string;
  preview: boolean;
  messages: FakeMessage[];
  nextId: number;
}

export interface FakeRequest {
  path: string;
  channel: string | null;
  before: number | null;
  status: number;
  startedAt: number;
  endedAt: number;
}

export interface FakeChannel {
  readonly name: string;
  /** Publishes a post (an album when photos > 1); returns its id (an album's first part). */
  post(input?: FakePostInput): number;
  /** A service message (channel photo changed, a post pinned): shown, never a post. */
  service(text: string): number;
  /** Changes a post's text; t.me then shows the «edited» mark. */
  edit(id: number, input: Pick<FakePostInput, 'text' | 'html'>): void;
  /** Deletes a post (an album whole, by its first id). */
  remove(id: number): void;
  setPreview(enabled: boolean): void;
  /** Ids of the messages now shown, ascending (album parts included). */
  ids(): number[];
}

export interface FakeFailure {
  /** Only requests for this channel; every request when absent. */
  channel?: string;
  /** How many requests answer this way (default 1). */
  count?: number;
}

// Markup is escaped by cheerio's serializer (the readers' own parser), not by another hand-written escape.
const dom = load('');
/** Text as element content. */
const escapeHtml = (text: string) => dom('<i></i>').text(text).html() ?? '';
/** Text with line breaks as t.me renders it. */
const textHtml = (text: string) => text.split('\n').map(escapeHtml).join('<br/>');
/** One element with its attributes escaped. */
const element = (tag: string, attrs: Record<string, string>, innerHtml: string) =>
  dom.html(dom(`<${tag}></${tag}>`).attr(attrs).html(innerHtml));

/**
 * A JPEG whose pixels follow from `key`, so two photos never look alike to a perceptual hash: 96×72 unless a size is
 * given (the benchmarks ask for a real post's 800×600), the same pattern scaled.
 */
async function patternJpeg(key: string, size = { width: 96, height: 72 }): Promise<Buffer> {
  const seed = createHash('sha256').update(key).digest();
  const width = 96;
  const height = 72;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = ((y >> 3) * 12 + (x >> 3)) % seed.length;
      const v = seed[cell]!;
      const o = (y * width + x) * 3;
      pixels[o] = v;
      pixels[o + 1] = (v * 7) & 0xff;
      pixels[o + 2] = 255 - v;
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (size.width !== width || size.height !== height) image.resize(size.width, size.height, { kernel: 'nearest' });
  return image.jpeg({ quality: 80 }).toBuffer();
}

export interface FakeTelegramPreviewOptions {
  /** Messages per page, an album's photos counted one each (t.me shows about 20). */
  pageSize?: number;
  /** Every answer waits this long first (so overlapping reads can happen at all). */
  delayMs?: number;
  now?: () => number;
  /** The served photos' size in pixels (96×72 by default). */
  photoSize?: { width: number; height: number };
}

export async function startFakeTelegramPreview(options: FakeTelegramPreviewOptions = {}) {
  const pageSize = options.pageSize ?? 20;
  const now = options.now ?? Date.now;
  const channels = new Map<string, FakeChannelState>();
  /** Old names that still show their channel under its new name (a second username). */
  const aliases = new Map<string, string>();
  const requests: FakeRequest[] = [];
  const inFlight = new Map<string, number>();
  const overlaps = new Map<string, number>();
  let concurrent = 0;
  let maxConcurrent = 0;
  const failures: { status: number; retryAfter?: number; channel?: string; left: number }[] = [];
  const hangs: { ms: number; channel?: string; left: number }[] = [];
  const photoCache = new Map<string, Promise<Buffer>>();
  const sockets = new Set<Socket>();
  let origin = '';

  const photoUrl = (file: string) => `${origin}/file/${file}.jpg`;

  function renderBlock(channel: FakeChannelState, m: FakeMessage): string {
    const post = `${channel.name}/${m.id}`;
    const link = `https://t.me/${post}`;
    const date = `<span class="tgme_widget_message_meta">${m.edited ? 'edited &nbsp;' : ''}<a class="tgme_widget_message_date" href="${link}"><time datetime="${m.date.toISOString().replace('.000Z', '+00:00')}" class="time">${m.date.toISOString().slice(11, 16)}</time></a></span>`;
    const footer = `<div class="tgme_widget_message_footer compact js-message_footer"><div class="tgme_widget_message_info short js-message_info"><span class="tgme_widget_message_views">1.2K</span><span class="copyonly"> views</span>${date}</div></div>`;
    const text =
      m.html === '' ? '' : `<div class="tgme_widget_message_text js-message_text" dir="auto">${m.html}</div>`;
    if (m.service) {
      return `<div class="tgme_widget_message_wrap js-widget_message_wrap"><div class="tgme_widget_message text_not_supported_wrap service_message js-widget_message" data-post="${post}"><div class="tgme_widget_message_bubble">${text}${footer}</div></div></div>`;
    }
    const grouped = m.parts.length > 1;
    const media = m.parts
      .map((part) => {
        const href = grouped ? `https://t.me/${channel.name}/${part.id}?single` : link;
        const cls = grouped ? ' grouped_media_wrap' : '';
        if (part.kind === 'video') {
          return `<a class="tgme_widget_message_video_player${cls} blured js-message_video_player" href="${href}"><i class="tgme_widget_message_video_thumb" style="background-image:url('${photoUrl(part.file)}')"></i><div class="tgme_widget_message_video_wrap"><video src="${origin}/file/${part.file}.mp4" class="tgme_widget_message_video js-message_video" width="100%" height="100%"></video></div><div class="message_video_play"></div><time class="message_video_duration js-message_video_duration">0:15</time></a>`;
        }
        return `<a class="tgme_widget_message_photo_wrap${cls} blured js-message_photo" style="width:800px;background-image:url('${photoUrl(part.file)}')" href="${href}"><div class="tgme_widget_message_photo" style="padding-top:75%"></div></a>`;
      })
      .join('');
    const mediaBlock = grouped
      ? `<div class="tgme_widget_message_grouped_wrap js-message_grouped_wrap" data-margin-w="2" data-margin-h="2" style="width:453px;"><div class="tgme_widget_message_grouped js-message_grouped" style="padding-top:100%"><div class="tgme_widget_message_grouped_layer js-message_grouped_layer" style="width:453px;height:453px">${media}</div></div></div>`
      : media;
    const forward = m.forwardedFrom
      ? `<div class="tgme_widget_message_forwarded_from accent_color">Forwarded from&nbsp;${
          m.forwardedFrom.url
            ? element(
                'a',
                { class: 'tgme_widget_message_forwarded_from_name', href: m.forwardedFrom.url },
                `<span dir="auto">${escapeHtml(m.forwardedFrom.name)}</span>`,
              )
            : `<span class="tgme_widget_message_forwarded_from_name">${escapeHtml(m.forwardedFrom.name)}</span>`
        }</div>`
      : '';
    return `<div class="tgme_widget_message_wrap js-widget_message_wrap"><div class="tgme_widget_message text_not_supported_wrap js-widget_message" data-post="${post}" data-view="x"><div class="tgme_widget_message_user"><a href="https://t.me/${channel.name}"><i class="tgme_widget_message_user_photo bgcolor1" data-content="A"></i></a></div><div class="tgme_widget_message_bubble"><div class="tgme_widget_message_author accent_color"><a class="tgme_widget_message_owner_name" href="https://t.me/${channel.name}"><span dir="auto">${escapeHtml(channel.title)}</span></a></div>${forward}${mediaBlock}${text}${footer}</div></div></div>`;
  }

  /** The messages ?before=<id> shows: the newest ones below it, about pageSize photos or messages, albums whole. */
  function pageOf(channel: FakeChannelState, before: number | null) {
    const below = channel.messages.filter((m) => before === null || m.id < before);
    const shown: FakeMessage[] = [];
    let units = 0;
    for (let i = below.length - 1; i >= 0 && units < pageSize; i--) {
      shown.unshift(below[i]!);
      units += Math.max(1, below[i]!.parts.length);
    }
    const lowest = shown[0]?.id ?? null;
    const hasOlder = lowest !== null && below.some((m) => m.id < lowest);
    return { shown, lowest, hasOlder };
  }

  function historyPage(channel: FakeChannelState, shownAs: string, before: number | null): string {
    const { shown, lowest, hasOlder } = pageOf(channel, before);
    const prev = hasOlder ? `<link rel="prev" href="/s/${shownAs}?before=${lowest}">` : '';
    const more = hasOlder
      ? `<div class="tgme_widget_message_centered js-messages_more_wrap"><a href="/s/${shownAs}?before=${lowest}" class="tme_messages_more js-messages_more" data-before="${lowest}"></a></div>`
      : '';
    const body =
      shown.length > 0
        ? shown.map((m) => renderBlock(channel, m)).join('\n')
        : '<div class="tme_no_messages_found">No posts found</div>';
    return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>${escapeHtml(channel.title)} – Telegram</title><link rel="canonical" href="https://t.me/s/${channel.name}">${prev}</head>
<body class="widget_frame_base tgme_webpage tgme_channel_body">
<main class="tgme_main"><div class="tgme_container"><section class="tgme_channel_history js-message_history">${more}
${body}
</section></div></main>
<div class="tgme_right_column"><section class="tgme_channel_info"><div class="tgme_channel_info_header"><div class="tgme_channel_info_header_title"><span dir="auto">${escapeHtml(channel.title)}</span></div><div class="tgme_channel_info_header_username"><a href="https://t.me/${channel.name}">@${channel.name}</a></div></div></section></div>
</body></html>`;
  }

  function contactPage(name: string, channel: FakeChannelState | undefined): string {
    const inner = channel
      ? `<div class="tgme_page_title"><span dir="auto">${escapeHtml(channel.title)}</span></div><div class="tgme_page_extra">1 234 subscribers</div><div class="tgme_page_action"><a class="tgme_action_button_new shine" href="tg://resolve?domain=${name}">View in Telegram</a></div>`
      : `<div class="tgme_page_icon"></div><div class="tgme_page_description">If you have <strong>Telegram</strong>, you can contact <a class="tgme_username_link" href="tg://resolve?domain=${name}">@${name}</a> right away.</div>`;
    return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Telegram: Contact @${name}</title></head><body><div class="tgme_page_wrap"><div class="tgme_body_wrap"><div class="tgme_page">${inner}</div></div></div></body></html>`;
  }

  const take = <T extends { channel?: string; left: number }>(list: T[], channel: string | null): T | undefined => {
    const index = list.findIndex((f) => f.left > 0 && (f.channel === undefined || f.channel === channel));
    if (index < 0) return undefined;
    const found = list[index]!;
    found.left--;
    if (found.left === 0) list.splice(index, 1);
    return found;
  };

  async function answer(req: IncomingMessage, res: ServerResponse, url: URL, channelName: string | null) {
    const send = (status: number, body: string | Buffer, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
      res.end(body);
      return status;
    };
    const file = /^\/file\/([\w.-]+)\.jpg$/.exec(url.pathname);
    if (file) {
      const key = file[1]!;
      let jpeg = photoCache.get(key);
      if (!jpeg) photoCache.set(key, (jpeg = patternJpeg(key, options.photoSize)));
      return send(200, await jpeg, { 'content-type': 'image/jpeg' });
    }
    const hang = take(hangs, channelName);
    if (hang) {
      await new Promise((resolve) => setTimeout(resolve, hang.ms));
      if (res.destroyed) return 0;
    }
    const failure = take(failures, channelName);
    if (failure) {
      return send(
        failure.status,
        `<html><body>Too Many Requests</body></html>`,
        failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) },
      );
    }
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const preview = /^\/s\/([\w]+)\/?$/.exec(url.pathname);
    if (preview) {
      const asked = preview[1]!.toLowerCase();
      const channel = channels.get(aliases.get(asked) ?? asked);
      if (!channel || !channel.preview) return send(302, '', { location: `/${asked}` });
      const before = url.searchParams.has('before') ? Number(url.searchParams.get('before')) : null;
      return send(200, historyPage(channel, asked, before));
    }
    const contact = /^\/([\w]+)\/?$/.exec(url.pathname);
    if (contact) {
      const asked = contact[1]!.toLowerCase();
      return send(200, contactPage(asked, channels.get(aliases.get(asked) ?? asked)));
    }
    return send(404, 'Not found');
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const rest = url.pathname.startsWith('/s/') ? url.pathname.slice(3) : url.pathname.slice(1);
    const channelName = url.pathname.startsWith('/file/') ? null : (/^\w+/.exec(rest)?.[0]?.toLowerCase() ?? null);
    const startedAt = now();
    concurrent++;
    maxConcurrent = Math.max(maxConcurrent, concurrent);
    if (channelName) {
      const reading = inFlight.get(channelName) ?? 0;
      if (reading > 0) overlaps.set(channelName, (overlaps.get(channelName) ?? 0) + 1);
      inFlight.set(channelName, reading + 1);
    }
    const done = (status: number) => {
      concurrent--;
      if (channelName) inFlight.set(channelName, (inFlight.get(channelName) ?? 1) - 1);
      const before = url.searchParams.get('before');
      requests.push({
        path: url.pathname + url.search,
        channel: channelName,
        before: before === null ? null : Number(before),
        status,
        startedAt,
        endedAt: now(),
      });
    };
    answer(req, res, url, channelName).then(done, (err: unknown) => {
      done(500);
      if (!res.headersSent) res.writeHead(500).end(String(err));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function channelState(name: string): FakeChannelState {
    const state = channels.get(name.toLowerCase());
    if (!state) throw new Error(`fake t.me: no channel ${name}`);
    return state;
  }

  function handle(state: FakeChannelState): FakeChannel {
    const find = (id: number) => {
      const message = state.messages.find((m) => m.id === id);
      if (!message) throw new Error(`fake t.me: no message ${id} in ${state.name}`);
      return message;
    };
    return {
      get name() {
        return state.name;
      },
      post(input = {}) {
        const first = state.nextId;
        const photoCount = input.photos ?? 0;
        const kinds: ('photo' | 'video')[] = [
          ...Array.from({ length: photoCount }, () => 'photo' as const),
          ...(input.video ? ['video' as const] : []),
        ];
        const parts = kinds.map((kind, i) => ({ id: first + i, kind, file: `${state.name}-${first + i}-${kind}` }));
        state.nextId += Math.max(1, parts.length);
        state.messages.push({
          id: first,
          date: input.date ?? new Date(now()),
          html: input.html ?? textHtml(input.text ?? ''),
          parts,
          forwardedFrom: input.forwardedFrom ?? null,
          edited: false,
          service: false,
        });
        return first;
      },
      service(text) {
        const id = state.nextId++;
        state.messages.push({
          id,
          date: new Date(now()),
          html: textHtml(text),
          parts: [],
          forwardedFrom: null,
          edited: false,
          service: true,
        });
        return id;
      },
      edit(id, input) {
        const message = find(id);
        message.html = input.html ?? textHtml(input.text ?? '');
        message.edited = true;
      },
      remove(id) {
        find(id);
        state.messages = state.messages.filter((m) => m.id !== id);
      },
      setPreview(enabled) {
        state.preview = enabled;
      },
      ids() {
        return state.messages.flatMap((m) => (m.parts.length > 1 ? m.parts.map((p) => p.id) : [m.id]));
      },
    };
  }

  return {
    /** TELEGRAM_PREVIEW_URL for the readers. */
    url: origin,
    /** A channel with a preview; `firstId` is its next message id (t.me ids start at 1). */
    addChannel(name: string, opts: { title?: string; firstId?: number } = {}): FakeChannel {
      const state: FakeChannelState = {
        name: name.toLowerCase(),
        title: opts.title ?? name,
        preview: true,
        messages: [],
        nextId: opts.firstId ?? 1,
      };
      channels.set(state.name, state);
      return handle(state);
    },
    channel(name: string): FakeChannel {
      return handle(channelState(name));
    },
    /** The channel takes a new name; the old one names no one, or still shows it when `keepOldName` (a second username). */
    rename(from: string, to: string, opts: { keepOldName?: boolean } = {}) {
      const state = channelState(from);
      channels.delete(state.name);
      state.name = to.toLowerCase();
      channels.set(state.name, state);
      if (opts.keepOldName) aliases.set(from.toLowerCase(), state.name);
    },
    /** The next `count` answers are this status (429 with a Retry-After of `retryAfter` seconds). */
    failNext(status: number, opts: FakeFailure & { retryAfter?: number } = {}) {
      failures.push({
        status,
        retryAfter: opts.retryAfter,
        channel: opts.channel?.toLowerCase(),
        left: opts.count ?? 1,
      });
    },
    /** The next `count` requests get no answer for `ms` (a reader's timeout fires first). */
    hangNext(opts: FakeFailure & { ms?: number } = {}) {
      hangs.push({ ms: opts.ms ?? 30_000, channel: opts.channel?.toLowerCase(), left: opts.count ?? 1 });
    },
    requests,
    /** Makes every photo of the channels' posts now (a benchmark's floor should not pay for the fake's work). */
    async warmPhotos() {
      const files = [...channels.values()].flatMap((c) =>
        c.messages.flatMap((m) => m.parts.filter((p) => p.kind === 'photo').map((p) => p.file)),
      );
      for (const key of files) {
        if (!photoCache.has(key)) photoCache.set(key, patternJpeg(key, options.photoSize));
        await photoCache.get(key);
      }
    },
    /** Page requests of one channel (photos excluded). */
    requestsOf(name: string) {
      return requests.filter((r) => r.channel === name.toLowerCase());
    },
    /** The most requests that started within any one second (a sliding window over the arrival times). */
    maxRequestsPerSecond(filter: (r: FakeRequest) => boolean = () => true): number {
      return maxInAnyWindow(requests.filter(filter).map((r) => r.startedAt));
    },
    /** How often a request for a channel arrived while another for the same channel was still being answered. */
    overlaps,
    maxConcurrent: () => maxConcurrent,
    resetStats() {
      requests.length = 0;
      overlaps.clear();
      maxConcurrent = concurrent;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeTelegramPreview = Awaited<ReturnType<typeof startFakeTelegramPreview>>;
