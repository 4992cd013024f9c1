import { routes } from '@autoradar/contract/routes';
import { call as appCall, type Call } from '../../api/client';

/** POST /api/payment/yookassa/pay: creates the PRO payment and answers the checkout page to send the browser to. */
export async function startProPayment(sum: number, call: Call = appCall): Promise<string> {
  const { url } = await call(routes.payment.pay, { body: { pro: true, sum } });
  return url;
}
