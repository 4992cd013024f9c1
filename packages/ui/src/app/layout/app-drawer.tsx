import { lazy, Suspense } from 'react';
import { appMessages } from '../messages';
import type { AppDrawerPanelProps } from './app-drawer-panel';

// The drawer's contents (the kit's Avatar, Badge, Cell and Section with the menu) load when it first opens: the
// first screen never shows them, and they would otherwise weigh on every app's first route (issue 11's budget).
const AppDrawerPanel = lazy(async () => ({ default: (await import('./app-drawer-panel')).AppDrawerPanel }));

export type AppDrawerProps = AppDrawerPanelProps;

/**
 * While the panel loads (once per visit): an invisible stand-in, so Escape and Telegram's back button (which sends
 * Escape to the open dialog) already close the drawer; the panel slides in once, when it arrives.
 */
function LoadingPanel({ onClose }: Pick<AppDrawerProps, 'onClose'>) {
  return (
    <aside
      className="app-drawer__panel"
      style={{ visibility: 'hidden' }}
      role="dialog"
      aria-modal="true"
      aria-label={appMessages.menu.label}
      aria-busy="true"
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    />
  );
}

/**
 * Spec §2: the drawer, 300 wide, with the menu, the admin items for admins and the copyright footer. The backdrop
 * answers the tap at once; the panel's contents (the kit's Avatar, Badge, Cell and Section) load on first opening.
 */
export function AppDrawer(props: AppDrawerProps) {
  return (
    <div className="app-drawer">
      <div className="app-drawer__backdrop" onClick={props.onClose} aria-hidden="true" />
      <Suspense fallback={<LoadingPanel onClose={props.onClose} />}>
        <AppDrawerPanel {...props} />
      </Suspense>
    </div>
  );
}
