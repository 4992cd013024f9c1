// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultStore } from 'jotai';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppRoot } from '@telegram-apps/telegram-ui';
import type { Filter, User } from '@autoradar/contract';
import { sampleUser } from '@autoradar/contract/fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformContext, type MainButtonState, type Platform } from '../../../platform';
import { createEmptyPostsStore, postsStoreAtom } from '../../../store/posts-store';
import { EMPTY_CRITERIA } from '../filter-rules';
import { linkedFilterMissingAtom, selectedFilterIdAtom } from '../state';
import { stubApi } from '../testing/fake-api';
import { renderInApp } from '../testing/render';
import { SaveFilterDialog } from './save-filter-dialog';
import { FilterPanel } from './filter-panel';
import { SavedFilters } from './saved-filters';

/** Shows the router's query string, to see what a deep link's parameter became. */
function Address() {
  return <output aria-label="Адрес">{useLocation().search}</output>;
}

const now = new Date('2025-06-15T10:00:00.000Z');
const basic: User = { ...sampleUser, is_pro: false, pro_expired: null };
const pro: User = { ...sampleUser, is_pro: true, pro_expired: '2025-07-15T12:00:00.000Z' };
const criteria = { ...EMPTY_CRITERIA, brands: [1], priceTo: 2_000_000 };

const savedFilter = (id: number, name: string, extra: Partial<Filter> = {}): Filter => ({
  id,
  name,
  brands: [1],
  models: [],
  cities: [],
  priceFrom: null,
  priceTo: 2_000_000,
  yearFrom: null,
  yearTo: null,
  goodPriceOnly: false,
  active: false,
  send_mode: 'immediately',
  worktime_settings: null,
  via: ['telegram'],
  ...extra,
});

const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const saveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Сохранить' });

beforeEach(() => {
  localStorage.clear();
  getDefaultStore().set(postsStoreAtom, createEmptyPostsStore());
  getDefaultStore().set(selectedFilterIdAtom, null);
  getDefaultStore().set(linkedFilterMissingAtom, null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('save-filter dialog', () => {
  it('offers only the destinations the user can receive', () => {
    const openFor = (user: User) => {
      cleanup();
      renderInApp(
        <SaveFilterDialog open onClose={() => {}} criteria={criteria} user={user} onSaved={() => {}} now={now} />,
      );
    };
    openFor({ ...basic, email: null });
    expect(screen.getByRole('checkbox', { name: 'Telegram' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /E-mail/ })).toBeNull();
    openFor({ ...basic, has_telegram: false });
    expect(screen.getByRole('checkbox', { name: /E-mail/ })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Telegram' })).toBeNull();
    openFor({ ...basic, email: null, has_telegram: false });
    expect(
      screen.getByText('Добавьте e-mail в профиль или войдите через Telegram, чтобы получать уведомления'),
    ).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it('is disabled until the name is not blank and a destination is chosen', async () => {
    const u = user();
    renderInApp(
      <SaveFilterDialog open onClose={() => {}} criteria={criteria} user={basic} onSaved={() => {}} now={now} />,
    );
    expect(saveButton().disabled).toBe(true);
    await u.type(screen.getByRole('textbox', { name: 'Название' }), '   ');
    expect(saveButton().disabled).toBe(true);
    await u.type(screen.getByRole('textbox', { name: 'Название' }), 'Camry');
    expect(saveButton().disabled).toBe(false);
    await u.click(screen.getByRole('checkbox', { name: 'Telegram' }));
    await u.click(screen.getByRole('checkbox', { name: /E-mail/ }));
    expect(saveButton().disabled).toBe(true);
  });

  it('working hours default to 09:00-18:00 on weekdays and need a day and a window', async () => {
    const u = user();
    renderInApp(
      <SaveFilterDialog open onClose={() => {}} criteria={criteria} user={basic} onSaved={() => {}} now={now} />,
    );
    await u.type(screen.getByRole('textbox', { name: 'Название' }), 'Camry');
    await u.click(screen.getByRole('radio', { name: 'В рабочее время' }));
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'С' }).value).toBe('09:00');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'До' }).value).toBe('18:00');
    await u.selectOptions(screen.getByRole('combobox', { name: 'До' }), '09:00');
    expect(screen.getByText('Время начала и окончания не должны совпадать')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    await u.selectOptions(screen.getByRole('combobox', { name: 'До' }), '17:30');
    const pressed = screen.getAllByRole('button', { pressed: true }).map((button) => button.getAttribute('aria-label'));
    expect(pressed).toEqual(['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница']);
    for (const day of pressed) await u.click(screen.getByRole('button', { name: day! }));
    expect(screen.getByText('Выберите хотя бы один день')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    await u.click(screen.getByRole('button', { name: 'Суббота' }));
    expect(saveButton().disabled).toBe(false);
  });

  it('Enter in the name saves the panel filter with the chosen delivery, off for a basic user', async () => {
    const api = stubApi({
      'POST /api/user/filters': ({ body }) => ({ status: 201, body: { data: { id: 9, ...(body as object) } } }),
    });
    const saved = vi.fn();
    const u = user();
    renderInApp(
      <SaveFilterDialog open onClose={() => {}} criteria={criteria} user={basic} onSaved={saved} now={now} />,
    );
    await u.click(screen.getByRole('radio', { name: 'В рабочее время' }));
    await u.click(screen.getByRole('button', { name: 'Воскресенье' }));
    await u.click(screen.getByRole('checkbox', { name: /E-mail/ }));
    await u.type(screen.getByRole('textbox', { name: 'Название' }), '  Camry до 2 млн {Enter}');
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(api.to('POST /api/user/filters')[0]?.body).toEqual({
      name: 'Camry до 2 млн',
      brands: [1],
      models: [],
      cities: [],
      priceFrom: null,
      priceTo: 2_000_000,
      yearFrom: null,
      yearTo: null,
      goodPriceOnly: false,
      active: false,
      send_mode: 'worktime',
      worktime_settings: { days: [1, 2, 3, 4, 5, 0], start: '09:00', end: '18:00' },
      via: ['telegram'],
    });
  });

  it('«Только хорошая цена» is a switch of the filter: off by default, saved when turned on, shown when editing', async () => {
    const api = stubApi({
      'POST /api/user/filters': ({ body }) => ({ status: 201, body: { data: { id: 9, ...(body as object) } } }),
    });
    const saved = vi.fn();
    const u = user();
    renderInApp(<SaveFilterDialog open onClose={() => {}} criteria={criteria} user={pro} onSaved={saved} now={now} />);
    const toggle = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Только хорошая цена' });
    expect(toggle.checked).toBe(false);
    await u.click(toggle);
    expect(toggle.checked).toBe(true);
    await u.type(screen.getByRole('textbox', { name: 'Название' }), 'Выгодные{Enter}');
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(api.to('POST /api/user/filters')[0]?.body).toMatchObject({ name: 'Выгодные', goodPriceOnly: true });
    cleanup();
    renderInApp(
      <SaveFilterDialog
        open
        onClose={() => {}}
        filter={savedFilter(9, 'Выгодные', { goodPriceOnly: true })}
        criteria={criteria}
        user={pro}
        onSaved={saved}
        now={now}
      />,
    );
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Только хорошая цена' }).checked).toBe(true);
  });

  it('keeps the form and shows the reason when saving fails', async () => {
    stubApi({
      'POST /api/user/filters': () => ({ status: 422, body: { message: 'Проверьте правильность заполнения полей' } }),
    });
    const u = user();
    renderInApp(
      <SaveFilterDialog open onClose={() => {}} criteria={criteria} user={basic} onSaved={() => {}} now={now} />,
    );
    await u.type(screen.getByRole('textbox', { name: 'Название' }), 'Camry{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Проверьте правильность заполнения полей');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Название' }).value).toBe('Camry');
  });

  it('inside Telegram a refused write access saves e-mail only, explains it as a hint and leaves the buttons to Telegram', async () => {
    const api = stubApi({
      'PUT /api/user/write-access': () => ({ status: 204 }),
      'POST /api/user/filters': ({ body }) => ({ status: 201, body: { data: { id: 9, ...(body as object) } } }),
    });
    const states: MainButtonState[] = [];
    let press = () => {};
    const telegram: Platform = {
      kind: 'miniapp',
      openLink: () => {},
      mainButton: {
        set: (state) => states.push(state),
        onClick: (cb) => {
          press = cb;
          return () => {};
        },
      },
      requestWriteAccess: () => Promise.resolve('cancelled'),
    };
    const saved = vi.fn();
    const u = user();
    render(
      <PlatformContext.Provider value={telegram}>
        <AppRoot appearance="light">
          <MemoryRouter>
            <SaveFilterDialog open onClose={() => {}} criteria={criteria} user={pro} onSaved={saved} now={now} />
          </MemoryRouter>
        </AppRoot>
      </PlatformContext.Provider>,
    );
    await u.type(screen.getByRole('textbox', { name: 'Название' }), 'Camry');
    expect(screen.queryByRole('button', { name: 'Отмена' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
    await waitFor(() => expect(states.at(-1)).toMatchObject({ text: 'Сохранить', isEnabled: true }));
    press();
    expect((await screen.findByRole('status')).textContent).toBe(
      'Без вашего разрешения бот не может писать вам в Telegram, поэтому уведомления по этому фильтру будут приходить только на e-mail.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.to('PUT /api/user/write-access')[0]?.body).toEqual({ allows_write_to_pm: false });
    expect(api.to('POST /api/user/filters')[0]?.body).toMatchObject({ active: true, via: ['email'] });
    expect(screen.queryByRole('button', { name: 'Отмена' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Готово' })).toBeNull();
    await waitFor(() => expect(states.at(-1)).toMatchObject({ text: 'Готово', isEnabled: true }));
    expect(saved).not.toHaveBeenCalled();
    press();
    expect(saved).toHaveBeenCalledWith(expect.objectContaining({ id: 9, via: ['email'] }));
  });
});

describe('saved filters', () => {
  function filtersApi(list: Filter[]) {
    return stubApi({
      'GET /api/user/filters': () => ({ body: { data: list } }),
      'PATCH /api/user/filters/4/toggle': ({ body }) => ({
        body: { data: { ...list[0]!, active: (body as { active: boolean }).active } },
      }),
      'DELETE /api/user/filters/4': () => ({ status: 204 }),
      'GET /api/brands': () => ({ body: { data: [] } }),
    });
  }

  it('choosing a saved filter loads its values; saving is offered only with changes', async () => {
    filtersApi([savedFilter(4, 'Кроссоверы', { cities: [7], yearFrom: 2018 })]);
    const u = user();
    const store = getDefaultStore();
    renderInApp(<SavedFilters user={basic} criteria={EMPTY_CRITERIA} now={now} />);
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: /^Мои фильтры/ });
    expect(screen.queryByRole('button', { name: 'Сохранить фильтр' })).toBeNull();
    await u.selectOptions(select, 'Кроссоверы');
    expect(store.get(postsStoreAtom)).toMatchObject({ brands: [1], cities: [7], yearFrom: 2018, priceTo: 2_000_000 });
  });

  it('marks a filter that asks for «Только хорошая цена» in the list and when chosen (issue 33)', async () => {
    filtersApi([savedFilter(4, 'Кроссоверы'), savedFilter(5, 'Выгодные', { goodPriceOnly: true })]);
    const u = user();
    const store = getDefaultStore();
    renderInApp(<SavedFilters user={basic} criteria={EMPTY_CRITERIA} now={now} />);
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: /^Мои фильтры/ });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Не выбран', 'Кроссоверы', 'Выгодные · хорошая цена']);
    await u.selectOptions(select, 'Кроссоверы');
    expect(screen.queryByTestId('saved-filter-good-price')).toBeNull();
    await u.selectOptions(select, 'Выгодные · хорошая цена');
    expect(screen.getByTestId('saved-filter-good-price').textContent).toBe('Только хорошая цена');
    expect(store.get(postsStoreAtom)).toMatchObject({ goodPriceOnly: true });
  });

  it('the notifications toggle works only for PRO', async () => {
    const api = filtersApi([savedFilter(4, 'Кроссоверы')]);
    const u = user();
    renderInApp(<SavedFilters user={basic} criteria={criteria} now={now} />);
    await u.selectOptions(await screen.findByRole('combobox', { name: /^Мои фильтры/ }), 'Кроссоверы');
    const toggle = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Уведомления' });
    expect(toggle.disabled).toBe(true);
    expect(screen.getByText('Уведомления доступны с тарифом PRO')).toBeTruthy();
    cleanup();

    renderInApp(<SavedFilters user={pro} criteria={criteria} now={now} />);
    const proToggle = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Уведомления' });
    expect(proToggle.disabled).toBe(false);
    expect(screen.queryByText('Уведомления доступны с тарифом PRO')).toBeNull();
    await u.click(proToggle);
    await waitFor(() => expect(api.to('PATCH /api/user/filters/4/toggle')[0]?.body).toEqual({ active: true }));
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Уведомления' }).checked).toBe(true),
    );
  });

  it('offers saving when the panel differs from the chosen filter, and deletes after a confirmation', async () => {
    const api = filtersApi([savedFilter(4, 'Кроссоверы')]);
    const u = user();
    const { rerender } = renderInApp(<SavedFilters user={basic} criteria={criteria} now={now} />);
    await u.selectOptions(await screen.findByRole('combobox', { name: /^Мои фильтры/ }), 'Кроссоверы');
    // The panel holds exactly the chosen filter: nothing to save.
    expect(screen.queryByRole('button', { name: 'Сохранить фильтр' })).toBeNull();
    rerender(<SavedFilters user={basic} criteria={{ ...criteria, yearFrom: 2015 }} now={now} />);
    expect(screen.getByRole('button', { name: 'Сохранить фильтр' })).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Удалить' }));
    const confirm = screen.getByRole('group', { name: 'Удалить фильтр «Кроссоверы»?' });
    await u.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(api.to('DELETE /api/user/filters/4')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: /^Мои фильтры/ })).toBeNull());
  });

  it('a link to /search?filter=<id> chooses that filter and takes the parameter from the address', async () => {
    filtersApi([savedFilter(3, 'Седаны'), savedFilter(4, 'Кроссоверы', { cities: [7], yearFrom: 2018 })]);
    renderInApp(
      <>
        <SavedFilters user={basic} criteria={EMPTY_CRITERIA} now={now} />
        <Address />
      </>,
      '/search?filter=4&utm=bot',
    );
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: /^Мои фильтры/ });
    await waitFor(() => expect(select.value).toBe('4'));
    expect(getDefaultStore().get(postsStoreAtom)).toMatchObject({ brands: [1], cities: [7], yearFrom: 2018 });
    await waitFor(() => expect(screen.getByRole('status', { name: 'Адрес' }).textContent).toBe('?utm=bot'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("an unknown or someone else's filter in the link says so and leaves the panel as it was", async () => {
    filtersApi([savedFilter(4, 'Кроссоверы')]);
    getDefaultStore().set(postsStoreAtom, { ...createEmptyPostsStore(), priceTo: 900_000 });
    renderInApp(
      <>
        <SavedFilters user={basic} criteria={{ ...EMPTY_CRITERIA, priceTo: 900_000 }} now={now} />
        <Address />
      </>,
      '/search?filter=999',
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Сохранённый фильтр из ссылки не найден: возможно, он удалён или принадлежит другому аккаунту.',
    );
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: /^Мои фильтры/ }).value).toBe('');
    expect(getDefaultStore().get(postsStoreAtom)).toMatchObject({ brands: [], priceTo: 900_000 });
    await waitFor(() => expect(screen.getByRole('status', { name: 'Адрес' }).textContent).toBe(''));
    expect(screen.getByRole('alert')).toBeTruthy();
    // Choosing a filter by hand clears the message.
    await user().selectOptions(screen.getByRole('combobox', { name: /^Мои фильтры/ }), 'Кроссоверы');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the notice of a missing linked filter goes once the user changes the filter, and stays gone', async () => {
    filtersApi([savedFilter(4, 'Кроссоверы')]);
    const { rerender } = renderInApp(
      <SavedFilters user={basic} criteria={EMPTY_CRITERIA} now={now} />,
      '/search?filter=999',
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Сохранённый фильтр из ссылки не найден');
    rerender(<SavedFilters user={basic} criteria={{ ...EMPTY_CRITERIA, search: 'camry' }} now={now} />);
    expect(screen.queryByRole('alert')).toBeNull();
    // Back to the values the link left: the notice was read and does not return.
    rerender(<SavedFilters user={basic} criteria={EMPTY_CRITERIA} now={now} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a user without saved filters also reads that the linked one is not found', async () => {
    filtersApi([]);
    renderInApp(<SavedFilters user={basic} criteria={EMPTY_CRITERIA} now={now} />, '/search?filter=abc');
    expect((await screen.findByRole('alert')).textContent).toContain('Сохранённый фильтр из ссылки не найден');
    expect(screen.queryByRole('combobox', { name: /^Мои фильтры/ })).toBeNull();
  });

  it('a guest opening a link to a saved filter is asked to sign in', () => {
    stubApi({ 'GET /api/brands': () => ({ body: { data: [] } }) });
    renderInApp(<FilterPanel user={undefined} guest now={now} />, '/search?filter=4');
    expect(screen.getByRole('alert').textContent).toBe('Войдите, чтобы открыть сохранённый фильтр из ссылки.');
  });

  it('says so when the saved filters do not load, with a retry', async () => {
    stubApi({ 'GET /api/user/filters': () => ({ status: 500, body: { message: 'Внутренняя ошибка сервера' } }) });
    renderInApp(<SavedFilters user={basic} criteria={criteria} now={now} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Внутренняя ошибка сервера');
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });
});
