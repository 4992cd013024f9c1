import { describe, expect, expectTypeOf, it } from 'vitest';
import { buildPath, getPathParamNames, toOpenApiPath, type PathParamNames } from './build-path';
import { contract } from './contract';

describe('buildPath', () => {
  it('fills and encodes parameters', () => {
    expect(buildPath('/api/posts/:id', { id: 5 })).toBe('/api/posts/5');
    expect(buildPath('/api/partners/:id/orders/:orderId', { id: '2', orderId: 11 })).toBe('/api/partners/2/orders/11');
    expect(buildPath('/payment/sandbox/:paymentId', { paymentId: 'a/b c' })).toBe('/payment/sandbox/a%2Fb%20c');
    expect(buildPath('/api/health', {})).toBe('/api/health');
  });

  it('works with the contract paths', () => {
    expect(buildPath(contract.partners.prompt.path, { id: 1, promptId: 2 })).toBe('/api/partners/1/prompts/2');
  });

  it('throws on a missing parameter', () => {
    expect(() => buildPath('/api/posts/:id', {} as { id: number })).toThrow('Missing path parameter "id"');
  });

  it('types the parameter names', () => {
    expectTypeOf<PathParamNames<'/api/partners/:id/prompts/:promptId'>>().toEqualTypeOf<'id' | 'promptId'>();
    expectTypeOf<PathParamNames<'/api/health'>>().toEqualTypeOf<never>();
  });
});

describe('path helpers', () => {
  it('lists names and converts to OpenAPI', () => {
    expect(getPathParamNames('/api/partners/:id/orders/:orderId/download')).toEqual(['id', 'orderId']);
    expect(toOpenApiPath('/api/partners/:id/orders/:orderId')).toBe('/api/partners/{id}/orders/{orderId}');
  });
});
