import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@autoradar/db/testing/test-db';
import { operations } from './support/operations';
import { resolveRequest } from './support/requests';
import { createWorld, type World } from './support/world';

// The suite's valid examples are what its accepted writes and read-backs start from: an example the API refuses
// leaves that operation's accepted path untried without any test failing (the saved-filter examples once had no
// destination and were refused with 422 for months). So every example, sent as it is by every role its operation
// allows, must be accepted. Sign-in examples are the exception: they carry every kind of bad name in turn (names come
// signed by Telegram or Yandex, so no mutation can reach them), and such a name may be refused.

describe('bad input: the valid examples', () => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(await createTestDb({ name: 'pglite' }), 'pglite', operations());
  });
  afterAll(() => world?.close());

  it('are accepted as they are, by every role the operation allows', async () => {
    const refused: string[] = [];
    let sent = 0;
    for (const op of operations().filter((o) => world.hasExample(o) && !o.realtime)) {
      for (const role of world.allowedRoles(op)) {
        const example = await world.example(op, role);
        expect(example, `${op.name} as ${role}: the fixtures could not make an example`).toBeDefined();
        const request = resolveRequest(
          op,
          { useExample: true, generated: { params: {}, query: {}, body: undefined }, mutations: [], alsoDenied: false },
          example,
        );
        const answer = await world.send(op, request, role);
        sent += 1;
        const signIn = op.entry.group === 'auth';
        if (answer.status >= (signIn ? 500 : 400)) {
          refused.push(`${op.name} as ${role}: ${answer.status} ${answer.body.slice(0, 200)}`);
        }
        // A write may have used up the example (a deleted row, a spent state) or signed the role out.
        world.invalidateExamples();
        await world.checkRole(role);
      }
    }
    expect(refused).toEqual([]);
    expect(sent).toBeGreaterThan(100);
  }, 300_000);
});
