import { Trans, useLingui } from "@lingui/react/macro";
import { ChevronDown, Copy } from "lucide-react";
import { css } from "styled-system/css";
import { Button } from "../../components/ui/button";
import { MenuContent, MenuItem, MenuRoot, MenuTrigger } from "../../components/ui/menu";

export type CopyTarget = "weekdays" | "everyDay";

type CopyHoursMenuProps = { dayName: string; disabled: boolean; onCopy: (target: CopyTarget) => void };

/** "Copy" on a day: to Monday–Friday, or to every day. */
export function CopyHoursMenu({ dayName, disabled, onCopy }: CopyHoursMenuProps) {
  const { t } = useLingui();
  return (
    <MenuRoot
      positioning={{ placement: "bottom-end" }}
      onSelect={({ value }) => {
        if (value === "weekdays" || value === "everyDay") onCopy(value);
      }}
    >
      <MenuTrigger asChild>
        <Button variant="ghost" size="sm" disabled={disabled}>
          <Copy aria-hidden="true" />
          <Trans>Copy</Trans> <span className={css({ srOnly: true })}>{t`${dayName}'s hours`}</span>
          <ChevronDown aria-hidden="true" />
        </Button>
      </MenuTrigger>
      <MenuContent>
        <MenuItem value="weekdays">
          <Trans>Copy to all weekdays (Monday–Friday)</Trans>
        </MenuItem>
        <MenuItem value="everyDay">
          <Trans>Copy to every day of the week</Trans>
        </MenuItem>
      </MenuContent>
    </MenuRoot>
  );
}
