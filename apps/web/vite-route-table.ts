import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The route table as the build reads it (app/routes.tsx, app/router.tsx, lib/route-paths.ts):
// for each page route, the modules its first screen starts from. The route preloads and the page
// chunks plugins both follow it, so the table stays the one source.

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
function readRoutePaths(file: string): Map<string, string> {
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
function readPageRoutes(file: string): PageRouteSource[] {
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
function readLayoutChains(file: string): Map<string, string[]> {
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

/** A module a first screen starts from, as the source writes it: resolved from `importer`. */
export interface FirstScreenRoot {
  specifier: string;
  importer: string;
}

/** One page route: its name, its path pattern (`/report/:type/:id`) and its first screen's roots. */
export interface PageFirstScreen {
  name: string;
  path: string;
  /** The layout routes' modules, outermost first, then the page's, then the signed-in start's. */
  roots: FirstScreenRoot[];
}

/**
 * What a signed-in page loads at start besides its route's modules: the modules `importer`
 * imports when the stored session is restored (the account's schema), for the routes of these
 * layouts.
 */
export interface SignedInStart {
  layouts: string[];
  importer: string;
  modules: string[];
}

/** Every page route of the table with the modules its first screen starts from. */
export function readPageFirstScreens(srcDir: string, signedIn?: SignedInStart): PageFirstScreen[] {
  const routesFile = path.join(srcDir, 'app/routes.tsx');
  const routerFile = path.join(srcDir, 'app/router.tsx');
  const routePaths = readRoutePaths(path.join(srcDir, 'lib/route-paths.ts'));
  const layoutChains = readLayoutChains(routerFile);
  return readPageRoutes(routesFile).map((route) => {
    const routePath = routePaths.get(route.name);
    const layouts = layoutChains.get(route.layout);
    if (!routePath || !layouts) throw new Error(`the route ${route.name} has no path or its layout ${route.layout} no place in router.tsx`);
    const roots: FirstScreenRoot[] = [...layouts.map((specifier) => ({ specifier, importer: routerFile })), { specifier: route.page, importer: routesFile }];
    if (signedIn?.layouts.includes(route.layout)) {
      const importer = path.join(srcDir, signedIn.importer);
      roots.push(...signedIn.modules.map((specifier) => ({ specifier, importer })));
    }
    return { name: route.name, path: routePath, roots };
  });
}
