import { describe, expect, it } from 'vitest';
import { addMonths, extendProExpiry, getProCheckoutSum } from './extend-pro';

const at = (iso: string) => new Date(iso);

describe('extendProExpiry', () => {
  const now = at('2026-03-10T12:00:00Z');

  it('starts a month from now for a user without PRO', () => {
    expect(extendProExpiry({ is_pro: false, pro_expired: null }, now)).toEqual(at('2026-04-10T12:00:00Z'));
  });

  it('starts from now when PRO has expired, even if is_pro is still set', () => {
    expect(extendProExpiry({ is_pro: true, pro_expired: '2026-03-01T00:00:00Z' }, now)).toEqual(
      at('2026-04-10T12:00:00Z'),
    );
    // The boundary: expiring exactly now is not running any more.
    expect(extendProExpiry({ is_pro: true, pro_expired: now }, now)).toEqual(at('2026-04-10T12:00:00Z'));
  });

  it('adds the month to the end of a running PRO', () => {
    expect(extendProExpiry({ is_pro: true, pro_expired: '2026-03-25T08:30:00Z' }, now)).toEqual(
      at('2026-04-25T08:30:00Z'),
    );
    expect(extendProExpiry({ is_pro: true, pro_expired: at('2026-03-10T12:00:01Z') }, now)).toEqual(
      at('2026-04-10T12:00:01Z'),
    );
  });

  it('ignores a pro_expired in the future when is_pro is off', () => {
    expect(extendProExpiry({ is_pro: false, pro_expired: '2026-05-01T00:00:00Z' }, now)).toEqual(
      at('2026-04-10T12:00:00Z'),
    );
  });
});

describe('addMonths', () => {
  it('keeps the day, or takes the last day of a shorter month', () => {
    expect(addMonths(at('2026-01-31T10:00:00Z'), 1)).toEqual(at('2026-02-28T10:00:00Z'));
    expect(addMonths(at('2028-01-31T10:00:00Z'), 1)).toEqual(at('2028-02-29T10:00:00Z'));
    expect(addMonths(at('2026-12-15T00:00:00Z'), 1)).toEqual(at('2027-01-15T00:00:00Z'));
    expect(addMonths(at('2026-05-31T23:59:59Z'), 1)).toEqual(at('2026-06-30T23:59:59Z'));
  });
});

describe('getProCheckoutSum', () => {
  it('bills 1 000 RUB for a month', () => {
    expect(getProCheckoutSum()).toBe(1000);
  });
});
