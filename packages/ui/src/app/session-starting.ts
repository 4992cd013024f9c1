import { useEffect, useState } from 'react';
import { usePlatform } from '../platform';

/**
 * True from the app's start until the session first settles (spec §9: the overlay spinner while the session loads
 * at start). A later sign-in on /login has its own progress and does not bring the overlay back.
 */
export function useSessionStarting(loading: boolean): boolean {
  const [settled, setSettled] = useState(false);
  if (!settled && !loading) {
    setSettled(true); // adjusting state while rendering: React re-renders at once, before committing
  }
  return !settled && loading;
}

/**
 * Tells the host the first screen is up (Telegram's `web_app_ready`: it drops its own placeholder) once the session
 * has settled, so Telegram does not reveal the overlay spinner first. Once per page load.
 */
export function useReadyWhenStarted(starting: boolean): void {
  const platform = usePlatform();
  useEffect(() => {
    if (!starting) platform.ready?.();
  }, [starting, platform]);
}
