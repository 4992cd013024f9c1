import { useId } from 'react';
import { Button, Input, Radio, Switch } from '@telegram-apps/telegram-ui';
import type { Filter, User } from '@autoradar/contract';
import {
  canSaveFilter,
  DELIVERY_CHANNEL_LABELS,
  FILTER_NAME_MAX_LENGTH,
  getAvailableDeliveryChannels,
  SEND_MODE_LABELS,
  SEND_MODES,
  validateWorktimeSettings,
} from '@autoradar/core';
import { Alert } from '../../../components/alert';
import { DialogFrame } from '../../../components/dialog/dialog-frame';
import { FieldNote } from '../../../components/field/field';
import { useMainButton } from '../../../platform-hooks';
import type { FeedCriteria } from '../filter-rules';
import { useSaveFilter } from '../hooks/use-save-filter';
import { searchMessages as t, WEEKDAYS } from '../messages';
import {
  editSaveFilterForm,
  newSaveFilterForm,
  toggleChannel,
  toggleDay,
  type SaveFilterForm,
} from '../save-filter-form';
import { dialogSize, OptionRow } from './filter-dialog';
import { TimeSelect } from './time-select';
import { useDraft } from './use-draft';

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
 * in working hours on chosen days; Save stays disabled until core's validateSaveFilter passes. The saving itself is
 * useSaveFilter.
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
  const [form, setForm] = useDraft<SaveFilterForm>(
    filter ? editSaveFilterForm(filter) : newSaveFilterForm(user, criteria),
    open,
  );
  const saving = useSaveFilter({ filter, criteria, user, now, form, setForm, onSaved });
  const valid = canSaveFilter(
    { name: form.name, via: form.via, send_mode: form.send_mode, worktime_settings: form.worktime },
    user,
  );
  const refused = saving.refused;

  const close = () => {
    saving.reset();
    if (refused) onSaved(refused);
    else onClose();
  };
  const save = () => {
    if (refused) close();
    else if (valid && !saving.saving) saving.save();
  };

  // Inside Telegram, Save is the main button under the dialog.
  const native = useMainButton({
    text: refused ? t.done : t.save,
    onClick: save,
    enabled: refused !== null || valid,
    loading: saving.saving,
    active: open,
  });

  return (
    <DialogFrame
      open={open}
      onClose={close}
      title={filter ? t.editDialogTitle : t.saveDialogTitle}
      {...dialogSize('list')}
      closeLabel={t.close}
      onSubmit={save}
      contentClassName="save-filter"
      actions={
        // Inside Telegram the main button saves and the back button closes: no buttons of the dialog's own.
        native ? null : (
          <>
            {refused ? null : (
              <Button type="button" size="l" mode="bezeled" stretched onClick={close}>
                {t.cancel}
              </Button>
            )}
            <Button type="submit" size="l" stretched disabled={!valid || saving.saving} loading={saving.saving}>
              {refused ? t.done : t.save}
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
      <GoodPriceOnly form={form} setForm={setForm} />
      <Destinations form={form} setForm={setForm} user={user} />
      <SendMode form={form} setForm={setForm} />
      {form.send_mode === 'worktime' ? <Worktime form={form} setForm={setForm} /> : null}
      <Alert message={saving.error} />
      {refused ? (
        // An explanation, not an error: the filter is saved (e-mail only), so the neutral hint colour.
        <p className="save-filter__note" role="status">
          {t.writeAccessRefused}
        </p>
      ) : null}
    </DialogFrame>
  );
}

interface PartProps {
  form: SaveFilterForm;
  setForm: (form: SaveFilterForm) => void;
}

/** «Только хорошая цена»: the filter (its feed and its notifications) keeps only listings with that badge. */
function GoodPriceOnly({ form, setForm }: PartProps) {
  const id = useId();
  return (
    <div className="save-filter__switch">
      <Switch
        id={id}
        checked={form.goodPriceOnly}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setForm({ ...form, goodPriceOnly: event.target.checked })}
      />
      <label htmlFor={id} className="save-filter__switch-label">
        {t.goodPriceOnly}
      </label>
      <span id={`${id}-hint`} className="save-filter__switch-hint">
        {t.goodPriceOnlyHint}
      </span>
    </div>
  );
}

/** Where notifications go: the destinations the user can receive (Telegram when linked, e-mail when known). */
function Destinations({ form, setForm, user }: PartProps & { user: User }) {
  const available = getAvailableDeliveryChannels(user);
  return (
    <fieldset className="save-filter__group">
      <legend className="option-group__title">{t.destinations}</legend>
      {available.length === 0 ? <p className="save-filter__note">{t.noDestinations}</p> : null}
      {available.map((channel) => (
        <OptionRow
          key={channel}
          label={DELIVERY_CHANNEL_LABELS[channel]}
          hint={channel === 'email' ? (user.email ?? undefined) : undefined}
          checked={form.via.includes(channel)}
          onToggle={() => setForm(toggleChannel(form, channel))}
        />
      ))}
    </fieldset>
  );
}

/** When they go: at once, or in working hours. */
function SendMode({ form, setForm }: PartProps) {
  const radioId = useId();
  return (
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
  );
}

/** The working hours: the days, and the times from and to, with core's rules on them. */
function Worktime({ form, setForm }: PartProps) {
  const errors = validateWorktimeSettings(form.worktime);
  const timeError = errors['worktime_settings.start'] ?? errors['worktime_settings.end'];
  return (
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
            onClick={() => setForm(toggleDay(form, day))}
          >
            {short}
          </button>
        ))}
      </div>
      {errors['worktime_settings.days'] ? (
        <FieldNote tone="error" className="save-filter__error">
          {errors['worktime_settings.days']}
        </FieldNote>
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
      {timeError ? (
        <FieldNote tone="error" className="save-filter__error">
          {timeError}
        </FieldNote>
      ) : null}
    </fieldset>
  );
}
