import { DELIVERY_CHANNELS, SEND_MODES, type DeliveryChannel } from './constants';
import { MESSAGES } from './messages';
import { toValidationResult, type FieldErrors, type ValidationResult } from './validation-result';
import { isValidTime, isValidWeekday, type WorktimeSettings } from './worktime-settings';

export interface SaveFilterForm {
  name?: string | null;
  via?: readonly string[] | null;
  send_mode?: string | null;
  worktime_settings?: WorktimeSettings | null;
}

/** Who saves the filter decides where it can deliver. */
export interface FilterOwner {
  email?: string | null;
  has_telegram: boolean;
}

/** E-mail only for a user with an e-mail, the messenger only with has_telegram (spec §5). */
export function getAvailableDeliveryChannels(owner: FilterOwner): DeliveryChannel[] {
  return DELIVERY_CHANNELS.filter((channel) =>
    channel === 'email' ? Boolean(owner.email?.trim()) : owner.has_telegram,
  );
}

export function validateWorktimeSettings(settings: WorktimeSettings): FieldErrors {
  const errors: FieldErrors = {};
  if (settings.days.length === 0) errors['worktime_settings.days'] = MESSAGES.worktimeDaysRequired;
  else if (!settings.days.every(isValidWeekday) || new Set(settings.days).size !== settings.days.length) {
    errors['worktime_settings.days'] = MESSAGES.invalidWeekday;
  }
  if (!isValidTime(settings.start)) errors['worktime_settings.start'] = MESSAGES.invalidTime;
  if (!isValidTime(settings.end)) errors['worktime_settings.end'] = MESSAGES.invalidTime;
  // A window from 22:00 to 06:00 is valid (it crosses midnight); an empty one is not.
  if (!errors['worktime_settings.start'] && !errors['worktime_settings.end'] && settings.start === settings.end) {
    errors['worktime_settings.end'] = MESSAGES.worktimeSameTime;
  }
  return errors;
}

/**
 * Save-filter dialog rules: a name that is not blank after trimming, at least one destination, destinations the
 * owner can receive (checked when the owner is known), a send mode, and for 'worktime' valid working hours.
 * With 'immediately' the settings are ignored: the stored value is null (see normalizeWorktimeSettings).
 */
export function validateSaveFilter(form: SaveFilterForm, owner?: FilterOwner): ValidationResult {
  const errors: FieldErrors = {};
  if ((form.name ?? '').trim() === '') errors.name = MESSAGES.filterNameRequired;

  const via = form.via ?? [];
  if (via.length === 0) errors.via = MESSAGES.deliveryRequired;
  else if (!via.every((channel) => (DELIVERY_CHANNELS as readonly string[]).includes(channel))) {
    errors.via = MESSAGES.invalidValue;
  } else if (owner) {
    const available = getAvailableDeliveryChannels(owner) as string[];
    if (via.includes('email') && !available.includes('email')) errors.via = MESSAGES.emailUnavailable;
    else if (via.includes('telegram') && !available.includes('telegram')) errors.via = MESSAGES.telegramUnavailable;
  }

  if (!form.send_mode || !(SEND_MODES as readonly string[]).includes(form.send_mode)) {
    errors.send_mode = MESSAGES.invalidValue;
  } else if (form.send_mode === 'worktime') {
    if (!form.worktime_settings) errors.worktime_settings = MESSAGES.worktimeRequired;
    else Object.assign(errors, validateWorktimeSettings(form.worktime_settings));
  }
  return toValidationResult(errors);
}

/** The save button's state. */
export function canSaveFilter(form: SaveFilterForm, owner?: FilterOwner): boolean {
  return validateSaveFilter(form, owner).valid;
}

/** worktime_settings is null unless the send mode is 'worktime' (spec §3). */
export function normalizeWorktimeSettings(
  sendMode: string,
  settings: WorktimeSettings | null | undefined,
): WorktimeSettings | null {
  return sendMode === 'worktime' && settings ? settings : null;
}
