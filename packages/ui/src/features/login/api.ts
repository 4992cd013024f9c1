import { routes } from '@autoradar/contract/routes';
import { call as appCall, type Call } from '../../api/client';

/** Spec §7: POST /api/auth/telegram/check — a token when the account already exists. */
export function checkTelegram(
  initData: string,
  signal?: AbortSignal,
  call: Call = appCall,
): Promise<{ exists: boolean; token?: string | undefined }> {
  return call(routes.auth.telegramCheck, { body: { initData }, signal });
}

/** Spec §7: POST /api/auth/telegram/login — creates the account when needed and returns its token. */
export async function loginTelegram(initData: string, signal?: AbortSignal, call: Call = appCall): Promise<string> {
  const { token } = await call(routes.auth.telegramLogin, { body: { initData }, signal });
  return token;
}
