import type { LookupAddress, lookup } from "node:dns";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBooking } from "../../src/server/bookings/bookings-write.repo";
import { rawRows } from "../../src/server/db/raw-rows";
import {
  COPY_BACKOFF,
  MAX_COPY_ATTEMPTS,
  RECORDING_LEASE_MS,
  RECORDING_SCAN_MS,
} from "../../src/server/recordings/recording-copier";
import { createRecordingFetcher, sweepIncoming } from "../../src/server/recordings/recording-fetch";
import type { BookingDetail } from "../../src/shared/booking.schema";
import type { CallDetail } from "../../src/shared/calls.schema";
import {
  FAKE_RECORDINGS_HOST,
  type FakeRecordings,
  startFakeRecordings,
  tinyWav,
} from "../support/fake-recordings";
import { type SignedIn, signIn, signUp, uniqueEmail } from "../support/server-accounts";
import { createAssistantKey, dataOf, reportCall } from "../support/server-calls";
import { DAY, MINUTE } from "../support/server-clock";
import { startTestServer, type TestServer } from "../support/server-harness";

// Issue 24 §2 "Recordings": the platforms' links expire; the server copies each recording when its call ends
// (retrying a failing platform, giving up on an expired link), serves the copy to the business's staff only
// (with byte ranges), and deletes it with the call's content, the caller's erasure or the business.

const PASSWORD = "correct horse";
const HOUR = 60 * MINUTE;
let server: TestServer;
let fake: FakeRecordings;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "calldesk-recordings-"));
  let now = () => new Date();
  fake = await startFakeRecordings({ now: () => now() });
  server = await startTestServer({ env: { ...fake.env, DATA_DIR: dataDir } });
  now = server.clock;
});
afterAll(async () => {
  await server.close();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Practice = { staff: SignedIn; key: string; email: string };

async function practice(): Promise<Practice> {
  const email = uniqueEmail("recordings");
  const staff = await signUp(server, email, PASSWORD);
  const { key } = await createAssistantKey(server, staff);
  return { staff, key, email };
}

/** The staff member signed in again at the clock's time (an access token lives 15 minutes of it). */
const fresh = async (p: Practice) => {
  p.staff = await signIn(server, p.email, PASSWORD);
  return p.staff;
};

let calls = 0;
/** A finished call with a recording link, as the assistant reports it (again, with `externalId`); its id. */
async function endCall(
  p: Practice,
  recordingUrl: string | null,
  externalId = `rec-${++calls}`,
): Promise<string> {
  const response = await reportCall(server, p.key, {
    externalId,
    callerNumber: "+1 718 555 0142",
    startedAt: new Date(server.clock().getTime() - 10 * MINUTE).toISOString(),
    status: "completed",
    durationSeconds: 120,
    summary: "Asked about a filling.",
    recordingUrl,
  });
  expect(response.status).toBeLessThan(300);
  return (await dataOf<{ _id: string }>(response))._id;
}

beforeEach(() => fake.reset());

/** The next scheduled scan of the copy worker, run to its end (a nudge's round, if one runs, first). */
async function scan() {
  server.clock.advance(RECORDING_SCAN_MS);
  expect(await server.runDue()).toContain("recording-copies");
}

const copyOf = async (callId: string) => {
  const [row] = await rawRows<{
    state: string;
    attempts: number;
    sizeBytes: number;
    contentType: string;
    sourceUrl: string;
  }>(
    server.db,
    sql`select state, attempts, size_bytes::int as "sizeBytes", content_type as "contentType",
        source_url as "sourceUrl"
      from recording_copies where call_id = ${callId}::uuid`,
  );
  return row ?? null;
};

const fileOf = (p: Practice, callId: string) => join(dataDir, "recordings", p.staff.user.businessId, callId);

const recording = (p: Practice, callId: string, headers: Record<string, string> = {}) =>
  server.request(`/api/calls/${callId}/recording`, { accessToken: p.staff.accessToken, headers });

describe("the recording copy", () => {
  it("is made when the call ends, outlives the platform's expired link, and is served from our copy", async () => {
    const p = await practice();
    const wav = tinyWav();
    const link = fake.publish("expiring.wav", wav, { expiresInSeconds: 3600 });
    const callId = await endCall(p, link);
    await scan();
    expect(await copyOf(callId)).toEqual({
      state: "stored",
      attempts: 1,
      sizeBytes: wav.length,
      contentType: "audio/wav",
      sourceUrl: link,
    });
    expect(readFileSync(fileOf(p, callId))).toEqual(wav);

    // A day later the platform's link is dead…
    server.clock.advance(DAY);
    expect(fake.statusOf(link)).toBe(403);
    await fresh(p);
    // …and the detail still names it (the spec's field), beside the address of our copy, which plays.
    const detail = await dataOf<CallDetail>(
      await server.request(`/api/calls/${callId}`, { accessToken: p.staff.accessToken }),
    );
    expect(detail.recordingUrl).toBe(link);
    expect(detail.recordingCopyUrl).toMatch(new RegExp(`^/api/calls/${callId}/recording\\?access=`));
    const played = await server.request(detail.recordingCopyUrl!);
    expect(played.status).toBe(200);
    expect(played.headers.get("content-type")).toBe("audio/wav");
    expect(played.headers.get("content-length")).toBe(String(wav.length));
    expect(played.headers.get("accept-ranges")).toBe("bytes");
    expect(played.headers.get("cache-control")).toBe("private");
    expect(Buffer.from(await played.arrayBuffer())).toEqual(wav);
    const byToken = await recording(p, callId);
    expect(Buffer.from(await byToken.arrayBuffer())).toEqual(wav);
  });

  it("retries after the platform fails, then gives up on a link that expired meanwhile", async () => {
    const p = await practice();
    const wav = tinyWav();
    fake.failNext(500);
    const retried = await endCall(p, fake.publish("retried.wav", wav));
    await scan();
    expect(await copyOf(retried)).toMatchObject({ state: "pending", attempts: 1 });
    server.clock.advance(COPY_BACKOFF.baseMs);
    await scan();
    expect(await copyOf(retried)).toMatchObject({ state: "stored", attempts: 2, sizeBytes: wav.length });

    fake.failNext(503);
    const expiring = await endCall(p, fake.publish("short.wav", wav, { expiresInSeconds: 60 }));
    await scan();
    expect(await copyOf(expiring)).toMatchObject({ state: "pending", attempts: 1 });
    server.clock.advance(COPY_BACKOFF.baseMs);
    await scan();
    expect(await copyOf(expiring)).toMatchObject({ state: "expired", attempts: 2, sizeBytes: null });
    const asked = fake.requests.length;
    server.clock.advance(COPY_BACKOFF.capMs);
    await scan();
    expect(fake.requests.length).toBe(asked);
    await fresh(p);
    expect((await recording(p, expiring)).status).toBe(404);
  });

  it("is made again from a changed link, the old copy served meanwhile, and goes when recording is turned off", async () => {
    const p = await practice();
    const before = tinyWav(0.25);
    const after = tinyWav(0.75);
    const callId = await endCall(p, fake.publish("first.wav", before), "relinked");
    await scan();
    fake.failNext(500);
    expect(await endCall(p, fake.publish("second.wav", after), "relinked")).toBe(callId);
    await scan();
    expect(await copyOf(callId)).toMatchObject({ state: "pending", attempts: 1, sizeBytes: before.length });
    await fresh(p);
    expect(Buffer.from(await (await recording(p, callId)).arrayBuffer())).toEqual(before);
    server.clock.advance(COPY_BACKOFF.baseMs);
    await scan();
    expect(await copyOf(callId)).toMatchObject({ state: "stored", sizeBytes: after.length });
    expect(readFileSync(fileOf(p, callId))).toEqual(after);

    await fresh(p);
    const off = await server.request("/api/privacy/settings", {
      method: "PUT",
      json: { recordCalls: false },
      accessToken: p.staff.accessToken,
    });
    expect(off.status).toBe(200);
    // A report while recording is off keeps no link, so no copy either.
    await endCall(p, null, "relinked");
    await scan();
    expect(await copyOf(callId)).toBeNull();
    expect(existsSync(fileOf(p, callId))).toBe(false);
    const detail = await dataOf<CallDetail>(
      await server.request(`/api/calls/${callId}`, { accessToken: p.staff.accessToken }),
    );
    expect(detail).toMatchObject({ recordingUrl: null, recordingOff: true });
    expect(detail.recordingCopyUrl).toBeUndefined();
  });

  it(`gives up after ${MAX_COPY_ATTEMPTS} failed attempts, waiting longer after each`, async () => {
    const p = await practice();
    fake.failNext(...Array<number>(MAX_COPY_ATTEMPTS).fill(502));
    const callId = await endCall(p, fake.publish("down.wav", tinyWav(), { expiresInSeconds: 7 * 24 * 3600 }));
    await scan();
    for (let attempt = 1; attempt < MAX_COPY_ATTEMPTS; attempt++) {
      // Equal jitter: at least half of the attempt's ceiling, at most all of it.
      const ceiling = Math.min(COPY_BACKOFF.capMs, COPY_BACKOFF.baseMs * 2 ** (attempt - 1));
      const [row] = await rawRows<{ waitMs: number; attempts: number }>(
        server.db,
        sql`select attempts, (extract(epoch from next_attempt_at) * 1000)::float8 - ${server.clock().getTime()} as "waitMs"
          from recording_copies where call_id = ${callId}::uuid`,
      );
      expect(row?.attempts).toBe(attempt);
      expect(row?.waitMs).toBeGreaterThanOrEqual(ceiling / 2);
      expect(row?.waitMs).toBeLessThanOrEqual(ceiling);
      server.clock.advance(ceiling);
      await scan();
    }
    expect(await copyOf(callId)).toMatchObject({ state: "failed", attempts: MAX_COPY_ATTEMPTS });
  });

  it("is not made while the business's recording is off", async () => {
    const p = await practice();
    const off = await server.request("/api/privacy/settings", {
      method: "PUT",
      json: { recordCalls: false },
      accessToken: p.staff.accessToken,
    });
    expect(off.status).toBe(200);
    const callId = await endCall(p, fake.publish("off.wav", tinyWav()));
    await scan();
    expect(await copyOf(callId)).toBeNull();
    expect(fake.requests).not.toContain("/off.wav");
  });

  it("is never fetched from a host that resolves to a private address, nor through a redirect", async () => {
    const incomingDir = join(dataDir, "incoming-test");
    // A public-looking name (the report's guard passes it) that DNS resolves to the fake, on loopback.
    const rebinding = createRecordingFetcher({
      incomingDir,
      pinnedHosts: {},
      extraCa: readFileSync(fake.env.RECORDING_SOURCE_CA_FILE, "utf8"),
      resolve: ((
        _host: string,
        _options: unknown,
        callback: (error: null, addresses: LookupAddress[]) => void,
      ) => callback(null, [{ address: "127.0.0.1", family: 4 }])) as unknown as typeof lookup,
    });
    const asked = fake.requests.length;
    const link = fake
      .publish("rebinding.wav", tinyWav())
      .replace(FAKE_RECORDINGS_HOST, "recordings.example.com");
    expect(await rebinding(link)).toEqual({
      retry: true,
      reason: "recordings.example.com resolves to a non-public address",
    });
    expect(await rebinding("https://10.0.0.1/recording.wav")).toMatchObject({
      retry: false,
      state: "failed",
    });
    expect(fake.requests.length).toBe(asked);

    const pinned = createRecordingFetcher({
      incomingDir,
      pinnedHosts: { [FAKE_RECORDINGS_HOST]: "127.0.0.1" },
      extraCa: readFileSync(fake.env.RECORDING_SOURCE_CA_FILE, "utf8"),
    });
    fake.failNext(302);
    expect(await pinned(fake.publish("redirected.wav", tinyWav()))).toMatchObject({
      retry: false,
      state: "failed",
    });
  });
});

describe("downloads a crash left behind", () => {
  it("are swept once older than a lease, never one that may still be under way", async () => {
    const incoming = join(dataDir, "sweep-test");
    mkdirSync(incoming, { recursive: true });
    writeFileSync(join(incoming, "left-by-a-crash"), "partial");
    writeFileSync(join(incoming, "under-way"), "partial");
    const longAgo = new Date(Date.now() - RECORDING_LEASE_MS - 60_000);
    utimesSync(join(incoming, "left-by-a-crash"), longAgo, longAgo);
    expect(await sweepIncoming(incoming, RECORDING_LEASE_MS)).toBe(1);
    expect(readdirSync(incoming)).toEqual(["under-way"]);
  });
});

describe("GET /api/calls/:id/recording", () => {
  let p: Practice;
  let callId: string;
  const wav = tinyWav(1);
  beforeAll(async () => {
    p = await practice();
    callId = await endCall(p, fake.publish("ranges.wav", wav), "ranges-call");
    await scan();
    await fresh(p);
  });

  it("answers byte ranges for the player to seek: first bytes, a suffix, an open end, and 416 past the end", async () => {
    const first = await recording(p, callId, { range: "bytes=0-99" });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-99/${wav.length}`);
    expect(first.headers.get("content-length")).toBe("100");
    expect(Buffer.from(await first.arrayBuffer())).toEqual(wav.subarray(0, 100));

    const suffix = await recording(p, callId, { range: "bytes=-100" });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("content-range")).toBe(
      `bytes ${wav.length - 100}-${wav.length - 1}/${wav.length}`,
    );
    expect(Buffer.from(await suffix.arrayBuffer())).toEqual(wav.subarray(wav.length - 100));

    const open = await recording(p, callId, { range: "bytes=8000-" });
    expect(open.status).toBe(206);
    expect(open.headers.get("content-range")).toBe(`bytes 8000-${wav.length - 1}/${wav.length}`);
    expect(Buffer.from(await open.arrayBuffer())).toEqual(wav.subarray(8000));

    const past = await recording(p, callId, { range: `bytes=${wav.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${wav.length}`);
    await past.arrayBuffer();

    const head = await server.request(`/api/calls/${callId}/recording`, {
      method: "HEAD",
      accessToken: p.staff.accessToken,
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(wav.length));
    expect(await head.text()).toBe("");

    const beyondEnd = await recording(p, callId, { range: `bytes=100-${wav.length * 2}` });
    expect(beyondEnd.status).toBe(206);
    expect(beyondEnd.headers.get("content-range")).toBe(`bytes 100-${wav.length - 1}/${wav.length}`);
    await beyondEnd.arrayBuffer();
  });

  it("is given to the booking's call too, for the booking panel's player", async () => {
    const service = await dataOf<{ _id: string }>(
      await server.request("/api/services", {
        json: { name: "Cleaning", duration: 30, price: 45, isActive: true },
        accessToken: p.staff.accessToken,
      }),
    );
    const { row } = await createBooking(server.db, {
      businessId: p.staff.user.businessId,
      actor: { kind: "assistant", id: null, name: "Front desk" },
      now: server.clock(),
      booking: {
        source: "assistant",
        externalId: "booked-during-call",
        serviceId: service._id,
        startTime: new Date(server.clock().getTime() + DAY),
        customerName: "Maria Lopez",
        customerPhone: "+1 718 555 0142",
        notes: null,
        callExternalId: "ranges-call",
      },
    });
    const { call } = await dataOf<BookingDetail>(
      await server.request(`/api/bookings/${row.id}`, { accessToken: p.staff.accessToken }),
    );
    expect(call?.recordingCopyUrl).toMatch(new RegExp(`^/api/calls/${callId}/recording\\?access=`));
    const played = await server.request(call!.recordingCopyUrl!);
    expect(Buffer.from(await played.arrayBuffer())).toEqual(wav);
  });

  it("is the business's staff's only: another business's call is 404 and reveals nothing, a token fits one call", async () => {
    const other = await practice();
    const mine = await recording(p, callId);
    expect(mine.status).toBe(200);
    await mine.arrayBuffer();
    const theirs = await recording(other, callId);
    const unknown = await recording(other, "00000000-0000-4000-8000-000000000000");
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual(await unknown.json());
    expect((await server.request(`/api/calls/${callId}/recording`)).status).toBe(401);

    const { recordingCopyUrl } = await dataOf<CallDetail>(
      await server.request(`/api/calls/${callId}`, { accessToken: p.staff.accessToken }),
    );
    const token = new URL(recordingCopyUrl!, server.url).searchParams.get("access")!;
    const otherCall = await endCall(p, null);
    expect((await server.request(`/api/calls/${otherCall}/recording?access=${token}`)).status).toBe(401);
    expect(
      (await server.request(`/api/calls/${callId}/recording?access=${token.slice(0, -2)}xx`)).status,
    ).toBe(401);
    // A link lives one to two hours.
    server.clock.advance(2 * HOUR);
    expect((await server.request(recordingCopyUrl!)).status).toBe(401);
    await fresh(p);
  });

  it("stops playing when the session it was given in signs out; another session's link plays on", async () => {
    const p = await practice();
    const callId = await endCall(p, fake.publish("signed-out.wav", tinyWav()));
    await scan();
    const linkOf = async (staff: SignedIn) =>
      (
        await dataOf<CallDetail>(
          await server.request(`/api/calls/${callId}`, { accessToken: staff.accessToken }),
        )
      ).recordingCopyUrl!;
    const leaving = await fresh(p);
    const staying = await signIn(server, p.email, PASSWORD);
    const [left, kept] = [await linkOf(leaving), await linkOf(staying)];
    expect((await server.request(left)).status).toBe(200);
    await server.request("/api/auth/sign-out", { method: "POST", refreshCookie: leaving.refreshCookie });
    expect((await server.request(left)).status).toBe(401);
    expect((await server.request(kept)).status).toBe(200);
  });
});

describe("deleting recordings", () => {
  it("goes with the call's content when retention removes it, and with the caller's erasure", async () => {
    const p = await practice();
    const purged = await endCall(p, fake.publish("purged.wav", tinyWav()));
    await scan();
    expect(existsSync(fileOf(p, purged))).toBe(true);
    server.clock.advance(3 * DAY);
    await fresh(p);
    const kept = await endCall(p, fake.publish("kept.wav", tinyWav()));
    await scan();
    const settings = await server.request("/api/privacy/settings", {
      method: "PUT",
      json: { callContentDays: 1 },
      accessToken: p.staff.accessToken,
    });
    expect(settings.status).toBe(200);
    server.clock.advance(HOUR);
    expect(await server.runDue()).toEqual(expect.arrayContaining(["retention-purge", "recording-copies"]));
    expect(existsSync(fileOf(p, purged))).toBe(false);
    expect(await copyOf(purged)).toBeNull();
    expect(existsSync(fileOf(p, kept))).toBe(true);

    await fresh(p);
    const erased = await server.request("/api/privacy/caller/erase", {
      method: "POST",
      json: { phone: "+1 718 555 0142", decisions: [] },
      accessToken: p.staff.accessToken,
    });
    expect(erased.status).toBe(200);
    await scan();
    expect(existsSync(fileOf(p, kept))).toBe(false);
    expect(await copyOf(kept)).toBeNull();
  });

  it("goes even when the caller is erased while the copy is being downloaded", async () => {
    const p = await practice();
    const download = fake.holdNext();
    // The write nudges the worker, whose download waits at the fake…
    const callId = await endCall(p, fake.publish("under-way.wav", tinyWav()));
    await download.arrived;
    const erased = await server.request("/api/privacy/caller/erase", {
      method: "POST",
      json: { phone: "+1 718 555 0142", decisions: [] },
      accessToken: p.staff.accessToken,
    });
    expect(erased.status).toBe(200);
    // The tombstone holds no link: the caller's recording link is nowhere once the erasure answers.
    expect(await copyOf(callId)).toMatchObject({ state: "discarded", sourceUrl: "" });
    // …and stores the file after the erasure: the tombstone, no longer held by the claim, deletes it.
    download.release();
    await scan();
    expect(await copyOf(callId)).toBeNull();
    expect(existsSync(fileOf(p, callId))).toBe(false);
  });

  it("goes with the business; the erasure is kept a lease long, for a copy under way as it went", async () => {
    const p = await practice();
    const callId = await endCall(p, fake.publish("business.wav", tinyWav()));
    await scan();
    expect(existsSync(fileOf(p, callId))).toBe(true);
    const deleted = await server.request("/api/privacy/delete-business", {
      method: "POST",
      json: { businessName: p.staff.user.businessName },
      accessToken: p.staff.accessToken,
    });
    expect(deleted.status).toBe(200);
    await scan();
    expect(existsSync(join(dataDir, "recordings", p.staff.user.businessId))).toBe(false);
    const erasures = () =>
      rawRows(
        server.db,
        sql`select 1 from recording_erasures where business_id = ${p.staff.user.businessId}::uuid`,
      );
    // Kept for a lease's length: a copy a worker was writing when the business went is deleted too.
    expect(await erasures()).toHaveLength(1);
    server.clock.advance(RECORDING_LEASE_MS);
    await scan();
    expect(await erasures()).toHaveLength(0);
  });
});
