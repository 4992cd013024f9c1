import { PAYMENT_PROVIDER_KINDS, PAYMENT_STATUSES } from '@autoradar/core';
import { bigint, char, index, integer, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bigId, createdAt, updatedAt } from './columns';
import { users } from './users';

export const paymentProviderEnum = pgEnum('payment_provider', PAYMENT_PROVIDER_KINDS);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);

// No cascade from users: payment records are kept for accounting.
export const payments = pgTable(
  'payments',
  {
    id: bigId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    provider: paymentProviderEnum('provider').notNull().default('yookassa'),
    providerPaymentId: text('provider_payment_id').unique(),
    /** Sent as the provider's Idempotence-Key so a retried create never charges twice. */
    idempotenceKey: text('idempotence_key').notNull().unique(),
    /** Whole roubles, computed by the server. */
    amount: integer('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull().default('RUB'),
    status: paymentStatusEnum('status').notNull().default('pending'),
    months: integer('months').notNull().default(1),
    confirmationUrl: text('confirmation_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('payments_user_id_idx').on(t.userId)],
);

/**
 * The sandbox checkout's own records: what a provider would hold, kept apart from `payments` so that settling a
 * sandbox payment re-reads "the provider" exactly as a YooKassa notification does.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  status: paymentStatusEnum('status').notNull().default('pending'),
  /** Decimal string with two places, as YooKassa writes amounts ("1000.00"). */
  amountValue: text('amount_value').notNull(),
  currency: char('currency', { length: 3 }).notNull().default('RUB'),
  description: text('description'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  returnUrl: text('return_url').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type Payment = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type SandboxPayment = typeof sandboxPayments.$inferSelect;
