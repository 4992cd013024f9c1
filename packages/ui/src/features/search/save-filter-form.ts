import type { Filter, SaveFilterRequest, User } from '@autoradar/contract';
import {
  createDefaultWorktimeSettings,
  getAvailableDeliveryChannels,
  normalizeWorktimeSettings,
  pickFilterCriteria,
  type DeliveryChannel,
  type SendMode,
  type WorktimeSettings,
} from '@autoradar/core';
import type { FeedCriteria } from './filter-rules';

// The save-filter dialog's fields (spec §2, §5) and the request they make with the panel's criteria.

export interface SaveFilterForm {
  name: string;
  via: DeliveryChannel[];
  send_mode: SendMode;
  worktime: WorktimeSettings;
  /** «Только хорошая цена» (issue 33). */
  goodPriceOnly: boolean;
}

/**
 * A new filter offers every destination the user can receive, sent at once, working hours 09:00-18:00 ready; «Только
 * хорошая цена» as the applied filter has it.
 */
export function newSaveFilterForm(
  user: Pick<User, 'email' | 'has_telegram'>,
  criteria?: Pick<FeedCriteria, 'goodPriceOnly'>,
): SaveFilterForm {
  return {
    name: '',
    via: getAvailableDeliveryChannels(user),
    send_mode: 'immediately',
    worktime: createDefaultWorktimeSettings(),
    goodPriceOnly: Boolean(criteria?.goodPriceOnly),
  };
}

export function editSaveFilterForm(filter: Filter): SaveFilterForm {
  return {
    name: filter.name,
    via: [...filter.via],
    send_mode: filter.send_mode,
    worktime: filter.worktime_settings ?? createDefaultWorktimeSettings(),
    goodPriceOnly: filter.goodPriceOnly,
  };
}

/**
 * The request: the panel's criteria (the text query is not part of a saved filter) and the dialog's fields, whose
 * «Только хорошая цена» switch is the filter's.
 */
export function toSaveFilterRequest(form: SaveFilterForm, criteria: FeedCriteria, active: boolean): SaveFilterRequest {
  const worktime = normalizeWorktimeSettings(form.send_mode, form.worktime);
  return {
    name: form.name.trim(),
    ...pickFilterCriteria(criteria, { uniqueIds: true }),
    goodPriceOnly: form.goodPriceOnly,
    active,
    send_mode: form.send_mode,
    worktime_settings: worktime ? { ...worktime, days: [...worktime.days] } : null,
    via: form.via,
  };
}

/** The form with a destination switched on or off. */
export const toggleChannel = (form: SaveFilterForm, channel: DeliveryChannel): SaveFilterForm => ({
  ...form,
  via: form.via.includes(channel) ? form.via.filter((other) => other !== channel) : [...form.via, channel],
});

/** The form with a weekday of the working hours switched on or off. */
export function toggleDay(form: SaveFilterForm, day: number): SaveFilterForm {
  const days = form.worktime.days.includes(day)
    ? form.worktime.days.filter((other) => other !== day)
    : [...form.worktime.days, day];
  return { ...form, worktime: { ...form.worktime, days } };
}
