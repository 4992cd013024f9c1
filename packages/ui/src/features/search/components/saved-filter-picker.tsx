import { useId, useState } from 'react';
import { Button, Select, Switch } from '@telegram-apps/telegram-ui';
import type { Filter } from '@autoradar/contract';
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
 * The selector of the saved filters and, for the chosen one, the notifications toggle (PRO only), edit and delete
 * with a confirmation. Loaded only once the user has a saved filter (the kit's Select and Switch stay off the
 * first screen of everyone else).
 */
export function SavedFilterPicker({
  filters,
  selected,
  pro,
  busy,
  onSelect,
  onToggle,
  onEdit,
  onDelete,
}: SavedFilterPickerProps) {
  const selectId = useId();
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <>
      {filters.length > 0 ? (
        <div className="saved-filters__select">
          <Select
            id={selectId}
            header={t.savedFilters}
            aria-label={t.savedFilters}
            value={selected ? String(selected.id) : ''}
            onChange={(event) => {
              setConfirmDelete(false);
              const id = Number(event.target.value);
              onSelect(filters.find((filter) => filter.id === id) ?? null);
            }}
          >
            <option value="">{t.noSavedFilter}</option>
            {filters.map((filter) => (
              <option key={filter.id} value={String(filter.id)}>
                {filter.name}
              </option>
            ))}
          </Select>
        </div>
      ) : null}

      {selected ? (
        <div className="saved-filters__selected">
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
      ) : null}
    </>
  );
}
