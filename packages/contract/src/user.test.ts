import { describe, expect, it } from 'vitest';
import { parseWithContract } from './errors';
import { sampleUser } from './fixtures';
import { StartTestPeriodResponseSchema, UserSchema, userEndpoints } from './user';

describe('UserSchema', () => {
  it('accepts a spec-shaped user', () => {
    expect(UserSchema.parse(sampleUser)).toEqual(sampleUser);
    expect(UserSchema.safeParse({ ...sampleUser, roles: ['admin'], email: null, pro_expired: null }).success).toBe(
      true,
    );
    expect(
      StartTestPeriodResponseSchema.safeParse({ data: { ...sampleUser, started_at: '2025-06-15T12:00:00+03:00' } })
        .success,
    ).toBe(true);
  });

  it('rejects unknown roles, non-ISO times and missing fields', () => {
    expect(UserSchema.safeParse({ ...sampleUser, roles: ['root'] }).success).toBe(false);
    expect(parseWithContract(UserSchema, { ...sampleUser, pro_expired: '15.06.2025' })).toMatchObject({
      error: { errors: { pro_expired: ['Некорректная дата'] } },
    });
    const { has_telegram: _, ...withoutTelegram } = sampleUser;
    expect(parseWithContract(UserSchema, withoutTelegram)).toMatchObject({
      error: { errors: { has_telegram: ['Обязательное поле'] } },
    });
  });

  it('is what GET /api/user/data answers', () => {
    expect(userEndpoints.data.responses[200]).toBe(UserSchema);
    expect(userEndpoints.startTestPeriod.responses[409]).toBeDefined();
  });
});
