import { formatCurrency, formatNumber } from '@autoradar/core';
import { escapeHtml } from '@autoradar/server/escape-html';
import { POSTS_MESSAGES } from './posts.messages';
import type { PostRow } from '@autoradar/server/listings/post-row';

// The listing page (DESIGN §2): the web app's shell with the listing's title, description and Open Graph tags in
// <head>, so crawlers and Telegram link previews read the listing without running the SPA, which then boots as usual.

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the preview image. */
  image: string | null;
  /** Canonical absolute URL of the page. */
  url: string;
  siteName: string;
}

const DESCRIPTION_MAX = 200;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  laquo: '«',
  raquo: '»',
  mdash: '—',
  ndash: '–',
  hellip: '…',
};

function decodeEntity(entity: string, name: string): string {
  const code = /^#x([\da-f]+)$/i.exec(name)?.[1] ?? null;
  const decimal = /^#(\d+)$/.exec(name)?.[1] ?? null;
  const point = code !== null ? Number.parseInt(code, 16) : decimal !== null ? Number(decimal) : null;
  if (point !== null) return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
  return ENTITIES[name.toLowerCase()] ?? entity;
}

/** The listing's HTML text as one plain line. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?\w+);/g, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:—-]+$/, '')}…`;
}

export function postPageMeta(post: PostRow, appUrl: string, siteName: string): PageMeta {
  const price = post.price === null ? null : formatCurrency(post.price, post.currency);
  const facts = [
    post.year === null ? null : POSTS_MESSAGES.year(post.year),
    post.mileage === null ? null : POSTS_MESSAGES.mileage(formatNumber(post.mileage)),
    post.location,
  ].filter((fact): fact is string => Boolean(fact));
  const text = plainText(post.text);
  const description = truncate([facts.join(', '), text].filter(Boolean).join('. '), DESCRIPTION_MAX);
  const media = post.media.find((m) => m.kind === 'photo') ?? post.media.find((m) => m.poster);
  const image = media ? (media.kind === 'photo' ? media.url : media.poster) : null;
  return {
    title: price ? `${post.title} — ${price}` : post.title,
    description: description || post.title,
    image: image ? new URL(image, `${appUrl}/`).toString() : null,
    url: `${appUrl}/posts/${post.id}`,
    siteName,
  };
}

/** A bare document for when the web app is not built (tests, API-only deployments): the tags still reach crawlers. */
const FALLBACK_SHELL =
  '<!doctype html>\n<html lang="ru">\n<head>\n<meta charset="utf-8" />\n<meta name="viewport" content="width=device-width, initial-scale=1" />\n<title></title>\n</head>\n<body>\n<div id="root"></div>\n</body>\n</html>\n';

/** The shell with its <title> and description replaced and Open Graph tags added. */
export function renderPage(shell: string | undefined, meta: PageMeta): string {
  const attr = escapeHtml;
  const tags = [
    `<meta name="description" content="${attr(meta.description)}" />`,
    `<link rel="canonical" href="${attr(meta.url)}" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="${attr(meta.siteName)}" />`,
    `<meta property="og:title" content="${attr(meta.title)}" />`,
    `<meta property="og:description" content="${attr(meta.description)}" />`,
    `<meta property="og:url" content="${attr(meta.url)}" />`,
    ...(meta.image
      ? [
          `<meta property="og:image" content="${attr(meta.image)}" />`,
          `<meta name="twitter:card" content="summary_large_image" />`,
        ]
      : [`<meta name="twitter:card" content="summary" />`]),
  ].join('\n    ');
  const title = `<title>${escapeHtml(`${meta.title} — ${meta.siteName}`)}</title>`;
  return (shell ?? FALLBACK_SHELL)
    .replace(/\s*<meta\s+name="description"[^>]*>/i, '')
    .replace(/<title>[^<]*<\/title>/, () => `${title}\n    ${tags}`);
}
