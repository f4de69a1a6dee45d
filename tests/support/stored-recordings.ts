import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../../src/server/db/database";
import { rawRows } from "../../src/server/db/raw-rows";
import { recordingCopies } from "../../src/server/db/schema/recordings.schema";
import { recordingPath } from "../../src/server/recordings/recording-storage";

/**
 * Copies of the newest `files` calls' recordings, as the copier leaves them once it has stored them: a `stored`
 * row each and its file of `bytes` under `dataDir` (the file storage of a server started on it). Written
 * directly, as a fixture (the server's own writers are the copy worker's repository and the calls writer); the
 * bytes are alike, as the export stores audio uncompressed and only their number and size matter to it.
 */
export async function storeRecordingCopies(
  db: Database,
  businessId: string,
  dataDir: string,
  { files, bytes }: { files: number; bytes: number },
) {
  const calls = await rawRows<{ id: string }>(
    db,
    sql`select id from calls where business_id = ${businessId}::uuid order by started_at desc limit ${files}`,
  );
  const audio = Buffer.alloc(bytes, 0x52);
  const now = new Date();
  mkdirSync(join(dataDir, "recordings", businessId), { recursive: true });
  for (const { id } of calls)
    writeFileSync(join(dataDir, "recordings", recordingPath({ businessId, callId: id })), audio);
  await db.insert(recordingCopies).values(
    calls.map(({ id }) => ({
      businessId,
      callId: id,
      sourceUrl: `https://recordings.bench.example/${id}.wav`,
      state: "stored" as const,
      nextAttemptAt: now,
      sizeBytes: bytes,
      contentType: "audio/wav",
      storedAt: now,
      createdAt: now,
    })),
  );
}
