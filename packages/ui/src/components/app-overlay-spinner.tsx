import { useEffect, useState } from 'react';
import { LOADER_MIN_MS } from '@autoradar/core';
import { AppLogo } from './app-logo';
import './app-overlay-spinner.css';

/**
 * True while `active`, and once shown for at least `minMs` (spec §9 loader minimum: 1 s), so a fast answer does not
 * flash the overlay.
 */
export function useMinimumVisible(active: boolean, minMs: number = LOADER_MIN_MS): boolean {
  const [shown, setShown] = useState(active);
  const [minPassed, setMinPassed] = useState(false);
  // Adjusted while rendering (React re-renders at once): shown again restarts the minimum; hidden only after it.
  if (active && !shown) {
    setShown(true);
    setMinPassed(false);
  } else if (!active && shown && minPassed) {
    setShown(false);
  }
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setMinPassed(true), minMs);
    return () => clearTimeout(timer);
  }, [shown, minMs]);
  return shown;
}

/** Spec §2: the overlay spinner with the product icon, over the whole app, visible at least 1 s. */
export function AppOverlaySpinner({ active, label }: { active: boolean; label: string }) {
  const visible = useMinimumVisible(active);
  if (!visible) return null;
  return (
    <div className="app-overlay-spinner" role="status" aria-live="polite" aria-label={label}>
      <div className="app-overlay-spinner__ring">
        <AppLogo className="app-overlay-spinner__logo" />
      </div>
    </div>
  );
}
