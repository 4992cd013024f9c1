import type { FilterCriteria, WorktimeSettings } from '@autoradar/core';
import { describe, expectTypeOf, it } from 'vitest';
import type { Filter } from './filters';

// Checked by the typecheck step: the columns hold exactly core's criteria and working hours.
describe('filters table types', () => {
  it('has a column for every FilterCriteria field, of its type', () => {
    expectTypeOf<Pick<Filter, keyof FilterCriteria>>().toExtend<FilterCriteria>();
  });

  it('stores working hours as core WorktimeSettings', () => {
    expectTypeOf<Filter['worktimeSettings']>().toEqualTypeOf<WorktimeSettings | null>();
  });
});
