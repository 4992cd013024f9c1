import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints } from './all-endpoints';
import { getPathParamNames } from './build-path';
import { contract } from './contract';
import { AUTH_LEVELS, HTTP_METHODS } from './endpoint';
import { ErrorSchema } from './errors';
import { HtmlPageSchema, NoBodySchema } from './fields';
import * as publicApi from './index';
import { getSchemaName } from './schema-names';

const entries = allEndpoints();
const success = (responses: Record<number, unknown>) =>
  Object.keys(responses)
    .map(Number)
    .filter((s) => s < 400);

// Spec §7 with DESIGN.md §2's paths, plus the admin, health, docs and realtime routes the brief and DESIGN add.
const expected: [name: string, method: string, path: string, auth: string][] = [
  ['health.check', 'GET', '/api/health', 'guest'],
  ['health.ready', 'GET', '/api/ready', 'guest'],
  ['docs.openApi', 'GET', '/api/docs/openapi.json', 'guest'],
  ['docs.page', 'GET', '/api/docs', 'guest'],
  ['auth.telegramCheck', 'POST', '/api/auth/telegram/check', 'guest'],
  ['auth.telegramLogin', 'POST', '/api/auth/telegram/login', 'guest'],
  ['auth.telegramCallback', 'GET', '/auth/telegram/callback', 'guest'],
  ['auth.yandexRedirect', 'GET', '/auth/yandex/redirect', 'guest'],
  ['auth.yandexCallback', 'GET', '/auth/yandex/callback', 'guest'],
  ['auth.logout', 'POST', '/api/logout', 'user'],
  ['auth.logoutAll', 'POST', '/api/auth/logout-all', 'user'],
  ['user.data', 'GET', '/api/user/data', 'user'],
  ['user.startTestPeriod', 'POST', '/api/test-period', 'user'],
  ['user.writeAccess', 'PUT', '/api/user/write-access', 'user'],
  ['posts.search', 'POST', '/api/posts/search', 'guest'],
  ['posts.countNew', 'POST', '/api/posts/count-new', 'guest'],
  ['posts.get', 'GET', '/api/posts/:id', 'guest'],
  ['posts.page', 'GET', '/posts/:id', 'guest'],
  ['posts.featured', 'POST', '/api/ck00p/posts', 'guest'],
  ['posts.notes', 'POST', '/api/notes', 'user'],
  ['posts.my', 'GET', '/api/posts/my', 'user'],
  ['posts.unpublish', 'PUT', '/api/posts/:id/unpublish', 'admin'],
  ['notes.list', 'GET', '/api/notes', 'user'],
  ['notes.add', 'PUT', '/api/notes/:id', 'user'],
  ['notes.remove', 'DELETE', '/api/notes/:id', 'user'],
  ['notes.merge', 'POST', '/api/notes/merge', 'user'],
  ['notes.prices', 'GET', '/api/posts/:id/prices', 'guest'],
  ['notes.alerts', 'GET', '/api/user/price-alerts', 'user'],
  ['notes.setAlerts', 'PUT', '/api/user/price-alerts', 'user'],
  ['reference.brands', 'GET', '/api/brands', 'guest'],
  ['reference.brand', 'GET', '/api/brands/:id', 'guest'],
  ['reference.models', 'GET', '/api/models', 'guest'],
  ['reference.generations', 'GET', '/api/models/:id/generations', 'guest'],
  ['reference.configurations', 'GET', '/api/models/:id/configurations', 'guest'],
  ['reference.cities', 'GET', '/api/addresses', 'guest'],
  ['reference.carData', 'POST', '/api/car-data', 'guest'],
  ['reference.createBrand', 'POST', '/api/brands', 'admin'],
  ['reference.updateBrand', 'PUT', '/api/brands/:id', 'admin'],
  ['reference.deleteBrand', 'DELETE', '/api/brands/:id', 'admin'],
  ['reference.createModel', 'POST', '/api/models', 'admin'],
  ['reference.updateModel', 'PUT', '/api/models/:id', 'admin'],
  ['reference.deleteModel', 'DELETE', '/api/models/:id', 'admin'],
  ['reference.createCity', 'POST', '/api/addresses', 'admin'],
  ['reference.updateCity', 'PUT', '/api/addresses/:id', 'admin'],
  ['reference.deleteCity', 'DELETE', '/api/addresses/:id', 'admin'],
  ['drafts.create', 'GET', '/api/drafts/create', 'user'],
  ['drafts.update', 'PUT', '/api/drafts/:id', 'user'],
  ['drafts.publish', 'POST', '/api/drafts/:id/publish', 'pro'],
  ['drafts.uploadMedia', 'POST', '/api/drafts/media', 'user'],
  ['filters.list', 'GET', '/api/user/filters', 'user'],
  ['filters.create', 'POST', '/api/user/filters', 'user'],
  ['filters.update', 'PUT', '/api/user/filters/:id', 'user'],
  ['filters.delete', 'DELETE', '/api/user/filters/:id', 'user'],
  ['filters.toggle', 'PATCH', '/api/user/filters/:id/toggle', 'pro'],
  ['filters.unsubscribe', 'GET', '/filters/:id/unsubscribe', 'guest'],
  ['support.send', 'POST', '/api/support', 'guest'],
  ['support.orderInspection', 'POST', '/api/tickets', 'guest'],
  ['payment.pay', 'POST', '/api/payment/yookassa/pay', 'user'],
  ['payment.yookassaWebhook', 'POST', '/api/payment/yookassa/webhook', 'guest'],
  ['payment.sandboxCheckout', 'GET', '/payment/sandbox/:paymentId', 'guest'],
  ['payment.sandboxComplete', 'POST', '/payment/sandbox/:paymentId', 'guest'],
  ['partners.list', 'GET', '/api/partners', 'admin'],
  ['partners.get', 'GET', '/api/partners/:id', 'admin'],
  ['partners.create', 'POST', '/api/partners', 'admin'],
  ['partners.update', 'POST', '/api/partners/:id', 'admin'],
  ['partners.prompts', 'GET', '/api/partners/:id/prompts', 'admin'],
  ['partners.createPrompt', 'POST', '/api/partners/:id/prompts', 'admin'],
  ['partners.prompt', 'GET', '/api/partners/:id/prompts/:promptId', 'admin'],
  ['partners.updatePrompt', 'PUT', '/api/partners/:id/prompts/:promptId', 'admin'],
  ['partners.deletePrompt', 'DELETE', '/api/partners/:id/prompts/:promptId', 'admin'],
  ['partners.orders', 'GET', '/api/partners/:id/orders', 'admin'],
  ['partners.createOrder', 'POST', '/api/partners/:id/orders', 'admin'],
  ['partners.order', 'GET', '/api/partners/:id/orders/:orderId', 'admin'],
  ['partners.refreshOrder', 'POST', '/api/partners/:id/orders/:orderId/refresh', 'admin'],
  ['partners.downloadOrder', 'GET', '/api/partners/:id/orders/:orderId/download', 'admin'],
  ['sources.list', 'GET', '/api/sources', 'admin'],
  ['sources.get', 'GET', '/api/sources/:id', 'admin'],
  ['sources.add', 'POST', '/api/sources', 'admin'],
  ['sources.pause', 'PUT', '/api/sources/:id/pause', 'admin'],
  ['sources.resume', 'PUT', '/api/sources/:id/resume', 'admin'],
  ['sources.remove', 'DELETE', '/api/sources/:id', 'admin'],
  ['rates.get', 'GET', '/api/rates', 'guest'],
  ['realtime.auth', 'POST', '/broadcasting/auth', 'user'],
  ['realtime.triggerEvent', 'POST', '/apps/:appId/events', 'guest'],
  ['clientErrors.report', 'POST', '/api/client-errors', 'guest'],
];

describe('the contract', () => {
  it('defines exactly the calls of the spec and DESIGN', () => {
    expect(entries.map((e) => [e.name, e.method, e.path, e.auth])).toEqual(expected);
  });

  it.each(entries.map((e) => [e.name, e] as const))('%s is complete', (_, entry) => {
    const { endpoint } = entry;
    expect(HTTP_METHODS).toContain(endpoint.method);
    expect(AUTH_LEVELS).toContain(endpoint.auth);
    expect(endpoint.path).toMatch(/^\/[a-z0-9\-/:._A-Z]*$/);
    expect(endpoint.summary.length).toBeGreaterThan(0);
    expect(success(endpoint.responses).length).toBeGreaterThan(0);
    for (const schema of Object.values(endpoint.responses)) expect(schema).toBeInstanceOf(z.ZodType);
    for (const part of [endpoint.params, endpoint.query, endpoint.body]) {
      if (part !== undefined) expect(part).toBeInstanceOf(z.ZodType);
    }
  });

  it('has unique paths per method, whatever the parameter names', () => {
    const keys = entries.map((e) => `${e.method} ${e.path.replace(/:\w+/g, ':')}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declares params exactly for the path placeholders', () => {
    for (const { name, endpoint } of entries) {
      const placeholders = getPathParamNames(endpoint.path).sort();
      const declared = Object.keys(endpoint.params?.shape ?? {}).sort();
      expect(declared, name).toEqual(placeholders);
    }
  });

  it('sends no body with GET and DELETE', () => {
    for (const { name, endpoint } of entries) {
      if (endpoint.method === 'GET' || endpoint.method === 'DELETE') expect(endpoint.body, name).toBeUndefined();
    }
  });

  it('answers errors with the one envelope where JSON is spoken', () => {
    for (const { name, endpoint, html, redirect } of entries) {
      if (html || redirect) continue;
      expect(endpoint.responses[500], name).toBe(ErrorSchema);
      if (endpoint.auth !== 'guest') expect(endpoint.responses[401], name).toBe(ErrorSchema);
      if (endpoint.auth === 'pro' || endpoint.auth === 'admin') expect(endpoint.responses[403], name).toBe(ErrorSchema);
      if (endpoint.body || endpoint.query || endpoint.params) expect(endpoint.responses[422], name).toBe(ErrorSchema);
      if (endpoint.params) expect(endpoint.responses[404], name).toBe(ErrorSchema);
      for (const [status, schema] of Object.entries(endpoint.responses)) {
        if (Number(status) >= 400 && Number(status) !== 503) expect(schema, `${name} ${status}`).toBe(ErrorSchema);
      }
    }
  });

  it('marks browser redirects and pages', () => {
    const redirects = entries.filter((e) => e.redirect).map((e) => e.name);
    expect(redirects).toEqual([
      'auth.telegramCallback',
      'auth.yandexRedirect',
      'auth.yandexCallback',
      'payment.sandboxComplete',
    ]);
    // A redirect answers 302 with no body; the sandbox form's only other answer is its HTML not-found page.
    for (const entry of entries.filter((e) => e.redirect)) {
      const { 302: found, ...others } = entry.endpoint.responses as Record<number, unknown>;
      expect(found, entry.name).toBe(NoBodySchema);
      for (const schema of Object.values(others)) expect(schema, entry.name).toBe(HtmlPageSchema);
    }
    expect(Object.keys(contract.payment.sandboxComplete.responses)).toEqual(['302', '404']);
    const pages = entries.filter((e) => e.html);
    expect(pages.map((e) => e.name)).toEqual([
      'docs.page',
      'posts.page',
      'filters.unsubscribe',
      'payment.sandboxCheckout',
    ]);
    for (const page of pages) expect(page.endpoint.responses[200]).toBe(HtmlPageSchema);
  });

  it('uploads files as multipart', () => {
    expect(entries.filter((e) => e.multipart).map((e) => e.name)).toEqual([
      'drafts.uploadMedia',
      'partners.create',
      'partners.update',
    ]);
  });

  it('reaches endpoints by name', () => {
    expect(contract.health.check.path).toBe('/api/health');
    expect(contract.user.data.path).toBe('/api/user/data');
    expect(contract.posts.search.method).toBe('POST');
  });
});

describe('schema names', () => {
  it('match the exported names (XSchema is named X), aliases excepted', () => {
    const exported = (Object.entries(publicApi) as [string, unknown][]).filter(
      (entry): entry is [string, z.ZodType] => entry[0].endsWith('Schema') && entry[1] instanceof z.ZodType,
    );
    const exportNames = new Set(exported.map(([key]) => key));
    for (const [key, schema] of exported) {
      const name = getSchemaName(schema);
      if (name === undefined || name === key.slice(0, -'Schema'.length)) continue;
      expect(exportNames.has(`${name}Schema`), `${key} is an alias of ${name}Schema`).toBe(true);
    }
  });
});
