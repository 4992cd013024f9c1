import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Yandex ID on 127.0.0.1: `POST /token` (authorization code -> access token, answering `invalid_grant` for unknown
 * codes as Yandex does) and `GET /info?format=json` (the profile for `Authorization: OAuth <token>`).
 */
export async function startFakeYandex(opts: { clientId: string; clientSecret: string }) {
  const codes = new Map<string, Record<string, unknown>>(); // code -> profile
  const tokens = new Map<string, Record<string, unknown>>();
  const requests: { path: string; form?: URLSearchParams; auth?: string }[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        requests.push({ path: '/token', form });
        if (form.get('client_id') !== opts.clientId || form.get('client_secret') !== opts.clientSecret) {
          return send(401, { error: 'invalid_client', error_description: 'Client not found' });
        }
        const profile = codes.get(form.get('code') ?? '');
        if (form.get('grant_type') !== 'authorization_code' || !profile) {
          return send(400, { error: 'invalid_grant', error_description: 'Code has expired' });
        }
        codes.delete(form.get('code')!);
        const token = `y0_${Math.random().toString(36).slice(2)}`;
        tokens.set(token, profile);
        return send(200, { access_token: token, token_type: 'bearer', expires_in: 31536000, refresh_token: 'r' });
      }
      if (req.method === 'GET' && url.pathname === '/info') {
        const auth = req.headers.authorization ?? '';
        requests.push({ path: '/info', auth });
        const profile = tokens.get(auth.replace(/^OAuth /, ''));
        return profile ? send(200, profile) : send(401, { error: 'Unauthorized' });
      }
      send(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    /** What the user's consent on Yandex's page yields: a one-time code for this profile. */
    issueCode(profile: Record<string, unknown>) {
      const code = String(Math.floor(Math.random() * 1e7));
      codes.set(code, profile);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
