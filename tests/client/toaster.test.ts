import { describe, expect, it } from "vitest";
import { toaster } from "../../src/client/components/ui/toaster";

/** What the store tells the toasts on screen: each toast it shows, updates, or asks to leave. */
function published() {
  const seen: unknown[] = [];
  const stop = toaster.subscribe((toast) => {
    seen.push(toast);
  });
  return { seen, stop };
}

describe("the toaster", () => {
  it("shows the newest toast: the one showing is asked to leave, not kept in front of it", () => {
    const first = toaster.success({ title: "Service created successfully" });
    const { seen, stop } = published();
    try {
      toaster.error({ title: "Failed to update service" });
      expect(seen).toContainEqual(expect.objectContaining({ id: first, message: "DISMISS" }));
    } finally {
      stop();
      toaster.remove();
    }
  });

  it("keeps a toast that is updated by its id (a loading toast turning into its result)", () => {
    const id = toaster.create({ type: "loading", title: "Exporting…" });
    const { seen, stop } = published();
    try {
      toaster.create({ id, type: "success", title: "Your data was exported" });
      expect(seen).not.toContainEqual(expect.objectContaining({ message: "DISMISS" }));
      expect(seen).toContainEqual(expect.objectContaining({ id, title: "Your data was exported" }));
    } finally {
      stop();
      toaster.remove();
    }
  });

  it("gives every type, `default` included, a priority Zag can sort its queue by", () => {
    const { seen, stop } = published();
    try {
      toaster.default({ title: "Plain" });
      expect(seen).toContainEqual(expect.objectContaining({ type: "default", priority: 8 }));
    } finally {
      stop();
      toaster.remove();
    }
  });
});
