import { Readable } from "node:stream";
import { ZipFile } from "yazl";

/** One file of an archive: its path inside the zip, and its content, asked for only when the archive reaches it. */
export type ArchiveEntry = { path: string; content: () => AsyncIterable<string | Uint8Array> };

async function* asBuffers(chunks: AsyncIterable<string | Uint8Array>) {
  for await (const chunk of chunks) yield typeof chunk === "string" ? Buffer.from(chunk) : chunk;
}

/**
 * A zip of `entries`, in their order, written as it is read: an entry's content is started when the archive
 * reaches it and flows through deflate a chunk at a time, so memory does not grow with what the archive holds.
 * A content that fails errors the whole stream — a response carrying it ends broken, never as a complete file.
 */
export function zipArchive(entries: readonly ArchiveEntry[]): ReadableStream<Uint8Array> {
  const zip = new ZipFile();
  const output = zip.outputStream;
  // yazl's output is a PassThrough; its typings say only NodeJS.ReadableStream.
  if (!(output instanceof Readable)) throw new TypeError("yazl's output is not a Node stream");
  for (const entry of entries)
    zip.addReadStreamLazy(entry.path, (done) => {
      const content = Readable.from(asBuffers(entry.content()), { objectMode: false });
      content.once("error", (error) => output.destroy(error));
      done(null, content);
    });
  zip.end();
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
