import { gzipSync } from 'node:zlib';
import type { Rolldown } from 'vite';
import { planPageChunks, type PlanOptions } from './page-chunk-plan.ts';
import { firstScreenChunks } from './vite-first-screen-chunks.ts';
import { readPageFirstScreens, type SignedInStart } from './vite-route-table.ts';

/**
 * Chunks cut by the pages that load them. Left to itself the bundler makes one chunk per set of
 * lazy imports that reach a module: about 200 files, a signed-in page's first screen 50 to 75 of
 * them, most under a kilobyte. Over HTTP/1.1 a phone opens six connections per host, so every
 * further file of a first load costs a share of a round trip (Lighthouse's slow 4G: 150 ms, six
 * at a time): more than a few kilobytes do.
 *
 * The build writes two outputs from one module graph. The first, the planning output, is the
 * bundler's own splitting and is not written: from it the plan learns which chunks each page's
 * first screen loads (after tree shaking), their gzipped sizes and their imports, and merges them
 * (page-chunk-plan.ts). The second, the shipped output, puts each module into its planned chunk;
 * modules no first screen needs (a dialog opened later, a wizard's later steps) stay as the
 * bundler splits them.
 */
export interface PageChunkOptions {
  srcDir: string;
  signedIn?: SignedInStart;
  /** The plan's trade of files against bytes, in gzipped bytes. */
  plan: PlanOptions;
  /** The group that keeps the entry's modules in the entry's chunk, in both outputs. */
  initialGroup: Rolldown.CodeSplittingGroup;
  /** Groups that take some of the entry's modules into chunks of their own, in the shipped output. */
  beforeInitial?: Rolldown.CodeSplittingGroup[];
}

export interface PageChunks {
  /** The output to list first: it plans, and writes nothing. */
  planningOutput: Rolldown.OutputOptions;
  /** The shipped output's code splitting. */
  codeSplitting: Rolldown.CodeSplittingOptions;
}

export function pageChunks(options: PageChunkOptions): PageChunks {
  const chunkNames = new Map<string, string>();
  const planner: Rolldown.Plugin = {
    name: 'compass:page-chunks-planner',
    async generateBundle(_outputOptions, bundle) {
      chunkNames.clear();
      const pages = readPageFirstScreens(options.srcDir, options.signedIn);
      const { chunks, byPage } = await firstScreenChunks(this, bundle, pages);
      const pagesByChunk = new Map<string, number[]>();
      byPage.forEach((fileNames, page) => {
        for (const fileName of fileNames) pagesByChunk.set(fileName, [...(pagesByChunk.get(fileName) ?? []), page]);
      });
      const units = chunks
        .filter((chunk) => pagesByChunk.has(chunk.fileName))
        .map((chunk) => ({ id: chunk.fileName, pages: pagesByChunk.get(chunk.fileName) ?? [], size: gzipSync(chunk.code).length, imports: chunk.imports }));
      const planned = planPageChunks(units, options.plan);

      // A chunk of one page is named after it; a shared one after its largest part, as the
      // bundler named it. Names must differ: the bundler puts the modules of a name into one chunk.
      const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const taken = new Set<string>();
      for (const chunk of planned) {
        const parts = chunk.units.map((fileName) => byFileName.get(fileName)).filter((part) => part !== undefined);
        const largest = parts.reduce((best, part) => (part.code.length > best.code.length ? part : best));
        const base = chunk.pages.length === 1 ? pages[chunk.pages[0]!]!.name : largest.name;
        let name = base;
        for (let suffix = 2; taken.has(name); suffix += 1) name = `${base}-${suffix}`;
        taken.add(name);
        for (const part of parts) for (const id of part.moduleIds) chunkNames.set(id, name);
      }
      // Nothing of this output is written.
      for (const fileName of Object.keys(bundle)) delete bundle[fileName];
    },
  };
  return {
    planningOutput: { codeSplitting: { groups: [options.initialGroup] }, sourcemap: false, plugins: [planner] },
    codeSplitting: {
      groups: [
        ...(options.beforeInitial ?? []),
        options.initialGroup,
        // A module's dependencies stay where the plan puts them: the plan keeps the chunks' imports
        // free of circles.
        { debugName: 'page chunks', name: (id) => chunkNames.get(id) ?? null, includeDependenciesRecursively: false },
      ],
    },
  };
}
