import { useCallback, useEffect, useLayoutEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { describeListingError } from '@autoradar/core';
import { ApiError, failureOf } from '../../../api/api-error';
import { publishDraft, saveDraft, saveDraftOnLeave } from '../api';
import {
  confirmed,
  isDirty,
  nextSaveOf,
  withRefusals,
  worthResending,
  type EditorState,
  type NextSave,
} from '../draft-state';
import { mapServerErrors, publishBody, type FormField } from '../listing-form';
import { clearLocalDraft } from '../local-draft';

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

export interface DraftSavingOptions {
  /** The server's draft id; null without one (nothing is sent). */
  draftId: number | null;
  connected: boolean;
  userId: number;
  state: EditorState;
  setState: Dispatch<SetStateAction<EditorState>>;
  /** Photos are being uploaded: a save of the photo list waits. */
  holdMedia: boolean;
}

/**
 * The draft's way to the server (spec §4 Draft): a save after a pause in typing, again later when it got no answer,
 * whatever is unsaved when the page is hidden or left, a save of everything on demand, and publishing. One save runs
 * at a time; a change made meanwhile goes in the next.
 */
export function useDraftSaving({ draftId, connected, userId, state, setState, holdMedia }: DraftSavingOptions) {
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

  const nextSave = useCallback(
    (all: boolean): NextSave & { snapshot: EditorState } => ({
      ...nextSaveOf(latest.current, all, holdMediaRef.current),
      snapshot: latest.current,
    }),
    [],
  );
  const confirm = useCallback(
    (sent: FormField[], snapshot: EditorState, media: NextSave['media']) =>
      setState((prev) => confirmed(prev, sent, snapshot, media)),
    [setState],
  );
  /** A refused save (422): the refused fields are marked; returns whether the rest is worth sending again at once. */
  const refuse = useCallback(
    (error: ApiError, sent: FormField[]) => {
      const errors = mapServerErrors(error.body?.errors, latest.current.form);
      setState((prev) => withRefusals(prev, errors));
      return worthResending(errors, sent);
    },
    [setState],
  );

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

  // After a pause in typing; a save without an answer is tried again later.
  const dirty = isDirty(state);
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

  // Leaving: the page hidden (a tab switched, Telegram minimised or closed) or unloaded, or the screen left.
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

  return {
    status,
    /** Set once published: the device's copy is not written any more. */
    closed,
    /** Saves every field now (the save button, and before going to pay). */
    saveAll: useCallback(() => save('all'), [save]),
    publish,
  };
}
