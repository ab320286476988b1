import { build, type Plugin } from 'esbuild';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

// Dependencies stay in node_modules (native parts, binaries, pino's worker files need their real
// paths); only our own workspace packages (@app/*, TypeScript sources) are bundled in.
const externalNodeModules: Plugin = {
  name: 'external-node-modules',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@app/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Bundles src/main.ts into one ESM file, and beside it `report-render-worker.js`, the report render
 * threads' code (modules/reports/render-pool.ts looks for it there). It must sit one directory
 * below apps/server (dist/), as src/paths.ts finds the migrations and the SPA relative to it.
 */
export async function buildServer(outfile = path.join(serverDir, 'dist/main.js')): Promise<void> {
  await build({
    entryPoints: {
      [path.basename(outfile, '.js')]: path.join(serverDir, 'src/main.ts'),
      'report-render-worker': path.join(serverDir, 'src/modules/reports/render-worker.ts'),
    },
    outdir: path.dirname(outfile),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [externalNodeModules],
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer();
}
