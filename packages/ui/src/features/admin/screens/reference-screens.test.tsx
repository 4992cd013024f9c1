// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Brand, City, Model } from '@autoradar/contract';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, setUpScreenTests, json, renderAt } from '../testing/screen-tests';
import { BrandsScreen } from './brands-screen';
import { CitiesScreen } from './cities-screen';
import { ModelsScreen } from './models-screen';

const brands: Brand[] = [
  { id: 1, name: 'LADA', icon: null, popular: true, synonyms: ['Лада', 'ВАЗ'] },
  { id: 2, name: 'Toyota', icon: null, popular: true, synonyms: ['Тойота'] },
  { id: 3, name: 'Haval', icon: null, popular: false, synonyms: [] },
];

const rows = () => [...document.querySelectorAll('.admin-cell')].map((row) => row.textContent ?? '');

setUpScreenTests();

describe('brands', () => {
  it('finds brands by name or synonym, case and ё aside, and says «Ничего не найдено» otherwise', async () => {
    fakeApi(({ path }) => (path === '/api/brands' ? json(200, { data: brands }) : undefined));
    const user = userEvent.setup();
    renderAt(<BrandsScreen />, '/brands');
    await waitFor(() => expect(rows()).toHaveLength(3));
    const search = screen.getByRole('searchbox', { name: 'Название или синоним' });
    await user.type(search, 'ваз');
    await waitFor(() => expect(rows()).toEqual([expect.stringContaining('LADA')]));
    await user.clear(search);
    await user.type(search, 'ТОЙ');
    await waitFor(() => expect(rows()).toEqual([expect.stringContaining('Toyota')]));
    await user.type(search, 'нет такой');
    expect(await screen.findByText('Ничего не найдено')).toBeTruthy();
  });

  it('creates a brand: name required, synonyms added with Enter and the one still typed, the popular flag', async () => {
    let sent: unknown;
    const requests = fakeApi(async ({ method, path, request }) => {
      if (method === 'GET' && path === '/api/brands') return json(200, { data: brands });
      if (method === 'POST' && path === '/api/brands') {
        sent = await request.json();
        return json(201, { data: { id: 9, icon: null, ...(sent as object) } });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAt(<BrandsScreen />, '/brands');
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Добавить марку' }));
    const form = await screen.findByRole('dialog', { name: 'Новая марка' });
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(within(form).getByText('Обязательное поле')).toBeTruthy();
    expect(requests.filter(({ method }) => method === 'POST')).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: 'Название' }), 'Ладога');
    const synonyms = within(form).getByRole('textbox', { name: 'Синонимы' });
    await user.type(synonyms, 'Ладожка{Enter}');
    await user.type(synonyms, 'ладожка{Enter}'); // the same one again is not added twice
    expect(within(form).getAllByRole('button', { name: /^Убрать синоним/ })).toHaveLength(1);
    await user.type(synonyms, 'Ladoga');
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новая марка' })).toBeNull());
    expect(sent).toEqual({ name: 'Ладога', icon: null, popular: true, synonyms: ['Ладожка', 'Ladoga'] });
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows()[3]).toContain('Ладожка, Ladoga');
    expect(rows()[3]).toContain('Популярная');
  });

  it('a delete the API refuses stays, with the API’s own reason in the dialog', async () => {
    const refusal = 'Марку нельзя удалить: её используют объявления';
    fakeApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/brands') return json(200, { data: brands });
      if (method === 'DELETE' && path === '/api/brands/1') return json(409, { message: refusal });
      if (method === 'DELETE' && path === '/api/brands/3') return new Response(null, { status: 204 });
      return undefined;
    });
    const user = userEvent.setup();
    renderAt(<BrandsScreen />, '/brands');
    await user.click(await screen.findByRole('button', { name: 'Удалить: LADA' }));
    let confirm = await screen.findByRole('dialog', { name: 'Подтвердите удаление' });
    expect(confirm.textContent).toContain('Удалить марку «LADA»? Вместе с ней будут удалены её модели.');
    await user.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe(refusal);
    await user.click(within(confirm).getByRole('button', { name: 'Отмена' }));
    expect(rows()).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Удалить: Haval' }));
    confirm = await screen.findByRole('dialog', { name: 'Подтвердите удаление' });
    await user.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('shows the loading, failed and offline states', async () => {
    let answer: () => Promise<Response> = () => Promise.resolve(json(500, { message: 'Внутренняя ошибка сервера' }));
    vi.stubGlobal('fetch', () => answer());
    const user = userEvent.setup();
    renderAt(<BrandsScreen />, '/brands');
    expect(screen.getByText('Загрузка…')).toBeTruthy();
    expect(await screen.findByText('Не удалось загрузить данные')).toBeTruthy();
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Проблемы с соединением. Проверьте интернет')).toBeTruthy();
  });
});

describe('cities', () => {
  const city = (id: number, name: string, region: string, synonyms: string[] = []): City => ({
    id,
    city: name,
    region,
    region_type: 'обл',
    synonyms,
  });
  const many = Array.from({ length: 55 }, (_, i) => city(100 + i, `Город ${i + 1}`, 'Московская'));
  const cities = [
    city(1, 'Казань', 'Татарстан', ['Казань-на-Волге']),
    city(2, 'Набережные Челны', 'Татарстан'),
    ...many,
  ];

  it('lists regions closed; a search by region opens its cities, 50 first and the rest on request', async () => {
    fakeApi(({ path }) => (path === '/api/addresses' ? json(200, { data: cities }) : undefined));
    const user = userEvent.setup();
    renderAt(<CitiesScreen />, '/addresses');
    const tatarstan = await screen.findByRole('button', { name: /^Татарстан · обл/ });
    expect(tatarstan.getAttribute('aria-expanded')).toBe('false');
    expect(tatarstan.textContent).toContain('Городов: 2');
    expect(rows()).toEqual([]);
    await user.click(tatarstan);
    expect(rows()).toHaveLength(2);

    await user.type(screen.getByRole('searchbox', { name: 'Город или регион' }), 'московск');
    await waitFor(() => expect(rows()).toHaveLength(50));
    await user.click(screen.getByRole('button', { name: 'Показать ещё 5' }));
    expect(rows()).toHaveLength(55);
  });

  it('finds a city by a synonym', async () => {
    fakeApi(({ path }) => (path === '/api/addresses' ? json(200, { data: cities }) : undefined));
    const user = userEvent.setup();
    renderAt(<CitiesScreen />, '/addresses');
    await screen.findByRole('button', { name: /^Татарстан/ });
    await user.type(screen.getByRole('searchbox', { name: 'Город или регион' }), 'на-волге');
    await waitFor(() => expect(rows()).toEqual([expect.stringContaining('Казань')]));
  });
});

describe('models', () => {
  const model = (id: number, name: string, brandId: number, synonyms: string[] = []): Model => ({
    id,
    name,
    car_brand_id: brandId,
    synonyms,
  });
  const ladaModels = [model(11, 'Granta', 1, ['Гранта']), model(12, 'Vesta', 1, ['Веста'])];

  /** The brands, each brand's models, and a model's save as the API answers them. */
  function modelsApi() {
    const sent: unknown[] = [];
    const requests = fakeApi(async ({ method, path, request }) => {
      if (path === '/api/brands') return json(200, { data: brands });
      if (method === 'GET' && path === '/api/models') {
        const brandId = Number(new URL(request.url).searchParams.get('car_brand_id'));
        return json(200, { data: brandId === 1 ? ladaModels : [] });
      }
      if (method === 'PUT' && path === '/api/models/12') {
        const body = (await request.json()) as Omit<Model, 'id'>;
        sent.push(body);
        return json(200, { data: { ...body, id: 12 } });
      }
      return undefined;
    });
    return { requests, sent };
  }

  it('asks for a brand first, then lists its models, searchable by synonym; a brand without any says so', async () => {
    modelsApi();
    const user = userEvent.setup();
    renderAt(<ModelsScreen />, '/models');
    expect(await screen.findByText('Сначала выберите марку')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Марка'), '1');
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.type(screen.getByRole('searchbox', { name: 'Название или синоним' }), 'веста');
    await waitFor(() => expect(rows()).toEqual([expect.stringContaining('Vesta')]));
    expect(screen.getByText('Показано: 1 из 2')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Марка'), '3');
    expect(await screen.findByText('Нет доступных моделей')).toBeTruthy();
  });

  it('a model moved to another brand leaves the list it was in', async () => {
    const api = modelsApi();
    const user = userEvent.setup();
    renderAt(<ModelsScreen />, '/models?brand=1', '/models');
    await user.click(await screen.findByRole('button', { name: 'Изменить: Vesta' }));
    const form = await screen.findByRole('dialog', { name: 'Изменить модель' });
    await user.selectOptions(within(form).getByLabelText('Марка'), '2');
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(rows()).toEqual([expect.stringContaining('Granta')]));
    expect(api.sent).toEqual([{ name: 'Vesta', car_brand_id: 2, synonyms: ['Веста'] }]);
  });
});
