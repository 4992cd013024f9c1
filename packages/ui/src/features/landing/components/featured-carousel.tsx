import { Link } from 'react-router-dom';
import type { Post } from '@autoradar/contract';
import type { CallState } from '../../../api/atom-with-call';
import { formatPostPrice } from '../../../components/format-post-price';
import { landingMessages } from '../messages';
import { usePlatform } from '../../../platform';
import { postPath } from '../../../paths';

const t = landingMessages.featured;

function coverOf(post: Post): string | undefined {
  for (const file of post.mediaFiles) {
    if (file.type === 'photo') return file.url_sm;
    if (file.poster) return file.poster;
  }
  return undefined;
}

/**
 * Featured listings in one horizontal row (spec §2, height 130). The one screen part that shows no loading, empty or
 * failed state: spec §8 keeps its load failure silent, so until listings arrive it is simply not there.
 */
export function FeaturedCarousel({ state }: { state: CallState<readonly Post[]> }) {
  const platform = usePlatform();
  if (state.kind !== 'loaded') return null;
  const posts = state.data;

  return (
    <section className="featured" aria-label={t.label}>
      <ul className="featured__track">
        {posts.map((post) => {
          const cover = coverOf(post);
          const price = formatPostPrice(post);
          return (
            <li key={post.id} className="featured__item">
              <Link to={postPath(post.id)} className="featured__card" onClick={() => platform.hapticImpact?.('light')}>
                {cover ? <img className="featured__photo" src={cover} alt="" loading="lazy" decoding="async" /> : null}
                <span className="featured__caption">
                  <span className="featured__title">{post.title}</span>
                  {price ? <span className="featured__price">{price}</span> : null}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
