import type {
  AssistantConnectionWithSecret,
  CreateAssistantConnectionBody,
  RotateAssistantSecretBody,
} from "@shared/assistant-connections.schema";
import { type AssistantPlatform, RETELL_API_KEY_PATTERN } from "@shared/assistant-platforms.constants";
import { assign, setup } from "xstate";
import { type FailureFacts, rejectionFacts } from "./failure";
import { notProvided } from "./not-provided";

/**
 * The voice assistant card's Vapi and Retell connections (issue 24 §2).
 *
 * Connect: idle → creating → secretShown (Vapi: the secret the server made, this once) → idle when the owner
 * has copied it; Retell's connection needs the owner's Retell API key (kept as typed, explained when it cannot
 * be one) and shows no secret, so it goes straight back to idle. A refused connect returns to idle with why.
 *
 * Rotate: idle → confirmingRotate (Retell's asks for the new key) → rotating → secretShown (Vapi) or idle
 * (Retell); refused, back to the question. Remove: idle → confirmingRemove → removing → idle, or back to the
 * question. Neither request can be abandoned halfway: while one is on its way the dialog stays.
 */

/** The connection a dialog is about. */
export type ConnectionTarget = { id: string; provider: AssistantPlatform };

export type AssistantConnectionContext = {
  /** The platform being connected. */
  connecting: AssistantPlatform | null;
  /** The Retell API key as typed, for a connect or a rotation. */
  apiKey: string;
  /** A submit found the key not one Retell could have made (RETELL_API_KEY_PATTERN). */
  invalidKey: boolean;
  /** The connection being rotated or removed. */
  target: ConnectionTarget | null;
  /** A Vapi secret just made, shown once: whose it is and the secret itself. */
  secret: { connectionId: string; value: string } | null;
  /** Why the last connect, rotation or removal was refused. */
  failure: FailureFacts | null;
};

export type AssistantConnectionEvent =
  | { type: "apiKey.change"; apiKey: string }
  | { type: "connect"; provider: AssistantPlatform }
  | { type: "rotate.ask"; connection: ConnectionTarget }
  | { type: "rotate.confirm" }
  | { type: "remove.ask"; connection: ConnectionTarget }
  | { type: "remove.confirm" }
  | { type: "dialog.close" }
  | { type: "secret.copied" };

const idleContext: AssistantConnectionContext = {
  connecting: null,
  apiKey: "",
  invalidKey: false,
  target: null,
  secret: null,
  failure: null,
};

/** Whether `text` could be a Retell API key (spaces around it are the paste's, not the key's). */
export const isRetellApiKey = (text: string) => RETELL_API_KEY_PATTERN.test(text.trim());

/** The secret of an answer to show, when it has one (Vapi's; Retell's is null). */
const secretOf = (answer: AssistantConnectionWithSecret) =>
  answer.secret === null ? null : { connectionId: answer._id, value: answer.secret };

export const assistantConnectionMachine = setup({
  types: {
    context: {} as AssistantConnectionContext,
    events: {} as AssistantConnectionEvent,
  },
  actors: {
    /** POST /api/assistant-connections. */
    create: notProvided<AssistantConnectionWithSecret, CreateAssistantConnectionBody>("create"),
    /** POST /api/assistant-connections/:id/rotate-secret. */
    rotate: notProvided<AssistantConnectionWithSecret, { id: string; body: RotateAssistantSecretBody }>(
      "rotate",
    ),
    /** DELETE /api/assistant-connections/:id. */
    remove: notProvided<unknown, { id: string }>("remove"),
  },
  actions: {
    /** The toasts; the list is refreshed by the actors themselves. */
    announceConnected: (_, _params: { provider: AssistantPlatform }) => {},
    announceConnectFailed: (_, _params: { provider: AssistantPlatform; failure: FailureFacts }) => {},
    announceRotated: (_, _params: { provider: AssistantPlatform }) => {},
    announceRotateFailed: (_, _params: { provider: AssistantPlatform; failure: FailureFacts }) => {},
    announceRemoved: (_, _params: { provider: AssistantPlatform }) => {},
    announceRemoveFailed: (_, _params: { provider: AssistantPlatform; failure: FailureFacts }) => {},
    rememberFailure: assign((_, { error }: { error: unknown }) => ({ failure: rejectionFacts(error) })),
  },
  guards: {
    /** Vapi needs nothing typed; Retell a key that can be one. */
    connectable: ({ context }, { provider }: { provider: AssistantPlatform }) =>
      provider === "vapi" || isRetellApiKey(context.apiKey),
    rotatable: ({ context }) => context.target?.provider === "vapi" || isRetellApiKey(context.apiKey),
    /** The answer carries a secret to show (Vapi's). */
    showsSecret: (_, { answer }: { answer: AssistantConnectionWithSecret }) => answer.secret !== null,
  },
}).createMachine({
  id: "assistantConnection",
  initial: "idle",
  context: idleContext,
  states: {
    idle: {
      on: {
        "apiKey.change": {
          actions: assign(({ event }) => ({ apiKey: event.apiKey, invalidKey: false, failure: null })),
        },
        connect: [
          {
            guard: { type: "connectable", params: ({ event }) => ({ provider: event.provider }) },
            target: "creating",
            actions: assign(({ event }) => ({ connecting: event.provider })),
          },
          { actions: assign({ invalidKey: true }) },
        ],
        "rotate.ask": {
          target: "confirmingRotate",
          actions: assign(({ event }) => ({ ...idleContext, target: event.connection })),
        },
        "remove.ask": {
          target: "confirmingRemove",
          actions: assign(({ event }) => ({ ...idleContext, target: event.connection })),
        },
      },
    },
    creating: {
      entry: assign({ failure: null }),
      invoke: {
        id: "create",
        src: "create",
        input: ({ context }): CreateAssistantConnectionBody =>
          context.connecting === "retell"
            ? { provider: "retell", apiKey: context.apiKey.trim() }
            : { provider: "vapi" },
        onDone: [
          {
            guard: { type: "showsSecret", params: ({ event }) => ({ answer: event.output }) },
            target: "secretShown",
            actions: [
              assign(({ event }) => ({ ...idleContext, secret: secretOf(event.output) })),
              { type: "announceConnected", params: ({ event }) => ({ provider: event.output.provider }) },
            ],
          },
          {
            target: "idle",
            actions: [
              assign(() => idleContext),
              { type: "announceConnected", params: ({ event }) => ({ provider: event.output.provider }) },
            ],
          },
        ],
        onError: {
          target: "idle",
          actions: [
            { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) },
            {
              type: "announceConnectFailed",
              params: ({ context, event }) => ({
                provider: context.connecting ?? "vapi",
                failure: rejectionFacts(event.error),
              }),
            },
            assign({ connecting: null }),
          ],
        },
      },
    },
    /** A Vapi secret on screen until the owner says it is copied: it is never shown again. */
    secretShown: {
      on: { "secret.copied": { target: "idle", actions: assign(() => idleContext) } },
    },
    confirmingRotate: {
      on: {
        "apiKey.change": {
          actions: assign(({ event }) => ({ apiKey: event.apiKey, invalidKey: false, failure: null })),
        },
        "rotate.confirm": [
          { guard: "rotatable", target: "rotating" },
          { actions: assign({ invalidKey: true }) },
        ],
        "dialog.close": { target: "idle", actions: assign(() => idleContext) },
      },
    },
    rotating: {
      entry: assign({ failure: null }),
      invoke: {
        id: "rotate",
        src: "rotate",
        // rotate.ask set the target.
        input: ({ context }) => ({
          id: context.target?.id ?? "",
          body: context.target?.provider === "retell" ? { apiKey: context.apiKey.trim() } : {},
        }),
        onDone: [
          {
            guard: { type: "showsSecret", params: ({ event }) => ({ answer: event.output }) },
            target: "secretShown",
            actions: [
              { type: "announceRotated", params: ({ event }) => ({ provider: event.output.provider }) },
              assign(({ event }) => ({ ...idleContext, secret: secretOf(event.output) })),
            ],
          },
          {
            target: "idle",
            actions: [
              { type: "announceRotated", params: ({ event }) => ({ provider: event.output.provider }) },
              assign(() => idleContext),
            ],
          },
        ],
        onError: {
          target: "confirmingRotate",
          actions: [
            { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) },
            {
              type: "announceRotateFailed",
              params: ({ context, event }) => ({
                provider: context.target?.provider ?? "vapi",
                failure: rejectionFacts(event.error),
              }),
            },
          ],
        },
      },
    },
    confirmingRemove: {
      on: {
        "remove.confirm": "removing",
        "dialog.close": { target: "idle", actions: assign(() => idleContext) },
      },
    },
    removing: {
      invoke: {
        id: "remove",
        src: "remove",
        input: ({ context }) => ({ id: context.target?.id ?? "" }),
        onDone: {
          target: "idle",
          actions: [
            {
              type: "announceRemoved",
              params: ({ context }) => ({ provider: context.target?.provider ?? "vapi" }),
            },
            assign(() => idleContext),
          ],
        },
        onError: {
          target: "confirmingRemove",
          actions: {
            type: "announceRemoveFailed",
            params: ({ context, event }) => ({
              provider: context.target?.provider ?? "vapi",
              failure: rejectionFacts(event.error),
            }),
          },
        },
      },
    },
  },
});

export type AssistantConnectionMachine = typeof assistantConnectionMachine;
