// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, createStore } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppRoot } from '@telegram-apps/telegram-ui';
import type { User } from '@autoradar/contract';
import { sampleUser } from '@autoradar/contract/fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { PlatformContext, type Platform } from '../../platform';
import { logoutAtom, signInAtom } from '../../session/state';
import { describePayError, openCheckout } from './checkout';
import { PayScreen } from './screens/pay-screen';

/** A basic user: no PRO, no test period started. */
const user: User = { ...sampleUser, id: 7, is_pro: false, pro_expired: null, started_at: null };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('payment error texts (spec §8)', () => {
  it('joins the message and the field errors', () => {
    const error = new ApiError(422, {
      message: 'Проверьте правильность заполнения полей',
      errors: { pro: ['Можно оплатить только PRO'] },
    });
    expect(describePayError(error)).toBe('Проверьте правильность заполнения полей\nМожно оплатить только PRO');
  });

  it("shows the server's message alone when there are no field errors", () => {
    expect(describePayError(new ApiError(503, { message: 'Оплата временно недоступна' }))).toBe(
      'Оплата временно недоступна',
    );
  });

  it('falls back to the generic text without an answer or without a message', () => {
    expect(describePayError(new ApiError(null, null))).toBe('Не удалось перейти к оплате');
    expect(describePayError(new ApiError(502, null))).toBe('Не удалось перейти к оплате');
  });
});

describe('going to the checkout page', () => {
  const here = { href: 'https://autoradar.test/pay', origin: 'https://autoradar.test' };

  it('opens our own sandbox page in place', () => {
    const assign = vi.fn();
    const openLink = vi.fn();
    openCheckout('https://autoradar.test/payment/sandbox/abc', { openLink }, { ...here, assign });
    expect(assign).toHaveBeenCalledWith('https://autoradar.test/payment/sandbox/abc');
    expect(openLink).not.toHaveBeenCalled();
  });

  it('hands an external checkout to the platform', () => {
    const assign = vi.fn();
    const openLink = vi.fn();
    openCheckout('https://yoomoney.ru/checkout/payments/v2/contract?orderId=1', { openLink }, { ...here, assign });
    expect(openLink).toHaveBeenCalledWith('https://yoomoney.ru/checkout/payments/v2/contract?orderId=1');
    expect(assign).not.toHaveBeenCalled();
  });
});

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

async function renderPay(signedIn: boolean) {
  const store = createStore();
  if (signedIn) await store.set(signInAtom, 'token-7');
  render(
    <Provider store={store}>
      <PlatformContext.Provider value={{ kind: 'web', openLink: () => {} } satisfies Platform}>
        <AppRoot appearance="light">
          <MemoryRouter initialEntries={['/pay']}>
            <Routes>
              <Route path="/pay" element={<PayScreen />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </AppRoot>
      </PlatformContext.Provider>
    </Provider>,
  );
}

describe('/pay', () => {
  let payBodies: unknown[];
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    localStorage.clear();
    payBodies = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const path = new URL(request.url, 'http://app.test').pathname;
      if (path === '/api/user/data') return json(200, user);
      if (path === '/api/payment/yookassa/pay') {
        payBodies.push(await request.json());
        return json(503, { message: 'Оплата временно недоступна' });
      }
      return json(404, { message: 'Не найдено' });
    });
  });
  afterEach(async () => {
    vi.useRealTimers();
    cleanup();
    await createStore().set(logoutAtom);
    vi.unstubAllGlobals();
  });

  it('shows PRO at 1 000 ₽ next to a crossed-out 3 000 ₽, and the inspection from 3 500 ₽', async () => {
    await renderPay(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Услуги и цены' })).toBeTruthy();
    const pro = screen.getByRole('region', { name: 'Подписка PRO' });
    expect(pro.textContent).toMatch(/1\s000\s₽/);
    expect(pro.querySelector('s')?.textContent).toMatch(/3\s000\s₽/);
    expect(screen.getByRole('region', { name: 'Осмотр автомобиля перед покупкой' }).textContent).toMatch(
      /от 3\s500\s₽/,
    );
  });

  it('asks a guest to sign in first and comes back to /pay', async () => {
    await renderPay(false);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Войти и подключить PRO' }));
    expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2Fpay');
    expect(payBodies).toEqual([]);
  });

  it("sends {pro, sum} and shows the server's refusal in a snackbar for 3 s", async () => {
    await renderPay(true);
    const button = await screen.findByRole('button', { name: /^Подключить PRO за 1\s000\s₽$/ });
    // The snackbar's own timer is faked; the fake answer arrives through promises alone once the error's schema,
    // which the app loads with the first refused answer (issue 32), is in the module cache: loaded here first.
    await import('@autoradar/contract/errors');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => button.click());
    for (let i = 0; i < 50 && !screen.queryByRole('alert'); i += 1) await act(() => Promise.resolve());
    expect(screen.getByRole('alert').textContent).toBe('Оплата временно недоступна');
    expect(payBodies).toEqual([{ pro: true, sum: 1000 }]);

    act(() => {
      vi.advanceTimersByTime(2_900);
    });
    expect(screen.queryByRole('alert')).not.toBeNull();
    // 3 s, then the kit's 320 ms closing transition.
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
