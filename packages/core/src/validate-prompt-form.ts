import { POSITION_MAX } from './constants';
import { MESSAGES } from './messages';
import { toValidationResult, type FieldErrors, type ValidationResult } from './validation-result';

export interface PromptForm {
  key?: string | null;
  title?: string | null;
  text?: string | null;
  position?: number | null;
}

/** Prompt form (spec §5): key, title and text required; position, when given, a whole number 0..POSITION_MAX. */
export function validatePromptForm(form: PromptForm): ValidationResult {
  const errors: FieldErrors = {};
  for (const field of ['key', 'title', 'text'] as const) {
    if ((form[field] ?? '').trim() === '') errors[field] = MESSAGES.required;
  }
  const { position } = form;
  if (position !== null && position !== undefined) {
    if (!Number.isFinite(position)) errors.position = MESSAGES.invalidValue;
    else if (position < 0) errors.position = MESSAGES.minValue(0);
    else if (position > POSITION_MAX) errors.position = MESSAGES.maxValue(POSITION_MAX);
    else if (!Number.isInteger(position)) errors.position = MESSAGES.invalidValue;
  }
  return toValidationResult(errors);
}
