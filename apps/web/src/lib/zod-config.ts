// Zod compiles object parsers with `new Function` where it may, and finds out by trying: under our
// Content-Security-Policy (script-src 'self') that try is a violation the browser reports on every
// page that parses an answer (Lighthouse best practices: "issues logged in the Issues panel").
// Interpreted parsing is quick enough for API answers, so zod is told not to try (`jitless`).
// Zod keeps its settings on this global so that every copy of it shares them; setting it here,
// before zod loads, keeps zod itself out of the entry (its `config()` would add 4 KB gzipped).
// lib/zod-config.test.ts checks that zod still reads it. Imported first by main.tsx.
declare global {
  var __zod_globalConfig: Record<string, unknown> | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
