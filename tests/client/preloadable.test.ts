import { createElement, lazy, Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { preloadable } from "../../src/client/lib/preloadable";

const Greeting = ({ name }: { name: string }) => createElement("p", null, `Hello, ${name}`);
const inSuspense = (child: ReturnType<typeof createElement>) =>
  renderToString(createElement(Suspense, { fallback: createElement("p", null, "Loading…") }, child));

describe("preloadable", () => {
  it("renders the component itself once its code has arrived, where React.lazy still shows the fallback", async () => {
    const Preloaded = preloadable(async () => Greeting);
    await Preloaded.preload();
    expect(inSuspense(createElement(Preloaded, { name: "Ada" }))).toContain("Hello, Ada");
    expect(inSuspense(createElement(Preloaded, { name: "Ada" }))).not.toContain("Loading…");

    const load = Promise.resolve({ default: Greeting });
    await load;
    const Lazy = lazy(() => load);
    expect(inSuspense(createElement(Lazy, { name: "Ada" }))).toContain("Loading…");
  });

  it("shows the fallback while its code is still on the way", () => {
    const Pending = preloadable(() => new Promise<typeof Greeting>(() => {}));
    const html = inSuspense(createElement(Pending, { name: "Ada" }));
    expect(html).toContain("Loading…");
    expect(html).not.toContain("Hello");
  });

  it("imports once, however often it is preloaded or rendered", async () => {
    let imports = 0;
    const Counted = preloadable(async () => {
      imports += 1;
      return Greeting;
    });
    await Promise.all([Counted.preload(), Counted.preload()]);
    inSuspense(createElement(Counted, { name: "Ada" }));
    expect(imports).toBe(1);
  });

  it("keeps a failed import failed, and a render throws its error for the nearest boundary", async () => {
    let imports = 0;
    const Failing = preloadable<{ name: string }>(async () => {
      imports += 1;
      throw new Error("chunk not found");
    });
    await expect(Failing.preload()).rejects.toThrow("chunk not found");
    await expect(Failing.preload()).rejects.toThrow("chunk not found");
    expect(() => renderToString(createElement(Failing, { name: "Ada" }))).toThrow("chunk not found");
    expect(imports).toBe(1);
  });
});
