// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { compileHint, compileHints } from '../vite-compile-hints.ts';

const webRoot = fileURLToPath(new URL('..', import.meta.url));

/** The fixture built as the web build builds (hidden source maps), with the plugin. */
async function buildFixture() {
  const [output] = (await build({
    configFile: false,
    logLevel: 'silent',
    root: webRoot,
    plugins: [compileHints()],
    build: { write: false, minify: false, sourcemap: 'hidden', lib: { entry: 'test/fixtures/compile-hint-entry.ts', formats: ['es'], fileName: 'bundle' } },
  })) as Rolldown.RolldownOutput[];
  return output!.output;
}

const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The values of one source map segment (base64 VLQ): column, source, original line, original column. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const character of segment) {
    const digit = base64.indexOf(character);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >> 1) : value >> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

describe('the compile hints', () => {
  it('start every chunk with V8 compile hint, and its source map still points at the source', async () => {
    const output = await buildFixture();
    const chunks = output.filter((file) => file.type === 'chunk');
    expect(chunks.length).toBe(2);
    for (const chunk of chunks) expect(chunk.code.split('\n')[0]).toBe(compileHint);

    const entry = chunks.find((chunk) => chunk.code.includes('compile-hint-marker'))!;
    const map = output.find((file) => file.fileName === `${entry.fileName}.map`);
    expect(map?.type).toBe('asset');
    const { mappings } = JSON.parse(String((map as Rolldown.OutputAsset).source)) as { mappings: string };
    const lines = mappings.split(';');
    // The hint's line maps to nothing; the marker's line maps to the marker's line in the fixture
    // (line 3, 0-based 2): without the shift it would point one line off.
    expect(lines[0]).toBe('');
    const markerLine = entry.code.split('\n').findIndex((line) => line.includes('compile-hint-marker'));
    // Original lines in a map are relative to the previous segment's: sum them up to the line.
    let originalLine = 0;
    let lastValues: number[] = [];
    for (const line of lines.slice(0, markerLine + 1)) {
      for (const segment of line.split(',').filter(Boolean)) {
        lastValues = decodeSegment(segment);
        if (lastValues.length >= 4) originalLine += lastValues[2]!;
      }
    }
    expect(lines[markerLine]).not.toBe('');
    expect(originalLine).toBe(2);
  });
});
