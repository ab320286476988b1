import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const reactPackages = ['react', 'react-dom', 'use-sync-external-store'];

function packageDirectories(nodeModules: string): string[] {
  if (!existsSync(nodeModules)) return [];
  return readdirSync(nodeModules).flatMap((name) => {
    if (name.startsWith('.')) return [];
    if (!name.startsWith('@')) return [name];
    return readdirSync(path.join(nodeModules, name)).map((scoped) => `${name}/${scoped}`);
  });
}

function dependsOnReact(packageJsonFile: string): boolean {
  if (!existsSync(packageJsonFile)) return false;
  const manifest = JSON.parse(readFileSync(packageJsonFile, 'utf8')) as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
  return reactPackages.some((name) => manifest.dependencies?.[name] !== undefined || manifest.peerDependencies?.[name] !== undefined);
}

/**
 * The installed packages that import React (it is one of their dependencies or peers), with Preact
 * itself: the ones the component tests must have Vite bundle, so that the aliases to Preact reach
 * them. Every other package is loaded by Node as it is, which is quicker than bundling it
 * (decisions.md, "Preact in the browser"). Read from the package folders, so that a new library
 * that imports React is covered without a list to keep.
 */
export function reactDependents(nodeModulesDirs: string[]): string[] {
  const found = new Set(['preact']);
  for (const nodeModules of nodeModulesDirs) {
    for (const name of packageDirectories(nodeModules)) {
      if (!reactPackages.includes(name) && dependsOnReact(path.join(nodeModules, name, 'package.json'))) found.add(name);
    }
  }
  return [...found].sort();
}
