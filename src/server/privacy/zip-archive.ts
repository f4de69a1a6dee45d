import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { ZipFile } from "yazl";

/**
 * One file of an archive: its path inside the zip, and its content, asked for only when the archive reaches
 * it. `compress: false` stores it as it is (audio is compressed already: deflating it again costs CPU for
 * nothing).
 */
export type ArchiveEntry = {
  path: string;
  content: () => AsyncIterable<string | Uint8Array>;
  compress?: boolean;
};

async function* asBuffers(chunks: AsyncIterable<string | Uint8Array>) {
  for await (const chunk of chunks) yield typeof chunk === "string" ? Buffer.from(chunk) : chunk;
}

/**
 * A zip of `entries`, in their order, written as it is read: an entry is taken from `entries` only once the
 * one before has been read whole, and its content is started when the archive reaches it and flows through
 * deflate a chunk at a time, so memory does not grow with what the archive holds (but for the zip's central
 * directory, a hundred-odd bytes per entry). A content, or `entries` itself, that fails errors the whole
 * stream — a response carrying it ends broken, never as a complete file.
 */
export function zipArchive(
  entries: Iterable<ArchiveEntry> | AsyncIterable<ArchiveEntry>,
): ReadableStream<Uint8Array> {
  const zip = new ZipFile();
  const output = zip.outputStream;
  // yazl's output is a PassThrough; its typings say only NodeJS.ReadableStream.
  if (!(output instanceof Readable)) throw new TypeError("yazl's output is not a Node stream");
  addEntries(zip, output, entries).catch((error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  // Pulled a chunk at a time: deflate runs only as fast as the reader (the HTTP response) takes its output.
  const chunks = output[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => {
      output.destroy(reason instanceof Error ? reason : undefined);
    },
  });
}

/**
 * Gives yazl one entry at a time, the next once the content before has been read whole, then ends the zip.
 * Stops when the output is gone (the reader went away): the content being read is destroyed and `entries`
 * returned, so a file already opened for the next entry is closed by whoever opened it.
 */
async function addEntries(
  zip: ZipFile,
  output: Readable,
  entries: Iterable<ArchiveEntry> | AsyncIterable<ArchiveEntry>,
): Promise<void> {
  // One listener for the whole archive (not one per entry: an archive may hold hundreds of thousands).
  let stop = () => {};
  const onClose = () => stop();
  output.once("close", onClose);
  try {
    for await (const entry of entries) {
      if (output.destroyed) return;
      await new Promise<void>((resolve, reject) => {
        let content: Readable | null = null;
        stop = () => {
          content?.destroy();
          resolve();
        };
        zip.addReadStreamLazy(entry.path, { compress: entry.compress ?? true }, (done) => {
          try {
            content = Readable.from(asBuffers(entry.content()), { objectMode: false });
          } catch (error) {
            reject(error);
            return;
          }
          finished(content).then(resolve, reject);
          done(null, content);
        });
      });
      // Before asking `entries` for another: it might open a file for nobody.
      if (output.destroyed) return;
    }
  } finally {
    output.off("close", onClose);
  }
  if (!output.destroyed) zip.end();
}
