import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import {
  canSaveFilter,
  getAvailableDeliveryChannels,
  normalizeWorktimeSettings,
  validateSaveFilter,
  validateWorktimeSettings,
} from './validate-save-filter';
import { createDefaultWorktimeSettings } from './worktime-settings';

const owner = { email: 'ivan@example.ru', has_telegram: true };
const form = { name: 'Камри до 2 млн', via: ['telegram'], send_mode: 'immediately', worktime_settings: null };

describe('getAvailableDeliveryChannels', () => {
  it('offers e-mail only with an e-mail and the messenger only with has_telegram', () => {
    expect(getAvailableDeliveryChannels(owner)).toEqual(['email', 'telegram']);
    expect(getAvailableDeliveryChannels({ email: null, has_telegram: true })).toEqual(['telegram']);
    expect(getAvailableDeliveryChannels({ email: '  ', has_telegram: true })).toEqual(['telegram']);
    expect(getAvailableDeliveryChannels({ email: 'a@b.ru', has_telegram: false })).toEqual(['email']);
    expect(getAvailableDeliveryChannels({ has_telegram: false })).toEqual([]);
  });
});

describe('validateSaveFilter', () => {
  it('accepts a named filter with a destination', () => {
    expect(validateSaveFilter(form, owner)).toEqual({ valid: true, errors: {} });
    expect(canSaveFilter(form)).toBe(true);
  });

  it('needs a name that is not blank after trimming', () => {
    for (const name of ['', '   ', '\t\n', null, undefined]) {
      expect(validateSaveFilter({ ...form, name }).errors).toEqual({ name: MESSAGES.filterNameRequired });
    }
    expect(canSaveFilter({ ...form, name: ' x ' })).toBe(true);
  });

  it('needs at least one destination the owner can receive', () => {
    expect(validateSaveFilter({ ...form, via: [] }).errors).toEqual({ via: MESSAGES.deliveryRequired });
    expect(validateSaveFilter({ ...form, via: ['sms'] }).errors).toEqual({ via: MESSAGES.invalidValue });
    expect(validateSaveFilter({ ...form, via: ['email'] }, { email: null, has_telegram: true }).errors).toEqual({
      via: MESSAGES.emailUnavailable,
    });
    expect(validateSaveFilter({ ...form, via: ['telegram'] }, { email: 'a@b.ru', has_telegram: false }).errors).toEqual(
      {
        via: MESSAGES.telegramUnavailable,
      },
    );
    expect(canSaveFilter({ ...form, via: ['email', 'telegram'] }, owner)).toBe(true);
  });

  it('needs a known send mode', () => {
    expect(validateSaveFilter({ ...form, send_mode: 'hourly' }).errors).toEqual({ send_mode: MESSAGES.invalidValue });
    expect(validateSaveFilter({ ...form, send_mode: null }).errors).toEqual({ send_mode: MESSAGES.invalidValue });
  });

  it('needs working hours for worktime', () => {
    expect(validateSaveFilter({ ...form, send_mode: 'worktime' }).errors).toEqual({
      worktime_settings: MESSAGES.worktimeRequired,
    });
    expect(canSaveFilter({ ...form, send_mode: 'worktime', worktime_settings: createDefaultWorktimeSettings() })).toBe(
      true,
    );
  });

  it('ignores worktime settings when sending immediately', () => {
    const broken = { days: [], start: 'x', end: 'y' };
    expect(canSaveFilter({ ...form, worktime_settings: broken })).toBe(true);
    expect(normalizeWorktimeSettings('immediately', broken)).toBeNull();
    expect(normalizeWorktimeSettings('worktime', broken)).toBe(broken);
  });
});

describe('validateWorktimeSettings', () => {
  it('defaults to 09:00-18:00 on weekdays', () => {
    expect(createDefaultWorktimeSettings()).toEqual({ days: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' });
    expect(validateWorktimeSettings(createDefaultWorktimeSettings())).toEqual({});
  });

  it('accepts days 0-6 (0 = Sunday) once each', () => {
    expect(validateWorktimeSettings({ days: [0, 6], start: '09:00', end: '18:00' })).toEqual({});
    expect(validateWorktimeSettings({ days: [], start: '09:00', end: '18:00' })).toEqual({
      'worktime_settings.days': MESSAGES.worktimeDaysRequired,
    });
    for (const days of [[7], [-1], [1.5], [1, 1]]) {
      expect(validateWorktimeSettings({ days, start: '09:00', end: '18:00' })).toEqual({
        'worktime_settings.days': MESSAGES.invalidWeekday,
      });
    }
  });

  it('accepts HH:MM times, including a window across midnight', () => {
    expect(validateWorktimeSettings({ days: [5], start: '22:00', end: '06:00' })).toEqual({});
    expect(validateWorktimeSettings({ days: [5], start: '00:00', end: '23:59' })).toEqual({});
    expect(validateWorktimeSettings({ days: [5], start: '24:00', end: '9:00' })).toEqual({
      'worktime_settings.start': MESSAGES.invalidTime,
      'worktime_settings.end': MESSAGES.invalidTime,
    });
    expect(validateWorktimeSettings({ days: [5], start: '10:00', end: '10:00' })).toEqual({
      'worktime_settings.end': MESSAGES.worktimeSameTime,
    });
  });
});
