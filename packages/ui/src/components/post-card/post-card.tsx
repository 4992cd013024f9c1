import { memo, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { Post } from '@autoradar/contract';
import { CARD_MEDIA_CYCLE_MS, formatTimeAgo } from '@autoradar/core';
import { formatPostPrice } from '../format-post-price';
import { FavouriteButton } from './favourite-button';
import { postCardMessages as t } from './messages';
import { useMinuteClock } from './now';
import { useMediaCycle } from './use-media-cycle';
import { postPath } from '../../paths';
import { Badge } from '../badge/badge';
import { MarketBadge } from '../market-badge';
import { CARD_SIZES, mediaPicture, pictureSrcSet, SMALL_SIDE } from './picture';
import './post-card.css';

export interface PostCardProps {
  post: Post;
  /** Whether the card offers the favourite button (spec §6: only when the card may be noted). */
  canNote?: boolean;
  /** How long each photo stays before the next (spec §9: 3000 ms). */
  cycleMs?: number;
  /** Called before the listing opens (the feed remembers its scroll position). */
  onOpen?: (post: Post) => void;
  /** The first card of a feed: its photo is fetched with high priority instead of lazily. */
  priority?: boolean;
}

function PostMedia({ post, cycleMs, priority }: { post: Post; cycleMs: number; priority: boolean }) {
  const pictures = post.mediaFiles.flatMap((file) => {
    const src = mediaPicture(file);
    return src ? [{ src, srcSet: pictureSrcSet(file), alt: file.title || post.title }] : [];
  });
  const ref = useRef<HTMLDivElement>(null);
  const index = useMediaCycle(pictures.length, cycleMs, ref);
  const current = pictures[index];
  return (
    <div className="post-card__media" ref={ref}>
      {current ? (
        // Sized for the card (the box keeps 4:3, so nothing moves when it loads); the feed's first photo is fetched
        // first and at once, the others when they come near the screen (issue 32).
        <img
          key={current.src}
          className="post-card__image"
          src={current.src}
          srcSet={current.srcSet}
          sizes={current.srcSet ? CARD_SIZES : undefined}
          width={SMALL_SIDE}
          height={(SMALL_SIDE * 3) / 4}
          alt={current.alt}
          loading={priority && index === 0 ? 'eager' : 'lazy'}
          decoding="async"
          // React 18 passes the attribute through only in lower case.
          {...{ fetchpriority: priority && index === 0 ? 'high' : 'auto' }}
        />
      ) : (
        <span className="post-card__no-photo">{t.noPhoto}</span>
      )}
      {pictures.length > 1 ? (
        <span className="post-card__dots" role="img" aria-label={t.mediaPosition(index + 1, pictures.length)}>
          {pictures.map((picture, i) => (
            <span key={picture.src} className={i === index ? 'post-card__dot post-card__dot--on' : 'post-card__dot'} />
          ))}
        </span>
      ) : null}
    </div>
  );
}

/**
 * A listing in the feed or the favourites (spec §2): photos that change every 3 s, title, price, year, place and how
 * long ago it appeared, a favourite button, and a highlight when it is new or was updated. The whole card opens it.
 */
export const PostCard = memo(function PostCard({
  post,
  canNote = true,
  cycleMs = CARD_MEDIA_CYCLE_MS,
  onOpen,
  priority = false,
}: PostCardProps) {
  const now = useMinuteClock();
  const price = formatPostPrice(post);
  const mark = post.isUpdated ? t.isUpdated : post.isNew ? t.isNew : null;
  const details = [post.year ? t.yearSuffix(post.year) : null, post.location].filter(Boolean).join(' · ');
  const className = ['post-card', post.isNew ? 'post-card--new' : '', post.isUpdated ? 'post-card--updated' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <article className={className} data-post-id={post.id}>
      <Link className="post-card__link" to={postPath(post.id)} onClick={() => onOpen?.(post)}>
        <PostMedia post={post} cycleMs={cycleMs} priority={priority} />
        <span className="post-card__body">
          <span className="post-card__title">{post.title}</span>
          <span className="post-card__price-line">
            <span className={price ? 'post-card__price' : 'post-card__price post-card__price--none'}>
              {price ?? t.noPrice}
            </span>
            <MarketBadge market={post.market} />
          </span>
          {details ? <span className="post-card__details">{details}</span> : null}
          <time className="post-card__time" dateTime={post.published_at}>
            {formatTimeAgo(post.published_at, now)}
          </time>
        </span>
      </Link>
      {mark ? <Badge className="post-card__mark">{mark}</Badge> : null}
      {canNote ? <FavouriteButton postId={post.id} className="post-card__favourite" /> : null}
    </article>
  );
});
