import { ESLint, type Linter } from 'eslint';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Each import rule of eslint.config.js (and the one database handle type), fed a file that breaks
// it and one that keeps it.
//
// The fixtures are written into the real tree, in folders named zz-lint-fixture-<run>-..., for the
// length of this file's run: the zones are paths of the real tree (a feature folder, a module
// folder, lib/), and the folder lists behind the feature and module zones are read when ESLint
// loads eslint.config.js, so only files that really sit there prove the configuration that
// `npm run lint` uses. Committed copies elsewhere would prove a copy of it. The run id (process and
// a random part) keeps two runs at once apart, afterAll removes the folders, and eslint.config.js
// ignores zz-lint-fixture-* folders, so a lint started meanwhile does not fail on them; this test
// lints them with `ignore: false`.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = `zz-lint-fixture-${process.pid}-${randomUUID().slice(0, 8)}`;

const serverLib = `apps/server/src/lib/${run}`;
const serverTest = `apps/server/test/${run}`;
const alpha = `${run}-alpha`;
const beta = `${run}-beta`;
const alphaModule = `apps/server/src/modules/${alpha}`;
const betaModule = `apps/server/src/modules/${beta}`;
const alphaFeature = `apps/web/src/features/${alpha}`;
const betaFeature = `apps/web/src/features/${beta}`;
const webLib = `apps/web/src/lib/${run}`;
const contractDir = `packages/contract/src/${run}`;
const fixtureFolders = [serverLib, serverTest, alphaModule, betaModule, alphaFeature, betaFeature, webLib, contractDir];

const files: Record<string, string> = {
  // Cycles.
  [`${serverLib}/cycle-a.ts`]: "import { b } from './cycle-b.ts';\n\nexport const a = (): number => b() + 1;\n",
  [`${serverLib}/cycle-b.ts`]: "import { a } from './cycle-a.ts';\n\nexport const b = (): number => a() + 1;\n",
  [`${serverLib}/type-a.ts`]: "import type { B } from './type-b.ts';\n\nexport interface A {\n  b: B | null;\n}\n",
  [`${serverLib}/type-b.ts`]: "import type { A } from './type-a.ts';\n\nexport interface B {\n  a: A | null;\n}\n",
  [`${serverLib}/ring-a.ts`]: "import { ringB } from './ring-b.ts';\n\nexport const ringA = (): number => ringB() + 1;\n",
  [`${serverLib}/ring-b.ts`]: "export { ringC as ringB } from './ring-c.ts';\n",
  [`${serverLib}/ring-c.ts`]: "import type { ringA } from './ring-a.ts';\n\nexport const ringC = (): number => 1;\nexport type RingA = typeof ringA;\n",
  [`${serverLib}/chain-a.ts`]: "import { chainB } from './chain-b.ts';\n\nexport const chainA = (): number => chainB() + 1;\n",
  [`${serverLib}/chain-b.ts`]: 'export const chainB = (): number => 1;\n',
  [`${webLib}/cycle-a.tsx`]: "import { B } from './cycle-b.tsx';\n\nexport const A = (): number => B() + 1;\n",
  [`${webLib}/cycle-b.tsx`]: "import { A } from './cycle-a.tsx';\n\nexport const B = (): number => A() + 1;\n",

  // Modules: one public file each; routes never read tables.
  [`${alphaModule}/inside.ts`]: 'export const alphaValue = 1;\n',
  [`${alphaModule}/public.ts`]: "export { alphaValue } from './inside.ts';\n",
  [`${alphaModule}/own-use.ts`]: "import { alphaValue } from './inside.ts';\n\nexport const ownUse = alphaValue + 1;\n",
  [`${alphaModule}/routes.ts`]: "import { users } from '../../db/schema/users.ts';\n\nexport const routesTable = users;\n",
  [`${alphaModule}/admin-routes.ts`]: "import { users } from '../../db/schema/users.ts';\n\nexport const adminRoutesTable = users;\n",
  [`${alphaModule}/clean-routes.ts`]: "import { alphaValue } from './public.ts';\n\nexport const cleanRoutesValue = alphaValue;\n",
  [`${alphaModule}/service.ts`]: "import { users } from '../../db/schema/users.ts';\n\nexport const serviceTable = users;\n",
  [`${betaModule}/uses-inside.ts`]: `import { alphaValue } from '../${alpha}/inside.ts';\n\nexport const betaValue = alphaValue + 1;\n`,
  [`${betaModule}/uses-public.ts`]: `import { alphaValue } from '../${alpha}/public.ts';\n\nexport const betaValue = alphaValue + 1;\n`,
  [`${serverTest}/uses-inside.ts`]: `import { alphaValue } from '../../src/modules/${alpha}/inside.ts';\n\nexport const helperValue = alphaValue;\n`,
  [`${serverTest}/uses-public.ts`]: `import { alphaValue } from '../../src/modules/${alpha}/public.ts';\n\nexport const helperValue = alphaValue;\n`,

  // lib knows no module and no plugin.
  [`${serverLib}/uses-module.ts`]: `import { alphaValue } from '../../modules/${alpha}/public.ts';\n\nexport const libValue = alphaValue;\n`,
  [`${serverLib}/uses-plugin.ts`]: "import { dbPlugin } from '../../plugins/db.ts';\n\nexport const libPlugin = dbPlugin;\n",
  [`${serverLib}/uses-lib.ts`]: "import { systemClock } from '../clock.ts';\n\nexport const libClock = systemClock;\n",

  // Web features stay apart.
  [`${betaFeature}/beta.ts`]: 'export const betaFeatureValue = 1;\n',
  [`${alphaFeature}/uses-feature.ts`]: `import { betaFeatureValue } from '../${beta}/beta.ts';\n\nexport const alphaFeatureValue = betaFeatureValue;\n`,
  [`${alphaFeature}/uses-feature-alias.ts`]: `import { betaFeatureValue } from '@/features/${beta}/beta';\n\nexport const alphaAliasValue = betaFeatureValue;\n`,
  [`${alphaFeature}/uses-own.ts`]: "import { cn } from '@/lib/utils';\n\nimport { alphaFeatureValue } from './uses-feature.ts';\n\nexport const ownValue = cn('a') + String(alphaFeatureValue);\n",

  // One database handle type.
  [`${serverLib}/own-handle.ts`]:
    "import type { Database } from '../../db/connection.ts';\n\nexport type Reader = Pick<Database, 'select'>;\nexport type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];\n",
  [`${serverLib}/uses-handle.ts`]: "import type { DatabaseHandle } from '../../db/database-handle.ts';\n\nexport type Handle = DatabaseHandle;\n",

  // Apps and packages.
  [`${serverLib}/plain.ts`]: 'export const serverPlain = 1;\n',
  [`${webLib}/plain.ts`]: 'export const webPlain = 1;\n',
  [`${webLib}/uses-server.ts`]: `import { serverPlain } from '../../../../server/src/lib/${run}/plain.ts';\n\nexport const webUsesServer = serverPlain;\n`,
  [`${serverLib}/uses-web.ts`]: `import { webPlain } from '../../../../web/src/lib/${run}/plain.ts';\n\nexport const serverUsesWeb = webPlain;\n`,
  [`${contractDir}/uses-app.ts`]: `import { serverPlain } from '../../../../apps/server/src/lib/${run}/plain.ts';\n\nexport const contractUsesApp = serverPlain;\n`,
};

let eslint: ESLint;

beforeAll(() => {
  // Every folder exists before ESLint first loads eslint.config.js (it lists features and modules).
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.join(repoRoot, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(repoRoot, file), text);
  }
  eslint = new ESLint({ cwd: repoRoot, ignore: false });
});

afterAll(() => {
  for (const folder of fixtureFolders) fs.rmSync(path.join(repoRoot, folder), { recursive: true, force: true });
});

async function lint(file: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintFiles([path.join(repoRoot, file)]);
  return result?.messages ?? [];
}

/** What app.ts would be told if it held `code` (without touching the real file). */
async function lintAsAppFile(code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, 'apps/server/src/app.ts') });
  return result?.messages ?? [];
}

function problem(ruleId: string, text: string) {
  return expect.objectContaining({ ruleId, severity: 2, message: expect.stringContaining(text) });
}

describe('house/no-import-cycle', () => {
  it('refuses two files that import each other', async () => {
    expect(await lint(`${serverLib}/cycle-a.ts`)).toEqual([problem('house/no-import-cycle', `${serverLib}/cycle-b.ts -> ${serverLib}/cycle-a.ts`)]);
  });

  it('refuses a circle of type-only imports', async () => {
    expect(await lint(`${serverLib}/type-a.ts`)).toEqual([problem('house/no-import-cycle', `${serverLib}/type-b.ts -> ${serverLib}/type-a.ts`)]);
  });

  it('refuses a circle of three files through a re-export and a type import', async () => {
    expect(await lint(`${serverLib}/ring-a.ts`)).toEqual([
      problem('house/no-import-cycle', `${serverLib}/ring-b.ts -> ${serverLib}/ring-c.ts -> ${serverLib}/ring-a.ts`),
    ]);
  });

  it('refuses a cycle between .tsx files', async () => {
    expect(await lint(`${webLib}/cycle-a.tsx`)).toEqual([problem('house/no-import-cycle', `${webLib}/cycle-b.tsx -> ${webLib}/cycle-a.tsx`)]);
  });

  it('lets imports run one way', async () => {
    expect(await lint(`${serverLib}/chain-a.ts`)).toEqual([]);
  });
});

describe('a server module is used only through its public.ts', () => {
  it("refuses another module's import of a module's inside file", async () => {
    expect(await lint(`${betaModule}/uses-inside.ts`)).toEqual([problem('import-x/no-restricted-paths', `Use modules/${alpha}/public.ts`)]);
  });

  it("refuses a test helper's import of a module's inside file", async () => {
    expect(await lint(`${serverTest}/uses-inside.ts`)).toEqual([problem('import-x/no-restricted-paths', `Use modules/${alpha}/public.ts`)]);
  });

  it("refuses app.ts an inside file, but lets it register the module's routes", async () => {
    expect(await lintAsAppFile(`import { alphaValue } from './modules/${alpha}/inside.ts';\n\nexport const appValue = alphaValue;\n`)).toEqual([
      problem('import-x/no-restricted-paths', `Use modules/${alpha}/public.ts`),
    ]);
    expect(await lintAsAppFile(`export { cleanRoutesValue } from './modules/${alpha}/clean-routes.ts';\n`)).toEqual([
      problem('import-x/no-restricted-paths', `Use modules/${alpha}/public.ts`),
    ]);
    expect(await lintAsAppFile(`export { routesTable } from './modules/${alpha}/routes.ts';\nexport { alphaValue } from './modules/${alpha}/public.ts';\n`)).toEqual([]);
  });

  it('lets other modules and test helpers import public.ts, and a module its own insides', async () => {
    expect(await lint(`${betaModule}/uses-public.ts`)).toEqual([]);
    expect(await lint(`${serverTest}/uses-public.ts`)).toEqual([]);
    expect(await lint(`${alphaModule}/own-use.ts`)).toEqual([]);
  });
});

describe('routes never import db/schema', () => {
  it('refuses routes.ts and *-routes.ts a table', async () => {
    expect(await lint(`${alphaModule}/routes.ts`)).toEqual([problem('import-x/no-restricted-paths', 'Routes never read tables')]);
    expect(await lint(`${alphaModule}/admin-routes.ts`)).toEqual([problem('import-x/no-restricted-paths', 'Routes never read tables')]);
  });

  it('lets a service read tables, and routes call the service', async () => {
    expect(await lint(`${alphaModule}/service.ts`)).toEqual([]);
    expect(await lint(`${alphaModule}/clean-routes.ts`)).toEqual([]);
  });
});

describe('server lib imports no module and no plugin', () => {
  it('refuses lib a module, even its public.ts', async () => {
    expect(await lint(`${serverLib}/uses-module.ts`)).toEqual([problem('import-x/no-restricted-paths', 'lib/ is plain code')]);
  });

  it('refuses lib a plugin', async () => {
    expect(await lint(`${serverLib}/uses-plugin.ts`)).toEqual([problem('import-x/no-restricted-paths', 'lib/ is plain code')]);
  });

  it('lets lib import lib', async () => {
    expect(await lint(`${serverLib}/uses-lib.ts`)).toEqual([]);
  });
});

describe('a web feature never imports another feature', () => {
  it('refuses a relative import of another feature', async () => {
    expect(await lint(`${alphaFeature}/uses-feature.ts`)).toEqual([problem('import-x/no-restricted-paths', 'A feature never imports another feature')]);
  });

  it('refuses the same import through the @/ alias', async () => {
    expect(await lint(`${alphaFeature}/uses-feature-alias.ts`)).toEqual([problem('import-x/no-restricted-paths', 'A feature never imports another feature')]);
  });

  it('lets a feature import lib and its own files', async () => {
    expect(await lint(`${alphaFeature}/uses-own.ts`)).toEqual([]);
  });
});

describe('one database handle type', () => {
  it('refuses a Pick of the database and a transaction type of its own', async () => {
    expect(await lint(`${serverLib}/own-handle.ts`)).toEqual([
      problem('no-restricted-syntax', 'Take a DatabaseHandle'),
      problem('no-restricted-syntax', 'Take a DatabaseHandle'),
    ]);
  });

  it('lets a file take a DatabaseHandle', async () => {
    expect(await lint(`${serverLib}/uses-handle.ts`)).toEqual([]);
  });
});

describe('apps and packages', () => {
  it('refuses the web a server file', async () => {
    expect(await lint(`${webLib}/uses-server.ts`)).toEqual([problem('import-x/no-restricted-paths', 'The web talks to the server over HTTP')]);
  });

  it('refuses the server a web file', async () => {
    expect(await lint(`${serverLib}/uses-web.ts`)).toEqual([problem('import-x/no-restricted-paths', 'The server never imports the web')]);
  });

  it('refuses a package an app file', async () => {
    expect(await lint(`${contractDir}/uses-app.ts`)).toEqual([problem('import-x/no-restricted-paths', 'Packages never import the apps')]);
  });

  it('lets each app import its own files', async () => {
    expect(await lint(`${webLib}/plain.ts`)).toEqual([]);
    expect(await lint(`${serverLib}/plain.ts`)).toEqual([]);
  });
});
