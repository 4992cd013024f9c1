// Sources as data (issue 15, scheduled reads issue 28): the Telegram channels and VK walls listings are read from.
// Shared by the admin API and the bot's CLI (`pnpm --filter @autoradar/bot sources add|list|pause|resume|remove`).
import type { SourceKind, SourceReadVia } from '@autoradar/core/aggregation';
import {
  parseSourceLink,
  SOURCE_MESSAGES,
  type SourceLink,
  type SourcePostOutcome,
} from '@autoradar/core/source-links';
import { sourcePosts, sources, type Db, type Source } from '@autoradar/db';
import { and, asc, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { DomainError, invalidField, notFound } from '../domain-error';

export type SourceRef = { kind: SourceKind; identifier: string };

/** A parsed source with the way it is read: a public name through the web preview, a chat id through the bot. */
export type ReadableSourceRef = SourceLink;

/** What a person pastes for a source (core parseSourceLink), without the way it is read. */
export function parseSourceRef(input: string, kind?: SourceKind): SourceRef | null {
  const parsed = parseSourceLink(input, kind);
  return parsed ? { kind: parsed.kind, identifier: parsed.identifier } : null;
}

/** parseSourceRef plus how the source is read: @name and t.me/name by the web preview, '-100…' by the bot. */
export const parseReadableSourceRef = parseSourceLink;

const defaultReadVia = (ref: SourceRef): SourceReadVia => (ref.kind === 'vk' ? 'vk_wall' : 'telegram_bot');

/**
 * Registers a source (or brings a removed-by-pause one back): it is due at once, so the scheduler reads it within its
 * poll interval. Without `readVia` a Telegram source stays on the bot-admin path (channel_post updates).
 */
export async function addSource(
  db: Db,
  ref: SourceRef & { readVia?: SourceReadVia },
  title = '',
  partnerId: number | null = null,
  now = new Date(),
): Promise<Source> {
  const readVia = ref.readVia ?? defaultReadVia(ref);
  const [row] = await db
    .insert(sources)
    .values({ kind: ref.kind, identifier: ref.identifier, readVia, title, partnerId, state: 'active', nextReadAt: now })
    .onConflictDoUpdate({
      target: [sources.kind, sources.identifier],
      set: {
        state: 'active',
        readVia,
        ...(title ? { title } : {}),
        nextReadAt: now,
        failures: 0,
        failingSince: null,
        lastError: null,
      },
    })
    .returning();
  return row!;
}

export function listSources(db: Db): Promise<Source[]> {
  return db.select().from(sources).orderBy(asc(sources.kind), asc(sources.identifier));
}

export async function findSource(db: Db, id: number): Promise<Source | null> {
  const [row] = await db.select().from(sources).where(eq(sources.id, id));
  return row ?? null;
}

/** Pauses a source, or resumes it (due at once, its failures forgotten); null when there is no such source. */
export async function setSourcePaused(db: Db, id: number, paused: boolean, now = new Date()): Promise<Source | null> {
  const [row] = await db
    .update(sources)
    .set(
      paused
        ? { state: 'paused' }
        : { state: 'active', nextReadAt: now, failures: 0, failingSince: null, lastError: null },
    )
    .where(eq(sources.id, id))
    .returning();
  return row ?? null;
}

export async function findSourceByRef(db: Db, ref: SourceRef): Promise<Source | null> {
  const [row] = await db
    .select()
    .from(sources)
    .where(and(eq(sources.kind, ref.kind), eq(sources.identifier, ref.identifier)));
  return row ?? null;
}

/** Deletes a source; its listings stay (post_sources keep the link with a null source). */
export async function removeSource(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(sources).where(eq(sources.id, id)).returning({ id: sources.id });
  return rows.length > 0;
}

/** A source that is not paused (the bot-admin path takes channel posts from it). */
export async function findActiveSource(db: Db, ref: SourceRef): Promise<Source | null> {
  const [row] = await db
    .select()
    .from(sources)
    .where(and(eq(sources.kind, ref.kind), eq(sources.identifier, ref.identifier), ne(sources.state, 'paused')));
  return row ?? null;
}

// --- «Источники» and the CLI (issue 28): one service, two callers ---

/** A post's outcome counts over the last 24 hours. */
export interface SourceDayCounts {
  read: number;
  published: number;
  rejected: number;
}

export interface SourceSummary {
  source: Source;
  day: SourceDayCounts;
}

export interface SourcePostOutcomeRow {
  messageId: number;
  outcome: SourcePostOutcome;
  reason: string | null;
  postId: number | null;
  url: string | null;
  excerpt: string;
  seenAt: Date;
}

const DAY_MS = 86_400_000;
/** How many of a source's latest posts its page shows. */
export const SOURCE_LATEST_POSTS = 50;

async function dayCounts(db: Db, since: Date, sourceId?: number): Promise<Map<number, SourceDayCounts>> {
  const rows = await db
    .select({
      sourceId: sourcePosts.sourceId,
      read: sql<number>`count(*)::int`,
      published: sql<number>`count(*) filter (where ${sourcePosts.outcome} = 'published')::int`,
    })
    .from(sourcePosts)
    .where(
      sourceId === undefined
        ? gte(sourcePosts.seenAt, since)
        : and(eq(sourcePosts.sourceId, sourceId), gte(sourcePosts.seenAt, since)),
    )
    .groupBy(sourcePosts.sourceId);
  return new Map(
    rows.map((row) => [row.sourceId, { read: row.read, published: row.published, rejected: row.read - row.published }]),
  );
}

const NO_POSTS: SourceDayCounts = { read: 0, published: 0, rejected: 0 };

/** Every source with what it read, published and rejected in the 24 hours before `now`. */
export async function listSourceSummaries(db: Db, now = new Date()): Promise<SourceSummary[]> {
  const [rows, counts] = await Promise.all([listSources(db), dayCounts(db, new Date(now.getTime() - DAY_MS))]);
  return rows.map((source) => ({ source, day: counts.get(source.id) ?? NO_POSTS }));
}

async function summaryOf(db: Db, source: Source, now: Date): Promise<SourceSummary> {
  const counts = await dayCounts(db, new Date(now.getTime() - DAY_MS), source.id);
  return { source, day: counts.get(source.id) ?? NO_POSTS };
}

/** A source's page: its summary and its latest posts, newest first, each with what became of it. */
export async function getSourceDetail(
  db: Db,
  id: number,
  now = new Date(),
): Promise<SourceSummary & { posts: SourcePostOutcomeRow[] }> {
  const source = await findSource(db, id);
  if (!source) throw notFound();
  const [summary, posts] = await Promise.all([
    summaryOf(db, source, now),
    db
      .select({
        messageId: sourcePosts.messageId,
        outcome: sourcePosts.outcome,
        reason: sourcePosts.reason,
        postId: sourcePosts.postId,
        url: sourcePosts.url,
        excerpt: sourcePosts.excerpt,
        seenAt: sourcePosts.seenAt,
      })
      .from(sourcePosts)
      .where(eq(sourcePosts.sourceId, id))
      .orderBy(desc(sourcePosts.seenAt), desc(sourcePosts.messageId))
      .limit(SOURCE_LATEST_POSTS),
  ]);
  return { ...summary, posts };
}

/**
 * Adds a source by the link a person pasted (t.me/name, @name, vk.com/club123; `kind` vk for a bare owner id): due at
 * once, so a running scheduler reads it within its poll interval. A source already added is refused (409), so that
 * adding never quietly resumes one an operator paused.
 */
export async function registerSource(
  db: Db,
  input: { link: string; title?: string; kind?: SourceKind },
  now = new Date(),
): Promise<SourceSummary> {
  const link = parseSourceLink(input.link, input.kind);
  if (!link) throw invalidField('link', SOURCE_MESSAGES.badLink);
  if (await findSourceByRef(db, link)) throw new DomainError('conflict', SOURCE_MESSAGES.exists);
  const source = await addSource(db, link, input.title?.trim() ?? '', null, now);
  return { source, day: NO_POSTS };
}

/** Pauses or resumes a source; unknown ids are refused (404). */
export async function changeSourcePaused(
  db: Db,
  id: number,
  paused: boolean,
  now = new Date(),
): Promise<SourceSummary> {
  const source = await setSourcePaused(db, id, paused, now);
  if (!source) throw notFound();
  return summaryOf(db, source, now);
}

/** Removes a source (its listings stay); unknown ids are refused (404). */
export async function deleteSource(db: Db, id: number): Promise<void> {
  if (!(await removeSource(db, id))) throw notFound();
}
