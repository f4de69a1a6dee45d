import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { S3ClientConfig } from "@aws-sdk/client-s3";
import type { S3Config } from "../config";
import { businessPath, type RecordingStorage, recordingPath } from "./recording-storage";

/** Every key this server writes starts with this, so the bucket may hold other things beside. */
const PREFIX = "recordings/";

/** Recordings as objects of an S3-compatible bucket: `recordings/<businessId>/<callId>`. */
export function createS3RecordingStorage(config: S3Config): RecordingStorage {
  // The SDK weighs some 20 MB of a server's memory: it loads only where a bucket is configured.
  const connecting = import("@aws-sdk/client-s3").then((sdk) => ({
    sdk,
    client: new sdk.S3Client(options(config)),
  }));
  const Bucket = config.bucket;
  return {
    async put(key, file) {
      const { sdk, client } = await connecting;
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: PREFIX + recordingPath(key),
          Body: createReadStream(file.path),
          ContentLength: file.sizeBytes,
          ContentType: file.contentType,
        }),
      );
    },
    async open(key, { start, end }) {
      const { sdk, client } = await connecting;
      try {
        const object = await client.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key: PREFIX + recordingPath(key),
            Range: `bytes=${start}-${end}`,
          }),
        );
        if (object.Body instanceof Readable) return object.Body;
        throw new Error("The S3 client answered without a stream");
      } catch (error) {
        if (error instanceof sdk.NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, client } = await connecting;
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: PREFIX + recordingPath(key) }));
    },
    async deleteBusiness(businessId) {
      const { sdk, client } = await connecting;
      const Prefix = PREFIX + businessPath(businessId);
      // Listed a page (at most 1,000 keys) at a time and each page deleted in one request.
      for (let token: string | undefined, more = true; more; ) {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length > 0) {
          const answer = await client.send(
            new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }),
          );
          if (answer.Errors?.length)
            throw new Error(
              `S3 did not delete ${answer.Errors.length} recordings: ${answer.Errors[0]?.Message}`,
            );
        }
        token = page.NextContinuationToken;
        more = page.IsTruncated === true && token !== undefined;
      }
    },
  };
}

function options(config: S3Config): S3ClientConfig {
  return {
    region: config.region,
    ...(config.endpoint && { endpoint: config.endpoint }),
    ...(config.credentials && { credentials: config.credentials }),
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them (DeleteObjects): many S3-compatible services refuse the newer
    // trailing checksums of a streamed upload, and a ranged read has no whole-object checksum to check.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
}
