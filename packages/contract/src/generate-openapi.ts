import { z } from 'zod';
import { allEndpoints, type ContractShape, type EndpointEntry } from './all-endpoints';
import { toOpenApiPath } from './build-path';
import { HTML_PAGE_MAX_LENGTH, INT4_MAX, LOCATION_MAX_LENGTH, NAME_MAX_LENGTH, NoBodySchema } from './fields';
import { listNamedSchemas } from './schema-names';

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

export interface OpenApiServer {
  url: string;
  description?: string;
  /** Who the server is for (OWASP API9): false for the public API. */
  'x-internal'?: boolean;
}

export interface OpenApiOptions {
  servers?: OpenApiServer[];
  /**
   * The largest file an upload may carry (UPLOAD_MAX_BYTES): stated as the maxLength of every file field, which
   * OpenAPI 3.1 counts in bytes for binary content. A setting, so the API passes it; without it files have none.
   */
  fileMaxBytes?: number;
}

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: OpenApiInfo;
  jsonSchemaDialect: string;
  servers?: OpenApiServer[];
  tags: { name: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';
const COMPONENTS = '#/components/schemas/';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  302: 'Redirect',
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  422: 'Validation failed',
  500: 'Server error',
  503: 'Unavailable',
};

const pascal = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Registers every schema that should become a component: the contract's named schemas (so nested entities become
 * $refs) and any unnamed request or response schema under a name derived from its endpoint.
 */
function buildRegistry(entries: EndpointEntry[]) {
  const registry = z.registry<{ id: string }>();
  const used = new Set<string>();
  const add = (schema: z.ZodType, id: string) => {
    if (used.has(id)) throw new Error(`Two schemas would be named ${id}`);
    registry.add(schema, { id });
    used.add(id);
  };
  for (const [schema, id] of listNamedSchemas()) add(schema, id);
  for (const entry of entries) {
    const base = `${pascal(entry.group)}${pascal(entry.key)}`;
    const { body, responses } = entry.endpoint;
    if (body && !registry.has(body)) add(body, `${base}Request`);
    for (const [status, schema] of Object.entries(responses)) {
      if (schema !== NoBodySchema && !entry.html && !registry.has(schema)) add(schema, `${base}Response${status}`);
    }
  }
  return registry;
}

/** Input view: what a sender may put on the wire (optional fields optional, objects open). */
const jsonSchemaOptions = { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' } as const;

const INT4_MIN = -INT4_MAX - 1;

/**
 * Fills in what follows from a schema's other keywords, everywhere in the document: an integer's format from its
 * bounds (int32 when both fit int4, else int64; every integer of the contract has bounds), and a file field's
 * maxLength from the upload limit.
 */
function addDerivedKeywords(value: unknown, options: OpenApiOptions): void {
  if (Array.isArray(value)) {
    for (const item of value) addDerivedKeywords(item, options);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const schema = value as JsonSchema;
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  if (types.includes('integer') && schema.format === undefined) {
    const { minimum, maximum } = schema;
    const fits =
      typeof minimum === 'number' && typeof maximum === 'number' && minimum >= INT4_MIN && maximum <= INT4_MAX;
    schema.format = fits ? 'int32' : 'int64';
  }
  if (schema.format === 'binary' && schema.maxLength === undefined && options.fileMaxBytes !== undefined) {
    schema.maxLength = options.fileMaxBytes;
  }
  for (const item of Object.values(schema)) addDerivedKeywords(item, options);
}

function stripSchemaKeywords(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, into);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith(COMPONENTS))
        into.add(item.slice(COMPONENTS.length));
      else collectRefs(item, into);
    }
  }
}

/** Keeps the components the paths reach, directly or through other components. */
function pruneComponents(paths: unknown, schemas: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const reached = new Set<string>();
  collectRefs(paths, reached);
  const queue = [...reached];
  while (queue.length > 0) {
    const nested = new Set<string>();
    collectRefs(schemas[queue.pop() ?? ''], nested);
    for (const name of nested) {
      if (!reached.has(name)) {
        reached.add(name);
        queue.push(name);
      }
    }
  }
  return Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => reached.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

function parametersOf(entry: EndpointEntry): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const location of ['path', 'query'] as const) {
    const schema = location === 'path' ? entry.endpoint.params : entry.endpoint.query;
    if (!schema) continue;
    const json = z.toJSONSchema(schema, jsonSchemaOptions) as JsonSchema;
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      list.push({ name, in: location, required: location === 'path' || required.has(name), schema: property });
    }
  }
  return list;
}

function responseOf(entry: EndpointEntry, status: number, schema: z.ZodType, refOf: (s: z.ZodType) => JsonSchema) {
  const response: JsonSchema = { description: STATUS_TEXT[status] ?? String(status) };
  if (status === 302) response.headers = { Location: { schema: { type: 'string', maxLength: LOCATION_MAX_LENGTH } } };
  if (schema === NoBodySchema) return response;
  if (entry.html) {
    response.content = { 'text/html': { schema: { type: 'string', maxLength: HTML_PAGE_MAX_LENGTH } } };
    return response;
  }
  if (entry.endpoint.download && status === 200) {
    // `attachment; filename="…"` with a file name built from the order (a VIN and an id).
    response.headers = { 'Content-Disposition': { schema: { type: 'string', maxLength: NAME_MAX_LENGTH } } };
  }
  response.content = { 'application/json': { schema: refOf(schema) } };
  return response;
}

function operationOf(entry: EndpointEntry, refOf: (s: z.ZodType) => JsonSchema): JsonSchema {
  const { endpoint } = entry;
  const operation: JsonSchema = {
    operationId: `${entry.group}${pascal(entry.key)}`,
    summary: endpoint.summary,
    tags: [entry.group],
    'x-auth': entry.auth,
  };
  if (entry.server === 'realtime') operation['x-server'] = 'realtime';
  // Guests may still send a token (it lifts the listing delay), so their security is optional.
  operation.security = entry.auth === 'guest' ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }];
  const parameters = parametersOf(entry);
  if (parameters.length > 0) operation.parameters = parameters;
  if (endpoint.body) {
    const content: Record<string, JsonSchema> = {};
    if (endpoint.multipart) content['multipart/form-data'] = { schema: refOf(endpoint.body) };
    else content['application/json'] = { schema: refOf(endpoint.body) };
    if (endpoint.formUrlEncoded) content['application/x-www-form-urlencoded'] = { schema: refOf(endpoint.body) };
    operation.requestBody = { required: true, content };
  }
  operation.responses = Object.fromEntries(
    Object.entries(endpoint.responses).map(([status, schema]) => [
      status,
      responseOf(entry, Number(status), schema, refOf),
    ]),
  );
  return operation;
}

/** The OpenAPI 3.1 document of a contract; every schema in it comes from z.toJSONSchema. */
export function generateOpenApi(
  contract: ContractShape,
  info: OpenApiInfo,
  options: OpenApiOptions = {},
): OpenApiDocument {
  const entries = allEndpoints(contract);
  const registry = buildRegistry(entries);
  const generated = z.toJSONSchema(registry, { ...jsonSchemaOptions, uri: (id) => `${COMPONENTS}${id}` });
  const schemas = Object.fromEntries(
    Object.entries(generated.schemas).map(([id, schema]) => [id, stripSchemaKeywords(schema as JsonSchema)]),
  );
  const refOf = (schema: z.ZodType): JsonSchema => {
    const id = registry.get(schema)?.id;
    return id ? { $ref: `${COMPONENTS}${id}` } : stripSchemaKeywords(z.toJSONSchema(schema, jsonSchemaOptions));
  };

  const paths: OpenApiDocument['paths'] = {};
  for (const entry of entries) {
    const path = toOpenApiPath(entry.path);
    (paths[path] ??= {})[entry.method.toLowerCase()] = operationOf(entry, refOf);
  }
  addDerivedKeywords(paths, options);
  addDerivedKeywords(schemas, options);

  return {
    openapi: '3.1.0',
    info,
    jsonSchemaDialect: DIALECT,
    ...(options.servers ? { servers: options.servers } : {}),
    tags: [...new Set(entries.map((entry) => entry.group))].map((name) => ({ name })),
    paths,
    components: {
      schemas: pruneComponents(paths, schemas),
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
    },
  };
}
