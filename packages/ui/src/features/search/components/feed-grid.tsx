import { memo, useLayoutEffect, useRef } from 'react';
import { useSetAtom } from 'jotai';
import type { Post } from '@autoradar/contract';
import { postChannel, REALTIME_EVENTS } from '@autoradar/contract/channels';
import type { FeedLayout } from '@autoradar/core';
import { PostCard } from '../../../components/post-card';
import { rememberFirstPaint } from '../../../first-paint/remember';
import { useChannel } from '../../../realtime';
import { searchMessages as t } from '../messages';
import { markPostUpdatedAtom, removePostAtom } from '../state';

/** A card that follows its listing live: `post.updated` marks it, `post.unpublished` removes it (spec §4). */
const LiveCard = memo(function LiveCard({ post, priority }: { post: Post; priority: boolean }) {
  const markUpdated = useSetAtom(markPostUpdatedAtom);
  const remove = useSetAtom(removePostAtom);
  const channel = postChannel(post.id);
  useChannel(channel, REALTIME_EVENTS.postUpdated, (payload) => markUpdated(payload.post));
  useChannel(channel, REALTIME_EVENTS.postUnpublished, (payload) => remove(payload.id));
  return <PostCard post={post} priority={priority} />;
});

/** The cards in the chosen layout: single 1/2/3 and triple 2/3/4 columns by width (spec §2). */
export function FeedGrid({ posts, layout, busy }: { posts: readonly Post[]; layout: FeedLayout; busy: boolean }) {
  const ref = useRef<HTMLUListElement>(null);
  const hasCards = posts.length > 0;
  // Where the first cards are, for the next launch's first paint (issue 32; kept once per launch).
  useLayoutEffect(() => {
    if (hasCards && ref.current) rememberFirstPaint(ref.current);
  }, [hasCards]);
  return (
    <ul
      ref={ref}
      className={`feed-grid feed-grid--${layout}${busy ? ' feed-grid--busy' : ''}`}
      aria-label={t.feedLabel}
      aria-busy={busy}
    >
      {posts.map((post, index) => (
        <li key={post.id} className="feed-grid__item">
          <LiveCard post={post} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards while the first page loads. */
export function FeedSkeleton({ layout }: { layout: FeedLayout }) {
  return (
    <div className="feed-skeletons" role="status" aria-live="polite">
      <span className="visually-hidden">{t.loading}</span>
      <ul className={`feed-grid feed-grid--${layout}`} aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className="feed-grid__item">
            <div className="feed-skeleton">
              <div className="feed-skeleton__media" />
              <div className="feed-skeleton__line" />
              <div className="feed-skeleton__line feed-skeleton__line--short" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
