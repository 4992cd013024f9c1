import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { usePlatform } from '../platform';

/**
 * Binds Telegram's native BackButton to history: hidden on the landing page, elsewhere it goes back,
 * or home when the page was opened directly (nothing to go back to).
 */
export function BackButtonLayout() {
  const { backButton } = usePlatform();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isHome = pathname === '/';

  useEffect(() => {
    if (!backButton) return;
    if (isHome) {
      backButton.hide();
      return;
    }
    backButton.show();
    return backButton.onClick(() => {
      const state: unknown = window.history.state;
      const idx = state && typeof state === 'object' && 'idx' in state ? Number(state.idx) : 0;
      if (idx > 0) void navigate(-1);
      else void navigate('/', { replace: true });
    });
  }, [backButton, isHome, navigate]);

  return <Outlet />;
}
