// @vitest-environment happy-dom
import { useState } from 'react';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Brand, City, Model } from '@autoradar/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../testing/fake-api';
import { renderInApp } from '../testing/render';
import { BrandsDialog } from './brands-dialog';
import { CitiesDialog } from './cities-dialog';
import { ModelsDialog } from './models-dialog';
import { PriceMenu } from './price-menu';
import { YearMenu } from './year-menu';

const brand = (id: number, name: string, popular: boolean, synonyms: string[] = []): Brand => ({
  id,
  name,
  icon: null,
  popular,
  synonyms,
});
// Two brands named BMW: the reference data has a car and a motorcycle brand under one name.
const brands = [
  brand(1, 'Toyota', true, ['Тойота']),
  brand(2, 'Kia', true),
  brand(4, 'BMW', true),
  brand(3, 'УАЗ', false, ['UAZ']),
  brand(5, 'BMW', false),
];
const models: Model[] = [
  { id: 10, name: 'Camry', synonyms: ['Камри'], car_brand_id: 1 },
  { id: 11, name: 'Corolla', synonyms: [], car_brand_id: 1 },
  { id: 20, name: 'Rio', synonyms: [], car_brand_id: 2 },
];
const city = (id: number, name: string, region: string, region_type = 'обл'): City => ({
  id,
  city: name,
  region,
  region_type,
  synonyms: [],
});

function referenceApi() {
  return stubApi({
    'GET /api/brands': ({ query }) => ({
      body: { data: brands.filter((b) => String(b.popular) === query.get('popular')) },
    }),
    'GET /api/models': ({ query }) => ({
      body: { data: models.filter((m) => String(m.car_brand_id) === query.get('car_brand_id')) },
    }),
    'GET /api/addresses': () => ({
      body: {
        data: [
          city(100, 'Казань', 'Татарстан', 'Респ'),
          city(101, 'Набережные Челны', 'Татарстан', 'Респ'),
          ...Array.from({ length: 52 }, (_, i) => city(200 + i, `Город ${i + 1}`, 'Московская')),
        ],
      },
    }),
  });
}

/** A dialog with its applied value held by the test, as the panel holds it. */
function Harness({
  Dialog,
  initial,
  onApply,
  brandsChosen = [],
}: {
  Dialog: typeof BrandsDialog | typeof CitiesDialog | typeof ModelsDialog;
  initial: number[];
  onApply: (ids: number[]) => void;
  brandsChosen?: number[];
}) {
  const [open, setOpen] = useState(false);
  const [applied, setApplied] = useState(initial);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        открыть
      </button>
      <output data-testid="applied">{applied.join(',')}</output>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        applied={applied}
        brands={brandsChosen}
        onApply={(ids) => {
          setApplied(ids);
          onApply(ids);
          setOpen(false);
        }}
      />
    </>
  );
}

const dialog = () => screen.getByRole('dialog');
const box = (name: string) => within(dialog()).getByRole<HTMLInputElement>('checkbox', { name });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('brands dialog', () => {
  it('loads popular brands apart from the rest, and Apply commits the draft', async () => {
    const api = referenceApi();
    const applied = vi.fn();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderInApp(<Harness Dialog={BrandsDialog} initial={[]} onApply={applied} />);
    await user.click(screen.getByText('открыть'));
    await screen.findByRole('heading', { name: 'Популярные' });
    expect(
      api
        .to('GET /api/brands')
        .map((r) => r.query.get('popular'))
        .sort(),
    ).toEqual(['false', 'true']);
    expect(within(dialog()).getByRole('heading', { name: 'Все марки' })).toBeTruthy();

    await user.click(box('Toyota'));
    await user.click(box('УАЗ'));
    await user.click(within(dialog()).getByRole('button', { name: 'Применить' }));
    expect(applied).toHaveBeenCalledWith([1, 3]);
    expect(screen.getByTestId('applied').textContent).toBe('1,3');
  });

  it('closing discards the draft; Clear empties the draft but applies nothing until Apply', async () => {
    referenceApi();
    const applied = vi.fn();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderInApp(<Harness Dialog={BrandsDialog} initial={[2]} onApply={applied} />);
    await user.click(screen.getByText('открыть'));
    await screen.findByRole('heading', { name: 'Популярные' });
    expect(box('Kia').checked).toBe(true);
    await user.click(box('Toyota'));
    await user.click(within(dialog()).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(applied).not.toHaveBeenCalled();

    await user.click(screen.getByText('открыть'));
    await screen.findByRole('heading', { name: 'Популярные' });
    expect(box('Toyota').checked).toBe(false);
    expect(box('Kia').checked).toBe(true);
    await user.click(within(dialog()).getByRole('button', { name: 'Очистить' }));
    expect(box('Kia').checked).toBe(false);
    expect(screen.getByTestId('applied').textContent).toBe('2');
    await user.click(within(dialog()).getByRole('button', { name: 'Применить' }));
    expect(applied).toHaveBeenCalledWith([]);
  });

  it('lists a name shared by two brands once and chooses both with it', async () => {
    referenceApi();
    const applied = vi.fn();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderInApp(<Harness Dialog={BrandsDialog} initial={[]} onApply={applied} />);
    await user.click(screen.getByText('открыть'));
    await screen.findByRole('heading', { name: 'Популярные' });
    expect(within(dialog()).getAllByRole('checkbox', { name: 'BMW' })).toHaveLength(1);
    await user.click(box('BMW'));
    await user.click(within(dialog()).getByRole('button', { name: 'Применить' }));
    expect(applied).toHaveBeenCalledWith([4, 5]);
  });

  it('finds brands by name or synonym in any case, and says when nothing is found', async () => {
    referenceApi();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderInApp(<Harness Dialog={BrandsDialog} initial={[]} onApply={() => {}} />);
    await user.click(screen.getByText('открыть'));
    await screen.findByRole('heading', { name: 'Популярные' });
    const search = within(dialog()).getByRole('searchbox', { name: 'Найти марку' });
    await user.type(search, 'тойо');
    expect(
      within(dialog())
        .getAllByRole('checkbox')
        .map((input) => input.closest('label')?.textContent),
    ).toEqual(['Toyota']);
    await user.clear(search);
    await user.type(search, 'uaz');
    expect(within(dialog()).getByRole('checkbox', { name: 'УАЗ' })).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'Ferrari');
    expect(within(dialog()).getByText('Ничего не найдено')).toBeTruthy();
  });

  it('offers a retry when the brands do not load, and the retry loads them', async () => {
    let failing = true;
    stubApi({
      'GET /api/brands': ({ query }) =>
        failing
          ? { status: 500, body: { message: 'Внутренняя ошибка сервера' } }
          : { body: { data: brands.filter((b) => String(b.popular) === query.get('popular')) } },
    });
    // The lists are kept for the visit once loaded: a fresh module starts without them.
    vi.resetModules();
    const { BrandsDialog: FreshBrandsDialog } = await import('./brands-dialog');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderInApp(<Harness Dialog={FreshBrandsDialog} initial={[]} onApply={() => {}} />);
    await user.click(screen.getByText('открыть'));
    expect(await within(dialog()).findAllByText('Внутренняя ошибка сервера')).toHaveLength(2);
    failing = false;
    for (const retry of within(dialog()).getAllByRole('button', { name: 'Повторить' })) await user.click(retry);
    expect(await within(dialog()).findByRole('checkbox', { name: 'Toyota' })).toBeTruthy();
    expect(within(dialog()).getByRole('checkbox', { name: 'УАЗ' })).toBeTruthy();
  });
});

describe('models dialog', () => {
  it('asks for a brand first when none is chosen', async () => {
    referenceApi();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderInApp(<Harness Dialog={ModelsDialog} initial={[]} onApply={() => {}} />);
    await user.click(screen.getByText('открыть'));
    expect(within(dialog()).getByText('Сначала выберите марку')).toBeTruthy();
  });

  it("lists the chosen brands' models, finds by synonym, and says when none match", async () => {
    const api = referenceApi();
    const applied = vi.fn();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderInApp(<Harness Dialog={ModelsDialog} initial={[]} brandsChosen={[1, 2]} onApply={applied} />);
    await user.click(screen.getByText('открыть'));
    await within(dialog()).findByRole('checkbox', { name: 'Camry' });
    expect(
      api
        .to('GET /api/models')
        .map((r) => r.query.get('car_brand_id'))
        .sort(),
    ).toEqual(['1', '2']);
    expect(within(dialog()).getByRole('checkbox', { name: 'Rio' })).toBeTruthy();

    const search = within(dialog()).getByRole('searchbox', { name: 'Найти модель' });
    await user.type(search, 'КАМРИ');
    expect(within(dialog()).getAllByRole('checkbox')).toHaveLength(1);
    await user.click(box('Camry'));
    await user.clear(search);
    await user.type(search, 'Solaris');
    expect(within(dialog()).getByText('Нет доступных моделей')).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Применить' }));
    expect(applied).toHaveBeenCalledWith([10]);
  });
});

describe('cities dialog', () => {
  it('groups cities by region, shows the first 50 of each, and finds by region too', async () => {
    referenceApi();
    const applied = vi.fn();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderInApp(<Harness Dialog={CitiesDialog} initial={[]} onApply={applied} />);
    await user.click(screen.getByText('открыть'));
    const tatarstan = await within(dialog()).findByRole('region', { name: 'Республика Татарстан' });
    expect(within(tatarstan).getAllByRole('checkbox')).toHaveLength(2);
    const moscowRegion = within(dialog()).getByRole('region', { name: 'Московская область' });
    expect(within(moscowRegion).getAllByRole('checkbox')).toHaveLength(50);
    expect(within(moscowRegion).getByText('Ещё 2 — найдите через поиск')).toBeTruthy();

    await user.type(within(dialog()).getByRole('searchbox', { name: 'Найти город или регион' }), 'татар');
    expect(
      within(dialog())
        .getAllByRole('checkbox')
        .map((input) => input.closest('label')?.textContent),
    ).toEqual(['Казань', 'Набережные Челны']);
    await user.click(box('Казань'));
    await user.click(within(dialog()).getByRole('button', { name: 'Применить' }));
    expect(applied).toHaveBeenCalledWith([100]);
  });

  it('says when no city matches', async () => {
    referenceApi();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderInApp(<Harness Dialog={CitiesDialog} initial={[]} onApply={() => {}} />);
    await user.click(screen.getByText('открыть'));
    await within(dialog()).findByRole('region', { name: 'Республика Татарстан' });
    await user.type(within(dialog()).getByRole('searchbox', { name: 'Найти город или регион' }), 'Атлантида');
    expect(within(dialog()).getByText('Ничего не найдено')).toBeTruthy();
  });
});

const now = new Date('2025-06-15T10:00:00.000Z');

describe('price menu', () => {
  it('keeps digits only, grouped, and applies empty fields as no bound', async () => {
    const applied = vi.fn();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderInApp(
      <PriceMenu
        open
        onClose={() => {}}
        applied={{ priceFrom: null, priceTo: 2_000_000 }}
        onApply={applied}
        now={now}
      />,
    );
    const from = screen.getByRole<HTMLInputElement>('textbox', { name: 'Цена от' });
    const to = screen.getByRole<HTMLInputElement>('textbox', { name: 'Цена до' });
    expect(to.value).toBe('2\u00a0000\u00a0000');
    await user.type(from, '5x00 000р');
    expect(from.value).toBe('500\u00a0000');
    await user.clear(to);
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(applied).toHaveBeenCalledWith({ priceFrom: 500_000, priceTo: null });
  });

  it('refuses a bound above 100 000 000 or from above to, with the reason', async () => {
    const applied = vi.fn();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderInApp(
      <PriceMenu open onClose={() => {}} applied={{ priceFrom: null, priceTo: null }} onApply={applied} now={now} />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Цена до' }), '100000001');
    expect(screen.getByRole('alert').textContent).toBe('Цена должна быть от 0 до 100\u00a0000\u00a0000');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Применить' }).disabled).toBe(true);
    await user.clear(screen.getByRole('textbox', { name: 'Цена до' }));
    await user.type(screen.getByRole('textbox', { name: 'Цена до' }), '100');
    await user.type(screen.getByRole('textbox', { name: 'Цена от' }), '200');
    expect(screen.getByRole('alert').textContent).toBe('Цена «от» не может быть больше цены «до»');
    await user.click(screen.getByRole('button', { name: 'Очистить' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(applied).toHaveBeenCalledWith({ priceFrom: null, priceTo: null });
  });
});

describe('year menu', () => {
  it('takes 1900 to the current year in the fields; the slider runs 1970 to the current year', async () => {
    const applied = vi.fn();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderInApp(
      <YearMenu open onClose={() => {}} applied={{ yearFrom: null, yearTo: null }} onApply={applied} now={now} />,
    );
    const sliders = screen.getAllByRole<HTMLInputElement>('slider');
    expect(sliders.map((slider) => [slider.getAttribute('aria-label'), slider.value])).toEqual([
      ['Год от', '1970'],
      ['Год до', '2025'],
    ]);
    await user.type(screen.getByRole('textbox', { name: 'Год от' }), '1899');
    expect(screen.getByRole('alert').textContent).toBe('Некорректный год');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Применить' }).disabled).toBe(true);
    await user.clear(screen.getByRole('textbox', { name: 'Год от' }));
    await user.type(screen.getByRole('textbox', { name: 'Год от' }), '1900');
    await user.type(screen.getByRole('textbox', { name: 'Год до' }), '2026');
    expect(screen.getByRole('alert').textContent).toBe('Некорректный год');
    await user.clear(screen.getByRole('textbox', { name: 'Год до' }));
    await user.type(screen.getByRole('textbox', { name: 'Год до' }), '2015');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(applied).toHaveBeenCalledWith({ yearFrom: 1900, yearTo: 2015 });
  });

  it('sends the slider defaults as null', async () => {
    const applied = vi.fn();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderInApp(
      <YearMenu open onClose={() => {}} applied={{ yearFrom: 2010, yearTo: null }} onApply={applied} now={now} />,
    );
    const [start] = screen.getAllByRole<HTMLInputElement>('slider');
    expect(start?.value).toBe('2010');
    // Moving the start thumb back to its default (1970) means no lower bound.
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.change(start!, { target: { value: '1970' } });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Год от' }).value).toBe('');
    fireEvent.change(start!, { target: { value: '2012' } });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Год от' }).value).toBe('2012');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(applied).toHaveBeenCalledWith({ yearFrom: 2012, yearTo: null });
  });
});
