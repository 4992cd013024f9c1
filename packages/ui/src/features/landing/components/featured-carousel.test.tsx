import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { routes, type Post } from '@autoradar/contract';
import { samplePost } from '@autoradar/contract/fixtures';
import { describe, expect, it } from 'vitest';
import type { CallState } from '../../../api/atom-with-call';
import type { Call } from '../../../api/client';
import { PlatformContext, type Platform } from '../../../platform';
import { fetchFeaturedPosts } from '../api';
import { FeaturedCarousel } from './featured-carousel';

const platform: Platform = { kind: 'web', openLink: () => {} };

function renderState(state: CallState<Post[]>): string {
  return renderToString(
    <PlatformContext.Provider value={platform}>
      <MemoryRouter>
        <FeaturedCarousel state={state} />
      </MemoryRouter>
    </PlatformContext.Provider>,
  );
}

const render = (posts: Post[]) => renderState({ kind: 'loaded', data: posts });

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

  it('renders nothing while loading, when there are no listings, or when the load failed (spec §8: silent)', () => {
    expect(renderState({ kind: 'loading' })).toBe('');
    expect(renderState({ kind: 'empty', data: [] })).toBe('');
    expect(renderState({ kind: 'offline' })).toBe('');
    expect(renderState({ kind: 'failed', status: 500, message: 'Внутренняя ошибка сервера' })).toBe('');
  });
});

describe('fetchFeaturedPosts', () => {
  it('asks for the featured listings with an empty body', async () => {
    const calls: unknown[] = [];
    const call = ((endpoint: unknown, input: unknown) => {
      calls.push([endpoint, input]);
      return Promise.resolve({ data: [samplePost] });
    }) as Call;
    expect(await fetchFeaturedPosts(undefined, call)).toEqual([samplePost]);
    expect(calls).toEqual([[routes.posts.featured, { body: {} }]]);
  });
});
