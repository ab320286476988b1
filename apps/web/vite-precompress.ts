import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files a browser fetches. Source maps are left out: only developer tools ask for them. */
const compressibleFile = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/**
 * Writes `x.br` (brotli, best quality) and `x.gz` (gzip, level 9) beside every text file of the
 * build, so the server sends them as they are (@fastify/static's `preCompressed`) and never
 * compresses while answering. A twin that would not be smaller is not written.
 */
export async function precompressDirectory(directory: string): Promise<PrecompressSummary> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && compressibleFile.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    // Build metadata (.vite/) is read by the server, never sent.
    .filter((file) => !path.relative(directory, file).split(path.sep).some((part) => part.startsWith('.')));
  const summary: PrecompressSummary = { files: files.length, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [brotliContent, gzipContent] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      summary.bytes += content.length;
      summary.brotliBytes += Math.min(brotliContent.length, content.length);
      summary.gzipBytes += Math.min(gzipContent.length, content.length);
      await Promise.all([
        brotliContent.length < content.length ? writeFile(`${file}.br`, brotliContent) : undefined,
        gzipContent.length < content.length ? writeFile(`${file}.gz`, gzipContent) : undefined,
      ]);
    }),
  );
  return summary;
}

/** The Vite side of precompressDirectory: runs once the build (public files included) is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'compass:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const started = performance.now();
      const { files, bytes, brotliBytes, gzipBytes } = await precompressDirectory(outDir);
      const kb = (count: number) => `${(count / 1024).toFixed(0)} KB`;
      this.info(`${files} files compressed in ${Math.round(performance.now() - started)} ms: ${kb(bytes)}, brotli ${kb(brotliBytes)}, gzip ${kb(gzipBytes)}`);
    },
  };
}
