// PostCSS plugin: drops the custom properties nothing reads. Panda writes every token of the theme (and each
// colorPalette's whole scale) as a variable; most are never read, and the browser still parses, stores and
// inherits each one — about half the stylesheet. A variable stays when any var() in the sheet reads it or the
// client's source names it (an inline style, a prop). Repeated until nothing more goes: a token read only by
// a dropped one is unread too.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const NAMED_IN_SOURCE = /--[a-z][\w-]*/gi;
// Names keep their CSS escapes (`--spacing-2\.5`), as declarations spell them.
const READ = /var\(\s*(--(?:[\w-]|\\.)+)/g;

function namesInSource(dir) {
  const names = new Set();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) for (const name of namesInSource(path)) names.add(name);
    else if (/\.(ts|tsx|html)$/.test(entry.name))
      for (const [name] of readFileSync(path, "utf8").matchAll(NAMED_IN_SOURCE)) names.add(name);
  }
  return names;
}

/** @param {{ sourceDir: string }} options */
export function unusedCustomProperties({ sourceDir }) {
  return {
    postcssPlugin: "calldesk-unused-custom-properties",
    OnceExit(root) {
      const named = namesInSource(sourceDir);
      for (;;) {
        const read = new Set(named);
        root.walkDecls((decl) => {
          for (const [, name] of decl.value.matchAll(READ)) read.add(name);
        });
        let dropped = 0;
        root.walkDecls(/^--/, (decl) => {
          if (read.has(decl.prop)) return;
          decl.remove();
          dropped++;
        });
        if (dropped === 0) break;
      }
      root.walkRules((rule) => {
        if (rule.nodes.length === 0) rule.remove();
      });
    },
  };
}
