import { Link } from 'react-router-dom';
import type { Post } from '@autoradar/contract';
import { formatPostPrice } from '../../../components/format-post-price';
import { messages } from '../../../messages';
import { usePlatform } from '../../../platform';

const t = messages.landing.featured;

function coverOf(post: Post): string | undefined {
  for (const file of post.mediaFiles) {
    if (file.type === 'photo') return file.url_sm;
    if (file.poster) return file.poster;
  }
  return undefined;
}

/** Featured listings in one horizontal row (spec §2, height 130); nothing at all while there are none. */
export function FeaturedCarousel({ posts }: { posts: readonly Post[] }) {
  const platform = usePlatform();
  if (posts.length === 0) return null;

  return (
    <section className="featured" aria-label={t.label}>
      <ul className="featured__track">
        {posts.map((post) => {
          const cover = coverOf(post);
          const price = formatPostPrice(post);
          return (
            <li key={post.id} className="featured__item">
              <Link to={`/posts/${post.id}`} className="featured__card" onClick={() => platform.hapticImpact?.('light')}>
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
