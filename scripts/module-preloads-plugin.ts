import { dirname, relative } from "node:path";
import type { Plugin } from "vite";
import { MODULE_PRELOADS_FILE } from "../src/shared/page-modules";

type Chunk = {
  type: "chunk";
  fileName: string;
  imports: string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
};

/**
 * Maps every lazily imported module (by its path from the project root) to its chunk and that chunk's static
 * imports, transitively, leaving out what the entry loads already. The server names these files in the page it
 * sends for a path (src/server/http/static-spa.ts), so a signed-in page's code is fetched alongside the
 * entry's instead of after the entry has run.
 */
export function modulePreloads(): Plugin {
  let root = "";
  return {
    name: "calldesk-module-preloads",
    apply: "build",
    configResolved(config) {
      // Module paths from the project root (where vite.config.ts is), as @shared/page-modules names them.
      root = config.configFile ? dirname(config.configFile) : process.cwd();
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Chunk>();
      for (const output of Object.values(bundle))
        if (output.type === "chunk") chunks.set(output.fileName, output);
      const closure = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, into);
        return into;
      };
      const initial = new Set<string>();
      for (const chunk of chunks.values()) if (chunk.isEntry) closure(chunk.fileName, initial);
      const preloads: Record<string, string[]> = {};
      for (const chunk of chunks.values()) {
        if (!chunk.isDynamicEntry || !chunk.facadeModuleId) continue;
        const module = relative(root, chunk.facadeModuleId).split("\\").join("/");
        preloads[module] = [...closure(chunk.fileName)].filter((file) => !initial.has(file));
      }
      this.emitFile({
        type: "asset",
        fileName: MODULE_PRELOADS_FILE,
        source: JSON.stringify(preloads, null, 1),
      });
    },
  };
}
