import type { ReactNode } from 'react';

export interface FieldProps {
  id: string;
  label: string;
  /** Shown under the input and linked to it; replaces the hint. */
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

/** What an input of a field points at with aria-describedby (its error, else its hint). */
export const describedBy = (id: string, error: string | undefined, hint = false) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

/** The input props that tie it to its field: the describing text and the invalid flag. */
export function fieldAria(id: string, error: string | undefined, hint = false) {
  const described = describedBy(id, error, hint);
  return { id, 'aria-invalid': Boolean(error), ...(described ? { 'aria-describedby': described } : {}) };
}

/**
 * A labelled field: the visible label (the kit's input header is hidden on the iOS look), the input, then its error
 * or hint.
 */
export function Field({ id, label, error, hint, children }: FieldProps) {
  return (
    <div className="admin-field">
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p className="admin-field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p className="admin-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
