import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readButtonData } from "../../src/server/telegram/booking-buttons";
import { BotApiError, createBotApi } from "../../src/server/telegram/bot-api";
import { type FakeBotApi, startFakeBotApi } from "../support/fake-bot-api";

let fake: FakeBotApi;
beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());

const api = () => createBotApi({ botToken: fake.token, apiBaseUrl: fake.url });

async function failureOf(promise: Promise<unknown>): Promise<BotApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof BotApiError)) throw new Error(`expected a BotApiError, got ${String(error)}`);
  return error;
}

describe("Bot API client against the fake", () => {
  it("sends, edits and answers", async () => {
    expect(await api().getMe()).toEqual({ id: fake.botId, username: fake.username });
    const markup = { inline_keyboard: [[{ text: "Confirm", callback_data: "confirm:abc" }]] };
    const { messageId } = await api().sendMessage(7001, "Hello", { replyMarkup: markup });
    expect(fake.messages(7001)).toEqual([
      { messageId, chatId: 7001, text: "Hello", replyMarkup: markup, edits: 0 },
    ]);
    await api().editMessageText(7001, messageId, "Confirmed");
    expect(fake.messages(7001)[0]).toMatchObject({ text: "Confirmed", replyMarkup: null, edits: 1 });
    await api().answerCallbackQuery("cbq-x", "Done");
    expect(fake.callbackAnswers).toContainEqual({ callbackQueryId: "cbq-x", text: "Done" });
  });

  it("long-polls updates and forgets those below the offset", async () => {
    const first = fake.sendStart(7002, "code-1");
    const polled = api().getUpdates({ offset: 0, timeoutSeconds: 1 });
    expect((await polled).map((u) => u.update_id)).toEqual([first]);
    const waiting = api().getUpdates({ offset: first + 1, timeoutSeconds: 5 });
    const second = fake.pressButton(7002, 1, "confirm:abc");
    const [update] = await waiting;
    expect(update?.callback_query).toMatchObject({
      id: second,
      data: "confirm:abc",
      message: { chat: { id: 7002 } },
    });
  });

  it("tells a blocked bot, an unknown chat and a rate limit apart", async () => {
    fake.blockChat(7003);
    const blocked = await failureOf(api().sendMessage(7003, "x"));
    expect(blocked).toMatchObject({ kind: "refused", status: 403, permanentForChat: true });
    fake.unknownChat(7004);
    const unknown = await failureOf(api().sendMessage(7004, "x"));
    expect(unknown).toMatchObject({ kind: "refused", status: 400, permanentForChat: true });
    expect(unknown.description).toMatch(/chat not found/);
    fake.rateLimit(3, 1);
    const limited = await failureOf(api().sendMessage(7005, "x"));
    expect(limited).toMatchObject({
      kind: "refused",
      status: 429,
      retryAfterSeconds: 3,
      permanentForChat: false,
    });
    await api().sendMessage(7005, "after the limit");
    expect(fake.messages(7005).map((m) => m.text)).toEqual(["after the limit"]);
  });

  it("reads the supergroup an upgraded group moved to, and a bot that may no longer post, as refusals of the chat", async () => {
    fake.upgradeGroup(-7_007, -1_000_000_007_007);
    expect(await failureOf(api().sendMessage(-7_007, "x"))).toMatchObject({
      kind: "refused",
      status: 400,
      migrateToChatId: -1_000_000_007_007,
    });
    fake.muteChat(-7_008);
    const muted = await failureOf(api().sendMessage(-7_008, "x"));
    expect(muted).toMatchObject({ status: 400, migrateToChatId: null, permanentForChat: true });
    expect(muted.description).toMatch(/not enough rights to send text messages/);
  });

  it("calls an outage unreachable, refused connections and 502s alike, and recovers", async () => {
    await fake.outage(true, "refused");
    expect(await failureOf(api().sendMessage(7006, "x"))).toMatchObject({
      kind: "unreachable",
      status: null,
    });
    await fake.outage(false);
    await fake.outage(true, "502");
    expect(await failureOf(api().sendMessage(7006, "x"))).toMatchObject({ kind: "unreachable", status: 502 });
    await fake.outage(false);
    await api().sendMessage(7006, "back");
    expect(await fake.waitForMessages(7006, 1)).toMatchObject([{ text: "back" }]);
  });

  it("refuses getUpdates while a webhook is set", async () => {
    await api().setWebhook("https://portal.example.com/api/telegram/webhook/p", "secret");
    expect(fake.webhook).toEqual({
      url: "https://portal.example.com/api/telegram/webhook/p",
      secretToken: "secret",
    });
    expect(await failureOf(api().getUpdates({ offset: 0, timeoutSeconds: 0 }))).toMatchObject({
      status: 409,
    });
    await api().deleteWebhook();
    expect(fake.webhook).toBeNull();
  });

  it("reads only button data of its own shape", () => {
    expect(readButtonData("confirm:abcdefghijklmnop")).toEqual({
      action: "confirm",
      token: "abcdefghijklmnop",
    });
    expect(readButtonData("delete:abcdefghijklmnop")).toBeNull();
    expect(readButtonData("cancel:short")).toBeNull();
  });
});
