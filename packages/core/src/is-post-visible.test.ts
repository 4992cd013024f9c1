import { describe, expect, it } from 'vitest';
import { getDelayCutoff, isOwnPost, isPostVisible } from './is-post-visible';

const now = new Date('2025-06-15T12:00:00Z');
const pro = { is_pro: true, pro_expired: '2025-07-01T00:00:00Z' };
const basic = { is_pro: false, pro_expired: null };

describe('post visibility', () => {
  it('delays aggregated listings by 24 hours for basic users and guests', () => {
    const fresh = { channel: 'avto_channel', published_at: '2025-06-14T12:00:01Z' };
    const dayOld = { channel: 'avto_channel', published_at: '2025-06-14T12:00:00Z' };
    expect(isPostVisible(fresh, basic, now)).toBe(false);
    expect(isPostVisible(fresh, null, now)).toBe(false);
    expect(isPostVisible(dayOld, basic, now)).toBe(true);
    expect(isPostVisible(fresh, pro, now)).toBe(true);
  });

  it("shows the product's own listings at once", () => {
    const own = { channel: 'site', published_at: '2025-06-15T11:59:00Z' };
    expect(isOwnPost(own)).toBe(true);
    expect(isPostVisible(own, null, now)).toBe(true);
  });

  it('gives the cutoff for queries', () => {
    expect(getDelayCutoff(pro, now)).toBeNull();
    expect(getDelayCutoff(basic, now)?.toISOString()).toBe('2025-06-14T12:00:00.000Z');
  });
});
