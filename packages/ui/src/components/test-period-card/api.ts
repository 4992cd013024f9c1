import type { User } from '@autoradar/contract';
import { routes } from '@autoradar/contract/routes';
import { call as appCall, type Call } from '../../api/client';

/** POST /api/test-period: starts the one 24-hour PRO test period and answers the user with started_at set. */
export async function startTestPeriod(call: Call = appCall): Promise<User> {
  const { data } = await call(routes.user.startTestPeriod);
  return data;
}
