import { DEFAULT_TIME_ZONE, YEAR_SLIDER_MIN, YEAR_SLIDER_STEP } from './constants';
import { getCurrentYear } from './zoned-time';

export interface YearSliderBounds {
  min: number;
  max: number;
  step: number;
}

export function getYearSliderBounds(now: Date, timeZone: string = DEFAULT_TIME_ZONE): YearSliderBounds {
  return { min: YEAR_SLIDER_MIN, max: getCurrentYear(now, timeZone), step: YEAR_SLIDER_STEP };
}

/** A slider end left at its default means "no bound", so it is sent as null (spec §5). */
export function yearRangeFromSlider(
  [from, to]: readonly [number, number],
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): { yearFrom: number | null; yearTo: number | null } {
  const { min, max } = getYearSliderBounds(now, timeZone);
  return { yearFrom: from <= min ? null : from, yearTo: to >= max ? null : to };
}

/** The slider position for a stored range; bounds outside the slider (a filter may start at 1900) are clamped. */
export function sliderFromYearRange(
  range: { yearFrom?: number | null; yearTo?: number | null },
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): [number, number] {
  const { min, max } = getYearSliderBounds(now, timeZone);
  const clamp = (year: number) => Math.min(max, Math.max(min, year));
  return [clamp(range.yearFrom ?? min), clamp(range.yearTo ?? max)];
}
