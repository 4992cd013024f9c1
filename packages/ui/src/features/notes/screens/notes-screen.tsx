import { memo, useEffect, useRef } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { NoteEntry, Post } from '@autoradar/contract';
import { postChannel, REALTIME_EVENTS } from '@autoradar/contract/channels';
import { MESSAGES } from '@autoradar/core';
import type { CallState } from '../../../api/atom-with-call';
import { CallFailure, CallLoading, failureText } from '../../../api/call-view';
import { useCall } from '../../../api/use-call';
import { LinkButton } from '../../../components/link-button';
import { PostCard } from '../../../components/post-card';
import { StatusMessage } from '../../../components/status/status';
import { useDocumentTitle } from '../../../components/use-document-title';
import { readAppName } from '../../../config';
import { useChannel } from '../../../realtime';
import { changeTone, formatPriceChange } from '../../../components/price-change';
import { favouriteEntriesAtom, favouriteIdsAtom } from '../../../store/favourites';
import { notesMessages as t } from '../messages';
import { dropNoteAtom, notesAtom, replaceNoteAtom, visibleNotes } from '../state';
import { PATHS } from '../../../paths';
import '../notes.css';

/** «−100 000 ₽ с добавления в избранное» under a favourite whose price moved since it was added (issue 33). */
export function ChangeSinceAdded({ post, entry }: { post: Post; entry: NoteEntry | undefined }) {
  if (!entry || entry.price_when_added === null || post.price === null) return null;
  if (entry.currency_when_added !== post.currency) return null;
  const delta = post.price - entry.price_when_added;
  const change = formatPriceChange(delta, post.currency);
  if (!change) return null;
  return <p className={`notes-change notes-change--${changeTone(delta)}`}>{t.changeSinceAdded(change)}</p>;
}

const LiveNote = memo(function LiveNote({ post }: { post: Post }) {
  const replace = useSetAtom(replaceNoteAtom);
  const drop = useSetAtom(dropNoteAtom);
  const entry = useAtomValue(favouriteEntriesAtom).get(post.id);
  useChannel(postChannel(post.id), REALTIME_EVENTS.postUpdated, (payload) => replace(payload.post));
  useChannel(postChannel(post.id), REALTIME_EVENTS.postUnpublished, (payload) => drop(payload.id));
  return (
    <div className="notes-item">
      <PostCard post={post} />
      <ChangeSinceAdded post={post} entry={entry} />
    </div>
  );
});

/** The favourites for a given load state and the ids still favourited. */
export function NotesView({
  state,
  retry,
  ids,
}: {
  state: CallState<Post[]>;
  retry: () => void;
  ids: readonly number[];
}) {
  if (ids.length === 0 && state.kind !== 'offline' && state.kind !== 'failed') {
    return (
      <StatusMessage
        look="inline"
        header={MESSAGES.noNotes}
        action={
          <LinkButton to={PATHS.search} size="m" mode="bezeled">
            {t.toSearch}
          </LinkButton>
        }
      />
    );
  }
  switch (state.kind) {
    case 'loading':
      return <CallLoading look="inline" label={t.loading} />;
    case 'offline':
    case 'failed':
      return <CallFailure look="inline" message={failureText(state)} retry={retry} retryLabel={t.retry} />;
    case 'loaded':
    case 'empty': {
      const posts = visibleNotes(state.data, ids);
      if (posts.length === 0) return <StatusMessage look="inline" header={MESSAGES.noNotes} />;
      return (
        <ul className="notes-grid" aria-label={t.heading}>
          {posts.map((post) => (
            <li key={post.id}>
              <LiveNote post={post} />
            </li>
          ))}
        </ul>
      );
    }
  }
}

/** Favourites (spec §2, route /notes): the favourited listings as cards, or «Нет избранных записей». */
export function NotesScreen() {
  const { state, retry } = useCall(notesAtom);
  const ids = useAtomValue(favouriteIdsAtom);
  useDocumentTitle(t.documentTitle(readAppName()));
  // A favourite added on another tab or device (or by the sync after sign-in) is loaded as it arrives.
  const loaded = state.kind === 'loaded' || state.kind === 'empty' ? state.data : null;
  const missing = loaded !== null && ids.some((id) => !loaded.some((post) => post.id === id));
  const idsKey = ids.join(',');
  // Once per set of ids: a favourite the server does not answer (taken off, still delayed) must not loop.
  const askedFor = useRef(idsKey);
  useEffect(() => {
    if (!missing || askedFor.current === idsKey) return;
    askedFor.current = idsKey;
    retry();
  }, [missing, idsKey, retry]);
  return (
    <main className="notes-screen">
      <h1 className="notes-screen__title">{t.heading}</h1>
      <NotesView state={state} retry={retry} ids={ids} />
    </main>
  );
}
