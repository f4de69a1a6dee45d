import {
  type AssistantConnectionMachine,
  assistantConnectionMachine,
  isRetellApiKey,
} from "@machines/assistant-connection.machine";
import type {
  AssistantConnectionWithSecret,
  CreateAssistantConnectionBody,
  RotateAssistantSecretBody,
} from "@shared/assistant-connections.schema";
import { describe, expect, it } from "vitest";
import {
  type AnyEventObject,
  createActor,
  fromPromise,
  type Snapshot,
  type SnapshotFrom,
  waitFor,
} from "xstate";
import { describeModelPaths } from "../support/describe-model-paths";
import { allTransitionKeys } from "../support/model-paths";

const RETELL_KEY = "key_a1b2c3d4e5f6a7b8c9d0";
const vapi = { id: "c-vapi", provider: "vapi" } as const;
const retell = { id: "c-retell", provider: "retell" } as const;

const answer = (
  id: string,
  provider: "vapi" | "retell",
  secret: string | null,
): AssistantConnectionWithSecret => ({
  _id: id,
  provider,
  webhookUrl: `https://portal.example.com/api/integrations/${provider}/${id}`,
  createdAt: "2026-11-27T10:00:00.000Z",
  secretRotatedAt: null,
  lastEventAt: null,
  recentDeliveries: [],
  secret,
});
const vapiAnswer = answer(vapi.id, "vapi", "cds_secret");
const retellAnswer = answer(retell.id, "retell", null);
const refused = { status: 400, code: "VALIDATION", field: "apiKey" };

const events: AnyEventObject[] = [
  { type: "apiKey.change", apiKey: "" },
  { type: "apiKey.change", apiKey: "too short" },
  { type: "apiKey.change", apiKey: ` ${RETELL_KEY} ` },
  { type: "connect", provider: "vapi" },
  { type: "connect", provider: "retell" },
  { type: "rotate.ask", connection: vapi },
  { type: "rotate.ask", connection: retell },
  { type: "rotate.confirm" },
  { type: "remove.ask", connection: vapi },
  { type: "remove.confirm" },
  { type: "dialog.close" },
  { type: "secret.copied" },
  { type: "xstate.done.actor.create", output: vapiAnswer },
  { type: "xstate.done.actor.create", output: retellAnswer },
  { type: "xstate.error.actor.create", error: refused },
  { type: "xstate.done.actor.rotate", output: vapiAnswer },
  { type: "xstate.done.actor.rotate", output: retellAnswer },
  { type: "xstate.error.actor.rotate", error: refused },
  { type: "xstate.done.actor.remove", output: null },
  { type: "xstate.error.actor.remove", error: { status: 500, code: "INTERNAL" } },
];

// The key is free text: the chart's shape is its state and what kind of key it holds.
const byShape = (snapshot: Snapshot<unknown>) => {
  const { value, context } = snapshot as SnapshotFrom<AssistantConnectionMachine>;
  const key = context.apiKey === "" ? "empty" : isRetellApiKey(context.apiKey) ? "key" : "bad";
  return JSON.stringify([
    value,
    key,
    context.connecting,
    context.invalidKey,
    context.target?.provider ?? null,
    context.secret !== null,
    context.failure !== null,
  ]);
};

const effects = new Set<string>();

describeModelPaths("assistant connection machine (model-based)", {
  machine: assistantConnectionMachine,
  events,
  serializeState: byShape,
  promiseActors: ["create", "rotate", "remove"],
  provide: (actors) =>
    assistantConnectionMachine.provide({
      actors: actors as never,
      actions: {
        announceConnected: (_, { provider }) => effects.add(`connected:${provider}`),
        announceConnectFailed: (_, { provider, failure }) =>
          effects.add(`connectFailed:${provider}:${failure.code}`),
        announceRotated: (_, { provider }) => effects.add(`rotated:${provider}`),
        announceRotateFailed: (_, { provider, failure }) =>
          effects.add(`rotateFailed:${provider}:${failure.code}`),
        announceRemoved: (_, { provider }) => effects.add(`removed:${provider}`),
        announceRemoveFailed: (_, { provider, failure }) =>
          effects.add(`removeFailed:${provider}:${failure.code}`),
      },
    }),
  minPaths: allTransitionKeys(assistantConnectionMachine).size,
  assertState: (snapshot) => {
    const { context } = snapshot;
    // A secret is on screen exactly while it waits to be copied, and only one an answer carried.
    expect(context.secret !== null).toBe(snapshot.matches("secretShown"));
    if (context.secret) expect(context.secret).toEqual({ connectionId: vapi.id, value: "cds_secret" });
    // Retell is only ever sent a key that can be one.
    if (snapshot.matches("creating") && context.connecting === "retell")
      expect(isRetellApiKey(context.apiKey)).toBe(true);
    if (snapshot.matches("rotating") && context.target?.provider === "retell")
      expect(isRetellApiKey(context.apiKey)).toBe(true);
    if (context.invalidKey) expect(isRetellApiKey(context.apiKey)).toBe(false);
    // A dialog is always about a connection; none is open in idle.
    const dialogStates = ["confirmingRotate", "rotating", "confirmingRemove", "removing"] as const;
    const inDialog = dialogStates.some((state) => snapshot.matches(state));
    expect(context.target !== null).toBe(inDialog);
    // A request on its way cannot be abandoned.
    if (inDialog && (snapshot.matches("rotating") || snapshot.matches("removing")))
      expect(snapshot.can({ type: "dialog.close" })).toBe(false);
  },
  afterReplays: () => {
    it("announces each outcome", () => {
      expect([...effects].sort()).toEqual([
        "connectFailed:retell:VALIDATION",
        "connectFailed:vapi:VALIDATION",
        "connected:retell",
        "connected:vapi",
        "removeFailed:vapi:INTERNAL",
        "removed:vapi",
        "rotateFailed:retell:VALIDATION",
        "rotateFailed:vapi:VALIDATION",
        "rotated:retell",
        "rotated:vapi",
      ]);
    });
  },
});

describe("assistant connection rules", () => {
  function start() {
    const created: CreateAssistantConnectionBody[] = [];
    const rotated: { id: string; body: RotateAssistantSecretBody }[] = [];
    const actor = createActor(
      assistantConnectionMachine.provide({
        actors: {
          create: fromPromise<AssistantConnectionWithSecret, CreateAssistantConnectionBody>(({ input }) => {
            created.push(input);
            return Promise.resolve(input.provider === "vapi" ? vapiAnswer : retellAnswer);
          }),
          rotate: fromPromise<AssistantConnectionWithSecret, { id: string; body: RotateAssistantSecretBody }>(
            ({ input }) => {
              rotated.push(input);
              return Promise.resolve(input.id === vapi.id ? vapiAnswer : retellAnswer);
            },
          ),
        },
      }),
    ).start();
    return { actor, created, rotated };
  }

  it("reads Retell API keys as the server does: 8 to 200 printable characters without spaces", () => {
    expect(isRetellApiKey(RETELL_KEY)).toBe(true);
    expect(isRetellApiKey(`  ${RETELL_KEY}\n`)).toBe(true);
    for (const bad of ["", "short", "key with spaces", "k".repeat(201), "klucz_żółty_123"])
      expect(isRetellApiKey(bad)).toBe(false);
  });

  it("sends Retell the key trimmed and Vapi nothing, and shows only Vapi's secret", async () => {
    const { actor, created } = start();
    actor.send({ type: "connect", provider: "retell" });
    expect(actor.getSnapshot().context.invalidKey).toBe(true);
    actor.send({ type: "apiKey.change", apiKey: ` ${RETELL_KEY} ` });
    expect(actor.getSnapshot().context.invalidKey).toBe(false);
    actor.send({ type: "connect", provider: "retell" });
    await waitFor(actor, (s) => s.matches("idle"));
    expect(actor.getSnapshot().context).toMatchObject({ apiKey: "", secret: null });
    actor.send({ type: "connect", provider: "vapi" });
    await waitFor(actor, (s) => s.matches("secretShown"));
    expect(actor.getSnapshot().context.secret).toEqual({ connectionId: vapi.id, value: "cds_secret" });
    actor.send({ type: "secret.copied" });
    expect(actor.getSnapshot().context.secret).toBeNull();
    expect(created).toEqual([{ provider: "retell", apiKey: RETELL_KEY }, { provider: "vapi" }]);
  });

  it("rotates Vapi's secret without a body and Retell's with the new key", async () => {
    const { actor, rotated } = start();
    actor.send({ type: "rotate.ask", connection: vapi });
    actor.send({ type: "rotate.confirm" });
    await waitFor(actor, (s) => s.matches("secretShown"));
    actor.send({ type: "secret.copied" });
    actor.send({ type: "rotate.ask", connection: retell });
    actor.send({ type: "rotate.confirm" });
    expect(actor.getSnapshot().matches("confirmingRotate")).toBe(true);
    actor.send({ type: "apiKey.change", apiKey: RETELL_KEY });
    actor.send({ type: "rotate.confirm" });
    await waitFor(actor, (s) => s.matches("idle"));
    expect(rotated).toEqual([
      { id: vapi.id, body: {} },
      { id: retell.id, body: { apiKey: RETELL_KEY } },
    ]);
  });
});
