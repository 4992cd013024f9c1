// Aggregation rules (issue 15): the kinds of sources, the content hash that catches reposts, and when two listings are
// the same physical vehicle. Pure; the server stores, de-duplicates and publishes with them.
import { normalizeSearchText } from './search-reference';

export const SOURCE_KINDS = ['telegram', 'vk'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/**
 * How a source is read (issue 28): the channel's public web preview, MTProto with a user session, VK's wall.get, or
 * the bot's own `channel_post` updates (a channel that made our bot an administrator; never scheduled).
 */
export const SOURCE_READ_VIA = ['telegram_preview', 'telegram_mtproto', 'vk_wall', 'telegram_bot'] as const;
export type SourceReadVia = (typeof SOURCE_READ_VIA)[number];

/** active: read on schedule; paused: by the operator; broken: failing (tried again rarely, see the last error). */
export const SOURCE_STATES = ['active', 'paused', 'broken'] as const;
export type SourceState = (typeof SOURCE_STATES)[number];

/** Two photos whose 64-bit dHashes differ in at most this many bits are taken for the same picture. */
export const DHASH_MAX_DISTANCE = 10;
/** Prices within this share of each other are 'close' (the same car re-priced a little, or rounded). */
export const CLOSE_PRICE_SHARE = 0.1;

const URL_RE = /(https?:\/\/|www\.)\S+|t\.me\/\S+|vk\.com\/\S+/giu;
const MENTION_RE = /[@#][\p{L}\p{N}_]+/gu;
const NOT_WORD_RE = /[^\p{L}\p{N}]+/gu;

/**
 * The text reposts share: lower case, 'ё' as 'е', look-alike letters folded; lines with a link or an @mention (a
 * channel's signature, 'Подписывайтесь: @avto_kzn'), #tags and every mark, emoji and line break dropped.
 */
export function normalizePostText(text: string): string {
  const lines = text
    .split('\n')
    .filter((line) => !/(https?:\/\/|www\.|t\.me\/|vk\.com\/|@[\p{L}\p{N}_]{3,})/iu.test(line));
  return normalizeSearchText(lines.join(' ').replace(URL_RE, ' ').replace(MENTION_RE, ' '))
    .replace(NOT_WORD_RE, ' ')
    .trim();
}

// cyrb53 (public domain, bryc): a fast 53-bit string hash; two seeds give 106 bits, enough to tell posts apart.
function cyrb53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** Content hash of a post's normalised text (28 hex digits); null for a post with no words. */
export function contentHash(text: string): string | null {
  const normal = normalizePostText(text);
  if (normal === '') return null;
  return cyrb53(normal, 1).toString(16).padStart(14, '0') + cyrb53(normal, 2).toString(16).padStart(14, '0');
}

/** Bits that differ between two 64-bit hashes written as 16 hex digits. */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let bits = 0;
  while (x > 0n) {
    bits += Number(x & 1n);
    x >>= 1n;
  }
  return bits;
}

export function isClosePrice(a: number | null, b: number | null): boolean {
  if (a === null || b === null || a <= 0 || b <= 0) return a === b;
  return Math.abs(a - b) <= CLOSE_PRICE_SHARE * Math.max(a, b);
}

/** Some photo of one listing is (nearly) the same picture as some photo of the other. */
export function sharesPhoto(a: readonly string[], b: readonly string[]): boolean {
  return a.some((x) => b.some((y) => hammingDistance(x, y) <= DHASH_MAX_DISTANCE));
}

export interface DuplicateCandidate {
  brand: string | null;
  model: string | null;
  year: number | null;
  price: number | null;
  currency: string | null;
  photoHashes: readonly string[];
}

/**
 * The same physical vehicle re-worded in another channel: same brand, model and year, a close price in the same
 * currency, and a shared photo. Without a photo in common two posts are never merged (two white 2018 Camrys at the
 * same price are common).
 */
export function isSameVehicle(a: DuplicateCandidate, b: DuplicateCandidate): boolean {
  const same = (x: string | null, y: string | null) => x !== null && y !== null && x.toLowerCase() === y.toLowerCase();
  return (
    same(a.brand, b.brand) &&
    same(a.model, b.model) &&
    a.year !== null &&
    a.year === b.year &&
    (a.currency ?? 'RUB') === (b.currency ?? 'RUB') &&
    isClosePrice(a.price, b.price) &&
    sharesPhoto(a.photoHashes, b.photoHashes)
  );
}
