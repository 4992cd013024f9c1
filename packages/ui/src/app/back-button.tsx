import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { usePlatform } from '../platform';
import { PATHS } from '../paths';
import { appMessages } from './messages';

/**
 * The screens without a back button (Telegram's guidelines: none on a root tab): the landing, the sign-in that a
 * launch opens, and the four tabs of the bottom navigation.
 */
export const ROOT_PATHS: ReadonlySet<string> = new Set([
  PATHS.landing,
  PATHS.login,
  PATHS.search,
  PATHS.notes,
  PATHS.newListing,
  PATHS.profile,
]);

const DIALOGS = '[role="dialog"], [role="alertdialog"]';

/**
 * Closes the dialog on top, if one is open, the way a keyboard user does (Escape): telegram-ui's modals and the
 * app's own drawer and dialogs all close on it. Returns false when no dialog is open.
 */
export function closeTopDialog(): boolean {
  const open = [...document.querySelectorAll<HTMLElement>(DIALOGS)].filter(
    (dialog) => dialog.isConnected && dialog.getClientRects().length > 0,
  );
  const top = open.at(-1);
  if (!top) return false;
  const focused = document.activeElement;
  const target = focused instanceof HTMLElement && top.contains(focused) ? focused : top;
  target.dispatchEvent(
    new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true, cancelable: true }),
  );
  return true;
}

/** React Router's index of the current history entry: 0 on the first page of the visit. */
function historyIndex(): number {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' && 'idx' in state ? Number(state.idx) : 0;
}

/** True while a dialog is open anywhere on the page (modals render into portals at the end of <body>). */
function useDialogOpen(enabled: boolean): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const check = () => setOpen(document.querySelector(DIALOGS) !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [enabled]);
  return open;
}

const noSubscription = () => () => {};
const available = () => false;

/**
 * Binds Telegram's native BackButton to the app: hidden on root tabs unless a dialog is open; it closes an open
 * dialog first, otherwise goes back, or to the feed when the page was the first of the launch (a deep link). When
 * Telegram's button cannot be shown (its SDK failed to load), a back control of the app's own stands at the top of
 * every screen but the root tabs, so the user is never left without a way back.
 */
export function BackButtonLayout() {
  const { backButton } = usePlatform();
  const unavailable = useSyncExternalStore(
    backButton?.unavailable?.subscribe ?? noSubscription,
    backButton?.unavailable?.get ?? available,
    available,
  );
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isRoot = ROOT_PATHS.has(pathname);
  const dialogOpen = useDialogOpen(Boolean(backButton));
  const show = !isRoot || dialogOpen;
  const shown = useRef<boolean | undefined>(undefined);
  const rootRef = useRef(isRoot);
  useEffect(() => {
    rootRef.current = isRoot;
  }, [isRoot]);

  useEffect(() => {
    if (!backButton || shown.current === show) return;
    shown.current = show;
    if (show) backButton.show();
    else backButton.hide();
  }, [backButton, show]);

  const goBack = useCallback(() => {
    if (historyIndex() > 0) void navigate(-1);
    else void navigate(PATHS.search, { replace: true });
  }, [navigate]);

  useEffect(() => {
    if (!backButton) return;
    return backButton.onClick(() => {
      if (closeTopDialog() || rootRef.current) return;
      goBack();
    });
  }, [backButton, goBack]);

  return (
    <>
      {unavailable && !isRoot ? (
        <nav className="app-back-fallback">
          <button type="button" className="app-back-fallback__button" onClick={goBack}>
            <span aria-hidden="true">‹</span> {appMessages.back}
          </button>
        </nav>
      ) : null}
      <Outlet />
    </>
  );
}
