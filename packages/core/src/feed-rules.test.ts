import { describe, expect, it } from 'vitest';
import {
  FEED_IDS_MAX,
  FEED_PAGE_SIZE,
  SEARCH_QUERY_MAX_LENGTH,
  getVisibleSince,
  isPostNew,
  isPostUpdated,
  validateFeedQueryLimits,
} from './feed-rules';

const now = new Date('2025-06-15T12:00:00Z');
const pro = { is_pro: true, pro_expired: '2025-07-01T00:00:00Z' };
const basic = { is_pro: false, pro_expired: null };
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();

describe('feed rules', () => {
  it('pages fill every column layout', () => {
    for (const columns of [1, 2, 3, 4]) expect(FEED_PAGE_SIZE % columns).toBe(0);
  });

  it('makes aggregated listings visible to basic users a day after publication', () => {
    const post = { channel: 'avto_msk', published_at: hoursAgo(30) };
    expect(getVisibleSince(post, basic, now).toISOString()).toBe(hoursAgo(6));
    expect(getVisibleSince(post, null, now).toISOString()).toBe(hoursAgo(6));
    expect(getVisibleSince(post, pro, now).toISOString()).toBe(hoursAgo(30));
    expect(getVisibleSince({ channel: 'site', published_at: hoursAgo(30) }, basic, now).toISOString()).toBe(
      hoursAgo(30),
    );
  });

  it('marks a listing new for a day after it became visible to the viewer', () => {
    const fresh = { channel: 'avto_msk', published_at: hoursAgo(2) };
    const dayAndHalf = { channel: 'avto_msk', published_at: hoursAgo(36) };
    expect(isPostNew(fresh, pro, now)).toBe(true);
    expect(isPostNew(fresh, basic, now)).toBe(false); // not visible yet
    expect(isPostNew(dayAndHalf, pro, now)).toBe(false);
    expect(isPostNew(dayAndHalf, basic, now)).toBe(true); // visible for 12 hours
    expect(isPostNew({ channel: 'site', published_at: hoursAgo(23.9) }, null, now)).toBe(true);
    expect(isPostNew({ channel: 'site', published_at: hoursAgo(24) }, null, now)).toBe(false);
  });

  it('marks a listing updated when it changed after it was created', () => {
    expect(isPostUpdated({ created_at: hoursAgo(5), updated_at: hoursAgo(5) })).toBe(false);
    expect(isPostUpdated({ created_at: hoursAgo(5), updated_at: new Date(Date.parse(hoursAgo(5)) + 30_000) })).toBe(
      false,
    );
    expect(isPostUpdated({ created_at: hoursAgo(5), updated_at: hoursAgo(1) })).toBe(true);
  });

  it('limits id lists and the text query', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(
      validateFeedQueryLimits({ brands: ids(FEED_IDS_MAX), search: 'а'.repeat(SEARCH_QUERY_MAX_LENGTH) }).valid,
    ).toBe(true);
    const result = validateFeedQueryLimits({
      brands: ids(FEED_IDS_MAX + 1),
      models: ids(10_000),
      cities: [],
      ids: ids(FEED_IDS_MAX + 1),
      search: 'а'.repeat(SEARCH_QUERY_MAX_LENGTH + 1),
    });
    expect(result.valid).toBe(false);
    expect(Object.keys(result.errors).sort()).toEqual(['brands', 'ids', 'models', 'search']);
    expect(result.errors.brands).toBe('Не более 500 значений');
    expect(result.errors.search).toBe('Не более 200 символов');
  });
});
