import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import { partners, type DbHandle } from '@autoradar/db';
import { readJson } from '../../../testing/read-json';

// Helpers shared by this module's tests.

export async function insertTestPartner(db: DbHandle, title = 'Автоистория'): Promise<number> {
  const [row] = await db.db
    .insert(partners)
    .values({ title, url: 'https://reports.example.ru' })
    .returning({ id: partners.id });
  return row!.id;
}

/** Polls until `check` returns a value (not undefined); the deadline only guards against a hang. */
export async function waitFor<T>(check: () => Promise<T | undefined>, what: string, deadlineMs = 15_000): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`не дождались: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** GET an order's detail as the admin screen does. */
export async function fetchOrder(
  app: FastifyInstance,
  headers: Record<string, string>,
  partnerId: number,
  orderId: number,
) {
  const res = await app.inject({ method: 'GET', url: `/api/partners/${partnerId}/orders/${orderId}`, headers });
  if (res.statusCode !== 200) throw new Error(`order detail answered ${res.statusCode}: ${res.body}`);
  return readJson(res, contract.partners.order);
}
