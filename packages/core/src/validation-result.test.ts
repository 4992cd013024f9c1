import { describe, expect, it } from 'vitest';
import { splitFieldPath, toValidationResult } from './validation-result';

describe('validation result', () => {
  it('is valid without errors', () => {
    expect(toValidationResult({})).toEqual({ valid: true, errors: {} });
    expect(toValidationResult({ a: 'b' }).valid).toBe(false);
  });

  it('splits dotted paths with numeric indexes', () => {
    expect(splitFieldPath('contacts.0.value')).toEqual(['contacts', 0, 'value']);
    expect(splitFieldPath('year')).toEqual(['year']);
  });
});
