/** The `:name` segments of a path, as a type: PathParamNames<'/a/:id/b/:promptId'> = 'id' | 'promptId'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParamValues<P extends string> = { [K in PathParamNames<P>]: string | number };

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** Names of the path parameters in order of appearance. */
export function getPathParamNames(path: string): string[] {
  return [...path.matchAll(PARAM)].map((match) => match[1] ?? '');
}

/** Fills `:name` segments, URI-encoded: buildPath('/api/posts/:id', { id: 5 }) -> '/api/posts/5'. */
export function buildPath<P extends string>(path: P, params: PathParamValues<P>): string {
  const values = params as Record<string, string | number | undefined>;
  return path.replace(PARAM, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** OpenAPI writes parameters as {name}. */
export function toOpenApiPath(path: string): string {
  return path.replace(PARAM, '{$1}');
}
