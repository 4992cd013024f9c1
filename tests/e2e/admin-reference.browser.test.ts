import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Brand, City, Model } from '@autoradar/contract';
import { apiToken, callApi, watchConsole, type JourneyServer } from '../support/session';
import {
  adminJourney,
  type StorageState,
  plainUser,
  newContext,
  poll,
  overlayGone,
  open,
  heading,
  dialog,
  type Shared,
} from '../support/admin-journey';

// Issue 16's reference data as an admin edits it on the web build (brands, models, cities), and what a plain user
// meets instead. Shared setup: tests/support/admin-journey.ts.

describe('admin screens in a real browser: brands, models, cities, and a plain user', () => {
  const journey = adminJourney();
  let server: JourneyServer;
  let browser: Browser;
  let token: string;
  let adminState: StorageState;
  let plainState: StorageState;
  const shared: Shared = {};
  beforeAll(async () => {
    ({ server, browser, token, adminState, plainState } = journey);
  });

  it(
    'brands: adds a brand with synonyms and the popular flag, finds it by a synonym, edits and deletes one',
    { timeout: 120_000 },
    async () => {
      const context = await newContext(browser, { signedIn: adminState });
      const page = await context.newPage();
      const errors = watchConsole(page);
      await open(page, server, '/brands');
      expect(await heading(page).innerText()).toBe('Марки');
      await poll(() => page.getByText('LADA', { exact: true }).count()).toBeGreaterThan(0);

      await page.getByRole('button', { name: 'Добавить марку' }).click();
      const form = dialog(page, 'Новая марка');
      await form.getByRole('button', { name: 'Сохранить' }).click();
      await poll(() => form.getByText('Обязательное поле').isVisible()).toBe(true);
      await form.getByRole('textbox', { name: 'Название' }).fill('Ладога');
      const synonyms = form.getByRole('textbox', { name: 'Синонимы' });
      await synonyms.fill('Ладожка');
      await synonyms.press('Enter');
      // Typed and not yet added: saved with the rest, so nothing typed is lost.
      await synonyms.fill('Ladoga Motors');
      await form.getByText('Популярная марка').click();
      await form.getByRole('button', { name: 'Сохранить' }).click();
      await poll(() => form.count()).toBe(0);

      const search = page.getByRole('searchbox', { name: 'Название или синоним' });
      await search.fill('ладожк');
      await poll(() => page.locator('.admin-cell').count()).toBe(1);
      expect(await page.locator('.admin-cell').innerText()).toContain('Ладога');
      expect(await page.locator('.admin-cell').innerText()).toContain('Популярная');
      await search.fill('LADOGA MOT');
      await poll(() => page.locator('.admin-cell').count()).toBe(1);
      await search.fill('такой марки нет');
      await poll(() => page.getByText('Ничего не найдено').isVisible()).toBe(true);

      const { data } = await callApi<{ data: Brand[] }>(server, null, 'GET', '/api/brands?popular=true');
      const saved = data.find((brand) => brand.name === 'Ладога');
      expect(saved).toMatchObject({ popular: true, synonyms: ['Ладожка', 'Ladoga Motors'] });

      // A buyer finds it in the search screen's brands dialog by its synonym, among the popular brands.
      await page.goto(`${server.url}/search`);
      await overlayGone(page);
      await page.getByRole('button', { name: 'Марка', exact: true }).click();
      const brandsDialog = page.getByRole('dialog', { name: 'Марки' });
      await brandsDialog.getByRole('searchbox').fill('ладожк');
      await poll(() => brandsDialog.getByRole('checkbox', { name: 'Ладога', exact: true }).isVisible()).toBe(true);
      expect(await brandsDialog.getByText('Популярные').isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await page.goto(`${server.url}/brands`);
      await overlayGone(page);

      // Edit: the form opens with what is stored; a synonym is removed.
      await page.getByRole('searchbox', { name: 'Название или синоним' }).fill('Ладога');
      await page.getByRole('button', { name: 'Изменить: Ладога' }).click();
      const edit = dialog(page, 'Изменить марку');
      expect(await edit.getByRole('textbox', { name: 'Название' }).inputValue()).toBe('Ладога');
      await edit.getByRole('button', { name: 'Убрать синоним «Ladoga Motors»' }).click();
      await edit.getByRole('button', { name: 'Сохранить' }).click();
      await poll(() => edit.count()).toBe(0);
      const { data: after } = await callApi<{ data: Brand }>(server, null, 'GET', `/api/brands/${saved!.id}`);
      expect(after.synonyms).toEqual(['Ладожка']);

      // Delete asks first; cancelling keeps the brand.
      await callApi(server, token, 'POST', '/api/brands', { name: 'Удаляемая', popular: false, synonyms: [] });
      await page.reload();
      await page.getByRole('searchbox', { name: 'Название или синоним' }).fill('Удаляемая');
      await page.getByRole('button', { name: 'Удалить: Удаляемая' }).click();
      const confirm = dialog(page, 'Подтвердите удаление');
      expect(await confirm.innerText()).toContain('Удалить марку «Удаляемая»?');
      await confirm.getByRole('button', { name: 'Отмена' }).click();
      await poll(() => confirm.count()).toBe(0);
      await page.getByRole('button', { name: 'Удалить: Удаляемая' }).click();
      await dialog(page, 'Подтвердите удаление').getByRole('button', { name: 'Удалить' }).click();
      await poll(() => page.getByText('Ничего не найдено').isVisible()).toBe(true);
      const { data: remaining } = await callApi<{ data: Brand[] }>(server, null, 'GET', '/api/brands');
      expect(remaining.some((brand) => brand.name === 'Удаляемая')).toBe(false);

      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('models: a brand is chosen first, a model shows its generations and configurations, a new model is added', async () => {
    const { data: brands } = await callApi<{ data: Brand[] }>(server, null, 'GET', '/api/brands');
    const toyota = brands.find((brand) => brand.name === 'Toyota')!;
    shared.modelsBrand = toyota;
    const { data: models } = await callApi<{ data: Model[] }>(
      server,
      null,
      'GET',
      `/api/models?car_brand_id=${toyota.id}`,
    );
    let withGenerations: { model: Model; generations: { name: string }[] } | undefined;
    for (const model of models) {
      const { data } = await callApi<{ data: { name: string }[] }>(
        server,
        null,
        'GET',
        `/api/models/${model.id}/generations`,
      );
      if (data.length > 0) {
        withGenerations = { model, generations: data };
        break;
      }
    }
    expect(withGenerations).toBeDefined();

    const context = await newContext(browser, { signedIn: adminState });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await open(page, server, '/models');
    await poll(() => page.getByText('Сначала выберите марку').isVisible()).toBe(true);
    await page.getByLabel('Марка').selectOption(String(toyota.id));
    await poll(() => new URL(page.url()).search).toBe(`?brand=${toyota.id}`);
    const { model, generations } = withGenerations!;
    shared.modelName = model.name;
    await page.getByRole('searchbox', { name: 'Название или синоним' }).fill(model.name);
    await page.getByRole('button', { name: `Поколения и кузова: ${model.name}` }).click();
    await poll(() => page.getByText(generations[0]!.name, { exact: false }).first().isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Поколения', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Кузова', exact: true }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Добавить модель' }).click();
    const form = dialog(page, 'Новая модель');
    expect(await form.getByLabel('Марка').inputValue()).toBe(String(toyota.id));
    await form.getByRole('textbox', { name: 'Название' }).fill('Тестовая');
    const synonyms = form.getByRole('textbox', { name: 'Синонимы' });
    await synonyms.fill('Тест');
    await synonyms.press('Enter');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await poll(() => form.count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Название или синоним' }).fill('тест');
    await poll(() => page.getByText('Тестовая', { exact: true }).isVisible()).toBe(true);
    const { data: after } = await callApi<{ data: Model[] }>(
      server,
      null,
      'GET',
      `/api/models?car_brand_id=${toyota.id}`,
    );
    expect(after.find((m) => m.name === 'Тестовая')).toMatchObject({ synonyms: ['Тест'] });

    expect(errors).toEqual([]);

    // The same name twice: the API's own words under the field (the browser logs the 422 itself).
    await page.getByRole('button', { name: 'Добавить модель' }).click();
    const again = dialog(page, 'Новая модель');
    await again.getByRole('textbox', { name: 'Название' }).fill('Тестовая');
    await again.getByRole('button', { name: 'Сохранить' }).click();
    await poll(() => again.getByText('У этой марки уже есть модель с таким названием').isVisible()).toBe(true);
    await again.getByRole('button', { name: 'Отмена' }).click();
    expect(errors).toEqual([expect.stringContaining('422')]);
    await context.close();
  });

  it('cities: adds a city and finds it by its region, grouped under the region', async () => {
    const context = await newContext(browser, { signedIn: adminState });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await open(page, server, '/addresses');
    // Regions are listed closed; a heading opens its cities.
    const tatarstan = page.getByRole('button', { name: /^Татарстан · Респ/ });
    await poll(() => tatarstan.getAttribute('aria-expanded')).toBe('false');
    // About a thousand cities: none is drawn until its region is opened (drawing them all once made the page hang).
    expect(await page.locator('.admin-cell').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Городов: \d+$/ }).count()).toBeGreaterThan(50);
    await tatarstan.click();
    await poll(() => page.getByText('Казань', { exact: true }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Добавить город' }).click();
    const form = dialog(page, 'Новый город');
    await form.getByRole('textbox', { name: 'Город' }).fill('Новоградск');
    await form.getByRole('textbox', { name: 'Регион', exact: true }).fill('Новоозёрская');
    await form.getByRole('textbox', { name: 'Тип региона' }).fill('обл');
    const synonyms = form.getByRole('textbox', { name: 'Синонимы' });
    await synonyms.fill('Новоград');
    await synonyms.press('Enter');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await poll(() => form.count()).toBe(0);

    const search = page.getByRole('searchbox', { name: 'Город или регион' });
    await search.fill('новоозерск'); // 'е' finds 'ё' (core's search fold)
    await poll(() => page.getByText('Новоозёрская · обл').isVisible()).toBe(true);
    expect(await page.locator('.admin-cell').allInnerTexts()).toEqual([expect.stringContaining('Новоградск')]);
    await search.fill('новоград');
    await poll(() => page.locator('.admin-cell').count()).toBe(1);

    const { data } = await callApi<{ data: City[] }>(server, null, 'GET', '/api/addresses');
    expect(data.find((city) => city.city === 'Новоградск')).toMatchObject({
      region: 'Новоозёрская',
      region_type: 'обл',
      synonyms: ['Новоград'],
    });

    // A region with more than 50 cities shows the first 50 and the rest on request (spec §2).
    const byRegion = new Map<string, number>();
    for (const city of data) byRegion.set(city.region, (byRegion.get(city.region) ?? 0) + 1);
    const [bigRegion, count] = [...byRegion].find(([, n]) => n > 50)!;
    await search.fill(bigRegion);
    await poll(() => page.getByRole('button', { name: `Показать ещё ${count - 50}` }).isVisible()).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a plain user sees no admin menu items and is turned away from /partners', async () => {
    const context = await newContext(browser, { signedIn: plainState });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await open(page, server, '/partners');
    await poll(() => heading(page).innerText()).toBe('Недостаточно прав');
    expect(await page.getByText('Партнеров пока нет').count()).toBe(0);
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const menu = page.getByRole('dialog', { name: 'Меню' });
    await poll(() => menu.isVisible()).toBe(true);
    const labels = (await menu.locator('a, button').allInnerTexts()).map((text) => text.trim());
    for (const adminOnly of ['Партнеры', 'Марки', 'Модели', 'Города', 'Источники'])
      expect(labels).not.toContain(adminOnly);
    // And the API refuses the same person.
    const plainToken = await apiToken(server, plainUser);
    await expect(callApi(server, plainToken, 'GET', '/api/partners')).rejects.toThrow(/403/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
