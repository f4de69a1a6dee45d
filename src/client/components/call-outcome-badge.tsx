import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { CallOutcome } from "@shared/calls.schema";
import { CalendarCheck, MessageCircleQuestion } from "lucide-react";
import type { ReactNode } from "react";
import { Badge, type BadgeProps } from "./ui/badge";

const outcomeLabels: Record<CallOutcome, MessageDescriptor> = {
  booked: msg({ message: "booked", context: "call outcome" }),
  inquiry: msg({ message: "inquiry", context: "call outcome" }),
  "no-action": msg({ message: "no action", context: "call outcome" }),
};

const looks: Record<CallOutcome, Pick<BadgeProps, "variant" | "tone"> & { icon?: ReactNode }> = {
  booked: { variant: "subtle", tone: "success", icon: <CalendarCheck aria-hidden="true" /> },
  inquiry: { variant: "subtle", tone: "warning", icon: <MessageCircleQuestion aria-hidden="true" /> },
  "no-action": { variant: "outline", tone: "neutral" },
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
      tone={known?.tone ?? "neutral"}
      data-outcome={outcome}
    >
      {known?.icon}
      {label}
    </Badge>
  );
}
