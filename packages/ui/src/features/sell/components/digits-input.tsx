import { useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';
import { Input } from '@telegram-apps/telegram-ui';
import { formatDigitsInput, parseDigitsInput } from '@autoradar/core';

export interface DigitsInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type' | 'size'
> {
  value: number | null;
  onValueChange: (value: number | null) => void;
  /** Space grouping (1 250 000); off for a year. */
  grouped?: boolean;
  /** Digits kept at most (numbers stay exact below 2^53). */
  maxDigits?: number;
  invalid?: boolean;
}

/** Where the caret goes in `text` to stand after `digits` digits. */
function caretAfterDigits(text: string, digits: number): number {
  if (digits <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (/\d/.test(text[i]!)) seen += 1;
    if (seen === digits) return i + 1;
  }
  return text.length;
}

/**
 * A number typed as digits only (spec §5), shown with ru-RU space grouping (core digits-input). Anything else typed
 * or pasted is dropped; the caret keeps its place among the digits when the grouping moves.
 */
export function DigitsInput({
  value,
  onValueChange,
  grouped = true,
  maxDigits = 15,
  invalid = false,
  ...rest
}: DigitsInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const caretDigits = useRef<number | null>(null);
  const text = grouped ? formatDigitsInput(value) : value === null ? '' : String(value);

  useLayoutEffect(() => {
    const input = ref.current;
    if (!input || caretDigits.current === null || document.activeElement !== input) return;
    const position = caretAfterDigits(input.value, caretDigits.current);
    caretDigits.current = null;
    input.setSelectionRange(position, position);
  });

  return (
    <Input
      {...rest}
      ref={ref}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={text}
      status={invalid ? 'error' : undefined}
      aria-invalid={invalid || undefined}
      onChange={(event) => {
        const raw = event.target.value;
        const caret = event.target.selectionStart ?? raw.length;
        caretDigits.current = raw.slice(0, caret).replace(/\D/g, '').length;
        const digits = raw.replace(/\D/g, '').slice(0, maxDigits);
        onValueChange(parseDigitsInput(digits));
      }}
    />
  );
}
