import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin, Rolldown } from 'vite';

/** One page route and the chunks its first screen needs beyond the entry's own. */
export interface RoutePreload {
  /** The route's path pattern, as React Router matches it (`/report/:type/:id`). */
  path: string;
  /** Chunk URLs (`/assets/...`): the layouts' and the page's, with everything they import. */
  modules: string[];
}

/** Where the server finds the list in the build (a dot folder: not served as a file). */
export const routePreloadsFile = '.vite/route-preloads.json';

interface PageRouteSource {
  name: string;
  layout: string;
  /** The import specifier of the page's module, as routes.tsx writes it. */
  page: string;
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

function withoutTypeAssertions(node: ts.Expression): ts.Expression {
  return ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node) ? withoutTypeAssertions(node.expression) : node;
}

function propertyName(property: ts.ObjectLiteralElementLike): string | undefined {
  if (!ts.isPropertyAssignment(property)) return undefined;
  return ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) ? property.name.text : undefined;
}

function property(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  const found = object.properties.find((candidate) => propertyName(candidate) === name);
  return found && ts.isPropertyAssignment(found) ? found.initializer : undefined;
}

function stringProperty(object: ts.ObjectLiteralExpression, name: string): string | undefined {
  const value = property(object, name);
  return value && ts.isStringLiteral(value) ? value.text : undefined;
}

/** The specifiers of the `import('...')` calls within a node. */
function dynamicImports(node: ts.Node): string[] {
  const found: string[] = [];
  const visit = (child: ts.Node) => {
    if (ts.isCallExpression(child) && child.expression.kind === ts.SyntaxKind.ImportKeyword && child.arguments[0] && ts.isStringLiteral(child.arguments[0])) {
      found.push(child.arguments[0].text);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/** The object literal a top-level `const <name> = {...}` or `[...]` is initialised with. */
function constInitializer(source: ts.SourceFile, name: string): ts.Expression {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer) return withoutTypeAssertions(declaration.initializer);
    }
  }
  throw new Error(`${source.fileName}: no top-level const ${name}`);
}

/** lib/route-paths.ts: route name -> path pattern. */
export function readRoutePaths(file: string): Map<string, string> {
  const paths = constInitializer(parse(file), 'routePaths');
  if (!ts.isObjectLiteralExpression(paths)) throw new Error(`${file}: routePaths is not an object literal`);
  const byName = new Map<string, string>();
  for (const entry of paths.properties) {
    const name = propertyName(entry);
    const value = ts.isPropertyAssignment(entry) ? entry.initializer : undefined;
    if (name && value && ts.isStringLiteral(value)) byName.set(name, value.text);
  }
  return byName;
}

/** app/routes.tsx: every page route's name, layout and page module. */
export function readPageRoutes(file: string): PageRouteSource[] {
  const routes = constInitializer(parse(file), 'appRoutes');
  if (!ts.isArrayLiteralExpression(routes)) throw new Error(`${file}: appRoutes is not an array literal`);
  return routes.elements.flatMap((element) => {
    if (!ts.isObjectLiteralExpression(element)) throw new Error(`${file}: an appRoutes entry is not an object literal`);
    const pageProperty = property(element, 'page');
    if (!pageProperty) return [];
    const name = stringProperty(element, 'name');
    const layout = stringProperty(element, 'layout');
    const [page, ...more] = dynamicImports(pageProperty);
    if (!name || !layout || !page || more.length > 0) throw new Error(`${file}: the page route ${name ?? '?'} needs a name, a layout and one import()`);
    return [{ name, layout, page }];
  });
}

/**
 * app/router.tsx: for each layout name, the modules of the layout routes around its pages, outermost
 * first (`settings`: the query provider, the app shell, the settings layout). Found where a route
 * object's `children` calls `pagesIn('<layout>')`, under the `lazy` imports of its ancestors.
 */
export function readLayoutChains(file: string): Map<string, string[]> {
  const chains = new Map<string, string[]>();
  const visit = (node: ts.Node, ancestors: string[]) => {
    if (ts.isObjectLiteralExpression(node)) {
      const lazy = property(node, 'lazy');
      const chain = lazy ? [...ancestors, ...dynamicImports(lazy)] : ancestors;
      const children = property(node, 'children');
      if (children) {
        const calls = ts.isArrayLiteralExpression(children) ? children.elements.map((element) => (ts.isSpreadElement(element) ? element.expression : element)) : [children];
        for (const call of calls) {
          if (ts.isCallExpression(call) && ts.isIdentifier(call.expression) && call.expression.text === 'pagesIn' && call.arguments[0] && ts.isStringLiteral(call.arguments[0])) {
            chains.set(call.arguments[0].text, chain);
          }
        }
        ts.forEachChild(children, (child) => visit(child, chain));
      }
      return;
    }
    ts.forEachChild(node, (child) => visit(child, ancestors));
  };
  visit(parse(file), []);
  return chains;
}

/**
 * Writes `.vite/route-preloads.json`: for every page route, the chunks its first screen needs
 * beyond those index.html already loads. The server puts them into index.html as modulepreload
 * links for that path, so the browser fetches them with the entry instead of after it. The route
 * table stays the one source: a route whose page cannot be found in the build fails the build.
 */
export interface RoutePreloadOptions {
  srcDir: string;
  /**
   * What a signed-in page loads at start besides its route's chunks: the modules `importer`
   * imports when the stored session is restored (the account's schema), for the routes of these
   * layouts. Named too, so that they do not wait for the restore's answer.
   */
  signedIn?: { layouts: string[]; importer: string; modules: string[] };
}

export function routePreloads(options: RoutePreloadOptions): Plugin {
  const routesFile = path.join(options.srcDir, 'app/routes.tsx');
  const routerFile = path.join(options.srcDir, 'app/router.tsx');
  const routePathsFile = path.join(options.srcDir, 'lib/route-paths.ts');
  return {
    name: 'compass:route-preloads',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
      const byModule = new Map(chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk] as const] : [])));
      const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (fileName: string, into: Set<string>): Set<string> => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byFileName.get(fileName)?.imports ?? []) withImports(imported, into);
        return into;
      };
      const initial = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) withImports(chunk.fileName, initial);

      const chunkOf = async (specifier: string, importer: string) => {
        const resolved = await this.resolve(specifier, importer);
        // A page or layout is its chunk's facade; a module imported from several places (the
        // account's schema) may be in a chunk that holds others as well.
        const chunk = resolved && (byModule.get(resolved.id) ?? chunks.find((candidate) => candidate.moduleIds.includes(resolved.id)));
        if (!chunk) this.error(`route preloads: ${specifier} (imported by ${importer}) is not a chunk of this build`);
        return chunk.fileName;
      };
      const routePaths = readRoutePaths(routePathsFile);
      const layoutChains = readLayoutChains(routerFile);
      const preloads: RoutePreload[] = [];
      for (const route of readPageRoutes(routesFile)) {
        const routePath = routePaths.get(route.name);
        const layouts = layoutChains.get(route.layout);
        if (!routePath || !layouts) this.error(`route preloads: the route ${route.name} has no path or its layout ${route.layout} no place in router.tsx`);
        const roots = [...(await Promise.all(layouts.map((specifier) => chunkOf(specifier, routerFile)))), await chunkOf(route.page, routesFile)];
        const signedIn = options.signedIn;
        if (signedIn?.layouts.includes(route.layout)) {
          const importer = path.join(options.srcDir, signedIn.importer);
          roots.push(...(await Promise.all(signedIn.modules.map((specifier) => chunkOf(specifier, importer)))));
        }
        const needed = new Set<string>();
        for (const root of roots) withImports(root, needed);
        preloads.push({ path: routePath, modules: [...needed].filter((fileName) => !initial.has(fileName)).map((fileName) => `/${fileName}`) });
      }
      this.emitFile({ type: 'asset', fileName: routePreloadsFile, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}
