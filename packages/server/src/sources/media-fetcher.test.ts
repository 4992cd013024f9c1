import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMediaFetcher,
  hostPermission,
  isPublicAddress,
  MediaFetchError,
  type MediaFetcher,
} from './media-fetcher';

// The media fetcher against a photo server on 127.0.0.1. Names are mapped to addresses by the fetcher's resolver, so
// `cdn1.media.test` (allowed by a wildcard) can be made to resolve to 127.0.0.1 and be refused, while the operator's
// own `mirror.test` (named outright) and `127.0.0.1` are fetched from.

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/photo.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': JPEG.length }).end(JPEG);
    } else if (path === '/declared-big.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': 5_000_000 });
      res.write(JPEG);
      setTimeout(() => res.destroy(), 200);
    } else if (path === '/streamed-big.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(64 * 1024, 1);
      let sent = 0;
      const push = () => {
        if (res.destroyed || sent >= 40) return res.end();
        sent++;
        res.write(chunk, () => setImmediate(push));
      };
      push();
    } else if (path === '/slow.jpg') {
      setTimeout(() => res.writeHead(200).end(JPEG), 3_000);
    } else if (path === '/to-photo') {
      res.writeHead(302, { location: '/photo.jpg' }).end();
    } else if (path === '/to-elsewhere') {
      res.writeHead(302, { location: 'http://evil.example/photo.jpg' }).end();
    } else if (path === '/to-rebound') {
      res.writeHead(301, { location: `http://cdn1.media.test:${port}/photo.jpg` }).end();
    } else if (path === '/loop') {
      res.writeHead(302, { location: '/loop' }).end();
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const addresses: Record<string, string> = {
  'mirror.test': '127.0.0.1',
  'cdn1.media.test': '127.0.0.1',
  'cdn2.media.test': '10.1.2.3',
};

function fetcher(overrides: Partial<Parameters<typeof createMediaFetcher>[0]> = {}): MediaFetcher {
  return createMediaFetcher({
    hosts: ['127.0.0.1', 'mirror.test', '*.media.test'],
    maxBytes: 1_048_576,
    timeoutMs: 1_000,
    resolve: (hostname) => {
      const address = addresses[hostname];
      return address
        ? Promise.resolve([{ address, family: 4 }])
        : Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    },
    ...overrides,
  });
}

async function refusal(promise: Promise<unknown>): Promise<MediaFetchError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MediaFetchError);
  return err as MediaFetchError;
}

describe('media fetcher', () => {
  it('fetches a photo from an allowed host, and through a redirect that stays allowed', async () => {
    expect(await fetcher().fetch(`http://127.0.0.1:${port}/photo.jpg`)).toEqual(JPEG);
    expect(await fetcher().fetch(`http://127.0.0.1:${port}/to-photo`)).toEqual(JPEG);
  });

  it('fetches from a name the operator wrote out, wherever it resolves', async () => {
    expect(await fetcher().fetch(`http://mirror.test:${port}/photo.jpg`)).toEqual(JPEG);
  });

  it('refuses a host that is not in the list, before any connection', async () => {
    const err = await refusal(fetcher().fetch('https://example.com/photo.jpg'));
    expect(err.code).toBe('not-allowed');
    expect(err.message).toBe('Хост example.com не входит в SOURCE_MEDIA_HOSTS');
    expect((await refusal(fetcher().fetch('file:///etc/passwd'))).code).toBe('bad-url');
  });

  it('refuses a wildcard host that resolves to a private or loopback address', async () => {
    const loopback = await refusal(fetcher().fetch(`http://cdn1.media.test:${port}/photo.jpg`));
    expect(loopback.code).toBe('private-address');
    expect(loopback.message).toContain('127.0.0.1');
    expect((await refusal(fetcher().fetch(`http://cdn2.media.test:${port}/photo.jpg`))).code).toBe('private-address');
  });

  it('refuses a private address written as a literal unless that address is named', async () => {
    const strict = fetcher({ hosts: ['*.media.test'] });
    expect((await refusal(strict.fetch(`http://127.0.0.1:${port}/photo.jpg`))).code).toBe('not-allowed');
    const wildcardIp = fetcher({ hosts: ['127.0.0.1', '*.media.test'] });
    expect(await wildcardIp.fetch(`http://127.0.0.1:${port}/photo.jpg`)).toEqual(JPEG);
  });

  it('checks every redirect: one to a host off the list and one to a rebound name are refused', async () => {
    expect((await refusal(fetcher().fetch(`http://127.0.0.1:${port}/to-elsewhere`))).code).toBe('not-allowed');
    expect((await refusal(fetcher().fetch(`http://127.0.0.1:${port}/to-rebound`))).code).toBe('private-address');
    expect((await refusal(fetcher().fetch(`http://127.0.0.1:${port}/loop`))).code).toBe('too-many-redirects');
  });

  it('refuses a photo over the size limit, declared or streamed', async () => {
    const small = fetcher({ maxBytes: 100_000 });
    const declared = await refusal(small.fetch(`http://127.0.0.1:${port}/declared-big.jpg`));
    expect(declared.code).toBe('too-large');
    expect(declared.message).toBe('Фотография больше 97 КБ');
    expect((await refusal(small.fetch(`http://127.0.0.1:${port}/streamed-big.jpg`))).code).toBe('too-large');
  });

  it('gives up on a slow photo at its time limit, and on a missing one', async () => {
    const quick = fetcher({ timeoutMs: 300 });
    const slow = await refusal(quick.fetch(`http://127.0.0.1:${port}/slow.jpg`));
    expect(slow.code).toBe('timeout');
    expect((await refusal(quick.fetch(`http://127.0.0.1:${port}/missing.jpg`))).code).toBe('http-status');
  });
});

describe('address and host rules', () => {
  it('calls only public unicast addresses public', () => {
    for (const address of ['149.154.167.99', '95.142.206.1', '2001:67c:4e8:f004::9']) {
      expect(isPublicAddress(address)).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-address',
    ]) {
      expect(isPublicAddress(address)).toBe(false);
    }
  });

  it('matches wildcards to subdomains only, and exact names exactly', () => {
    const rules = [
      { kind: 'suffix', suffix: '.telesco.pe' },
      { kind: 'exact', host: 'mirror.test' },
    ] as const;
    expect(hostPermission('cdn4.telesco.pe', rules)).toBe('wildcard');
    expect(hostPermission('CDN4.Telesco.pe', rules)).toBe('wildcard');
    expect(hostPermission('telesco.pe', rules)).toBeNull();
    expect(hostPermission('eviltelesco.pe', rules)).toBeNull();
    expect(hostPermission('telesco.pe.evil.com', rules)).toBeNull();
    expect(hostPermission('mirror.test', rules)).toBe('named');
    expect(hostPermission('a.mirror.test', rules)).toBeNull();
  });
});
