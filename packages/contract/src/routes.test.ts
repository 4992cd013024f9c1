import { describe, expect, it } from 'vitest';
import { allEndpoints } from './all-endpoints';
import { routes } from './routes';

describe('routes: the schema-free table the apps call the API with', () => {
  it('has every endpoint of the contract with its method, path and html flag, and nothing else', () => {
    const fromContract = allEndpoints().map(({ group, key, method, path, html }) => ({
      group,
      key,
      method,
      path,
      html,
    }));
    const fromRoutes = Object.entries(routes).flatMap(([group, endpoints]) =>
      Object.entries(endpoints as Record<string, { method: string; path: string; html?: true }>).map(
        ([key, route]) => ({ group, key, method: route.method, path: route.path, html: route.html ?? false }),
      ),
    );
    expect(fromRoutes).toEqual(fromContract);
  });

  it('carries no schema', () => {
    for (const endpoints of Object.values(routes)) {
      for (const route of Object.values(endpoints as Record<string, object>)) {
        expect(Object.keys(route).sort()).toEqual(expect.arrayContaining(['method', 'path']));
        expect(Object.keys(route).every((k) => ['method', 'path', 'html'].includes(k))).toBe(true);
      }
    }
  });
});
