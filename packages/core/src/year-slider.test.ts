import { describe, expect, it } from 'vitest';
import { getYearSliderBounds, sliderFromYearRange, yearRangeFromSlider } from './year-slider';

const now = new Date('2025-06-15T12:00:00Z');

describe('year slider', () => {
  it('runs from 1970 to the current year in steps of 1', () => {
    expect(getYearSliderBounds(now)).toEqual({ min: 1970, max: 2025, step: 1 });
  });

  it('sends the defaults as null', () => {
    expect(yearRangeFromSlider([1970, 2025], now)).toEqual({ yearFrom: null, yearTo: null });
    expect(yearRangeFromSlider([1971, 2024], now)).toEqual({ yearFrom: 1971, yearTo: 2024 });
    expect(yearRangeFromSlider([1970, 2010], now)).toEqual({ yearFrom: null, yearTo: 2010 });
  });

  it('places a stored range on the slider, clamping what is outside', () => {
    expect(sliderFromYearRange({ yearFrom: null, yearTo: null }, now)).toEqual([1970, 2025]);
    expect(sliderFromYearRange({ yearFrom: 1900, yearTo: 2000 }, now)).toEqual([1970, 2000]);
    expect(sliderFromYearRange({ yearFrom: 2005 }, now)).toEqual([2005, 2025]);
  });

  it('follows the new year in the time zone', () => {
    const moscowNewYear = new Date('2025-12-31T21:00:00Z');
    expect(getYearSliderBounds(moscowNewYear).max).toBe(2026);
    expect(getYearSliderBounds(moscowNewYear, 'UTC').max).toBe(2025);
  });
});
