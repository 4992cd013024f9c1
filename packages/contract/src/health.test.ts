import { describe, expect, it } from 'vitest';
import { ErrorSchema } from './errors';
import { HealthResponseSchema, HealthUnavailableResponseSchema, healthEndpoints } from './health';

describe('health', () => {
  it("answers { status: 'ok', db: 'ok' }", () => {
    expect(HealthResponseSchema.parse({ status: 'ok', db: 'ok' })).toEqual({ status: 'ok', db: 'ok' });
    expect(HealthResponseSchema.safeParse({ status: 'ok', db: 'down' }).success).toBe(false);
  });

  it('answers 503 with a body that is also an error envelope', () => {
    const down = { status: 'error', db: 'error', message: 'База данных недоступна' };
    expect(HealthUnavailableResponseSchema.safeParse(down).success).toBe(true);
    expect(ErrorSchema.safeParse(down).success).toBe(true);
    expect(healthEndpoints.check.responses[503]).toBe(HealthUnavailableResponseSchema);
  });
});
