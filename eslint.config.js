import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { housePlugin } from './tools/lint-rules/no-import-cycle.js';

// Zones are absolute paths, so that they mean the same whatever folder ESLint is started from
// (import-x resolves relative zones against process.cwd(), not against this file).
const root = path.dirname(fileURLToPath(import.meta.url));
const web = path.join(root, 'apps/web/src');
const server = path.join(root, 'apps/server/src');

/** The folders directly inside `dir`: each web feature, each server module. */
function foldersIn(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

// Web: a feature never imports another feature; what two features share moves to lib or components.
const featureZones = foldersIn(path.join(web, 'features')).map((feature) => ({
  target: path.join(web, 'features', feature),
  from: path.join(web, 'features'),
  except: [`./${feature}`],
  message: 'A feature never imports another feature: move what both need to lib/ or components/.',
}));

// Server: a module is used from outside only through its public.ts (what other modules may call),
// never its insides. app.ts, the composition root, may also import each module's routes.ts to
// register it; routes are kept out of public.ts because they import other modules' public files,
// and a public.ts re-exporting them would close circles between modules that use each other.
const serverRoots = [server, path.join(root, 'apps/server/test'), path.join(root, 'apps/server/scripts')];
const appFile = path.join(server, 'app.ts');
const moduleNames = foldersIn(path.join(server, 'modules'));
const moduleZones = moduleNames.flatMap((name) => {
  const moduleDir = path.join(server, 'modules', name);
  const outside = [
    ...serverRoots.flatMap((dir) =>
      fs
        .readdirSync(dir)
        .filter((entry) => dir !== server || (entry !== 'modules' && entry !== 'app.ts'))
        .map((entry) => path.join(dir, entry)),
    ),
    ...moduleNames.filter((other) => other !== name).map((other) => path.join(server, 'modules', other)),
  ];
  const message = `Use modules/${name}/public.ts: a module's insides are its own (add to public.ts what others need).`;
  return [
    { target: outside, from: moduleDir, except: ['./public.ts'], message },
    { target: appFile, from: moduleDir, except: ['./public.ts', './routes.ts'], message },
  ];
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
      // The lint tests' own broken files, alive only while tools/lint-rules runs (they lint them
      // with ignore: false); a lint started meanwhile must not fail on them.
      '**/zz-lint-fixture-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX, house: housePlugin },
    settings: {
      // Without these, import-x reads only .js files and parses imported files with espree: every
      // .ts import was skipped, and import-x/no-cycle found nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Paths as TypeScript resolves them, from each workspace's tsconfig.json (the web's `@/` alias
      // among them): an import the zones cannot resolve would escape them.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'tools/*/tsconfig.json'].map((glob) => path.join(root, glob)),
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Ours, not import-x/no-cycle: that rule skips `import type` edges by design, and a circle of
      // types is a circle too (tools/lint-rules/no-import-cycle.js).
      'house/no-import-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            // Packages never import the apps; no app imports another.
            { target: path.join(root, 'packages'), from: path.join(root, 'apps'), message: 'Packages never import the apps: the apps import them.' },
            { target: path.join(root, 'apps/web'), from: path.join(root, 'apps/server'), message: 'The web talks to the server over HTTP; shared shapes live in packages/contract.' },
            { target: path.join(root, 'apps/server'), from: path.join(root, 'apps/web'), message: 'The server never imports the web; shared shapes live in packages/contract.' },
            // Web: lib and components -> features -> app.
            { target: `${web}/lib`, from: [`${web}/features`, `${web}/app`, `${web}/layouts`, `${web}/components`] },
            { target: `${web}/components`, from: [`${web}/features`, `${web}/app`, `${web}/layouts`] },
            { target: `${web}/features`, from: `${web}/app` },
            { target: `${web}/layouts`, from: [`${web}/features`, `${web}/app`] },
            ...featureZones,
            // Server: plugins are cross-cutting and import no module; db knows no module; lib is
            // plain code that knows neither modules nor plugins.
            { target: `${server}/plugins`, from: `${server}/modules` },
            { target: `${server}/db`, from: [`${server}/modules`, `${server}/plugins`] },
            { target: `${server}/lib`, from: [`${server}/modules`, `${server}/plugins`], message: 'lib/ is plain code: pass in what it needs from modules or plugins.' },
            ...moduleZones,
            // Routes speak HTTP and call services; the tables are the services' business.
            { target: `${server}/modules/**/{routes,*-routes}.ts`, from: `${server}/db/schema`, message: 'Routes never read tables: call the service that does.' },
          ],
        },
      ],
    },
  },
  {
    // One name for a database handle: the database or a transaction on it is a DatabaseHandle
    // (db/database-handle.ts), not a Pick of the database or a transaction type of each file's own.
    files: ['apps/server/**/*.{ts,tsx}'],
    ignores: ['apps/server/src/db/database-handle.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSTypeReference[typeName.name=/^(Pick|Omit|Partial)$/] > TSTypeParameterInstantiation > TSTypeReference:first-child[typeName.name='Database']",
          message: 'Take a DatabaseHandle (db/database-handle.ts): the database or a transaction on it.',
        },
        {
          selector: "TSIndexedAccessType[objectType.typeName.name='Database'][indexType.literal.value='transaction']",
          message: 'Take a DatabaseHandle (db/database-handle.ts): the database or a transaction on it.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
