import { describe, expect, it } from 'vitest';
import { IdMiniSchema } from './client-schemas';
import { IdSchema, INT8_SAFE_MAX } from './fields';

describe('client schemas (zod/mini) agree with the contract’s', () => {
  it('IdMiniSchema takes and refuses what IdSchema does, with the same message', () => {
    const values = [1, 42, INT8_SAFE_MAX, 0, -1, 1.5, INT8_SAFE_MAX + 2, Number.NaN, '1', null, undefined, {}];
    for (const value of values) {
      const classic = IdSchema.safeParse(value);
      const mini = IdMiniSchema.safeParse(value);
      expect(mini.success, String(value)).toBe(classic.success);
      if (!classic.success && !mini.success) expect(mini.error.issues[0]?.message).toBe(classic.error.issues[0]?.message);
    }
  });
});
