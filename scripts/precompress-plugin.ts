import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** What the server compresses: text the browser loads. Source maps are left to the server. */
const PRECOMPRESSED = /\.(js|css|svg)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `file.br` and `file.gz` beside every script, style sheet and SVG of the build, at the
 * highest level of each: Brotli's best is slow (about a second for the entry), too slow for a
 * server to spend on a request, and it makes the entry 7% smaller than the level a server can
 * afford. The app server (src/server/web-app/app-server.ts) sends these files as they are.
 */
export function precompressPlugin(): Plugin {
  return {
    name: 'shelflink-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((fileName) => PRECOMPRESSED.test(fileName));
      await Promise.all(
        files.map(async (fileName) => {
          const path = join(outDir, fileName);
          const body = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipAsync(body, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}
