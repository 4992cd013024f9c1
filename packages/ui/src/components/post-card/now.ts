import { atom, useAtomValue } from 'jotai';
import { RELATIVE_TIME_REFRESH_MS } from '@autoradar/core';

// One clock for every card on screen: a feed of many cards sets one timer, not one per card.
const nowAtom = atom(new Date());
nowAtom.onMount = (setNow) => {
  setNow(new Date());
  const timer = setInterval(() => setNow(new Date()), RELATIVE_TIME_REFRESH_MS);
  return () => clearInterval(timer);
};

/** The current time, refreshed every minute so «5 минут назад» keeps up (spec §9). */
export function useMinuteClock(): Date {
  return useAtomValue(nowAtom);
}
