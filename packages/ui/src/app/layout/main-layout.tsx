import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AppBottomNav } from './app-bottom-nav';
import { AppDrawer } from './app-drawer';
import { AppFloatingMenu } from './app-floating-menu';
import { AppTopBar } from './app-top-bar';
import './layout.css';

// The support dialog loads when it is first opened, so the first screen does not carry it.
const SupportDialog = lazy(async () => ({
  default: (await import('../../components/support-dialog/support-dialog')).SupportDialog,
}));

/**
 * Spec §2 main layout: the top bar, the drawer, the bottom navigation (phones) or the floating menu (wider screens)
 * around the route's screen. A screen renders only its own content into the outlet.
 */
export function MainLayout() {
  const { pathname } = useLocation();
  // The drawer is open on the page it was opened on: any navigation closes it.
  const [drawerOpenedAt, setDrawerOpenedAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenedAt === pathname;
  const [support, setSupport] = useState<'never' | 'open' | 'closed'>('never');
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeDrawer = useCallback(() => setDrawerOpenedAt(null), []);
  const openSupport = useCallback(() => {
    setDrawerOpenedAt(null);
    setSupport('open');
  }, []);

  return (
    <div className="app-layout">
      <AppTopBar
        ref={toggleRef}
        drawerOpen={drawerOpen}
        onToggleDrawer={() => setDrawerOpenedAt(drawerOpen ? null : pathname)}
      />
      {drawerOpen ? <AppDrawer onClose={closeDrawer} onSupport={openSupport} year={new Date().getFullYear()} /> : null}
      <div className="app-layout__content">
        <Outlet />
      </div>
      <AppFloatingMenu />
      <AppBottomNav />
      {support === 'never' ? null : (
        <Suspense fallback={null}>
          <SupportDialog open={support === 'open'} onOpenChange={(open) => setSupport(open ? 'open' : 'closed')} />
        </Suspense>
      )}
    </div>
  );
}
