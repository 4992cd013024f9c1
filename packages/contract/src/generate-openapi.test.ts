import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from './all-endpoints';
import { toOpenApiPath } from './build-path';
import { contract } from './contract';
import { HTML_PAGE_MAX_LENGTH } from './fields';
import { generateOpenApi } from './generate-openapi';

const info = { title: 'АвтоРадар API', version: '1.0.0' };
const doc = generateOpenApi(contract, info, { servers: [{ url: 'http://127.0.0.1:3000' }] });
type Operation = {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: unknown }>; headers?: Record<string, unknown> }>;
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, unknown> };
  security: unknown[];
};
const operation = (path: string, method: string) => doc.paths[toOpenApiPath(path)]?.[method] as unknown as Operation;

function refsIn(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, into));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') into.push(item);
      else refsIn(item, into);
    }
  }
  return into;
}

describe('generateOpenApi', () => {
  it('validates against the OpenAPI 3.1 schema', async () => {
    const result = await new Validator().validate(structuredClone(doc) as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('is rejected by the validator when broken, so the check above means something', async () => {
    const broken = structuredClone(doc) as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { description?: string }> }>>;
    };
    delete broken.paths['/api/health']?.get?.responses['200']?.description;
    expect((await new Validator().validate(broken as never)).valid).toBe(false);
  });

  it('is an OpenAPI 3.1 document with the given info and servers', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toEqual(info);
    expect(doc.servers).toEqual([{ url: 'http://127.0.0.1:3000' }]);
    expect(doc.tags.map((t) => t.name)).toEqual(Object.keys(contract));
  });

  it('has one operation with responses for every endpoint', () => {
    const entries = allEndpoints();
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(operations).toHaveLength(entries.length);
    for (const entry of entries) {
      const op = operation(entry.path, entry.method.toLowerCase());
      expect(op, entry.name).toBeDefined();
      expect(Object.keys(op.responses).sort()).toEqual(Object.keys(entry.endpoint.responses).sort());
    }
    const ids = operations.map((op) => (op as { operationId: string }).operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('resolves every $ref to a component, and keeps only reachable components', () => {
    const refs = refsIn(doc.paths).concat(refsIn(doc.components.schemas));
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ref.slice('#/components/schemas/'.length)], ref).toBeDefined();
    }
    const referenced = new Set(refs.map((ref) => ref.slice('#/components/schemas/'.length)));
    expect(Object.keys(doc.components.schemas).filter((name) => !referenced.has(name))).toEqual([]);
    for (const schema of Object.values(doc.components.schemas)) {
      expect(schema).not.toHaveProperty('$schema');
      expect(schema).not.toHaveProperty('$id');
    }
  });

  it('names components after the contract schemas', () => {
    expect(operation('/api/posts/search', 'post').requestBody?.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/SearchPostsRequest' } },
    });
    expect(operation('/api/user/data', 'get').responses['200']?.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/User' } },
    });
    expect(operation('/api/health', 'get').responses['503']?.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/HealthUnavailableResponse' } },
    });
    expect(doc.components.schemas.Post).toMatchObject({ type: 'object' });
    expect(doc.components.schemas.Error).toMatchObject({ required: ['message'] });
  });

  it('describes path and query parameters', () => {
    expect(operation('/api/partners/:id/prompts/:promptId', 'get').parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
      expect.objectContaining({ name: 'promptId', in: 'path', required: true }),
    ]);
    expect(operation('/api/brands', 'get').parameters).toEqual([
      expect.objectContaining({ name: 'popular', in: 'query', required: false }),
      expect.objectContaining({ name: 'ids', in: 'query', required: false }),
    ]);
    expect(
      operation('/auth/telegram/callback', 'get')
        .parameters?.filter((p) => p.required)
        .map((p) => p.name),
    ).toEqual(['id', 'auth_date', 'hash']);
  });

  it('uses multipart, form-encoded, HTML, redirect and download content where declared', () => {
    expect(Object.keys(operation('/api/drafts/media', 'post').requestBody?.content ?? {})).toEqual([
      'multipart/form-data',
    ]);
    expect(Object.keys(operation('/broadcasting/auth', 'post').requestBody?.content ?? {})).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
    expect(operation('/posts/:id', 'get').responses['200']?.content).toEqual({
      'text/html': { schema: { type: 'string', maxLength: HTML_PAGE_MAX_LENGTH } },
    });
    const redirect = operation('/auth/yandex/redirect', 'get').responses['302'];
    expect(redirect?.content).toBeUndefined();
    expect(redirect?.headers).toHaveProperty('Location');
    expect(operation('/api/logout', 'post').responses['204']?.content).toBeUndefined();
    expect(operation('/api/partners/:id/orders/:orderId/download', 'get').responses['200']?.headers).toHaveProperty(
      'Content-Disposition',
    );
  });

  it('marks authentication', () => {
    expect(doc.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer' });
    expect(operation('/api/user/data', 'get').security).toEqual([{ bearerAuth: [] }]);
    expect(operation('/api/posts/search', 'post').security).toEqual([{}, { bearerAuth: [] }]);
    expect(operation('/api/drafts/:id/publish', 'post')).toMatchObject({ 'x-auth': 'pro' });
    expect(operation('/apps/:appId/events', 'post')).toMatchObject({ 'x-server': 'realtime' });
  });

  it('documents core bounds on form fields', () => {
    const criteria = doc.components.schemas.SaveFilterRequest as { properties: Record<string, { anyOf: unknown[] }> };
    // Nullable bounds: the number branch carries the bounds.
    expect(criteria.properties.priceTo!.anyOf).toContainEqual(
      expect.objectContaining({ type: 'integer', minimum: 0, maximum: 100_000_000 }),
    );
    expect(criteria.properties.yearFrom!.anyOf).toContainEqual(expect.objectContaining({ minimum: 1900 }));
  });

  it('bounds every string, path and query parameters included, and states every integer format', () => {
    const unbounded: string[] = [];
    const walk = (value: unknown, at: string) => {
      if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${at}.${i}`));
      if (!value || typeof value !== 'object') return;
      const node = value as Record<string, unknown>;
      const types = ([] as unknown[]).concat(node.type);
      if (types.includes('string') && !('maxLength' in node || 'enum' in node || 'const' in node)) unbounded.push(at);
      if (types.includes('integer') && node.format !== 'int32' && node.format !== 'int64') unbounded.push(at);
      for (const [key, item] of Object.entries(node)) walk(item, `${at}.${key}`);
    };
    // Files are bounded by the upload setting, which the API passes.
    walk(generateOpenApi(contract, info, { fileMaxBytes: 10_485_760 }), '');
    expect(unbounded).toEqual([]);
    const params = operation('/api/partners/:id/orders/:orderId', 'get').parameters as unknown as {
      name: string;
      schema: { maxLength?: number };
    }[];
    expect(params.map((p) => [p.name, p.schema.maxLength])).toEqual([
      ['id', 10],
      ['orderId', 16],
    ]);
  });

  it('derives int32 or int64 from the bounds, and the file limit from the option', () => {
    const schemas = doc.components.schemas as Record<string, { properties: Record<string, Record<string, unknown>> }>;
    expect(schemas.Post!.properties.id).toMatchObject({ type: 'integer', format: 'int64' });
    expect(schemas.Brand!.properties.id).toMatchObject({ type: 'integer', format: 'int64' });
    expect(schemas.SavePromptRequest!.properties.position!.anyOf).toContainEqual(
      expect.objectContaining({ type: 'integer', format: 'int32', maximum: 1_000_000 }),
    );
    expect(schemas.UploadDraftMediaRequest!.properties.file).not.toHaveProperty('maxLength');
    const limited = generateOpenApi(contract, info, { fileMaxBytes: 5_000 }).components.schemas as typeof schemas;
    expect(limited.UploadDraftMediaRequest!.properties.file).toMatchObject({ format: 'binary', maxLength: 5_000 });
  });

  it('works for a partial contract', () => {
    const small = generateOpenApi({ health: contract.health }, info);
    expect(Object.keys(small.paths)).toEqual(['/api/health', '/api/ready']);
    expect(Object.keys(small.components.schemas).sort()).toEqual([
      'Error',
      'HealthResponse',
      'HealthUnavailableResponse',
      'NotReadyResponse',
      'ReadyResponse',
    ]);
  });
});
