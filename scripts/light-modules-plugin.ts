import type { Plugin } from "vite";

/**
 * Knows, once the module graph is built, which modules reach a heavy one through their static imports. Chunk
 * groups are decided after that (their `test` is asked then), so a group can gather the small modules many
 * pages share into one file without dragging a heavy library (Ark's machines, arktype) into every page that
 * uses one of them.
 */
export function lightModules(heavy: RegExp) {
  // Walked back from the heavy modules through their importers: whatever is met reaches one, cycles included.
  const reachesHeavy = new Set<string>();
  const plugin: Plugin = {
    name: "calldesk-light-modules",
    apply: "build",
    buildEnd() {
      reachesHeavy.clear();
      const ids = [...this.getModuleIds()];
      const waiting = ids.filter((id) => heavy.test(id));
      for (const id of waiting) reachesHeavy.add(id);
      while (waiting.length > 0) {
        for (const importer of this.getModuleInfo(waiting.pop()!)?.importers ?? []) {
          if (reachesHeavy.has(importer)) continue;
          reachesHeavy.add(importer);
          waiting.push(importer);
        }
      }
    },
  };
  return { plugin, isLight: (id: string) => !reachesHeavy.has(id) };
}
