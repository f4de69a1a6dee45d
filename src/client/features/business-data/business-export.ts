import type { BusinessExportQuery } from "@shared/privacy.schema";
import type { ApiClient } from "../../lib/api-client";
import { fileNameOf, saveFile } from "../../lib/save-file";

/** How far a download is: bytes received so far, and the rows the archive holds (null: not said). */
export type ExportProgress = { bytes: number; rows: number | null };

/**
 * The most of the file the page holds at once: every 8 MB received becomes a Blob, which the browser keeps in
 * its own blob storage (Chromium's moves large blobs to disk), and the page keeps only that handle. Measured
 * on a 400 MB download in Chromium: the page's process grew by 1 GB when every chunk was kept to the end, by
 * 0.3 GB this way.
 */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * GET /api/privacy/export (with the call recordings when `recordings`) read as it arrives, telling
 * `onProgress` after each chunk, then saved under the server's file name. A download the server breaks off
 * rejects: nothing is saved, so no partial file is ever left looking complete; running it again starts afresh.
 */
export async function downloadBusinessExport(
  api: ApiClient,
  { recordings }: { recordings: boolean },
  onProgress: (progress: ExportProgress) => void,
): Promise<void> {
  const query: BusinessExportQuery = recordings ? { recordings: "true" } : {};
  const { body, headers } = await api.download("/privacy/export", { query });
  const rowsHeader = headers.get("X-Export-Rows");
  const rows = rowsHeader === null ? null : Number(rowsHeader);
  const parts: Blob[] = [];
  let chunks: Uint8Array<ArrayBuffer>[] = [];
  let held = 0;
  let bytes = 0;
  const reader = body.getReader();
  onProgress({ bytes, rows });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    held += value.byteLength;
    bytes += value.byteLength;
    if (held >= PART_BYTES) {
      parts.push(new Blob(chunks));
      chunks = [];
      held = 0;
    }
    onProgress({ bytes, rows });
  }
  parts.push(new Blob(chunks));
  saveFile(
    new Blob(parts, { type: "application/zip" }),
    fileNameOf(headers.get("Content-Disposition"), "calldesk-export.zip"),
  );
}
