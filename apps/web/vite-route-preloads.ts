import type { Plugin } from 'vite';
import { firstScreenChunks } from './vite-first-screen-chunks.ts';
import { readPageFirstScreens, type SignedInStart } from './vite-route-table.ts';

/** One page route and the chunks its first screen needs beyond the entry's own. */
export interface RoutePreload {
  /** The route's path pattern, as React Router matches it (`/report/:type/:id`). */
  path: string;
  /** Chunk URLs (`/assets/...`): the layouts' and the page's, with everything they import. */
  modules: string[];
}

/** Where the server finds the list in the build (a dot folder: not served as a file). */
export const routePreloadsFile = '.vite/route-preloads.json';

export interface RoutePreloadOptions {
  srcDir: string;
  /** The signed-in pages' start (the account's schema): named too, so that it does not wait for the restore's answer. */
  signedIn?: SignedInStart;
}

/**
 * Writes `.vite/route-preloads.json`: for every page route, the chunks its first screen needs
 * beyond those index.html already loads. The server puts them into index.html as modulepreload
 * links for that path, so the browser fetches them with the entry instead of after it. The route
 * table stays the one source: a route whose page cannot be found in the build fails the build.
 */
export function routePreloads(options: RoutePreloadOptions): Plugin {
  return {
    name: 'compass:route-preloads',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const pages = readPageFirstScreens(options.srcDir, options.signedIn);
      const { byPage } = await firstScreenChunks(this, bundle, pages);
      const preloads: RoutePreload[] = pages.map((page, index) => ({ path: page.path, modules: (byPage[index] ?? []).map((fileName) => `/${fileName}`) }));
      this.emitFile({ type: 'asset', fileName: routePreloadsFile, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}
