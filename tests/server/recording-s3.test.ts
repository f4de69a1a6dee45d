import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import { RECORDING_SCAN_MS } from "../../src/server/recordings/recording-copier";
import { createS3RecordingStorage } from "../../src/server/recordings/s3-recording-storage";
import { startFakeRecordings, tinyWav } from "../support/fake-recordings";
import { type FakeS3, startFakeS3 } from "../support/fake-s3";
import { signUp } from "../support/server-accounts";
import { createAssistantKey, dataOf, reportCall } from "../support/server-calls";
import { startTestServer } from "../support/server-harness";

// The recordings' S3 backend (S3_BUCKET and the rest) against a fake S3 on 127.0.0.1, path-style, as
// MinIO and most S3-compatible services are addressed.

const BUSINESS = "0b6f3c7e-2a47-4d4e-9a51-6f0f3c1d2e01";
const OTHER = "7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
const callKey = (n: number) => `4f2d1c0b-3a4e-4b5c-9d6e-7f80${String(n).padStart(8, "0")}`;

let s3: FakeS3;
let dir: string;
beforeAll(async () => {
  s3 = await startFakeS3({ bucket: "calldesk-recordings", pageSize: 2 });
  dir = mkdtempSync(join(tmpdir(), "calldesk-s3-"));
});
afterAll(async () => {
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the S3 recording storage", () => {
  const storage = () => createS3RecordingStorage(loadConfig(s3.env).recordings.s3!);

  it("puts a file, reads byte ranges of it, and deletes it", async () => {
    const wav = tinyWav();
    const path = join(dir, "upload.wav");
    writeFileSync(path, wav);
    const key = { businessId: BUSINESS, callId: callKey(1) };
    await storage().put(key, { path, sizeBytes: wav.length, contentType: "audio/wav" });
    const stored = s3.objects.get(`recordings/${BUSINESS}/${callKey(1)}`);
    expect(stored).toEqual({ body: wav, contentType: "audio/wav" });

    const first = await storage().open(key, { start: 0, end: 99 });
    expect(await buffer(first!)).toEqual(wav.subarray(0, 100));
    const last = await storage().open(key, { start: wav.length - 10, end: wav.length - 1 });
    expect(await buffer(last!)).toEqual(wav.subarray(wav.length - 10));
    expect(s3.requests.filter((r) => r.startsWith("GET /calldesk-recordings/recordings/"))).toHaveLength(2);

    await storage().delete(key);
    expect(s3.objects.has(`recordings/${BUSINESS}/${callKey(1)}`)).toBe(false);
    expect(await storage().open(key, { start: 0, end: 9 })).toBeNull();
  });

  it("deletes all of a business's recordings, page after page, and no other's", async () => {
    const path = join(dir, "small.wav");
    writeFileSync(path, tinyWav(0.01));
    const file = { path, sizeBytes: tinyWav(0.01).length, contentType: "audio/wav" };
    for (let n = 1; n <= 5; n++) await storage().put({ businessId: BUSINESS, callId: callKey(n) }, file);
    await storage().put({ businessId: OTHER, callId: callKey(9) }, file);
    s3.requests.length = 0;
    await storage().deleteBusiness(BUSINESS);
    expect([...s3.objects.keys()]).toEqual([`recordings/${OTHER}/${callKey(9)}`]);
    // Five keys in pages of two: three listings, each followed by one DeleteObjects.
    expect(s3.requests.filter((r) => r.includes("list-type=2"))).toHaveLength(3);
    expect(s3.requests.filter((r) => r.startsWith("POST") && r.includes("delete"))).toHaveLength(3);
  });
});

describe("the recording copy on S3", () => {
  it("copies a call's recording into the bucket and serves it from there, ranges included", async () => {
    const recordings = await startFakeRecordings();
    const server = await startTestServer({ env: { ...recordings.env, ...s3.env, DATA_DIR: dir } });
    try {
      const staff = await signUp(server);
      const { key } = await createAssistantKey(server, staff);
      const wav = tinyWav();
      const reported = await reportCall(server, key, {
        externalId: "s3-call",
        callerNumber: "+1 718 555 0199",
        startedAt: new Date(server.clock().getTime() - 60_000).toISOString(),
        status: "completed",
        recordingUrl: recordings.publish("s3.wav", wav),
      });
      const { _id: callId } = await dataOf<{ _id: string }>(reported);
      server.clock.advance(RECORDING_SCAN_MS);
      await server.runDue();
      expect(s3.objects.get(`recordings/${staff.user.businessId}/${callId}`)?.body).toEqual(wav);
      const part = await server.request(`/api/calls/${callId}/recording`, {
        accessToken: staff.accessToken,
        headers: { range: "bytes=0-99" },
      });
      expect(part.status).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes 0-99/${wav.length}`);
      expect(Buffer.from(await part.arrayBuffer())).toEqual(wav.subarray(0, 100));
    } finally {
      await server.close();
      await recordings.close();
    }
  });
});
