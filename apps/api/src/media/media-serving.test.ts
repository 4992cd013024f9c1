import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { contract } from '@autoradar/contract';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { buildTestApp, signIn } from '../testing/test-app';
import { multipart } from '../testing/multipart';
import { readJson } from '../testing/read-json';
import { animatedGif } from '@autoradar/server/testing/sample-photo';

// An upload as a user makes it (POST /api/drafts/media), then read back from /media/ as a browser would.

describeEachDb('media files', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDb());
  });
  afterAll(() => app.close());

  async function uploadGif(data: Buffer): Promise<string> {
    const { headers } = await signIn(getDb());
    const draft = await app.inject({ method: 'GET', url: '/api/drafts/create', headers });
    expect(draft.statusCode).toBe(200);
    const body = await multipart(
      { draft_id: String(readJson(draft, contract.drafts.create).data.id) },
      { name: 'a.gif', type: 'image/gif', data },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/drafts/media',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    return readJson(res, contract.drafts.uploadMedia).data.src;
  }

  it('serves uploads with nosniff, so a browser never runs one as another type', async () => {
    const src = await uploadGif(await animatedGif(2, 40, 30));
    const res = await app.inject({ method: 'GET', url: src });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('stores the first frame of a 60-frame animated GIF', async () => {
    const src = await uploadGif(await animatedGif(60, 320, 240));
    const stored = (await app.inject({ method: 'GET', url: src })).rawPayload;
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.pages ?? 1, meta.width, meta.height]).toEqual(['gif', 1, 320, 240]);
    expect((await sharp(stored).raw().toBuffer())[0]).toBeLessThan(5);
  });

  it('keeps a short small animation whole', async () => {
    const src = await uploadGif(await animatedGif(4, 64, 48));
    const meta = await sharp((await app.inject({ method: 'GET', url: src })).rawPayload).metadata();
    expect(meta.pages).toBe(4);
  });
});
