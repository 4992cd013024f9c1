// The one interface every source reader answers (issue 28, DESIGN.md §6): the scheduler hands it a source and what was
// already seen, and gets back the posts that are new, the current state of the newest posts seen before (for edits),
// the ones confirmed gone, or a typed failure with a Russian message for the operator. Readers never throw for a
// source's own trouble (a 429, a missing channel, a timeout); a throw is a bug.

/** Where a photo is fetched from: the source's CDN over HTTP, or the message itself over MTProto. */
export type PhotoLocation =
  { via: 'http'; url: string } | { via: 'mtproto'; channel: string; messageId: number; poster: boolean };

export interface SourcePhoto {
  /** A video contributes its poster (thumbnail) as a photo, in the post's order. */
  kind: 'photo' | 'video-poster';
  location: PhotoLocation;
}

export interface SourceLink {
  /** What the reader sees in the text (kept in `text` as well). */
  text: string;
  url: string;
}

export interface SourcePost {
  /** The post's id: a Telegram message id (an album's first part) or a VK wall post id. */
  id: number;
  /** Every message the post spans (an album's parts), ascending; [id] for a single message. */
  messageIds: number[];
  date: Date;
  /** Plain text with line breaks; link texts stay where they were. */
  text: string;
  links: SourceLink[];
  /** In the post's order; at least the ones the source shows. */
  photos: SourcePhoto[];
  forwardedFrom: { name: string; url: string | null } | null;
  /** The source marks the post edited (Telegram's «edited», VK's edited date). */
  edited: boolean;
  /** When it was last edited, where the source says (MTProto, VK); the web preview shows only the mark. */
  editedAt: Date | null;
  /** The post's public address (t.me/<name>/<id>, vk.com/wall<owner>_<id>), null where there is none. */
  url: string | null;
}

export interface SourceCursor {
  /** The highest message id read so far; null before the first read. */
  lastSeenId: number | null;
  /** Ids of the newest posts already read (the scheduler's N) to re-check for edits and deletions. */
  recheckIds: readonly number[];
}

export interface SourceReadRequest extends SourceCursor {
  /** Telegram: the channel's username without @; VK: the wall's owner id (groups negative). */
  identifier: string;
  signal?: AbortSignal;
}

export interface SourceReadSuccess {
  ok: true;
  /** Posts with an id above lastSeenId, oldest first (all of the newest page on a first read). */
  fresh: SourcePost[];
  /** The re-checked posts that are still there, as they are now (the caller compares text, photos and price). */
  rechecked: SourcePost[];
  /** Re-checked ids confirmed gone: a successful read covered the range that must hold them, and they were absent. */
  gone: number[];
  /** The new high-water mark (the highest message id seen, album parts and service messages included). */
  lastSeenId: number | null;
  /** Catch-up stopped at its page bound before it reached lastSeenId: posts between were not read. */
  truncated: boolean;
  /** How many HTTP or API requests the read took. */
  requests: number;
  /** What the source calls itself now (the admin screen's title; a changed username after a rename). */
  channel: { title: string | null; username: string | null };
}

export const SOURCE_FAILURE_CODES = [
  'not-found',
  'preview-disabled',
  'renamed',
  'private',
  'rate-limited',
  'timeout',
  'network',
  'unreadable',
  'auth',
] as const;
export type SourceFailureCode = (typeof SOURCE_FAILURE_CODES)[number];

export interface SourceFailure {
  code: SourceFailureCode;
  /** For the operator («Источники»), in Russian. */
  message: string;
  /** rate-limited: wait at least this long before the next request. */
  retryAfterMs?: number;
  /** rate-limited: 'host' when every source of this reader must wait (VK error 29, an MTProto FLOOD_WAIT). */
  scope?: 'source' | 'host';
  /** renamed: the channel's name now, when the source tells it. */
  newName?: string;
}

export interface SourceReadFailure {
  ok: false;
  failure: SourceFailure;
  /** Requests made before the failure (they count against the host's limits all the same). */
  requests: number;
}

export type SourceReadOutcome = SourceReadSuccess | SourceReadFailure;

export type SourceReaderKind = 'telegram-preview' | 'telegram-mtproto' | 'vk';

export interface SourceReader {
  readonly kind: SourceReaderKind;
  read(request: SourceReadRequest): Promise<SourceReadOutcome>;
}
