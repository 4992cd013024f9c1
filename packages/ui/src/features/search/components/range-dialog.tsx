import { useId, type ReactNode } from 'react';
import { Input } from '@telegram-apps/telegram-ui';
import type { FieldErrors } from '@autoradar/core';
import { FieldNote } from '../../../components/field/field';
import type { RangeDraft } from '../filter-rules';
import { FilterDialog } from './filter-dialog';

export interface RangeMenuProps<K extends string> {
  open: boolean;
  onClose: () => void;
  applied: Record<K, number | null>;
  onApply: (range: Record<K, number | null>) => void;
  /** The moment the year rule is read at (the current year); the price rule ignores it. */
  now?: Date;
}

/** One bound field with its error under it. */
function BoundField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (text: string) => void;
}) {
  const errorId = useId();
  return (
    <div className="range-field">
      <Input
        header={label}
        aria-label={label}
        placeholder={label}
        inputMode="numeric"
        autoComplete="off"
        value={value}
        status={error ? 'error' : undefined}
        aria-invalid={Boolean(error)}
        {...(error ? { 'aria-describedby': errorId } : {})}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <FieldNote tone="error" id={errorId} role="alert">
          {error}
        </FieldNote>
      ) : null}
    </div>
  );
}

export interface RangeDialogProps<K extends string> extends Pick<RangeMenuProps<K>, 'open' | 'onClose' | 'onApply'> {
  title: string;
  /** The range's two keys and their field labels, from then to. */
  fields: readonly [{ key: K; label: string }, { key: K; label: string }];
  draft: RangeDraft;
  setDraft: (draft: RangeDraft) => void;
  /** What the draft means and what is wrong with it, by key (the rules of the range). */
  read: { range: Record<K, number | null>; errors: FieldErrors };
  /** What a field shows as it is typed. */
  format: (text: string) => string;
  /** Under the fields (the year slider). */
  children?: ReactNode;
}

/**
 * The frame the price and year menus share (spec §4, §5): two bound fields editing a draft, Apply disabled while a
 * bound is wrong, Clear empties the draft (applying nothing until Apply), an empty field is no bound.
 */
export function RangeDialog<K extends string>({
  open,
  onClose,
  onApply,
  title,
  fields,
  draft,
  setDraft,
  read: { range, errors },
  format,
  children,
}: RangeDialogProps<K>) {
  const ends = ['from', 'to'] as const;
  return (
    <FilterDialog
      open={open}
      onClose={onClose}
      title={title}
      variant="compact"
      applyDisabled={Object.keys(errors).length > 0}
      onApply={() => onApply(range)}
      onClear={() => setDraft({ from: '', to: '' })}
    >
      <div className="range-fields">
        {ends.map((end, index) => (
          <BoundField
            key={end}
            label={fields[index]!.label}
            value={draft[end]}
            error={errors[fields[index]!.key]}
            onChange={(text) => setDraft({ ...draft, [end]: format(text) })}
          />
        ))}
      </div>
      {children}
    </FilterDialog>
  );
}
