import type { BusinessExportLinkRequest } from "@shared/privacy.schema";
import type { ApiClient } from "../../lib/api-client";
import { startDownload } from "../../lib/start-download";

/**
 * The business's export (with the call recordings when `recordings`) downloaded by the browser itself, from
 * a link the server signs for it: the zip can weigh gigabytes, and the browser saves it as it arrives. A
 * download the server breaks off is said failed by the browser, never saved as complete.
 */
export async function downloadBusinessExport(
  api: ApiClient,
  request: BusinessExportLinkRequest,
): Promise<void> {
  startDownload(await api.post("/privacy/export/link", "downloadLink", request));
}
