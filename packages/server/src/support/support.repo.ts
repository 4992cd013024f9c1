import { like } from 'drizzle-orm';
import { tickets, type Db, type NewTicket } from '@autoradar/db';

/** Stores the ticket unless its number is taken; returns whether it was stored. */
export async function insertTicketIfFree(db: Db, ticket: NewTicket): Promise<boolean> {
  const rows = await db
    .insert(tickets)
    .values(ticket)
    .onConflictDoNothing({ target: tickets.ticket })
    .returning({ id: tickets.id });
  return rows.length > 0;
}

/** Numbers already used with this prefix ("211125-"). */
export async function ticketNumbersWithPrefix(db: Db, prefix: string): Promise<Set<string>> {
  const rows = await db
    .select({ ticket: tickets.ticket })
    .from(tickets)
    .where(like(tickets.ticket, `${prefix}%`));
  return new Set(rows.map((r) => r.ticket));
}
