import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { contract } from './contract';
import {
  defineEndpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type EndpointSuccessStatus,
} from './endpoint';
import { ErrorSchema } from './errors';
import type { Post, VinFacts } from './posts';
import type { User } from './user';

describe('defineEndpoint', () => {
  const body = z.object({ a: z.string() });
  const ok = z.object({ ok: z.boolean() });

  it('adds the error answers the definition implies', () => {
    const admin = defineEndpoint({
      method: 'PUT',
      path: '/x/:id',
      summary: 's',
      auth: 'admin',
      params: z.object({ id: z.string() }),
      body,
      responses: { 200: ok },
    });
    expect(Object.keys(admin.responses).map(Number)).toEqual([200, 401, 403, 404, 422, 500]);
    expect(admin.responses[403]).toBe(ErrorSchema);

    const guest = defineEndpoint({ method: 'GET', path: '/y', summary: 's', auth: 'guest', responses: { 200: ok } });
    expect(Object.keys(guest.responses).map(Number)).toEqual([200, 500]);

    const user = defineEndpoint({ method: 'GET', path: '/z', summary: 's', auth: 'user', responses: { 200: ok } });
    expect(Object.keys(user.responses).map(Number)).toEqual([200, 401, 500]);
  });

  it('keeps an answer the definition sets itself', () => {
    const custom = z.object({ message: z.string(), extra: z.number() });
    const endpoint = defineEndpoint({
      method: 'POST',
      path: '/c',
      summary: 's',
      auth: 'pro',
      body,
      responses: { 200: ok, 403: custom },
    });
    expect(endpoint.responses[403]).toBe(custom);
    expectTypeOf(endpoint.responses[403]).toEqualTypeOf<typeof custom>();
  });

  it('leaves pages and redirects alone', () => {
    const page = defineEndpoint({
      method: 'GET',
      path: '/p',
      summary: 's',
      auth: 'user',
      html: true,
      responses: { 200: z.string() },
    });
    expect(Object.keys(page.responses)).toEqual(['200']);
  });
});

describe('endpoint types', () => {
  it('give clients the exact request and response types', () => {
    expectTypeOf<EndpointResponse<typeof contract.user.data>>().toEqualTypeOf<User>();
    expectTypeOf<EndpointResponse<typeof contract.posts.get>>().toEqualTypeOf<{
      data: Post;
      vin_facts?: VinFacts | null | undefined;
    }>();
    expectTypeOf<EndpointResponse<typeof contract.health.check>>().toEqualTypeOf<{ status: 'ok'; db: 'ok' }>();
    expectTypeOf<EndpointResponse<typeof contract.health.check, 503>>().toEqualTypeOf<{
      status: 'error';
      db: 'error';
      message: string;
    }>();
    expectTypeOf<EndpointSuccessStatus<typeof contract.filters.create>>().toEqualTypeOf<201>();
    expectTypeOf<EndpointParams<typeof contract.partners.prompt>>().toEqualTypeOf<{ id: string; promptId: string }>();
    expectTypeOf<EndpointQuery<typeof contract.reference.brands>>().toEqualTypeOf<{
      popular?: 'true' | 'false' | undefined;
      ids?: string | undefined;
    }>();
    expectTypeOf<EndpointBody<typeof contract.filters.toggle>>().toEqualTypeOf<{ active: boolean }>();
    expectTypeOf<EndpointBody<typeof contract.user.data>>().toEqualTypeOf<undefined>();
    expectTypeOf(contract.posts.unpublish.responses[403]).toEqualTypeOf<typeof ErrorSchema>();
    expectTypeOf(contract.drafts.update.responses[422]).toEqualTypeOf<typeof ErrorSchema>();
  });
});
