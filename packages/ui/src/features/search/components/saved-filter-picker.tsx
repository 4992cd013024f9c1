import { useId, useState } from 'react';
import { Button, Switch } from '@telegram-apps/telegram-ui';
import type { Filter } from '@autoradar/contract';
import { Badge } from '../../../components/badge/badge';
import { searchMessages as t } from '../messages';

export interface SavedFilterPickerProps {
  filters: Filter[];
  selected: Filter | null;
  pro: boolean;
  busy: boolean;
  onSelect: (filter: Filter | null) => void;
  onToggle: (filter: Filter, active: boolean) => void;
  onEdit: () => void;
  /** Resolves with whether the filter was deleted (a failure keeps the confirmation open). */
  onDelete: (filter: Filter) => Promise<boolean>;
}

/**
 * The selector of the saved filters, a chip of the filter row (issue 32: a native select with the chip's look, named
 * «Мои фильтры»). Loaded only once the user has a saved filter.
 */
export function SavedFilterSelect({
  filters,
  selected,
  onSelect,
}: Pick<SavedFilterPickerProps, 'filters' | 'selected' | 'onSelect'>) {
  const selectId = useId();
  return (
    <span className={selected ? 'saved-filter-chip saved-filter-chip--set' : 'saved-filter-chip'}>
      <label className="saved-filter-chip__label" htmlFor={selectId}>
        {selected ? `${t.savedFilters}: ` : t.savedFilters}
      </label>
      <select
        id={selectId}
        className="saved-filter-chip__select"
        value={selected ? String(selected.id) : ''}
        onChange={(event) => {
          const id = Number(event.target.value);
          onSelect(filters.find((filter) => filter.id === id) ?? null);
        }}
      >
        <option value="">{t.noSavedFilter}</option>
        {filters.map((filter) => (
          <option key={filter.id} value={String(filter.id)}>
            {t.savedFilterOption(filter.name, filter.goodPriceOnly === true)}
          </option>
        ))}
      </select>
    </span>
  );
}

/**
 * For the chosen saved filter: the notifications toggle (PRO only), edit and delete with a confirmation (a line under
 * the filter row; the kit's Switch loads with it).
 */
export function SavedFilterControls({
  selected,
  pro,
  busy,
  onToggle,
  onEdit,
  onDelete,
}: Omit<SavedFilterPickerProps, 'filters' | 'onSelect' | 'selected'> & { selected: Filter }) {
  const selectId = useId();
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <div className="saved-filters__selected">
      {selected.goodPriceOnly ? (
        <Badge tone="positive" size="m" className="saved-filters__good-price" data-testid="saved-filter-good-price">
          {t.goodPriceOnly}
        </Badge>
      ) : null}
      <div className="saved-filters__toggle">
        <Switch
          id={`${selectId}-active`}
          checked={selected.active}
          disabled={!pro || busy}
          aria-describedby={pro ? undefined : `${selectId}-pro`}
          onChange={(event) => onToggle(selected, event.target.checked)}
        />
        <label htmlFor={`${selectId}-active`}>{t.notifications}</label>
      </div>
      {pro ? null : (
        <span id={`${selectId}-pro`} className="saved-filters__hint">
          {t.notificationsProOnly}
        </span>
      )}
      <div className="saved-filters__actions">
        <Button type="button" size="s" mode="bezeled" disabled={busy} onClick={onEdit}>
          {t.editFilter}
        </Button>
        {confirmDelete ? (
          <span className="saved-filters__confirm" role="group" aria-label={t.deleteFilterConfirm(selected.name)}>
            <span>{t.deleteFilterConfirm(selected.name)}</span>
            <Button
              type="button"
              size="s"
              mode="bezeled"
              className="saved-filters__delete"
              disabled={busy}
              onClick={() => void onDelete(selected).then((deleted) => deleted && setConfirmDelete(false))}
            >
              {t.deleteFilter}
            </Button>
            <Button type="button" size="s" mode="plain" onClick={() => setConfirmDelete(false)}>
              {t.cancel}
            </Button>
          </span>
        ) : (
          <Button type="button" size="s" mode="plain" onClick={() => setConfirmDelete(true)}>
            {t.deleteFilter}
          </Button>
        )}
      </div>
    </div>
  );
}
