import { buildSourcePosts, type RawSourceMessage } from './build-source-posts';
import type { SourceCursor, SourceFailure, SourceReadSuccess } from './source-reader';

// Paging back through a source that shows its newest posts first (the web preview's ?before=, VK's offset), shared by
// the readers: read until the last post already seen (catch-up after downtime) and until the oldest post to re-check,
// within a bound; then decide which re-checked posts are confirmed gone. A post counts as gone only when a page that
// was read successfully covers its id and it is not there; a failed page fails the whole read, so a read that broke
// off never reports a deletion and never moves past posts it did not see.

export interface SourcePage<T> {
  items: T[];
  /** Every message id the page shows (album parts and service messages included). */
  ids: number[];
  /** The lowest id in the page's run of history (a pinned post shown out of order does not count); null when empty. */
  lowest: number | null;
  /** Whether older history exists below this page. */
  hasOlder: boolean;
}

export type PageOutcome<T> = { ok: true; page: SourcePage<T> } | { ok: false; failure: SourceFailure };

export interface PagedRead<T> {
  ok: true;
  pages: SourcePage<T>[];
  /** Ids the read saw. */
  seen: Set<number>;
  /** Every id at or above this was covered by the pages read (0 when the read reached the channel's start). */
  coveredFrom: number;
  truncated: boolean;
}

export interface ReadPagesOptions<T> {
  cursor: SourceCursor;
  /** The newest page. */
  first: () => Promise<PageOutcome<T>>;
  /** The page just below `lowest`. */
  older: (lowest: number) => Promise<PageOutcome<T>>;
  /** At most this many pages in one read (the newest included). */
  maxPages: number;
}

export async function readPagesBack<T>(
  options: ReadPagesOptions<T>,
): Promise<PagedRead<T> | { ok: false; failure: SourceFailure }> {
  const { cursor } = options;
  const oldestRecheck = cursor.recheckIds.length > 0 ? Math.min(...cursor.recheckIds) : null;
  const pages: SourcePage<T>[] = [];
  let outcome = await options.first();
  for (;;) {
    if (!outcome.ok) return outcome;
    const page = outcome.page;
    pages.push(page);
    const lowest = Math.min(...pages.map((p) => p.lowest ?? Infinity));
    if (!page.hasOlder || lowest === Infinity) break;
    // Catch-up: posts may exist between the last one seen and the lowest one read. A first read takes one page.
    const gap = cursor.lastSeenId !== null && lowest > cursor.lastSeenId + 1;
    const recheckBelow = oldestRecheck !== null && oldestRecheck < lowest;
    if (!gap && !recheckBelow) break;
    if (pages.length >= options.maxPages) break;
    outcome = await options.older(lowest);
  }
  const last = pages[pages.length - 1]!;
  const lowest = Math.min(...pages.map((p) => p.lowest ?? Infinity));
  const reachedStart = !last.hasOlder;
  const coveredFrom = reachedStart ? 0 : lowest;
  return {
    ok: true,
    pages,
    seen: new Set(pages.flatMap((p) => p.ids)),
    coveredFrom,
    truncated: !reachedStart && cursor.lastSeenId !== null && lowest > cursor.lastSeenId + 1,
  };
}

/** The re-checked ids a successful paged read proves gone: inside the covered range and not shown. */
export function confirmedGone(recheckIds: readonly number[], read: Pick<PagedRead<unknown>, 'seen' | 'coveredFrom'>) {
  return recheckIds.filter((id) => id >= read.coveredFrom && !read.seen.has(id));
}

/** A successful paged read as the reader interface answers it: new posts, re-checked ones, confirmed deletions. */
export function pagedReadSuccess(
  cursor: SourceCursor,
  read: PagedRead<RawSourceMessage>,
  extra: { postUrl: (id: number) => string | null; requests: number; channel: SourceReadSuccess['channel'] },
): SourceReadSuccess {
  const unique = new Map<number, RawSourceMessage>();
  for (const message of read.pages.flatMap((p) => p.items)) unique.set(message.id, message);
  const posts = buildSourcePosts([...unique.values()], { postUrl: extra.postUrl });
  const last = cursor.lastSeenId;
  const recheck = new Set(cursor.recheckIds);
  const highest = Math.max(last ?? 0, ...read.seen);
  return {
    ok: true,
    fresh: posts.filter((post) => last === null || post.id > last),
    rechecked: posts.filter((post) => recheck.has(post.id) && (last === null || post.id <= last)),
    gone: confirmedGone(cursor.recheckIds, read),
    lastSeenId: highest > 0 ? highest : last,
    truncated: read.truncated,
    requests: extra.requests,
    channel: extra.channel,
  };
}
