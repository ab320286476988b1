// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { zodWithoutJsonSchema } from '../vite-zod-without-json-schema.ts';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = mkdtempSync(path.join(tmpdir(), 'zod-without-json-schema-'));

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

/** The fixture bundled as the web build bundles zod, with or without the plugin, then run. */
async function bundleAndRun(withPlugin: boolean) {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: webRoot,
    plugins: withPlugin ? [zodWithoutJsonSchema()] : [],
    build: { write: false, minify: false, lib: { entry: 'test/fixtures/zod-in-the-browser.ts', formats: ['es'], fileName: 'bundle' } },
  })) as Rolldown.RolldownOutput[];
  const code = output[0]!.output.find((chunk) => chunk.type === 'chunk')!.code;
  const file = path.join(outDir, `bundle-${withPlugin ? 'with' : 'without'}.mjs`);
  writeFileSync(file, code);
  const { results } = (await import(/* @vite-ignore */ file)) as { results: Record<string, unknown> };
  return { code, results };
}

describe('the web build without zod JSON Schema', () => {
  it('validates, parses and reads checks as before, and leaves JSON Schema generation out', async () => {
    const plain = await bundleAndRun(false);
    const trimmed = await bundleAndRun(true);

    expect(trimmed.results.short).toEqual(['Too short', expect.stringMatching(/>=18/)]);
    expect(trimmed.results.parsed).toEqual({ name: 'Ann', age: 30 });
    expect(trimmed.results.minLength).toBe(2);
    expect(trimmed.results.standardValidation).toEqual(plain.results.standardValidation);
    expect(trimmed.results).toMatchObject({ short: plain.results.short, parsed: plain.results.parsed, minLength: plain.results.minLength });

    expect(plain.results.jsonSchema).toMatchObject({ type: 'object' });
    expect(trimmed.results.jsonSchema).toMatch(/JSON Schema generation is left out of the web build/);
    expect(trimmed.results.schemaMethod).toMatch(/JSON Schema generation is left out of the web build/);
    expect(plain.code).toContain('json-schema.org');
    expect(trimmed.code).not.toContain('json-schema.org');
    expect(trimmed.code.length).toBeLessThan(plain.code.length - 20_000);
  });
});
