// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PriceHistoryView } from './price-history';

afterEach(cleanup);

const now = new Date('2026-11-28T12:00:00Z');

describe('price history', () => {
  it('shows the change since first seen over the days, a chart and every price with its date', () => {
    render(
      <PriceHistoryView
        now={now}
        points={[
          { price: 2_500_000, currency: 'RUB', recorded_at: '2026-11-16T09:00:00Z' },
          { price: 2_400_000, currency: 'RUB', recorded_at: '2026-11-20T09:00:00Z' },
          { price: 2_350_000, currency: 'RUB', recorded_at: '2026-11-27T09:00:00Z' },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'История цены' })).toBeTruthy();
    expect(document.querySelector('.price-history__change')?.textContent).toBe('−150\u00a0000\u00a0₽ за 12 дней');
    expect(screen.getByRole('img', { name: 'График цены: 3 значения' })).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      '27 нояб.2\u00a0350\u00a0000\u00a0₽',
      '20 нояб.2\u00a0400\u00a0000\u00a0₽',
      '16 нояб.2\u00a0500\u00a0000\u00a0₽',
    ]);
  });

  it('says since when an unchanged price holds, without a chart, and shows nothing without prices', () => {
    const { container } = render(
      <PriceHistoryView
        now={now}
        points={[{ price: 990_000, currency: 'RUB', recorded_at: '2026-11-01T09:00:00Z' }]}
      />,
    );
    expect(screen.getByText('Цена не менялась с 1 ноября 2026 г.')).toBeTruthy();
    expect(container.querySelector('svg')).toBeNull();
    cleanup();
    const empty = render(<PriceHistoryView now={now} points={[]} />);
    expect(empty.container.innerHTML).toBe('');
  });
});
