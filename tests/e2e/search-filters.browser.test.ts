import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { apiToken, callApi, saveBrandFilter, type JourneyServer } from '../support/session';
import { searchJourney, poll, type Post, ANNA, BORIS } from '../support/search-journey';

// The search screen and favourites (issue 11) as a new user tries them, on the demo listings the embedded start seeds:
// filters in their dialogs, layouts, paging, favourites, a saved filter, and live listings from a second user and an
// admin through the API. One window through all of it, as Anna would. Shared setup: tests/support/search-journey.ts.

// Each journey is long (a sign-in, several dialogs, server round trips); on a shared machine a minute is not enough.
describe(
  'search screen in a real browser: filters, paging, favourites, saved filters, live listings',
  { timeout: 300_000 },
  () => {
    const journey = searchJourney({ admin: true, target: () => target });
    const {
      shot,
      cutShort,
      cards,
      foundLine,
      dialog,
      tokenOf,
      openSignedIn,
      chooseInDialog,
      fillRange,
      settled,
      columns,
    } = journey;
    let server: JourneyServer;
    let adminToken: string;
    beforeAll(() => {
      ({ server, adminToken } = journey);
    });

    let anna: { context: BrowserContext; page: Page; errors: string[] };
    let target: Post;

    it('a brand and a model, a price range, a year range, a city and a query leave only matching cards', async () => {
      anna = await openSignedIn(ANNA);
      const { page } = anna;
      const before = await foundLine(page).textContent();
      expect(before).toMatch(/^Найдено \d/);

      // A listing Anna can see, to build a filter that must find it.
      const token = (await tokenOf(page))!;
      const feed = await callApi<{ data: Post[] }>(server, token, 'POST', '/api/posts/search', {});
      target = feed.data.find((p) => p.mark && p.model && p.year && p.price && p.location && p.city_id)!;
      const { mark, model, year, price, location } = target as Required<{ [K in keyof Post]: NonNullable<Post[K]> }>;

      await chooseInDialog(page, 'Марка', mark.toLowerCase(), mark);
      await poll(() => foundLine(page).textContent()).not.toBe(before);
      await poll(() => page.getByRole('button', { name: `Марка: ${mark}` }).count()).toBe(1);
      await chooseInDialog(page, 'Модель', model, model);
      await fillRange(page, 'Цена', ['Цена от', 'Цена до'], [String(price), String(price)]);
      await fillRange(page, 'Год', ['Год от', 'Год до'], [String(year), String(year)]);
      await chooseInDialog(page, 'Город', location, location);
      await page.getByRole('searchbox', { name: 'Поиск по объявлениям' }).fill(model);

      const expected = await callApi<{ data: Post[]; meta: { total: number } }>(
        server,
        token,
        'POST',
        '/api/posts/search',
        {
          brands: [target.brand_id],
          models: [target.model_id],
          cities: [target.city_id],
          priceFrom: price,
          priceTo: price,
          yearFrom: year,
          yearTo: year,
          search: model,
        },
      );
      expect(expected.data.map((p) => p.id)).toContain(target.id);
      const ids = () =>
        cards(page).evaluateAll((list) =>
          list.map((card) => Number((card as unknown as { dataset: Record<string, string> }).dataset['postId'])),
        );
      await poll(ids).toEqual(expected.data.map((p) => p.id));
      const count = expected.meta.total;
      await poll(() => foundLine(page).textContent()).toMatch(new RegExp(`^Найдено ${count} объявлени(е|я|й)$`));
      for (const card of await cards(page).all()) {
        const text = (await card.textContent()) ?? '';
        expect(text).toContain(`${mark} ${model}`);
        expect(text).toContain(`${year} г. · ${location}`);
        expect(text.replace(/\D/g, '')).toContain(String(price));
      }
      expect(anna.errors).toEqual([]);
    });

    it('the chips clear the filter again, and the layout toggle is kept across a reload', async () => {
      const { page } = anna;
      for (const chip of ['Цена', 'Год', 'Город', 'Марка']) {
        await page.getByRole('button', { name: `Сбросить: ${chip}` }).click();
      }
      // Clearing the brand took its model with it.
      expect(await page.getByRole('button', { name: 'Сбросить: Модель' }).count()).toBe(0);
      await page.getByRole('searchbox', { name: 'Поиск по объявлениям' }).fill('');
      await poll(() => cards(page).count()).toBe(24);

      const grid = page.getByRole('list', { name: 'Объявления' });
      expect(await columns(grid)).toBe(1);
      await page.getByRole('button', { name: 'Мелкие карточки' }).click();
      await poll(() => columns(grid)).toBe(2);
      await page.reload();
      await poll(() => cards(page).count()).toBe(24);
      expect(await page.getByRole('button', { name: 'Мелкие карточки' }).getAttribute('aria-pressed')).toBe('true');
      expect(await columns(page.getByRole('list', { name: 'Объявления' }))).toBe(2);
      await page.getByRole('button', { name: 'Крупные карточки' }).click();
      await poll(() => columns(page.getByRole('list', { name: 'Объявления' }))).toBe(1);
      expect(anna.errors).toEqual([]);
    });

    it('scrolling loads more cards, and coming back from a listing restores the feed where it was', async () => {
      const { page } = anna;
      // ky streams request bodies (duplex 'half'), which the browser does not show: requests are counted by address.
      const searches: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/posts/search')) searches.push(request.url());
      });
      for (let round = 0; round < 2; round++) {
        const before = await cards(page).count();
        await page.mouse.wheel(0, 40_000);
        await poll(() => cards(page).count()).toBeGreaterThan(before);
      }
      // The second page is exactly what the keyset cursor of the 24th card answers.
      const ids = await cards(page).evaluateAll((list) =>
        list.map((card) => Number((card as unknown as { dataset: Record<string, string> }).dataset['postId'])),
      );
      expect(new Set(ids).size).toBe(ids.length);
      const token = (await tokenOf(page))!;
      const firstPage = await callApi<{ data: Post[] }>(server, token, 'POST', '/api/posts/search', {});
      const last = firstPage.data.at(-1) as Post & { published_at: string };
      const secondPage = await callApi<{ data: Post[] }>(server, token, 'POST', '/api/posts/search', {
        older_published_at: last.published_at,
        olderId: last.id,
      });
      expect(ids.slice(0, 48)).toEqual([...firstPage.data, ...secondPage.data].map((p) => p.id));

      const shown = await cards(page).count();
      const card = cards(page).nth(30);
      await card.scrollIntoViewIfNeeded();
      await page.evaluate(() => (globalThis as unknown as { scrollBy(x: number, y: number): void }).scrollBy(0, 0));
      const scrolledTo = await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);
      expect(scrolledTo).toBeGreaterThan(1000);
      const title = (await card.locator('.post-card__title').textContent()) ?? '';
      searches.length = 0;
      await card.locator('.post-card__link').click();
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      await page.goBack();
      await poll(() => cards(page).count()).toBe(shown);
      await poll(() => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBeGreaterThan(
        scrolledTo - 100,
      );
      expect(searches).toEqual([]);
      expect(anna.errors).toEqual([]);
    });

    it('two favourites show in the navigation badge and on /notes; removing both leaves «Нет избранных записей»', async () => {
      const { page } = anna;
      await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
      const titles: string[] = [];
      for (const index of [0, 1]) {
        const card = cards(page).nth(index);
        titles.push((await card.locator('.post-card__title').textContent()) ?? '');
        await card.getByRole('button', { name: 'Добавить в избранное' }).click();
        await poll(() => card.getByRole('button', { name: 'Убрать из избранного' }).count()).toBe(1);
      }
      await poll(() => page.getByLabel('в избранном: 2').count()).toBeGreaterThan(0);

      await page
        .getByRole('link', { name: /Избранное/ })
        .first()
        .click();
      await poll(() => new URL(page.url()).pathname).toBe('/notes');
      await poll(() => cards(page).count()).toBe(2);
      expect((await page.locator('.post-card__title').allTextContents()).sort()).toEqual([...titles].sort());
      await shot(page, 'notes-two-390-light');

      for (let left = 2; left > 0; left--) {
        await cards(page).first().getByRole('button', { name: 'Убрать из избранного' }).click();
        await poll(() => cards(page).count()).toBe(left - 1);
      }
      await poll(() => page.getByText('Нет избранных записей').isVisible()).toBe(true);
      await shot(page, 'notes-empty-390-light');
      expect(anna.errors).toEqual([]);
    });

    it('a filter saved with working hours comes back from the selector after a reload', async () => {
      const { page } = anna;
      await page.goto(`${server.url}/search`);
      await poll(() => cards(page).count()).toBeGreaterThan(0);
      expect(await page.getByRole('button', { name: 'Сохранить фильтр' }).count()).toBe(0);
      await chooseInDialog(page, 'Марка', target.mark!, target.mark!);
      await page.getByRole('button', { name: 'Сохранить фильтр' }).click();
      const box = dialog(page);
      const save = box.getByRole('button', { name: 'Сохранить' });
      expect(await save.isDisabled()).toBe(true);
      await box.getByText('В рабочее время', { exact: true }).click();
      expect(await box.getByRole('radio', { name: 'В рабочее время' }).isChecked()).toBe(true);
      await box.getByRole('button', { name: 'Суббота' }).click();
      await settled(box);
      await shot(page, 'search-save-filter-390-light');
      await box.getByRole('textbox', { name: 'Название' }).fill(`Только ${target.mark}`);
      expect(await save.isDisabled()).toBe(false);
      await box.getByRole('textbox', { name: 'Название' }).press('Enter');
      await poll(() => dialog(page).count()).toBe(0);

      const token = (await tokenOf(page))!;
      const stored = await callApi<{ data: { name: string; send_mode: string; worktime_settings: unknown }[] }>(
        server,
        token,
        'GET',
        '/api/user/filters',
      );
      expect(stored.data).toEqual([
        expect.objectContaining({
          name: `Только ${target.mark}`,
          // A brand name can stand for a car and a motorcycle brand (BMW): the filter holds both.
          brands: expect.arrayContaining([target.brand_id]) as number[],
          send_mode: 'worktime',
          worktime_settings: { days: [1, 2, 3, 4, 5, 6], start: '09:00', end: '18:00' },
          via: ['telegram'],
          active: false,
        }),
      ]);

      await page.reload();
      await poll(() => cards(page).count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Сбросить: Марка' }).click();
      await poll(() => page.getByRole('button', { name: 'Марка', exact: true }).count()).toBe(1);
      await page.getByRole('combobox', { name: 'Мои фильтры' }).selectOption({ label: `Только ${target.mark}` });
      await poll(() => page.getByRole('button', { name: `Марка: ${target.mark}` }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Сохранить фильтр' }).count()).toBe(0);
      // Notifications are PRO-only: Anna has the basic tariff.
      expect(await page.getByRole('checkbox', { name: 'Уведомления' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Сбросить: Марка' }).click();
      await page.getByRole('combobox', { name: 'Мои фильтры' }).selectOption({ label: 'Не выбран' });

      // The mini-app's link startapp=filter_<id> opens /search?filter=<id>: that filter is chosen, the address cleaned.
      const saved = (await callApi<{ data: { id: number }[] }>(server, token, 'GET', '/api/user/filters')).data[0]!;
      await page.goto(`${server.url}/search?filter=${saved.id}`);
      await poll(() => page.getByRole('button', { name: `Марка: ${target.mark}` }).count()).toBe(1);
      await poll(() =>
        page.getByRole('combobox', { name: 'Мои фильтры' }).evaluate((select) => (select as { value: string }).value),
      ).toBe(String(saved.id));
      await poll(() => new URL(page.url()).search).toBe('');
      // The feed answers for the chosen filter after the page has shown the unfiltered one: wait for its cards.
      await poll(async () => {
        const texts = await cards(page).allTextContents();
        return texts.length > 0 && texts.every((text) => text.includes(String(target.mark)));
      }).toBe(true);
      await page.getByRole('button', { name: 'Сбросить: Марка' }).click();
      await page.getByRole('combobox', { name: 'Мои фильтры' }).selectOption({ label: 'Не выбран' });

      // Someone else's filter (Boris's): said in Russian, the feed stays as it was and usable.
      const boris = await apiToken(server, BORIS);
      const foreign = { data: await saveBrandFilter(server, boris, 'Чужой фильтр', Number(target.brand_id)) };
      await page.goto(`${server.url}/search?filter=${foreign.data.id}`);
      const notFound = page.getByRole('alert').filter({ hasText: 'Сохранённый фильтр из ссылки не найден' });
      await poll(() => notFound.isVisible()).toBe(true);
      await poll(() => cards(page).count()).toBe(24);
      expect(await page.getByRole('button', { name: 'Марка', exact: true }).count()).toBe(1);
      expect(new URL(page.url()).search).toBe('');
      await shot(page, 'search-filter-link-not-found-390-light');
      expect(await notFound.isVisible()).toBe(true);
      // Switching the layout is not a change of filter: the message stays.
      await page.getByRole('button', { name: 'Мелкие карточки' }).click();
      await page.getByRole('button', { name: 'Крупные карточки' }).click();
      expect(await notFound.isVisible()).toBe(true);
      // Changing the filter answers the link: the message goes, and it stays gone when the query is cleared again.
      const search = page.getByRole('searchbox', { name: 'Поиск по объявлениям' });
      const unfiltered = await foundLine(page).textContent();
      await search.fill(String(target.model));
      await poll(() => notFound.count()).toBe(0);
      await poll(() => foundLine(page).textContent()).not.toBe(unfiltered);
      await search.fill('');
      await poll(() => foundLine(page).textContent()).toBe(unfiltered);
      expect(await notFound.count()).toBe(0);
      expect(anna.errors).toEqual([]);
    });

    it("another user's new listing raises the pill; pressed, it is on top; unpublished by an admin, it vanishes", async () => {
      const { page } = anna;
      // The page was just loaded anew (the deep-link steps): the listing must not be announced before the page has
      // joined the posts channel again, or the event goes by unheard. Reloaded here, so the join is seen from the start.
      let joined = false;
      page.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          const text = String(payload);
          if (text.includes('subscription_succeeded') && text.includes('"channel":"posts"')) joined = true;
        }),
      );
      await page.reload();
      await poll(() => joined).toBe(true);
      await poll(() => cards(page).count()).toBe(24);
      await page.mouse.wheel(0, 2_000);
      await poll(() => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBeGreaterThan(
        500,
      );

      // Boris takes the free PRO day and publishes a listing with a photo.
      const boris = await apiToken(server, BORIS);
      await callApi(server, boris, 'POST', '/api/test-period');
      const draft = (await callApi<{ data: { id: number } }>(server, boris, 'GET', '/api/drafts/create')).data;
      const photoUrl = target.mediaFiles.find((file) => file.type === 'photo')?.url ?? '';
      const photo = Buffer.from(await (await fetch(`${server.url}${photoUrl}`)).arrayBuffer());
      const form = new FormData();
      form.append('draft_id', String(draft.id));
      form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'car.jpg');
      const upload = await fetch(`${server.url}/api/drafts/media`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${boris}` },
        body: form,
      });
      expect(upload.status).toBe(201);
      const media = ((await upload.json()) as { data: { id: number } }).data;
      const published = await callApi<{ post_id: number }>(server, boris, 'POST', `/api/drafts/${draft.id}/publish`, {
        year: target.year,
        mileage: 64_000,
        price: 1_990_000,
        city: target.location,
        description: 'Один владелец, обслуживание у дилера.',
        contacts: [{ type: 'phone', value: '+7 999 765-43-21' }],
        brand_id: target.brand_id,
        model_id: target.model_id,
        generation_id: null,
        configuration_id: null,
        media: [{ id: media.id, main: true }],
      });
      const postId = published.post_id;

      const pill = page.getByRole('button', { name: 'Новые объявления: 1. Показать' });
      await poll(() => pill.isVisible(), { timeout: 15_000 }).toBe(true);
      await shot(page, 'search-new-posts-pill-390-light');
      // One line: an arrow, the words and the count side by side (two lines would be over 50 px tall).
      expect((await pill.boundingBox())!.height).toBeLessThan(44);
      expect(await cutShort(page)).toEqual([]);
      await pill.click();
      await poll(() => cards(page).first().getAttribute('data-post-id')).toBe(String(postId));
      await poll(() => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBeLessThan(10);
      expect(await pill.count()).toBe(0);

      await callApi(server, adminToken, 'PUT', `/api/posts/${postId}/unpublish`);
      await poll(() => page.locator(`article[data-post-id="${postId}"]`).count(), { timeout: 15_000 }).toBe(0);
      expect(anna.errors).toEqual([]);
      await anna.context.close();
    });
  },
);
