import { and, eq, ne } from 'drizzle-orm';
import type { PaymentStatus } from '@autoradar/core';
import { payments, users, type Db, type NewPayment, type Payment, type User } from '@autoradar/db';

export async function insertPayment(db: Db, payment: NewPayment): Promise<Payment> {
  const [row] = await db.insert(payments).values(payment).returning();
  return row!;
}

export async function updatePayment(
  db: Db,
  id: number,
  values: Partial<Pick<Payment, 'providerPaymentId' | 'confirmationUrl' | 'status'>>,
): Promise<void> {
  await db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payments.id, id));
}

export async function findPaymentByProviderId(db: Db, providerPaymentId: string): Promise<Payment | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
  return row;
}

/**
 * The one transition that grants PRO: any status -> succeeded, at most once per payment. Concurrent notifications
 * queue on the row lock; the second finds it succeeded and gets nothing back.
 */
export async function markPaymentSucceeded(tx: Db, id: number, paidAt: Date): Promise<Payment | undefined> {
  const [row] = await tx
    .update(payments)
    .set({ status: 'succeeded', paidAt, updatedAt: paidAt })
    .where(and(eq(payments.id, id), ne(payments.status, 'succeeded')))
    .returning();
  return row;
}

/** Other statuses follow the provider, but a succeeded payment never moves back. */
export async function setPaymentStatusUnlessSucceeded(
  db: Db,
  id: number,
  status: Exclude<PaymentStatus, 'succeeded'>,
): Promise<void> {
  await db
    .update(payments)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(payments.id, id), ne(payments.status, 'succeeded')));
}

export async function lockUser(tx: Db, id: number): Promise<User | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function setUserPro(tx: Db, id: number, proExpired: Date): Promise<User> {
  const [row] = await tx
    .update(users)
    .set({ isPro: true, proExpired, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}
