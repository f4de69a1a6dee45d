import {
  connectStepOf,
  LINK_POLL_MS,
  parseChatId,
  telegramConnectMachine,
} from "@machines/telegram-connect.machine";
import type { TelegramConnectBody, TelegramLink, TelegramLinkState } from "@shared/telegram.schema";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { type AnyEventObject, createActor, fromPromise, type Snapshot, waitFor } from "xstate";
import { describeModelPaths } from "../support/describe-model-paths";
import { allTransitionKeys } from "../support/model-paths";

const link: TelegramLink = {
  code: "k3Yq9",
  deepLink: "https://t.me/calldesk_test_bot?start=k3Yq9",
  botUsername: "calldesk_test_bot",
  expiresAt: "2026-11-23T21:00:00.000Z",
};
const refused = { status: 400, code: "VALIDATION" };
const SEEN_CHAT = 777_001;

const events: AnyEventObject[] = [
  { type: "dialog.open" },
  { type: "dialog.close" },
  { type: "link.retry" },
  { type: "step.next" },
  { type: "step.back" },
  { type: "chatId.change", chatId: "" },
  { type: "chatId.change", chatId: "12ab" },
  { type: "chatId.change", chatId: "-1001234567890" },
  { type: "form.submit" },
  { type: "disconnect.ask" },
  { type: "disconnect.confirm" },
  { type: "xstate.done.actor.createLink", output: link },
  { type: "xstate.error.actor.createLink", error: { status: 503, code: "UNAVAILABLE" } },
  { type: "xstate.done.actor.checkLink", output: { chatId: null } },
  { type: "xstate.done.actor.checkLink", output: { chatId: SEEN_CHAT } },
  { type: "xstate.error.actor.checkLink", error: { status: 404, code: "NOT_FOUND" } },
  { type: "xstate.error.actor.checkLink", error: { status: 503, code: "UNAVAILABLE" } },
  { type: `xstate.after.${LINK_POLL_MS}.telegramConnect.closable.enterChatId.waiting` },
  { type: "xstate.done.actor.connect", output: null },
  { type: "xstate.error.actor.connect", error: refused },
  { type: "xstate.done.actor.disconnect", output: null },
  { type: "xstate.error.actor.disconnect", error: { status: 500, code: "INTERNAL" } },
];

// The chat ID is free text: the chart's shape is its state and what kind of chat ID it holds.
const byShape = (snapshot: Snapshot<unknown>) => {
  const { value, context } = snapshot as unknown as {
    value: unknown;
    context: { chatId: string; link: unknown; filledIn: boolean; invalid: boolean; failure: unknown };
  };
  const kind = context.chatId === "" ? "empty" : parseChatId(context.chatId) === null ? "bad" : "number";
  return JSON.stringify([
    value,
    kind,
    context.link !== null,
    context.filledIn,
    context.invalid,
    context.failure !== null,
  ]);
};

const effects = new Set<string>();

describeModelPaths("telegram connect machine (model-based)", {
  machine: telegramConnectMachine,
  events,
  serializeState: byShape,
  promiseActors: ["createLink", "checkLink", "connect", "disconnect"],
  provide: (actors) =>
    telegramConnectMachine.provide({
      actors: actors as never,
      actions: {
        announceConnected: () => effects.add("connected"),
        announceConnectFailed: (_, { failure }) => effects.add(`connectFailed:${failure.code}`),
        announceDisconnected: () => effects.add("disconnected"),
        announceDisconnectFailed: (_, { failure }) => effects.add(`disconnectFailed:${failure.code}`),
      },
    }),
  minPaths: allTransitionKeys(telegramConnectMachine).size,
  assertState: (snapshot) => {
    const { context } = snapshot;
    // Closing resets, from wherever it happened.
    if (snapshot.matches("closed")) {
      expect(context).toEqual({ link: null, chatId: "", filledIn: false, invalid: false, failure: null });
    }
    // Steps 1 to 3 always have the deep link to show; step 1 without one is the failure or the wait for it.
    const step = connectStepOf(snapshot);
    if (
      step !== null &&
      !snapshot.matches({ closable: "linking" }) &&
      !snapshot.matches({ closable: "linkFailed" })
    )
      expect(context.link).toEqual(link);
    if (snapshot.matches({ closable: "linkFailed" }))
      expect(context.failure).toEqual({ status: 503, code: "UNAVAILABLE" });
    // Spec 5: Connect is disabled while the chat ID is empty, and only ever sends an integer.
    if (context.chatId.trim() === "") expect(snapshot.can({ type: "form.submit" })).toBe(false);
    if (snapshot.matches("connecting")) expect(parseChatId(context.chatId)).not.toBeNull();
    if (context.invalid) expect(parseChatId(context.chatId)).toBeNull();
    // A filled-in chat ID is exactly the one the bot saw.
    if (context.filledIn) expect(context.chatId).toBe(String(SEEN_CHAT));
    // A request on its way cannot be abandoned.
    if (snapshot.matches("connecting") || snapshot.matches("disconnecting"))
      expect(snapshot.can({ type: "dialog.close" })).toBe(false);
  },
  afterReplays: () => {
    it("announces each outcome", () => {
      expect([...effects].sort()).toEqual([
        "connectFailed:VALIDATION",
        "connected",
        "disconnectFailed:INTERNAL",
        "disconnected",
      ]);
    });
  },
});

describe("telegram connect rules", () => {
  function start(
    answers: {
      checkLink?: (code: string) => Promise<TelegramLinkState>;
      connect?: (body: TelegramConnectBody) => Promise<unknown>;
    } = {},
  ) {
    const sent: TelegramConnectBody[] = [];
    const checked: string[] = [];
    const actor = createActor(
      telegramConnectMachine.provide({
        actors: {
          createLink: fromPromise(() => Promise.resolve(link)),
          checkLink: fromPromise<TelegramLinkState, { code: string }>(({ input }) => {
            checked.push(input.code);
            return answers.checkLink?.(input.code) ?? Promise.resolve({ chatId: null });
          }),
          connect: fromPromise<unknown, TelegramConnectBody>(({ input }) => {
            sent.push(input);
            return answers.connect?.(input) ?? Promise.resolve(null);
          }),
        },
      }),
    ).start();
    return { actor, sent, checked };
  }

  async function toStep3(actor: ReturnType<typeof start>["actor"]) {
    actor.send({ type: "dialog.open" });
    await waitFor(actor, (s) => s.matches({ closable: "openBot" }));
    actor.send({ type: "step.next" });
    actor.send({ type: "step.next" });
    expect(connectStepOf(actor.getSnapshot())).toBe(2);
  }

  it("reads chat IDs as spec 5 does: integers only, a group's negative one included", () => {
    expect(parseChatId(" 123456789 ")).toBe(123456789);
    expect(parseChatId("-1001234567890")).toBe(-1001234567890);
    for (const bad of ["", "  ", "12ab", "1.5", "1e5", "+", "-", "99999999999999999999"])
      expect(parseChatId(bad)).toBeNull();
  });

  it("fills in the chat ID the server saw for this link's code", async () => {
    const { actor, checked } = start({ checkLink: () => Promise.resolve({ chatId: SEEN_CHAT }) });
    await toStep3(actor);
    await waitFor(actor, (s) => s.matches({ closable: { enterChatId: "seen" } }));
    expect(checked).toEqual([link.code]);
    expect(actor.getSnapshot().context).toMatchObject({ chatId: String(SEEN_CHAT), filledIn: true });
  });

  it("never overwrites what the user typed", async () => {
    let answer: (state: TelegramLinkState) => void = () => {};
    const { actor } = start({ checkLink: () => new Promise((resolve) => (answer = resolve)) });
    await toStep3(actor);
    actor.send({ type: "chatId.change", chatId: "4242" });
    answer({ chatId: SEEN_CHAT });
    await waitFor(actor, (s) => s.matches({ closable: { enterChatId: "seen" } }));
    expect(actor.getSnapshot().context).toMatchObject({ chatId: "4242", filledIn: false });
  });

  it("asks again after a failed check, and stops once the code is gone", async () => {
    const answers = [
      { status: 503, code: "UNAVAILABLE" },
      { status: 404, code: "NOT_FOUND" },
    ];
    // The pause between checks is the machine's own delay: passed on a fake clock, not waited out.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { actor, checked } = start({ checkLink: () => Promise.reject(answers.shift()) });
    await toStep3(actor);
    await vi.advanceTimersByTimeAsync(LINK_POLL_MS - 1);
    expect(checked).toEqual([link.code]);
    await vi.advanceTimersByTimeAsync(1);
    await waitFor(actor, (s) => s.matches({ closable: { enterChatId: "gone" } }));
    expect(checked).toEqual([link.code, link.code]);
    // Typing by hand still connects.
    actor.send({ type: "chatId.change", chatId: "31" });
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("closed"));
  });

  it("explains a chat ID that is not an integer and sends nothing", async () => {
    const { actor, sent } = start();
    await toStep3(actor);
    actor.send({ type: "chatId.change", chatId: "my chat" });
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().context.invalid).toBe(true);
    expect(actor.getSnapshot().matches({ closable: "enterChatId" })).toBe(true);
    expect(sent).toEqual([]);
    // Typing again takes the explanation away.
    actor.send({ type: "chatId.change", chatId: "-100" });
    expect(actor.getSnapshot().context.invalid).toBe(false);
  });

  it("keeps the typed chat ID when Telegram refused it, and connects with it once corrected", async () => {
    const answers = [Promise.reject(refused), Promise.resolve(null)];
    answers[0]?.catch(() => {});
    const { actor, sent } = start({ connect: () => answers.shift() ?? Promise.resolve(null) });
    await toStep3(actor);
    actor.send({ type: "chatId.change", chatId: " 123 " });
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches({ closable: "enterChatId" }) && s.context.failure !== null);
    expect(actor.getSnapshot().context).toMatchObject({ chatId: " 123 ", failure: refused });
    actor.send({ type: "chatId.change", chatId: "124" });
    expect(actor.getSnapshot().context.failure).toBeNull();
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(sent).toEqual([{ chatId: 123 }, { chatId: 124 }]);
  });

  it("keeps the chat ID and the link when stepping back and forth", async () => {
    const { actor } = start();
    await toStep3(actor);
    actor.send({ type: "chatId.change", chatId: "55" });
    actor.send({ type: "step.back" });
    actor.send({ type: "step.back" });
    expect(actor.getSnapshot().value).toEqual({ closable: "openBot" });
    actor.send({ type: "step.next" });
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().context).toMatchObject({ chatId: "55", link });
  });
});
