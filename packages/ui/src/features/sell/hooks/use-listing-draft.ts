import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Draft } from '@autoradar/contract';
import {
  addDraftMedia,
  describeListingError,
  removeDraftMedia,
  setMainDraftMedia,
  stripForbiddenChars,
  type FieldErrors,
} from '@autoradar/core';
import { ApiError, failureOf } from '../../../api/api-error';
import { publishDraft, saveDraft, saveDraftOnLeave } from '../api';
import {
  FORM_FIELDS,
  mapServerErrors,
  publishBody,
  sameValue,
  saveBody,
  type FormField,
  type ListingForm,
  type MediaItem,
} from '../listing-form';
import { clearLocalDraft, mergeDraft, readLocalDraft, writeLocalDraft, type MergedDraft } from '../local-draft';

/** Typing pauses this long before the draft is saved. */
export const AUTOSAVE_DEBOUNCE_MS = 800;
/** A save that got no answer is tried again after this long (and at once when the browser is back online). */
export const AUTOSAVE_RETRY_MS = 10_000;

export type SaveStatus =
  | { kind: 'idle' }
  /** Changes wait for the pause in typing (they are already in the local copy). */
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; message: string }
  /** The last save got no answer: the local copy holds everything until the next try. */
  | { kind: 'offline' }
  | { kind: 'failed'; message: string };

/** What a save answers: the server's message either way. */
export type SaveResult = { ok: boolean; message: string };

/** What publishing answers: the new listing's id, or why not (a missing tariff sends the user to pay). */
export type PublishResult =
  { ok: true; message: string; postId: number } | { ok: false; message: string; proRequired?: boolean };

interface EditorState extends MergedDraft {
  /** Server refusals (422) by field path; the field is left out of saves until it changes again. */
  serverErrors: FieldErrors;
}

const fieldOf = (path: string) => path.split('.')[0] as FormField;

function withoutErrorsOf(errors: FieldErrors, fields: Iterable<string>): FieldErrors {
  const drop = new Set(fields);
  return Object.fromEntries(Object.entries(errors).filter(([path]) => !drop.has(fieldOf(path))));
}

const sameMedia = (a: readonly MediaItem[], b: readonly MediaItem[]) =>
  a.length === b.length && a.every((m, i) => m.id === b[i]!.id && m.main === b[i]!.main);

export interface ListingDraftOptions {
  /** The server's draft; null when it could not be loaded (the form then runs on the device's copy alone). */
  draft: Draft | null;
  /** Whose copy: each user has their own on a shared device. */
  userId: number;
  /** Photos are being uploaded: a save of the photo list waits, or it would drop the one arriving. */
  holdMedia: boolean;
}

/**
 * The listing form's state and its saving (spec §4 Draft): every change goes to the device's copy at once and to the
 * server after a pause in typing, and whatever is unsaved is sent when the page is hidden or left.
 */
export function useListingDraft({ draft, userId, holdMedia }: ListingDraftOptions) {
  const [state, setState] = useState<EditorState>(() => {
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
  });
  const [draftId] = useState(() => draft?.id ?? readLocalDraft(userId)?.draftId ?? null);
  const connected = draft !== null;
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });

  // Async work reads the newest state through refs, never a render's stale copy.
  const latest = useRef(state);
  const holdMediaRef = useRef(holdMedia);
  useLayoutEffect(() => {
    latest.current = state;
    holdMediaRef.current = holdMedia;
  });
  const inFlight = useRef<Promise<SaveResult | null> | null>(null);
  const again = useRef(false);
  /** Set once the draft is published: nothing may be saved into a closed draft any more. */
  const closed = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saveRef = useRef<(mode: 'auto' | 'all') => Promise<SaveResult | null>>(async () => null);
  /** (Re)starts the wait before the next autosave. */
  const schedule = useCallback((delayMs: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveRef.current('auto'), delayMs);
  }, []);

  // 1. The device's copy, on every change.
  useEffect(() => {
    if (closed.current || draftId === null) return;
    writeLocalDraft(userId, {
      version: 1,
      draftId,
      form: state.form,
      pending: [...state.pending],
      media: state.media,
      mediaPending: state.mediaPending,
      removedMedia: state.removedMedia,
    });
  }, [state, userId, draftId]);

  /** What a save carries: pending fields the server has not refused, and the photo list unless uploads run. */
  const nextSave = useCallback((all: boolean) => {
    const s = latest.current;
    const refused = new Set(Object.keys(s.serverErrors).map(fieldOf));
    const fields = (all ? FORM_FIELDS : [...s.pending]).filter((f) => !refused.has(f));
    const media = s.mediaPending && !holdMediaRef.current ? s.media : undefined;
    const { body, sent } = saveBody(s.form, fields, media);
    return { body, sent, media, snapshot: s };
  }, []);

  /** Marks what the server confirmed: a field typed again while the save was under way stays pending. */
  const confirm = useCallback((sent: FormField[], snapshot: EditorState, media: MediaItem[] | undefined) => {
    setState((prev) => {
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
    });
  }, []);

  /**
   * A refused save (422): the refused fields are marked (their messages shown under them) and left out of saves
   * until they change. Returns whether the rest is worth sending again at once: only when every refusal names a form
   * field that can be left out and something else was sent.
   */
  const refuse = useCallback((error: ApiError, sent: FormField[]) => {
    const errors = mapServerErrors(error.body?.errors, latest.current.form);
    const refusedFields = new Set(Object.keys(errors).map(fieldOf));
    setState((prev) => ({ ...prev, serverErrors: { ...prev.serverErrors, ...errors } }));
    const allExcludable = [...refusedFields].every((field) => FORM_FIELDS.includes(field));
    return refusedFields.size > 0 && allExcludable && sent.some((field) => !refusedFields.has(field));
  }, []);

  const save = useCallback(
    async (mode: 'auto' | 'all'): Promise<SaveResult | null> => {
      if (closed.current || draftId === null || !connected) return null;
      if (inFlight.current) {
        // An autosave under way: a change made meanwhile goes in the next one; an explicit save waits for it.
        if (mode === 'auto') {
          again.current = true;
          return null;
        }
        await inFlight.current;
        if (closed.current) return null;
      }
      const { body, sent, media, snapshot } = nextSave(mode === 'all');
      // Nothing the server would take yet (a year half typed, a refused field): the device's copy holds it.
      if (sent.length === 0 && media === undefined && mode === 'auto') return null;
      const run = (async (): Promise<SaveResult | null> => {
        setStatus({ kind: 'saving' });
        try {
          const answer = await saveDraft(draftId, body);
          if (closed.current) return null;
          confirm(sent, snapshot, media);
          setStatus({ kind: 'saved', message: answer.message });
          return { ok: true, message: answer.message };
        } catch (error) {
          if (closed.current) return null;
          const message = describeListingError(failureOf(error));
          if (error instanceof ApiError && error.isNetworkError) setStatus({ kind: 'offline' });
          else setStatus({ kind: 'failed', message });
          if (error instanceof ApiError && error.status === 422 && refuse(error, sent)) again.current = true;
          return { ok: false, message };
        }
      })();
      inFlight.current = run;
      try {
        return await run;
      } finally {
        if (inFlight.current === run) inFlight.current = null;
        if (again.current && !closed.current) {
          again.current = false;
          schedule(0);
        }
      }
    },
    [draftId, connected, nextSave, confirm, refuse, schedule],
  );
  useLayoutEffect(() => {
    saveRef.current = save;
  }, [save]);

  // 2. The server, after a pause in typing; a save without an answer is tried again later.
  const dirty = state.pending.size > 0 || state.mediaPending;
  useEffect(() => {
    if (!dirty || !connected) return;
    schedule(AUTOSAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [state.form, state.pending, state.mediaPending, holdMedia, dirty, connected, schedule]);

  useEffect(() => {
    if (status.kind !== 'offline') return;
    const retry = () => void saveRef.current('auto');
    const later = setTimeout(retry, AUTOSAVE_RETRY_MS);
    window.addEventListener('online', retry);
    return () => {
      clearTimeout(later);
      window.removeEventListener('online', retry);
    };
  }, [status.kind]);

  // 3. Leaving: the page hidden (a tab switched, Telegram minimised or closed) or unloaded, or the screen left.
  useEffect(() => {
    if (!connected || draftId === null) return;
    const flush = () => {
      if (closed.current) return;
      const { body, sent, media, snapshot } = nextSave(false);
      if (sent.length === 0 && media === undefined) return;
      clearTimeout(timer.current);
      saveDraftOnLeave(draftId, body).then(
        () => {
          if (!closed.current) confirm(sent, snapshot, media);
        },
        () => undefined, // the local copy keeps it; the next visit merges and sends it
      );
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [connected, draftId, nextSave, confirm]);

  // Edits.
  const setField = useCallback(<F extends FormField>(field: F, value: ListingForm[F]) => {
    setState((prev) => {
      const clean = typeof value === 'string' ? (stripForbiddenChars(value) as ListingForm[F]) : value;
      if (prev.form[field] === clean) return prev;
      const pending = new Set(prev.pending).add(field);
      return {
        ...prev,
        form: { ...prev.form, [field]: clean },
        pending,
        serverErrors: withoutErrorsOf(prev.serverErrors, [field]),
      };
    });
  }, []);

  /** Several fields at once (a brand change clears model, generation and configuration). */
  const setFields = useCallback((changes: Partial<ListingForm>) => {
    setState((prev) => {
      const fields = Object.keys(changes) as FormField[];
      const pending = new Set(prev.pending);
      for (const field of fields) pending.add(field);
      return {
        ...prev,
        form: { ...prev.form, ...changes },
        pending,
        serverErrors: withoutErrorsOf(prev.serverErrors, fields),
      };
    });
  }, []);

  const addMedia = useCallback((item: MediaItem) => {
    setState((prev) =>
      prev.media.some((m) => m.id === item.id) ? prev : { ...prev, media: addDraftMedia(prev.media, item) },
    );
  }, []);

  const removeMedia = useCallback((id: number) => {
    setState((prev) => ({
      ...prev,
      media: removeDraftMedia(prev.media, id),
      mediaPending: true,
      removedMedia: [...prev.removedMedia, id],
    }));
  }, []);

  const makeMain = useCallback((id: number) => {
    setState((prev) => ({ ...prev, media: setMainDraftMedia(prev.media, id), mediaPending: true }));
  }, []);

  /** Publishing (PRO): the whole form in one call; a 403 means the tariff is missing and the caller goes to pay. */
  const publish = useCallback(async (): Promise<PublishResult> => {
    if (draftId === null) return { ok: false, message: describeListingError({ kind: 'network' }) };
    clearTimeout(timer.current);
    const s = latest.current;
    try {
      const answer = await publishDraft(draftId, publishBody(s.form, s.media));
      closed.current = true;
      clearLocalDraft(userId);
      return { ok: true, message: answer.message, postId: answer.post_id };
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) return { ok: false, message: '', proRequired: true };
      if (error instanceof ApiError && error.status === 422) refuse(error, []);
      return { ok: false, message: describeListingError(failureOf(error)) };
    }
  }, [draftId, userId, refuse]);

  // What the status line says: changes waiting for the pause in typing are already on the device.
  const shownStatus: SaveStatus =
    dirty && (status.kind === 'idle' || status.kind === 'saved') ? { kind: 'pending' } : status;

  return {
    form: state.form,
    media: state.media,
    serverErrors: state.serverErrors,
    status: shownStatus,
    connected,
    draftId,
    /** Something typed is not on the server yet (issue 13's closing confirmation reads this). */
    hasUnsavedChanges: dirty,
    setField,
    setFields,
    addMedia,
    removeMedia,
    makeMain,
    /** Saves every field now (the save button, and before going to pay). */
    saveAll: useCallback(() => save('all'), [save]),
    publish,
  };
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
};
