import type { Readable } from "node:stream";
import type { Config } from "../config";
import { isUuid } from "../http/read-id-param";
import { createFileRecordingStorage } from "./file-recording-storage";
import { createS3RecordingStorage } from "./s3-recording-storage";

/** Which call's recording: a business's calls are kept together, so a business can go in one step. */
export type RecordingKey = { businessId: string; callId: string };

/** A downloaded recording, complete on disk, ready to be stored. */
export type RecordingFile = { path: string; sizeBytes: number; contentType: string };

/**
 * Where copied recordings are kept: files under DATA_DIR, or an S3-compatible bucket. Every method is
 * idempotent, so a worker that crashed half way can simply do it again.
 */
export type RecordingStorage = {
  /** Stores the file as the call's recording, replacing any stored before; the file itself is left as it was. */
  put(key: RecordingKey, file: RecordingFile): Promise<void>;
  /** Bytes `start` to `end` (both included) of the stored recording; null when none is stored. */
  open(key: RecordingKey, range: { start: number; end: number }): Promise<Readable | null>;
  /** Deletes the call's recording (nothing happens when none is stored). */
  delete(key: RecordingKey): Promise<void>;
  /** Deletes every recording of the business. */
  deleteBusiness(businessId: string): Promise<void>;
};

/**
 * The path of a key under a root (`<businessId>/<callId>`). Both are ids the database made, checked all the
 * same: a name is never built from anything that could climb out of the root.
 */
export function recordingPath(key: RecordingKey): string {
  if (!isUuid(key.businessId) || !isUuid(key.callId)) throw new Error("A recording key must be two ids");
  return `${key.businessId.toLowerCase()}/${key.callId.toLowerCase()}`;
}

/** The business's folder (or key prefix) of recordings. */
export function businessPath(businessId: string): string {
  if (!isUuid(businessId)) throw new Error("A recording key must be two ids");
  return `${businessId.toLowerCase()}/`;
}

/** The bucket configured (S3_BUCKET), else files under `<dataDir>/recordings`. */
export function createRecordingStorage(config: Pick<Config, "dataDir" | "recordings">): RecordingStorage {
  return config.recordings.s3
    ? createS3RecordingStorage(config.recordings.s3)
    : createFileRecordingStorage(config.dataDir);
}
