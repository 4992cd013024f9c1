import { useId, type ReactNode } from 'react';
import { Button, Input } from '@telegram-apps/telegram-ui';
import { DialogFrame } from '../../../components/dialog/dialog-frame';
import { useMainButton } from '../../../platform-hooks';
import { searchMessages as t } from '../messages';
import { useDraft } from './use-draft';

export interface FilterDialogProps {
  open: boolean;
  /** Closing without Apply discards the draft (spec §4). */
  onClose: () => void;
  title: string;
  onApply: () => void;
  /** Clear resets the draft only; Apply still has to commit it. */
  onClear: () => void;
  applyDisabled?: boolean;
  /** The search box of the list dialogs. */
  search?: { value: string; onChange: (value: string) => void; placeholder: string };
  /** 'list': fullscreen on phones, up to 800 wide (spec §9); 'compact': a short sheet for the range menus. */
  variant?: 'list' | 'compact';
  children: ReactNode;
}

/** 'list': fullscreen on phones, up to 800 wide (spec §9); 'compact': a short sheet for the range menus. */
export const dialogSize = (variant: 'list' | 'compact') =>
  variant === 'list' ? ({ width: 'wide', tall: true } as const) : ({ width: 'form' } as const);

/**
 * The frame every filter dialog shares: a title, an optional search box, the content, and Clear and Apply at the
 * bottom.
 */
export function FilterDialog({
  open,
  onClose,
  title,
  onApply,
  onClear,
  applyDisabled = false,
  search,
  variant = 'list',
  children,
}: FilterDialogProps) {
  // Inside Telegram, Apply is the main button under the dialog (issue 13).
  const native = useMainButton({ text: t.apply, onClick: onApply, enabled: !applyDisabled, active: open });
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={title}
      {...dialogSize(variant)}
      closeLabel={t.close}
      onSubmit={() => {
        if (!applyDisabled) onApply();
      }}
      top={
        search ? (
          <div className="filter-dialog__search">
            <Input
              type="search"
              value={search.value}
              placeholder={search.placeholder}
              aria-label={search.placeholder}
              autoComplete="off"
              onChange={(event) => search.onChange(event.target.value)}
            />
          </div>
        ) : null
      }
      actions={
        <>
          <Button type="button" size="l" mode="bezeled" stretched onClick={onClear}>
            {t.clear}
          </Button>
          {native ? null : (
            <Button type="submit" size="l" stretched disabled={applyDisabled}>
              {t.apply}
            </Button>
          )}
        </>
      }
    >
      {children}
    </DialogFrame>
  );
}

export interface SelectionDialogProps {
  open: boolean;
  onClose: () => void;
  applied: readonly number[];
  onApply: (ids: number[]) => void;
}

/** What a selection dialog's list works with: the search text and the draft of chosen ids. */
export interface SelectionDraft {
  query: string;
  draft: readonly number[];
  setDraft: (draft: readonly number[]) => void;
}

/**
 * A list dialog choosing ids (brands, models, cities; spec §4): a draft of the applied ids from each opening, a
 * search box (left out without `searchPlaceholder`), Apply commits the draft and Clear empties it.
 */
export function SelectionDialog({
  open,
  onClose,
  applied,
  onApply,
  title,
  searchPlaceholder,
  children,
}: SelectionDialogProps & {
  title: string;
  searchPlaceholder: string | undefined;
  children: (selection: SelectionDraft) => ReactNode;
}) {
  const [draft, setDraft] = useDraft<readonly number[]>(applied, open);
  const [query, setQuery] = useDraft('', open);
  return (
    <FilterDialog
      open={open}
      onClose={onClose}
      title={title}
      onApply={() => onApply([...draft])}
      onClear={() => setDraft([])}
      {...(searchPlaceholder ? { search: { value: query, onChange: setQuery, placeholder: searchPlaceholder } } : {})}
    >
      {children({ query, draft, setDraft })}
    </FilterDialog>
  );
}

export interface OptionRowProps {
  label: string;
  hint?: string | undefined;
  checked: boolean;
  onToggle: () => void;
  icon?: string | null | undefined;
}

/** One choice of a list dialog: a real checkbox with its label, the whole row clickable. */
export function OptionRow({ label, hint, checked, onToggle, icon }: OptionRowProps) {
  return (
    <label className={checked ? 'option-row option-row--checked' : 'option-row'}>
      <input type="checkbox" className="option-row__input" checked={checked} onChange={onToggle} />
      <span className="option-row__box" aria-hidden="true" />
      {icon ? <img className="option-row__icon" src={icon} alt="" loading="lazy" /> : null}
      <span className="option-row__label">{label}</span>
      {hint ? <span className="option-row__hint">{hint}</span> : null}
    </label>
  );
}

/** A heading inside a list dialog (Популярные, a region). */
export function OptionGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="option-group" aria-labelledby={id}>
      <h3 id={id} className="option-group__title">
        {title}
      </h3>
      <div className="option-group__rows">{children}</div>
    </section>
  );
}
