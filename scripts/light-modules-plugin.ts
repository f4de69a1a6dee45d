import type { Plugin } from "vite";

/**
 * Knows, once the module graph is built, which modules reach a heavy one through their static imports. Chunk
 * groups are decided after that (their `test` is asked then), so a group can gather the small modules many
 * pages share into one file without dragging a heavy library (Ark's machines, arktype) into every page that
 * uses one of them.
 */
export function lightModules(heavy: RegExp) {
  const imports = new Map<string, readonly string[]>();
  const verdicts = new Map<string, boolean>();
  const reachesHeavy = (id: string, visiting = new Set<string>()): boolean => {
    const known = verdicts.get(id);
    if (known !== undefined) return known;
    if (heavy.test(id)) return true;
    // A cycle adds nothing its other members do not already reach.
    if (visiting.has(id)) return false;
    visiting.add(id);
    const verdict = (imports.get(id) ?? []).some((imported) => reachesHeavy(imported, visiting));
    verdicts.set(id, verdict);
    return verdict;
  };
  const plugin: Plugin = {
    name: "calldesk-light-modules",
    apply: "build",
    buildEnd() {
      imports.clear();
      verdicts.clear();
      for (const id of this.getModuleIds()) imports.set(id, this.getModuleInfo(id)?.importedIds ?? []);
    },
  };
  return { plugin, isLight: (id: string) => !reachesHeavy(id) };
}
