import { contract as defaultContract } from './contract';
import type { AuthLevel, EndpointDefinition, HttpMethod } from './endpoint';

/** A contract: feature groups of named endpoints. */
export type ContractShape = Record<string, Record<string, EndpointDefinition>>;

export interface EndpointEntry {
  /** 'posts.search' */
  name: string;
  group: string;
  key: string;
  method: HttpMethod;
  path: string;
  auth: AuthLevel;
  redirect: boolean;
  multipart: boolean;
  html: boolean;
  server: 'http' | 'realtime';
  endpoint: EndpointDefinition;
}

/** Every endpoint of the contract as a flat list, in declaration order. */
export function allEndpoints(contract: ContractShape = defaultContract): EndpointEntry[] {
  return Object.entries(contract).flatMap(([group, endpoints]) =>
    Object.entries(endpoints).map(([key, endpoint]) => ({
      name: `${group}.${key}`,
      group,
      key,
      method: endpoint.method,
      path: endpoint.path,
      auth: endpoint.auth,
      redirect: endpoint.redirect ?? false,
      multipart: endpoint.multipart ?? false,
      html: endpoint.html ?? false,
      server: endpoint.server ?? 'http',
      endpoint,
    })),
  );
}

/** A route as a server lists it; Fastify's ':name' syntax is the contract's own. */
export interface RegisteredRoute {
  method: string;
  path: string;
}

const routeKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, ':')}`;

/**
 * Compares a server's routes with the contract: `unserved` are contract entries without a route, `outside` are
 * routes the contract does not define. Parameter names may differ; their positions may not. HEAD and OPTIONS
 * routes are ignored (frameworks add them).
 */
export function compareRoutesWithContract(
  routes: readonly RegisteredRoute[],
  entries: readonly EndpointEntry[] = allEndpoints(),
): { unserved: EndpointEntry[]; outside: RegisteredRoute[] } {
  const served = new Set(routes.map((route) => routeKey(route.method, route.path)));
  const defined = new Set(entries.map((entry) => routeKey(entry.method, entry.path)));
  return {
    unserved: entries.filter((entry) => !served.has(routeKey(entry.method, entry.path))),
    outside: routes.filter(
      (route) =>
        !['HEAD', 'OPTIONS'].includes(route.method.toUpperCase()) && !defined.has(routeKey(route.method, route.path)),
    ),
  };
}

/** The entry for a method and a route path ('/api/posts/:id'), if the contract defines it. */
export function findEndpoint(
  method: string,
  path: string,
  entries: readonly EndpointEntry[] = allEndpoints(),
): EndpointEntry | undefined {
  const key = routeKey(method, path);
  return entries.find((entry) => routeKey(entry.method, entry.path) === key);
}
