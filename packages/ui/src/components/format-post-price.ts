import type { Post } from '@autoradar/contract';
import { DEFAULT_CURRENCY, formatCurrency, formatPrice } from '@autoradar/core';

/** A listing's price as shown on cards and the listing page; null when the seller gave none. */
export function formatPostPrice(post: Pick<Post, 'price' | 'currency'>): string | null {
  if (post.price === null) return null;
  return post.currency.toUpperCase() === DEFAULT_CURRENCY
    ? formatPrice(post.price)
    : formatCurrency(post.price, post.currency);
}
