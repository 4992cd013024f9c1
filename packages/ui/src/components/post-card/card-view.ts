import type { Post } from '@autoradar/contract';
import { formatTimeAgo } from '@autoradar/core';
import { badgeClass } from '../badge/badge-class';
import { formatPostPrice } from '../format-post-price';
import { marketMessages } from '../market-badge/messages';
import { MARKET_BADGE_TONES } from '../market-badge/tones';
import { postCardMessages as t } from './messages';
import { mediaPicture, pictureSrcSet } from './picture';

// What a post card says, apart from how it is drawn (issue 32): React's PostCard and the first paint before React
// (first-paint/painter.ts) both take their classes and texts from here, so the card a returning user sees first and
// the one React puts in its place are the same (first-paint/painter.test.tsx renders both and compares them).

export interface CardPicture {
  src: string;
  srcSet: string | undefined;
  alt: string;
}

export interface PostCardView {
  className: string;
  pictures: CardPicture[];
  title: string;
  /** The price as shown, or «Цена не указана». */
  priceText: string;
  priceClass: string;
  /** The market estimate's badge, when there is one. */
  market: { className: string; text: string } | null;
  /** Year and place, «2018 г. · Москва»; empty when neither is known. */
  details: string;
  time: { dateTime: string; text: string };
  /** «Новое» or «Обновлено» in the card's corner. */
  mark: { className: string; text: string } | null;
}

/** The card of a listing at this moment (its «5 минут назад» is counted from `now`). */
export function postCardView(post: Post, now: Date): PostCardView {
  const price = formatPostPrice(post);
  const mark = post.isUpdated ? t.isUpdated : post.isNew ? t.isNew : null;
  return {
    className: ['post-card', post.isNew ? 'post-card--new' : '', post.isUpdated ? 'post-card--updated' : '']
      .filter(Boolean)
      .join(' '),
    pictures: post.mediaFiles.flatMap((file) => {
      const src = mediaPicture(file);
      return src ? [{ src, srcSet: pictureSrcSet(file), alt: file.title || post.title }] : [];
    }),
    title: post.title,
    priceText: price ?? t.noPrice,
    priceClass: price ? 'post-card__price' : 'post-card__price post-card__price--none',
    market: post.market
      ? {
          className: badgeClass(MARKET_BADGE_TONES[post.market.verdict], 's'),
          text: marketMessages.verdict[post.market.verdict],
        }
      : null,
    details: [post.year ? t.yearSuffix(post.year) : null, post.location].filter(Boolean).join(' · '),
    time: { dateTime: post.published_at, text: formatTimeAgo(post.published_at, now) },
    mark: mark ? { className: badgeClass('accent', 's', 'post-card__mark'), text: mark } : null,
  };
}
