import { Snackbar } from '@telegram-apps/telegram-ui';
import { SNACKBAR_LONG_MS } from '@autoradar/core';

/** Spec §8: a payment failure shows for 3 s. */
export function PayErrorSnackbar({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <Snackbar className="pay-snackbar" role="alert" duration={SNACKBAR_LONG_MS} onClose={onClose}>
      {message}
    </Snackbar>
  );
}
