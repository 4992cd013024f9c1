import { useId, useState } from 'react';
import { Button, Input, Radio, Select } from '@telegram-apps/telegram-ui';
import type { Filter, SaveFilterRequest, User } from '@autoradar/contract';
import {
  canSaveFilter,
  createDefaultWorktimeSettings,
  DELIVERY_CHANNEL_LABELS,
  FILTER_NAME_MAX_LENGTH,
  getAvailableDeliveryChannels,
  isProActive,
  normalizeWorktimeSettings,
  pickFilterCriteria,
  SEND_MODE_LABELS,
  SEND_MODES,
  validateWorktimeSettings,
  type DeliveryChannel,
  type SendMode,
  type WorktimeSettings,
} from '@autoradar/core';
import { describeCallError } from '../../../api/atom-with-call';
import { useMainButton, useRequestWriteAccess } from '../../../platform-hooks';
import { createSavedFilter, updateSavedFilter } from '../api';
import type { FeedCriteria } from '../filter-rules';
import { searchMessages as t, WEEKDAYS } from '../messages';
import { DialogFrame, OptionRow } from './filter-dialog';
import { useDraft } from './use-draft';

export interface SaveFilterForm {
  name: string;
  via: DeliveryChannel[];
  send_mode: SendMode;
  worktime: WorktimeSettings;
}

/** A new filter offers every destination the user can receive, sent at once, working hours 09:00-18:00 ready. */
export function newSaveFilterForm(user: Pick<User, 'email' | 'has_telegram'>): SaveFilterForm {
  return {
    name: '',
    via: getAvailableDeliveryChannels(user),
    send_mode: 'immediately',
    worktime: createDefaultWorktimeSettings(),
  };
}

export function editSaveFilterForm(filter: Filter): SaveFilterForm {
  return {
    name: filter.name,
    via: [...filter.via],
    send_mode: filter.send_mode,
    worktime: filter.worktime_settings ?? createDefaultWorktimeSettings(),
  };
}

/** The request: the panel's criteria (the text query is not part of a saved filter) and the dialog's fields. */
export function toSaveFilterRequest(form: SaveFilterForm, criteria: FeedCriteria, active: boolean): SaveFilterRequest {
  const worktime = normalizeWorktimeSettings(form.send_mode, form.worktime);
  return {
    name: form.name.trim(),
    ...pickFilterCriteria(criteria, { uniqueIds: true }),
    active,
    send_mode: form.send_mode,
    worktime_settings: worktime ? { ...worktime, days: [...worktime.days] } : null,
    via: form.via,
  };
}

/** Every half hour of the day, 00:00 to 23:30. */
const HALF_HOURS = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);

/**
 * A working-hours bound as a list of times: the browser's own time field follows the system locale (AM/PM on an
 * English system), this one is always 24-hour. A stored time off the half-hour grid stays selectable.
 */
function TimeSelect({ label, value, onChange }: { label: string; value: string; onChange: (time: string) => void }) {
  const times = HALF_HOURS.includes(value) ? HALF_HOURS : [...HALF_HOURS, value].sort();
  return (
    <Select header={label} aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      {times.map((time) => (
        <option key={time} value={time}>
          {time}
        </option>
      ))}
    </Select>
  );
}

export interface SaveFilterDialogProps {
  open: boolean;
  onClose: () => void;
  /** The filter being edited; absent for a new one. */
  filter?: Filter | null | undefined;
  criteria: FeedCriteria;
  user: User;
  onSaved: (filter: Filter) => void;
  now?: Date;
}

/**
 * The save-filter dialog (spec §2, §5): a name (Enter saves), the destinations the user can receive, immediately or
 * in working hours on chosen days; Save stays disabled until core's validateSaveFilter passes.
 */
export function SaveFilterDialog({
  open,
  onClose,
  filter,
  criteria,
  user,
  onSaved,
  now = new Date(),
}: SaveFilterDialogProps) {
  const radioId = useId();
  const [form, setForm] = useDraft<SaveFilterForm>(filter ? editSaveFilterForm(filter) : newSaveFilterForm(user), open);
  const [status, setStatus] = useState<
    | { kind: 'idle' }
    | { kind: 'saving' }
    | { kind: 'failed'; message: string }
    // Saved e-mail only because Telegram's write access was refused: the dialog says so before it closes.
    | { kind: 'refused'; saved: Filter }
  >({
    kind: 'idle',
  });
  const requestWriteAccess = useRequestWriteAccess();
  const available = getAvailableDeliveryChannels(user);
  const valid = canSaveFilter(
    { name: form.name, via: form.via, send_mode: form.send_mode, worktime_settings: form.worktime },
    user,
  );
  const worktimeErrors = form.send_mode === 'worktime' ? validateWorktimeSettings(form.worktime) : {};
  const saving = status.kind === 'saving';

  const close = () => {
    setStatus({ kind: 'idle' });
    if (status.kind === 'refused') onSaved(status.saved);
    else onClose();
  };

  const save = async () => {
    if (status.kind === 'refused') return close();
    if (!valid || saving) return;
    setStatus({ kind: 'saving' });
    // A new filter notifies PRO users at once; others keep it off (the API would anyway).
    const active = filter ? filter.active : isProActive(user, now);
    let via = form.via;
    // Before Telegram delivery is switched on, the bot needs the user's permission to write (issue 13).
    const refused = active && via.includes('telegram') && (await requestWriteAccess()) === 'cancelled';
    if (refused) {
      via = via.filter((channel) => channel !== 'telegram');
      if (via.length === 0) return setStatus({ kind: 'failed', message: t.writeAccessNeeded });
      setForm({ ...form, via });
    }
    try {
      const request = toSaveFilterRequest({ ...form, via }, criteria, active);
      const saved = filter ? await updateSavedFilter(filter.id, request) : await createSavedFilter(request);
      if (refused) return setStatus({ kind: 'refused', saved });
      setStatus({ kind: 'idle' });
      onSaved(saved);
    } catch (error) {
      setStatus({ kind: 'failed', message: describeCallError(error) });
    }
  };

  // Inside Telegram, Save is the main button under the dialog.
  const native = useMainButton({
    text: status.kind === 'refused' ? t.done : t.save,
    onClick: () => void save(),
    enabled: status.kind === 'refused' || valid,
    loading: saving,
    active: open,
  });

  const toggleChannel = (channel: DeliveryChannel) =>
    setForm({
      ...form,
      via: form.via.includes(channel) ? form.via.filter((other) => other !== channel) : [...form.via, channel],
    });
  const toggleDay = (day: number) => {
    const days = form.worktime.days.includes(day)
      ? form.worktime.days.filter((other) => other !== day)
      : [...form.worktime.days, day];
    setForm({ ...form, worktime: { ...form.worktime, days } });
  };

  return (
    <DialogFrame
      open={open}
      onClose={close}
      title={filter ? t.editDialogTitle : t.saveDialogTitle}
      variant="list"
      onSubmit={() => void save()}
      contentClassName="save-filter"
      actions={
        // Inside Telegram the main button saves and the back button closes: no buttons of the dialog's own.
        native ? null : (
          <>
            {status.kind === 'refused' ? null : (
              <Button type="button" size="l" mode="bezeled" stretched onClick={close}>
                {t.cancel}
              </Button>
            )}
            <Button type="submit" size="l" stretched disabled={!valid || saving} loading={saving}>
              {status.kind === 'refused' ? t.done : t.save}
            </Button>
          </>
        )
      }
    >
      <Input
        header={t.filterName}
        aria-label={t.filterName}
        placeholder={t.filterNamePlaceholder}
        maxLength={FILTER_NAME_MAX_LENGTH}
        value={form.name}
        autoComplete="off"
        enterKeyHint="done"
        onChange={(event) => setForm({ ...form, name: event.target.value })}
      />

      <fieldset className="save-filter__group">
        <legend className="option-group__title">{t.destinations}</legend>
        {available.length === 0 ? <p className="save-filter__note">{t.noDestinations}</p> : null}
        {available.map((channel) => (
          <OptionRow
            key={channel}
            label={DELIVERY_CHANNEL_LABELS[channel]}
            hint={channel === 'email' ? (user.email ?? undefined) : undefined}
            checked={form.via.includes(channel)}
            onToggle={() => toggleChannel(channel)}
          />
        ))}
      </fieldset>

      <fieldset className="save-filter__group">
        <legend className="option-group__title">{t.sendMode}</legend>
        {SEND_MODES.map((mode) => (
          // The kit's Radio is a label of its own, so the text is a second label beside it, not around it.
          <div key={mode} className="option-row">
            <Radio
              id={`${radioId}-${mode}`}
              name="send_mode"
              value={mode}
              checked={form.send_mode === mode}
              onChange={() => setForm({ ...form, send_mode: mode })}
            />
            <label htmlFor={`${radioId}-${mode}`} className="option-row__label">
              {SEND_MODE_LABELS[mode]}
            </label>
          </div>
        ))}
      </fieldset>

      {form.send_mode === 'worktime' ? (
        <fieldset className="save-filter__group">
          <legend className="option-group__title">{t.days}</legend>
          <div className="save-filter__days">
            {WEEKDAYS.map(({ day, short, name }) => (
              <button
                key={day}
                type="button"
                className={form.worktime.days.includes(day) ? 'day-toggle day-toggle--on' : 'day-toggle'}
                aria-pressed={form.worktime.days.includes(day)}
                aria-label={name}
                onClick={() => toggleDay(day)}
              >
                {short}
              </button>
            ))}
          </div>
          {worktimeErrors['worktime_settings.days'] ? (
            <p className="range-field__error">{worktimeErrors['worktime_settings.days']}</p>
          ) : null}
          <div className="range-fields">
            <TimeSelect
              label={t.startTime}
              value={form.worktime.start}
              onChange={(start) => setForm({ ...form, worktime: { ...form.worktime, start } })}
            />
            <TimeSelect
              label={t.endTime}
              value={form.worktime.end}
              onChange={(end) => setForm({ ...form, worktime: { ...form.worktime, end } })}
            />
          </div>
          {worktimeErrors['worktime_settings.end'] || worktimeErrors['worktime_settings.start'] ? (
            <p className="range-field__error">
              {worktimeErrors['worktime_settings.start'] ?? worktimeErrors['worktime_settings.end']}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      {status.kind === 'failed' ? (
        <p className="save-filter__alert" role="alert">
          {status.message}
        </p>
      ) : null}
      {status.kind === 'refused' ? (
        // An explanation, not an error: the filter is saved (e-mail only), so the neutral hint colour.
        <p className="save-filter__note" role="status">
          {t.writeAccessRefused}
        </p>
      ) : null}
    </DialogFrame>
  );
}
