import { dirname, relative } from "node:path";
import type { Plugin } from "vite";
import { LANGUAGE_CODES } from "../src/shared/languages.ts";
import { MODULE_PRELOADS_FILE, PAGE_FILES_META } from "../src/shared/page-modules.ts";

type Chunk = {
  type: "chunk";
  fileName: string;
  imports: string[];
  isEntry: boolean;
  moduleIds: string[];
};

type Bundle = Record<string, { type: string } | Chunk>;

/** The modules each language loads before the first render (lib/i18n.ts), and with the signed-in area. */
const languageModules = (code: string) => ({
  first: [`locales/${code}/public.po`, `node_modules/date-fns/locale/${code === "en" ? "en-US" : code}.js`],
  signedIn: [`locales/${code}/signed-in.po`],
});

/** Chunks by file name, and the files a chunk needs (itself and its static imports, transitively). */
function chunkGraph(bundle: Bundle) {
  const chunks = new Map<string, Chunk>();
  for (const output of Object.values(bundle))
    if (output.type === "chunk") chunks.set((output as Chunk).fileName, output as Chunk);
  const closure = (fileName: string, into = new Set<string>()) => {
    if (into.has(fileName)) return into;
    into.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, into);
    return into;
  };
  const initial = new Set<string>();
  for (const chunk of chunks.values()) if (chunk.isEntry) closure(chunk.fileName, initial);
  return { chunks, closure, initial };
}

/**
 * The script that asks for what the first render waits for while the page is parsed (the theme script before
 * it has set <html lang>), instead of after the entry has run and asked: the stored language's messages and
 * date-fns locale, outside /auth the signed-in area's messages, then the page's own files the server names in
 * its HTML. All at low priority, like the entry's own files (scripts/placeholder-first-plugin.ts): the boot
 * placeholder's paint needs none of them, and over HTTP/1.1 they queue in the order asked.
 */
function startupPreloadScript(bundle: Bundle, root: string): string {
  const { chunks, closure, initial } = chunkGraph(bundle);
  const chunkOf = (module: string) =>
    [...chunks.values()].find((chunk) => chunk.moduleIds.some((id) => relative(root, id) === module));
  const filesOf = (modules: string[]) => {
    const files = new Set<string>();
    for (const module of modules) {
      const chunk = chunkOf(module);
      if (!chunk) throw new Error(`No chunk holds ${module}: keep languageModules in step with lib/i18n.ts`);
      closure(chunk.fileName, files);
    }
    return [...files].filter((file) => !initial.has(file));
  };
  const files = Object.fromEntries(
    LANGUAGE_CODES.map((code) => {
      const modules = languageModules(code);
      return [code, [filesOf(modules.first), filesOf(modules.signedIn)]];
    }),
  );
  return `(() => {
  const files = ${JSON.stringify(files)};
  const [first, signedIn] = files[document.documentElement.lang] ?? files.en;
  const page = document.querySelector('meta[name="${PAGE_FILES_META}"]');
  const preload = (file) => {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.fetchPriority = "low";
    link.href = "/" + file;
    document.head.append(link);
  };
  const wanted = new Set(first);
  if (!location.pathname.startsWith("/auth")) for (const file of signedIn) wanted.add(file);
  // The page's own code (named by the server) after the messages: the first render waits for those.
  for (const file of page ? page.content.split(" ") : []) if (file) wanted.add(file);
  for (const file of wanted) preload(file);
})();`;
}

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
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        if (!context.bundle) return;
        return [
          {
            tag: "script",
            children: startupPreloadScript(context.bundle, root),
            injectTo: "head",
          },
        ];
      },
    },
    generateBundle(_options, bundle) {
      const { chunks, closure, initial } = chunkGraph(bundle);
      const preloads: Record<string, string[]> = {};
      // By module, not by chunk: a chunk group may hold several lazily imported modules, or one among others.
      for (const chunk of chunks.values()) {
        if (initial.has(chunk.fileName)) continue;
        for (const id of chunk.moduleIds) {
          if (!this.getModuleInfo(id)?.dynamicImporters.length) continue;
          const module = relative(root, id).split("\\").join("/");
          preloads[module] = [...closure(chunk.fileName)].filter((file) => !initial.has(file));
        }
      }
      this.emitFile({
        type: "asset",
        fileName: MODULE_PRELOADS_FILE,
        source: JSON.stringify(preloads, null, 1),
      });
    },
  };
}
