import { describe, expect, it } from 'vitest';

describe('zod-csp', () => {
  it('makes zod build its schemas without probing for eval (jitless), even when zod loads after it', async () => {
    await import('./zod-csp');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // A schema built now parses as usual.
    expect(z.object({ email: z.string() }).safeParse({ email: 'a@b.c' }).success).toBe(true);
  });
});
