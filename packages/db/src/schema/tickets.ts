import { TICKET_KINDS } from '@autoradar/core';
import { bigint, index, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt } from './columns';
import { users } from './users';

export const ticketKindEnum = pgEnum('ticket_kind', TICKET_KINDS);

/** Support requests and inspection orders; guests may send them, so the user is optional. */
export const tickets = pgTable(
  'tickets',
  {
    id: bigId(),
    kind: ticketKindEnum('kind').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** The ticket number shown to the user ("211125-437"). */
    ticket: text('ticket').notNull().unique(),
    message: text('message').notNull(),
    contacts: text('contacts'),
    url: text('url'),
    createdAt: createdAt(),
  },
  (t) => [index('tickets_user_id_idx').on(t.userId)],
);

export type Ticket = typeof tickets.$inferSelect;
export type NewTicket = typeof tickets.$inferInsert;
