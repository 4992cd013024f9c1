// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCurrentYear } from '@autoradar/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { basicUser, installFakeApi, json, proUser, renderEditor } from '../testing';

// The listing form of spec §5 and the messages of spec §8, as a user meets them on /new.

const NBSP = '\u00a0';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.sell-page-notice').forEach((n) => n.remove());
});

const publishButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Опубликовать' });

/** Fills every field the publish rule needs, through the form as a user does. */
async function chooseCar(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: 'Toyota' });
  await user.selectOptions(screen.getByLabelText('Марка'), 'Toyota');
  await screen.findByRole('option', { name: 'Camry' });
  await user.selectOptions(screen.getByLabelText('Модель'), 'Camry');
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await chooseCar(user);
  await user.type(screen.getByLabelText('Год выпуска'), '2018');
  await user.type(screen.getByLabelText('Пробег, км'), '87000');
  await user.type(screen.getByLabelText('Цена, ₽'), '2350000');
  await user.type(screen.getByLabelText('Город'), 'Казань');
  await user.type(screen.getByLabelText('Контакт 1'), '+7 999 123-45-67');
}

describe('listing form rules (spec §5)', () => {
  it('shows every validation text once a field is left: year, positive numbers, required, city and description lengths', async () => {
    installFakeApi();
    const user = userEvent.setup();
    renderEditor();
    const year = await screen.findByLabelText('Год выпуска');

    // Required fields say so when left empty.
    await user.click(year);
    await user.click(document.body);
    expect(screen.getByText('Обязательное поле')).toBeTruthy();
    await user.click(screen.getByLabelText('Город'));
    await user.click(document.body);
    expect(screen.getAllByText('Обязательное поле')).toHaveLength(2);

    await user.type(year, '1899');
    expect(screen.getByText('Некорректный год')).toBeTruthy();
    await user.clear(year);
    await user.type(year, String(getCurrentYear(new Date()) + 1));
    expect(screen.getByText('Некорректный год')).toBeTruthy();
    await user.clear(year);
    await user.type(year, '1900');
    expect(screen.queryByText('Некорректный год')).toBeNull();

    await user.type(screen.getByLabelText('Пробег, км'), '0');
    await user.type(screen.getByLabelText('Цена, ₽'), '0');
    await user.click(document.body);
    expect(screen.getAllByText('Значение должно быть больше 0')).toHaveLength(2);

    await user.type(screen.getByLabelText('Город'), 'А'.repeat(51));
    expect(screen.getByText('Не более 50 символов')).toBeTruthy();

    const description = screen.getByLabelText('Описание');
    await user.click(description);
    await user.paste('б'.repeat(500));
    expect(screen.getByText('500 / 500')).toBeTruthy();
    expect(screen.queryByText('Не более 500 символов')).toBeNull();
    await user.type(description, 'в');
    expect(screen.getByText('501 / 500')).toBeTruthy();
    expect(screen.getByText('Не более 500 символов')).toBeTruthy();
  });

  it('keeps digits only and groups them with spaces', async () => {
    installFakeApi();
    const user = userEvent.setup();
    renderEditor();
    const price = await screen.findByLabelText<HTMLInputElement>('Цена, ₽');
    await user.type(price, '1a2b5x0 00-0');
    expect(price.value).toBe(`1${NBSP}250${NBSP}000`);
    const mileage = screen.getByLabelText<HTMLInputElement>('Пробег, км');
    await user.click(mileage);
    await user.paste('87 000 км');
    expect(mileage.value).toBe(`87${NBSP}000`);
    // The year is digits too, but never grouped.
    const year = screen.getByLabelText<HTMLInputElement>('Год выпуска');
    await user.type(year, '2o18');
    expect(year.value).toBe('218');
  });

  it('enables publishing only when the form is valid, a contact has a value, and brand and model are chosen', async () => {
    installFakeApi();
    const user = userEvent.setup();
    renderEditor();
    await screen.findByLabelText('Марка');
    expect(publishButton().disabled).toBe(true);
    expect(
      screen.getByText(
        'Чтобы опубликовать, заполните: марку, модель, год выпуска, пробег, цену, город, хотя бы один контакт.',
      ),
    ).toBeTruthy();

    // The model waits for a brand.
    expect(screen.getByLabelText<HTMLSelectElement>('Модель').disabled).toBe(true);
    expect(screen.getByRole('option', { name: 'Сначала выберите марку' })).toBeTruthy();

    await fillValidForm(user);
    expect(publishButton().disabled).toBe(false);

    // Without any filled contact it is off again, and says why.
    await user.clear(screen.getByLabelText('Контакт 1'));
    await user.click(document.body);
    expect(publishButton().disabled).toBe(true);
    expect(screen.getByText('Чтобы опубликовать, заполните: хотя бы один контакт.')).toBeTruthy();
    expect(screen.getByText('Укажите хотя бы один контакт')).toBeTruthy();

    // A wrong contact is an error of its own and keeps publishing off.
    await user.type(screen.getByLabelText('Контакт 1'), '12');
    expect(screen.getByText('Некорректный номер телефона')).toBeTruthy();
    expect(publishButton().disabled).toBe(true);
    await user.clear(screen.getByLabelText('Контакт 1'));
    await user.type(screen.getByLabelText('Контакт 1'), '+7 999 123-45-67');
    expect(publishButton().disabled).toBe(false);

    // A new brand clears the model: publishing is off until a model is chosen again.
    await user.selectOptions(screen.getByLabelText('Марка'), '');
    expect(screen.getByLabelText<HTMLSelectElement>('Модель').value).toBe('');
    expect(publishButton().disabled).toBe(true);
  });

  it('offers generation and then body type once the model has them, and shows the listing title', async () => {
    installFakeApi();
    const user = userEvent.setup();
    renderEditor();
    await chooseCar(user);
    const generation = await screen.findByLabelText('Поколение');
    expect(screen.queryByLabelText('Кузов')).toBeNull();
    await user.selectOptions(generation, 'XV70 (2017–н. в.)');
    await user.selectOptions(await screen.findByLabelText('Кузов'), 'Седан');
    await user.type(screen.getByLabelText('Год выпуска'), '2018');
    expect(await screen.findByText('Заголовок объявления: Toyota Camry 2018')).toBeTruthy();
  });
});

describe('messages (spec §8)', () => {
  it('publishes: «Объявление успешно опубликовано», then the listing page', async () => {
    const api = installFakeApi();
    const user = userEvent.setup();
    renderEditor({ user: proUser });
    await fillValidForm(user);
    await user.click(publishButton());
    expect(await screen.findByText('Страница объявления 77')).toBeTruthy();
    expect(document.querySelector('.sell-page-notice')?.textContent).toBe('Объявление успешно опубликовано');
    const publish = api.sent.find((r) => r.path === '/api/drafts/9/publish')!;
    expect(publish.authorization).toBe('Bearer test-token');
    expect(publish.body).toMatchObject({
      brand_id: 1,
      model_id: 10,
      year: 2018,
      mileage: 87_000,
      price: 2_350_000,
      city: 'Казань',
      contacts: [{ type: 'phone', value: '+7 999 123-45-67' }],
      media: [],
    });
    // The published draft is gone from the device too.
    expect(localStorage.getItem(`autoradar:listing-draft:${proUser.id}`)).toBeNull();
  });

  it('a 422 shows every validation message, one per line', async () => {
    installFakeApi(undefined, (r) =>
      r.path.endsWith('/publish')
        ? json(422, {
            message: 'Проверьте правильность заполнения полей',
            errors: { year: ['Некорректный год'], city: ['Не более 50 символов'] },
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderEditor();
    await fillValidForm(user);
    await screen.findByText('Черновик сохранён', undefined, { timeout: 3000 });
    await user.click(publishButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Некорректный год\nНе более 50 символов');
    // The server's messages are also shown at the fields they name.
    expect(screen.getByText('Некорректный год', { selector: '#sell-year-error' })).toBeTruthy();
    expect(screen.getByText('Не более 50 символов', { selector: '#sell-city-error' })).toBeTruthy();
    expect(publishButton().disabled).toBe(true);
  });

  it('another server error is «Ошибка сервера: …», no answer is the connection hint', async () => {
    let mode: 'server' | 'network' = 'server';
    installFakeApi(undefined, (r) =>
      r.path.endsWith('/publish')
        ? mode === 'server'
          ? json(500, { message: 'Внутренняя ошибка сервера' })
          : 'network'
        : undefined,
    );
    const user = userEvent.setup();
    renderEditor();
    await fillValidForm(user);
    await user.click(publishButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Ошибка сервера: Внутренняя ошибка сервера');
    mode = 'network';
    await user.click(publishButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Проблемы с соединением. Проверьте интернет'),
    );
  });

  it('the save button shows the server message in green', async () => {
    const api = installFakeApi();
    const user = userEvent.setup();
    renderEditor();
    await user.type(await screen.findByLabelText('Город'), 'Казань');
    await user.click(screen.getByRole('button', { name: 'Сохранить черновик' }));
    const notice = await screen.findByText('Черновик сохранён', { selector: '.sell-notice' });
    expect(notice.className).toContain('sell-notice--success');
    expect(api.stored.city).toBe('Казань');
  });

  it('a user without PRO saves and is sent to /pay, the draft kept', async () => {
    const api = installFakeApi();
    const user = userEvent.setup();
    renderEditor({ user: basicUser });
    await fillValidForm(user);
    expect(screen.getByText(/Публикация доступна с тарифом PRO/)).toBeTruthy();
    await user.click(publishButton());
    expect(await screen.findByText('Страница оплаты')).toBeTruthy();
    // The save's own message, then what is left to do, once each.
    expect(document.querySelector('.sell-page-notice')?.textContent).toBe(
      'Черновик сохранён\nОсталось подключить PRO, чтобы опубликовать объявление.',
    );
    expect(api.sent.some((r) => r.path.endsWith('/publish'))).toBe(false);
    expect(api.stored).toMatchObject({ brand_id: 1, model_id: 10, year: 2018, city: 'Казань' });
    expect(localStorage.getItem(`autoradar:listing-draft:${basicUser.id}`)).not.toBeNull();
  });

  it('a tariff that ended meanwhile (403) also saves and goes to /pay', async () => {
    const api = installFakeApi(undefined, (r) =>
      r.path.endsWith('/publish') ? json(403, { message: 'Доступно только с тарифом PRO' }) : undefined,
    );
    const user = userEvent.setup();
    renderEditor({ user: proUser });
    await fillValidForm(user);
    await user.click(publishButton());
    expect(await screen.findByText('Страница оплаты')).toBeTruthy();
    expect(api.stored.price).toBe(2_350_000);
  });

  it('an autosave the server refuses marks that field and still saves the others', async () => {
    const api = installFakeApi(undefined, (r) => {
      const body = r.body as Record<string, unknown> | undefined;
      if (r.method === 'PUT' && body && 'configuration_id' in body && body['configuration_id'] !== null)
        return json(422, {
          message: 'Проверьте правильность заполнения полей',
          errors: { configuration_id: ['Кузов не относится к выбранному поколению'] },
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderEditor();
    await chooseCar(user);
    await user.selectOptions(await screen.findByLabelText('Поколение'), 'XV70 (2017–н. в.)');
    await user.selectOptions(await screen.findByLabelText('Кузов'), 'Седан');
    await user.type(screen.getByLabelText('Город'), 'Казань');
    const field = await screen.findByText('Кузов не относится к выбранному поколению', {
      selector: '.field__note--error',
    });
    expect(within(field.closest('.field')!).getByLabelText('Кузов')).toBeTruthy();
    await waitFor(() => expect(api.stored).toMatchObject({ city: 'Казань', generation_id: 5, model_id: 10 }), {
      timeout: 3000,
    });
    expect(api.stored.configuration_id).toBeNull();
  });
});
