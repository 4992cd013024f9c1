import { atom } from 'jotai';
import { storedText } from '../../store/stored-value';

// The search screen's compact test-period banner can be put away (issue 32): it folds into a chip of the filter row
// that opens it again. What was put away is the offer in the state it had (the offer, the guest's offer, the
// countdown, the expiry), so a new state (the period started or ran out) shows the banner once more.

export type TestPeriodBannerKey = 'offer' | 'guest' | 'running' | 'expired';

const stored = storedText('autoradar:test-period-dismissed');

const dismissedPrimitive = atom<string | undefined>(stored.read());

/** The state whose banner the user put away (kept across visits), or undefined. */
export const testPeriodDismissedAtom = atom(
  (get) => get(dismissedPrimitive),
  (_get, set, key: TestPeriodBannerKey | undefined) => {
    if (key) stored.write(key);
    else stored.remove();
    set(dismissedPrimitive, key);
  },
);
