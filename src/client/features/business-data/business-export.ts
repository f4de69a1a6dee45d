import type { ApiClient } from "../../lib/api-client";

/** How far a download is: bytes received so far, and the rows the archive holds (null: not said). */
export type ExportProgress = { bytes: number; rows: number | null };

const FALLBACK_NAME = "calldesk-export.zip";

/** The file's name the server gave (RFC 5987's UTF-8 form first), else a plain one. */
export function fileNameOf(disposition: string | null): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A name that does not decode falls back to the plain one.
    }
  }
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? FALLBACK_NAME;
}

/**
 * GET /api/privacy/export read as it arrives, telling `onProgress` after each chunk, then saved under the
 * server's file name. A download the server breaks off rejects: nothing is saved, so no partial file is
 * ever left looking complete; running it again starts afresh.
 */
export async function downloadBusinessExport(
  api: ApiClient,
  onProgress: (progress: ExportProgress) => void,
): Promise<void> {
  const { body, headers } = await api.download("/privacy/export");
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
  const url = URL.createObjectURL(new Blob(chunks, { type: "application/zip" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameOf(headers.get("Content-Disposition"));
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; the URL is not needed past this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
