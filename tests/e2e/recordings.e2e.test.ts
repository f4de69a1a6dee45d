import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserForFile, deliverAsVapi, expectNoAxeViolations, signUp } from "../support/browser";
import { type FakeRecordings, startFakeRecordings, tinyWav } from "../support/fake-recordings";
import { fixtureWith } from "../support/platform-deliveries";
import { readZipEntries } from "../support/read-zip";
import { type ServerProcess, startServerProcess } from "../support/server-process";

const { newPage } = browserForFile();

// The file's own server, told how to reach the fake recording server (its name pinned to 127.0.0.1, its
// certificate trusted); the shared one is not.
let recordings: FakeRecordings;
let server: ServerProcess;
beforeAll(async () => {
  recordings = await startFakeRecordings();
  server = await startServerProcess({ ...recordings.env, SEED_DEMO: "false" });
});
afterAll(async () => {
  await server?.stop();
  await recordings?.close();
});

describe("A Vapi call's recording", () => {
  it("is copied when the call ends, plays from our copy in the call's detail, and is in the business's export when asked for", async () => {
    const page = await newPage({ baseURL: server.baseURL, acceptDownloads: true });
    await signUp(page, "/settings");
    const card = page.getByRole("region", { name: "Voice assistant" });
    await card.locator("[data-scope=segment-group][data-part=item]", { hasText: "Vapi" }).click();
    await card.getByRole("button", { name: "Connect Vapi" }).click();
    const url = await card.getByLabel("Server URL for Vapi").inputValue();
    const secret = await card.getByLabel("Secret", { exact: true }).inputValue();

    // Vapi's end-of-call report, with its recording on the fake platform storage (a presigned link).
    const wav = tinyWav(2);
    const link = recordings.publish("vapi-call.wav", wav);
    const startedAt = new Date(Date.now() - 3 * 60_000);
    const report = fixtureWith("vapi", "end-of-call-report", {
      "message.artifact.recordingUrl": link,
      "message.artifact.stereoRecordingUrl": undefined,
      "message.startedAt": startedAt.toISOString(),
      "message.endedAt": new Date(startedAt.getTime() + 2000).toISOString(),
    });
    expect((await deliverAsVapi(url, secret, report)).status).toBe(200);

    await page.goto("/calls");
    await page.locator("main a[href^='/calls/']").first().click();
    // The copy is made at once (the worker is nudged by the write); until then the detail plays Vapi's link.
    await expect
      .poll(async () => {
        await page.reload();
        await page.locator("audio").waitFor({ state: "attached" });
        return page.locator("audio").getAttribute("src");
      })
      .toMatch(/^\/api\/calls\/[0-9a-f-]{36}\/recording\?access=/);
    expect(recordings.requests).toContain("/vapi-call.wav");

    // The browser loads it from our route (byte ranges) and it plays.
    await page.waitForFunction(() => (document.querySelector("audio")?.readyState ?? 0) >= 1);
    expect(
      await page.locator("audio").evaluate((audio: HTMLAudioElement) => Math.round(audio.duration)),
    ).toBe(2);
    await page.getByRole("button", { name: "Play recording" }).click();
    await page.getByRole("button", { name: "Pause recording" }).waitFor();
    await expectNoAxeViolations(page);

    // Settings → Your data, recordings included: the zip holds our copy, byte for byte, named by the call.
    const callId = new URL(page.url()).pathname.split("/").at(-1);
    await page.goto("/settings");
    const yourData = page.getByRole("region", { name: "Your data" });
    await yourData.getByText("Include call recordings", { exact: true }).click();
    expect(await yourData.getByRole("checkbox", { name: "Include call recordings" }).isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    const downloading = page.waitForEvent("download");
    await yourData.getByRole("button", { name: "Export all data" }).click();
    const files = await readZipEntries(await buffer(await (await downloading).createReadStream()));
    expect(files.get(`recordings/${callId}.wav`)?.bytes).toEqual(wav);
    await page.context().close();
  });
});
