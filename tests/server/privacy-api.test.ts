import { describe, expect, it } from "vitest";
import type { AssistantConfig } from "../../src/shared/assistant.schema";
import type { CallDetail } from "../../src/shared/calls.schema";
import type { PrivacySettings } from "../../src/shared/privacy.schema";
import { type SignedIn, signUp } from "../support/server-accounts";
import { errorOf } from "../support/server-bookings";
import { createAssistantKey, dataOf, reportCall } from "../support/server-calls";
import { serverForFile } from "../support/server-harness";

const server = serverForFile();

const DEFAULTS: PrivacySettings = {
  recordCalls: true,
  callContentDays: null,
  callRowDays: null,
  bookingPersonalDays: null,
};

const getSettings = async (staff: SignedIn) =>
  dataOf<PrivacySettings>(await server.request("/api/privacy/settings", { accessToken: staff.accessToken }));

const putSettings = (staff: SignedIn, json: unknown) =>
  server.request("/api/privacy/settings", { method: "PUT", json, accessToken: staff.accessToken });

async function expectRefused(staff: SignedIn, body: unknown, field: string | undefined) {
  const before = await getSettings(staff);
  const response = await putSettings(staff, body);
  expect(response.status).toBe(400);
  expect(await errorOf(response)).toMatchObject({ code: "VALIDATION", field });
  expect(await getSettings(staff)).toEqual(before);
}

const assistantConfig = async (key: string) =>
  dataOf<AssistantConfig>(await server.request("/api/assistant/config", { headers: { "x-api-key": key } }));

const callDetail = async (staff: SignedIn, id: string) =>
  dataOf<CallDetail>(await server.request(`/api/calls/${id}`, { accessToken: staff.accessToken }));

const RECORDED = {
  callerNumber: "+1 555 0100",
  startedAt: "2026-03-02T10:00:00Z",
  status: "completed",
  summary: "Booked a cleaning.",
  transcript: [{ speaker: "caller", text: "Hello, this is Ada.", offsetSeconds: 1 }],
  recordingUrl: "https://recordings.example.com/a.mp3",
} as const;

describe("GET/PUT /api/privacy/settings", () => {
  it("starts recording, keeping everything forever; a save sending some fields keeps the others", async () => {
    const staff = await signUp(server);
    expect(await getSettings(staff)).toEqual(DEFAULTS);
    const first = await putSettings(staff, { callContentDays: 30, bookingPersonalDays: 365 });
    expect(first.status).toBe(200);
    const saved = { ...DEFAULTS, callContentDays: 30, bookingPersonalDays: 365 };
    expect(await dataOf(first)).toEqual(saved);
    expect(await dataOf(await putSettings(staff, { recordCalls: false }))).toEqual({
      ...saved,
      recordCalls: false,
    });
    expect(await dataOf(await putSettings(staff, { callRowDays: 30, callContentDays: null }))).toEqual({
      ...saved,
      recordCalls: false,
      callContentDays: null,
      callRowDays: 30,
    });
    expect(await getSettings(staff)).toMatchObject({
      recordCalls: false,
      callRowDays: 30,
      callContentDays: null,
    });
  });

  it("refuses days outside 1–3650, non-integers, wrong types and unknown fields, naming the field and saving nothing", async () => {
    const staff = await signUp(server);
    await putSettings(staff, { callContentDays: 30 });
    await expectRefused(staff, { callContentDays: 0 }, "callContentDays");
    await expectRefused(staff, { recordCalls: false, callRowDays: 3651 }, "callRowDays");
    await expectRefused(staff, { bookingPersonalDays: 1.5 }, "bookingPersonalDays");
    await expectRefused(staff, { bookingPersonalDays: "30" }, "bookingPersonalDays");
    await expectRefused(staff, { recordCalls: "no" }, "recordCalls");
    await expectRefused(staff, { keepForever: true }, "keepForever");
    // A body of no fields must still be an object: an array has none either, and was taken for one.
    const array = await putSettings(staff, []);
    expect(array.status).toBe(400);
    expect(await errorOf(array)).toEqual({
      code: "VALIDATION",
      message: "The request body must be an object",
    });
    expect(await getSettings(staff)).toEqual({ ...DEFAULTS, callContentDays: 30 });
    // The edges are allowed.
    expect((await putSettings(staff, { callContentDays: 1, callRowDays: 3650 })).status).toBe(200);
  });

  it("keeps calls at least as long as their content, against what is stored, naming the field sent", async () => {
    const staff = await signUp(server);
    await putSettings(staff, { callContentDays: 30, callRowDays: 90 });
    await expectRefused(staff, { callRowDays: 29 }, "callRowDays");
    await expectRefused(staff, { callContentDays: 91 }, "callContentDays");
    await expectRefused(staff, { recordCalls: false, callContentDays: 100, callRowDays: 99 }, "callRowDays");
    // Equal is enough; content kept forever lets rows go at any age.
    expect((await putSettings(staff, { callRowDays: 30 })).status).toBe(200);
    expect((await putSettings(staff, { callContentDays: null, callRowDays: 7 })).status).toBe(200);
    expect(await getSettings(staff)).toEqual({ ...DEFAULTS, callRowDays: 7 });
  });

  it("is the signed-in business's own", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    await putSettings(owner, { recordCalls: false, callContentDays: 10 });
    expect(await getSettings(other)).toEqual(DEFAULTS);
    expect((await server.request("/api/privacy/settings")).status).toBe(401);
    expect((await server.request("/api/privacy/retention-preview")).status).toBe(401);
  });
});

describe("recording off", () => {
  it("shows in the assistant's config at once", async () => {
    const staff = await signUp(server);
    const { key } = await createAssistantKey(server, staff);
    expect((await assistantConfig(key)).recordCalls).toBe(true);
    await putSettings(staff, { recordCalls: false });
    expect((await assistantConfig(key)).recordCalls).toBe(false);
    await putSettings(staff, { recordCalls: true });
    expect((await assistantConfig(key)).recordCalls).toBe(true);
  });

  it("stores the call and its summary without its recording link or transcript, and marks it", async () => {
    const staff = await signUp(server);
    const other = await signUp(server);
    const { key } = await createAssistantKey(server, staff);
    const { key: otherKey } = await createAssistantKey(server, other);
    await putSettings(staff, { recordCalls: false });

    const live = await reportCall(server, key, { ...RECORDED, externalId: "off-1" });
    expect(live.status).toBe(201);
    const { _id: liveId } = await dataOf<{ _id: string }>(live);
    expect(await callDetail(staff, liveId)).toMatchObject({
      status: "completed",
      summary: RECORDED.summary,
      transcript: [],
      recordingUrl: null,
      recordingOff: true,
      contentRemovedAt: null,
    });

    // An imported history is held to the same rule.
    const imported = await server.request("/api/assistant/calls/import", {
      json: { calls: [{ ...RECORDED, externalId: "off-2" }] },
      headers: { "x-api-key": key },
      origin: null,
    });
    const [item] = (await dataOf<{ results: { _id: string }[] }>(imported)).results;
    expect(await callDetail(staff, item!._id)).toMatchObject({
      transcript: [],
      recordingUrl: null,
      recordingOff: true,
    });

    // Another business records as before.
    const recorded = await dataOf<{ _id: string }>(
      await reportCall(server, otherKey, { ...RECORDED, externalId: "off-1" }),
    );
    expect(await callDetail(other, recorded._id)).toMatchObject({
      transcript: RECORDED.transcript,
      recordingUrl: RECORDED.recordingUrl,
      recordingOff: false,
    });

    // Recording on again: a later report of the call brings its recording, and the mark goes.
    await putSettings(staff, { recordCalls: true });
    await reportCall(server, key, { ...RECORDED, externalId: "off-1", summary: undefined });
    expect(await callDetail(staff, liveId)).toMatchObject({
      summary: RECORDED.summary,
      transcript: RECORDED.transcript,
      recordingUrl: RECORDED.recordingUrl,
      recordingOff: false,
    });
  });

  it("drops what was recorded of a call still going when recording is turned off", async () => {
    const staff = await signUp(server);
    const { key } = await createAssistantKey(server, staff);
    const started = await dataOf<{ _id: string }>(
      await reportCall(server, key, { ...RECORDED, externalId: "going", status: "in-progress" }),
    );
    await putSettings(staff, { recordCalls: false });
    await reportCall(server, key, {
      externalId: "going",
      callerNumber: "+1 555 0100",
      startedAt: RECORDED.startedAt,
      status: "completed",
    });
    expect(await callDetail(staff, started._id)).toMatchObject({
      status: "completed",
      transcript: [],
      recordingUrl: null,
      recordingOff: true,
    });
  });
});
