import type { DownloadLink } from "@shared/download-link.schema";

/**
 * Sends the browser to a download link (POST …/link), as a click on a link with a download attribute does:
 * the browser saves the file as it arrives, under the server's name for it, showing its own progress; the page
 * holds none of it, however large.
 */
export function startDownload({ url }: DownloadLink) {
  const link = document.createElement("a");
  link.href = url;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}
