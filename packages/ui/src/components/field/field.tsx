import type { ReactNode } from 'react';
import './field.css';

// A form field, the same on every screen (the new listing, the admin forms, the support and inspection dialogs):
// our own label above the kit's input (the kit's header is cut to one line and hidden on the iOS look), the input,
// then its error or hint and, at the right, an aside (the 500 counter). field.css draws it; where it sits sets only
// its insets (--field-inset, --field-box-inset).

export interface FieldProps {
  id: string;
  label: string;
  /** Shown under the input and linked to it; replaces the hint. */
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Right-aligned under the input (the 500 counter). */
  aside?: ReactNode;
  /** The label is read out but not shown (a section title above already says it). */
  labelHidden?: boolean;
  className?: string;
  children: ReactNode;
}

/** The ids an input of this field points at with aria-describedby: its error, else its hint, and its counter. */
export function describedBy(
  id: string,
  error: string | null | undefined,
  hint = false,
  counter = false,
): string | undefined {
  const ids = [error ? `${id}-error` : hint ? `${id}-hint` : null, counter ? `${id}-counter` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The input props that tie it to its field: its id, the describing texts and the invalid flag. */
export function fieldAria(id: string, error: string | null | undefined, hint = false, counter = false) {
  const described = describedBy(id, error, hint, counter);
  return { id, 'aria-invalid': Boolean(error), ...(described ? { 'aria-describedby': described } : {}) };
}

/** A labelled field: the label, the input, then its error or hint and the aside. */
export function Field({ id, label, error, hint, aside, labelHidden = false, className, children }: FieldProps) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className={labelHidden ? 'field__label visually-hidden' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      {children}
      {error || hint || aside ? (
        <div className="field__below">
          {error ? (
            <FieldNote id={`${id}-error`} tone="error">
              {error}
            </FieldNote>
          ) : hint ? (
            <FieldNote id={`${id}-hint`}>{hint}</FieldNote>
          ) : (
            <span />
          )}
          {aside}
        </div>
      ) : null}
    </div>
  );
}

export interface FieldNoteProps {
  /** 'error' in the destructive colour, 'hint' in the hint colour. */
  tone?: 'error' | 'hint';
  id?: string;
  /** A note that appears on its own (a range's error) is announced; one under a field is read with it. */
  role?: 'alert' | 'status';
  className?: string;
  children: ReactNode;
}

/** The small text under a field, or under a group of them: an error or a hint. */
export function FieldNote({ tone = 'hint', id, role, className, children }: FieldNoteProps) {
  const classes = `field__note field__note--${tone}${className ? ` ${className}` : ''}`;
  return (
    <p className={classes} {...(id ? { id } : {})} {...(role ? { role } : {})}>
      {children}
    </p>
  );
}

/** How much of a text's advisory limit is used (spec §5: shown, not enforced), red once it is passed. */
export function TextCounter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <span id={id} className={length > max ? 'field__counter field__counter--over' : 'field__counter'}>
      {`${length} / ${max}`}
    </span>
  );
}
