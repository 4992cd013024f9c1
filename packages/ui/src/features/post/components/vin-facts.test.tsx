// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { afterEach, describe, expect, it } from 'vitest';
import { VinFactsSection } from './vin-facts';

afterEach(cleanup);

describe('VIN report facts', () => {
  it('shows owners, registration years, restrictions and OSAGO, with the report date', () => {
    render(
      <AppRoot>
        <VinFactsSection
          facts={{
            owners: 2,
            registration_years: [
              { from: 2015, to: 2018 },
              { from: 2018, to: null },
            ],
            restrictions_found: false,
            osago_active: true,
            checked_at: '2026-11-20T09:00:00Z',
          }}
        />
      </AppRoot>,
    );
    const text = document.body.textContent ?? '';
    expect(text).toContain('Проверка по VIN');
    expect(text).toContain('Владельцев2');
    expect(text).toContain('2015–2018, с 2018');
    expect(text).toContain('ОграниченияНе найдены');
    expect(text).toContain('ОСАГОДействует');
    expect(screen.getByText('По отчёту от 20 ноября 2026 г.')).toBeTruthy();
  });

  it('leaves out what the report does not have', () => {
    render(
      <AppRoot>
        <VinFactsSection
          facts={{
            owners: null,
            registration_years: [],
            restrictions_found: true,
            osago_active: null,
            checked_at: '2026-11-20T09:00:00Z',
          }}
        />
      </AppRoot>,
    );
    const text = document.body.textContent ?? '';
    expect(text).toContain('ОграниченияНайдены');
    expect(text).not.toContain('Владельцев');
    expect(text).not.toContain('ОСАГО');
  });
});
