// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformContext } from '../../../platform';
import { signInAtom } from '../../../session/state';
import { emptyForm } from '../listing-form';
import { writeLocalDraft } from '../local-draft';
import { emptyDraft, installFakeApi, json, platform, proUser } from '../testing';
import { NewListingScreen } from './new-listing-screen';

// /new when the server cannot be reached: what the device holds is still shown and kept (spec §8 texts).

let draftAnswer: 'network' | 'ok' = 'network';

beforeEach(async () => {
  localStorage.clear();
  draftAnswer = 'network';
  installFakeApi(emptyDraft, (r) => {
    if (r.path === '/api/user/data') return json(200, proUser);
    if (r.path === '/api/drafts/create') return draftAnswer === 'network' ? 'network' : json(200, { data: emptyDraft });
    return undefined;
  });
  await act(() => getDefaultStore().set(signInAtom, 'test-token'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderScreen = () =>
  render(
    <PlatformContext.Provider value={platform}>
      <AppRoot appearance="light">
        <MemoryRouter initialEntries={['/new']}>
          <NewListingScreen />
        </MemoryRouter>
      </AppRoot>
    </PlatformContext.Provider>,
  );

describe('new listing without a connection', () => {
  it('with nothing on the device: the connection hint and a retry that loads the draft', async () => {
    const user = userEvent.setup();
    renderScreen();
    expect(await screen.findByText('Проблемы с соединением. Проверьте интернет')).toBeTruthy();
    draftAnswer = 'ok';
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByLabelText('Год выпуска')).toBeTruthy();
  });

  it('with a copy on the device: the form as it was typed, editable and kept, until the server answers', async () => {
    writeLocalDraft(proUser.id, {
      version: 1,
      draftId: 9,
      form: { ...emptyForm(), city: 'Казань', description: 'Набрано без связи' },
      pending: ['city', 'description'],
      media: [],
      mediaPending: false,
      removedMedia: [],
    });
    const user = userEvent.setup();
    renderScreen();
    expect(
      await screen.findByText(/Нет связи с сервером. Всё, что вы ввели, сохранено на этом устройстве/),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Город').value).toBe('Казань');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Описание').value).toBe('Набрано без связи');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Опубликовать' }).disabled).toBe(true);

    await user.type(screen.getByLabelText('Пробег, км'), '120000');
    expect(JSON.parse(localStorage.getItem(`autoradar:listing-draft:${proUser.id}`)!)).toMatchObject({
      pending: ['city', 'description', 'mileage'],
      form: { mileage: 120_000, city: 'Казань' },
    });

    // Back online: the server's draft, with everything typed meanwhile laid over it.
    draftAnswer = 'ok';
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    await screen.findByRole('option', { name: 'Toyota' });
    expect(screen.queryByText(/Нет связи с сервером/)).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Пробег, км').value).toBe('120\u00a0000');
    expect(screen.getByLabelText<HTMLInputElement>('Город').value).toBe('Казань');
  });
});
