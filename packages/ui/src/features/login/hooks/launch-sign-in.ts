import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePlatform } from '../../../platform';
import { loginPath, PATHS } from '../../../paths';

/**
 * In the mini-app, a guest launched by Telegram goes through the mini-app sign-in once per launch (spec §4), then
 * comes back to the page Telegram opened ('/' leaves the default, search). `isGuest` is undefined while a stored
 * token is being checked: a token the server no longer accepts makes a guest, who is then sent to the check too.
 */
export function useMiniAppLaunchSignIn(isGuest: boolean | undefined): void {
  const { initData } = usePlatform();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const decided = useRef(false);

  useEffect(() => {
    if (decided.current || isGuest === undefined) return;
    decided.current = true;
    if (!initData || !isGuest || pathname === PATHS.login) return;
    void navigate(loginPath(pathname === PATHS.landing ? undefined : pathname + search), { replace: true });
  }, [initData, isGuest, pathname, search, navigate]);
}
