import type { InputHTMLAttributes, ReactNode } from 'react';
import { Input, Textarea } from '@telegram-apps/telegram-ui';
import type { SaveForm } from '../../api/use-save-form';
import { Field, fieldAria, TextCounter } from './field';

type InputAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  | 'name'
  | 'placeholder'
  | 'type'
  | 'inputMode'
  | 'autoComplete'
  | 'autoCapitalize'
  | 'spellCheck'
  | 'maxLength'
  | 'list'
  | 'enterKeyHint'
>;

export interface TextFieldProps extends InputAttributes {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
  /** Shows how much of this advisory limit the text uses (spec §5's 500: shown, not enforced). */
  counter?: number;
  /** The label is read out but not shown (a section title above already says it). */
  labelHidden?: boolean;
  /** The input's own class (the VIN's letters). */
  inputClassName?: string;
  /** Shown on the input's line: before it a preview, after it a button. */
  before?: ReactNode;
  after?: ReactNode;
  /** The input was left (a form shows an error only once its field was visited). */
  onBlur?: () => void;
}

/** A labelled text input or text area, tied to its error, hint and counter (core's and the API's words). */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  required = false,
  disabled,
  rows,
  counter,
  labelHidden,
  inputClassName,
  before,
  after,
  type,
  inputMode,
  enterKeyHint,
  ...attributes
}: TextFieldProps) {
  const common = {
    ...fieldAria(id, error, Boolean(hint), counter !== undefined),
    ...(required ? { 'aria-required': true } : {}),
    ...attributes,
    className: inputClassName,
    status: error ? ('error' as const) : undefined,
    disabled,
    value,
  };
  const input =
    rows === undefined ? (
      <Input
        {...common}
        type={type}
        inputMode={inputMode}
        enterKeyHint={enterKeyHint}
        onChange={(event) => onChange(event.target.value)}
      />
    ) : (
      <Textarea {...common} rows={rows} onChange={(event) => onChange(event.target.value)} />
    );
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={hint}
      labelHidden={labelHidden}
      aside={
        counter === undefined ? undefined : <TextCounter id={`${id}-counter`} length={value.length} max={counter} />
      }
    >
      {before || after ? (
        <div className="field__row">
          {before}
          <div className="field__grow">{input}</div>
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

/** A TextField bound to a form's text field (useSaveForm): its value, its error, and typing into it. */
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
