import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getPaymentSum } from '@autoradar/core';
import { useAction } from '../../api/use-action';
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
  // An external checkout opens elsewhere and this page stays usable, so the action ends once it is open.
  const action = useAction(async (sum: number) => openCheckout(await start(sum), platform), describePayError);
  // Each try's failure has its own snackbar, so a repeated failure shows again.
  const [attempt, setAttempt] = useState(0);

  const purchase = () => {
    if (status === 'guest') {
      void navigate(loginPath(PATHS.pay));
      return;
    }
    if (!user) return;
    setAttempt((count) => count + 1);
    void action.start(getPaymentSum(user, new Date()));
  };

  return {
    needsSignIn: status === 'guest',
    busy: status === 'loading' || action.state.kind === 'pending',
    error: action.state.kind === 'failed' ? { message: action.state.message, id: attempt } : null,
    dismissError: action.reset,
    purchase,
  };
}
