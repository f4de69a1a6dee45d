import { audioExtensionOf } from "../recordings/audio-types";
import type { ListedCopy } from "../recordings/recording-copies.repo";
import type { RecordingStorage } from "../recordings/recording-storage";
import type { ArchiveEntry } from "./zip-archive";

/** The folder of an archive holding the call recordings. */
export const RECORDINGS_FOLDER = "recordings/";

async function* nothing() {}

/**
 * The archive's files of the listed recording copies, in their order: `recordings/<call id>.<extension of its
 * type>`, stored as they are (audio is compressed already). Each file is opened when the archive asks for its
 * entry, which it does once the entry before is written: one file is open at a time. A file gone since it was
 * listed (the retention purge or an erasure deleted it meanwhile) is left out; any other failure of the
 * storage fails the archive, as a table that cannot be read does.
 */
export async function* recordingEntries(
  storage: RecordingStorage,
  businessId: string,
  pages: AsyncIterable<readonly ListedCopy[]> | Iterable<readonly ListedCopy[]>,
): AsyncGenerator<ArchiveEntry> {
  for await (const page of pages)
    for (const copy of page) {
      const path = `${RECORDINGS_FOLDER}${copy.callId}.${audioExtensionOf(copy.contentType)}`;
      // An empty copy has no byte to ask for (a range of none is not one S3 answers).
      if (copy.sizeBytes === 0) {
        yield { path, compress: false, content: nothing };
        continue;
      }
      const file = await storage.open(
        { businessId, callId: copy.callId },
        { start: 0, end: copy.sizeBytes - 1 },
      );
      if (!file) continue;
      try {
        yield { path, compress: false, content: () => file };
      } finally {
        // Read whole once the archive asks for the next entry; unread when it stopped (the download went away).
        file.destroy();
      }
    }
}
