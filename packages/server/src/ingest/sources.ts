// Sources as data (issue 15, scheduled reads issue 28): the Telegram channels and VK walls listings are read from.
// Shared by the admin API and the bot's CLI (`pnpm --filter @autoradar/bot sources add|list|pause|resume|remove`).
import type { SourceKind, SourceReadVia } from '@autoradar/core/aggregation';
import { sources, type Db, type Source } from '@autoradar/db';
import { and, asc, eq, ne } from 'drizzle-orm';

export type SourceRef = { kind: SourceKind; identifier: string };

/** A parsed source with the way it is read: a public name through the web preview, a chat id through the bot. */
export type ReadableSourceRef = SourceRef & { readVia: SourceReadVia };

/**
 * What a person pastes for a source: '@channel', 't.me/channel', 'https://t.me/channel', a numeric chat id
 * '-100…' (Telegram); 'vk.com/club123', 'vk.com/public123', '-123' with kind vk (VK walls are read by owner id).
 */
export function parseSourceRef(input: string, kind?: SourceKind): SourceRef | null {
  const parsed = parseReadableSourceRef(input, kind);
  return parsed ? { kind: parsed.kind, identifier: parsed.identifier } : null;
}

/** parseSourceRef plus how the source is read: @name and t.me/name by the web preview, '-100…' by the bot. */
export function parseReadableSourceRef(input: string, kind?: SourceKind): ReadableSourceRef | null {
  const value = input.trim();
  const vk = /^(?:https?:\/\/)?(?:m\.)?vk\.com\/(?:club|public)(\d+)\/?$/i.exec(value);
  if (vk?.[1]) return { kind: 'vk', identifier: `-${vk[1]}`, readVia: 'vk_wall' };
  if (kind === 'vk') return /^-?\d+$/.test(value) ? { kind: 'vk', identifier: value, readVia: 'vk_wall' } : null;
  const tg = /^(?:(?:https?:\/\/)?t\.me\/(?:s\/)?|@)?([A-Za-z][A-Za-z0-9_]{3,31})\/?$/.exec(value);
  if (tg?.[1]) return { kind: 'telegram', identifier: tg[1].toLowerCase(), readVia: 'telegram_preview' };
  if (/^-100\d{5,}$/.test(value)) return { kind: 'telegram', identifier: value, readVia: 'telegram_bot' };
  return null;
}

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
