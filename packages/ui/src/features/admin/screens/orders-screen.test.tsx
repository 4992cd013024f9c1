// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@autoradar/contract';
import { describe, expect, it } from 'vitest';
import { fakeApi, setUpScreenTests, testPartner, json, renderAt } from '../testing/screen-tests';
import { OrdersScreen } from './orders-screen';

const order = (id: number, vin: string, status: Order['status']): Order => ({
  id,
  partner_id: 2,
  string: vin,
  status,
  created_at: '2025-06-15T10:00:00.000Z',
  result: {},
});

function ordersApi(list: Order[], create?: () => Response) {
  return fakeApi(({ method, path }) => {
    if (path === '/api/partners/2') return json(200, { data: testPartner });
    if (method === 'GET' && path === '/api/partners/2/orders') return json(200, { data: list });
    if (method === 'POST' && path === '/api/partners/2/orders' && create) return create();
    return undefined;
  });
}

const vin = () => screen.getByRole('textbox', { name: 'Новый отчет по VIN' });
const submit = () => screen.getByRole('button', { name: 'Заказать отчет' });

setUpScreenTests();

describe('report orders', () => {
  it('says «Отчеты не найдены» when the partner has none', async () => {
    ordersApi([]);
    renderAt(<OrdersScreen />, '/partners/2/orders', '/partners/:id/orders');
    expect(await screen.findByText('Отчеты не найдены')).toBeTruthy();
  });

  it('lists the orders with their VIN and status, each a link to its detail', async () => {
    ordersApi([order(7, 'XTA21703080123456', 'completed'), order(6, 'Z94CB41AAER123456', 'processing')]);
    renderAt(<OrdersScreen />, '/partners/2/orders', '/partners/:id/orders');
    const done = await screen.findByRole('link', { name: 'XTA21703080123456, Завершён' });
    expect(done.getAttribute('href')).toBe('/partners/2/orders/7');
    expect(screen.getByRole('link', { name: 'Z94CB41AAER123456, В обработке' })).toBeTruthy();
  });

  it('checks the VIN as the API does before ordering: required, 17 characters, the check digit where it applies', async () => {
    const requests = ordersApi([]);
    const user = userEvent.setup();
    renderAt(<OrdersScreen />, '/partners/2/orders', '/partners/:id/orders');
    await screen.findByText('Отчеты не найдены');
    await user.click(submit());
    expect(screen.getByText('Обязательное поле')).toBeTruthy();
    await user.type(vin(), 'XTA2170308012345');
    await user.click(submit());
    expect(screen.getByText('Некорректный VIN')).toBeTruthy();
    await user.clear(vin());
    await user.type(vin(), '1HGCM82633A004353'); // a North American VIN with a wrong check digit
    await user.click(submit());
    expect(screen.getByText('Некорректный VIN')).toBeTruthy();
    expect(requests.filter(({ method }) => method === 'POST')).toEqual([]);
  });

  it('orders a pasted VIN and opens the new order', async () => {
    const requests = ordersApi([], () => json(201, { data: order(9, 'XTA21703080123456', 'new') }));
    const user = userEvent.setup();
    renderAt(<OrdersScreen />, '/partners/2/orders', '/partners/:id/orders');
    await screen.findByText('Отчеты не найдены');
    await user.type(vin(), 'xta2 1703 0801 23456');
    await user.click(submit());
    await screen.findByText('Другая страница');
    const post = requests.find(({ method }) => method === 'POST')!;
    expect(await post.request.clone().json()).toEqual({ string: 'xta2 1703 0801 23456', partner_id: 2 });
  });

  it('says «Не удалось создать заказ» when the order fails, with the API’s reason under the field', async () => {
    ordersApi([], () =>
      json(422, { message: 'Проверьте правильность заполнения полей', errors: { string: ['Некорректный VIN'] } }),
    );
    const user = userEvent.setup();
    renderAt(<OrdersScreen />, '/partners/2/orders', '/partners/:id/orders');
    await screen.findByText('Отчеты не найдены');
    await user.type(vin(), 'XTA21703080123456');
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Не удалось создать заказ');
    expect(screen.getByText('Некорректный VIN')).toBeTruthy();
    expect(vin()).toHaveProperty('value', 'XTA21703080123456');
  });
});
