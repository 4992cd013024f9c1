import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { atomWithCall, callFamily, type CallAtom, type CallOptions } from './atom-with-call';

/** A load whose answers the test hands out one by one, recording each call's signal. */
function controlledLoad<T>() {
  const calls: { signal: AbortSignal; resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const load = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ signal, resolve, reject });
    });
  const call = (index: number) => {
    const found = calls[index];
    if (!found) throw new Error(`call ${index} was never made (${calls.length} made)`);
    return found;
  };
  return { load, calls, call };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Mounts the atom the way a screen's `useCall` does; returns the unmount. */
function mount<T>(store: ReturnType<typeof createStore>, callAtom: CallAtom<T>): () => void {
  return store.sub(callAtom, () => {});
}

/** A call atom on its own store with a controlled load, not yet mounted. */
function setup<T>(options?: CallOptions<T>) {
  const loads = controlledLoad<T>();
  const callAtom = atomWithCall(loads.load, options);
  const store = createStore();
  return {
    ...loads,
    callAtom,
    store,
    mount: () => mount(store, callAtom),
    state: () => store.get(callAtom),
  };
}

/** A mounted call atom whose first answer has arrived. */
async function loadedWith<T>(data: T, options?: CallOptions<T>) {
  const t = setup<T>(options);
  const unmount = t.mount();
  t.call(0).resolve(data);
  await settled();
  return { ...t, unmount };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('atomWithCall', () => {
  it('is loading until the answer, then loaded with the data; the call starts only when a reader mounts', async () => {
    const t = setup<string[]>();
    expect(t.state()).toEqual({ kind: 'loading' });
    expect(t.calls).toHaveLength(0);

    t.mount();
    expect(t.calls).toHaveLength(1);
    expect(t.state()).toEqual({ kind: 'loading' });
    t.call(0).resolve(['Camry']);
    await settled();
    expect(t.state()).toEqual({ kind: 'loaded', data: ['Camry'] });
  });

  it('is empty when the caller calls the answer empty', async () => {
    const t = setup<string[]>({ isEmpty: (list) => list.length === 0 });
    t.mount();
    t.call(0).resolve([]);
    await settled();
    expect(t.state()).toEqual({ kind: 'empty', data: [] });
  });

  it('is offline when no answer came, or when the browser says it is offline', async () => {
    const t = setup<string>();
    t.mount();
    t.call(0).reject(new ApiError(null, null));
    await settled();
    expect(t.state()).toEqual({ kind: 'offline' });

    vi.stubGlobal('navigator', { onLine: false });
    t.store.set(t.callAtom, { type: 'retry' });
    t.call(1).reject(new ApiError(502, null));
    await settled();
    expect(t.state()).toEqual({ kind: 'offline' });
  });

  it("is failed with the API's message and status", async () => {
    const t = setup<string>();
    const error = new ApiError(500, { message: 'Внутренняя ошибка сервера' });
    t.mount();
    t.call(0).reject(error);
    await settled();
    expect(t.state()).toEqual({ kind: 'failed', message: 'Внутренняя ошибка сервера', status: 500, error });
  });

  it('is failed with the generic text when there is no message, or with the text the caller makes', async () => {
    const bare = setup<string>();
    bare.mount();
    bare.call(0).reject(new TypeError('boom'));
    await settled();
    expect(bare.state()).toMatchObject({ kind: 'failed', message: 'Неизвестная ошибка', status: undefined });

    const own = setup<string>({ describeError: () => 'Объявление не найдено' });
    own.mount();
    own.call(0).reject(new ApiError(404, null));
    await settled();
    expect(own.state()).toMatchObject({ kind: 'failed', message: 'Объявление не найдено', status: 404 });
  });

  it('a load that throws at once fails like one that rejects', async () => {
    const brokenAtom = atomWithCall<string>(() => {
      throw new TypeError('boom');
    });
    const store = createStore();
    mount(store, brokenAtom);
    await settled();
    expect(store.get(brokenAtom)).toMatchObject({ kind: 'failed', message: 'Неизвестная ошибка' });
  });

  it('retry shows loading and calls again', async () => {
    const t = setup<string>();
    t.mount();
    t.call(0).reject(new ApiError(null, null));
    await settled();
    expect(t.state().kind).toBe('offline');

    t.store.set(t.callAtom, { type: 'retry' });
    expect(t.state()).toEqual({ kind: 'loading' });
    expect(t.calls).toHaveLength(2);
    t.call(1).resolve('ok');
    await settled();
    expect(t.state()).toEqual({ kind: 'loaded', data: 'ok' });
  });

  it('leaving aborts the call and forgets the state; coming back loads afresh', async () => {
    const t = setup<string>();
    t.mount()();
    expect(t.call(0).signal.aborted).toBe(true);

    const unmount = t.mount();
    expect(t.calls).toHaveLength(2);
    t.call(1).resolve('second');
    await settled();
    expect(t.state()).toEqual({ kind: 'loaded', data: 'second' });

    // A settled state is forgotten too: the next visit shows loading, not the old answer.
    unmount();
    expect(t.state()).toEqual({ kind: 'loading' });
  });

  it('drops a late answer of a call that a retry replaced, even when the load ignores its signal', async () => {
    const t = setup<string>();
    t.mount();
    t.store.set(t.callAtom, { type: 'retry' });
    expect(t.call(0).signal.aborted).toBe(true);

    t.call(1).resolve('new');
    await settled();
    t.call(0).resolve('old');
    t.call(0).reject(new ApiError(null, null));
    await settled();
    expect(t.state()).toEqual({ kind: 'loaded', data: 'new' });
  });

  it('drops an answer that arrives after leaving', async () => {
    const t = setup<string>();
    t.mount()();
    t.call(0).resolve('late');
    await settled();
    expect(t.state()).toEqual({ kind: 'loading' });
  });

  it('update patches loaded data from outside React (a realtime event) and re-decides empty', async () => {
    const t = setup<string[]>({ isEmpty: (list) => list.length === 0 });
    const seen: string[] = [];
    t.store.sub(t.callAtom, () => seen.push(t.state().kind));

    t.store.set(t.callAtom, { type: 'update', update: (list) => [...list, 'ignored'] });
    expect(t.state()).toEqual({ kind: 'loading' }); // nothing loaded to patch yet

    t.call(0).resolve(['Camry']);
    await settled();
    t.store.set(t.callAtom, { type: 'update', update: (list) => [...list, 'Vesta'] });
    expect(t.state()).toEqual({ kind: 'loaded', data: ['Camry', 'Vesta'] });
    t.store.set(t.callAtom, { type: 'update', update: () => [] });
    expect(t.state()).toEqual({ kind: 'empty', data: [] });
    expect(seen).toEqual(['loaded', 'loaded', 'empty']);
  });

  it('run is the next call of a flow: with keepData the current state stays until its answer', async () => {
    const t = await loadedWith('info');
    const step = controlledLoad<string>();
    t.store.set(t.callAtom, { type: 'run', load: step.load, keepData: true });
    expect(t.state()).toEqual({ kind: 'loaded', data: 'info' });
    step.call(0).resolve('success');
    await settled();
    expect(t.state()).toEqual({ kind: 'loaded', data: 'success' });

    t.store.set(t.callAtom, { type: 'run', load: step.load });
    expect(t.state()).toEqual({ kind: 'loading' });
    step.call(1).reject(new ApiError(401, { message: 'Данные Telegram не прошли проверку' }));
    await settled();
    expect(t.state()).toMatchObject({ kind: 'failed', message: 'Данные Telegram не прошли проверку' });
  });

  it('a retry during a run cancels the run and calls the atom’s own load again', async () => {
    const t = await loadedWith('info');
    const step = controlledLoad<string>();
    t.store.set(t.callAtom, { type: 'run', load: step.load, keepData: true });
    t.store.set(t.callAtom, { type: 'retry' });
    expect(step.call(0).signal.aborted).toBe(true);
    expect(t.calls).toHaveLength(2);
    step.call(0).resolve('success');
    t.call(1).resolve('info again');
    await settled();
    expect(t.state()).toEqual({ kind: 'loaded', data: 'info again' });
  });

  it('with retain, a settled state outlives its readers and is shown again without a new call', async () => {
    const t = await loadedWith(['Camry', 'Vesta'], { retain: true });
    t.unmount();

    t.mount();
    expect(t.calls).toHaveLength(1);
    expect(t.state()).toEqual({ kind: 'loaded', data: ['Camry', 'Vesta'] });
    t.store.set(t.callAtom, { type: 'retry' });
    expect(t.calls).toHaveLength(2);
  });

  it('with retain, a call cut off by leaving starts again on the next visit', () => {
    const t = setup<string>({ retain: true });
    t.mount()();
    t.mount();
    expect(t.calls).toHaveLength(2);
    expect(t.call(0).signal.aborted).toBe(true);
  });
});

describe('callFamily', () => {
  it('gives one atom per key, each loading its own key', async () => {
    const keys: string[] = [];
    const postAtom = callFamily((id, signal) => {
      keys.push(id);
      expect(signal).toBeInstanceOf(AbortSignal);
      return Promise.resolve(`post ${id}`);
    });
    expect(postAtom('42')).toBe(postAtom('42'));
    expect(postAtom('42')).not.toBe(postAtom('43'));

    const store = createStore();
    mount(store, postAtom('42'));
    mount(store, postAtom('43'));
    await settled();
    expect(keys).toEqual(['42', '43']);
    expect(store.get(postAtom('42'))).toEqual({ kind: 'loaded', data: 'post 42' });
    expect(store.get(postAtom('43'))).toEqual({ kind: 'loaded', data: 'post 43' });
  });
});
