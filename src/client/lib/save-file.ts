/** The file's name a Content-Disposition header gives (RFC 5987's UTF-8 form first), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A name that does not decode falls back to the plain one.
    }
  }
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/** Hands `blob` to the browser's download under `name`, as a link with a download attribute does. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; the URL is not needed past this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
