import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Badge, type BadgeProps } from "./ui/badge";

/** How one value of a closed set reads as a badge: its variant and tone, its word, and an icon. */
export type Look = Pick<BadgeProps, "variant" | "tone"> & { label: MessageDescriptor; icon?: ReactNode };

type DataProps = { [name: `data-${string}`]: string | undefined };

/** A value's badge: its look and word when known, else a muted outline with the value's own words. */
export function LookBadge({
  looks,
  value,
  ...data
}: { looks: Record<string, Look>; value: string } & DataProps) {
  const { i18n } = useLingui();
  const look = Object.hasOwn(looks, value) ? looks[value] : undefined;
  return (
    <Badge size="sm" variant={look?.variant ?? "outline"} tone={look?.tone ?? "neutral"} {...data}>
      {look?.icon}
      {look ? i18n._(look.label) : value.replace(/[_-]/g, " ")}
    </Badge>
  );
}
