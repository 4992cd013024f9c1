import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePreviewPage } from '../sources/telegram-preview/parse-preview-page';
import { startFakeTelegramPreview, type FakeTelegramPreview } from './fake-telegram-preview';

// The fake t.me's own bookkeeping, which the multi-worker test relies on: reads of one channel that overlap, requests
// per second, and pages of about 20 messages with an album's photos counted one each.

let fake: FakeTelegramPreview;

beforeAll(async () => {
  fake = await startFakeTelegramPreview({ delayMs: 150 });
});

afterAll(() => fake.close());

const get = (path: string) => fetch(`${fake.url}${path}`).then((res) => res.text());

describe('fake t.me', () => {
  it('counts a read of a channel that starts while another read of it is being answered', async () => {
    fake.addChannel('avto_a').post({ text: 'Пост' });
    fake.addChannel('avto_b').post({ text: 'Пост' });
    fake.resetStats();
    await Promise.all([get('/s/avto_a'), get('/s/avto_a?before=5'), get('/s/avto_b')]);
    await get('/s/avto_b');
    expect(fake.overlaps.get('avto_a')).toBe(1);
    expect(fake.overlaps.get('avto_b')).toBeUndefined();
    expect(fake.requestsOf('avto_a').map((r) => r.before)).toEqual(expect.arrayContaining([null, 5]));
    expect(fake.maxConcurrent()).toBe(3);
    expect(fake.requests).toHaveLength(4);
  });

  it('pages about 20 messages, albums whole, with a link to the older ones', async () => {
    const channel = fake.addChannel('avto_pages');
    for (let i = 0; i < 30; i++) channel.post({ text: `Пост ${i}`, photos: i % 6 === 5 ? 4 : 0 });
    const page = async (query: string) => {
      const parsed = parsePreviewPage(await get(`/s/avto_pages${query}`), `${fake.url}/s/avto_pages`);
      if (parsed.kind !== 'history') throw new Error('not a channel page');
      return { ids: parsed.messages.flatMap((m) => [m.id, ...(m.partIds ?? [])]), hasOlder: parsed.hasOlder };
    };
    // Every album's four photos count four: the page holds 20 to 23 messages.
    const top = await page('');
    expect(top.ids.length).toBeGreaterThanOrEqual(20);
    expect(top.ids.length).toBeLessThanOrEqual(23);
    expect(top.hasOlder).toBe(true);
    expect(await page('?before=2')).toEqual({ ids: [1], hasOlder: false });
    expect(await page('?before=1')).toEqual({ ids: [], hasOlder: false });
  });
});
