import type { Rolldown } from 'vite';
import type { PageFirstScreen } from './vite-route-table.ts';

/** The chunks of a build that pages load at start. */
export interface FirstScreenChunks {
  chunks: Rolldown.OutputChunk[];
  /** The entry's chunks and theirs, which every page loads (index.html names them). */
  initial: Set<string>;
  /** For each page (in the order given), the chunk file names its first screen needs beyond the initial ones. */
  byPage: string[][];
}

/**
 * Follows each page's roots (its layouts' and page's modules) to their chunks and those chunks'
 * static imports, in a generated bundle. A root that is no module of the bundle fails the build.
 */
export async function firstScreenChunks(context: Rolldown.PluginContext, bundle: Rolldown.OutputBundle, pages: readonly PageFirstScreen[]): Promise<FirstScreenChunks> {
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
    const resolved = await context.resolve(specifier, importer);
    // A page or layout may be its chunk's facade or share a chunk with others (the page chunks;
    // the account's schema, imported from several places).
    const chunk = resolved && (byModule.get(resolved.id) ?? chunks.find((candidate) => candidate.moduleIds.includes(resolved.id)));
    if (!chunk) context.error(`${specifier} (imported by ${importer}) is not a chunk of this build`);
    return chunk.fileName;
  };
  const byPage: string[][] = [];
  for (const page of pages) {
    const roots = await Promise.all(page.roots.map((root) => chunkOf(root.specifier, root.importer)));
    const needed = new Set<string>();
    for (const root of roots) withImports(root, needed);
    byPage.push([...needed].filter((fileName) => !initial.has(fileName)));
  }
  return { chunks, initial, byPage };
}
