import { useCallback, useEffect, useState } from 'react';
import type { Draft } from '@autoradar/contract';
import {
  initialEditorState,
  isDirty,
  localCopyOf,
  withField,
  withFields,
  withMainMedia,
  withMediaAdded,
  withMediaRemoved,
} from '../draft-state';
import type { FormField, ListingForm, MediaItem } from '../listing-form';
import { readLocalDraft, writeLocalDraft } from '../local-draft';
import { useDraftSaving, type SaveStatus } from './use-draft-saving';

export type { PublishResult, SaveResult, SaveStatus } from './use-draft-saving';

export interface ListingDraftOptions {
  /** The server's draft; null when it could not be loaded (the form then runs on the device's copy alone). */
  draft: Draft | null;
  /** Whose copy: each user has their own on a shared device. */
  userId: number;
  /** Photos are being uploaded: a save of the photo list waits, or it would drop the one arriving. */
  holdMedia: boolean;
}

/**
 * The listing form's state (spec §4 Draft): every change goes to the device's copy at once, and to the server through
 * useDraftSaving (after a pause in typing, and whatever is unsaved when the page is hidden or left).
 */
export function useListingDraft({ draft, userId, holdMedia }: ListingDraftOptions) {
  const [state, setState] = useState(() => initialEditorState(draft, userId));
  const [draftId] = useState(() => draft?.id ?? readLocalDraft(userId)?.draftId ?? null);
  const connected = draft !== null;
  const saving = useDraftSaving({ draftId, connected, userId, state, setState, holdMedia });
  const { closed } = saving;

  // The device's copy, on every change.
  useEffect(() => {
    if (closed.current || draftId === null) return;
    writeLocalDraft(userId, localCopyOf(state, draftId));
  }, [state, userId, draftId, closed]);

  const dirty = isDirty(state);
  // What the status line says: changes waiting for the pause in typing are already on the device.
  const status: SaveStatus =
    dirty && (saving.status.kind === 'idle' || saving.status.kind === 'saved') ? { kind: 'pending' } : saving.status;

  return {
    form: state.form,
    media: state.media,
    serverErrors: state.serverErrors,
    status,
    connected,
    draftId,
    /** Something typed is not on the server yet (issue 13's closing confirmation reads this). */
    hasUnsavedChanges: dirty,
    setField: useCallback(
      <F extends FormField>(field: F, value: ListingForm[F]) => setState((prev) => withField(prev, field, value)),
      [],
    ),
    setFields: useCallback((changes: Partial<ListingForm>) => setState((prev) => withFields(prev, changes)), []),
    addMedia: useCallback((item: MediaItem) => setState((prev) => withMediaAdded(prev, item)), []),
    removeMedia: useCallback((id: number) => setState((prev) => withMediaRemoved(prev, id)), []),
    makeMain: useCallback((id: number) => setState((prev) => withMainMedia(prev, id)), []),
    saveAll: saving.saveAll,
    publish: saving.publish,
  };
}

export type ListingDraft = ReturnType<typeof useListingDraft>;
