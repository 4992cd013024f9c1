import { atom } from 'jotai';
import * as z from 'zod/mini';
import { FEED_LAYOUTS, type FeedLayout } from '@autoradar/core';
import { storedValue } from '../../store/stored-value';

// The layout toggle (spec §2), kept in localStorage.
export const FEED_LAYOUT_KEY = 'feed-layout';
const storedLayout = storedValue(FEED_LAYOUT_KEY, z.enum(FEED_LAYOUTS), {
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
