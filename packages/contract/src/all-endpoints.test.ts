import { describe, expect, it } from 'vitest';
import { allEndpoints, compareRoutesWithContract, findEndpoint } from './all-endpoints';

describe('allEndpoints', () => {
  it('flattens the contract with names', () => {
    const entries = allEndpoints();
    const health = entries.find((e) => e.name === 'health.check');
    expect(health).toMatchObject({ group: 'health', key: 'check', method: 'GET', path: '/api/health', auth: 'guest' });
    expect(entries.find((e) => e.name === 'realtime.triggerEvent')?.server).toBe('realtime');
    expect(entries.find((e) => e.name === 'drafts.uploadMedia')?.multipart).toBe(true);
  });

  it('accepts another contract', () => {
    const custom = { a: { b: allEndpoints()[0]!.endpoint } };
    expect(allEndpoints(custom).map((e) => e.name)).toEqual(['a.b']);
  });
});

describe('compareRoutesWithContract', () => {
  const entries = allEndpoints().filter((e) => e.group === 'partners');

  it('lists unserved entries and routes outside the contract', () => {
    const routes = [
      { method: 'GET', path: '/api/partners' },
      { method: 'get', path: '/api/partners/:partnerId' },
      { method: 'HEAD', path: '/api/partners' },
      { method: 'GET', path: '/api/secret' },
    ];
    const { unserved, outside } = compareRoutesWithContract(routes, entries);
    expect(outside).toEqual([{ method: 'GET', path: '/api/secret' }]);
    expect(unserved.map((e) => e.name)).not.toContain('partners.list');
    expect(unserved.map((e) => e.name)).not.toContain('partners.get');
    expect(unserved).toHaveLength(entries.length - 2);
  });

  it('is empty on both sides when every entry is served', () => {
    const routes = allEndpoints().map((e) => ({ method: e.method, path: e.path }));
    expect(compareRoutesWithContract(routes)).toEqual({ unserved: [], outside: [] });
  });
});

describe('findEndpoint', () => {
  it('finds by method and route path', () => {
    expect(findEndpoint('GET', '/api/posts/:postId')?.name).toBe('posts.get');
    expect(findEndpoint('GET', '/api/posts/my')?.name).toBe('posts.my');
    expect(findEndpoint('DELETE', '/api/posts/:id')).toBeUndefined();
  });
});
