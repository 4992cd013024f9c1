import { atom } from 'jotai';
import { FEED_LAYOUTS, type FeedLayout } from '@autoradar/core';
import { oneOf, storedValue } from '../../store/stored-value';

// The layout toggle (spec §2), kept in localStorage.
export const FEED_LAYOUT_KEY = 'feed-layout';
const storedLayout = storedValue(FEED_LAYOUT_KEY, oneOf(FEED_LAYOUTS), {
  fallback: (): FeedLayout => 'single',
  format: 'text',
});

const layoutBaseAtom = atom<FeedLayout>(storedLayout.read());
export const feedLayoutAtom = atom(
  (get) => get(layoutBaseAtom),
  (_get, set, layout: FeedLayout) => {
    set(layoutBaseAtom, layout);
    storedLayout.write(layout);
  },
);
