import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { contract, type Post } from '@autoradar/contract';
import { samplePost } from '@autoradar/contract/fixtures';
import { describe, expect, it } from 'vitest';
import type { Call } from '../../../api/client';
import { ApiError } from '../../../api/api-error';
import { PlatformContext, type Platform } from '../../../platform';
import { loadFeaturedPosts } from '../api';
import { FeaturedCarousel } from './featured-carousel';

const platform: Platform = { kind: 'web', openLink: () => {} };

function render(posts: Post[]): string {
  return renderToString(
    <PlatformContext.Provider value={platform}>
      <MemoryRouter>
        <FeaturedCarousel posts={posts} />
      </MemoryRouter>
    </PlatformContext.Provider>,
  );
}

const second: Post = {
  ...samplePost,
  id: 43,
  title: 'Lada Vesta 2021',
  price: 1_150_000,
  mediaFiles: [{ type: 'photo', url: '/media/43/1.jpg', url_sm: '/media/43/1_sm.jpg', title: null }],
};

describe('featured carousel', () => {
  it('shows each listing as a link to its page with the small photo, the title and the price in roubles', () => {
    const html = render([samplePost, second]);
    expect(html).toMatch(/<a[^>]*href="\/posts\/42"/);
    expect(html).toMatch(/<a[^>]*href="\/posts\/43"/);
    expect(html).toContain('src="/media/42/1_sm.jpg"');
    expect(html).toContain('Toyota Camry 2.5 AT, 2018');
    expect(html).toContain('2\u00a0350\u00a0000\u00a0₽');
    expect(html).toContain('1\u00a0150\u00a0000\u00a0₽');
  });

  it('leaves out the price a seller did not give', () => {
    const html = render([{ ...second, price: null }]);
    expect(html).toContain('Lada Vesta 2021');
    expect(html).not.toContain('₽');
  });

  it('renders nothing while there are no listings', () => {
    expect(render([])).toBe('');
  });
});

describe('loadFeaturedPosts', () => {
  it('asks for the featured listings with an empty body', async () => {
    const calls: unknown[] = [];
    const call = ((endpoint: unknown, input: unknown) => {
      calls.push([endpoint, input]);
      return Promise.resolve({ data: [samplePost] });
    }) as Call;
    expect(await loadFeaturedPosts(undefined, call)).toEqual([samplePost]);
    expect(calls).toEqual([[contract.posts.featured, { body: {} }]]);
  });

  it('a failure is silent: no listings, no error', async () => {
    const failing = (() => Promise.reject(new ApiError(null, null))) as Call;
    expect(await loadFeaturedPosts(undefined, failing)).toEqual([]);
  });
});
