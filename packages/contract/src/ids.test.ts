import { describe, expect, it } from 'vitest';
import { IdSchema, INT4_MAX, INT8_SAFE_MAX, SerialIdSchema } from './fields';
import { isId } from './ids';

describe('isId (the apps’ first screen reads stored ids with it, without zod)', () => {
  it('takes and refuses what IdSchema and SerialIdSchema do', () => {
    const values = [1, 42, INT4_MAX, INT4_MAX + 1, INT8_SAFE_MAX, 0, -1, 1.5, INT8_SAFE_MAX + 2, NaN, '1', null, {}];
    for (const value of values) {
      expect(isId(value), JSON.stringify(value) ?? 'undefined').toBe(IdSchema.safeParse(value).success);
      expect(isId(value, 'serial'), JSON.stringify(value) ?? 'undefined').toBe(SerialIdSchema.safeParse(value).success);
    }
  });
});
