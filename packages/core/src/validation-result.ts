/**
 * Errors keyed by dotted field path ('year', 'contacts.0.value'), one message each: the same keys the API's 422
 * envelope uses, so a form shows server and client errors alike.
 */
export type FieldErrors = Record<string, string>;

export interface ValidationResult {
  valid: boolean;
  errors: FieldErrors;
}

export function toValidationResult(errors: FieldErrors): ValidationResult {
  return { valid: Object.keys(errors).length === 0, errors };
}

/** Splits a dotted path into segments, numeric ones as numbers, as zod and form libraries expect. */
export function splitFieldPath(path: string): (string | number)[] {
  return path.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}
