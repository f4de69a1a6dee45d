import type { BusinessExportQuery } from "@shared/privacy.schema";
import type { ApiClient } from "../../lib/api-client";
import { fileNameOf, saveFile } from "../../lib/save-file";

/** How far a download is: bytes received so far, and the rows the archive holds (null: not said). */
export type ExportProgress = { bytes: number; rows: number | null };

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
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  const reader = body.getReader();
  onProgress({ bytes, rows });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onProgress({ bytes, rows });
  }
  saveFile(
    new Blob(chunks, { type: "application/zip" }),
    fileNameOf(headers.get("Content-Disposition"), "calldesk-export.zip"),
  );
}
