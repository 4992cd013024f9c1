import { useEffect, useState } from 'react';
import type { User } from '@autoradar/contract';
import { isProActive } from '@autoradar/core';

/** setTimeout holds at most about 24.8 days; a longer PRO is looked at again then. */
const MAX_TIMEOUT_MS = 2_147_000_000;

/** Whether PRO is active now; the screen renders again the moment pro_expired passes (a trial ending on screen). */
export function useProActive(user: User | undefined): { active: boolean; now: Date } {
  const [tick, setTick] = useState(0);
  const expiresAt = user?.is_pro && user.pro_expired ? new Date(user.pro_expired).getTime() : null;
  useEffect(() => {
    if (expiresAt === null) return;
    const left = expiresAt - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.min(left + 50, MAX_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [expiresAt, tick]);
  const now = new Date();
  return { active: isProActive(user, now), now };
}
