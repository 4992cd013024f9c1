// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { SaveBrandRequestSchema } from '@autoradar/contract';
import { MESSAGES } from '@autoradar/core';
import { describe, expect, it, vi } from 'vitest';
import { describeOr } from './action-errors';
import { ApiError } from './api-error';
import { useAction } from './use-action';
import { useSaveForm } from './use-save-form';

// The write side every form shares (docs/decisions.md, "A shared UI layer (issue 27)").

const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('useAction', () => {
  it('runs once while it runs (a double press sends one request), then says why it failed', async () => {
    const answer = deferred<string>();
    const run = vi.fn(() => answer.promise);
    const { result } = renderHook(() => useAction(run, describeOr('Не удалось сохранить')));

    let first!: Promise<unknown>;
    act(() => {
      first = result.current.start();
    });
    expect(result.current.state).toEqual({ kind: 'pending' });
    let second: unknown;
    await act(async () => {
      second = await result.current.start();
    });
    expect(second).toMatchObject({ ok: false });
    expect(run).toHaveBeenCalledTimes(1);

    await act(async () => {
      answer.resolve('сохранено');
      await first;
    });
    await expect(first).resolves.toEqual({ ok: true, value: 'сохранено' });
    expect(result.current.state).toEqual({ kind: 'idle' });

    run.mockImplementationOnce(() => Promise.reject(new ApiError(null, null)));
    await act(async () => {
      await result.current.start();
    });
    expect(result.current.state).toMatchObject({ kind: 'failed', message: MESSAGES.connectionProblem });
    act(() => result.current.reset());
    expect(result.current.state).toEqual({ kind: 'idle' });
  });
});

describe('useSaveForm', () => {
  type Body = { name: string; synonyms: string[]; popular: boolean };
  const form = (save: (body: Body) => Promise<{ id: number }>, onSaved = vi.fn()) =>
    renderHook(() =>
      useSaveForm({
        initial: { name: '' },
        toBody: (fields: { name: string }): Body => ({ name: fields.name.trim(), synonyms: [], popular: false }),
        schema: SaveBrandRequestSchema,
        save,
        describeError: describeOr('Не удалось сохранить'),
        onSaved,
      }),
    );

  it('refuses in the contract’s words before sending, and a field typed again loses its error', async () => {
    const save = vi.fn(() => Promise.resolve({ id: 1 }));
    const { result } = form(save);
    await act(() => result.current.submit());
    expect(save).not.toHaveBeenCalled();
    expect(result.current.errors['name']).toBeTruthy();
    act(() => result.current.setField('name', 'Лада'));
    expect(result.current.errors).toEqual({});
  });

  it('sends what passes, hands the answer on, and shows a 422 under its fields', async () => {
    const onSaved = vi.fn();
    const save = vi
      .fn<(body: Body) => Promise<{ id: number }>>()
      .mockRejectedValueOnce(new ApiError(422, { message: 'Ошибка', errors: { name: ['Такая марка уже есть'] } }))
      .mockResolvedValueOnce({ id: 7 });
    const { result } = form(save, onSaved);
    act(() => result.current.setField('name', ' Лада '));
    await act(() => result.current.submit());
    expect(save).toHaveBeenLastCalledWith({ name: 'Лада', synonyms: [], popular: false });
    expect(result.current.errors).toEqual({ name: 'Такая марка уже есть' });
    expect(result.current.state).toEqual(expect.objectContaining({ kind: 'failed', message: 'Не удалось сохранить' }));
    expect(onSaved).not.toHaveBeenCalled();

    await act(() => result.current.submit());
    expect(onSaved).toHaveBeenCalledWith({ id: 7 });
    expect(result.current.state).toEqual({ kind: 'idle' });
  });
});
