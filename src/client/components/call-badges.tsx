import { msg } from "@lingui/core/macro";
import type { CallOutcome, CallStatus } from "@shared/calls.schema";
import { CalendarCheck, CircleCheck, CircleX, MessageCircleQuestion, PhoneMissed } from "lucide-react";
import { css } from "styled-system/css";
import { type Look, LookBadge } from "./look-badge";

// A pulsing dot marks the call as live; without motion it stays a steady dot.
const liveDot = css({
  w: "2",
  h: "2",
  borderRadius: "full",
  bg: "green.9",
  flexShrink: "0",
  animation: "skeleton-pulse",
  animationDuration: "1.2s",
  _motionReduce: { animation: "none" },
});

/** Spec 4: completed default, missed and failed destructive, in-progress secondary (live), others outline. */
const statusLooks: Record<CallStatus, Look> = {
  completed: {
    label: msg({ message: "completed", context: "call status" }),
    variant: "solid",
    tone: "accent",
    icon: <CircleCheck aria-hidden="true" />,
  },
  missed: {
    label: msg({ message: "missed", context: "call status" }),
    variant: "subtle",
    tone: "danger",
    icon: <PhoneMissed aria-hidden="true" />,
  },
  failed: {
    label: msg({ message: "failed", context: "call status" }),
    variant: "subtle",
    tone: "danger",
    icon: <CircleX aria-hidden="true" />,
  },
  "in-progress": {
    label: msg({ message: "in progress", context: "call status" }),
    variant: "subtle",
    tone: "neutral",
    icon: <span aria-hidden="true" className={liveDot} data-live="" />,
  },
};

/** Spec 4: booked green, inquiry orange, no-action muted outline. */
const outcomeLooks: Record<CallOutcome, Look> = {
  booked: {
    label: msg({ message: "booked", context: "call outcome" }),
    variant: "subtle",
    tone: "success",
    icon: <CalendarCheck aria-hidden="true" />,
  },
  inquiry: {
    label: msg({ message: "inquiry", context: "call outcome" }),
    variant: "subtle",
    tone: "warning",
    icon: <MessageCircleQuestion aria-hidden="true" />,
  },
  "no-action": {
    label: msg({ message: "no action", context: "call outcome" }),
    variant: "outline",
    tone: "neutral",
  },
};

export const CallStatusBadge = ({ status }: { status: string }) => (
  <LookBadge looks={statusLooks} value={status} data-status={status} />
);

/** Nothing when the call has no outcome yet. */
export const CallOutcomeBadge = ({ outcome }: { outcome: string | null }) =>
  outcome ? <LookBadge looks={outcomeLooks} value={outcome} data-outcome={outcome} /> : null;
