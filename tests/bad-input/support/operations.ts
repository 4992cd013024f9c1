import { allEndpoints, contract, generateOpenApi, type EndpointEntry } from '@autoradar/contract';

// The operations under test come from the contract, through the OpenAPI document it generates: every request schema
// here is the JSON Schema a client reads, so a bound or a pattern added to the contract reaches the generators at once.

export type JsonSchema = Record<string, unknown>;

export interface Param {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** 'posts.search' */
  name: string;
  entry: EndpointEntry;
  method: EndpointEntry['method'];
  /** Fastify style: '/api/posts/:id'. */
  path: string;
  pathParams: Param[];
  query: Param[];
  /** The request body's schema, every $ref resolved; undefined when the operation takes no body. */
  body: JsonSchema | undefined;
  multipart: boolean;
  formUrlEncoded: boolean;
  /** Served on the websocket server's port. */
  realtime: boolean;
  html: boolean;
  redirect: boolean;
}

const COMPONENTS = '#/components/schemas/';

function resolveRefs(value: unknown, components: Record<string, JsonSchema>, depth = 0): unknown {
  if (depth > 32) throw new Error('bad-input: $ref nesting too deep (a cycle?)');
  if (Array.isArray(value)) return value.map((item) => resolveRefs(item, components, depth));
  if (!value || typeof value !== 'object') return value;
  const node = value as JsonSchema;
  if (typeof node.$ref === 'string' && node.$ref.startsWith(COMPONENTS)) {
    const { $ref, ...rest } = node;
    const target = components[$ref.slice(COMPONENTS.length)];
    if (!target) throw new Error(`bad-input: unknown schema ${$ref}`);
    return { ...(resolveRefs(target, components, depth + 1) as JsonSchema), ...rest };
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolveRefs(v, components, depth)]));
}

let cached: Operation[] | undefined;

/** Every operation of the contract, in declaration order. */
export function operations(): Operation[] {
  if (cached) return cached;
  const doc = generateOpenApi(contract, { title: 'bad-input', version: '0' });
  const components = doc.components.schemas;
  cached = allEndpoints().map((entry) => {
    const openApiPath = entry.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
    const op = doc.paths[openApiPath]?.[entry.method.toLowerCase()];
    if (!op) throw new Error(`bad-input: ${entry.name} is missing from the OpenAPI document`);
    const parameters = (op.parameters ?? []) as { name: string; in: string; required: boolean; schema: JsonSchema }[];
    const param = (p: (typeof parameters)[number]): Param => ({
      name: p.name,
      required: p.required,
      schema: resolveRefs(p.schema, components) as JsonSchema,
    });
    const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
    const bodySchema = content ? Object.values(content)[0]?.schema : undefined;
    return {
      name: entry.name,
      entry,
      method: entry.method,
      path: entry.path,
      pathParams: parameters.filter((p) => p.in === 'path').map(param),
      query: parameters.filter((p) => p.in === 'query').map(param),
      body: bodySchema ? (resolveRefs(bodySchema, components) as JsonSchema) : undefined,
      multipart: entry.multipart,
      formUrlEncoded: entry.endpoint.formUrlEncoded ?? false,
      realtime: entry.server === 'realtime',
      html: entry.html,
      redirect: entry.redirect,
    };
  });
  return cached;
}

/** How many test files share the operations (tests/bad-input/shard-N.test.ts). */
export const SHARD_COUNT = 6;

/** Requests per run: every role an auth level allows is sent each request (guest endpoints take all four). */
const ROLES_PER_AUTH = { guest: 4, user: 3, pro: 1, admin: 1 } as const;

/**
 * The operations of one test file: dealt over `count` shards, heaviest first to the lightest shard (weight: requests
 * per run), so that the files take about the same time and a new endpoint lands in some shard without a hand list.
 */
export function shardOperations(index: number, count: number): Operation[] {
  const weight = (op: Operation) => ROLES_PER_AUTH[op.entry.auth];
  const total = (list: Operation[]) => list.reduce((n, op) => n + weight(op), 0);
  const ops = [...operations()].sort((a, b) => weight(b) - weight(a) || a.name.localeCompare(b.name));
  const shards: Operation[][] = Array.from({ length: count }, () => []);
  for (const op of ops) {
    const lightest = shards.reduce((best, shard, i) => (total(shard) < total(shards[best]!) ? i : best), 0);
    shards[lightest]!.push(op);
  }
  return shards[index] ?? [];
}
