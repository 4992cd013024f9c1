import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, request, type Dispatcher } from 'undici';
import { headerValue } from './http-get';
import { mediaFetchMessages } from './sources.messages';

// Photos of other people's posts, copied to our storage (issue 28): fetched only from the hosts SOURCE_MEDIA_HOSTS names
// (Telegram's and VK's CDNs by default), never from a private, loopback or otherwise non-public address unless the
// operator named that host or address itself, with a time and a size limit. The address check runs where the socket
// connects (undici's connect lookup), so a name that resolves to a public address for a check and to 127.0.0.1 for
// the connection (DNS rebinding) is refused too; every redirect is checked as a new request.

export type MediaFetchErrorCode =
  | 'bad-url'
  | 'not-allowed'
  | 'private-address'
  | 'too-large'
  | 'timeout'
  | 'http-status'
  | 'too-many-redirects'
  | 'network';

export class MediaFetchError extends Error {
  constructor(
    readonly code: MediaFetchErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface MediaFetcherOptions {
  /** SOURCE_MEDIA_HOSTS: host names, `*.` wildcards for subdomains, IP addresses. */
  hosts: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  /** Name resolution (dns.lookup by default); tests map names to addresses with it. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

export interface MediaFetcher {
  /** The bytes of `url`, or a MediaFetchError saying why not (in Russian). */
  fetch(url: string, signal?: AbortSignal): Promise<Buffer>;
  /** Closes its connections (shutdown). */
  close(): Promise<void>;
}

export type HostRule = { kind: 'exact'; host: string } | { kind: 'suffix'; suffix: string };

function parseRules(hosts: readonly string[]): HostRule[] {
  return hosts.map((entry) => {
    const host = entry.trim().toLowerCase();
    return host.startsWith('*.') ? { kind: 'suffix', suffix: host.slice(1) } : { kind: 'exact', host };
  });
}

/** How a host is allowed: 'named' (the operator wrote it out: any address), 'wildcard' (public addresses only), or not. */
export function hostPermission(hostname: string, rules: readonly HostRule[]): 'named' | 'wildcard' | null {
  const host = hostname.toLowerCase();
  if (rules.some((rule) => rule.kind === 'exact' && rule.host === host)) return 'named';
  if (rules.some((rule) => rule.kind === 'suffix' && host.endsWith(rule.suffix) && host.length > rule.suffix.length)) {
    return 'wildcard';
  }
  return null;
}

/** Whether an address is a public unicast one (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

const defaultResolve = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

export function createMediaFetcher(options: MediaFetcherOptions): MediaFetcher {
  const rules = parseRules(options.hosts);
  const resolve = options.resolve ?? defaultResolve;
  const maxRedirects = options.maxRedirects ?? 3;

  // Names the operator wrote out may resolve anywhere; wildcard names only to public addresses.
  const checkedLookup = (
    hostname: string,
    lookupOptions: { all?: boolean },
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    resolve(hostname).then(
      (addresses) => {
        const named = hostPermission(hostname, rules) === 'named';
        const refused = addresses.find((a) => !named && !isPublicAddress(a.address));
        if (refused || addresses.length === 0) {
          const err = new MediaFetchError(
            'private-address',
            mediaFetchMessages.privateAddress(hostname, refused?.address ?? '—'),
          );
          callback(err, lookupOptions.all ? [] : '');
          return;
        }
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: Error) => callback(err, lookupOptions.all ? [] : ''),
    );
  };
  const dispatcher = new Agent({
    connections: 16,
    keepAliveTimeout: 10_000,
    connect: { lookup: checkedLookup },
  });

  /** The URL, if it may be fetched at all (scheme, host in the list, a literal address's range). */
  function check(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new MediaFetchError('bad-url', mediaFetchMessages.badUrl);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new MediaFetchError('bad-url', mediaFetchMessages.protocol);
    }
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const permission = hostPermission(url.hostname, rules);
    if (!permission) throw new MediaFetchError('not-allowed', mediaFetchMessages.hostNotAllowed(url.hostname));
    // A literal address never goes through the lookup: it is judged here.
    if (isIP(hostname) !== 0 && permission !== 'named' && !isPublicAddress(hostname)) {
      throw new MediaFetchError('private-address', mediaFetchMessages.privateAddress(url.hostname, hostname));
    }
    return url;
  }

  /** Drops a body not to be read; the abort it causes is expected, so it is not an unhandled error. */
  const discard = (body: Dispatcher.ResponseData['body']) => {
    body.on('error', () => undefined);
    body.destroy();
  };

  async function fetchOnce(url: URL, signal: AbortSignal) {
    const res = await request(url, {
      method: 'GET',
      dispatcher,
      signal,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      headers: { accept: 'image/*' },
    });
    if (res.statusCode >= 300 && res.statusCode < 400) {
      discard(res.body);
      return {
        kind: 'redirect' as const,
        location: headerValue(res.headers['location']) ?? null,
        status: res.statusCode,
      };
    }
    if (res.statusCode !== 200) {
      discard(res.body);
      throw new MediaFetchError('http-status', mediaFetchMessages.httpStatus(res.statusCode));
    }
    const declared = Number(headerValue(res.headers['content-length']) ?? NaN);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      discard(res.body);
      throw new MediaFetchError('too-large', mediaFetchMessages.tooLarge(options.maxBytes));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > options.maxBytes) {
        discard(res.body);
        throw new MediaFetchError('too-large', mediaFetchMessages.tooLarge(options.maxBytes));
      }
      chunks.push(chunk as Buffer);
    }
    return { kind: 'bytes' as const, bytes: Buffer.concat(chunks) };
  }

  return {
    async fetch(raw, callerSignal) {
      const deadline = AbortSignal.timeout(options.timeoutMs);
      const signal = callerSignal ? AbortSignal.any([callerSignal, deadline]) : deadline;
      let url = check(raw);
      try {
        for (let hop = 0; ; hop++) {
          const answer = await fetchOnce(url, signal);
          if (answer.kind === 'bytes') return answer.bytes;
          if (!answer.location) throw new MediaFetchError('http-status', mediaFetchMessages.httpStatus(answer.status));
          if (hop >= maxRedirects) throw new MediaFetchError('too-many-redirects', mediaFetchMessages.tooManyRedirects);
          url = check(new URL(answer.location, url).href);
        }
      } catch (err) {
        if (err instanceof MediaFetchError) throw err;
        const cause = (err as { cause?: unknown }).cause;
        if (cause instanceof MediaFetchError) throw cause;
        const code = (err as { code?: string }).code ?? '';
        if (deadline.aborted || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
          throw new MediaFetchError('timeout', mediaFetchMessages.timeout(options.timeoutMs));
        }
        if (callerSignal?.aborted) throw err;
        throw new MediaFetchError('network', mediaFetchMessages.network(code || (err as Error).message));
      }
    },
    close: () => dispatcher.close(),
  };
}
