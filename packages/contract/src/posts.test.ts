import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseWithContract } from './errors';
import { samplePost } from './fixtures';
import {
  CountNewPostsRequestSchema,
  GetNotesRequestSchema,
  MediaFileSchema,
  MyPostsResponseSchema,
  PostSchema,
  SearchPostsRequestSchema,
  SearchPostsResponseSchema,
} from './posts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-06-15T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('PostSchema', () => {
  it('accepts a spec-shaped post with photo and video media', () => {
    expect(PostSchema.parse(samplePost)).toEqual(samplePost);
    const aggregated = {
      ...samplePost,
      channel: 'avto_kazan',
      vk_owner_id: -12345,
      vk_post_id: 678,
      url: 'https://vk.com/wall-12345_678',
    };
    expect(PostSchema.safeParse(aggregated).success).toBe(true);
  });

  it('rejects media of the wrong shape and fractional money', () => {
    expect(MediaFileSchema.safeParse({ type: 'photo', url: '/a.jpg' }).success).toBe(false);
    expect(MediaFileSchema.safeParse({ type: 'video', url: '/a.mp4', url_sm: '/a.jpg' }).success).toBe(false);
    expect(MediaFileSchema.safeParse({ type: 'audio', src: '/a.mp3' }).success).toBe(false);
    expect(PostSchema.safeParse({ ...samplePost, price: 1000.5 }).success).toBe(false);
    expect(PostSchema.safeParse({ ...samplePost, published_at: 'вчера' }).success).toBe(false);
  });

  it('wraps lists with meta', () => {
    expect(SearchPostsResponseSchema.safeParse({ data: [samplePost], meta: { total: 1, all: 1200 } }).success).toBe(
      true,
    );
    expect(SearchPostsResponseSchema.safeParse({ data: [], meta: { total: -1, all: 0 } }).success).toBe(false);
    expect(MyPostsResponseSchema.safeParse({ data: [], meta: { count: 0 } }).success).toBe(true);
  });
});

describe('SearchPostsRequestSchema', () => {
  const errorsOf = (body: unknown) => {
    const result = parseWithContract(SearchPostsRequestSchema, body);
    return result.success ? {} : result.error.errors;
  };

  it('accepts an empty filter and a full one with keyset cursors', () => {
    expect(errorsOf({})).toEqual({});
    expect(
      errorsOf({
        search: 'камри',
        brands: [1],
        models: [10],
        cities: [100],
        priceFrom: 0,
        priceTo: 100_000_000,
        yearFrom: 1900,
        yearTo: 2025,
        older_published_at: '2025-06-15T09:30:00.000Z',
        olderId: 42,
        latest_published_at: null,
        newestId: null,
      }),
    ).toEqual({});
  });

  it.each([
    [{ priceFrom: 0 }, {}],
    [{ priceFrom: 1 }, {}],
    [{ priceTo: 100_000_000 }, {}],
    [{ priceTo: 100_000_001 }, { priceTo: ['Цена должна быть от 0 до 100\u00A0000\u00A0000'] }],
    [{ priceFrom: -1 }, { priceFrom: ['Цена должна быть от 0 до 100\u00A0000\u00A0000'] }],
    [{ priceFrom: 10, priceTo: 9 }, { priceFrom: ['Цена «от» не может быть больше цены «до»'] }],
    [{ yearFrom: 1899 }, { yearFrom: ['Некорректный год'] }],
    [{ yearFrom: 1900 }, {}],
    [{ yearTo: 2025 }, {}],
    [{ yearTo: 2026 }, { yearTo: ['Некорректный год'] }],
    [{ yearFrom: 2020, yearTo: 2010 }, { yearFrom: ['Год «от» не может быть больше года «до»'] }],
    [{ priceFrom: '100' }, { priceFrom: ['Некорректное значение'] }],
    [{ brands: [0] }, { 'brands.0': ['Некорректный идентификатор'] }],
  ])('%j -> %j', (body, errors) => {
    expect(errorsOf(body)).toEqual(errors);
  });

  it('follows the clock for the current year', () => {
    vi.setSystemTime(new Date('2025-12-31T21:00:00Z'));
    expect(errorsOf({ yearTo: 2026 })).toEqual({});
  });
});

describe('other feed bodies', () => {
  it('count-new needs latest_published_at (null allowed)', () => {
    expect(CountNewPostsRequestSchema.safeParse({ latest_published_at: null }).success).toBe(true);
    expect(CountNewPostsRequestSchema.safeParse({ brands: [1] }).success).toBe(false);
  });

  it('notes take a list of ids', () => {
    expect(GetNotesRequestSchema.safeParse({ ids: [1, 2] }).success).toBe(true);
    expect(GetNotesRequestSchema.safeParse({ ids: ['1'] }).success).toBe(false);
  });
});
