import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMediaStorage } from '../media/storage';
import { startFakeTelegramPreview, type FakeTelegramPreview } from '../testing/fake-telegram-preview';
import { createMediaFetcher } from './media-fetcher';
import type { SourcePhoto } from './source-reader';
import { createPhotoDownloader, storeSourcePhotos } from './store-source-photos';

// A post's photos copied into our storage through the media fetcher and the upload pipeline: the ones that arrive in
// time are stored (full and small variants, a dHash each) in the post's order; a slow one is dropped, not waited for.

let fake: FakeTelegramPreview;
let slow: Server;
let slowUrl = '';
/** Whether the slow photo's request was given up by us before it was answered. */
let slowAbandoned = false;
let dir = '';

beforeAll(async () => {
  fake = await startFakeTelegramPreview();
  slow = createServer((_req, res) => {
    const timer = setTimeout(() => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(), 30_000);
    res.on('close', () => {
      clearTimeout(timer);
      slowAbandoned = !res.writableEnded;
    });
  });
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/slow.jpg`;
  dir = await mkdtemp(path.join(tmpdir(), 'source-photos-'));
});

afterAll(async () => {
  await fake.close();
  slow.closeAllConnections();
  await new Promise<void>((resolve) => slow.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

const photo = (url: string, kind: SourcePhoto['kind'] = 'photo'): SourcePhoto => ({
  kind,
  location: { via: 'http', url },
});

it('stores the photos that arrive by the deadline, in order, and drops a slow, a refused and a broken one', async () => {
  const media = createMediaFetcher({ hosts: ['127.0.0.1'], maxBytes: 1_048_576, timeoutMs: 10_000 });
  const storage = createMediaStorage({ mediaDir: dir });
  const stored = await storeSourcePhotos({
    photos: [
      photo(`${fake.url}/file/first.jpg`),
      photo(slowUrl),
      photo('https://cdn4.example.org/file/elsewhere.jpg'),
      photo(`${fake.url}/s/not-an-image`),
      photo(`${fake.url}/file/poster.jpg`, 'video-poster'),
    ],
    downloader: createPhotoDownloader({ media }),
    storage,
    keyBase: 'sources/7/4183',
    deadlineMs: 1_500,
  });
  // The slow download was abandoned at the deadline, not waited for (its server would answer after 30 s).
  await expect.poll(() => slowAbandoned).toBe(true);
  expect(stored.photos).toHaveLength(2);
  for (const saved of stored.photos) {
    expect(saved.url).toMatch(/^\/media\/sources\/7\/4183-\d-[0-9a-f]{12}\.jpg$/);
    expect(saved.urlSm).toMatch(/-sm\.jpg$/);
    expect(saved.dhash).toMatch(/^[0-9a-f]{16}$/);
    const bytes = await readFile(path.join(dir, saved.url.slice('/media/'.length)));
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  }
  expect(stored.photos[0]!.url).toContain('4183-0-');
  expect(stored.photos[1]!.url).toContain('4183-4-');
  expect(stored.photos[0]!.dhash).not.toBe(stored.photos[1]!.dhash);
  expect(stored.missed.map((m) => m.index)).toEqual([1, 2, 3]);
  expect(stored.missed[0]!.reason).toBe('не пришла вовремя');
  expect(stored.missed[1]!.reason).toBe('Хост cdn4.example.org не входит в SOURCE_MEDIA_HOSTS');
  await media.close();
});

it('refuses an MTProto photo when no MTProto reader is configured', async () => {
  const media = createMediaFetcher({ hosts: [], maxBytes: 1_048_576, timeoutMs: 1_000 });
  const stored = await storeSourcePhotos({
    photos: [{ kind: 'photo', location: { via: 'mtproto', channel: 'avto', messageId: 5, poster: false } }],
    downloader: createPhotoDownloader({ media }),
    storage: createMediaStorage({ mediaDir: dir }),
    keyBase: 'sources/7/5',
    deadlineMs: 1_000,
  });
  expect(stored.photos).toEqual([]);
  expect(stored.missed[0]!.reason).toContain('TELEGRAM_SESSION');
  await media.close();
});
