import type { Plugin } from "vite";

const STYLESHEET = /<link rel="stylesheet"( crossorigin)? href="(\/assets\/[^"]+\.css)">/g;
const ENTRY = /<script type="module"( crossorigin)? src="(\/assets\/[^"]+\.js)"><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload"( crossorigin)? href="(\/assets\/[^"]+\.js)">/g;

/** Replaces every match of `pattern`, failing loudly when there is none: Vite changed how it writes the tag. */
function rewrite(html: string, pattern: RegExp, replacement: string, what: string): string {
  const rewritten = html.replace(pattern, replacement);
  if (rewritten === html) throw new Error(`placeholder-first: no ${what} in index.html`);
  return rewritten;
}

/**
 * Lets the boot placeholder (styled inline) paint as soon as the HTML arrives. The app's stylesheet becomes a
 * preload instead of a `<link rel="stylesheet">`: still fetched at once, applied by the entry, which waits
 * for it before React's first render (lib/preloaded-stylesheets.ts), so the app itself never paints
 * unstyled. The stylesheet, the entry and its modulepreloads are asked for at low priority: nothing of the
 * placeholder's paint depends on them, and at the default priority they are treated as blocking it. They
 * are the only files the page asks for meanwhile, so their order among themselves is unchanged.
 */
export function placeholderFirst(): Plugin {
  return {
    name: "calldesk-placeholder-first",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const deferred = rewrite(
          html,
          STYLESHEET,
          '<link rel="preload" as="style" fetchpriority="low"$1 href="$2">',
          "stylesheet link",
        );
        const entry = rewrite(
          deferred,
          ENTRY,
          '<script type="module" fetchpriority="low"$1 src="$2"></script>',
          "entry script",
        );
        return rewrite(
          entry,
          MODULE_PRELOAD,
          '<link rel="modulepreload" fetchpriority="low"$1 href="$2">',
          "modulepreload",
        );
      },
    },
  };
}
