// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultStore } from 'jotai';
import { sampleUser } from '@autoradar/contract/fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmptyPostsStore, postsStoreAtom, rememberModelsAtom } from '../../../store/posts-store';
import { stubApi } from '../testing/fake-api';
import { renderInApp } from '../testing/render';
import { FilterPanel } from './filter-panel';

const now = new Date('2025-06-15T10:00:00.000Z');
const store = getDefaultStore();

function api() {
  return stubApi({
    // As the server answers: the popular or the other brands for the dialog, or the ones named by ?ids= for the chips
    // (the dialogs load only when first opened, so the chips' names come from the ids).
    'GET /api/brands': ({ query }) => {
      const brands = [
        { id: 1, name: 'Toyota', icon: null, popular: true, synonyms: [] },
        { id: 2, name: 'Kia', icon: null, popular: true, synonyms: [] },
      ];
      const ids = query.get('ids')?.split(',').map(Number);
      return {
        body: {
          data: ids
            ? brands.filter((brand) => ids.includes(brand.id))
            : brands.filter((brand) => String(brand.popular) === query.get('popular')),
        },
      };
    },
    'GET /api/models': ({ query }) => ({
      body: {
        data: (query.get('ids') ?? '')
          .split(',')
          .filter(Boolean)
          .map((id) => ({ id: Number(id), name: `Модель ${id}`, synonyms: [], car_brand_id: Number(id) < 20 ? 1 : 2 })),
      },
    }),
    'GET /api/addresses': () => ({
      body: { data: [{ id: 7, city: 'Казань', region: 'Татарстан', region_type: 'Респ', synonyms: [] }] },
    }),
    'GET /api/user/filters': () => ({ body: { data: [] } }),
  });
}

beforeEach(() => {
  localStorage.clear();
  store.set(postsStoreAtom, createEmptyPostsStore());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('filter panel', () => {
  it('the model chip waits for a brand; the chips name what is applied', async () => {
    api();
    renderInApp(<FilterPanel user={sampleUser} now={now} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Модель' }).disabled).toBe(true);
    store.set(postsStoreAtom, {
      ...createEmptyPostsStore(),
      brands: [1],
      models: [10],
      cities: [7],
      priceFrom: 500_000,
      yearTo: 2020,
    });
    expect(await screen.findByRole('button', { name: 'Марка: Toyota' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Модель: Модель 10' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Город: Казань' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Цена: от 500\u00a0000\u00a0₽' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Год: до 2020' })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Модель: Модель 10' }).disabled).toBe(false);
  });

  it("a chip's clear resets the applied selection; clearing brands drops their models", async () => {
    api();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    store.set(rememberModelsAtom, [{ id: 10, name: 'Camry', synonyms: [], car_brand_id: 1 }]);
    store.set(postsStoreAtom, { ...createEmptyPostsStore(), brands: [1], models: [10], priceFrom: 1, priceTo: 9 });
    renderInApp(<FilterPanel user={sampleUser} now={now} />);
    await user.click(screen.getByRole('button', { name: 'Сбросить: Цена' }));
    expect(store.get(postsStoreAtom)).toMatchObject({ priceFrom: null, priceTo: null, brands: [1], models: [10] });
    await user.click(screen.getByRole('button', { name: 'Сбросить: Марка' }));
    expect(store.get(postsStoreAtom)).toMatchObject({ brands: [], models: [] });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Модель' }).disabled).toBe(true);
  });

  it('applies the text query 300 ms after the last keystroke', async () => {
    api();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderInApp(<FilterPanel user={sampleUser} now={now} />);
    await user.type(screen.getByRole('searchbox', { name: 'Поиск по объявлениям' }), 'дизель');
    expect(store.get(postsStoreAtom).searchQuery).toBe('');
    await waitFor(() => expect(store.get(postsStoreAtom).searchQuery).toBe('дизель'));
  });

  it('applying a brand selection in its dialog drops the models of brands no longer chosen', async () => {
    api();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    store.set(rememberModelsAtom, [
      { id: 10, name: 'Camry', synonyms: [], car_brand_id: 1 },
      { id: 20, name: 'Rio', synonyms: [], car_brand_id: 2 },
    ]);
    store.set(postsStoreAtom, { ...createEmptyPostsStore(), brands: [1, 2], models: [10, 20] });
    renderInApp(<FilterPanel user={sampleUser} now={now} />);
    await user.click(await screen.findByRole('button', { name: /^Марка: Toyota/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Toyota' }));
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(store.get(postsStoreAtom)).toMatchObject({ brands: [2], models: [20] });
  });
});
