import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Brand, Model, Order, Partner, Prompt } from '@autoradar/contract';
import { formatKbm } from '@autoradar/core';
import { samplePhoto } from '@autoradar/server/testing/sample-photo';
import {
  callApi,
  cutText,
  hasHorizontalOverflow,
  screenshot,
  watchConsole,
  type JourneyServer,
} from '../support/session';
import {
  adminJourney,
  type StorageState,
  toyotaModelWithGenerations,
  VIN,
  newContext,
  poll,
  open,
  heading,
  dialog,
  status,
  viewportShot,
  type Shared,
} from '../support/admin-journey';

// Issue 16's partners, key prompts and VIN report orders as an admin meets them on the web build, against the sandbox
// report provider; then every admin screen photographed and checked at three widths. Shared setup:
// tests/support/admin-journey.ts.

describe('admin screens in a real browser: partners, key prompts, report orders, every screen', () => {
  const journey = adminJourney();
  let server: JourneyServer;
  let browser: Browser;
  let token: string;
  let adminState: StorageState;
  const shared: Shared = {};
  beforeAll(async () => {
    ({ server, browser, token, adminState } = journey);
    // The models screen in the pictures: Toyota's first model with generations, as the models journey picks it.
    const toyota = await toyotaModelWithGenerations(server);
    shared.modelsBrand = toyota.brand;
    shared.modelName = toyota.model.name;
  });

  it('partners: creates one with a logo after a bad URL, then edits it', async () => {
    const logo = await samplePhoto(96, 96, 'png');
    const context = await newContext(browser, { signedIn: adminState });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await open(page, server, '/partners');
    await poll(() => page.getByText('Партнеров пока нет').isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Добавить партнера' }).click();
    await poll(() => heading(page).innerText()).toBe('Новый партнер');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await poll(() => page.getByText('Название обязательно').isVisible()).toBe(true);
    expect(await page.getByText('Ссылка обязательна').isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'Название' }).fill('Автокредит Плюс');
    await page.getByRole('textbox', { name: 'Ссылка' }).fill('автокредит точка ру');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await poll(() => page.getByText('Некорректный URL').isVisible()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Ссылка' }).getAttribute('aria-invalid')).toBe('true');

    await page.getByRole('textbox', { name: 'Ссылка' }).fill('https://autocredit.example.ru');
    await page.getByLabel('Логотип').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await poll(() => page.getByRole('img', { name: 'Предпросмотр логотипа' }).isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'Описание' }).fill('Кредиты на подержанные автомобили');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/partners');
    await poll(() => page.getByText('Автокредит Плюс').isVisible()).toBe(true);

    const { data } = await callApi<{ data: Partner[] }>(server, token, 'GET', '/api/partners');
    const created = data.find((partner) => partner.title === 'Автокредит Плюс')!;
    expect(created).toMatchObject({
      url: 'https://autocredit.example.ru',
      description: 'Кредиты на подержанные автомобили',
    });
    expect(created.logo).toEqual(expect.any(String));
    await poll(() => page.getByRole('img', { name: 'Логотип партнера Автокредит Плюс' }).isVisible()).toBe(true);

    // Edit: the stored logo is shown and kept; the title changes.
    await page.getByRole('link', { name: 'Изменить: Автокредит Плюс' }).click();
    await poll(() => heading(page).innerText()).toBe('Изменить партнера');
    const title = page.getByRole('textbox', { name: 'Название' });
    await poll(() => title.inputValue()).toBe('Автокредит Плюс');
    expect(await page.getByRole('img', { name: 'Предпросмотр логотипа' }).getAttribute('src')).toBe(created.logo);
    await title.fill('Автокредит Премиум');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/partners');
    await poll(() => page.getByText('Автокредит Премиум').isVisible()).toBe(true);
    const { data: edited } = await callApi<{ data: Partner }>(server, token, 'GET', `/api/partners/${created.id}`);
    expect(edited).toMatchObject({ title: 'Автокредит Премиум', logo: created.logo });
    shared.partner = edited;

    expect(errors).toEqual([]);

    // A partner that does not exist: the spec's load alert (the browser itself logs the API's 404).
    await page.goto(`${server.url}/partners/999999/edit`);
    await poll(() => page.getByText('Не удалось загрузить данные партнера').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Повторить' }).isVisible()).toBe(true);
    expect(errors).toEqual([expect.stringContaining('404')]);
    await context.close();
  });

  it('key prompts: three added in order, one moved up, the order kept by the API; one deleted', async () => {
    const partner = shared.partner!;
    const context = await newContext(browser, { signedIn: adminState });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await open(page, server, '/partners');
    await page.getByRole('link', { name: 'Ключи' }).click();
    await poll(() => new URL(page.url()).pathname).toBe(`/partners/${partner.id}/prompts`);
    await poll(() => page.getByText('Ключи не найдены').isVisible()).toBe(true);
    await poll(() => page.getByText('Автокредит Премиум').isVisible()).toBe(true); // the title comes by its own call

    const prompts = [
      { key: 'greeting', title: 'Приветствие', text: 'Здравствуйте! Чем помочь?' },
      { key: 'rate', title: 'Ставка', text: 'Ставка от 9,9 % годовых.' },
      { key: 'documents', title: 'Документы', text: 'Паспорт и водительское удостоверение.' },
    ];
    for (const [index, prompt] of prompts.entries()) {
      await page.getByRole('link', { name: 'Добавить ключ' }).click();
      await poll(() => heading(page).innerText()).toBe('Новый ключ');
      const position = page.getByRole('textbox', { name: 'Позиция' });
      await poll(() => position.inputValue()).toBe(String(index));
      if (index === 0) {
        await page.getByRole('button', { name: 'Сохранить' }).click();
        await poll(() => page.getByText('Обязательное поле').count()).toBe(3);
      }
      await page.getByRole('textbox', { name: 'Ключ' }).fill(prompt.key);
      await page.getByRole('textbox', { name: 'Заголовок' }).fill(prompt.title);
      await page.getByRole('textbox', { name: 'Текст' }).fill(prompt.text);
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await poll(() => new URL(page.url()).pathname).toBe(`/partners/${partner.id}/prompts`);
    }
    const keysOnScreen = () => page.locator('.admin-prompt__key').allInnerTexts();
    await poll(() => page.getByRole('button', { name: /^Переместить/ }).count()).toBe(6);
    await poll(keysOnScreen).toEqual(['greeting', 'rate', 'documents']);

    await page.getByRole('button', { name: 'Переместить «documents» выше' }).click();
    await poll(keysOnScreen).toEqual(['greeting', 'documents', 'rate']);
    await page.getByRole('button', { name: 'Переместить «greeting» ниже' }).click();
    await poll(keysOnScreen).toEqual(['documents', 'greeting', 'rate']);
    const listed = async () =>
      (await callApi<{ data: Prompt[] }>(server, token, 'GET', `/api/partners/${partner.id}/prompts`)).data;
    expect((await listed()).map((prompt) => prompt.key)).toEqual(['documents', 'greeting', 'rate']);
    await page.reload();
    await poll(keysOnScreen).toEqual(['documents', 'greeting', 'rate']);
    expect(await page.getByRole('button', { name: 'Переместить «documents» выше' }).isDisabled()).toBe(true);

    // Edit one: the form shows what is stored.
    await page.getByRole('link', { name: 'Изменить: rate' }).click();
    await poll(() => page.getByRole('textbox', { name: 'Заголовок' }).inputValue()).toBe('Ставка');
    await page.getByRole('textbox', { name: 'Заголовок' }).fill('Процентная ставка');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await poll(() => page.getByText('Процентная ставка').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Удалить: greeting' }).click();
    await dialog(page, 'Подтвердите удаление').getByRole('button', { name: 'Удалить' }).click();
    await poll(keysOnScreen).toEqual(['documents', 'rate']);
    expect((await listed()).map((prompt) => prompt.key)).toEqual(['documents', 'rate']);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('report orders: a VIN is ordered, polled to «Завершён», each section opened, the JSON downloaded as the API has it', async () => {
    const partner = shared.partner!;
    const context = await newContext(browser, { signedIn: adminState });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.clock.install();
    await open(page, server, `/partners/${partner.id}/orders`);
    await poll(() => page.getByText('Отчеты не найдены').isVisible()).toBe(true);

    const vin = page.getByRole('textbox', { name: 'Новый отчет по VIN' });
    await vin.fill('XTA2170308012345'); // 16 characters
    await page.getByRole('button', { name: 'Заказать отчет' }).click();
    await poll(() => page.getByText('Некорректный VIN').isVisible()).toBe(true);

    const detailCalls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && /\/api\/partners\/\d+\/orders\/\d+$/.test(new URL(request.url()).pathname))
        detailCalls.push(request.url());
    });
    await vin.fill(VIN.toLowerCase().replace(/(.{4})/g, '$1 ')); // as pasted: spaces, lower case
    await page.getByRole('button', { name: 'Заказать отчет' }).click();
    await poll(() => new URL(page.url()).pathname).toMatch(new RegExp(`^/partners/${partner.id}/orders/\\d+$`));
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    shared.orderId = orderId;
    await poll(() => heading(page).innerText()).toBe(`Отчет ${VIN}`);

    // Every 10 s the page asks again until the order is finished. The sandbox takes 2 s (REPORTS_SANDBOX_DELAY), so
    // the page first shows the order waiting or in progress, and only a later poll brings «Завершён».
    const seen: string[] = [];
    await poll(async () => {
      const text = await status(page).innerText();
      if (seen.at(-1) !== text) seen.push(text);
      if (text !== 'Завершён') await page.clock.fastForward(10_000);
      return text;
    }).toBe('Завершён');
    expect(seen.every((text) => ['Ожидает', 'В обработке', 'Завершён'].includes(text))).toBe(true);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen[0]).not.toBe('Завершён');
    expect(detailCalls.length).toBeGreaterThanOrEqual(seen.length);
    const callsWhenDone = detailCalls.length;
    await page.clock.fastForward(30_000);
    expect(detailCalls.length).toBe(callsWhenDone); // finished: no more polling

    const { order } = await callApi<{ order: Order }>(
      server,
      token,
      'GET',
      `/api/partners/${partner.id}/orders/${orderId}`,
    );
    expect(order.status).toBe('completed');

    await page.getByRole('button', { name: /Основная информация/ }).click();
    const base = page.getByRole('region', { name: 'Основная информация' });
    await poll(() => base.innerText()).toContain(VIN);
    expect(await base.innerText()).toContain(String(order.result.baseInfo!.value!.year));

    await page.getByRole('button', { name: /Периоды владения/ }).click();
    const owners = page.getByRole('region', { name: 'Периоды владения' });
    expect(await owners.innerText()).toContain('Первичная регистрация (код 01)');
    const periods = order.result.ownershipPeriods!.value!;
    expect(await owners.getByRole('listitem').count()).toBe(periods.length);
    expect(await owners.innerText()).toContain(periods[0]!.owner === 'legal' ? 'Юридическое лицо' : 'Физическое лицо');

    await page.getByRole('button', { name: /Полисы ОСАГО/ }).click();
    const osago = page.getByRole('region', { name: 'Полисы ОСАГО' });
    const kbm = order.result.osago!.value![0]!.kbm!;
    expect(await osago.innerText()).toContain(`${String(kbm).replace('.', ',')} — ${formatKbm(kbm).label}`);

    await page.getByRole('button', { name: /Ограничения/ }).click();
    const restrictions = page.getByRole('region', { name: 'Ограничения' });
    const imposed = order.result.restrictions!.value!;
    expect(await restrictions.innerText()).toContain(
      imposed.length === 0 ? 'Ограничений нет' : imposed[0]!.restrictionType!,
    );

    // The download: the file the API stores, byte for byte, under its name.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Скачать JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`report-${VIN}-${orderId}.json`);
    const saved = await readFile(await download.path(), 'utf8');
    const answer = await fetch(`${server.url}/api/partners/${partner.id}/orders/${orderId}/download`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(saved).toBe(await answer.text());
    expect(JSON.parse(saved)).toEqual(order);

    // The list shows the order with its status, newest first.
    await page.getByRole('link', { name: 'Назад' }).click();
    await poll(() => page.getByRole('link', { name: `${VIN}, Завершён` }).isVisible()).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });

  it(
    'every admin screen at 1280x800, light and dark, usable at 390 and 320, in Russian',
    { timeout: 300_000 },
    async () => {
      const partner = shared.partner!;
      const { data: prompts } = await callApi<{ data: Prompt[] }>(
        server,
        token,
        'GET',
        `/api/partners/${partner.id}/prompts`,
      );
      const screens: { name: string; path: string; ready: (page: Page) => Promise<unknown>; full?: boolean }[] = [
        { name: 'brands', path: '/brands', ready: (page) => page.getByText('LADA', { exact: true }).waitFor() },
        {
          name: 'models',
          path: `/models?brand=${shared.modelsBrand!.id}`,
          ready: async (page) => {
            await page.getByRole('searchbox', { name: 'Название или синоним' }).fill(shared.modelName!);
            await page.getByRole('button', { name: `Поколения и кузова: ${shared.modelName!}` }).press('Enter');
            await page.getByRole('heading', { name: 'Поколения', exact: true }).waitFor();
          },
        },
        {
          name: 'cities',
          path: '/addresses',
          ready: async (page) => {
            await page.getByRole('button', { name: /^Татарстан · Респ/ }).press('Enter');
            await page.getByText('Казань', { exact: true }).waitFor();
          },
        },
        {
          name: 'partners',
          path: '/partners',
          ready: (page) => page.getByText('Автокредит Премиум').waitFor(),
          full: true,
        },
        {
          name: 'partner-create',
          path: '/partners/create',
          ready: async (page) => {
            await page.getByRole('button', { name: 'Сохранить' }).press('Enter');
            await page.getByText('Название обязательно').waitFor();
          },
          full: true,
        },
        {
          name: 'partner-edit',
          path: `/partners/${partner.id}/edit`,
          ready: (page) => page.getByRole('img', { name: 'Предпросмотр логотипа' }).waitFor(),
          full: true,
        },
        {
          name: 'prompts',
          path: `/partners/${partner.id}/prompts`,
          ready: (page) => page.getByText('documents').waitFor(),
          full: true,
        },
        {
          name: 'prompt-create',
          path: `/partners/${partner.id}/prompts/create`,
          ready: (page) => page.getByRole('textbox', { name: 'Ключ' }).waitFor(),
          full: true,
        },
        {
          name: 'prompt-edit',
          path: `/partners/${partner.id}/prompts/${prompts[0]!.id}`,
          ready: (page) => page.getByRole('textbox', { name: 'Ключ' }).waitFor(),
          full: true,
        },
        {
          name: 'orders',
          path: `/partners/${partner.id}/orders`,
          ready: (page) => page.getByText(VIN).waitFor(),
          full: true,
        },
        {
          name: 'order',
          path: `/partners/${partner.id}/orders/${shared.orderId!}`,
          ready: async (page) => {
            await page.getByText('Завершён').first().waitFor();
            for (const section of ['Основная информация', 'Периоды владения', 'Полисы ОСАГО', 'Ограничения'])
              await page.getByRole('button', { name: new RegExp(section) }).press('Enter');
          },
          full: true,
        },
      ];

      // Latin words a screen may show: data (brand and model names, keys, the VIN) and the names of formats.
      const { data: brands } = await callApi<{ data: Brand[] }>(server, null, 'GET', '/api/brands');
      const { data: models } = await callApi<{ data: Model[] }>(
        server,
        null,
        'GET',
        `/api/models?car_brand_id=${shared.modelsBrand!.id}`,
      );
      const { order } = await callApi<{ order: Order }>(
        server,
        token,
        'GET',
        `/api/partners/${partner.id}/orders/${shared.orderId!}`,
      );
      const allowedLatin = new Set(
        [
          ...['VIN', 'JSON', 'JPEG', 'PNG', 'GIF', 'WebP', VIN],
          ...[...brands, ...models].flatMap((row) => [row.name, ...row.synonyms]),
          ...prompts.map((prompt) => prompt.key),
          // The report's own values (a driving category B, a model's Latin name).
          JSON.stringify(order.result),
        ].flatMap((text) => text.match(/[A-Za-z][\w-]*/g) ?? []),
      );

      // One window: each screen is shot light, then dark (the kit follows the system scheme as it changes), then
      // checked at 390 and 320 px wide, where nothing may be wider than the screen.
      const context = await newContext(browser, { signedIn: adminState });
      const page = await context.newPage();
      const errors = watchConsole(page);
      for (const screen of screens) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.emulateMedia({ colorScheme: 'light' });
        await open(page, server, screen.path);
        await screen.ready(page).catch(async (error: unknown) => {
          await screenshot(page, `admin-${screen.name}-not-ready`);
          throw error;
        });
        // The picture shows the screen at rest: no focus ring or hover left by getting it ready.
        await page.evaluate('document.activeElement?.blur()');
        await page.mouse.move(1279, 400);

        // What the screen itself says (headings, buttons, labels, hints, alerts, report labels) is Russian.
        const chrome = await page.evaluate<string[]>(`(() => {
        const root = document.querySelector('.admin-page');
        const texts = [];
        for (const element of root.querySelectorAll('h1, h2, h3, h4, button, label, dt, p, [role=alert], [aria-label]'))
          texts.push(element.innerText, element.getAttribute('aria-label') ?? '');
        for (const field of root.querySelectorAll('input, textarea')) texts.push(field.placeholder);
        return texts;
      })()`);
        const foreign = chrome
          .flatMap((text) => text.replace(/https?:\/\/\S+/g, '').match(/[A-Za-z][\w-]*/g) ?? [])
          .filter((word) => !allowedLatin.has(word));
        expect({ screen: screen.name, foreign }).toEqual({ screen: screen.name, foreign: [] });

        for (const theme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: theme });
          // A frame for the new scheme to be drawn.
          await page.evaluate('new Promise((resolve) => requestAnimationFrame(resolve))');
          await page.evaluate('window.scrollTo(0, 0)');
          const name = `admin-${screen.name}-1280-${theme}`;
          if (screen.full) await screenshot(page, name);
          else await viewportShot(page, name);
        }
        await page.emulateMedia({ colorScheme: 'light' });
        for (const width of [390, 320]) {
          await page.setViewportSize({ width, height: 844 });
          expect({
            screen: screen.name,
            width,
            overflow: await hasHorizontalOverflow(page),
            cut: await cutText(page),
          }).toEqual({ screen: screen.name, width, overflow: false, cut: [] });
          await page.evaluate('window.scrollTo(0, 0)');
          await viewportShot(page, `admin-${screen.name}-${width}-light`);
        }
      }
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
