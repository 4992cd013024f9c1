import type { Draft, PublishDraftRequest, UpdateDraftRequest } from '@autoradar/contract';
import { PublishDraftRequestSchema, UpdateDraftRequestSchema } from '@autoradar/contract/drafts';
import {
  MESSAGES,
  validateContact,
  validateDraftForPublish,
  type ContactType,
  type DraftMediaItem,
  type FieldErrors,
  type ListingFormValues,
} from '@autoradar/core';

// The listing form as the screen holds it (spec §3 Draft), and how it becomes the draft calls' bodies.

export interface FormContact {
  /** A client key for React lists; contacts are sent without ids (see `contactsBody`). */
  key: string;
  type: ContactType;
  value: string;
}

export interface ListingForm {
  brand_id: number | null;
  model_id: number | null;
  generation_id: number | null;
  configuration_id: number | null;
  year: number | null;
  mileage: number | null;
  price: number | null;
  city: string;
  description: string;
  contacts: FormContact[];
  /** The car's VIN, optional (issue 33); as typed, checked by core's validateListingVin. */
  vin: string;
}

export type FormField = keyof ListingForm;

export const FORM_FIELDS: readonly FormField[] = [
  'brand_id',
  'model_id',
  'generation_id',
  'configuration_id',
  'year',
  'mileage',
  'price',
  'city',
  'description',
  'contacts',
  'vin',
];

export type MediaItem = DraftMediaItem & { id: number };

let nextKey = 0;
/** A key unique within the page (and across reloads, since the time is part of it). */
export function newContactKey(): string {
  nextKey += 1;
  return `c${Date.now().toString(36)}${nextKey}`;
}

export function emptyContact(type: ContactType = 'phone'): FormContact {
  return { key: newContactKey(), type, value: '' };
}

export function emptyForm(): ListingForm {
  return {
    brand_id: null,
    model_id: null,
    generation_id: null,
    configuration_id: null,
    year: null,
    mileage: null,
    price: null,
    city: '',
    description: '',
    contacts: [emptyContact()],
    vin: '',
  };
}

/** The form as the server keeps it; a draft without contacts offers one empty phone row. */
export function formFromDraft(draft: Draft): ListingForm {
  return {
    brand_id: draft.brand_id,
    model_id: draft.model_id,
    generation_id: draft.generation_id,
    configuration_id: draft.configuration_id,
    year: draft.year,
    mileage: draft.mileage,
    price: draft.price,
    city: draft.city ?? '',
    description: draft.description ?? '',
    contacts:
      draft.contacts.length > 0
        ? draft.contacts.map((c) => ({ key: newContactKey(), type: c.type, value: c.value }))
        : [emptyContact()],
    vin: draft.vin ?? '',
  };
}

/** What core's listing rules read. */
export function formValues(form: ListingForm): ListingFormValues {
  return {
    year: form.year,
    mileage: form.mileage,
    price: form.price,
    city: form.city,
    description: form.description,
    contacts: form.contacts,
    brand_id: form.brand_id,
    model_id: form.model_id,
    vin: form.vin,
  };
}

/** Every rule of spec §5 for publishing, keyed like the API's 422 ('year', 'contacts.0.value', 'contacts'). */
export function publishErrors(form: ListingForm, now: Date): FieldErrors {
  return validateDraftForPublish(formValues(form), now).errors;
}

/**
 * Contacts as sent: the filled and well-formed rows only, without ids, so the server's list is replaced by exactly
 * what the form shows (the API keeps ids only to update rows in place; nothing refers to a contact's id). A row
 * still being typed, or wrong, stays on the screen and in the local copy until it is right.
 */
export function contactsBody(contacts: readonly FormContact[]): { type: ContactType; value: string }[] {
  return contacts
    .filter((c) => c.value.trim() !== '' && validateContact(c.type, c.value) === null)
    .map((c) => ({ type: c.type, value: c.value.trim() }));
}

function fieldBody(form: ListingForm, field: FormField): unknown {
  switch (field) {
    case 'city':
    case 'description':
    case 'vin': {
      const text = form[field];
      return text.trim() === '' ? null : text;
    }
    case 'contacts':
      return contactsBody(form.contacts);
    default:
      return form[field];
  }
}

/**
 * A save body for `fields` that the contract accepts: a field the contract would refuse (a year still being typed,
 * a city too long) is left out, so one unfinished field never stops the others from being saved. The contract's own
 * schema decides, so the client and the API cannot disagree about what is acceptable.
 */
export function saveBody(
  form: ListingForm,
  fields: Iterable<FormField>,
  media?: readonly MediaItem[],
): { body: UpdateDraftRequest; sent: FormField[] } {
  const body: Record<string, unknown> = {};
  for (const field of fields) body[field] = fieldBody(form, field);
  if (media) body['media'] = media.map((m) => ({ id: m.id, main: m.main }));
  for (let round = 0; round <= FORM_FIELDS.length; round += 1) {
    const parsed = UpdateDraftRequestSchema.safeParse(body);
    if (parsed.success) break;
    const refused = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')));
    const known = [...refused].filter((key) => key in body);
    if (known.length === 0) break;
    for (const key of known) delete body[key];
  }
  return { body, sent: FORM_FIELDS.filter((f) => f in body) };
}

/** The whole form for publishing; the photos in the order shown, with the main flag. */
export function publishBody(form: ListingForm, media: readonly MediaItem[]): PublishDraftRequest {
  const body = {
    ...Object.fromEntries(FORM_FIELDS.map((field) => [field, fieldBody(form, field)])),
    media: media.map((m) => ({ id: m.id, main: m.main })),
  };
  return body;
}

/** True when the contract accepts `body` for publishing (the screen's own rules already said so). */
export function isPublishable(body: PublishDraftRequest): boolean {
  return PublishDraftRequestSchema.safeParse(body).success;
}

/** Two values of a field are the same (contacts by type and value, keys aside). */
export function sameValue(field: FormField, a: ListingForm, b: ListingForm): boolean {
  if (field !== 'contacts') return a[field] === b[field];
  const strip = (contacts: readonly FormContact[]) => contacts.map((c) => `${c.type}\u0000${c.value}`).join('\u0001');
  return strip(a.contacts) === strip(b.contacts);
}

/**
 * Server 422 errors mapped onto the form: 'contacts.N.value' names the N-th row of the sent contacts, which is not
 * the N-th row on screen when empty or wrong rows were left out.
 */
export function mapServerErrors(errors: Record<string, readonly string[]> | undefined, form: ListingForm): FieldErrors {
  const sentRows = form.contacts.filter((c) => c.value.trim() !== '' && validateContact(c.type, c.value) === null);
  const result: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const message = messages.find((m) => m.trim() !== '') ?? MESSAGES.invalidValue;
    const row = /^contacts\.(\d+)\.value$/.exec(key);
    if (row) {
      const contact = sentRows[Number(row[1])];
      if (contact) result[`contacts.${form.contacts.indexOf(contact)}.value`] = message;
      continue;
    }
    result[key] = message;
  }
  return result;
}
