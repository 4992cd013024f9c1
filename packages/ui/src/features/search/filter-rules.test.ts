import { describe, expect, it } from 'vitest';
import { createEmptyPostsStore } from '../../store/posts-store';
import {
  criteriaFromStore,
  criteriaKey,
  describePriceRange,
  describeSelection,
  describeYearRange,
  EMPTY_CRITERIA,
  formatFoundLine,
  formatPriceTyping,
  formatYearTyping,
  hasFilterChanges,
  nextPageRequest,
  readPriceDraft,
  readYearDraft,
  toSearchFilter,
  toggleId,
  type FeedCriteria,
} from './filter-rules';

const now = new Date('2025-06-15T10:00:00.000Z');
/** Numbers are grouped, and tied to their sign, with no-break spaces. */
const nbsp = (text: string) => text.replace(/(\d) (?=\d|₽)/g, '$1\u00a0');

describe('feed criteria', () => {
  it('reads the applied filter from the posts store, the query as searchQuery', () => {
    const criteria = criteriaFromStore({
      ...createEmptyPostsStore(),
      brands: [3],
      priceTo: 900_000,
      searchQuery: 'дизель',
    });
    expect(criteria).toEqual({ ...EMPTY_CRITERIA, brands: [3], priceTo: 900_000, search: 'дизель' });
  });

  it('gives one key to the same filter whatever order its ids were chosen in', () => {
    const a = { ...EMPTY_CRITERIA, brands: [3, 1], cities: [9, 2] };
    const b = { ...EMPTY_CRITERIA, brands: [1, 3], cities: [2, 9] };
    expect(criteriaKey(a)).toBe(criteriaKey(b));
    expect(criteriaKey(a)).not.toBe(criteriaKey({ ...b, yearFrom: 2015 }));
    expect(criteriaKey({ ...a, search: ' camry ' })).toBe(criteriaKey({ ...b, search: 'camry' }));
  });

  it('sends a blank query as null and every default bound as null', () => {
    expect(toSearchFilter({ ...EMPTY_CRITERIA, search: '   ' })).toEqual({
      brands: [],
      models: [],
      cities: [],
      priceFrom: null,
      priceTo: null,
      yearFrom: null,
      yearTo: null,
      goodPriceOnly: false,
      search: null,
    });
  });

  it('asks for the next page with the keyset cursor of the last card, never an offset', () => {
    const request = nextPageRequest(
      { ...EMPTY_CRITERIA, brands: [1] },
      { id: 77, published_at: '2025-06-14T08:00:00.000Z' },
    );
    expect(request).toMatchObject({ brands: [1], older_published_at: '2025-06-14T08:00:00.000Z', olderId: 77 });
    expect(Object.keys(request)).not.toContain('offset');
  });

  it('offers saving only when the filter differs from the chosen saved one, or from none', () => {
    expect(hasFilterChanges(EMPTY_CRITERIA, null)).toBe(false);
    const typed: FeedCriteria = { ...EMPTY_CRITERIA, search: 'camry' };
    expect(hasFilterChanges(typed, null)).toBe(false);
    expect(hasFilterChanges({ ...EMPTY_CRITERIA, brands: [1] }, null)).toBe(true);
    const saved = { ...EMPTY_CRITERIA, brands: [1, 2], yearFrom: 2010 };
    expect(hasFilterChanges({ ...saved, brands: [2, 1] }, saved)).toBe(false);
    expect(hasFilterChanges({ ...saved, yearFrom: 2011 }, saved)).toBe(true);
  });

  it('toggles ids in a draft, keeping the order of choice', () => {
    expect(toggleId([3, 1], 2)).toEqual([3, 1, 2]);
    expect(toggleId([3, 1, 2], 1)).toEqual([3, 2]);
  });
});

describe('found-count line', () => {
  it('uses the Russian plural forms', () => {
    expect(formatFoundLine(1)).toBe('Найдено 1 объявление');
    expect(formatFoundLine(3)).toBe('Найдено 3 объявления');
    expect(formatFoundLine(11)).toBe('Найдено 11 объявлений');
    expect(formatFoundLine(21)).toBe('Найдено 21 объявление');
    expect(formatFoundLine(0)).toBe('Найдено 0 объявлений');
    expect(formatFoundLine(1000)).toBe(nbsp('Найдено 1 000 объявлений'));
  });

  it('shows a count above the API exact cap as an estimate «≈ 48 200», never as a cap', () => {
    expect(formatFoundLine(1001)).toBe(nbsp('Найдено ≈ 1 000 объявлений'));
    expect(formatFoundLine(48_213)).toBe(nbsp('Найдено ≈ 48 200 объявлений'));
    expect(formatFoundLine(1_234_567)).toBe(nbsp('Найдено ≈ 1 230 000 объявлений'));
  });
});

describe('range rules', () => {
  it('price fields keep digits only, grouped the ru-RU way; empty stays empty', () => {
    expect(formatPriceTyping('1500000')).toBe(nbsp('1 500 000'));
    expect(formatPriceTyping('1 5a0-0')).toBe(nbsp('1 500'));
    expect(formatPriceTyping('руб')).toBe('');
  });

  it('an empty price field means no bound (null)', () => {
    expect(readPriceDraft({ from: '', to: '' }, now)).toEqual({
      range: { priceFrom: null, priceTo: null },
      errors: {},
    });
    expect(readPriceDraft({ from: nbsp('500 000'), to: '' }, now).range).toEqual({ priceFrom: 500_000, priceTo: null });
  });

  it('price bounds run 0 to 100 000 000 and from may not exceed to', () => {
    expect(readPriceDraft({ from: '0', to: '100000000' }, now).errors).toEqual({});
    expect(readPriceDraft({ from: '', to: '100000001' }, now).errors).toEqual({
      priceTo: nbsp('Цена должна быть от 0 до 100 000 000'),
    });
    expect(readPriceDraft({ from: '900000', to: '500000' }, now).errors).toEqual({
      priceFrom: 'Цена «от» не может быть больше цены «до»',
    });
  });

  it('years run 1900 to the current year in the fields, from not above to', () => {
    expect(readYearDraft({ from: '1900', to: '2025' }, now).errors).toEqual({});
    expect(readYearDraft({ from: '1899', to: '' }, now).errors).toEqual({ yearFrom: 'Некорректный год' });
    expect(readYearDraft({ from: '', to: '2026' }, now).errors).toEqual({ yearTo: 'Некорректный год' });
    expect(readYearDraft({ from: '2020', to: '2010' }, now).errors).toEqual({
      yearFrom: 'Год «от» не может быть больше года «до»',
    });
    expect(readYearDraft({ from: '', to: '' }, now).range).toEqual({ yearFrom: null, yearTo: null });
    expect(formatYearTyping('20a19x5')).toBe('2019');
  });
});

describe('chip texts', () => {
  it('describe what is applied, or nothing', () => {
    expect(describePriceRange(null, null)).toBeNull();
    expect(describePriceRange(500_000, null)).toBe(nbsp('от 500 000 ₽'));
    expect(describePriceRange(null, 2_000_000)).toBe(nbsp('до 2 000 000 ₽'));
    expect(describePriceRange(500_000, 2_000_000)).toBe(nbsp('500 000 – 2 000 000 ₽'));
    expect(describeYearRange(2015, null)).toBe('от 2015');
    expect(describeYearRange(2015, 2015)).toBe('2015');
    expect(describeYearRange(null, null)).toBeNull();
    expect(describeSelection([], 0)).toBeNull();
    expect(describeSelection(['Toyota'], 1)).toBe('Toyota');
    expect(describeSelection(['Toyota', 'Kia'], 2)).toBe('Toyota и ещё 1');
    expect(describeSelection([], 2)).toBe('Выбрано: 2');
  });
});
