import { buffer } from "node:stream/consumers";
import { type Entry, fromBufferPromise } from "yauzl";

/** The files of a zip by their path, each read whole as UTF-8 (yauzl checks every entry's CRC as it reads). */
export async function readZip(bytes: Uint8Array): Promise<Map<string, string>> {
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
  const files = new Map<string, string>();
  for (const entry of entries)
    files.set(entry.fileName, (await buffer(await zip.openReadStreamPromise(entry))).toString("utf8"));
  zip.close();
  return files;
}
