import { MESSAGES } from './messages';
import { toValidationResult, type ValidationResult } from './validation-result';

export interface SupportForm {
  message?: string | null;
  contacts?: string | null;
}

const isBlank = (text: string | null | undefined) => (text ?? '').trim() === '';

/** Support dialog: the message is required, contacts optional; the 500 counter is advice, not a limit (spec §5). */
export function validateSupportForm(form: SupportForm): ValidationResult {
  return toValidationResult(isBlank(form.message) ? { message: MESSAGES.fieldRequired } : {});
}

/** Inspection order: the contact is required, the comment is optional with the same advisory 500 counter. */
export function validateInspectionForm(form: SupportForm): ValidationResult {
  return toValidationResult(isBlank(form.contacts) ? { contacts: MESSAGES.fieldRequired } : {});
}
