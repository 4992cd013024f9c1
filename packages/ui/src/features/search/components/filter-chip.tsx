import { searchMessages as t } from '../messages';

export interface FilterChipProps {
  label: string;
  /** The applied value; null shows the label alone and no clear button. */
  value: string | null;
  onOpen: () => void;
  /** Resets the applied selection (spec §4: the chip's clear). */
  onClear: () => void;
  disabled?: boolean;
}

/** One part of the filter panel: opens its dialog, shows what is applied, and clears it. */
export function FilterChip({ label, value, onOpen, onClear, disabled = false }: FilterChipProps) {
  return (
    <span className={value ? 'filter-chip filter-chip--set' : 'filter-chip'}>
      <button type="button" className="filter-chip__open" disabled={disabled} aria-haspopup="dialog" onClick={onOpen}>
        <span className="filter-chip__label">{value ? `${label}: ` : label}</span>
        {value ? (
          <span className="filter-chip__value">{value}</span>
        ) : (
          <span className="filter-chip__arrow" aria-hidden="true" />
        )}
      </button>
      {value ? (
        <button type="button" className="filter-chip__clear" aria-label={t.clearChip(label)} onClick={onClear}>
          <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
    </span>
  );
}
