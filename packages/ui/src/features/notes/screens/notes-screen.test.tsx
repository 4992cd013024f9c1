// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppRoot } from '@telegram-apps/telegram-ui';
import type { Post } from '@autoradar/contract';
import { samplePost } from '@autoradar/contract/fixtures';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallState } from '../../../api/atom-with-call';
import { PlatformContext, type Platform } from '../../../platform';
import { visibleNotes } from '../state';
import { NotesView } from './notes-screen';

const platform: Platform = { kind: 'web', openLink: () => {} };

function view(state: CallState<Post[]>, ids: number[]) {
  render(
    <PlatformContext.Provider value={platform}>
      <AppRoot appearance="light">
        <MemoryRouter>
          <NotesView state={state} retry={() => {}} ids={ids} />
        </MemoryRouter>
      </AppRoot>
    </PlatformContext.Provider>,
  );
}

const post = (id: number, title: string): Post => ({ ...samplePost, id, title });

afterEach(cleanup);

describe('favourites', () => {
  it('with no favourites says «Нет избранных записей» and leads to search', () => {
    view({ kind: 'loading' }, []);
    expect(screen.getByText('Нет избранных записей')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Перейти к поиску' }).getAttribute('href')).toBe('/search');
  });

  it('lists the favourites still favourited, the latest first', () => {
    view(
      { kind: 'loaded', data: [post(1, 'Kia Rio 2017'), post(2, 'LADA Vesta 2021'), post(3, 'BMW X5 2019')] },
      [3, 1],
    );
    expect(screen.getAllByRole('article').map((card) => card.querySelector('.post-card__title')?.textContent)).toEqual([
      'Kia Rio 2017',
      'BMW X5 2019',
    ]);
  });

  it('says «Нет избранных записей» when none of them is still on the site', () => {
    view({ kind: 'loaded', data: [] }, [9]);
    expect(screen.getByText('Нет избранных записей')).toBeTruthy();
  });

  it('shows a failure and a connection problem with a retry', () => {
    view({ kind: 'failed', message: 'Внутренняя ошибка сервера', status: 500 }, [1]);
    expect(screen.getByText('Внутренняя ошибка сервера')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
    cleanup();
    view({ kind: 'offline' }, [1]);
    expect(screen.getByText('Проблемы с соединением. Проверьте интернет')).toBeTruthy();
  });

  it('orders by when each listing was favourited', () => {
    expect(visibleNotes([post(1, 'a'), post(2, 'b'), post(3, 'c')], [2, 3]).map((p) => p.id)).toEqual([3, 2]);
  });
});
