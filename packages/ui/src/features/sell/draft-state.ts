import type { Draft } from '@autoradar/contract';
import {
  addDraftMedia,
  removeDraftMedia,
  setMainDraftMedia,
  stripForbiddenChars,
  type FieldErrors,
} from '@autoradar/core';
import { FORM_FIELDS, saveBody, sameValue, type FormField, type ListingForm, type MediaItem } from './listing-form';
import { mergeDraft, readLocalDraft, type LocalDraft, type MergedDraft } from './local-draft';

// The listing form's state as the editor holds it, and each change to it as a plain function (no React here): an
// edit, a photo change, what the next save carries, what the server confirmed or refused.

export interface EditorState extends MergedDraft {
  /** Server refusals (422) by field path; the field is left out of saves until it changes again. */
  serverErrors: FieldErrors;
}

/** The starting point when neither the server nor the device has a draft (the form is shown read-only then). */
export const EMPTY_DRAFT: Draft = {
  id: 0,
  year: null,
  mileage: null,
  price: null,
  city: null,
  description: null,
  media: [],
  contacts: [],
  brand_id: null,
  model_id: null,
  generation_id: null,
  configuration_id: null,
  vin: null,
};

const fieldOf = (path: string) => path.split('.')[0] as FormField;

function withoutErrorsOf(errors: FieldErrors, fields: Iterable<string>): FieldErrors {
  const drop = new Set(fields);
  return Object.fromEntries(Object.entries(errors).filter(([path]) => !drop.has(fieldOf(path))));
}

const sameMedia = (a: readonly MediaItem[], b: readonly MediaItem[]) =>
  a.length === b.length && a.every((m, i) => m.id === b[i]!.id && m.main === b[i]!.main);

/** The form to start from: the server's draft merged with the device's copy, or the copy alone without the server. */
export function initialEditorState(draft: Draft | null, userId: number): EditorState {
  const local = readLocalDraft(userId);
  const merged = draft
    ? mergeDraft(draft, local)
    : local
      ? {
          form: local.form,
          pending: new Set(local.pending),
          media: local.media,
          mediaPending: local.mediaPending,
          removedMedia: local.removedMedia,
        }
      : mergeDraft({ ...EMPTY_DRAFT }, null);
  return { ...merged, serverErrors: {} };
}

/** The device's copy of the state (local-draft.ts keeps it). */
export function localCopyOf(state: EditorState, draftId: number): LocalDraft {
  return {
    version: 1,
    draftId,
    form: state.form,
    pending: [...state.pending],
    media: state.media,
    mediaPending: state.mediaPending,
    removedMedia: state.removedMedia,
  };
}

/** Something typed is not on the server yet. */
export const isDirty = (state: EditorState) => state.pending.size > 0 || state.mediaPending;

/** One field edited: it waits for the next save, and its refusal goes (the server will say again). */
export function withField<F extends FormField>(prev: EditorState, field: F, value: ListingForm[F]): EditorState {
  const clean = typeof value === 'string' ? (stripForbiddenChars(value) as ListingForm[F]) : value;
  if (prev.form[field] === clean) return prev;
  return {
    ...prev,
    form: { ...prev.form, [field]: clean },
    pending: new Set(prev.pending).add(field),
    serverErrors: withoutErrorsOf(prev.serverErrors, [field]),
  };
}

/** Several fields at once (a brand change clears model, generation and configuration). */
export function withFields(prev: EditorState, changes: Partial<ListingForm>): EditorState {
  const fields = Object.keys(changes) as FormField[];
  const pending = new Set(prev.pending);
  for (const field of fields) pending.add(field);
  return {
    ...prev,
    form: { ...prev.form, ...changes },
    pending,
    serverErrors: withoutErrorsOf(prev.serverErrors, fields),
  };
}

/** An uploaded photo joins the list (the server has it already). */
export const withMediaAdded = (prev: EditorState, item: MediaItem): EditorState =>
  prev.media.some((m) => m.id === item.id) ? prev : { ...prev, media: addDraftMedia(prev.media, item) };

export const withMediaRemoved = (prev: EditorState, id: number): EditorState => ({
  ...prev,
  media: removeDraftMedia(prev.media, id),
  mediaPending: true,
  removedMedia: [...prev.removedMedia, id],
});

export const withMainMedia = (prev: EditorState, id: number): EditorState => ({
  ...prev,
  media: setMainDraftMedia(prev.media, id),
  mediaPending: true,
});

export interface NextSave {
  body: ReturnType<typeof saveBody>['body'];
  sent: FormField[];
  /** The photo list sent, when it is. */
  media: MediaItem[] | undefined;
}

/**
 * What a save carries: the pending fields (every field for `all`) the server has not refused, and the photo list
 * unless uploads run (the API deletes photos a saved list leaves out, and the arriving one would be among them).
 */
export function nextSaveOf(state: EditorState, all: boolean, holdMedia: boolean): NextSave {
  const refused = new Set(Object.keys(state.serverErrors).map(fieldOf));
  const fields = (all ? FORM_FIELDS : [...state.pending]).filter((f) => !refused.has(f));
  const media = state.mediaPending && !holdMedia ? state.media : undefined;
  const { body, sent } = saveBody(state.form, fields, media);
  return { body, sent, media };
}

/** What the server confirmed is no longer pending; a field typed again while the save was under way stays so. */
export function confirmed(
  prev: EditorState,
  sent: readonly FormField[],
  snapshot: EditorState,
  media: MediaItem[] | undefined,
): EditorState {
  const pending = new Set(prev.pending);
  for (const field of sent) if (sameValue(field, prev.form, snapshot.form)) pending.delete(field);
  const mediaConfirmed = media !== undefined && sameMedia(prev.media, media);
  return {
    ...prev,
    pending,
    mediaPending: mediaConfirmed ? false : prev.mediaPending,
    removedMedia: mediaConfirmed ? [] : prev.removedMedia,
    serverErrors: withoutErrorsOf(prev.serverErrors, sent),
  };
}

/** The server's refusals (422) by field, shown under the fields and left out of saves until they change. */
export const withRefusals = (prev: EditorState, errors: FieldErrors): EditorState => ({
  ...prev,
  serverErrors: { ...prev.serverErrors, ...errors },
});

/**
 * Whether a refused save is worth sending again at once without the refused fields: only when every refusal names a
 * form field that can be left out, and something else was sent.
 */
export function worthResending(errors: FieldErrors, sent: readonly FormField[]): boolean {
  const refusedFields = new Set(Object.keys(errors).map(fieldOf));
  const allExcludable = [...refusedFields].every((field) => FORM_FIELDS.includes(field));
  return refusedFields.size > 0 && allExcludable && sent.some((field) => !refusedFields.has(field));
}
