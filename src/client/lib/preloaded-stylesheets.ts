/**
 * Applies the stylesheets the built index.html only preloads (scripts/placeholder-first-plugin.ts) and
 * resolves once they are in effect, so React's first render never paints unstyled. A stylesheet that fails
 * to load resolves too: an unstyled app still works, a blank page does not. In dev there are none (Vite
 * injects the styles from the entry's import).
 */
export function applyPreloadedStylesheets(): Promise<void> {
  const links = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]');
  return Promise.all(
    [...links].map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener("load", () => resolve(), { once: true });
          link.addEventListener("error", () => resolve(), { once: true });
          link.rel = "stylesheet";
        }),
    ),
  ).then(() => undefined);
}
