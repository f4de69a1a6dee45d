import { describe, expect, it } from "vitest";
import { writesIn, writesOutside } from "../support/single-writer";

// The recording copy jobs are written by the copy worker's repository (claims, outcomes, tombstones dropped,
// erasures) and, for what follows a call's link, only by recording_copies_sync, which the calls writer calls in
// the transactions that change links: a write elsewhere could leave a stored file without its tombstone.

const WRITER = "src/server/recordings/recording-copies.repo.ts";
const WRITES = [
  /\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+"?(recording_copies|recording_erasures)"?(\s|$|\()/i,
  /\.(insert|update|delete)\(\s*(recordingCopies|recordingErasures)\s*\)/,
];
const SYNC = [/\brecording_copies_sync\s*\(/];

describe("writers of recording copies", () => {
  it("recognises each kind of write it guards against", () => {
    const writes = writesIn(WRITES);
    expect(writes("update recording_copies set state = 'stored'")).toHaveLength(1);
    expect(writes("insert into recording_erasures (business_id)")).toHaveLength(1);
    expect(writes("await db.delete(recordingCopies)")).toHaveLength(1);
    expect(writes("select 1 from recording_copies")).toHaveLength(0);
    expect(writesIn(SYNC)("select recording_copies_sync(ids)")).toHaveLength(1);
  });

  it("are the copy worker's repository, and the calls writer through recording_copies_sync only", () => {
    const direct = writesOutside(WRITER, WRITES);
    expect(direct.offenders).toEqual([]);
    expect(direct.inWriter).toBeGreaterThan(0);
    const synced = writesOutside("src/server/calls/calls-write.repo.ts", SYNC);
    expect(synced.offenders).toEqual([]);
    expect(synced.inWriter).toBeGreaterThan(0);
  });
});
