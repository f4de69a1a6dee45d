import { copyFile, mkdir, open, rename, rm, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import { businessPath, type RecordingStorage, recordingPath } from "./recording-storage";

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** Recordings as files: `<dataDir>/recordings/<businessId>/<callId>`. */
export function createFileRecordingStorage(dataDir: string): RecordingStorage {
  const root = join(dataDir, "recordings");
  return {
    async put(key, file) {
      const path = join(root, recordingPath(key));
      await mkdir(dirname(path), { recursive: true });
      // Written beside its final name, then renamed over it: a reader sees the old copy or the new, never half.
      const partial = `${path}.partial`;
      await copyFile(file.path, partial);
      await rename(partial, path);
    },
    async open(key, { start, end }) {
      try {
        const handle = await open(join(root, recordingPath(key)), "r");
        return handle.createReadStream({ start, end, autoClose: true });
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await unlink(join(root, recordingPath(key))).catch((error) => {
        if (!isMissing(error)) throw error;
      });
    },
    async deleteBusiness(businessId) {
      await rm(join(root, businessPath(businessId)), { recursive: true, force: true });
    },
  };
}
