import { useCall } from '../../../api/use-call';
import { partnerFamily } from '../state';

/** The partner's title for a screen's subtitle, once loaded; the screen's own list does not wait for it. */
export function usePartnerTitle(partnerId: string): string | undefined {
  const { state } = useCall(partnerFamily(partnerId));
  return state.kind === 'loaded' ? state.data.title : undefined;
}
