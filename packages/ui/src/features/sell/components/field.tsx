import type { ReactNode } from 'react';

export interface FieldProps {
  id: string;
  label: string;
  /** Shown in red under the input and announced; replaces the hint. */
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Right-aligned under the input (the 500 counter). */
  aside?: ReactNode;
  /** The label is read out but not shown (the section title already says it). */
  labelHidden?: boolean;
  children: ReactNode;
}

/** The describing element ids an input of this field points at (error or hint). */
export const describedBy = (id: string, error: string | null | undefined, hint: boolean) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

/**
 * A labelled form field: a visible label above (telegram-ui's own input header is hidden on the iOS look), the
 * input, and under it the error or the hint. The input itself sets aria-invalid and aria-describedby.
 */
export function Field({ id, label, error, hint, aside, labelHidden = false, children }: FieldProps) {
  return (
    <div className="sell-field">
      <label className={labelHidden ? 'sell-field__label sell-field__label--hidden' : 'sell-field__label'} htmlFor={id}>
        {label}
      </label>
      {children}
      {error || hint || aside ? (
        <div className="sell-field__below">
          {error ? (
            <p className="sell-field__error" id={`${id}-error`}>
              {error}
            </p>
          ) : hint ? (
            <p className="sell-field__hint" id={`${id}-hint`}>
              {hint}
            </p>
          ) : (
            <span />
          )}
          {aside}
        </div>
      ) : null}
    </div>
  );
}
