import type { Plugin } from 'vite';

// zod's classic schemas carry their JSON Schema generator: every schema type keeps a reference to
// its processor, so no bundler can drop it, and the browser app never generates a JSON Schema (the
// server's OpenAPI document does, with the whole zod). These two modules are about 4.7 KB gzipped
// on every signed-in page. The web build replaces what they hold for that purpose with functions
// that throw, and keeps `aggregateChecks`, which the schemas' `minLength`, `format`... getters read.

const processorsModule = /\/node_modules\/zod\/v4\/core\/json-schema-processors\.js$/;
const generatorModule = /\/node_modules\/zod\/v4\/core\/to-json-schema\.js$/;

/** Where the JSON Schema part of the processors module starts: what comes before it is kept. */
const processorsJsonSchemaStart = 'const formatMap = {';

const unavailable = `const unavailable = () => {
  throw new Error('JSON Schema generation is left out of the web build (vite-zod-without-json-schema.ts)');
};
`;

/** The names a module exports: `export const x`, `export function x`, `export { x as y }`. */
export function exportedNames(code: string): string[] {
  const names = [...code.matchAll(/^export (?:const|function) (\w+)/gm)].map((match) => match[1]!);
  for (const match of code.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const part of match[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/).at(-1);
      if (name) names.push(name);
    }
  }
  return names;
}

function stubFor(name: string): string {
  // The method makers are called when a schema is made or its `~standard` is read: they return
  // the function that would generate, which throws only when called.
  if (name === 'createToJSONSchemaMethod' || name === 'createStandardJSONSchemaMethod') return `export const ${name} = () => unavailable;\n`;
  if (name === 'allProcessors') return `export const ${name} = {};\n`;
  return `export const ${name} = unavailable;\n`;
}

/** json-schema-processors.js without its processors and `toJSONSchema`. */
export function withoutProcessors(code: string): string {
  const start = code.indexOf(processorsJsonSchemaStart);
  const kept = start >= 0 ? code.slice(0, start) : '';
  if (!kept.includes('export function aggregateChecks(')) {
    throw new Error('zod-without-json-schema: json-schema-processors.js has changed (no aggregateChecks before its JSON Schema part); update the plugin');
  }
  const keptNames = new Set(exportedNames(kept));
  const stubbed = exportedNames(code.slice(start)).filter((name) => !keptNames.has(name));
  return `${kept}${unavailable}${stubbed.map(stubFor).join('')}`;
}

/** to-json-schema.js as its exports' names only. */
export function withoutGenerator(code: string): string {
  const names = exportedNames(code);
  if (!names.includes('createToJSONSchemaMethod') || !names.includes('createStandardJSONSchemaMethod')) {
    throw new Error('zod-without-json-schema: to-json-schema.js has changed (its method makers are gone); update the plugin');
  }
  return `${unavailable}${names.map(stubFor).join('')}`;
}

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'compass:zod-without-json-schema',
    apply: 'build',
    transform(code, id) {
      if (processorsModule.test(id)) return { code: withoutProcessors(code), map: null };
      if (generatorModule.test(id)) return { code: withoutGenerator(code), map: null };
      return undefined;
    },
  };
}
