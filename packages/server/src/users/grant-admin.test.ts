import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { grantAdmin } from './grant-admin';

describeEachDb('grantAdmin', (getDb) => {
  it('grants admin by Telegram id (beyond 32 bits) once, and says so the second time', async () => {
    const { db } = getDb();
    const [u] = await db.insert(users).values({ telegramId: 6_000_000_123, firstName: 'Анна' }).returning();
    expect(await grantAdmin(db, '6000000123')).toEqual({
      ok: true,
      message: `Пользователь 6000000123 (id ${u!.id}) теперь администратор`,
    });
    expect(await grantAdmin(db, ' 6000000123 ')).toEqual({
      ok: true,
      message: `Пользователь 6000000123 (id ${u!.id}) уже администратор`,
    });
    const [row] = await db.select().from(users).where(eq(users.id, u!.id));
    expect(row?.roles).toEqual(['admin']);
  });

  it('grants admin by e-mail, case-insensitively', async () => {
    const { db } = getDb();
    const [u] = await db.insert(users).values({ yandexId: 'y-1', email: 'Boss@Example.ru' }).returning();
    expect((await grantAdmin(db, 'boss@example.ru')).ok).toBe(true);
    const [row] = await db.select().from(users).where(eq(users.id, u!.id));
    expect(row?.roles).toEqual(['admin']);
  });

  it('refuses unknown users and malformed identifiers, changing nothing', async () => {
    const { db } = getDb();
    expect(await grantAdmin(db, '999')).toEqual({
      ok: false,
      message: 'Пользователь 999 не найден: он должен хотя бы раз войти в приложение',
    });
    expect(await grantAdmin(db, 'drop table users')).toEqual({
      ok: false,
      message: 'Укажите Telegram id (цифры) или e-mail пользователя, а не «drop table users»',
    });
    const admins = (await db.select().from(users)).filter((u) => u.roles.includes('admin'));
    expect(admins.every((u) => u.telegramId === 6_000_000_123 || u.email === 'Boss@Example.ru')).toBe(true);
  });
});
