import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves too little to be worth a file. */
const MIN_BYTES = 1024;

const gzipBest = promisify(gzip);
const brotliBest = promisify(brotliCompress);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * Writes a .br and a .gz beside every compressible file of the build, at the strongest settings, once: the
 * server sends them as they are (serveStatic's `precompressed`) instead of compressing each download.
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "calldesk-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const writes: Promise<void>[] = [];
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
        writes.push(
          readFile(file).then(async (bytes) => {
            const [br, gz] = await Promise.all([
              brotliBest(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
              gzipBest(bytes, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
        );
      }
      await Promise.all(writes);
    },
  };
}
