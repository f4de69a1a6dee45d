import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { CallStatus } from "@shared/calls.schema";
import { CircleCheck, CircleX, PhoneMissed } from "lucide-react";
import type { ReactNode } from "react";
import { css } from "styled-system/css";
import { Badge, type BadgeProps } from "./ui/badge";

const statusLabels: Record<CallStatus, MessageDescriptor> = {
  completed: msg({ message: "completed", context: "call status" }),
  missed: msg({ message: "missed", context: "call status" }),
  failed: msg({ message: "failed", context: "call status" }),
  "in-progress": msg({ message: "in progress", context: "call status" }),
};

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

const looks: Record<CallStatus, Pick<BadgeProps, "variant" | "tone"> & { icon: ReactNode }> = {
  completed: { variant: "solid", tone: "accent", icon: <CircleCheck aria-hidden="true" /> },
  missed: { variant: "subtle", tone: "danger", icon: <PhoneMissed aria-hidden="true" /> },
  failed: { variant: "subtle", tone: "danger", icon: <CircleX aria-hidden="true" /> },
  "in-progress": {
    variant: "subtle",
    tone: "neutral",
    icon: <span aria-hidden="true" className={liveDot} data-live="" />,
  },
};

/** Spec 4: completed default, missed and failed destructive, in-progress secondary (live), others outline. */
export function CallStatusBadge({ status }: { status: string }) {
  const { i18n } = useLingui();
  const known = status in looks ? looks[status as CallStatus] : undefined;
  const label =
    status in statusLabels ? i18n._(statusLabels[status as CallStatus]) : status.replace(/[_-]/g, " ");
  return (
    <Badge
      size="sm"
      variant={known?.variant ?? "outline"}
      tone={known?.tone ?? "neutral"}
      data-status={status}
    >
      {known?.icon}
      {label}
    </Badge>
  );
}
