import type { Plugin, Rolldown } from 'vite';

/** V8's explicit compile hint (Chrome 136+): compile every function of the file as it streams in. */
export const compileHint = '//# allFunctionsCalledOnLoad';

/**
 * Starts every JavaScript chunk with V8's compile hint. By default V8 compiles a function the first
 * time it is called, on the main thread, inside the task that calls it: on a phone's first visit
 * (nothing in the code cache) that compiling was a large part of each page's long tasks. With the
 * hint, Chrome compiles the whole file on a background thread while it downloads. A chunk holds
 * one page's or a few pages' first screen (vite-page-chunks.ts), so nearly all of it runs when it
 * loads. Other browsers read a comment. The hidden source map moves down the one added line.
 */
export function compileHints(): Plugin {
  return {
    name: 'compass:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        addCompileHints(bundle);
      },
    },
  };
}

/** Puts the hint on the first line of each chunk and shifts its map (if any) by that line. */
export function addCompileHints(bundle: Rolldown.OutputBundle): void {
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk') continue;
    chunk.code = `${compileHint}\n${chunk.code}`;
    const map = bundle[`${chunk.fileName}.map`];
    if (map?.type === 'asset' && typeof map.source === 'string') {
      const parsed = JSON.parse(map.source) as { mappings: string };
      // A ';' in the mappings is a line of the generated file with nothing mapped on it.
      map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
    }
  }
}
