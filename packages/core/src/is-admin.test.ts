import { describe, expect, it } from 'vitest';
import { ROLES } from './constants';
import { isAdmin } from './is-admin';

describe('isAdmin', () => {
  it('checks the admin role', () => {
    expect(ROLES).toContain('admin');
    expect(isAdmin({ roles: ['admin'] })).toBe(true);
    expect(isAdmin({ roles: [] })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});
