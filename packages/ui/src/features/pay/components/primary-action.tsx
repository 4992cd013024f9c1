import { Button } from '@telegram-apps/telegram-ui';
import { useMainButton } from '../../../platform-hooks';

export interface PrimaryActionProps {
  label: string;
  onClick: () => void;
  loading?: boolean;
}

/**
 * The one main action of a pay screen. Kept as a single component so the mini-app can later show it as Telegram's
 * main button instead (issue 13) without touching the screens.
 */
export function PrimaryAction({ label, onClick, loading = false }: PrimaryActionProps) {
  // Inside Telegram: the main button under the web view, with its progress state (issue 13).
  const native = useMainButton({ text: label, onClick, loading });
  if (native) return null;
  return (
    <div className="pay-primary">
      <Button size="l" stretched loading={loading} disabled={loading} aria-busy={loading} onClick={onClick}>
        {label}
      </Button>
    </div>
  );
}
