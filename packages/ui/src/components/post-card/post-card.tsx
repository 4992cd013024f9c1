import { memo, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { Post } from '@autoradar/contract';
import { CARD_MEDIA_CYCLE_MS } from '@autoradar/core';
import { postCardView, type CardPicture } from './card-view';
import { FavouriteButton } from './favourite-button';
import { postCardMessages as t } from './messages';
import { useMinuteClock } from './now';
import { useMediaCycle } from './use-media-cycle';
import { postPath } from '../../paths';
import { Badge } from '../badge/badge';
import { MarketBadge } from '../market-badge';
import { CARD_SIZES, SMALL_SIDE } from './picture';
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

function PostMedia({ pictures, cycleMs, priority }: { pictures: CardPicture[]; cycleMs: number; priority: boolean }) {
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
  const view = postCardView(post, now);

  return (
    <article className={view.className} data-post-id={post.id}>
      <Link className="post-card__link" to={postPath(post.id)} onClick={() => onOpen?.(post)}>
        <PostMedia pictures={view.pictures} cycleMs={cycleMs} priority={priority} />
        <span className="post-card__body">
          <span className="post-card__title">{view.title}</span>
          <span className="post-card__price-line">
            <span className={view.priceClass}>{view.priceText}</span>
            <MarketBadge market={post.market} />
          </span>
          {view.details ? <span className="post-card__details">{view.details}</span> : null}
          <time className="post-card__time" dateTime={view.time.dateTime}>
            {view.time.text}
          </time>
        </span>
      </Link>
      {view.mark ? <Badge className="post-card__mark">{view.mark.text}</Badge> : null}
      {canNote ? <FavouriteButton postId={post.id} className="post-card__favourite" /> : null}
    </article>
  );
});
