// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { AppRoot } from '@telegram-apps/telegram-ui';
import type { RatesResponse } from '@autoradar/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppTicker } from './app-ticker';

const answer = (values: (number | null)[]): RatesResponse => ({
  data: (['USD/RUB', 'EUR/RUB', 'CNY/RUB', 'BTC/USD'] as const).map((pair, i) => ({
    pair,
    value: values[i] ?? null,
    fetchedAt: values[i] == null ? null : '2026-03-10T09:00:00.000Z',
  })),
});

/** The four values as a screen reader gets them. */
const listed = () =>
  within(screen.getByRole('list', { name: 'Курсы валют' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const shown = () => document.querySelector('[data-active="true"]')?.textContent?.replace(/[ \n\t]+/g, ' ');

async function flush() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('currency ticker (spec §2, §8, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the four pairs with two decimals and moves to the next one every 5 s', async () => {
    const load = vi.fn(() => Promise.resolve(answer([81.2345, 94.5678, 11.3456, 67187.334])));
    render(
      <AppRoot>
        <AppTicker load={load} />
      </AppRoot>,
    );
    await flush();
    expect(listed()).toEqual(['USD/RUB 81,23', 'EUR/RUB 94,57', 'CNY/RUB 11,35', 'BTC/USD 67\u00a0187,33']);
    const seen = [shown()];
    for (let i = 0; i < 4; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5000);
      });
      seen.push(shown());
    }
    expect(seen).toEqual([
      'USD/RUB 81,23',
      'EUR/RUB 94,57',
      'CNY/RUB 11,35',
      'BTC/USD 67\u00a0187,33',
      'USD/RUB 81,23',
    ]);
  });

  it('refreshes every 60 s; a failed refresh makes every value error, the next good one brings them back', async () => {
    const load = vi
      .fn<(signal: AbortSignal) => Promise<RatesResponse>>()
      .mockResolvedValueOnce(answer([80, 90, 11, 60000]))
      .mockRejectedValueOnce(new Error('no answer'))
      .mockResolvedValueOnce(answer([82, 92, 12, 61000]));
    render(<AppTicker load={load} />);
    await flush();
    expect(listed()[0]).toBe('USD/RUB 80,00');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_000);
    });
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(load).toHaveBeenCalledTimes(2);
    expect(listed()).toEqual(['USD/RUB error', 'EUR/RUB error', 'CNY/RUB error', 'BTC/USD error']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(listed()).toEqual(['USD/RUB 82,00', 'EUR/RUB 92,00', 'CNY/RUB 12,00', 'BTC/USD 61\u00a0000,00']);
  });

  it('a pair the server has no value for yet reads error, the others their value', async () => {
    render(<AppTicker load={() => Promise.resolve(answer([81, 94, 11, null]))} />);
    await flush();
    expect(listed()).toEqual(['USD/RUB 81,00', 'EUR/RUB 94,00', 'CNY/RUB 11,00', 'BTC/USD error']);
  });

  it('stops asking once it is gone', async () => {
    const load = vi.fn(() => Promise.resolve(answer([1, 2, 3, 4])));
    const { unmount } = render(<AppTicker load={load} />);
    await flush();
    unmount();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(180_000);
    });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
