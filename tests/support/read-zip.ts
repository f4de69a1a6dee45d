import { buffer } from "node:stream/consumers";
import { type Entry, fromBufferPromise } from "yauzl";

/** A file of a zip: its bytes, and how they are kept (0: stored as they are, 8: deflated). */
export type ZipFileEntry = { bytes: Buffer; compressionMethod: number };

/** The files of a zip by their path, each read whole (yauzl checks every entry's CRC as it reads). */
export async function readZipEntries(bytes: Uint8Array): Promise<Map<string, ZipFileEntry>> {
  const zip = await fromBufferPromise(Buffer.from(bytes), { lazyEntries: true });
  const entries = await new Promise<Entry[]>((resolve, reject) => {
    const found: Entry[] = [];
    zip.on("entry", (entry: Entry) => {
      found.push(entry);
      zip.readEntry();
    });
    zip.once("end", () => resolve(found));
    zip.once("error", reject);
    zip.readEntry();
  });
  const files = new Map<string, ZipFileEntry>();
  for (const entry of entries)
    files.set(entry.fileName, {
      bytes: await buffer(await zip.openReadStreamPromise(entry)),
      compressionMethod: entry.compressionMethod,
    });
  zip.close();
  return files;
}

/** The files of a zip by their path, each read whole as UTF-8. */
export async function readZip(bytes: Uint8Array): Promise<Map<string, string>> {
  const files = await readZipEntries(bytes);
  return new Map([...files].map(([path, file]) => [path, file.bytes.toString("utf8")]));
}
