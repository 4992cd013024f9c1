import type { FilterCriteria, WorktimeSettings } from '@autoradar/core';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { z } from 'zod';
import { parseWithContract } from './errors';
import {
  FilterSchema,
  SaveFilterRequestSchema,
  ToggleFilterRequestSchema,
  type Filter,
  type filterCriteriaShape,
  type SaveFilterRequest,
  type WorktimeSettingsSchema,
} from './filters';
import { sampleFilter } from './fixtures';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-06-15T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const { id: _, ...saveBody } = sampleFilter;
const body: SaveFilterRequest = saveBody;
const errorsOf = (value: unknown) => {
  const result = parseWithContract(SaveFilterRequestSchema, value);
  return result.success ? {} : result.error.errors;
};

describe('FilterSchema', () => {
  it('accepts a spec-shaped saved filter', () => {
    expect(FilterSchema.parse(sampleFilter)).toEqual(sampleFilter);
    expect(FilterSchema.safeParse({ ...sampleFilter, send_mode: 'immediately', worktime_settings: null }).success).toBe(
      true,
    );
    expect(FilterSchema.safeParse({ ...sampleFilter, via: ['sms'] }).success).toBe(false);
  });
});

describe('SaveFilterRequestSchema', () => {
  it('accepts a complete filter', () => {
    expect(errorsOf(body)).toEqual({});
    expect(
      errorsOf({ ...body, send_mode: 'immediately', worktime_settings: null, via: ['email', 'telegram'] }),
    ).toEqual({});
  });

  it.each([
    [{ name: '' }, { name: ['Введите название фильтра'] }],
    [{ name: '   ' }, { name: ['Введите название фильтра'] }],
    [{ name: undefined }, { name: ['Введите название фильтра'] }],
    [{ via: [] }, { via: ['Выберите, куда присылать уведомления'] }],
    [{ via: ['sms'] }, { 'via.0': ['Некорректное значение'] }],
    [{ send_mode: 'hourly' }, { send_mode: ['Некорректное значение'] }],
    [{ worktime_settings: null }, { worktime_settings: ['Укажите рабочее время'] }],
    [{ worktime_settings: { days: [5], start: '22:00', end: '06:00' } }, {}],
    [
      { worktime_settings: { days: [], start: '09:00', end: '18:00' } },
      { 'worktime_settings.days': ['Выберите хотя бы один день'] },
    ],
    [
      { worktime_settings: { days: [7], start: '09:00', end: '18:00' } },
      // The day itself and core's rule over the list both name it.
      {
        'worktime_settings.days': ['Некорректный день недели'],
        'worktime_settings.days.0': ['Некорректный день недели'],
      },
    ],
    [
      { worktime_settings: { days: [1], start: '9:00', end: '18:00' } },
      { 'worktime_settings.start': ['Некорректное время'] },
    ],
    [
      { worktime_settings: { days: [1], start: '10:00', end: '10:00' } },
      { 'worktime_settings.end': ['Время начала и окончания не должны совпадать'] },
    ],
    [{ priceTo: 100_000_001 }, { priceTo: ['Цена должна быть от 0 до 100\u00A0000\u00A0000'] }],
    [{ yearFrom: 1899 }, { yearFrom: ['Некорректный год'] }],
    [{ yearFrom: 2026 }, { yearFrom: ['Некорректный год'] }],
  ])('%j -> %j', (change, errors) => {
    expect(errorsOf({ ...body, ...change })).toEqual(errors);
  });
});

describe('ToggleFilterRequestSchema', () => {
  it('takes active', () => {
    expect(ToggleFilterRequestSchema.safeParse({ active: false }).success).toBe(true);
    expect(ToggleFilterRequestSchema.safeParse({ active: 'false' }).success).toBe(false);
  });
});

describe('types against core', () => {
  type Criteria = z.output<z.ZodObject<typeof filterCriteriaShape>>;
  type StoredCriteria = Pick<Filter, keyof FilterCriteria>;

  it('the criteria fields are exactly core FilterCriteria', () => {
    expectTypeOf<keyof Criteria>().toEqualTypeOf<keyof FilterCriteria>();
    expectTypeOf<Criteria>().toExtend<FilterCriteria>();
    expectTypeOf<StoredCriteria>().toExtend<FilterCriteria>();
    expectTypeOf<keyof SaveFilterRequest & keyof FilterCriteria>().toEqualTypeOf<keyof FilterCriteria>();
  });

  it('working hours are core WorktimeSettings', () => {
    type Worktime = z.output<typeof WorktimeSettingsSchema>;
    expectTypeOf<keyof Worktime>().toEqualTypeOf<keyof WorktimeSettings>();
    expectTypeOf<Worktime>().toExtend<WorktimeSettings>();
    expectTypeOf<
      NonNullable<z.output<typeof SaveFilterRequestSchema>['worktime_settings']>
    >().toExtend<WorktimeSettings>();
  });
});
