import { describe, expect, it } from 'vitest';

describe('browser parsing (the apps set zod’s settings without importing zod)', () => {
  it('zod, loaded after it, parses without compiling', async () => {
    await import('./browser-parsing');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
