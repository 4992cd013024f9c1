import type { z } from 'zod';
import type { Filter as FilterDto, SaveFilterRequestSchema, User } from '@autoradar/contract';
import { MESSAGES, normalizeWorktimeSettings, pickFilterCriteria, validateSaveFilter } from '@autoradar/core';
import type { Db, Filter } from '@autoradar/db';
import { DomainError } from '@autoradar/server/domain-error';
import { filterSwitchAllowed } from '@autoradar/server/notify/filter-switches';
import { FILTERS_MESSAGES } from './filters.messages';
import * as repo from './filters.repo';

export type SaveFilterForm = z.output<typeof SaveFilterRequestSchema>;

/** Saved filters per user: enough for anyone, and it keeps matching bounded. */
export const MAX_FILTERS_PER_USER = 50;

function toFilterDto(row: Filter): FilterDto {
  return {
    id: row.id,
    name: row.name,
    ...pickFilterCriteria(row),
    active: row.active,
    send_mode: row.sendMode,
    worktime_settings: row.worktimeSettings && { ...row.worktimeSettings, days: [...row.worktimeSettings.days] },
    via: row.via,
  };
}

/**
 * The stored form of a saved filter. The contract has checked names, ranges, send mode and working hours; what
 * depends on the user is checked here: destinations they can receive (core validateSaveFilter with the owner),
 * and `active` stays off unless PRO is active (notifications are a PRO feature).
 */
function toValues(user: User, form: SaveFilterForm, now: Date): repo.FilterValues {
  const owner = validateSaveFilter(form, user);
  if (!owner.valid) {
    throw new DomainError(
      'invalid',
      MESSAGES.validationFailed,
      Object.fromEntries(Object.entries(owner.errors).map(([k, v]) => [k, [v]])),
    );
  }
  const worktime = normalizeWorktimeSettings(form.send_mode, form.worktime_settings);
  return {
    name: form.name.trim(),
    ...pickFilterCriteria(form, { uniqueIds: true }),
    active: form.active && filterSwitchAllowed(form.active, user, now),
    sendMode: form.send_mode,
    worktimeSettings: worktime && {
      days: [...worktime.days].sort((a, b) => a - b),
      start: worktime.start,
      end: worktime.end,
    },
    via: [...new Set(form.via)],
  };
}

export async function listUserFilters(db: Db, user: User): Promise<FilterDto[]> {
  return (await repo.listFilters(db, user.id)).map(toFilterDto);
}

export async function createFilter(db: Db, user: User, form: SaveFilterForm, now: Date): Promise<FilterDto> {
  const values = toValues(user, form, now);
  if ((await repo.countFilters(db, user.id)) >= MAX_FILTERS_PER_USER)
    throw new DomainError('invalid', FILTERS_MESSAGES.tooMany(MAX_FILTERS_PER_USER));
  return toFilterDto(await repo.insertFilter(db, user.id, values));
}

export async function replaceFilter(
  db: Db,
  user: User,
  id: number,
  form: SaveFilterForm,
  now: Date,
): Promise<FilterDto> {
  const row = await repo.updateFilter(db, user.id, id, toValues(user, form, now));
  if (!row) throw new DomainError('not_found', MESSAGES.notFound);
  return toFilterDto(row);
}

export async function removeFilter(db: Db, user: User, id: number): Promise<void> {
  if (!(await repo.deleteFilter(db, user.id, id))) throw new DomainError('not_found', MESSAGES.notFound);
}

/** PRO only (the route's auth level): switches the filter's notifications on or off. */
export async function toggleFilter(db: Db, user: User, id: number, active: boolean): Promise<FilterDto> {
  const row = await repo.updateFilter(db, user.id, id, { active });
  if (!row) throw new DomainError('not_found', MESSAGES.notFound);
  return toFilterDto(row);
}
