import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import type { Config } from '@autoradar/server/config/config';
import { multipart, type MultipartField } from '../../testing/multipart';
import { buildTestApp, signInAdmin, testConfig } from '../../testing/test-app';
import { readError, readJson } from '../../testing/read-json';

// Partners through the admin form: multipart create and edit (POST with _method=PUT), the logo through the media
// pipeline, and the spec's messages.

/** A JPEG carrying EXIF (camera, GPS-like comment) that must not survive the upload. */
const photoWithExif = () =>
  sharp({ create: { width: 640, height: 320, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', ImageDescription: 'дом, 55.75N 37.61E' } })
    .toBuffer();
const pngLogo = () =>
  sharp({ create: { width: 120, height: 60, channels: 4, background: '#cc0000' } })
    .png()
    .toBuffer();

describeEachDb('partners', (getDb) => {
  let app: FastifyInstance;
  let config: Config;
  let admin: { headers: Record<string, string> };
  beforeAll(async () => {
    config = testConfig();
    app = await buildTestApp(getDb(), { config });
    admin = await signInAdmin(getDb());
  });
  afterAll(() => app.close());

  const send = async (url: string, fields: Record<string, MultipartField>) => {
    const { payload, contentType } = await multipart(fields);
    return app.inject({ method: 'POST', url, payload, headers: { ...admin.headers, 'content-type': contentType } });
  };
  const fileOf = (url: string) => path.join(config.mediaDir, url.replace(/^\/media\//, ''));
  const form = { title: 'Автоистория', url: 'https://reports.example.ru', description: 'Отчёты по VIN' };

  it('creates a partner without a logo', async () => {
    const res = await send('/api/partners', form);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { id: expect.any(Number) as number, ...form, logo: null } });
  });

  it('creates a partner with a logo, re-encoded and stripped of metadata', async () => {
    const res = await send('/api/partners', {
      ...form,
      title: 'Банк отчётов',
      logo: { name: 'logo.jpg', data: await photoWithExif(), type: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(201);
    const { logo } = readJson(res, contract.partners.create).data;
    expect(logo).toMatch(/^\/media\/partners\/[0-9a-f]{16}\.jpg$/);
    const stored = await readFile(fileOf(logo!));
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 640, 320, undefined]);
    expect(stored.includes(Buffer.from('SecretCam'))).toBe(false);

    const served = await app.inject({ method: 'GET', url: logo! });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it('answers each rule of the partner form with its Russian message', async () => {
    const blank = await send('/api/partners', { title: '  ', url: '' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({
      message: 'Проверьте правильность заполнения полей',
      errors: { title: ['Название обязательно'], url: ['Ссылка обязательна'] },
    });
    expect(readError(await send('/api/partners', { description: 'только описание' })).errors).toEqual({
      title: ['Название обязательно'],
      url: ['Ссылка обязательна'],
    });
    expect(readError(await send('/api/partners', { ...form, url: 'reports.example' })).errors).toEqual({
      url: ['Некорректный URL'],
    });

    // The type is read from the bytes: a PDF named logo.png is refused, and so is text sent as image/png.
    const pdf = await send('/api/partners', {
      ...form,
      logo: { name: 'logo.png', data: Buffer.from('%PDF-1.7\n1 0 obj'), type: 'image/png' },
    });
    expect(pdf.statusCode).toBe(422);
    expect(readError(pdf).errors).toEqual({ logo: ['Допустимы только изображения JPEG, PNG, GIF и WebP'] });
    const list = await app.inject({ method: 'GET', url: '/api/partners', headers: admin.headers });
    expect(readJson(list, contract.partners.list).data.map((p) => p.title)).toEqual(['Автоистория', 'Банк отчётов']);
  });

  it('edits with _method=PUT: the logo is required, kept by its address or replaced by a new file', async () => {
    const created = readJson(
      await send('/api/partners', { ...form, title: 'Правка', logo: { name: 'a.png', data: await pngLogo() } }),
      contract.partners.create,
    ).data;
    const url = `/api/partners/${created.id}`;

    const noLogo = await send(url, { _method: 'PUT', ...form });
    expect(noLogo.statusCode).toBe(422);
    expect(readError(noLogo).errors).toEqual({ logo: ['Логотип обязателен'] });

    const kept = await send(url, {
      _method: 'PUT',
      title: 'Правка 2',
      url: 'https://новый-сайт.рф/отчёты',
      logo: created.logo!,
      description: '',
    });
    expect(kept.statusCode).toBe(200);
    expect(readJson(kept, contract.partners.update).data).toEqual({
      id: created.id,
      title: 'Правка 2',
      url: 'https://новый-сайт.рф/отчёты',
      logo: created.logo,
      description: null,
    });

    const foreign = await send(url, { _method: 'PUT', ...form, logo: '/media/partners/someone-else.png' });
    expect(foreign.statusCode).toBe(422);
    expect(readError(foreign).errors).toEqual({ logo: ['Логотип: загрузите файл или оставьте текущий'] });

    const replaced = await send(url, { _method: 'PUT', ...form, logo: { name: 'b.jpg', data: await photoWithExif() } });
    expect(replaced.statusCode).toBe(200);
    const logo = readJson(replaced, contract.partners.update).data.logo!;
    expect(logo).toMatch(/^\/media\/partners\/[0-9a-f]{16}\.jpg$/);
    expect(existsSync(fileOf(logo))).toBe(true);
    expect(existsSync(fileOf(created.logo!))).toBe(false);

    const fetched = await app.inject({ method: 'GET', url, headers: admin.headers });
    expect(fetched.json()).toEqual({ data: { id: created.id, ...form, logo } });

    const invalid = await send(url, { _method: 'PUT', title: '', url: 'ftp://x', logo });
    expect(readError(invalid).errors).toEqual({ title: ['Название обязательно'], url: ['Некорректный URL'] });
    const withoutMethod = await send(url, { ...form, logo });
    expect(withoutMethod.statusCode).toBe(422);
    expect(Object.keys(readError(withoutMethod).errors ?? {})).toEqual(['_method']);
  });

  it('gives a logo to a partner created without one', async () => {
    const created = readJson(
      await send('/api/partners', { ...form, title: 'Без логотипа' }),
      contract.partners.create,
    ).data;
    const res = await send(`/api/partners/${created.id}`, {
      _method: 'PUT',
      ...form,
      logo: { name: 'l.png', data: await pngLogo() },
    });
    expect(res.statusCode).toBe(200);
    expect(readJson(res, contract.partners.update).data.logo).toMatch(/^\/media\/partners\/[0-9a-f]{16}\.png$/);
  });

  it('answers 404 for a partner that does not exist', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/partners/999999', headers: admin.headers })).statusCode).toBe(
      404,
    );
    expect(
      (await app.inject({ method: 'GET', url: '/api/partners/99999999999', headers: admin.headers })).statusCode,
    ).toBe(404);
    expect(
      (await send('/api/partners/999999', { _method: 'PUT', ...form, logo: '/media/partners/x.png' })).statusCode,
    ).toBe(404);
  });
});
