import { describe, expect, it } from 'vitest';
import { checkHttpApiRequest, isValidChannelAuth, signChannelAuth } from './signatures';

// The worked examples of Pusher's authentication documentation: same key, secret and inputs, same signatures.
const PUSHER_DOCS_APP = { id: '3', key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' };

describe('private channel signatures', () => {
  it('match Pusher’s documented example', () => {
    expect(signChannelAuth(PUSHER_DOCS_APP, '1234.1234', 'private-foobar')).toBe(
      '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    );
  });

  it('bind the signature to the socket, the channel, the key and the secret', () => {
    const auth = signChannelAuth(PUSHER_DOCS_APP, '1234.1234', 'private-foobar');
    expect(isValidChannelAuth(PUSHER_DOCS_APP, '1234.1234', 'private-foobar', auth)).toBe(true);
    expect(isValidChannelAuth(PUSHER_DOCS_APP, '1234.1235', 'private-foobar', auth)).toBe(false);
    expect(isValidChannelAuth(PUSHER_DOCS_APP, '1234.1234', 'private-foobaz', auth)).toBe(false);
    expect(isValidChannelAuth({ ...PUSHER_DOCS_APP, secret: 'other' }, '1234.1234', 'private-foobar', auth)).toBe(
      false,
    );
    expect(isValidChannelAuth({ ...PUSHER_DOCS_APP, key: 'other' }, '1234.1234', 'private-foobar', auth)).toBe(false);
    expect(isValidChannelAuth(PUSHER_DOCS_APP, '1234.1234', 'private-foobar', undefined)).toBe(false);
    expect(isValidChannelAuth(PUSHER_DOCS_APP, '1234.1234', 'private-foobar', { auth })).toBe(false);
  });
});

describe('Pusher HTTP API signatures', () => {
  const body = Buffer.from('{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}');
  const query = (over: Record<string, string> = {}) =>
    new URLSearchParams({
      auth_key: PUSHER_DOCS_APP.key,
      auth_timestamp: '1353088179',
      auth_version: '1.0',
      body_md5: 'ec365a775a4cd0599faeb73354201b6f',
      auth_signature: 'da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c',
      ...over,
    });
  const check = (
    q: URLSearchParams,
    b = body,
    nowSeconds = 1353088179 + 30,
    method = 'POST',
    path = '/apps/3/events',
  ) => checkHttpApiRequest(PUSHER_DOCS_APP, { method, path, query: q, body: b, nowSeconds });

  it('accept Pusher’s documented example, whatever the order of the query', () => {
    expect(check(query())).toEqual({ ok: true });
    const shuffled = new URLSearchParams([...query()].reverse());
    expect(check(shuffled)).toEqual({ ok: true });
  });

  it('refuse a changed body, a wrong body_md5, a changed path or method, and a wrong signature', () => {
    expect(check(query(), Buffer.from(body.toString().replace('foo', 'bar')))).toEqual({
      ok: false,
      reason: 'body_md5',
    });
    expect(check(query({ body_md5: '0'.repeat(32) }))).toEqual({ ok: false, reason: 'body_md5' });
    expect(check(query(), body, 1353088179, 'POST', '/apps/4/events')).toEqual({ ok: false, reason: 'signature' });
    expect(check(query(), body, 1353088179, 'PUT')).toEqual({ ok: false, reason: 'signature' });
    expect(check(query({ auth_signature: 'f'.repeat(64) }))).toEqual({ ok: false, reason: 'signature' });
    // An extra parameter is signed too, so one added on the way breaks the signature.
    expect(check(query({ info: 'subscription_count' }))).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuse another key, a missing part and a timestamp outside ten minutes either side', () => {
    expect(check(query({ auth_key: 'someone-else' }))).toEqual({ ok: false, reason: 'key' });
    const missing = query();
    missing.delete('auth_signature');
    expect(check(missing)).toEqual({ ok: false, reason: 'missing' });
    expect(check(query(), body, 1353088179 + 601)).toEqual({ ok: false, reason: 'timestamp' });
    expect(check(query(), body, 1353088179 - 601)).toEqual({ ok: false, reason: 'timestamp' });
    expect(check(query(), body, 1353088179 + 600)).toEqual({ ok: true });
    expect(check(query({ auth_timestamp: 'yesterday' }))).toEqual({ ok: false, reason: 'timestamp' });
  });
});
