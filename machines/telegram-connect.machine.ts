import type { TelegramConnectBody, TelegramLink, TelegramLinkState } from "@shared/telegram.schema";
import { assign, type SnapshotFrom, setup } from "xstate";
import { type FailureFacts, rejectionFacts } from "./failure";
import { notProvided } from "./not-provided";

/**
 * The Telegram card's dialogs (spec 2, 4, 5, 8; issue 10 §2).
 *
 * Connect, in three steps: closed → linking (a one-time code for the bot's deep link) → openBot (step 1) →
 * sendStart (step 2) → enterChatId (step 3) → connecting → closed, or back to step 3 with the refusal explained
 * and the typed chat ID kept. A link that could not be made waits in linkFailed for a retry. While step 3 is
 * shown the link is polled: once the server has seen the code sent from a chat, that chat's ID is filled in,
 * unless something was typed already. Back and next move between the steps; closing from any of them resets
 * (one transition, on their parent state `closable`).
 *
 * Disconnect: closed → confirmingDisconnect → disconnecting → closed, or back to the question when it failed.
 * Neither request can be abandoned halfway: while one is on its way the dialog stays.
 */

/** How often step 3 asks whether the bot has seen the code: soon after the user pressed Start in Telegram. */
export const LINK_POLL_MS = 2000;

export type TelegramConnectContext = {
  /** Step 1's deep link; null until made. */
  link: TelegramLink | null;
  /** The chat ID as typed (or filled in): text, so a half-typed "-100" is not rewritten. */
  chatId: string;
  /** The chat ID shown was filled in from the bot's answer, not typed. */
  filledIn: boolean;
  /** A submit found the chat ID not an integer (spec 5: 'Please enter a valid chat ID'). */
  invalid: boolean;
  /** Why the link could not be made (linkFailed), or why the last connect was refused (step 3). */
  failure: FailureFacts | null;
};

export type TelegramConnectEvent =
  | { type: "dialog.open" }
  | { type: "dialog.close" }
  | { type: "link.retry" }
  | { type: "step.next" }
  | { type: "step.back" }
  | { type: "chatId.change"; chatId: string }
  | { type: "form.submit" }
  | { type: "disconnect.ask" }
  | { type: "disconnect.confirm" };

const closedContext: TelegramConnectContext = {
  link: null,
  chatId: "",
  filledIn: false,
  invalid: false,
  failure: null,
};

/** Spec 5: the chat ID must parse as an integer (a group's is negative); null when it does not. */
export function parseChatId(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : null;
}

export const telegramConnectMachine = setup({
  types: {
    context: {} as TelegramConnectContext,
    events: {} as TelegramConnectEvent,
  },
  actors: {
    /** POST /api/telegram/link: a one-time code and the deep link carrying it. */
    createLink: notProvided<TelegramLink>("createLink"),
    /** GET /api/telegram/link/:code: the chat the bot saw the code from, null until then. */
    checkLink: notProvided<TelegramLinkState, { code: string }>("checkLink"),
    /** POST /api/telegram/connect: resolves once Telegram took the test message. */
    connect: notProvided<unknown, TelegramConnectBody>("connect"),
    /** POST /api/telegram/disconnect. */
    disconnect: notProvided<unknown>("disconnect"),
  },
  actions: {
    /** Spec 8 success toast; the status query is refreshed (the card shows the connection). */
    announceConnected: () => {},
    /** Spec 8 failure toast; step 3 stays with the chat ID as typed. */
    announceConnectFailed: (_, _params: { failure: FailureFacts }) => {},
    announceDisconnected: () => {},
    announceDisconnectFailed: (_, _params: { failure: FailureFacts }) => {},
    reset: assign(() => closedContext),
  },
  guards: {
    hasChatId: ({ context }) => context.chatId.trim() !== "",
    validChatId: ({ context }) => parseChatId(context.chatId) !== null,
  },
}).createMachine({
  id: "telegramConnect",
  initial: "closed",
  context: closedContext,
  states: {
    closed: {
      on: {
        "dialog.open": { target: "closable.linking", actions: "reset" },
        "disconnect.ask": { target: "closable.confirmingDisconnect", actions: "reset" },
      },
    },
    /** Every dialog state but a request on its way (connecting, disconnecting): closing resets from any. */
    closable: {
      initial: "linking",
      on: { "dialog.close": { target: "closed", actions: "reset" } },
      states: {
        linking: {
          entry: assign({ failure: null }),
          invoke: {
            id: "createLink",
            src: "createLink",
            onDone: { target: "openBot", actions: assign({ link: ({ event }) => event.output }) },
            onError: {
              target: "linkFailed",
              actions: assign({ failure: ({ event }) => rejectionFacts(event.error) }),
            },
          },
        },
        linkFailed: { on: { "link.retry": "linking" } },
        /** Step 1: open the bot through the deep link. */
        openBot: { on: { "step.next": "sendStart" } },
        /** Step 2: press Start (sends `/start <code>`); the bot answers with the chat ID. */
        sendStart: { on: { "step.back": "openBot", "step.next": "enterChatId" } },
        /** Step 3: the chat ID, typed or filled in once the server has seen the code. */
        enterChatId: {
          initial: "polling",
          states: {
            polling: {
              invoke: {
                id: "checkLink",
                src: "checkLink",
                // openBot is only reached with a link.
                input: ({ context }) => ({ code: context.link?.code ?? "" }),
                onDone: [
                  {
                    guard: ({ event }) => event.output.chatId !== null,
                    target: "seen",
                    // What the user typed is theirs: only an empty field is filled in.
                    actions: assign(({ context, event }) =>
                      context.chatId.trim() === ""
                        ? { chatId: String(event.output.chatId), filledIn: true, invalid: false }
                        : {},
                    ),
                  },
                  { target: "waiting" },
                ],
                onError: [
                  // The code expired (or is unknown): asking again cannot help; typing the ID by hand still works.
                  { guard: ({ event }) => rejectionFacts(event.error).status === 404, target: "gone" },
                  // Otherwise it is asked again later.
                  { target: "waiting" },
                ],
              },
            },
            waiting: { after: { [LINK_POLL_MS]: "polling" } },
            /** The server has seen the code: nothing more to learn. */
            seen: {},
            /** The code is no longer known to the server: nothing more to learn either. */
            gone: {},
          },
          on: {
            "chatId.change": {
              actions: assign(({ event }) => ({
                chatId: event.chatId,
                filledIn: false,
                invalid: false,
                failure: null,
              })),
            },
            // Spec 5: Connect is disabled while the chat ID is empty; one that is not an integer is explained.
            "form.submit": [
              { guard: "validChatId", target: "#telegramConnect.connecting" },
              { guard: "hasChatId", actions: assign({ invalid: true }) },
            ],
            "step.back": "sendStart",
          },
        },
        confirmingDisconnect: { on: { "disconnect.confirm": "#telegramConnect.disconnecting" } },
      },
    },
    connecting: {
      entry: assign({ failure: null }),
      invoke: {
        id: "connect",
        src: "connect",
        // validChatId let it in.
        input: ({ context }) => ({ chatId: parseChatId(context.chatId) ?? 0 }),
        onDone: { target: "closed", actions: ["announceConnected", "reset"] },
        onError: {
          target: "closable.enterChatId",
          actions: [
            assign({ failure: ({ event }) => rejectionFacts(event.error) }),
            {
              type: "announceConnectFailed",
              params: ({ event }) => ({ failure: rejectionFacts(event.error) }),
            },
          ],
        },
      },
    },
    disconnecting: {
      invoke: {
        id: "disconnect",
        src: "disconnect",
        onDone: { target: "closed", actions: "announceDisconnected" },
        onError: {
          target: "closable.confirmingDisconnect",
          actions: {
            type: "announceDisconnectFailed",
            params: ({ event }) => ({ failure: rejectionFacts(event.error) }),
          },
        },
      },
    },
  },
});

export type TelegramConnectMachine = typeof telegramConnectMachine;

/** Which of the three steps a state shows, counted from 0 as Ark's steps are; null outside the connect dialog. */
export function connectStepOf(snapshot: SnapshotFrom<TelegramConnectMachine>): 0 | 1 | 2 | null {
  if (
    snapshot.matches({ closable: "linking" }) ||
    snapshot.matches({ closable: "linkFailed" }) ||
    snapshot.matches({ closable: "openBot" })
  )
    return 0;
  if (snapshot.matches({ closable: "sendStart" })) return 1;
  if (snapshot.matches({ closable: "enterChatId" }) || snapshot.matches("connecting")) return 2;
  return null;
}

/** Which of the card's dialogs a state shows. */
export function openDialogOf(
  snapshot: SnapshotFrom<TelegramConnectMachine>,
): "connect" | "disconnect" | null {
  if (snapshot.matches("closed")) return null;
  if (snapshot.matches({ closable: "confirmingDisconnect" }) || snapshot.matches("disconnecting"))
    return "disconnect";
  return "connect";
}
