import type { InputHTMLAttributes, ReactNode } from 'react';
import { Input, Textarea } from '@telegram-apps/telegram-ui';
import type { SaveForm } from '../../../api/use-save-form';
import { Field, fieldAria } from './field';

type InputAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'placeholder' | 'type' | 'inputMode' | 'autoComplete' | 'autoCapitalize' | 'spellCheck' | 'maxLength'
>;

export interface TextFieldProps extends InputAttributes {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
  /** The input's own class (the VIN's letters). */
  inputClassName?: string;
  /** Shown on the input's line: before it a preview, after it a button. */
  before?: ReactNode;
  after?: ReactNode;
}

/** A labelled text input or text area of an admin form, tied to its error or hint (core's and the API's words). */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  required = false,
  rows,
  inputClassName,
  before,
  after,
  type,
  inputMode,
  ...attributes
}: TextFieldProps) {
  const common = {
    ...fieldAria(id, error, Boolean(hint)),
    ...(required ? { 'aria-required': true } : {}),
    ...attributes,
    className: inputClassName,
    value,
  };
  const input =
    rows === undefined ? (
      <Input {...common} type={type} inputMode={inputMode} onChange={(event) => onChange(event.target.value)} />
    ) : (
      <Textarea {...common} rows={rows} onChange={(event) => onChange(event.target.value)} />
    );
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {before || after ? (
        <div className="admin-row">
          {before}
          <div className="admin-row__grow">{input}</div>
          {after}
        </div>
      ) : (
        input
      )}
    </Field>
  );
}

/** The fields of a form that hold text. */
type TextKeys<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

export interface FormTextFieldProps<F> extends Omit<TextFieldProps, 'id' | 'name' | 'value' | 'onChange' | 'error'> {
  form: SaveForm<F>;
  /** The form's text field this input edits (also its `name` and its errors' key). */
  name: TextKeys<F>;
  /** Where its error is found when the API names the field otherwise (the VIN is `string`). */
  error?: string | undefined;
  /** What is kept of what is typed (digits only for a position). */
  accept?: (typed: string) => string;
}

/** A TextField bound to a form's text field: its value, its error, and typing into it. */
export function FormTextField<F>({ form, name, error, accept = (typed) => typed, ...props }: FormTextFieldProps<F>) {
  return (
    <TextField
      {...props}
      id={`${form.id}-${name}`}
      name={name}
      // TextKeys<F> holds only the keys whose values are strings; TypeScript cannot carry that into F[K] itself.
      value={form.fields[name] as string}
      error={error ?? form.errors[name]}
      onChange={(typed) => form.setField(name, accept(typed) as F[TextKeys<F>])}
    />
  );
}
