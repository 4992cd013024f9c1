import { Text, Title } from '@telegram-apps/telegram-ui';
import type { Post } from '@autoradar/contract';
import { formatNumber, formatTimeAgo } from '@autoradar/core';
import { formatPostPrice } from '../../../components/format-post-price';
import { MarketEstimateBlock } from '../../../components/market-badge';
import { postMessages } from '../messages';
import { PostText } from '../post-text';

const t = postMessages;

/** Title, price, the key facts and the description of a listing. */
export function PostDetails({
  post,
  now,
  source,
  hideText = false,
}: {
  post: Post;
  now: Date;
  source?: string | undefined;
  /** The source's embedded post shows the text instead. */
  hideText?: boolean;
}) {
  const price = formatPostPrice(post);
  const facts: [string, string][] = [];
  if (post.year !== null) facts.push([t.year, String(post.year)]);
  if (post.mileage !== null) facts.push([t.mileage, t.mileageValue(formatNumber(post.mileage))]);
  if (post.location) facts.push([t.location, post.location]);

  return (
    <article className="post-details">
      <Title Component="h1" level="2" weight="1" className="post-details__title">
        {post.title}
      </Title>
      <p className={price ? 'post-details__price' : 'post-details__price post-details__price--missing'}>
        {price ?? t.priceMissing}
      </p>
      <MarketEstimateBlock market={post.market} />
      <p className="post-details__meta">
        <time dateTime={post.published_at} title={t.published}>
          {formatTimeAgo(post.published_at, now)}
        </time>
        {source ? <span> · {source}</span> : null}
      </p>
      {facts.length > 0 ? (
        <dl className="post-details__facts" aria-label={t.details}>
          {facts.map(([label, value]) => (
            <div key={label} className="post-details__fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {post.text && !hideText ? (
        <section aria-label={t.description}>
          <Text Component="div">
            <PostText html={post.text} className="post-details__text" />
          </Text>
        </section>
      ) : null}
    </article>
  );
}
