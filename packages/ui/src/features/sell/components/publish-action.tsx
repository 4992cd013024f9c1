import { Button } from '@telegram-apps/telegram-ui';
import { useMainButton } from '../../../platform-hooks';

/**
 * The screen's primary action (publish). It is one component with plain props so that issue 13 can show the same
 * action on Telegram's main button instead: whatever renders it gets the label, whether it may be pressed, whether
 * it is running, and what pressing does.
 */
export interface PrimaryActionProps {
  label: string;
  disabled: boolean;
  loading: boolean;
  onAction: () => void;
}

export function PublishAction({ label, disabled, loading, onAction }: PrimaryActionProps) {
  // Inside Telegram the action is the main button under the web view (issue 13), and the page has no second one.
  const native = useMainButton({ text: label, onClick: onAction, enabled: !disabled, loading });
  if (native) return null;
  return (
    <Button size="l" stretched disabled={disabled} loading={loading} onClick={onAction}>
      {label}
    </Button>
  );
}
