import type { Db } from '@autoradar/db';
import { addRole } from './users.repo';

export type GrantAdminResult = { ok: true; message: string } | { ok: false; message: string };

/** Roles are granted only from the command line (never through the API): `pnpm admin:grant <telegram id|email>`. */
export async function grantAdmin(db: Db, identifier: string): Promise<GrantAdminResult> {
  const value = identifier.trim();
  if (!/^\d{1,16}$/.test(value) && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    return { ok: false, message: `Укажите Telegram id (цифры) или e-mail пользователя, а не «${value}»` };
  }
  const result = await addRole(db, value, 'admin');
  if (!result) return { ok: false, message: `Пользователь ${value} не найден: он должен хотя бы раз войти в приложение` };
  return {
    ok: true,
    message: result.added ? `Пользователь ${value} (id ${result.id}) теперь администратор` : `Пользователь ${value} (id ${result.id}) уже администратор`,
  };
}
