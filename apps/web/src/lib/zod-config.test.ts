// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';

describe('zod settings', () => {
  it('makes zod parse without compiling code, which the Content-Security-Policy forbids', async () => {
    await import('./zod-config.ts');
    const { config, object, string } = await import('zod');
    expect(config().jitless).toBe(true);
    const compile = vi.spyOn(globalThis, 'Function');
    expect(object({ name: string() }).parse({ name: 'Ada' })).toEqual({ name: 'Ada' });
    expect(compile).not.toHaveBeenCalled();
  });
});
