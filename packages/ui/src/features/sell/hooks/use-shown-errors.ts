import { useCallback, useState } from 'react';
import { MESSAGES, type FieldErrors } from '@autoradar/core';
import { publishErrors, type FormField, type ListingForm } from '../listing-form';
import { sellMessages as t } from '../messages';

// Which of the form's problems the screen shows, and what the publish button's note says is missing (spec §5, §8).

const REQUIRED_MESSAGES: readonly string[] = [MESSAGES.required, MESSAGES.contactRequired];
/** Texts that can be too long: said at once while typing, not only when the field is left. */
const LENGTH_FIELDS: readonly string[] = ['city', 'description'];
const MISSING_ORDER = Object.keys(t.missing);
const fieldOf = (path: string) => path.split('.')[0] as FormField;

/** Fields that already hold something: their errors show from the start (a reload keeps showing them). */
function filledFields(form: ListingForm): Set<FormField> {
  const filled = new Set<FormField>();
  for (const [field, value] of Object.entries(form) as [FormField, unknown][]) {
    if (field === 'contacts') {
      if (form.contacts.some((c) => c.value.trim() !== '')) filled.add(field);
    } else if (value !== null && value !== '') filled.add(field);
  }
  return filled;
}

export interface ShownErrors {
  /** The message under a field ('year', 'contacts.0.value'): the server's refusal, else the publish rule's once the
   * field was visited (a too long text at once). */
  errorOf: (path: string) => string | undefined;
  /** The field was left: its errors show from now on. */
  touch: (field: FormField) => void;
  /** Anything at all stops publishing (shown or not). */
  hasProblems: boolean;
  /** The required fields still empty, in the spec's words and order ('марку, модель'). */
  missing: string[];
  /** There are problems besides the missing fields. */
  otherErrors: boolean;
}

/** The publish rule of core (validateDraftForPublish) and the server's refusals, as the form shows them. */
export function useShownErrors(form: ListingForm, serverErrors: FieldErrors, now: Date): ShownErrors {
  const [touched, setTouched] = useState<Set<FormField>>(() => filledFields(form));
  const touch = useCallback(
    (field: FormField) => setTouched((prev) => (prev.has(field) ? prev : new Set(prev).add(field))),
    [],
  );
  const clientErrors = publishErrors(form, now);
  const errorOf = (path: string): string | undefined => {
    if (serverErrors[path]) return serverErrors[path];
    const message = clientErrors[path];
    const shown = touched.has(fieldOf(path)) || (LENGTH_FIELDS.includes(path) && message !== MESSAGES.required);
    return message && shown ? message : undefined;
  };
  const problems = Object.keys(clientErrors).length + Object.keys(serverErrors).length;
  const missing = MISSING_ORDER.filter((path) => REQUIRED_MESSAGES.includes(clientErrors[path] ?? '')).map(
    (path) => t.missing[path as keyof typeof t.missing],
  );
  return { errorOf, touch, hasProblems: problems > 0, missing, otherErrors: problems > missing.length };
}
