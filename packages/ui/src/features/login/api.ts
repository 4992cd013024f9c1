import { contract } from '@autoradar/contract';
import { call } from '../../api/client';

/** Spec §7: POST /api/auth/telegram/check — a token when the account already exists. */
export function checkTelegram(initData: string): Promise<{ exists: boolean; token?: string | undefined }> {
  return call(contract.auth.telegramCheck, { body: { initData } });
}

/** Spec §7: POST /api/auth/telegram/login — creates the account when needed and returns its token. */
export async function loginTelegram(initData: string): Promise<string> {
  const { token } = await call(contract.auth.telegramLogin, { body: { initData } });
  return token;
}
