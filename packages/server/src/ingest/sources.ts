// Sources as data (issue 15): the Telegram channels and VK walls listings are read from. Shared by the admin API and
// the bot's CLI (`pnpm --filter @autoradar/bot sources add|list|pause`).
import type { SourceKind } from '@autoradar/core/aggregation';
import { sources, type Db, type Source } from '@autoradar/db';
import { and, asc, eq } from 'drizzle-orm';

export type SourceRef = { kind: SourceKind; identifier: string };

/**
 * What a person pastes for a source: '@channel', 't.me/channel', 'https://t.me/channel', a numeric chat id
 * '-100…' (Telegram); 'vk.com/club123', 'vk.com/public123', '-123' with kind vk (VK walls are read by owner id).
 */
export function parseSourceRef(input: string, kind?: SourceKind): SourceRef | null {
  const value = input.trim();
  const vk = /^(?:https?:\/\/)?(?:m\.)?vk\.com\/(?:club|public)(\d+)\/?$/i.exec(value);
  if (vk?.[1]) return { kind: 'vk', identifier: `-${vk[1]}` };
  if (kind === 'vk') return /^-?\d+$/.test(value) ? { kind: 'vk', identifier: value } : null;
  const tg = /^(?:(?:https?:\/\/)?t\.me\/|@)?([A-Za-z][A-Za-z0-9_]{3,31})\/?$/.exec(value);
  if (tg?.[1]) return { kind: 'telegram', identifier: tg[1].toLowerCase() };
  if (/^-100\d{5,}$/.test(value)) return { kind: 'telegram', identifier: value };
  return null;
}

export async function addSource(db: Db, ref: SourceRef, title = '', partnerId: number | null = null): Promise<Source> {
  const [row] = await db
    .insert(sources)
    .values({ ...ref, title, partnerId, active: true })
    .onConflictDoUpdate({ target: [sources.kind, sources.identifier], set: { active: true, title } })
    .returning();
  return row!;
}

export function listSources(db: Db): Promise<Source[]> {
  return db.select().from(sources).orderBy(asc(sources.kind), asc(sources.identifier));
}

export async function setSourceActive(db: Db, ref: SourceRef, active: boolean): Promise<Source | null> {
  const [row] = await db
    .update(sources)
    .set({ active })
    .where(and(eq(sources.kind, ref.kind), eq(sources.identifier, ref.identifier)))
    .returning();
  return row ?? null;
}

export async function findActiveSource(db: Db, ref: SourceRef): Promise<Source | null> {
  const [row] = await db
    .select()
    .from(sources)
    .where(and(eq(sources.kind, ref.kind), eq(sources.identifier, ref.identifier), eq(sources.active, true)));
  return row ?? null;
}
