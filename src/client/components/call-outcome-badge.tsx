import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { CallOutcome } from "@shared/calls.schema";
import { CalendarCheck, MessageCircleQuestion } from "lucide-react";
import type { ReactNode } from "react";
import { css } from "styled-system/css";
import { Badge } from "./ui/badge";

const outcomeLabels: Record<CallOutcome, MessageDescriptor> = {
  booked: msg({ message: "booked", context: "call outcome" }),
  inquiry: msg({ message: "inquiry", context: "call outcome" }),
  "no-action": msg({ message: "no action", context: "call outcome" }),
};

// Step-12 text on a tinted background keeps 4.5:1 in both themes; the tint carries the colour.
const looks: Record<CallOutcome, { variant: "subtle" | "outline"; className: string; icon?: ReactNode }> = {
  booked: {
    variant: "subtle",
    className: css({
      bg: "green.a3",
      borderColor: "green.a8",
      color: "green.12",
      "& svg": { color: "green.11" },
    }),
    icon: <CalendarCheck aria-hidden="true" />,
  },
  inquiry: {
    variant: "subtle",
    className: css({
      bg: "amber.a3",
      borderColor: "amber.a8",
      color: "amber.12",
      "& svg": { color: "amber.11" },
    }),
    icon: <MessageCircleQuestion aria-hidden="true" />,
  },
  "no-action": { variant: "outline", className: css({ color: "fg.muted", borderColor: "border.subtle" }) },
};

/** Spec 4: booked green, inquiry orange, no-action muted outline; nothing when there is no outcome yet. */
export function CallOutcomeBadge({ outcome }: { outcome: string | null }) {
  const { i18n } = useLingui();
  if (!outcome) return null;
  const known = outcome in looks ? looks[outcome as CallOutcome] : undefined;
  const label =
    outcome in outcomeLabels ? i18n._(outcomeLabels[outcome as CallOutcome]) : outcome.replace(/[_-]/g, " ");
  return (
    <Badge
      size="sm"
      variant={known?.variant ?? "outline"}
      className={known?.className}
      data-outcome={outcome}
    >
      {known?.icon}
      {label}
    </Badge>
  );
}
