import { useCallback, useContext, useEffect, useId, useMemo, useRef } from 'react';
import { recordWriteAccess } from './session/api';
import {
  PlatformContext,
  type HapticImpactStyle,
  type HapticNotificationType,
  type MainButtonState,
  type Platform,
} from './platform';

// Hooks through which screens use Telegram's native controls. Each is a no-op on the web (and in a component test
// without a Platform), so a screen calls them unconditionally and asks only useMainButton's answer (whether to draw
// its own button).

const noPlatform: Partial<Platform> = {};

function usePlatformIfAny(): Partial<Platform> {
  return useContext(PlatformContext) ?? noPlatform;
}

type MainButtonControl = NonNullable<Platform['mainButton']>;

interface MainButtonClaim {
  id: string;
  state: Omit<MainButtonState, 'isVisible'>;
  onClick: () => void;
}

/**
 * One main button for the whole app: the screen claims it, a dialog opened over the screen claims it on top, and
 * closing the dialog gives it back. The latest claim drives the button; with none it is hidden.
 */
class MainButtonOwners {
  private claims: MainButtonClaim[] = [];
  private offClick: (() => void) | undefined;
  /** Telegram's clients (and the SDK) ignore a setup without text, hiding included: hide with the last one. */
  private lastText = '';

  constructor(private readonly button: MainButtonControl) {}

  upsert(claim: MainButtonClaim): void {
    const index = this.claims.findIndex((c) => c.id === claim.id);
    if (index >= 0) this.claims[index] = claim;
    else this.claims.push(claim);
    this.apply();
  }

  release(id: string): void {
    this.claims = this.claims.filter((c) => c.id !== id);
    this.apply();
  }

  private apply(): void {
    const top = this.claims.at(-1);
    if (!top) {
      this.offClick?.();
      this.offClick = undefined;
      if (this.lastText)
        this.button.set({ text: this.lastText, isVisible: false, isEnabled: false, isLoaderVisible: false });
      return;
    }
    this.lastText = top.state.text;
    this.button.set({ ...top.state, isVisible: true });
    if (!this.offClick) {
      this.offClick = this.button.onClick(() => {
        const current = this.claims.at(-1);
        if (current?.state.isEnabled && !current.state.isLoaderVisible) current.onClick();
      });
    }
  }
}

const owners = new WeakMap<MainButtonControl, MainButtonOwners>();

function ownersOf(button: MainButtonControl): MainButtonOwners {
  let found = owners.get(button);
  if (!found) {
    found = new MainButtonOwners(button);
    owners.set(button, found);
  }
  return found;
}

export interface MainButtonOptions {
  text: string;
  onClick: () => void;
  /** False greys the button out (a form that cannot be sent yet). */
  enabled?: boolean;
  /** The progress state while the button's call runs. */
  loading?: boolean;
  /** False gives the button up (the screen is in a state without a primary action). */
  active?: boolean;
}

/**
 * Telegram's main button (BottomButton) for the screen's primary action. Returns true when the native button is
 * shown, so the screen hides its own; on the web it returns false and the screen keeps its button.
 */
export function useMainButton({ text, onClick, enabled = true, loading = false, active = true }: MainButtonOptions) {
  const { mainButton } = usePlatformIfAny();
  const id = useId();
  const onClickRef = useRef(onClick);
  useEffect(() => {
    onClickRef.current = onClick;
  });
  const native = Boolean(mainButton) && active;

  useEffect(() => {
    if (!mainButton || !active) return;
    ownersOf(mainButton).upsert({
      id,
      state: { text, isEnabled: enabled, isLoaderVisible: loading },
      onClick: () => onClickRef.current(),
    });
  }, [mainButton, active, id, text, enabled, loading]);

  useEffect(() => {
    if (!mainButton || !active) return;
    return () => ownersOf(mainButton).release(id);
  }, [mainButton, active, id]);

  return native;
}

/**
 * While `editing` (a form with unsaved input), Telegram asks before closing the mini-app and a downward swipe does not
 * close it.
 */
export function useEditingGuard(editing: boolean): void {
  const { setEditing } = usePlatformIfAny();
  useEffect(() => {
    if (!setEditing || !editing) return;
    setEditing(true);
    return () => setEditing(false);
  }, [setEditing, editing]);
}

export interface Haptics {
  impact(style?: HapticImpactStyle): void;
  notify(type: HapticNotificationType): void;
}

/** Telegram's haptic feedback; silent on the web. */
export function useHaptics(): Haptics {
  const platform = usePlatformIfAny();
  return useMemo(
    () => ({
      impact: (style: HapticImpactStyle = 'light') => platform.hapticImpact?.(style),
      notify: (type: HapticNotificationType) => platform.hapticNotification?.(type),
    }),
    [platform],
  );
}

/**
 * Asks Telegram for the right of the bot to write to the user, and keeps the answer on the server
 * (allows_write_to_pm). Resolves 'allowed' or 'cancelled'; outside Telegram, where nobody can ask, 'unavailable'.
 */
export function useRequestWriteAccess(): () => Promise<'allowed' | 'cancelled' | 'unavailable'> {
  const { requestWriteAccess } = usePlatformIfAny();
  return useCallback(async () => {
    if (!requestWriteAccess) return 'unavailable';
    const answer = await requestWriteAccess().catch(() => 'cancelled' as const);
    // The answer stands even if it cannot be kept now: the next request asks again.
    await recordWriteAccess(answer === 'allowed').catch(() => undefined);
    return answer;
  }, [requestWriteAccess]);
}

/** Opens a link the way the host should: t.me links inside Telegram, others in the (in-app) browser. */
export function useOpenLink(): (url: string) => void {
  const platform = usePlatformIfAny();
  return useCallback(
    (url: string) => {
      if (platform.openTelegramLink && /^https:\/\/t\.me\//.test(url)) platform.openTelegramLink(url);
      else if (platform.openLink) platform.openLink(url);
      else window.open(url, '_blank', 'noopener,noreferrer');
    },
    [platform],
  );
}
