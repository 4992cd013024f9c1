// Fault suite (issue 31): PostgreSQL stopped for 20 s under a mixed load of signed-in users saving filters and
// reading the feed. While it is down the API answers 503 with a Russian message (never 500, never a hang); it
// recovers by itself when PostgreSQL is back, with no restart; every write it acknowledged is there afterwards.
// `pnpm test:faults postgres-stop`; figures in docs/reliability.md.
import { EMPTY_FILTER_CRITERIA, MESSAGES } from '@autoradar/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, callApi, startJourneyServer, type JourneyServer } from '../support/session';
import { reportFigures } from './support/figures';
import { startOwnPostgres, type OwnPostgres } from './support/own-postgres';

const USERS = 6;
const DOWN_MS = 20_000;

interface Answer {
  at: number;
  kind: 'write' | 'read';
  status: number;
  message?: string;
  name?: string;
  user: number;
}

describe('PostgreSQL stopped for 20 s under load', () => {
  let pg: OwnPostgres;
  let server: JourneyServer;

  beforeAll(async () => {
    pg = await startOwnPostgres();
    // Every limit raised: the six users write from one address, which real users never share.
    server = await startJourneyServer({ DATABASE_URL: pg.url, LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '100' }, 240_000);
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    pg?.close();
  });

  it('answers 503 in Russian while it is down, recovers by itself and keeps every acknowledged write', async () => {
    const tokens = await Promise.all(
      Array.from({ length: USERS }, (_, i) => apiToken(server, { id: 8_100_000 + i, first_name: `Фолт ${i}` })),
    );
    const brands = await callApi<{ data: { id: number }[] }>(server, null, 'GET', '/api/brands');
    const brandId = brands.data[0]!.id;
    const answers: Answer[] = [];
    const started = Date.now();
    let running = true;

    const send = async (user: number, kind: Answer['kind'], name?: string) => {
      const at = Date.now() - started;
      const write = kind === 'write';
      const response = await fetch(`${server.url}${write ? '/api/user/filters' : '/api/posts/search'}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${tokens[user]}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(
          write
            ? {
                ...EMPTY_FILTER_CRITERIA,
                name,
                brands: [brandId],
                active: false,
                send_mode: 'immediately',
                worktime_settings: null,
                via: ['telegram'],
              }
            : { ...EMPTY_FILTER_CRITERIA },
        ),
        signal: AbortSignal.timeout(30_000),
      }).catch(() => null);
      const body = response ? ((await response.json().catch(() => ({}))) as { message?: string }) : {};
      answers.push({ at, kind, status: response?.status ?? 0, message: body.message, name, user });
    };

    const load = async (user: number) => {
      for (let n = 0; running; n++) {
        await send(user, 'write', `Фильтр ${user}-${n}`);
        await send(user, 'read');
        await new Promise((resolve) => setTimeout(resolve, 1_500));
      }
    };
    const loops = tokens.map((_, user) => load(user));

    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const downAt = Date.now() - started;
    pg.stop();
    await new Promise((resolve) => setTimeout(resolve, DOWN_MS));
    pg.start();
    const upAt = Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    running = false;
    await Promise.all(loops);

    // The API process was never restarted.
    expect(server.child.exitCode).toBeNull();

    const during = answers.filter((a) => a.at > downAt + 1_000 && a.at < upAt - 500);
    const serverErrors = answers.filter((a) => a.status >= 500 && a.status !== 503);
    const noAnswer = answers.filter((a) => a.status === 0);
    expect(during.length).toBeGreaterThan(10);
    expect(serverErrors).toEqual([]);
    expect(noAnswer).toEqual([]);
    // Writes while it is down are refused in Russian (reads may still come from the feed cache).
    for (const answer of during.filter((a) => a.kind === 'write')) {
      expect(answer).toMatchObject({ status: 503, message: MESSAGES.serviceUnavailable });
    }
    const firstOkAfter = answers.find((a) => a.at >= upAt && a.kind === 'write' && a.status < 300);
    expect(firstOkAfter).toBeDefined();

    // Every acknowledged write is there; every refused one is not (nothing half-written).
    let lost = 0;
    let writtenThoughRefused = 0;
    for (let user = 0; user < USERS; user++) {
      const saved = await callApi<{ data: { name: string }[] }>(server, tokens[user]!, 'GET', '/api/user/filters');
      const names = new Set(saved.data.map((f) => f.name));
      for (const write of answers.filter((a) => a.user === user && a.kind === 'write')) {
        if (write.status < 300 && !names.has(write.name!)) lost++;
        if (write.status >= 300 && names.has(write.name!)) writtenThoughRefused++;
      }
    }
    const writes = answers.filter((a) => a.kind === 'write');
    reportFigures('postgres-stop', {
      downSeconds: DOWN_MS / 1000,
      requests: answers.length,
      acknowledgedWrites: writes.filter((a) => a.status < 300).length,
      refusedWith503: answers.filter((a) => a.status === 503).length,
      readsServedWhileDown: during.filter((a) => a.kind === 'read' && a.status < 300).length,
      otherServerErrors: serverErrors.length,
      lostAcknowledgedWrites: lost,
      writtenThoughRefused,
      recoverySeconds: Number(((firstOkAfter!.at - upAt) / 1000).toFixed(1)),
      apiRestarts: 0,
    });
    expect(lost).toBe(0);
  }, 240_000);
});
