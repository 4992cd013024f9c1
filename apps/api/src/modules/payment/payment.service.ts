import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { User } from '@autoradar/contract';
import { PRO_PERIOD_MONTHS, extendProExpiry, getProCheckoutSum } from '@autoradar/core';
import type { Db, Payment } from '@autoradar/db';
import type { DomainEvents } from '@autoradar/server/events/domain-events';
import { DomainError } from '@autoradar/server/domain-error';
import { toUserDto } from '@autoradar/server/users/user-dto';
import { PAYMENT_MESSAGES } from './payment.messages';
import * as repo from './payment.repo';
import { ProviderUnavailableError, formatAmount, type PaymentProvider, type ProviderPayment } from './payment.provider';

// The PRO purchase (DESIGN.md §4): the server prices it, the provider confirms it, and PRO is granted once per
// payment — only after the payment has been read back from the provider, whatever a notification claims.

export interface PaymentDeps {
  db: Db;
  /** The provider new payments go to: YooKassa with shop credentials, else the sandbox (or none in production). */
  provider: PaymentProvider | null;
  /** Every provider a stored payment may belong to, by `payments.provider`. */
  providers: Partial<Record<PaymentProvider['kind'], PaymentProvider>>;
  appName: string;
  appUrl: string;
  clock: () => Date;
  events: DomainEvents;
  log: FastifyBaseLogger;
}

/**
 * Creates the payment at the provider and answers where to send the browser. The client's `sum` is ignored: one
 * month of PRO costs getProCheckoutSum(), also as an extension of a running PRO.
 */
export async function startProPayment(deps: PaymentDeps, user: User, wantsPro: boolean): Promise<string> {
  if (!wantsPro) throw new DomainError('invalid', PAYMENT_MESSAGES.proOnly, { pro: [PAYMENT_MESSAGES.proOnly] });
  const provider = deps.provider;
  if (!provider) throw new DomainError('unavailable', PAYMENT_MESSAGES.notConfigured);

  const amount = getProCheckoutSum();
  const idempotenceKey = randomUUID();
  const payment = await repo.insertPayment(deps.db, {
    userId: user.id,
    provider: provider.kind,
    idempotenceKey,
    amount,
    currency: 'RUB',
    status: 'pending',
    months: PRO_PERIOD_MONTHS,
  });
  let created: ProviderPayment;
  try {
    created = await provider.create({
      amountRub: amount,
      description: PAYMENT_MESSAGES.description(deps.appName),
      returnUrl: `${deps.appUrl}/payment/success`,
      idempotenceKey,
      metadata: { payment_id: String(payment.id), user_id: String(user.id) },
    });
  } catch (err) {
    await repo.setPaymentStatusUnlessSucceeded(deps.db, payment.id, 'canceled');
    if (err instanceof ProviderUnavailableError) {
      deps.log.error({ err }, 'payment not created at the provider');
      throw new DomainError('unavailable', PAYMENT_MESSAGES.providerUnavailable);
    }
    throw err;
  }
  if (!created.confirmationUrl) {
    await repo.setPaymentStatusUnlessSucceeded(deps.db, payment.id, 'canceled');
    deps.log.error({ providerPaymentId: created.id }, 'provider answered without a confirmation URL');
    throw new DomainError('unavailable', PAYMENT_MESSAGES.providerUnavailable);
  }
  await repo.updatePayment(deps.db, payment.id, {
    providerPaymentId: created.id,
    confirmationUrl: created.confirmationUrl,
  });
  return created.confirmationUrl;
}

/** Does what the provider reports belong to this stored payment (same id, amount, currency, our metadata)? */
function matchesStoredPayment(stored: Payment, remote: ProviderPayment): boolean {
  return (
    remote.id === stored.providerPaymentId &&
    Number(remote.amount.value) === Number(formatAmount(stored.amount)) &&
    remote.amount.currency === stored.currency &&
    (remote.metadata.payment_id === undefined || remote.metadata.payment_id === String(stored.id))
  );
}

/**
 * Extends PRO by the payment's months (max(now, pro_expired) + 1 month) in the transaction that marks the payment
 * succeeded; a payment already succeeded grants nothing. Returns the user after the grant, or null.
 */
export async function grantProForPayment(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  payment: Payment,
): Promise<User | null> {
  const now = deps.clock();
  const row = await deps.db.transaction(async (tx) => {
    const settled = await repo.markPaymentSucceeded(tx, payment.id, now);
    if (!settled) return null;
    const user = await repo.lockUser(tx, settled.userId);
    if (!user) return null;
    const tariff = { is_pro: user.isPro, pro_expired: user.proExpired };
    return repo.setUserPro(tx, user.id, extendProExpiry(tariff, now, settled.months));
  });
  return row ? toUserDto(row) : null;
}

/**
 * Brings a stored payment in line with the provider: reads it back, checks it is ours, then grants PRO when it
 * succeeded, or records the other status (a succeeded payment never moves back). `user.updated` is announced on
 * the domain event bus after a grant, for the realtime module to forward to the user's private channel.
 */
export async function syncPayment(deps: PaymentDeps, stored: Payment): Promise<Payment['status']> {
  const provider = deps.providers[stored.provider];
  if (!provider || !stored.providerPaymentId) {
    deps.log.warn({ paymentId: stored.id, provider: stored.provider }, 'payment of a provider that is not configured');
    return stored.status;
  }
  const remote = await provider.get(stored.providerPaymentId);
  if (!remote || !matchesStoredPayment(stored, remote)) {
    deps.log.warn(
      { paymentId: stored.id, providerPaymentId: stored.providerPaymentId },
      'provider does not confirm the payment',
    );
    return stored.status;
  }
  if (remote.status === 'succeeded' && remote.paid) {
    const user = await grantProForPayment(deps, stored);
    if (user) await deps.events.emit('user.updated', user);
    return 'succeeded';
  }
  if (remote.status !== 'succeeded') await repo.setPaymentStatusUnlessSucceeded(deps.db, stored.id, remote.status);
  return stored.status === 'succeeded' ? 'succeeded' : remote.status;
}

/**
 * A YooKassa notification. Only its payment id is used: an unknown id is acknowledged and ignored (so a forged
 * or foreign notification is not retried for ever); a provider that cannot be reached asks YooKassa to retry.
 */
export async function handleProviderNotification(deps: PaymentDeps, providerPaymentId: string): Promise<void> {
  const stored = await repo.findPaymentByProviderId(deps.db, providerPaymentId);
  if (!stored) {
    deps.log.warn({ providerPaymentId }, 'notification for an unknown payment ignored');
    return;
  }
  try {
    await syncPayment(deps, stored);
  } catch (err) {
    if (err instanceof ProviderUnavailableError) {
      deps.log.error({ err }, 'payment not re-read; the notification will be retried');
      throw new DomainError('unavailable', PAYMENT_MESSAGES.webhookRetry);
    }
    throw err;
  }
}
