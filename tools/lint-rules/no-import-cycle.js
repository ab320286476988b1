// house/no-import-cycle: a file never reaches itself through its imports, type-only imports
// included. import-x/no-cycle skips every `import type` edge by design (no option turns that off),
// and under `verbatimModuleSyntax` every type import here is an `import type`: a circle through
// types would pass it. A circle of types is still a circle of knowledge (neither file can be
// understood, moved or tested without the other), so this rule counts every edge TypeScript
// follows: `import`, `import type`, `export ... from`, `import()`, `typeof import()` and
// `declare module './x'` augmentations.
//
// Paths are resolved by the resolvers of the `import-x/resolver-next` setting (the TypeScript
// resolver in eslint.config.js), so this rule and import-x's rules agree on what an import names.
// Files outside the project (node_modules) end a path: a cycle through a dependency is not ours.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** file -> { mtimeMs, size, targets: resolved project files it imports } */
const edgesCache = new Map();

function resolveWith(resolvers, specifier, fromFile) {
  for (const resolver of resolvers) {
    const result = resolver.resolve(specifier, fromFile);
    if (result.found) return result.path ?? null;
  }
  return null;
}

function isProjectFile(file) {
  return file !== null && !file.split(path.sep).includes('node_modules') && /\.[cm]?[jt]sx?$/.test(file);
}

/** The project files `file` imports, read with TypeScript's own import scanner; cached by mtime. */
function edgesOf(file, resolvers) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  const cached = edgesCache.get(file);
  if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.targets;
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const targets = [...new Set(importedFiles.map((imported) => resolveWith(resolvers, imported.fileName, file)))].filter(isProjectFile);
  edgesCache.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, targets });
  return targets;
}

/**
 * A path of imports from `start` back to `file`, or null. `deadEnds` holds the files already known
 * not to lead back (explored for an earlier import of the same file).
 */
function pathBack(start, file, resolvers, deadEnds) {
  if (deadEnds.has(start)) return null;
  const parents = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const next of edgesOf(current, resolvers)) {
      if (next === file) {
        const route = [current];
        for (let at = parents.get(current); at !== null && at !== undefined; at = parents.get(at)) route.unshift(at);
        return route;
      }
      if (parents.has(next) || deadEnds.has(next)) continue;
      parents.set(next, current);
      queue.push(next);
    }
  }
  for (const explored of parents.keys()) deadEnds.add(explored);
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports (type-only ones included) that lead back to the importing file.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{route}}. Move what both need to a third file, or pass it in.' },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    const resolvers = context.settings['import-x/resolver-next'] ?? [];
    const root = context.cwd;
    const deadEnds = new Set();

    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      const target = resolveWith(resolvers, specifier, file);
      if (!isProjectFile(target) || target === file) return;
      const route = pathBack(target, file, resolvers, deadEnds);
      if (route === null) return;
      const shown = [file, ...route, file].map((step) => path.relative(root, step)).join(' -> ');
      context.report({ node, messageId: 'cycle', data: { route: shown } });
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      TSImportType: (node) => {
        const source = node.source ?? node.argument?.literal;
        if (source) check(source, source.value);
      },
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' && check(node.moduleReference.expression, node.moduleReference.expression.value),
      TSModuleDeclaration: (node) => node.id.type === 'Literal' && check(node.id, node.id.value),
    };
  },
};

export const housePlugin = {
  meta: { name: 'house' },
  rules: { 'no-import-cycle': noImportCycle },
};
