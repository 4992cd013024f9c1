import { useId } from 'react';
import { Input } from '@telegram-apps/telegram-ui';
import { formatPriceTyping, priceDraftFrom, readPriceDraft, type RangeDraft } from '../filter-rules';
import { searchMessages as t } from '../messages';
import { FilterDialog } from './filter-dialog';
import { useDraft } from './use-draft';

export interface RangeMenuProps<K extends string> {
  open: boolean;
  onClose: () => void;
  applied: Record<K, number | null>;
  onApply: (range: Record<K, number | null>) => void;
  /** The moment the year rule is read at (the current year); the price rule ignores it. */
  now?: Date;
}

/** One bound field with its error under it. */
export function BoundField({
  label,
  value,
  error,
  inputMode,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  inputMode: 'numeric';
  onChange: (text: string) => void;
}) {
  const errorId = useId();
  return (
    <div className="range-field">
      <Input
        header={label}
        aria-label={label}
        placeholder={label}
        inputMode={inputMode}
        autoComplete="off"
        value={value}
        status={error ? 'error' : undefined}
        aria-invalid={Boolean(error)}
        {...(error ? { 'aria-describedby': errorId } : {})}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <span id={errorId} className="range-field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The price range (spec §5): digits only, grouped the ru-RU way while typed, 0 to 100 000 000, from not above to; an
 * empty field is no bound (null).
 */
export function PriceMenu({
  open,
  onClose,
  applied,
  onApply,
  now = new Date(),
}: RangeMenuProps<'priceFrom' | 'priceTo'>) {
  const [draft, setDraft] = useDraft<RangeDraft>(priceDraftFrom(applied), open);
  const { range, errors } = readPriceDraft(draft, now);
  const invalid = Object.keys(errors).length > 0;
  return (
    <FilterDialog
      open={open}
      onClose={onClose}
      title={t.priceTitle}
      variant="compact"
      applyDisabled={invalid}
      onApply={() => onApply(range)}
      onClear={() => setDraft({ from: '', to: '' })}
    >
      <div className="range-fields">
        <BoundField
          label={t.priceFromLabel}
          value={draft.from}
          error={errors['priceFrom']}
          inputMode="numeric"
          onChange={(text) => setDraft({ ...draft, from: formatPriceTyping(text) })}
        />
        <BoundField
          label={t.priceToLabel}
          value={draft.to}
          error={errors['priceTo']}
          inputMode="numeric"
          onChange={(text) => setDraft({ ...draft, to: formatPriceTyping(text) })}
        />
      </div>
    </FilterDialog>
  );
}
