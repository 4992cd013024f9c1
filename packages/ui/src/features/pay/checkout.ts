import { describePaymentError } from '@autoradar/core';
import { failureOf } from '../../api/api-error';
import type { Platform } from '../../platform';

/**
 * Sends the browser to the checkout page. A page on our own origin (the sandbox checkout) opens in place, so its
 * redirect to /payment/success lands back in the app; an external one (YooKassa) goes through the platform, which
 * in Telegram opens its in-app browser.
 */
export function openCheckout(
  url: string,
  platform: Pick<Platform, 'openLink'>,
  location: Pick<Location, 'href' | 'origin' | 'assign'> = window.location,
): void {
  const target = new URL(url, location.href);
  if (target.origin === location.origin) location.assign(target.href);
  else platform.openLink(target.href);
}

/** Spec §8 payment errors: the message and the field errors joined, else the generic text. */
export function describePayError(error: unknown): string {
  return describePaymentError(failureOf(error));
}
