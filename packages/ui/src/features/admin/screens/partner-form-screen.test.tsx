// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Partner } from '@autoradar/contract';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, setUpScreenTests, json, renderAt } from '../testing/screen-tests';
import { PartnerCreateScreen, PartnerEditScreen } from './partner-form-screen';

const stored: Partner = {
  id: 3,
  title: 'Автокредит',
  url: 'https://autocredit.example.ru',
  logo: '/media/partners/logo-3.png',
  description: 'Кредиты',
};

const field = (name: string) => screen.getByRole('textbox', { name });
const save = () => screen.getByRole('button', { name: 'Сохранить' });

setUpScreenTests();

describe('partner form: new partner', () => {
  it('asks for the title and the link before sending anything', async () => {
    const requests = fakeApi(() => undefined);
    const user = userEvent.setup();
    renderAt(<PartnerCreateScreen />, '/partners/create');
    await user.click(save());
    expect(screen.getByText('Название обязательно')).toBeTruthy();
    expect(screen.getByText('Ссылка обязательна')).toBeTruthy();
    expect(field('Название').getAttribute('aria-invalid')).toBe('true');
    // A new partner may get its logo later (core validatePartnerForm, mode create).
    expect(screen.queryByText('Логотип обязателен')).toBeNull();
    expect(requests).toEqual([]);
  });

  it('refuses a link that is not an address, then sends the form as multipart with the chosen logo', async () => {
    let sent: FormData | undefined;
    const requests = fakeApi(async ({ method, path, request }) => {
      if (method === 'POST' && path === '/api/partners') {
        sent = await request.formData();
        return json(201, { data: { ...stored, title: 'Новый' } });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAt(<PartnerCreateScreen />, '/partners/create', '/partners/create');
    await user.type(field('Название'), 'Новый');
    await user.type(field('Ссылка'), 'autocredit');
    await user.click(save());
    expect(screen.getByText('Некорректный URL')).toBeTruthy();
    expect(requests).toEqual([]);

    await user.clear(field('Ссылка'));
    await user.type(field('Ссылка'), 'https://новый.рф/кредит');
    // Editing the link clears its message at once.
    expect(screen.queryByText('Некорректный URL')).toBeNull();
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Логотип'), logo);
    expect(screen.getByRole('img', { name: 'Предпросмотр логотипа' })).toBeTruthy();
    await user.type(field('Описание'), 'Кредиты на автомобили');
    await user.click(save());

    await screen.findByText('Другая страница'); // back to the list
    expect(sent?.get('title')).toBe('Новый');
    expect(sent?.get('url')).toBe('https://новый.рф/кредит');
    expect(sent?.get('description')).toBe('Кредиты на автомобили');
    expect((sent?.get('logo') as File).name).toBe('logo.png');
    expect(sent?.has('_method')).toBe(false);
  });

  it.each([
    [
      'the field messages of a 422, one per line',
      () =>
        json(422, {
          message: 'Проверьте правильность заполнения полей',
          errors: { title: ['Не более 255 символов'], logo: ['Допустимы только изображения JPEG, PNG, GIF и WebP'] },
        }),
      'Не более 255 символов\nДопустимы только изображения JPEG, PNG, GIF и WebP',
    ],
    ['the server’s message', () => json(500, { message: 'Внутренняя ошибка сервера' }), 'Внутренняя ошибка сервера'],
    [
      '«Ошибка сохранения данных» without one',
      () => new Response('Bad gateway', { status: 502 }),
      'Ошибка сохранения данных',
    ],
  ])('a failed save shows %s and keeps what was typed', async (_, answer, expected) => {
    fakeApi(({ method }) => (method === 'POST' ? answer() : undefined));
    const user = userEvent.setup();
    renderAt(<PartnerCreateScreen />, '/partners/create');
    await user.type(field('Название'), 'Новый');
    await user.type(field('Ссылка'), 'https://example.ru');
    await user.click(save());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(expected);
    expect(field('Название')).toHaveProperty('value', 'Новый');
  });
});

describe('partner form: editing', () => {
  it('shows the stored partner with its logo and saves through POST with _method PUT, keeping the logo', async () => {
    let sent: FormData | undefined;
    fakeApi(async ({ method, path, request }) => {
      if (method === 'GET' && path === '/api/partners/3') return json(200, { data: stored });
      if (method === 'POST' && path === '/api/partners/3') {
        sent = await request.formData();
        return json(200, { data: { ...stored, title: 'Автокредит 2' } });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAt(<PartnerEditScreen />, '/partners/3/edit', '/partners/:id/edit');
    await waitFor(() => expect(field('Название')).toHaveProperty('value', 'Автокредит'));
    expect(screen.getByRole('img', { name: 'Предпросмотр логотипа' }).getAttribute('src')).toBe(stored.logo);
    await user.clear(field('Название'));
    await user.type(field('Название'), 'Автокредит 2');
    await user.click(save());
    await screen.findByText('Другая страница');
    expect(sent?.get('_method')).toBe('PUT');
    expect(sent?.get('title')).toBe('Автокредит 2');
    expect(sent?.get('logo')).toBe(stored.logo);
  });

  it('requires a logo when editing a partner that has none', async () => {
    const requests = fakeApi(({ method }) =>
      method === 'GET' ? json(200, { data: { ...stored, logo: null } }) : undefined,
    );
    const user = userEvent.setup();
    renderAt(<PartnerEditScreen />, '/partners/3/edit', '/partners/:id/edit');
    await waitFor(() => expect(field('Название')).toHaveProperty('value', 'Автокредит'));
    await user.click(save());
    expect(screen.getByText('Логотип обязателен')).toBeTruthy();
    expect(requests.filter((seen) => seen.method === 'POST')).toEqual([]);
  });

  it('says «Не удалось загрузить данные партнера» when the partner cannot be loaded, and retries', async () => {
    let fail = true;
    fakeApi(() => (fail ? json(500, { message: 'Внутренняя ошибка сервера' }) : json(200, { data: stored })));
    const user = userEvent.setup();
    renderAt(<PartnerEditScreen />, '/partners/3/edit', '/partners/:id/edit');
    expect(await screen.findByText('Не удалось загрузить данные партнера')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(field('Название')).toHaveProperty('value', 'Автокредит'));
  });

  it('says the connection is the problem when no answer comes', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderAt(<PartnerEditScreen />, '/partners/3/edit', '/partners/:id/edit');
    expect(await screen.findByText('Проблемы с соединением. Проверьте интернет')).toBeTruthy();
  });
});
