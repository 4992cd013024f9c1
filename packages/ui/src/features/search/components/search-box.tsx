import { useEffect, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Input } from '@telegram-apps/telegram-ui';
import { SEARCH_DEBOUNCE_MS, SEARCH_QUERY_MAX_LENGTH } from '@autoradar/core';
import { postsStoreAtom, updatePostsStoreAtom } from '../../../store/posts-store';
import { searchMessages as t } from '../messages';

/** The text query: applied 300 ms after the last keystroke (spec §9) and kept in the posts store across reloads. */
export function SearchBox() {
  const applied = useAtomValue(postsStoreAtom).searchQuery;
  const update = useSetAtom(updatePostsStoreAtom);
  const [text, setText] = useState(applied);
  const typed = useRef(applied);

  // A query applied elsewhere (another tab) shows here unless the user is typing something else.
  useEffect(() => {
    if (applied !== typed.current) {
      typed.current = applied;
      setText(applied);
    }
  }, [applied]);

  useEffect(() => {
    if (text === applied) return;
    const timer = setTimeout(() => {
      typed.current = text;
      update({ search: text });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, applied, update]);

  return (
    <div className="search-box">
      <Input
        type="search"
        value={text}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        placeholder={t.searchLabel}
        aria-label={t.searchLabel}
        enterKeyHint="search"
        before={
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        }
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
