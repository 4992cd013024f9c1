import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { samplePhoto } from '@autoradar/server/testing/sample-photo';
import { launchBrowser } from '../support/browser';
import {
  apiToken,
  callApi,
  cutText,
  foreignText,
  hasHorizontalOverflow,
  screenshot,
  signInWeb,
  startJourneyServer,
  switchScheme,
  TOKEN_KEY,
  watchConsole,
  type JourneyServer,
  type TelegramUser,
  buyProInSandbox,
} from '../support/session';

// Room for a busy machine: expect.poll's default gives up after a second, less than a loaded server takes.
vi.setConfig({ testTimeout: 240_000, expect: { poll: { timeout: 15_000, interval: 100 } } });

// Selling, tried as a new user would on the real API (embedded database, demo data): the form, two photos with their
// progress, a reload half-way that loses nothing, the way through payment for a basic user, publishing, the listing
// page and the profile; a fake photo refused with 'Ошибка'; the screens at two sizes in both themes.

const NBSP = '\u00a0';

// The page's own globals, named through globalThis: this package has no DOM types.
type PageGlobals = {
  localStorage: Storage;
  document: { querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null }> };
  MutationObserver: new (cb: () => void) => { observe(node: unknown, options: object): void };
  __progress?: number[];
};
interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Records every value the upload progress bars show, so the test can tell a real progress from a jump to done. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const w = globalThis as unknown as PageGlobals & { document: { body: unknown } };
    w.__progress = [];
    const seen = () => {
      for (const bar of Array.from(w.document.querySelectorAll('.sell-upload [role="progressbar"]'))) {
        w.__progress!.push(Number(bar.getAttribute('aria-valuenow')));
      }
    };
    new w.MutationObserver(seen).observe(w.document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  return () => page.evaluate(() => (globalThis as unknown as PageGlobals).__progress ?? []);
}

/**
 * Console errors of this journey, less a failed resource the test causes on purpose (`expected`, e.g. the 422 of a
 * refused upload).
 */
function unexpected(errors: string[], expected?: RegExp): string[] {
  return errors.filter((e) => !(expected && expected.test(e)));
}

/** The app has started (its overlay spinner, shown at least 1 s, is gone) and every image on the page has loaded. */
async function settled(page: Page) {
  await expect.poll(() => page.locator('.app-overlay-spinner').count(), { timeout: 10_000 }).toBe(0);
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(
          (globalThis as unknown as { document: { images: ArrayLike<{ complete: boolean }> } }).document.images,
        ).every((img) => img.complete),
      ),
    )
    .toBe(true);
}

/**
 * Latin words these screens may show: product and file format names, the car the journeys sell, and the VIN field's
 * label.
 */
const LATIN = ['PRO', 'Telegram', 'ЮKassa', 'E-mail', 'JPEG', 'PNG', 'GIF', 'WebP', 'Toyota', 'Camry', 'VIN'];

/** The screen's texts read as a Russian user reads them: nothing in English or unfinished, nothing cut short. */
async function readable(page: Page, name: string) {
  // A file's name is the user's own (the failed upload shows it).
  const skip = 'select, .app-ticker, .sell-upload__name';
  expect(await foreignText(page, { allowed: LATIN, skip }), name).toEqual([]);
  expect(await cutText(page), name).toEqual([]);
}

const value = (page: Page, selector: string) => page.locator(selector).inputValue();
const draftPhotos = (page: Page) => page.locator('.sell-photo:not(.sell-upload) img');

async function fillForm(page: Page) {
  await page.locator('#sell-brand option', { hasText: 'Toyota' }).first().waitFor({ state: 'attached' });
  await page.selectOption('#sell-brand', { label: 'Toyota' });
  await page.locator('#sell-model option', { hasText: 'Camry' }).first().waitFor({ state: 'attached' });
  await page.selectOption('#sell-model', { label: 'Camry' });
  await page.getByLabel('Год выпуска').fill('2018');
  await page.getByLabel('Пробег, км').pressSequentially('87000');
  await page.getByLabel('Цена, ₽').pressSequentially('2350000');
  await page.getByLabel('Город').fill('Казань');
  await page.getByLabel('Контакт 1', { exact: true }).fill('+7 999 123-45-67');
}

describe('selling in a real browser', () => {
  let server: JourneyServer;
  let browser: Browser;
  let photos: { name: string; mimeType: string; buffer: Buffer }[];

  beforeAll(async () => {
    server = await startJourneyServer();
    browser = await launchBrowser();
    // Photo-like noise, ~150 kB each: small enough to be quick, large enough for a throttled upload to show progress.
    photos = [
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await samplePhoto(640, 480) },
      { name: 'back.jpg', mimeType: 'image/jpeg', buffer: await samplePhoto(640, 480, 'jpeg', 24) },
    ];
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a basic user fills /new with two photos, reloads and loses nothing, pays, publishes and finds the listing', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const seller: TelegramUser = { id: 7_100_001, first_name: 'Алексей', last_name: 'Смирнов', username: 'alex_sells' };
    await signInWeb(page, server, seller, '/new');
    await page.goto(`${server.url}/new`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Новое объявление' }).isVisible()).toBe(true);

    await fillForm(page);
    expect(await value(page, '#sell-mileage')).toBe(`87${NBSP}000`);
    expect(await value(page, '#sell-price')).toBe(`2${NBSP}350${NBSP}000`);
    // Publishing is for PRO: the basic user is told where the button leads.
    await expect.poll(() => page.getByText(/Публикация доступна с тарифом PRO/).isVisible()).toBe(true);

    // Two photos at once, on a slow uplink so the progress is there to see.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 96 * 1024,
    });
    const progress = await recordProgress(page);
    await page.locator('input[type="file"]').setInputFiles(photos);
    await expect.poll(() => page.locator('.sell-upload').count()).toBe(2);
    await expect.poll(() => draftPhotos(page).count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => page.locator('.sell-upload').count()).toBe(0);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const shown = await progress();
    expect(shown.some((percent) => percent > 0 && percent < 100)).toBe(true);
    expect(await page.locator('.sell-photo--main').count()).toBe(1);

    // Half-way: the description typed and the page reloaded at once, before any pause for saving.
    await page.getByLabel('Описание').fill('Один владелец, обслуживание у дилера.');
    await page.reload();
    await expect.poll(() => value(page, '#sell-description')).toBe('Один владелец, обслуживание у дилера.');
    await expect.poll(() => page.locator('#sell-brand option:checked').textContent()).toBe('Toyota');
    await expect.poll(() => page.locator('#sell-model option:checked').textContent()).toBe('Camry');
    expect(await value(page, '#sell-year')).toBe('2018');
    expect(await value(page, '#sell-mileage')).toBe(`87${NBSP}000`);
    expect(await value(page, '#sell-price')).toBe(`2${NBSP}350${NBSP}000`);
    expect(await value(page, '#sell-city')).toBe('Казань');
    expect(await page.getByLabel('Контакт 1', { exact: true }).inputValue()).toBe('+7 999 123-45-67');
    await expect.poll(() => draftPhotos(page).count()).toBe(2);
    expect(await page.locator('.sell-photo--main').count()).toBe(1);

    // Saving as a basic user leads to payment; the draft waits.
    await page.getByRole('button', { name: 'Опубликовать' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/pay');
    await expect
      .poll(() => page.locator('.sell-page-notice').textContent())
      .toBe('Черновик сохранён\nОсталось подключить PRO, чтобы опубликовать объявление.');
    await screenshot(page, 'sell-saved-to-pay-390-light');
    await readable(page, 'sell-saved-to-pay-390-light');

    // Payment from /pay's own button: the API's answer names the sandbox checkout, the browser goes there and pays.
    const buy = page.getByRole('button', { name: /^Подключить PRO за 1\s000\s₽$/ });
    await expect.poll(() => buy.isEnabled()).toBe(true);
    await buy.click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/payment\/sandbox\//);
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/payment/success');
    await expect.poll(() => page.getByText('Спасибо за оплату!').isVisible()).toBe(true);

    await page.goto(`${server.url}/profile`);
    await expect.poll(() => page.getByText(/PRO активен до/).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Алексей Смирнов' }).isVisible()).toBe(true);

    // Back on /new the draft is all there, and now it publishes.
    await page.goto(`${server.url}/new`);
    await expect.poll(() => value(page, '#sell-description')).toBe('Один владелец, обслуживание у дилера.');
    await expect.poll(() => draftPhotos(page).count()).toBe(2);
    const publish = page.getByRole('button', { name: 'Опубликовать' });
    await expect.poll(() => publish.isEnabled()).toBe(true);
    await publish.click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/posts\/\d+$/);
    await expect.poll(() => page.getByText('Объявление успешно опубликовано').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Toyota Camry 2018');
    await expect.poll(() => page.locator('.post-media__thumb').count()).toBe(2);
    await screenshot(page, 'sell-published-390-light');
    await readable(page, 'sell-published-390-light');
    const listingPath = new URL(page.url()).pathname;

    await page.goto(`${server.url}/profile`);
    const mine = page.getByRole('region', { name: /Мои объявления/ });
    await expect.poll(() => mine.getByText('Toyota Camry 2018').isVisible()).toBe(true);
    expect(await mine.getByText('Опубликовано').count()).toBe(1);
    expect(await mine.locator(`a[href="${listingPath}"]`).count()).toBe(1);
    expect(await mine.getByLabel('Объявлений: 1').count()).toBe(1);

    // The next visit to /new starts a new, empty draft.
    await page.goto(`${server.url}/new`);
    await expect.poll(() => page.getByLabel('Город').isVisible()).toBe(true);
    expect(await value(page, '#sell-city')).toBe('');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('a text file renamed .jpg is refused with «Ошибка», and the form goes on', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await signInWeb(page, server, { id: 7_100_002, first_name: 'Ольга' }, '/new');
    await page.goto(`${server.url}/new`);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'car.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('Это не фотография, а текст.\n'),
    });
    const failed = page.locator('[data-upload-state="error"]');
    await expect.poll(() => failed.getByText('Ошибка', { exact: true }).isVisible()).toBe(true);
    expect(await failed.locator('.sell-upload__reason').textContent()).not.toBe('');
    expect(await failed.getByRole('button', { name: 'Повторить' }).count()).toBe(1);
    expect(await draftPhotos(page).count()).toBe(0);
    await settled(page);
    await screenshot(page, 'sell-new-upload-error-390-light');
    await readable(page, 'sell-new-upload-error-390-light');
    // The refusal is the server's 422, which Chromium also logs as a failed resource; nothing else may appear.
    expect(unexpected(errors, /status of 422/)).toEqual([]);
    await context.close();
  });

  it('what was typed survives no connection, a failed save, a reload and a closed window', async () => {
    const seller: TelegramUser = { id: 7_100_003, first_name: 'Ирина' };
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await signInWeb(page, server, seller, '/new');
    await page.goto(`${server.url}/new`);
    await expect.poll(() => page.getByLabel('Город').isEditable()).toBe(true);
    const token = await apiToken(server, seller);
    const onServer = async () =>
      (
        await callApi<{ data: { city: string | null; description: string | null } }>(
          server,
          token,
          'GET',
          '/api/drafts/create',
        )
      ).data;

    // No connection: the device keeps the city and says so; back online, it reaches the server by itself.
    await context.setOffline(true);
    await page.getByLabel('Город').fill('Самара');
    await expect.poll(() => page.getByText(/^Нет связи: черновик сохранён на этом устройстве/).isVisible()).toBe(true);
    await screenshot(page, 'sell-new-offline-390-light');
    await readable(page, 'sell-new-offline-390-light');
    await context.setOffline(false);
    await expect.poll(async () => (await onServer()).city).toBe('Самара');

    // The server failing the save: its message shows, and a reload brings the description back from the device.
    await page.route('**/api/drafts/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"База данных недоступна"}' })
        : route.fallback(),
    );
    await page.getByLabel('Описание').fill('Машина в отличном состоянии.');
    await expect.poll(() => page.getByText('Ошибка сервера: База данных недоступна').isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => value(page, '#sell-description')).toBe('Машина в отличном состоянии.');
    expect(await value(page, '#sell-city')).toBe('Самара');

    // The server answers again; more typed, and the window closed at once, before the pause for saving: what was
    // unsaved is sent on the way out.
    await page.unroute('**/api/drafts/*');
    await page.getByLabel('Описание').fill('Машина в отличном состоянии. Торг.');
    await page.close({ runBeforeUnload: true });
    await expect.poll(async () => (await onServer()).description).toBe('Машина в отличном состоянии. Торг.');
    // Only the failures this test caused: the offline requests and the 500s.
    expect(unexpected(errors, /ERR_INTERNET_DISCONNECTED|status of 500/)).toEqual([]);
    await context.close();
  });

  describe('screens at 390 and 1280, light and dark', () => {
    // Accounts made through the API: an empty form, a filled one with two photos, and a PRO seller with a listing.
    let emptyToken: string;
    let filledToken: string;
    let proToken: string;

    async function uploadPhoto(token: string, draftId: number, photo: { name: string; buffer: Buffer }) {
      const form = new FormData();
      form.append('draft_id', String(draftId));
      form.append('file', new Blob([photo.buffer], { type: 'image/jpeg' }), photo.name);
      const answer = await fetch(`${server.url}/api/drafts/media`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      });
      expect(answer.status).toBe(201);
    }

    async function filledDraft(token: string) {
      const draft = (await callApi<{ data: { id: number } }>(server, token, 'GET', '/api/drafts/create')).data;
      const brands = (await callApi<{ data: { id: number; name: string }[] }>(server, null, 'GET', '/api/brands')).data;
      const toyota = brands.find((b) => b.name === 'Toyota')!;
      const models = (
        await callApi<{ data: { id: number; name: string }[] }>(
          server,
          null,
          'GET',
          `/api/models?car_brand_id=${toyota.id}`,
        )
      ).data;
      const camry = models.find((m) => m.name === 'Camry')!;
      const form = {
        brand_id: toyota.id,
        model_id: camry.id,
        year: 2018,
        mileage: 87_000,
        price: 2_350_000,
        city: 'Казань',
        description: 'Один владелец, обслуживание у дилера, зимняя резина в подарок.',
        contacts: [
          { type: 'phone', value: '+7 999 123-45-67' },
          { type: 'telegram', value: '@camry_seller' },
        ],
      };
      await callApi(server, token, 'PUT', `/api/drafts/${draft.id}`, form);
      for (const photo of photos) await uploadPhoto(token, draft.id, photo);
      return { id: draft.id, form };
    }

    beforeAll(async () => {
      emptyToken = await apiToken(server, { id: 7_100_010, first_name: 'Марина' });
      filledToken = await apiToken(server, { id: 7_100_011, first_name: 'Игорь', last_name: 'Волков' });
      await filledDraft(filledToken);
      proToken = await apiToken(server, {
        id: 7_100_012,
        first_name: 'Сергей',
        last_name: 'Кузнецов',
        username: 'kuznetsov_auto',
        photo_url: `${server.url}/no-such-photo.jpg`,
      });
      // PRO through the sandbox checkout, as its page's form does.
      await buyProInSandbox(server, proToken);
      const draft = await filledDraft(proToken);
      await callApi(server, proToken, 'POST', `/api/drafts/${draft.id}/publish`, draft.form);
    });

    async function signedInPage(context: BrowserContext, token: string): Promise<Page> {
      await context.addInitScript(
        ([key, value]) => (globalThis as unknown as PageGlobals).localStorage.setItem(key!, value!),
        [TOKEN_KEY, token],
      );
      return context.newPage();
    }

    const SIZES = [
      [390, 844],
      [1280, 800],
    ] as const;

    /**
     * A screenshot at each size in each theme (switched live), its texts read, then no horizontal scroll and no text
     * cut short at 320 px: one page load serves all six pictures. The page is left light.
     */
    async function atEverySize(page: Page, name: (width: number, scheme: 'light' | 'dark') => string) {
      for (const [width, height] of SIZES) {
        await page.setViewportSize({ width, height });
        await settled(page);
        for (const scheme of ['light', 'dark'] as const) {
          await switchScheme(page, scheme);
          await screenshot(page, name(width, scheme));
          await readable(page, name(width, scheme));
        }
        await switchScheme(page, 'light');
      }
      await page.setViewportSize({ width: 320, height: 800 });
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await cutText(page), name(320, 'light')).toEqual([]);
    }

    it('/new and /profile without a connection, and a profile with no listings, at 390 and 1280 px, both themes', async () => {
      // One pass: each state photographed at both widths in both themes, switched live.
      {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'light' });
        const page = await signedInPage(context, emptyToken);
        const errors = watchConsole(page);

        // A basic user without listings: PRO offered, and the first listing.
        await page.goto(`${server.url}/profile`);
        await expect.poll(() => page.getByText('У вас пока нет объявлений').isVisible()).toBe(true);
        await atEverySize(page, (width, scheme) => `profile-empty-${width}-${scheme}`);

        // The connection lost: the listings, and a /new with nothing on the device, say so and offer a retry.
        await page.route('**/api/posts/my', (route) => route.abort('internetdisconnected'));
        await page.route('**/api/drafts/create', (route) => route.abort('internetdisconnected'));
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(`${server.url}/profile`);
        await expect.poll(() => page.getByText('Проблемы с соединением. Проверьте интернет').isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: 'Повторить' }).count()).toBe(1);
        await atEverySize(page, (width, scheme) => `profile-offline-${width}-${scheme}`);

        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(`${server.url}/new`);
        await expect.poll(() => page.getByText('Проблемы с соединением. Проверьте интернет').isVisible()).toBe(true);
        await atEverySize(page, (width, scheme) => `sell-new-offline-nothing-kept-${width}-${scheme}`);
        // Back online, the retry brings the form.
        await page.unrouteAll();
        await page.getByRole('button', { name: 'Повторить' }).click();
        await expect.poll(() => page.getByLabel('Город').isEditable()).toBe(true);
        expect(unexpected(errors, /ERR_INTERNET_DISCONNECTED/)).toEqual([]);
        await context.close();
      }
    });

    // One pass: each screen reached once and photographed at both widths in both themes, switched live.
    it(`/new (empty, with errors, filled) and /profile at 390 and 1280 px, light and dark`, async () => {
      const size = { viewport: { width: 390, height: 844 }, colorScheme: 'light' as const };
      const name = (screen: string) => (width: number, scheme: string) => `sell-${screen}-${width}-${scheme}`;

      const emptyContext = await browser.newContext(size);
      const empty = await signedInPage(emptyContext, emptyToken);
      const emptyErrors = watchConsole(empty);
      await empty.goto(`${server.url}/new`);
      await empty.locator('#sell-brand option', { hasText: 'Toyota' }).first().waitFor({ state: 'attached' });
      await atEverySize(empty, name('new-empty'));

      // Errors: every rule of spec §5 broken once.
      await empty.setViewportSize({ width: 390, height: 844 });
      await empty.getByLabel('Год выпуска').fill('1899');
      await empty.getByLabel('Пробег, км').fill('0');
      await empty.getByLabel('Цена, ₽').fill('0');
      await empty.getByLabel('Город').fill('Санкт-Петербург, Васильевский остров, 25-я линия, дом 7');
      await empty.getByLabel('Описание').fill('Продаю. '.repeat(64));
      await empty.getByLabel('Контакт 1', { exact: true }).fill('12');
      await empty.locator('#sell-brand').focus();
      await empty.getByRole('heading', { level: 1, name: 'Новое объявление' }).click();
      await expect.poll(() => empty.getByText('Некорректный год').isVisible()).toBe(true);
      await atEverySize(empty, name('new-errors'));
      expect(unexpected(emptyErrors)).toEqual([]);
      await emptyContext.close();

      const filledContext = await browser.newContext(size);
      const filled = await signedInPage(filledContext, filledToken);
      const filledErrors = watchConsole(filled);
      await filled.goto(`${server.url}/new`);
      await expect.poll(() => draftPhotos(filled).count()).toBe(2);
      await expect.poll(() => filled.locator('#sell-model option:checked').textContent()).toBe('Camry');
      await atEverySize(filled, name('new-filled'));
      expect(unexpected(filledErrors)).toEqual([]);
      await filledContext.close();

      const proContext = await browser.newContext(size);
      const profile = await signedInPage(proContext, proToken);
      const profileErrors = watchConsole(profile);
      await profile.goto(`${server.url}/profile`);
      await expect.poll(() => profile.getByText('Toyota Camry 2018').isVisible()).toBe(true);
      // The photo link is dead: the initials stand in for it.
      await expect.poll(() => profile.locator('.profile-avatar').getByText('СК').isVisible()).toBe(true);
      await expect.poll(() => profile.getByText(/PRO активен до/).isVisible()).toBe(true);
      await atEverySize(profile, (width, scheme) => `profile-${width}-${scheme}`);
      // The dead photo link is the one failed resource, and a user would not notice it.
      expect(unexpected(profileErrors, /status of 404/)).toEqual([]);
      await proContext.close();
    });
  });
});
