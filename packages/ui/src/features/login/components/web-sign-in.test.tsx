// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSignIn, WIDGET_LOAD_TIMEOUT_MS } from './web-sign-in';

/**
 * happy-dom fails every external script at once (it loads none); a browser may also take its time or hang. The
 * widget's script is therefore held here, not inserted, and the test decides when it loads or fails.
 */
function holdWidgetScript(): () => HTMLScriptElement | undefined {
  let held: HTMLScriptElement | undefined;
  // happy-dom defines appendChild on Node.prototype; read it before the spy replaces it.
  const original = Object.getOwnPropertyDescriptor(Node.prototype, 'appendChild')?.value as (
    this: Node,
    node: Node,
  ) => Node;
  vi.spyOn(Node.prototype, 'appendChild').mockImplementation(function <T extends Node>(this: Node, node: T): T {
    if (node instanceof HTMLScriptElement) {
      held = node;
      return node;
    }
    return original.call(this, node) as T;
  });
  return () => held;
}

function renderSignIn(props: { botUsername?: string; yandexEnabled?: boolean } = {}) {
  return render(
    <AppRoot>
      <WebSignIn botUsername={props.botUsername} yandexEnabled={props.yandexEnabled ?? false} redirect="/profile" />
    </AppRoot>,
  );
}

describe('web sign-in (issue 11: sign-in never dead-ends)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('loads the Login Widget for the bot, with the callback that returns to the redirect', () => {
    const widgetScript = holdWidgetScript();
    renderSignIn({ botUsername: 'autoradar_bot' });
    const script = widgetScript();
    expect(script?.dataset['telegramLogin']).toBe('autoradar_bot');
    expect(script?.dataset['authUrl']).toBe('/auth/telegram/callback?redirect=%2Fprofile');
    expect(screen.getByText('Загружаем кнопку входа через Telegram…')).toBeTruthy();
  });

  it('when the widget script cannot load, says so in Russian and offers the bot instead', () => {
    const widgetScript = holdWidgetScript();
    renderSignIn({ botUsername: 'autoradar_bot' });
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => {
      widgetScript()?.dispatchEvent(new Event('error'));
    });
    expect(screen.getByRole('alert').textContent).toContain('Не удалось загрузить кнопку входа через Telegram');
    const bot = screen.getByRole('link', { name: 'Войти через бота' });
    expect(bot.getAttribute('href')).toBe('https://t.me/autoradar_bot');
  });

  it('a widget that neither loads nor fails in time counts as blocked', async () => {
    holdWidgetScript();
    renderSignIn({ botUsername: 'autoradar_bot' });
    await act(async () => vi.advanceTimersByTimeAsync(WIDGET_LOAD_TIMEOUT_MS - 1));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('link', { name: 'Войти через бота' })).toBeTruthy();
  });

  it('a widget that loads stays, without the fallback', async () => {
    const widgetScript = holdWidgetScript();
    renderSignIn({ botUsername: 'autoradar_bot' });
    act(() => {
      widgetScript()?.dispatchEvent(new Event('load'));
    });
    await act(async () => vi.advanceTimersByTimeAsync(WIDGET_LOAD_TIMEOUT_MS * 2));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('telegram-login-widget')).toBeTruthy();
  });

  it('offers Yandex ID only when the server has it set up', () => {
    holdWidgetScript();
    renderSignIn({ botUsername: 'autoradar_bot' });
    expect(screen.queryByText('Войти через Яндекс')).toBeNull();
    cleanup();
    renderSignIn({ botUsername: 'autoradar_bot', yandexEnabled: true });
    expect(screen.getByText('Войти через Яндекс').closest('a')?.getAttribute('href')).toBe(
      '/auth/yandex/redirect?redirect=%2Fprofile',
    );
  });
});
