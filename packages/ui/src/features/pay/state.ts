import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getPaymentSum } from '@autoradar/core';
import { usePlatform } from '../../platform';
import { useSession } from '../../session/hooks';
import { startProPayment } from './api';
import { describePayError, openCheckout } from './checkout';
import { loginPath, PATHS } from '../../paths';

export interface PurchaseState {
  /** A guest is sent to sign in and comes back here. */
  needsSignIn: boolean;
  /** The user is still loading, or the payment is being created. */
  busy: boolean;
  /** The last failure, shown in the 3 s snackbar; `id` restarts the snackbar for a repeated failure. */
  error: { message: string; id: number } | null;
  dismissError: () => void;
  purchase: () => void;
}

/** The PRO purchase (spec §7): create the payment, then go to its checkout page; guests sign in first. */
export function usePurchase(start: (sum: number) => Promise<string> = startProPayment): PurchaseState {
  const { status, user } = useSession();
  const platform = usePlatform();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<PurchaseState['error']>(null);

  const purchase = () => {
    if (status === 'guest') {
      void navigate(loginPath(PATHS.pay));
      return;
    }
    if (creating || !user) return;
    setCreating(true);
    setError(null);
    start(getPaymentSum(user, new Date()))
      .then((url) => {
        openCheckout(url, platform);
        // An external checkout opened elsewhere; this page stays usable.
        setCreating(false);
      })
      .catch((failure: unknown) => {
        setError({ message: describePayError(failure), id: Date.now() });
        setCreating(false);
      });
  };

  return {
    needsSignIn: status === 'guest',
    busy: status === 'loading' || creating,
    error,
    dismissError: () => setError(null),
    purchase,
  };
}
