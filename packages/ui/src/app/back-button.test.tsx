// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Platform } from '../platform';
import { PATHS } from '../paths';
import { BackButtonLayout } from './back-button';
import { Providers } from './testing';

// Inside Telegram the native back button does the back. When the Telegram SDK fails to load (a blocked or broken
// chunk), that button never shows: the app's own back control stands in its place, and only then (issue 32).

/** A mini-app platform whose native back button becomes unavailable when `fail()` is called. */
function miniAppPlatform() {
  let failed = false;
  const listeners = new Set<() => void>();
  const shown: boolean[] = [];
  const platform: Platform = {
    kind: 'miniapp',
    openLink: () => {},
    backButton: {
      show: () => shown.push(true),
      hide: () => shown.push(false),
      onClick: () => () => {},
      unavailable: {
        get: () => failed,
        subscribe: (onChange) => {
          listeners.add(onChange);
          return () => listeners.delete(onChange);
        },
      },
    },
  };
  const fail = () => {
    failed = true;
    listeners.forEach((listener) => listener());
  };
  return { platform, fail, shown };
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(path: string, platform: Platform) {
  return render(
    <Providers path={path} platform={platform}>
      <Routes>
        <Route element={<BackButtonLayout />}>
          <Route path="*" element={<Where />} />
        </Route>
      </Routes>
    </Providers>,
  );
}

const backControl = () => screen.queryByRole('button', { name: /Назад/ });

afterEach(cleanup);

describe('BackButtonLayout without Telegram’s back button', () => {
  it('shows no back control of its own while the native button works', () => {
    const { platform, shown } = miniAppPlatform();
    renderAt('/posts/5', platform);
    expect(shown).toEqual([true]);
    expect(backControl()).toBeNull();
  });

  it('shows its own back control once the SDK failed, and it leads back (to the feed from a first page)', () => {
    const { platform, fail } = miniAppPlatform();
    renderAt('/posts/5', platform);
    act(fail);
    const back = backControl();
    expect(back).not.toBeNull();
    fireEvent.click(back!);
    expect(screen.getByTestId('where').textContent).toBe(PATHS.search);
    // The feed is a root tab: no back there.
    expect(backControl()).toBeNull();
  });

  it('shows none on the web, where the browser has its own', () => {
    renderAt('/posts/5', { kind: 'web', openLink: () => {} });
    expect(backControl()).toBeNull();
  });
});
