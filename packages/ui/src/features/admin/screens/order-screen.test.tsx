// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order, OrderPart } from '@autoradar/contract';
import { ORDER_POLL_INTERVAL_MS, type OrderStatus } from '@autoradar/core';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, setUpScreenTests, json, renderAt } from '../testing/screen-tests';
import { OrderScreen } from './order-screen';

const VIN = 'XTA21703080123456';
const PATH = '/partners/2/orders/5';
const ROUTE = '/partners/:id/orders/:orderId';

const parts: OrderPart[] = [
  { id: 1, key: 'baseInfo', title: 'Основная информация' },
  { id: 2, key: 'ownershipPeriods', title: 'Периоды владения' },
  { id: 3, key: 'osago', title: 'Полисы ОСАГО' },
  { id: 4, key: 'restrictions', title: 'Ограничения' },
];

const pending = (status: OrderStatus) => ({ status, value: null });

function order(status: OrderStatus, result: Order['result'] = {}): Order {
  return {
    id: 5,
    partner_id: 2,
    string: VIN,
    status,
    created_at: '2025-06-15T10:00:00.000Z',
    result: {
      baseInfo: pending(status),
      ownershipPeriods: pending(status),
      osago: pending(status),
      restrictions: pending(status),
      ...result,
    },
  };
}

const completedResult: Order['result'] = {
  baseInfo: {
    status: 'completed',
    value: { vin: VIN, year: 2008, model: 'LADA Priora', powerHp: 98, powerKwt: 72.1, engineVolume: 1596 },
  },
  ownershipPeriods: {
    status: 'completed',
    value: [
      { owner: 'natural', startDate: '2008-05-01', endDate: '2015-03-12', operation: '01' },
      { owner: 'legal', startDate: '2015-03-12', endDate: '2016-01-10', operation: '62' },
      { owner: 'natural', startDate: '2016-01-10', endDate: '2017-02-01', operation: '3' },
      { owner: 'natural', startDate: '2017-02-01', endDate: '2018-04-04', operation: '12' },
      { owner: 'natural', startDate: '2018-04-04', endDate: '2019-05-05', operation: '69' },
      { owner: 'legal', startDate: '2019-05-05', endDate: null, operation: '99' },
    ],
  },
  osago: {
    status: 'completed',
    value: [
      { insuranceNumber: 'ХХХ 0001', kbm: 0.74, cost: 15514, isActive: true },
      { insuranceNumber: 'ХХХ 0002', kbm: 1.4, isActive: false },
      { insuranceNumber: 'ХХХ 0003', kbm: 1 },
    ],
  },
  restrictions: { status: 'completed', value: [] },
};

const detail = (status: OrderStatus, result?: Order['result']) => json(200, { order: order(status, result), parts });

/** The page's timeouts are faked; the fake clock also follows real time, so Testing Library's waits still end. */
const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });

const poll = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ORDER_POLL_INTERVAL_MS);
  });

const statusText = () => screen.getByTestId('order-status').textContent;
const detailCalls = (requests: { method: string; path: string }[]) =>
  requests.filter(({ method, path }) => method === 'GET' && path === '/api/partners/2/orders/5').length;

setUpScreenTests();

describe('order detail: polling', () => {
  it('asks again every 10 s until the order is finished, then stops; download only once completed', async () => {
    fakeClock();
    const answers = [detail('new'), detail('processing'), detail('completed', completedResult)];
    const requests = fakeApi(({ method, path }) =>
      method === 'GET' && path === '/api/partners/2/orders/5' ? (answers.shift() ?? detail('completed')) : undefined,
    );
    renderAt(<OrderScreen />, PATH, ROUTE);

    await waitFor(() => expect(statusText()).toBe('Ожидает'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Отчет ${VIN}`);
    expect(screen.getByText('Статус обновляется автоматически каждые 10 секунд')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Скачать JSON' })).toHaveProperty('disabled', true);
    expect(detailCalls(requests)).toBe(1);

    // Nothing is asked before the 10 s are up.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ORDER_POLL_INTERVAL_MS - 500);
    });
    expect(detailCalls(requests)).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    await waitFor(() => expect(statusText()).toBe('В обработке'));
    expect(detailCalls(requests)).toBe(2);

    await poll();
    await waitFor(() => expect(statusText()).toBe('Завершён'));
    expect(screen.getByRole('button', { name: 'Скачать JSON' })).toHaveProperty('disabled', false);
    expect(screen.queryByText('Статус обновляется автоматически каждые 10 секунд')).toBeNull();

    await poll();
    await poll();
    expect(detailCalls(requests)).toBe(3);
  });

  it('a poll that fails keeps the order on screen, says why, and the next one recovers', async () => {
    fakeClock();
    const answers = [detail('new'), json(500, { message: 'Внутренняя ошибка сервера' }), detail('failed')];
    fakeApi(({ method }) => (method === 'GET' ? answers.shift() : undefined));
    renderAt(<OrderScreen />, PATH, ROUTE);
    await waitFor(() => expect(statusText()).toBe('Ожидает'));

    await poll();
    expect((await screen.findByRole('alert')).textContent).toBe('Внутренняя ошибка сервера');
    expect(statusText()).toBe('Ожидает');

    await poll();
    await waitFor(() => expect(statusText()).toBe('Ошибка'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refreshes on request: the answer replaces the order and polling resumes for a requeued one', async () => {
    const requests = fakeApi(({ method, path }) => {
      if (method === 'GET') return detail('failed');
      if (method === 'POST' && path === '/api/partners/2/orders/5/refresh') return detail('new');
      return undefined;
    });
    const user = userEvent.setup();
    renderAt(<OrderScreen />, PATH, ROUTE);
    await waitFor(() => expect(statusText()).toBe('Ошибка'));
    expect(screen.queryByText('Статус обновляется автоматически каждые 10 секунд')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Обновить' }));
    await waitFor(() => expect(statusText()).toBe('Ожидает'));
    expect(screen.getByText('Статус обновляется автоматически каждые 10 секунд')).toBeTruthy();
    expect(requests.some(({ method }) => method === 'POST')).toBe(true);
  });
});

describe('order detail: download', () => {
  it('saves the report as a JSON file named after the VIN and the order', async () => {
    const report = order('completed', completedResult);
    fakeApi(({ path }) => (path.endsWith('/download') ? json(200, report) : detail('completed', completedResult)));
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:report';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    renderAt(<OrderScreen />, PATH, ROUTE);
    await user.click(await screen.findByRole('button', { name: 'Скачать JSON' }));
    await waitFor(() => expect(names).toEqual([`report-${VIN}-5.json`]));
    expect(JSON.parse(await blobs[0]!.text())).toEqual(report);
    expect(blobs[0]!.type).toBe('application/json');
  });

  it('says «Не удалось скачать отчет» when the file cannot be had', async () => {
    fakeApi(({ path }) =>
      path.endsWith('/download') ? json(409, { message: 'Отчёт ещё не готов' }) : detail('completed', completedResult),
    );
    const user = userEvent.setup();
    renderAt(<OrderScreen />, PATH, ROUTE);
    await user.click(await screen.findByRole('button', { name: 'Скачать JSON' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Не удалось скачать отчет');
  });
});

describe('order detail: sections', () => {
  async function openSection(name: string) {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: new RegExp(name) }));
    return screen.getByRole('region', { name });
  }

  /** An opened section's items (owners, policies), as their text. */
  async function sectionItems(name: string) {
    return within(await openSection(name))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  }

  it('lists the parts with their status; base info shows the vehicle', async () => {
    fakeApi(() => detail('completed', completedResult));
    renderAt(<OrderScreen />, PATH, ROUTE);
    const summaries = await screen.findAllByRole('button', { name: /Статус раздела: Завершён/ });
    expect(summaries).toHaveLength(4);
    const base = await openSection('Основная информация');
    expect(base.textContent).toContain(VIN);
    expect(base.textContent).toContain('1\u00a0596');
    expect(base.textContent).toContain('72,1');
  });

  it('names each ownership operation by its code and the owner as a natural or legal person', async () => {
    fakeApi(() => detail('completed', completedResult));
    renderAt(<OrderScreen />, PATH, ROUTE);
    const items = await sectionItems('Периоды владения');
    expect(items).toHaveLength(6);
    expect(items[0]).toContain('Первичная регистрация (код 01)');
    expect(items[0]).toContain('Физическое лицо');
    expect(items[0]).toContain('01.05.2008');
    expect(items[1]).toContain('Смена владельца (код 62)');
    expect(items[1]).toContain('Юридическое лицо');
    expect(items[2]).toContain('Снятие с учёта (код 03)');
    expect(items[3]).toContain('Перерегистрация (код 12)');
    expect(items[4]).toContain('Временная регистрация (код 69)');
    expect(items[5]).toContain('Операция 99');
    expect(items[5]).not.toContain('код');
    expect(items[5]).toContain('по настоящее время');
  });

  it('shows kbm as a discount, a surcharge or neither', async () => {
    fakeApi(() => detail('completed', completedResult));
    renderAt(<OrderScreen />, PATH, ROUTE);
    const items = await sectionItems('Полисы ОСАГО');
    expect(items[0]).toContain('0,74 — Скидка 26%');
    expect(items[0]).toContain('15\u00a0514\u00a0₽');
    expect(items[1]).toContain('1,4 — Надбавка 40%');
    expect(items[2]).toContain('1 — Без скидки и надбавки');
  });

  it('says there are no restrictions, and why a failed or unfinished section is empty', async () => {
    fakeApi(() =>
      detail('failed', {
        ...completedResult,
        osago: { status: 'failed', value: null },
        baseInfo: { status: 'processing', value: null },
      }),
    );
    renderAt(<OrderScreen />, PATH, ROUTE);
    expect((await openSection('Ограничения')).textContent).toBe('Ограничений нет');
    expect((await openSection('Полисы ОСАГО')).textContent).toBe('Поставщик не вернул данные по этому разделу');
    expect((await openSection('Основная информация')).textContent).toBe('Раздел ещё не готов');
    expect(screen.getByRole('button', { name: /Полисы ОСАГО/ }).textContent).toContain('Статус раздела: Ошибка');
  });

  it('shows «Не удалось загрузить данные» with a retry when the order cannot be loaded', async () => {
    fakeApi(() => json(500, { message: 'Внутренняя ошибка сервера' }));
    renderAt(<OrderScreen />, PATH, ROUTE);
    expect(await screen.findByText('Не удалось загрузить данные')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });
});
