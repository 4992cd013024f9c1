import type { Draft } from '@autoradar/contract';
import { removeDraftMedia, setMainDraftMedia } from '@autoradar/core';
import {
  FORM_FIELDS,
  emptyForm,
  formFromDraft,
  isContactType,
  newContactKey,
  type FormContact,
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

const PREFIX = 'autoradar:listing-draft:';
const keyOf = (userId: number) => `${PREFIX}${userId}`;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled (private mode, sandboxed frame): the server copy is all there is
  }
}

// A stored copy is read defensively: another version of the app, or a hand-edited value, may have written it.
const asId = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
const asCount = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

function readContacts(value: unknown): FormContact[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw: unknown) => {
    if (!raw || typeof raw !== 'object') return [];
    const c = raw as Record<string, unknown>;
    if (!isContactType(c['type'])) return [];
    return [
      { key: typeof c['key'] === 'string' ? c['key'] : newContactKey(), type: c['type'], value: asText(c['value']) },
    ];
  });
}

function readForm(value: unknown): ListingForm {
  const raw = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const contacts = readContacts(raw['contacts']);
  return {
    ...emptyForm(),
    brand_id: asId(raw['brand_id']),
    model_id: asId(raw['model_id']),
    generation_id: asId(raw['generation_id']),
    configuration_id: asId(raw['configuration_id']),
    year: asCount(raw['year']),
    mileage: asCount(raw['mileage']),
    price: asCount(raw['price']),
    city: asText(raw['city']),
    description: asText(raw['description']),
    ...(contacts.length > 0 ? { contacts } : {}),
  };
}

function readMedia(value: unknown): MediaItem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw: unknown) => {
    if (!raw || typeof raw !== 'object') return [];
    const m = raw as Record<string, unknown>;
    const id = asId(m['id']);
    return id === null || typeof m['src'] !== 'string' ? [] : [{ id, src: m['src'], main: m['main'] === true }];
  });
}

export function readLocalDraft(userId: number): LocalDraft | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage()?.getItem(keyOf(userId)) ?? 'null');
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const copy = raw as Record<string, unknown>;
  const draftId = asId(copy['draftId']);
  if (copy['version'] !== 1 || draftId === null) return null;
  const pending = Array.isArray(copy['pending'])
    ? FORM_FIELDS.filter((f) => (copy['pending'] as unknown[]).includes(f))
    : [];
  return {
    version: 1,
    draftId,
    form: readForm(copy['form']),
    pending,
    media: readMedia(copy['media']),
    mediaPending: copy['mediaPending'] === true,
    removedMedia: Array.isArray(copy['removedMedia'])
      ? (copy['removedMedia'] as unknown[]).flatMap((id) => (asId(id) === null ? [] : [id as number]))
      : [],
  };
}

export function writeLocalDraft(userId: number, copy: LocalDraft): void {
  try {
    storage()?.setItem(keyOf(userId), JSON.stringify(copy));
  } catch {
    // Quota or disabled storage: the server copy still has everything up to the last save.
  }
}

export function clearLocalDraft(userId: number): void {
  try {
    storage()?.removeItem(keyOf(userId));
  } catch {
    // nothing to clear
  }
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
