import type { Draft } from '@autoradar/contract';
import { DraftMediaSchema } from '@autoradar/contract/drafts';
import { IdSchema } from '@autoradar/contract/fields';
import { CONTACT_TYPES, removeDraftMedia, setMainDraftMedia } from '@autoradar/core';
import { z } from 'zod';
import { schemaListOf } from '../../store/schema-list';
import { storedValue } from '../../store/stored-value';
import {
  FORM_FIELDS,
  emptyContact,
  emptyForm,
  formFromDraft,
  newContactKey,
  type FormField,
  type ListingForm,
  type MediaItem,
} from './listing-form';

/**
 * The device's copy of the listing form, written on every change, so a reload, a crash or a closed Telegram window
 * keeps what was typed even when the server never heard of it (offline, a save cut off). One copy per user.
 */
export interface LocalDraft {
  version: 1;
  /** The server draft this copy belongs to. */
  draftId: number;
  form: ListingForm;
  /** Fields changed since the server last confirmed them: these win over the server's values on load. */
  pending: FormField[];
  /** The photos as last shown, in order, with the main flag. */
  media: MediaItem[];
  /** A photo was removed or made main and the server has not confirmed it yet. */
  mediaPending: boolean;
  /** Photos removed on the device that the server may still have. */
  removedMedia: number[];
}

/** What the editor starts from after merging. */
export interface MergedDraft {
  form: ListingForm;
  pending: Set<FormField>;
  media: MediaItem[];
  mediaPending: boolean;
  removedMedia: number[];
}

// A stored copy is read field by field: another version of the app, or a hand-edited value, may have written it.
// What does not fit is dropped (an id that is not one reads as not chosen, a broken contact row is left out).
const Count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const choice = IdSchema.nullable().catch(null);
const amount = Count.nullable().catch(null);
const text = z.string().catch('');

const FormContactSchema = z.object({
  key: z.string().catch(() => newContactKey()),
  type: z.enum(CONTACT_TYPES),
  value: text,
});

const ListingFormSchema = z
  .object({
    brand_id: choice,
    model_id: choice,
    generation_id: choice,
    configuration_id: choice,
    year: amount,
    mileage: amount,
    price: amount,
    city: text,
    description: text,
    // A form always offers one contact row.
    contacts: schemaListOf(FormContactSchema).transform((rows) => (rows.length > 0 ? rows : [emptyContact()])),
    // A copy written before issue 33 has none.
    vin: text,
  })
  .catch(() => emptyForm()) satisfies z.ZodType<ListingForm>;

const LocalDraftSchema = z.object({
  version: z.literal(1),
  draftId: IdSchema,
  form: ListingFormSchema,
  pending: schemaListOf(z.enum(FORM_FIELDS)).transform((listed) =>
    FORM_FIELDS.filter((field) => listed.includes(field)),
  ),
  // The contract's photo of a draft; a main flag that is not `true` reads as not main.
  media: schemaListOf(DraftMediaSchema.extend({ main: z.boolean().catch(false) })),
  mediaPending: z.boolean().catch(false),
  removedMedia: schemaListOf(IdSchema),
}) satisfies z.ZodType<LocalDraft>;

const storedDraft = (userId: number) =>
  storedValue(`autoradar:listing-draft:${userId}`, LocalDraftSchema, { fallback: () => null });

/** The device's copy of this user's draft; null when there is none or it is not one this version can read. */
export function readLocalDraft(userId: number): LocalDraft | null {
  return storedDraft(userId).read();
}

/** Quota or disabled storage is ignored: the server copy still has everything up to the last save. */
export function writeLocalDraft(userId: number, copy: LocalDraft): void {
  storedDraft(userId).write(copy);
}

export function clearLocalDraft(userId: number): void {
  storedDraft(userId).remove();
}

/**
 * The form to show after a load, from the server's draft and the device's copy. The rules:
 *
 * 1. No copy, or a copy of another draft: the server's draft as it is. A copy of another draft can only be of one
 *    that was published meanwhile (the API keeps one open draft per user and closes it on publishing), so its text
 *    belongs to a listing that exists and must not fill the new form.
 * 2. A copy of this draft: every field the device changed and the server has not confirmed (`pending`) takes the
 *    device's value, because it was typed after the server's; every other field takes the server's value, which
 *    is the newest confirmed one (it may have been edited on another device since).
 * 3. Photos live on the server, so its list is the base. When a removal or a new main photo was not confirmed, the
 *    device's choice is replayed on it: photos the device removed stay removed and its main photo stays main.
 *    Photos the device never saw (uploaded from another device) are kept.
 *
 * Pending fields and photo changes stay pending, so the editor sends them at once.
 */
export function mergeDraft(server: Draft, local: LocalDraft | null): MergedDraft {
  const fromServer = formFromDraft(server);
  const serverMedia: MediaItem[] = server.media.map((m) => ({ id: m.id, src: m.src, main: m.main }));
  if (!local || local.draftId !== server.id) {
    return { form: fromServer, pending: new Set(), media: serverMedia, mediaPending: false, removedMedia: [] };
  }

  const pending = new Set(local.pending);
  const form = { ...fromServer };
  for (const field of pending) (form as Record<FormField, unknown>)[field] = local.form[field];

  let media = serverMedia;
  if (local.mediaPending) {
    for (const id of local.removedMedia) media = removeDraftMedia(media, id);
    const order = new Map(local.media.map((m, index) => [m.id, index]));
    media = [...media].sort((a, b) => (order.get(a.id) ?? Infinity) - (order.get(b.id) ?? Infinity));
    const main = local.media.find((m) => m.main);
    if (main && media.some((m) => m.id === main.id)) media = setMainDraftMedia(media, main.id);
  }
  const removedMedia = local.mediaPending ? local.removedMedia : [];
  return { form, pending, media, mediaPending: local.mediaPending, removedMedia };
}
