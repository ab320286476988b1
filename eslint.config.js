import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { fileURLToPath } from 'node:url';

const web = './apps/web/src';
const server = './apps/server/src';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/.tmp/**', 'test-results/**', 'playwright-report/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        importX.createNodeResolver({
          extensions: ['.ts', '.tsx', '.js'],
          // The web's `@/` alias (vite.config.ts): without it `@/app/...` imports would escape the zones below.
          alias: { '@': [fileURLToPath(new URL('./apps/web/src', import.meta.url))] },
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Packages never import the apps.
            { target: './packages', from: './apps' },
            // Web: lib and components -> features -> app.
            { target: `${web}/lib`, from: [`${web}/features`, `${web}/app`, `${web}/layouts`, `${web}/components`] },
            { target: `${web}/components`, from: [`${web}/features`, `${web}/app`, `${web}/layouts`] },
            { target: `${web}/features`, from: `${web}/app` },
            { target: `${web}/layouts`, from: [`${web}/features`, `${web}/app`] },
            // Server: plugins are cross-cutting and import no module; db knows no module.
            { target: `${server}/plugins`, from: `${server}/modules` },
            { target: `${server}/db`, from: [`${server}/modules`, `${server}/plugins`] },
          ],
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
