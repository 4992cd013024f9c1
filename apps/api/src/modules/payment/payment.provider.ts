import type { PaymentProviderKind, PaymentStatus } from '@autoradar/core';

/** A payment as the provider reports it (YooKassa's payment object, reduced to what the API decides on). */
export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  paid: boolean;
  /** Decimal string with two places ("1000.00"), as YooKassa writes amounts. */
  amount: { value: string; currency: string };
  metadata: Record<string, string>;
  /** Where the buyer confirms the payment (redirect confirmation). */
  confirmationUrl: string | null;
}

export interface CreatePaymentRequest {
  amountRub: number;
  description: string;
  returnUrl: string;
  idempotenceKey: string;
  metadata: Record<string, string>;
}

/** YooKassa or the local sandbox: the service drives both through the same two calls. */
export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  create(request: CreatePaymentRequest): Promise<ProviderPayment>;
  /** The payment as the provider knows it now; null when the provider does not know the id. */
  get(id: string): Promise<ProviderPayment | null>;
}

/** The provider could not be reached or answered an error it should not: retry later. */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
}

export const formatAmount = (rub: number) => rub.toFixed(2);
