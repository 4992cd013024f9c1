import { useState } from 'react';
import type { Filter, User } from '@autoradar/contract';
import { isProActive } from '@autoradar/core';
import { describeCallError } from '../../../api/atom-with-call';
import { useAction } from '../../../api/use-action';
import { useRequestWriteAccess } from '../../../platform-hooks';
import { createSavedFilter, updateSavedFilter } from '../api';
import type { FeedCriteria } from '../filter-rules';
import { searchMessages as t } from '../messages';
import { toSaveFilterRequest, type SaveFilterForm } from '../save-filter-form';

/** A refusal the dialog words itself (Telegram's write access was needed and there is no e-mail to fall back on). */
class NotSaved extends Error {}
const describe = (error: unknown) => (error instanceof NotSaved ? error.message : describeCallError(error));

export interface SaveFilterOptions {
  /** The filter being edited; absent for a new one. */
  filter: Filter | null | undefined;
  criteria: FeedCriteria;
  user: User;
  now: Date;
  /** The fields as typed; a refused Telegram is taken out of them. */
  form: SaveFilterForm;
  setForm: (form: SaveFilterForm) => void;
  onSaved: (filter: Filter) => void;
}

/**
 * Saving a filter (spec §4, issue 13): a new one notifies PRO users at once; before Telegram delivery is switched on
 * the bot asks for the user's permission to write, and a refusal saves e-mail only, which the dialog explains before
 * it closes (`refused`). One save runs at a time (useAction).
 */
export function useSaveFilter({ filter, criteria, user, now, form, setForm, onSaved }: SaveFilterOptions) {
  const requestWriteAccess = useRequestWriteAccess();
  const [refused, setRefused] = useState<Filter | null>(null);
  const action = useAction(async () => {
    // A new filter notifies PRO users at once; others keep it off (the API would anyway).
    const active = filter ? filter.active : isProActive(user, now);
    let via = form.via;
    const writeRefused = active && via.includes('telegram') && (await requestWriteAccess()) === 'cancelled';
    if (writeRefused) {
      via = via.filter((channel) => channel !== 'telegram');
      if (via.length === 0) throw new NotSaved(t.writeAccessNeeded);
      setForm({ ...form, via });
    }
    const request = toSaveFilterRequest({ ...form, via }, criteria, active);
    const saved = filter ? await updateSavedFilter(filter.id, request) : await createSavedFilter(request);
    if (writeRefused) setRefused(saved);
    else onSaved(saved);
  }, describe);

  return {
    saving: action.state.kind === 'pending',
    error: action.state.kind === 'failed' ? action.state.message : null,
    /** Saved without Telegram: the filter as saved, handed on when the dialog closes. */
    refused,
    save: () => void action.start(),
    /** Back to a fresh dialog (it was closed). */
    reset: () => {
      action.reset();
      setRefused(null);
    },
  };
}
