import { createStore } from 'jotai';
import { routes } from '@autoradar/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import type { Call } from '../../api/client';
import { createSignInFlow, toSignInState } from './hooks/miniapp-sign-in';
import { readInitDataUser } from './init-data-user';
import { readErrorFromHash } from './components/login-card';

describe('mini-app sign-in pieces', () => {
  it('reads the info card user from raw initData', () => {
    const user = JSON.stringify({
      id: 1,
      first_name: 'Иван',
      last_name: 'Петров',
      username: 'ivan',
      photo_url: 'https://t.me/i/u.jpg',
    });
    const initData = new URLSearchParams({ auth_date: '1', user, hash: 'x' }).toString();
    expect(readInitDataUser(initData)).toEqual({
      name: 'Иван Петров',
      username: 'ivan',
      photoUrl: 'https://t.me/i/u.jpg',
    });
    expect(readInitDataUser('auth_date=1')).toBeUndefined();
  });

  it('reads the error the server returns in the fragment', () => {
    expect(readErrorFromHash(`#error=${encodeURIComponent('Вход отменён')}`)).toBe('Вход отменён');
    expect(readErrorFromHash('')).toBeUndefined();
  });
});

/** The two sign-in endpoints answering from queues the test fills; records the bodies sent. */
function fakeAuthApi() {
  const answers = { check: [] as (() => unknown)[], login: [] as (() => unknown)[] };
  const sent: string[] = [];
  const call = ((endpoint: unknown) => {
    const name =
      endpoint === routes.auth.telegramCheck ? 'check' : endpoint === routes.auth.telegramLogin ? 'login' : null;
    if (!name) throw new Error('unexpected endpoint');
    sent.push(name);
    const next = answers[name].shift();
    if (!next) throw new Error(`no ${name} answer queued`);
    return Promise.resolve().then(next);
  }) as Call;
  return { answers, sent, call };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const fail = (error: unknown) => () => {
  throw error;
};

function start(api: ReturnType<typeof fakeAuthApi>) {
  const tokens: string[] = [];
  const flow = createSignInFlow('query_id=1', (token) => Promise.resolve(tokens.push(token)), api.call);
  const store = createStore();
  store.sub(flow.flowAtom, () => {});
  const state = () => toSignInState(store.get(flow.flowAtom));
  return { flow, store, state, tokens };
}

describe('mini-app sign-in flow (spec §4)', () => {
  it('an existing account: loading, then signed in with the token the check returned', async () => {
    const api = fakeAuthApi();
    api.answers.check.push(() => ({ exists: true, token: 'tok-1' }));
    const { state, tokens } = start(api);
    expect(state()).toEqual({ kind: 'loading' });
    await settled();
    expect(state()).toEqual({ kind: 'success' });
    expect(tokens).toEqual(['tok-1']);
  });

  it('a new account: the info card, its button busy while signing in, then signed in', async () => {
    const api = fakeAuthApi();
    api.answers.check.push(() => ({ exists: false }));
    api.answers.login.push(() => ({ token: 'tok-2' }));
    const { flow, store, state, tokens } = start(api);
    await settled();
    expect(state()).toEqual({ kind: 'info', signingIn: false });

    store.set(flow.loginAtom);
    expect(state()).toEqual({ kind: 'info', signingIn: true });
    await settled();
    expect(state()).toEqual({ kind: 'success' });
    expect(tokens).toEqual(['tok-2']);
    expect(api.sent).toEqual(['check', 'login']);
  });

  it("a rejected check shows the server's message, and retry checks again", async () => {
    const api = fakeAuthApi();
    api.answers.check.push(fail(new ApiError(401, { message: 'Данные Telegram не прошли проверку' })));
    api.answers.check.push(() => ({ exists: true, token: 'tok-3' }));
    const { flow, store, state } = start(api);
    await settled();
    expect(state()).toEqual({ kind: 'error', message: 'Данные Telegram не прошли проверку' });

    store.set(flow.flowAtom, { type: 'retry' });
    expect(state()).toEqual({ kind: 'loading' });
    await settled();
    expect(state()).toEqual({ kind: 'success' });
  });

  it('no answer shows the connection text; an answer without a message the unknown-error text', async () => {
    const api = fakeAuthApi();
    api.answers.check.push(fail(new ApiError(null, null)));
    api.answers.check.push(fail(new ApiError(502, null)));
    const { flow, store, state } = start(api);
    await settled();
    expect(state()).toEqual({ kind: 'error', message: 'Проблемы с соединением. Проверьте интернет' });
    store.set(flow.flowAtom, { type: 'retry' });
    await settled();
    expect(state()).toEqual({ kind: 'error', message: 'Неизвестная ошибка' });
  });

  it('a failed sign-in from the info card shows the error, and retry goes back to the check', async () => {
    const api = fakeAuthApi();
    api.answers.check.push(() => ({ exists: false }));
    api.answers.login.push(fail(new ApiError(500, { message: 'Внутренняя ошибка сервера' })));
    api.answers.check.push(() => ({ exists: false }));
    const { flow, store, state } = start(api);
    await settled();
    store.set(flow.loginAtom);
    await settled();
    expect(state()).toEqual({ kind: 'error', message: 'Внутренняя ошибка сервера' });

    store.set(flow.flowAtom, { type: 'retry' });
    await settled();
    expect(state()).toEqual({ kind: 'info', signingIn: false });
    expect(api.sent).toEqual(['check', 'login', 'check']);
  });
});
