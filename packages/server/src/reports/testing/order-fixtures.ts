import { partners, type DbHandle } from '@autoradar/db';

// Helpers of the report worker's tests (the API's partner tests have their own, over HTTP).

export async function insertTestPartner(db: DbHandle, title = 'Автоистория'): Promise<number> {
  const [row] = await db.db
    .insert(partners)
    .values({ title, url: 'https://reports.example.ru' })
    .returning({ id: partners.id });
  return row!.id;
}

/** A clock the test moves by hand. */
export function testClock(start = new Date('2026-11-21T12:00:00Z')) {
  let now = start.getTime();
  const clock = () => new Date(now);
  clock.advance = (ms: number) => void (now += ms);
  return clock;
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
