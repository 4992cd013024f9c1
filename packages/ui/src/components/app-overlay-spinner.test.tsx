// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppOverlaySpinner } from './app-overlay-spinner';

const overlay = () => screen.queryByRole('status', { name: 'Загрузка' });

describe('overlay spinner (spec §2, §9 loader minimum)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('stays at least 1 s even when the wait ends sooner, and leaves at once after a longer wait', async () => {
    const { rerender } = render(<AppOverlaySpinner active label="Загрузка" />);
    expect(overlay()).toBeTruthy();
    await act(async () => vi.advanceTimersByTimeAsync(200));
    rerender(<AppOverlaySpinner active={false} label="Загрузка" />);
    await act(async () => vi.advanceTimersByTimeAsync(700));
    expect(overlay()).toBeTruthy();
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(overlay()).toBeNull();

    rerender(<AppOverlaySpinner active label="Загрузка" />);
    await act(async () => vi.advanceTimersByTimeAsync(3000));
    expect(overlay()).toBeTruthy();
    rerender(<AppOverlaySpinner active={false} label="Загрузка" />);
    expect(overlay()).toBeNull();
  });

  it('never shows when nothing is awaited', () => {
    render(<AppOverlaySpinner active={false} label="Загрузка" />);
    expect(overlay()).toBeNull();
  });
});
