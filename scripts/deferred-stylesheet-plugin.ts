import type { Plugin } from "vite";

const STYLESHEET = /<link rel="stylesheet"( crossorigin)? href="(\/assets\/[^"]+\.css)">/g;

/**
 * Turns the built index.html's `<link rel="stylesheet">` into a preload: the boot placeholder (styled
 * inline) paints as soon as the HTML arrives instead of waiting for the app's stylesheet, which is still
 * fetched at once. The entry applies it and waits for it before React's first render
 * (lib/preloaded-stylesheets.ts), so the app itself never paints unstyled.
 */
export function deferredStylesheet(): Plugin {
  return {
    name: "calldesk-deferred-stylesheet",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const deferred = html.replace(STYLESHEET, '<link rel="preload" as="style"$1 href="$2">');
        // Vite changed how it writes the link: fail loudly rather than ship a silently blocking stylesheet.
        if (deferred === html) throw new Error("deferred-stylesheet: no stylesheet link in index.html");
        return deferred;
      },
    },
  };
}
