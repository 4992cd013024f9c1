import { load, type Cheerio, type CheerioAPI } from 'cheerio';
import { isTag, isText, type AnyNode, type Element } from 'domhandler';
import type { RawSourceMessage } from '../build-source-posts';
import type { SourceLink, SourcePhoto } from '../source-reader';
import { PREVIEW_SELECTORS as S } from './preview-selectors';

// t.me's public channel pages read with an HTML parser (cheerio): the message list of /s/<name> into the messages the
// shared normaliser takes, and the /<name> page a channel without a preview redirects to into "exists or not".

export interface PreviewHistoryPage {
  kind: 'history';
  /** The channel's card: its title and the username t.me now shows for it. */
  title: string | null;
  username: string | null;
  /** The channel name the post blocks carry (data-post), lower-case; null on a page without posts. */
  postsChannel: string | null;
  messages: RawSourceMessage[];
  hasOlder: boolean;
}

export interface PreviewOtherPage {
  /** contact: t.me/<name> (a name in use: title set; a free name: title null); unknown: anything else. */
  kind: 'contact' | 'unknown';
  title: string | null;
}

export type PreviewPage = PreviewHistoryPage | PreviewOtherPage;

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The URL inside a CSS `url(...)` value, quotes removed; null when the value is not one. */
export function cssUrl(value: string | undefined): string | null {
  const v = value?.trim() ?? '';
  if (!v.startsWith('url(') || !v.endsWith(')')) return null;
  const inner = v.slice(4, -1).trim();
  const quoted = (inner.startsWith("'") && inner.endsWith("'")) || (inner.startsWith('"') && inner.endsWith('"'));
  const url = quoted ? inner.slice(1, -1) : inner;
  return url === '' ? null : url;
}

function absolute(href: string | undefined, base: string): string | null {
  if (!href) return null;
  try {
    return new URL(href, base).href;
  } catch {
    return null;
  }
}

/** The message id a t.me post link names (`https://t.me/<name>/<id>`, `…?single`); null for any other link. */
function messageIdOf(href: string | undefined, base: string): number | null {
  const url = absolute(href, base);
  if (!url) return null;
  const last = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
  const id = Number(last);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Text as the reader sees it: `<br>` is a line break, links and emoji keep their text, and every link is listed with
 * its address. Since April 2024 t.me writes `&` as `&amp;` inside the addresses of links that carry an onclick
 * confirmation (RSSHub documents the same), so those are unescaped once.
 */
function readText($: CheerioAPI, root: Cheerio<Element>, base: string): { text: string; links: SourceLink[] } {
  const links: SourceLink[] = [];
  const walk = (node: AnyNode): string => {
    if (isText(node)) return node.data;
    if (!isTag(node)) return '';
    if (node.name === 'br') return '\n';
    const inner = node.children.map(walk).join('');
    if (node.name === 'a') {
      const raw = node.attribs['href'];
      const href = raw !== undefined && node.attribs['onclick'] !== undefined ? raw.replaceAll('&amp;', '&') : raw;
      const url = absolute(href, base);
      if (url && inner.trim() !== '') links.push({ text: inner, url });
    }
    return inner;
  };
  const text = root
    .first()
    .contents()
    .toArray()
    .map(walk)
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
  return { text, links };
}

function readMedia($: CheerioAPI, block: Cheerio<Element>, base: string) {
  const photos: SourcePhoto[] = [];
  const partIds: number[] = [];
  // Most posts quote nothing, so the containment check runs only where there is something to be inside.
  const quotes = block.find(S.foreignMedia).length > 0;
  block.find(S.media).each((_, element) => {
    const media = $(element);
    if (quotes && media.closest(S.foreignMedia).length > 0) return;
    const isVideo = media.hasClass(S.videoClass);
    const style = isVideo ? media.find(S.videoThumb).first().css('background-image') : media.css('background-image');
    const url = absolute(cssUrl(style) ?? undefined, base);
    const partId = messageIdOf(media.attr('href'), base);
    if (partId !== null) partIds.push(partId);
    if (url) photos.push({ kind: isVideo ? 'video-poster' : 'photo', location: { via: 'http', url } });
  });
  return { photos, partIds };
}

function readMessage(
  $: CheerioAPI,
  element: Element,
  base: string,
): { channel: string; message: RawSourceMessage } | null {
  const block = $(element);
  const [channel = '', idText = ''] = (block.attr('data-post') ?? '').split('/');
  const id = Number(idText);
  if (!channel || !Number.isSafeInteger(id) || id <= 0) return null;
  const when = new Date(block.find(S.date).first().attr('datetime') ?? '');
  const bubble = block.children(S.bubble);
  const own = bubble.children(S.text);
  const { text, links } = readText(
    $,
    own.length > 0 ? own : bubble.children(S.supportedContainer).children(S.text),
    base,
  );
  const { photos, partIds } = readMedia($, block, base);
  const metaWords = block
    .find(S.meta)
    .first()
    .contents()
    .filter((_, node) => isText(node))
    .text();
  const forward = block.find(S.forwardedName).first();
  return {
    channel: channel.toLowerCase(),
    message: {
      id,
      partIds: [...new Set(partIds)].filter((part) => part !== id),
      date: Number.isNaN(when.getTime()) ? new Date(0) : when,
      text,
      links,
      photos,
      groupedId: null,
      forwardedFrom:
        forward.length > 0
          ? { name: clean(forward.text()), url: forward.is('a') ? absolute(forward.attr('href'), base) : null }
          : null,
      edited: metaWords.toLowerCase().includes(S.editedMark),
      editedAt: null,
      service: block.hasClass(S.serviceClass),
    },
  };
}

/**
 * Reads one page t.me served for `pageUrl` (used to resolve relative links). Parsed by htmlparser2 in HTML mode
 * rather than cheerio's default parse5: t.me's pages are well-formed, and htmlparser2 builds their tree about four
 * times faster (docs/performance.md), which is most of a read's CPU.
 */
export function parsePreviewPage(html: string, pageUrl: string): PreviewPage {
  const $ = load(html, { xml: { xmlMode: false, decodeEntities: true } });
  const history = $(S.history);
  if (history.length === 0) {
    const title = $(S.pageTitle).first();
    if (title.length > 0) return { kind: 'contact', title: clean(title.text()) || null };
    return { kind: $('.tgme_page').length > 0 ? 'contact' : 'unknown', title: null };
  }
  const messages: RawSourceMessage[] = [];
  let postsChannel: string | null = null;
  history.find(S.message).each((_, element) => {
    const read = readMessage($, element, pageUrl);
    if (!read) return;
    postsChannel ??= read.channel;
    messages.push(read.message);
  });
  const username = clean($(S.channelUsername).first().text()).replace(/^@/, '');
  return {
    kind: 'history',
    title: clean($(S.channelTitle).first().text()) || null,
    username: username === '' ? null : username.toLowerCase(),
    postsChannel,
    messages,
    hasOlder: $(S.olderLinks).length > 0 && history.find(S.noPosts).length === 0,
  };
}
