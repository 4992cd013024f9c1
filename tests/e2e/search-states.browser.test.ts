import { beforeAll, describe, expect, it } from 'vitest';
import { apiToken, callApi, hasHorizontalOverflow, type JourneyServer } from '../support/session';
import { searchJourney, poll, type Post, ANNA, annaWithSavedFilter } from '../support/search-journey';

// The search screen (issue 11) on Playwright's clock, when nothing is found, the load fails or the connection is
// lost, and at 320 px wide. Shared setup: tests/support/search-journey.ts.

// Each journey is long (a sign-in, several dialogs, server round trips); on a shared machine a minute is not enough.
describe('search screen in a real browser: time, failures and 320 px', { timeout: 300_000 }, () => {
  let target: Post;
  const journey = searchJourney({ target: () => target });
  const { shot, cutShort, cards, foundLine, dialog, openSignedIn, settled } = journey;
  let server: JourneyServer;
  beforeAll(async () => {
    server = journey.server;
    // Anna comes with the filter the filter journey saves (the selector shows on the screen).
    target = await annaWithSavedFilter(server);
  });

  it("on Playwright's clock, a card's photos change every 3 s and its time ago follows the minutes", async () => {
    // The page's clock starts 59 minutes after the newest listing was published.
    const token = await apiToken(server, ANNA);
    const feed = await callApi<{ data: (Post & { published_at: string })[] }>(
      server,
      token,
      'POST',
      '/api/posts/search',
      {},
    );
    // A listing whose hour later is still the same day in Moscow time, the product's (a run near midnight would
    // otherwise read «вчера в …»).
    const moscowHour = (ms: number) => new Date(ms + 3 * 3_600_000).getUTCHours();
    const newest =
      feed.data.slice(0, 10).find((post) => moscowHour(Date.parse(post.published_at) + 3_600_000) >= 1) ??
      feed.data[0]!;
    const start = new Date(Date.parse(newest.published_at) + 59 * 60_000);
    const { context, page, errors } = await openSignedIn(ANNA, { width: 390, height: 844 }, false, start);

    const time = page.locator(`article[data-post-id="${newest.id}"] .post-card__time`);
    await poll(() => time.textContent()).toBe('59 минут назад');
    await page.clock.fastForward('01:00');
    await poll(() => time.textContent()).toBe('1 час назад');

    const dots = page.getByRole('img', { name: /^Фото 1 из [2-9]/ }).first();
    await poll(() => dots.count()).toBe(1);
    const total = /из (\d+)/.exec((await dots.getAttribute('aria-label')) ?? '')![1]!;
    const id = await page.locator('article.post-card', { has: dots }).first().getAttribute('data-post-id');
    // A card cycles its photos only while it is on screen.
    await dots.scrollIntoViewIfNeeded();
    await page.clock.fastForward(3000);
    await poll(() =>
      page.locator(`article[data-post-id="${id}"] .post-card__dots`).first().getAttribute('aria-label'),
    ).toBe(`Фото 2 из ${total}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('nothing found, a failed load and a lost connection each say so in Russian, with a retry that recovers', async () => {
    const { context, page, errors } = await openSignedIn(ANNA);
    const search = page.getByRole('searchbox', { name: 'Поиск по объявлениям' });
    await search.fill('щщщщщщ');
    await poll(() => page.getByText('Ничего не найдено').isVisible()).toBe(true);
    expect(await cards(page).count()).toBe(0);
    await poll(() => foundLine(page).textContent()).toMatch(/^Найдено 0 объявлений$/);
    await shot(page, 'search-empty-390-light');

    // The server answers with its error: its Russian message, and Повторить loads the feed once it is back.
    await page.route('**/api/posts/search', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Внутренняя ошибка сервера' }),
      }),
    );
    await search.fill('');
    await poll(() => page.getByText('Внутренняя ошибка сервера').isVisible()).toBe(true);
    await shot(page, 'search-failed-390-light');
    await page.unroute('**/api/posts/search');
    await page.getByRole('button', { name: 'Повторить' }).first().click();
    await poll(() => cards(page).count()).toBeGreaterThan(0);

    // No network at all: the connection message, and the retry once it is back.
    await context.setOffline(true);
    await search.fill('Toyota');
    await poll(() => page.getByText('Проблемы с соединением. Проверьте интернет').first().isVisible()).toBe(true);
    await shot(page, 'search-offline-390-light');
    await context.setOffline(false);
    await search.fill('');
    await page.getByRole('button', { name: 'Повторить' }).first().click();
    await poll(() => cards(page).count()).toBeGreaterThan(0);
    // The browser reports each refused or failed request itself; anything else is a fault of the page.
    expect(errors.filter((error) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(error))).toEqual([]);
    await context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`nothing overflows sideways at 320 px, dialogs included (${theme})`, async () => {
      const { context, page, errors } = await openSignedIn(ANNA, { width: 320, height: 640 }, theme === 'dark');
      expect(await hasHorizontalOverflow(page)).toBe(false);
      // The test-period card's button and «Избранное» under its icon fit whole, as every other label of the shell.
      await poll(() => page.locator('.test-period').count()).toBe(1);
      // Anna has a saved filter by now: the selector is in the picture, its «Не выбран» whole.
      await poll(() => page.getByRole('combobox', { name: 'Мои фильтры' }).count()).toBe(1);
      expect(await cutShort(page)).toEqual([]);
      expect(
        await page
          .getByRole('link', { name: /Избранное/ })
          .first()
          .isVisible(),
      ).toBe(true);
      await shot(page, `search-screen-320-${theme}`);
      await page.getByRole('button', { name: 'Мелкие карточки' }).click();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await shot(page, `search-screen-triple-320-${theme}`);
      for (const chip of ['Марка', 'Цена', 'Год', 'Город']) {
        await page.getByRole('button', { name: chip, exact: true }).click();
        await poll(() => dialog(page).isVisible()).toBe(true);
        await settled(dialog(page));
        expect(await hasHorizontalOverflow(page)).toBe(false);
        const frame = await dialog(page).boundingBox();
        expect(frame!.x).toBeGreaterThanOrEqual(0);
        expect(frame!.x + frame!.width).toBeLessThanOrEqual(320);
        expect(await cutShort(page), chip).toEqual([]);
        if (chip === 'Марка') await shot(page, `search-brands-320-${theme}`);
        await dialog(page).getByRole('button', { name: 'Закрыть' }).click();
        await poll(() => dialog(page).count()).toBe(0);
      }
      await page.getByRole('button', { name: 'Крупные карточки' }).click();

      // Favourites, one card kept: the card, the heading and the bottom navigation fit too.
      await cards(page).first().getByRole('button', { name: 'Добавить в избранное' }).click();
      await page
        .getByRole('navigation', { name: 'Основные разделы' })
        .getByRole('link', { name: /Избранное/ })
        .click();
      await poll(() => cards(page).count()).toBe(1);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await cutShort(page)).toEqual([]);
      await shot(page, `notes-320-${theme}`);
      await cards(page).first().getByRole('button', { name: 'Убрать из избранного' }).click();
      await poll(() => page.getByText('Нет избранных записей').isVisible()).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
