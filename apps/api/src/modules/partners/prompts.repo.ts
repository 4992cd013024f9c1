import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { prompts, type Db, type NewPrompt, type Prompt } from '@autoradar/db';
import { POSITION_MAX } from '@autoradar/core';

export function listPrompts(db: Db, partnerId: number): Promise<Prompt[]> {
  return db
    .select()
    .from(prompts)
    .where(eq(prompts.partnerId, partnerId))
    .orderBy(asc(prompts.position), asc(prompts.id));
}

export async function findPrompt(db: Db, partnerId: number, promptId: number): Promise<Prompt | undefined> {
  const [row] = await db
    .select()
    .from(prompts)
    .where(and(eq(prompts.partnerId, partnerId), eq(prompts.id, promptId)));
  return row;
}

/** Whether another prompt of the partner already uses the key. */
export async function isPromptKeyTaken(db: Db, partnerId: number, key: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: prompts.id })
    .from(prompts)
    .where(
      and(
        eq(prompts.partnerId, partnerId),
        eq(prompts.key, key),
        exceptId === undefined ? undefined : ne(prompts.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** One past the last position, so a prompt saved without a position goes to the end of the list. */
export async function nextPromptPosition(db: Db, partnerId: number): Promise<number> {
  const [row] = await db
    // The next free place, held inside the column's CHECK: after a prompt at POSITION_MAX the new one shares it.
    .select({ next: sql<number>`least(coalesce(max(${prompts.position}) + 1, 0), ${POSITION_MAX})::int` })
    .from(prompts)
    .where(eq(prompts.partnerId, partnerId));
  return row?.next ?? 0;
}

export async function insertPrompt(db: Db, values: NewPrompt): Promise<Prompt> {
  const [row] = await db.insert(prompts).values(values).returning();
  return row!;
}

export async function updatePrompt(
  db: Db,
  partnerId: number,
  promptId: number,
  values: Pick<NewPrompt, 'key' | 'title' | 'text' | 'position'>,
): Promise<Prompt | undefined> {
  const [row] = await db
    .update(prompts)
    .set(values)
    .where(and(eq(prompts.partnerId, partnerId), eq(prompts.id, promptId)))
    .returning();
  return row;
}

export async function deletePrompt(db: Db, partnerId: number, promptId: number): Promise<boolean> {
  const rows = await db
    .delete(prompts)
    .where(and(eq(prompts.partnerId, partnerId), eq(prompts.id, promptId)))
    .returning({ id: prompts.id });
  return rows.length > 0;
}
