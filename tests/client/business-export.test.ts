import { type Blob as NodeBlob, resolveObjectURL } from "node:buffer";
import { afterEach, describe, expect, it } from "vitest";
import {
  downloadBusinessExport,
  type ExportProgress,
} from "../../src/client/features/business-data/business-export";
import { createApiClient } from "../../src/client/lib/api-client";

const MB = 1024 * 1024;

/** The export's answer as the server streams it: `chunks` in turn, then its end, or `failure` breaking it. */
function exportAnswer(chunks: Uint8Array[], failure?: Error): typeof fetch {
  return async () => {
    let next = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (next < chunks.length) controller.enqueue(chunks[next++]!);
        else if (failure) controller.error(failure);
        else controller.close();
      },
    });
    return new Response(body, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="calldesk-Example-2026-11-27.zip"`,
        "X-Export-Rows": "42",
      },
    });
  };
}

/** What the page hands the browser to save (a link with a download attribute, clicked), read back. */
function watchSaves() {
  const saved: { name: string; blob: NodeBlob | undefined }[] = [];
  const link = { href: "", download: "", click: () => {}, remove: () => {} };
  link.click = () => saved.push({ name: link.download, blob: resolveObjectURL(link.href) });
  Object.assign(globalThis, { document: { createElement: () => link, body: { append: () => {} } } });
  return saved;
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, "document");
});

describe("the business export in the portal", () => {
  it("saves the whole file in order, however many parts it was held in, reporting each chunk", async () => {
    const saved = watchSaves();
    // 20 MB in 1 MB chunks, each filled with its own number: two full 8 MB parts and the rest.
    const chunks = Array.from({ length: 20 }, (_, i) => new Uint8Array(MB).fill(i));
    const api = createApiClient({ baseURL: "http://portal.test/api", fetch: exportAnswer(chunks) });
    const progress: ExportProgress[] = [];
    await downloadBusinessExport(api, { recordings: false }, (step) => progress.push(step));

    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe("calldesk-Example-2026-11-27.zip");
    const bytes = new Uint8Array(await saved[0]!.blob!.arrayBuffer());
    expect(bytes.length).toBe(20 * MB);
    for (let i = 0; i < 20; i++) expect([bytes[i * MB], bytes[(i + 1) * MB - 1]]).toEqual([i, i]);
    expect(progress).toHaveLength(21);
    expect(progress.at(-1)).toEqual({ bytes: 20 * MB, rows: 42 });
  });

  it("saves nothing when the server breaks the download off, and says it failed", async () => {
    const saved = watchSaves();
    const chunks = Array.from({ length: 10 }, () => new Uint8Array(MB));
    const api = createApiClient({
      baseURL: "http://portal.test/api",
      fetch: exportAnswer(chunks, new Error("connection reset")),
    });
    await expect(downloadBusinessExport(api, { recordings: false }, () => {})).rejects.toThrow();
    expect(saved).toEqual([]);
  });
});
