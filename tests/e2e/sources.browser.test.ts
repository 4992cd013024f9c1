import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Source, SourceDetail } from '@autoradar/contract';
import { createDb, migrateDb, users } from '@autoradar/db';
import { startFakeTelegramPreview, type FakeTelegramPreview } from '@autoradar/server/testing/fake-telegram-preview';
import { launchBrowser } from '../support/browser';
import { tempDataDir } from '../support/server';
import {
  apiToken,
  callApi,
  hasHorizontalOverflow,
  screenshot,
  signInWeb,
  startJourneyServer,
  watchConsole,
  type JourneyServer,
  type TelegramUser,
} from '../support/session';

// Issue 28's «Источники» as an admin meets it on the web build, against the real API (`pnpm start`'s process, which
// runs the sources scheduler on the embedded default) reading a local fake of t.me's web preview: a channel added by
// its link is read within seconds and its counters appear; a channel without a preview shows «не читается» with the
// reason in Russian; the channel's page says why each post became no listing; pausing it shows «на паузе».

const admin: TelegramUser = { id: 7_328_001, first_name: 'Ольга', last_name: 'Источникова', username: 'olga_sources' };

const SALE = 'Продаю Lada Vesta 2019 г.в.\nПробег 45 т.км, один владелец\nЦена 780 000 ₽\nСамара';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

async function newContext(browser: Browser, width: number, dark = false, signedIn?: StorageState) {
  const context = await browser.newContext({
    ...(signedIn ? { storageState: signedIn } : {}),
    viewport: { width, height: 900 },
    colorScheme: dark ? 'dark' : 'light',
    reducedMotion: 'reduce',
  });
  await context.route('https://telegram.org/**', (route) => route.abort('internetdisconnected'));
  return context;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The overlay spinner stays a second after the first load (spec §2); a picture waits for it to go. */
const overlayGone = (page: Page) => poll(() => page.locator('.app-overlay-spinner').count()).toBe(0);

const row = (page: Page, name: string) => page.locator('.admin-source', { hasText: name });

describe('«Источники» in a real browser', () => {
  let fake: FakeTelegramPreview;
  let server: JourneyServer;
  let browser: Browser;
  let signedIn: StorageState;
  let token: string;

  beforeAll(async () => {
    fake = await startFakeTelegramPreview();
    const samara = fake.addChannel('avto_samara', { title: 'Авто Самара', firstId: 40 });
    samara.post({ text: SALE, photos: 1 });
    samara.post({ text: 'Куплю Ладу Весту в любом состоянии, звоните' });
    samara.post({ text: 'Всем хороших выходных! 🚗' });
    samara.post({ text: SALE });
    samara.service('Channel photo updated');
    fake.addChannel('closed_cars', { title: 'Закрытый канал' }).setPreview(false);

    // The admin exists before the one start of the server (the role is granted offline, as admin:grant does).
    const dataDir = tempDataDir();
    const handle = await createDb({ dataDir });
    await migrateDb(handle);
    await handle.db.insert(users).values({ telegramId: admin.id, firstName: admin.first_name, roles: ['admin'] });
    await handle.close();
    [server, browser] = await Promise.all([
      startJourneyServer({
        DATA_DIR: dataDir,
        DEMO_DATA: 'false',
        TELEGRAM_PREVIEW_URL: fake.url,
        SOURCE_MEDIA_HOSTS: '127.0.0.1',
        SOURCES_POLL_SECONDS: '1',
      }),
      launchBrowser(),
    ]);
    token = await apiToken(server, admin);
    const context = await newContext(browser, 1280);
    const page = await context.newPage();
    await signInWeb(page, server, admin, '/sources');
    signedIn = await context.storageState();
    await context.close();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await fake?.close();
  });

  it('adds a channel, sees its first read and counters, a broken one with its error, its posts, and pauses it', async () => {
    const context = await newContext(browser, 1280, false, signedIn);
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${server.url}/sources`);
    await poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Источники');
    await poll(() => page.getByText('Источников пока нет').isVisible()).toBe(true);

    const link = page.getByRole('textbox', { name: 'Ссылка на канал или сообщество' });
    await link.fill('vk.com/durov');
    await page.getByRole('button', { name: 'Добавить', exact: true }).click();
    await poll(() => page.getByText('Не понимаю ссылку').isVisible()).toBe(true);

    await link.fill('https://t.me/avto_samara');
    await page.getByRole('button', { name: 'Добавить', exact: true }).click();
    await poll(() => row(page, 't.me/avto_samara').count()).toBe(1);
    // The first read comes within seconds (the scheduler is woken by the add); the list asks again by itself.
    await poll(() => row(page, 'Авто Самара').innerText()).toContain('Прочитан');
    const samara = row(page, 'Авто Самара');
    expect(await samara.getByLabel('За 24 часа: прочитано 4, опубликовано 1, отклонено 3').count()).toBe(1);
    expect(await samara.innerText()).toContain('активен');

    await link.fill('@closed_cars');
    await page.getByRole('button', { name: 'Добавить', exact: true }).click();
    const closed = row(page, 't.me/closed_cars');
    await poll(() => closed.innerText()).toContain('не читается');
    expect(await closed.innerText()).toContain('У @closed_cars нет веб-просмотра');

    for (const [width, dark] of [
      [1280, false],
      [1280, true],
      [390, false],
      [390, true],
    ] as const) {
      const look = await newContext(browser, width, dark, signedIn);
      const shot = await look.newPage();
      await shot.goto(`${server.url}/sources`);
      await poll(() => row(shot, 'Авто Самара').isVisible()).toBe(true);
      await overlayGone(shot);
      expect(await hasHorizontalOverflow(shot)).toBe(false);
      await screenshot(shot, `sources-${width}-${dark ? 'dark' : 'light'}`);
      if (!dark) {
        await row(shot, 'Авто Самара').getByRole('link', { name: 'Посты' }).click();
        await poll(() => shot.locator('.admin-source-post').count()).toBe(4);
        await overlayGone(shot);
        expect(await hasHorizontalOverflow(shot)).toBe(false);
        await screenshot(shot, `source-${width}-light`);
      }
      await look.close();
    }

    await row(page, 'Авто Самара').getByRole('link', { name: 'Посты' }).click();
    await poll(() => page.locator('.admin-source-post').count()).toBe(4);
    const outcomes = await page.locator('.admin-source-post .badge').allInnerTexts();
    expect(outcomes).toEqual(['дубликат', 'не разобрано', 'не продажа', 'опубликован']);
    await page.getByRole('button', { name: 'Пауза' }).click();
    await poll(() => page.locator('.admin-source-facts').innerText()).toContain('на паузе');
    await page.getByRole('link', { name: 'Назад' }).click();
    await poll(() => row(page, 'Авто Самара').innerText()).toContain('на паузе');
    const sources = await callApi<{ data: Source[] }>(server, token, 'GET', '/api/sources');
    expect(sources.data.map((s) => [s.identifier, s.state])).toEqual([
      ['avto_samara', 'paused'],
      ['closed_cars', 'broken'],
    ]);
    const detail = await callApi<{ data: SourceDetail }>(server, token, 'GET', `/api/sources/${sources.data[0]!.id}`);
    expect(detail.data.posts.filter((p) => p.outcome === 'published')).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
