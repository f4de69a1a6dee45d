import { Trans, useLingui } from "@lingui/react/macro";
import { ChevronDown, Copy } from "lucide-react";
import type { ComponentProps } from "react";
import { css } from "styled-system/css";
import { Button } from "../../components/ui/button";

export type CopyTarget = "weekdays" | "everyDay";
export type CopyHoursProps = { dayName: string; disabled: boolean; onCopy: (target: CopyTarget) => void };

/** The copy menu's trigger; also its stand-in while the menu's code loads. */
export function CopyHoursButton({
  dayName,
  ...props
}: { dayName: string } & Omit<ComponentProps<"button">, "children">) {
  const { t } = useLingui();
  return (
    <Button variant="ghost" size="sm" {...props}>
      <Copy aria-hidden="true" />
      <Trans>Copy</Trans> <span className={css({ srOnly: true })}>{t`${dayName}'s hours`}</span>
      <ChevronDown aria-hidden="true" />
    </Button>
  );
}
