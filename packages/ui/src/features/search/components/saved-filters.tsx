import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useAtomValue, useSetAtom } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@telegram-apps/telegram-ui';
import type { Filter, User } from '@autoradar/contract';
import { isProActive } from '@autoradar/core';
import { describeCallError } from '../../../api/atom-with-call';
import { useCall } from '../../../api/use-call';
import { actionStatus, useAction } from '../../../api/use-action';
import { deleteSavedFilter, toggleSavedFilter } from '../api';
import { criteriaKey, hasFilterChanges, type FeedCriteria } from '../filter-rules';
import { searchMessages as t } from '../messages';
import { linkedFilterMissingAtom, savedFiltersAtom, selectedFilterIdAtom, selectSavedFilterAtom } from '../state';
import { LazySaveFilterDialog as SaveFilterDialog } from './lazy-dialogs';
import { FILTER_PARAM } from '../../../paths';

// Only a user with saved filters needs the selector (and the kit's Switch): it loads when there is one.
const SavedFilterSelect = lazy(() =>
  import('./saved-filter-picker').then((module) => ({ default: module.SavedFilterSelect })),
);
const SavedFilterControls = lazy(() =>
  import('./saved-filter-picker').then((module) => ({ default: module.SavedFilterControls })),
);

const upsert = (list: Filter[], filter: Filter) =>
  list.some((other) => other.id === filter.id)
    ? list.map((other) => (other.id === filter.id ? filter : other))
    : [...list, filter];

/**
 * Saved filters (spec §2, §4): the selector (choosing one loads its values), save when the panel differs from the
 * chosen filter (or from none), edit, delete, and the notifications toggle that only PRO users can switch.
 */
export function SavedFilters({
  user,
  criteria,
  now = new Date(),
  row,
}: {
  user: User;
  criteria: FeedCriteria;
  now?: Date;
  /** The filter row: the selector and «Сохранить фильтр» go there as chips (issue 32); in place without it. */
  row?: HTMLElement | null;
}) {
  const { state, retry } = useCall(savedFiltersAtom);
  const dispatch = useSetAtom(savedFiltersAtom);
  const selectedId = useAtomValue(selectedFilterIdAtom);
  const select = useSetAtom(selectSavedFilterAtom);
  const [dialog, setDialog] = useState<'create' | 'edit' | null>(null);
  // Toggling and deleting: one at a time, and the last failure shown until the next try or another choice.
  const action = useAction((run: () => Promise<void>) => run(), describeCallError);
  const { pending: busy, error } = actionStatus(action.state);
  const [params, setParams] = useSearchParams();
  const linkedId = params.get(FILTER_PARAM);
  const key = criteriaKey(criteria);
  const linkMissingFor = useAtomValue(linkedFilterMissingAtom);
  const setLinkMissing = useSetAtom(linkedFilterMissingAtom);
  // The notice answers the link; once the user changes the filter in any way it has been read, and it does not come
  // back if the panel returns to the same values.
  const linkMissing = linkMissingFor !== null && linkMissingFor === key;
  useEffect(() => {
    if (linkMissingFor !== null && linkMissingFor !== key) setLinkMissing(null);
  }, [key, linkMissingFor, setLinkMissing]);

  const filters = state.kind === 'loaded' ? state.data : [];
  const selected = filters.find((filter) => filter.id === selectedId) ?? null;

  // A link to /search?filter=<id> chooses that saved filter once the list is in; an id that is not the user's says so
  // and leaves the feed as it was. The parameter goes from the address either way (a reload keeps the choice made).
  useEffect(() => {
    if (linkedId === null || state.kind !== 'loaded') return;
    const linked = state.data.find((filter) => String(filter.id) === linkedId);
    if (linked) select(linked);
    setLinkMissing(linked ? null : key);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(FILTER_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [linkedId, state, select, setLinkMissing, setParams, key]);
  const pro = isProActive(user, now);
  const changed = hasFilterChanges(criteria, selected);

  const onSaved = (filter: Filter) => {
    setDialog(null);
    if (state.kind === 'loaded') dispatch({ type: 'update', update: (list) => upsert(list, filter) });
    else retry();
    select(filter);
  };

  const inRow = (
    <>
      {filters.length > 0 ? (
        <Suspense fallback={null}>
          <SavedFilterSelect
            filters={filters}
            selected={selected}
            onSelect={(filter) => {
              action.reset();
              setLinkMissing(null);
              select(filter);
            }}
          />
        </Suspense>
      ) : null}
      {changed ? (
        <Button
          type="button"
          size="s"
          mode="filled"
          className="saved-filters__save"
          onClick={() => setDialog('create')}
        >
          {t.saveFilter}
        </Button>
      ) : null}
    </>
  );

  return (
    <div className="saved-filters">
      {row ? createPortal(inRow, row) : inRow}
      {state.kind === 'failed' || state.kind === 'offline' ? (
        <p className="saved-filters__error" role="alert">
          {state.kind === 'failed' ? state.message : t.filterActionFailed}{' '}
          <Button type="button" size="s" mode="plain" onClick={retry}>
            {t.retry}
          </Button>
        </p>
      ) : null}
      {selected ? (
        <Suspense fallback={null}>
          <SavedFilterControls
            key={selected.id}
            selected={selected}
            pro={pro}
            busy={busy}
            onToggle={(filter, active) =>
              void action.start(async () => {
                const updated = await toggleSavedFilter(filter.id, active);
                dispatch({ type: 'update', update: (list) => upsert(list, updated) });
              })
            }
            onEdit={() => setDialog('edit')}
            onDelete={(filter) =>
              action
                .start(async () => {
                  await deleteSavedFilter(filter.id);
                  dispatch({ type: 'update', update: (list) => list.filter((other) => other.id !== filter.id) });
                  select(null);
                })
                .then((result) => result.ok)
            }
          />
        </Suspense>
      ) : null}

      {error || linkMissing ? (
        <p className="saved-filters__error" role="alert">
          {error ?? t.linkedFilterNotFound}
        </p>
      ) : null}

      <SaveFilterDialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        filter={dialog === 'edit' ? selected : null}
        criteria={criteria}
        user={user}
        onSaved={onSaved}
        now={now}
      />
    </div>
  );
}
